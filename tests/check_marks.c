/* SPDX-License-Identifier: MIT */
/*
 * check_marks.c -- the marks of every board (ag_game_num_marks, ag_game_mark)
 * exactly as the game files define them, and the one drawing built on them
 * (ag_state_svg): the buffer protocol, one element per node, mark and piece
 * group.  tests/check-svg.sh compares the drawing with doc/GAME.svg byte for
 * byte; check_errors provokes every error code.
 */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check_main.h"

/* One expected mark: kind, shape, node name ("" for -1), corners. */
typedef struct want { int kind, shape; const char *node; double x0, y0, x1, y1; } want;

#define F AG_MARK_FRAME
#define P AG_MARK_PATTERN
#define SEG AG_SHAPE_SEGMENT
#define RECT AG_SHAPE_RECT

static const want hare_marks[] = {
  {F, RECT, "", -0.4, -0.4, 4.4, 4.4},
};

static const want sticks_marks[] = {
  {F, RECT, "", -0.5, -0.5, 12.5, 12.5},
  {P, RECT, "X", 4, 4, 8, 8},
  {P, SEG, "A", 10, 5, 10, 7},   {P, SEG, "R", 5, 10, 7, 10},
  {P, SEG, "D", 2, 5, 2, 7},     {P, SEG, "U", 5, 2, 7, 2},
  {P, SEG, "", 2.5, 2.5, 1, 2.5}, {P, SEG, "", 2.5, 2.5, 2.5, 1},
  {P, SEG, "", 9.5, 2.5, 11, 2.5}, {P, SEG, "", 9.5, 2.5, 9.5, 1},
  {P, SEG, "", 2.5, 9.5, 1, 9.5}, {P, SEG, "", 2.5, 9.5, 2.5, 11},
  {P, SEG, "", 9.5, 9.5, 11, 9.5}, {P, SEG, "", 9.5, 9.5, 9.5, 11},
};

/* In the game's coordinates 0..24 (the board file's centred ones + 12). */
static const want fingers_marks[] = {
  {F, RECT, "", 0, 0, 24, 24},
  {P, SEG, "V_NE", 20, 20, 21, 24}, {P, SEG, "V_NE", 20, 20, 24, 21},
  {P, SEG, "Lb_N", 15, 22, 15, 24},
  {P, SEG, "V_NW", 4, 20, 3, 24},   {P, SEG, "V_NW", 4, 20, 0, 21},
  {P, SEG, "Lb_W", 2, 15, 0, 15},
  {P, SEG, "V_SW", 4, 4, 3, 0},     {P, SEG, "V_SW", 4, 4, 0, 3},
  {P, SEG, "Lb_S", 9, 2, 9, 0},
  {P, SEG, "V_SE", 20, 4, 21, 0},   {P, SEG, "V_SE", 20, 4, 24, 3},
  {P, SEG, "Lb_E", 22, 9, 24, 9},
};

static void expect_marks(const char *spec, const want *w, int n)
{
  ag_game *g = new_game(spec);
  int i;
  ck_assert_int_eq(ag_game_num_marks(g), n);
  for (i = 0; i < n; i++) {
    ag_mark m = AG_MARK_INIT;
    ck_assert_int_eq(ag_game_mark(g, i, &m), AG_OK);
    ck_assert_msg(m.kind == w[i].kind && m.shape == w[i].shape,
                  "%s mark %d: kind %d shape %d", spec, i, m.kind, m.shape);
    if (*w[i].node) ck_assert_str_eq(ag_game_node_name(g, m.node), w[i].node);
    else ck_assert_int_eq(m.node, -1);
    ck_assert_msg(m.x0 == w[i].x0 && m.y0 == w[i].y0 && m.x1 == w[i].x1 && m.y1 == w[i].y1,
                  "%s mark %d: (%g, %g) (%g, %g)", spec, i, m.x0, m.y0, m.x1, m.y1);
    ck_assert(m.r == 0.0 && m.points == NULL && m.num_points == 0 && m.text == NULL);
    ck_assert_uint_eq(m.size, sizeof m);
  }
  ag_game_free(g);
}

#define EXPECT(spec, table) expect_marks(spec, table, (int)(sizeof table / sizeof table[0]))

START_TEST(test_marks_per_game)
{
  EXPECT("hare", hare_marks);
  EXPECT("hare(hunters=10,chain=1)", hare_marks);
  EXPECT("liubo_sticks", sticks_marks);
  EXPECT("liubo_fingers", fingers_marks);
  EXPECT("liubo_fingers(board=48)", fingers_marks);
  EXPECT("liubo_fingers(entry=exact)", fingers_marks);
}
END_TEST

/* The fox and the hens' one mark: the cross's outline, a polygon of 12
 * corners 0.4 units outside the points, its box (-0.4, -0.4)-(6.4, 6.4),
 * no radius, no node, no text (kills the seed-40 survivor fox_and_hens.c:77,
 * a radius of 1). */
START_TEST(test_fox_and_hens_outline)
{
  static const double corners[24] = {
    1.6, -0.4, 4.4, -0.4, 4.4, 1.6, 6.4, 1.6, 6.4, 4.4, 4.4, 4.4,
    4.4, 6.4, 1.6, 6.4, 1.6, 4.4, -0.4, 4.4, -0.4, 1.6, 1.6, 1.6,
  };
  ag_game *g = new_game("fox_and_hens");
  ag_mark m = AG_MARK_INIT;
  int i;
  ck_assert_int_eq(ag_game_num_marks(g), 1);
  ck_assert_int_eq(ag_game_mark(g, 0, &m), AG_OK);
  ck_assert_int_eq(m.kind, AG_MARK_FRAME);
  ck_assert_int_eq(m.shape, AG_SHAPE_POLYGON);
  ck_assert_int_eq(m.node, -1);
  ck_assert(m.x0 == -0.4 && m.y0 == -0.4 && m.x1 == 6.4 && m.y1 == 6.4);
  ck_assert(m.r == 0.0);
  ck_assert_int_eq(m.num_points, 12);
  ck_assert_ptr_nonnull(m.points);
  for (i = 0; i < 24; i++)
    ck_assert_msg(m.points[i] == corners[i], "coordinate %d: %g", i, m.points[i]);
  ck_assert_ptr_null(m.text);
  ag_game_free(g);
}
END_TEST

/* The 48-point board's perimeter points lie where the V arms and L uprights
 * meet the frame: every pattern stroke of liubo_fingers ends on one. */
START_TEST(test_fingers_strokes_end_on_points)
{
  ag_game *g = new_game("liubo_fingers(board=48)");
  int i, k, n = ag_game_num_marks(g), ends = 0;
  for (i = 0; i < n; i++) {
    ag_mark m = AG_MARK_INIT;
    ck_assert_int_eq(ag_game_mark(g, i, &m), AG_OK);
    if (m.kind != AG_MARK_PATTERN) continue;
    for (k = 0; k < ag_game_num_nodes(g); k++) {
      int x, y;
      ag_game_node(g, k, &x, &y, NULL);
      if (x == m.x1 && y == m.y1) {
        ck_assert_msg(strchr("VBL", ag_game_node_name(g, k)[0]) != NULL, "%s",
                      ag_game_node_name(g, k));
        ends++;
      }
    }
  }
  ck_assert_int_eq(ends, 12);
  ag_game_free(g);
}
END_TEST

/* A caller compiled against a later, larger ag_mark is served; a size below
 * 0.4's is refused with nothing written. */
START_TEST(test_mark_size)
{
  ag_game *g = new_game("liubo_sticks");
  struct { ag_mark m; double later[4]; } big;
  ag_mark m = AG_MARK_INIT;
  memset(&big, 0x5a, sizeof big);
  big.m.size = sizeof big;
  ck_assert_int_eq(ag_game_mark(g, 1, &big.m), AG_OK);
  ck_assert_int_eq(big.m.kind, AG_MARK_PATTERN);
  ck_assert_uint_eq(big.m.size, sizeof big);
  ck_assert(big.m.x0 == 4 && big.m.y1 == 8);
  m.size = sizeof m - 1;
  m.kind = 77;
  ck_assert_int_eq(ag_game_mark(g, 0, &m), AG_EINVAL);
  ck_assert_int_eq(m.kind, 77);
  ck_assert_int_eq(ag_game_mark(g, 14, &big.m), AG_EINVAL);
  ck_assert_str_eq(ag_errmsg(), "mark 14 out of range 0..13");
  ag_game_free(g);
}
END_TEST

/* Occurrences of needle in s. */
static int count(const char *s, const char *needle)
{
  int n = 0;
  for (; (s = strstr(s, needle)) != NULL; s += strlen(needle)) n++;
  return n;
}

/* The whole document of st, in a buffer of exactly its size. */
static char *svg_of(const ag_state *st, size_t *len)
{
  char *buf;
  ck_assert_int_eq(ag_state_svg(st, 0, NULL, 0, len), AG_EBUFS);
  buf = malloc(*len + 1);
  ck_assert_ptr_nonnull(buf);
  ck_assert_int_eq(ag_state_svg(st, 0, buf, *len + 1, NULL), AG_OK);
  ck_assert_uint_eq(strlen(buf), *len);
  return buf;
}

static const char *const specs[] = {"hare", "liubo_sticks", "liubo_fingers",
                                    "liubo_fingers(board=48)"};

/* Every node one element, every mark one stroke of its class, every group of
 * pieces one element; a buffer one byte short holds all but the last byte. */
START_TEST(test_svg_elements)
{
  ag_game *g = new_game(specs[_i]);
  ag_state *st = new_state(g, NULL);
  uint64_t rng = 5;
  size_t len, len2;
  char *doc, *cut;
  int i, frames = 0, patterns = 0, groups = 0, k;
  ag_test_random_plies(st, &rng, 9);
  doc = svg_of(st, &len);
  ck_assert_int_eq(strncmp(doc, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg ", 44), 0);
  ck_assert_str_eq(doc + len - 7, "</svg>\n");
  ck_assert_int_eq(count(doc, "<g class=\"node "), ag_game_num_nodes(g));
  ck_assert_int_eq(count(doc, "<line class=\"edge ") + count(doc, "<path class=\"edge "),
                   ag_game_num_edges(g));
  for (i = 0; i < ag_game_num_marks(g); i++) {
    ag_mark m = AG_MARK_INIT;
    ag_game_mark(g, i, &m);
    if (m.kind == AG_MARK_FRAME) frames++;
    else patterns++;
  }
  ck_assert_int_eq(count(doc, " class=\"frame\""), frames);
  ck_assert_int_eq(count(doc, " class=\"mark\""), patterns);
  for (i = 0; i < ag_game_num_nodes(g); i++)
    for (k = 0; ag_state_piece(st, i, k, NULL, NULL, NULL) == 1; k++) groups++;
  ck_assert_int_eq(count(doc, "<g class=\"piece\""), groups);
  cut = malloc(len);
  ck_assert_ptr_nonnull(cut);
  ck_assert_int_eq(ag_state_svg(st, 0, cut, len, &len2), AG_EBUFS);
  ck_assert_uint_eq(len2, len);
  ck_assert_uint_eq(strlen(cut), len - 1);
  ck_assert_int_eq(strncmp(cut, doc, len - 1), 0);
  free(cut);
  free(doc);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* Whose pieces each box holds (data-owner, exactly these), and the rules
 * agree: over random games, every group a box holds is its owner's. */
static const char *const box_owners[][2] = {
  {"hare", ""},
  {"liubo_sticks", "wres=0 bres=1 wheld=0 bheld=1 "},
  {"liubo_fingers", ""},   /* its prisons lie on the board: see NEWS */
};

START_TEST(test_svg_box_owners)
{
  ag_game *g = new_game(box_owners[_i][0]);
  ag_state *st = new_state(g, NULL);
  uint64_t rng = 11;
  char *doc, got[256] = "", *at;
  int owner[64], i, k, held = 0, ply, who, kind;
  size_t len;
  doc = svg_of(st, &len);
  for (i = 0; i < ag_game_num_nodes(g); i++) owner[i] = -1;
  for (at = doc; (at = strstr(at, "<g class=\"node ")) != NULL; at++) {
    /* <g class="node KIND" data-name="NAME" data-index="I" data-owner="P"> */
    char *end = strchr(at, '>'), *name = strstr(at, "data-name=\"") + 11, *own;
    *end = '\0';
    own = strstr(at, " data-owner=\"");
    i = atoi(strstr(at, "data-index=\"") + 12);
    *end = '>';
    if (!own) continue;
    owner[i] = atoi(own + 13);
    snprintf(got + strlen(got), sizeof got - strlen(got), "%.*s=%d ",
             (int)(strchr(name, '"') - name), name, owner[i]);
  }
  ck_assert_str_eq(got, box_owners[_i][1]);
  for (ply = 0; ply < 3000; ply++) {
    if (!ag_test_random_plies(st, &rng, 1)) ag_state_reset(st);
    for (i = 0; i < ag_game_num_nodes(g); i++)
      for (k = 0; owner[i] >= 0 && ag_state_piece(st, i, k, &who, &kind, NULL) == 1; k++) {
        ck_assert_int_eq(who, owner[i]);
        held += k == 0;
      }
  }
  if (box_owners[_i][1][0]) ck_assert_int_gt(held, 0);
  free(doc);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* The drawing follows the position: the caption is its text, and a state set
 * to the same text draws the same document. */
START_TEST(test_svg_follows_position)
{
  ag_game *g = new_game("hare");
  ag_state *a = new_state(g, NULL), *b;
  char text[256], *da, *db, caption[300];
  size_t la, lb;
  uint64_t rng = 3;
  ag_test_random_plies(a, &rng, 6);
  ck_assert_int_eq(ag_state_to_text(a, text, sizeof text, NULL), AG_OK);
  b = new_state(g, text);
  da = svg_of(a, &la);
  db = svg_of(b, &lb);
  ck_assert_str_eq(da, db);
  snprintf(caption, sizeof caption, ">%s</text>\n</svg>\n", text);
  ck_assert_str_eq(da + la - strlen(caption), caption);
  free(da);
  free(db);
  ag_state_free(a);
  ag_state_free(b);
  ag_game_free(g);
}
END_TEST

/* The same bytes in a locale whose decimal separator is a comma (where the
 * machine has one: $AG_TEST_COMMA_LOCALE, else de_DE or fr_FR). */
START_TEST(test_svg_any_locale)
{
  const char *names[] = {getenv("AG_TEST_COMMA_LOCALE"), "de_DE.UTF-8", "de_DE.utf8",
                         "fr_FR.UTF-8", "fr_FR.utf8"};
  ag_game *g = new_game("liubo_fingers");
  ag_state *st = new_state(g, NULL);
  size_t len, len2, i;
  char *c_doc = svg_of(st, &len), *doc, t[16];
  for (i = 0; i < sizeof names / sizeof names[0]; i++)
    if (names[i] && setlocale(LC_NUMERIC, names[i])) break;
  snprintf(t, sizeof t, "%.1f", 0.5);
  if (strcmp(t, "0,5") == 0) {
    doc = svg_of(st, &len2);
    for (i = 0; doc[i] && doc[i] == c_doc[i]; i++) {}
    ck_assert_msg(len2 == len && doc[i] == c_doc[i], "in %s the drawing differs at byte %zu: %.40s",
                  setlocale(LC_NUMERIC, NULL), i, doc + i);
    free(doc);
  } else {
    fprintf(stderr, "check_marks: no locale with a decimal comma: not compared\n");
  }
  setlocale(LC_NUMERIC, "C");
  free(c_doc);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

static Suite *marks_suite(void)
{
  Suite *s = suite_create("marks");
  TCase *tc = tcase_create("marks");
  tcase_add_test(tc, test_marks_per_game);
  tcase_add_test(tc, test_fingers_strokes_end_on_points);
  tcase_add_test(tc, test_fox_and_hens_outline);
  tcase_add_test(tc, test_mark_size);
  tcase_add_loop_test(tc, test_svg_elements, 0, (int)(sizeof specs / sizeof specs[0]));
  tcase_add_test(tc, test_svg_follows_position);
  tcase_add_loop_test(tc, test_svg_box_owners, 0, (int)(sizeof box_owners / sizeof box_owners[0]));
  tcase_add_test(tc, test_svg_any_locale);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) { return ag_test_run(marks_suite()); }
