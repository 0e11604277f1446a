/* SPDX-License-Identifier: MIT */
/*
 * check_liubo_fingers.c -- Check suite for liubo with finger-guessing
 * (ancientgames-liubo-fingers(7)), through the public API only: the guess
 * table (Finger rounds), an opening (Setup, The action), the stick and fish
 * bookkeeping (Scoring and the end), the
 * board tables, every option, text round trips, an independent walk
 * generator, piece conservation, playout = API loop, and perft.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ancientgames.h"
#include "check_main.h"

#define START "white=V_NE*:3,V_NW*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 home=0,0 " \
              "sticks=0+0,0+0 fish=c,c phase=guess rounds=0"

/* ------------------------------------------------------------- helpers */

/* The move with this text; the test fails when it does not parse. */
static ag_move mv(const ag_game *g, const char *text)
{
  ag_move m = 0;
  ck_assert_msg(ag_move_from_text(g, text, &m) == AG_OK, "move %s: %s", text, ag_errmsg());
  return m;
}

/* Plays one finger round: White's choice w, Black's choice b. */
static void joint(ag_state *st, const char *w, const char *b)
{
  const ag_game *g = ag_state_game(st);
  ag_move m[2];
  m[0] = mv(g, w);
  m[1] = mv(g, b);
  ck_assert_msg(ag_state_apply_joint(st, m, 2) == AG_OK, "%s + %s: %s", w, b, ag_errmsg());
}

/* Plays the first legal action of player. */
static void play_first(ag_state *st, int player)
{
  ag_move m[512];
  size_t n;
  ck_assert_int_eq(ag_state_legal_moves(st, player, m, 512, &n), AG_OK);
  ck_assert_uint_ge(n, 1);
  ck_assert_int_eq(ag_state_apply(st, m[0]), AG_OK);
}

/* Plays one action given as text. */
static void play(ag_state *st, const char *text)
{
  ck_assert_msg(ag_state_apply(st, mv(ag_state_game(st), text)) == AG_OK, "%s: %s", text,
                ag_errmsg());
}

/* The position text (static buffer, valid until the next call). */
static const char *text_of(const ag_state *st)
{
  static char buf[512];
  ck_assert_int_eq(ag_state_to_text(st, buf, sizeof buf, NULL), AG_OK);
  return buf;
}

/* Sets the position and checks that it reads back unchanged.  The text is
 * copied first: it may be text_of()'s buffer, which the check overwrites. */
static void set_text(ag_state *st, const char *text)
{
  char want[512];
  ck_assert_uint_lt(strlen(text), sizeof want);
  strcpy(want, text);
  ck_assert_msg(ag_state_set_text(st, want) == AG_OK, "%s: %s", want, ag_errmsg());
  ck_assert_str_eq(text_of(st), want);
}

/* The legal moves of player as space-separated texts (static buffer). */
static const char *legal_text(const ag_state *st, int player)
{
  static char out[8192];
  ag_move m[512];
  size_t n, i, len = 0;
  const ag_game *g = ag_state_game(st);
  ck_assert_int_eq(ag_state_legal_moves(st, player, m, 512, &n), AG_OK);
  out[0] = '\0';
  for (i = 0; i < n; i++) {
    char t[32];
    ck_assert_int_eq(ag_move_to_text(g, m[i], t, sizeof t, NULL), AG_OK);
    len += (size_t)snprintf(out + len, sizeof out - len, "%s%s", i ? " " : "", t);
  }
  return out;
}

static size_t legal_count(const ag_state *st, int player)
{
  size_t n = 0;
  int rc = ag_state_legal_moves(st, player, NULL, 0, &n);   /* a size query */
  ck_assert(rc == AG_OK || rc == AG_EBUFS);
  return n;
}

static int info(const ag_state *st, ag_info key, int index)
{
  int v = -99;
  ck_assert_int_eq(ag_state_info(st, key, index, &v), AG_OK);
  return v;
}

static int node_id(const ag_game *g, const char *name)
{
  int v = -1;
  ck_assert_int_eq(ag_game_node_find(g, name, &v), AG_OK);
  return v;
}

/* ------------------------------------------------------ spec and options */

START_TEST(test_spec_and_identity)
{
  ag_game *g = new_game("liubo_fingers");
  ck_assert_str_eq(ag_game_spec(g),
                   "liubo_fingers(hands=1,scheme=alternate,entry=one,board=32,return=move,max_rounds=2000)");
  ck_assert_uint_eq(ag_game_flags(g), AG_GAME_SIMULTANEOUS | AG_GAME_ZERO_SUM);
  ck_assert_str_eq(ag_game_player_name(g, 0), "white");
  ck_assert_str_eq(ag_game_player_name(g, 1), "black");
  ck_assert_int_eq(ag_game_num_nodes(g), 37);
  ck_assert_uint_eq(ag_game_limit(g, AG_LIMIT_PLIES), 4000);
  ck_assert_uint_eq(ag_game_limit(g, AG_LIMIT_CHANCE_OUTCOMES), 0);
  ck_assert_uint_ge(ag_game_limit(g, AG_LIMIT_LEGAL_MOVES), 66);
  ag_game_free(g);
  g = new_game("liubo_fingers(max_rounds=0,return=free,board=48,entry=exact,scheme=guess,hands=2)");
  ck_assert_str_eq(ag_game_spec(g),
                   "liubo_fingers(hands=2,scheme=guess,entry=exact,board=48,return=free,max_rounds=0)");
  ck_assert_int_eq(ag_game_num_nodes(g), 53);
  ck_assert_uint_eq(ag_game_limit(g, AG_LIMIT_PLIES), 0);
  ck_assert_uint_ge(ag_game_limit(g, AG_LIMIT_LEGAL_MOVES), 231);
  ag_game_free(g);
  /* Two hands on the small board: the guess round's 11 x 21 choices are
   * the longest list (a step's list is at most 6 x 33 + 2 = 200 there). */
  g = new_game("liubo_fingers(hands=2,scheme=guess)");
  {
    ag_state *st = new_state(g, NULL);
    size_t n = 0;
    ck_assert_uint_eq(ag_game_limit(g, AG_LIMIT_LEGAL_MOVES), 231);
    ck_assert_int_eq(ag_state_legal_moves(st, 0, NULL, 0, &n), AG_EBUFS);
    ck_assert_uint_eq(n, 231);
    ag_state_free(st);
  }
  ag_game_free(g);
}
END_TEST

START_TEST(test_bad_options)
{
  ag_game *g = NULL;
  ck_assert_int_eq(ag_game_new("liubo_fingers(hands=3)", &g), AG_EPARSE);
  ck_assert_int_eq(ag_game_new("liubo_fingers(hands=0)", &g), AG_EPARSE);
  ck_assert_int_eq(ag_game_new("liubo_fingers(board=40)", &g), AG_EPARSE);
  ck_assert_int_eq(ag_game_new("liubo_fingers(scheme=winner)", &g), AG_EPARSE);
  ck_assert_int_eq(ag_game_new("liubo_fingers(entry=two)", &g), AG_EPARSE);
  ck_assert_int_eq(ag_game_new("liubo_fingers(return=never)", &g), AG_EPARSE);
  ck_assert_int_eq(ag_game_new("liubo_fingers(max_rounds=100001)", &g), AG_EPARSE);
  ck_assert_int_eq(ag_game_new("liubo_fingers(colour=red)", &g), AG_ENOTFOUND);
  ck_assert_ptr_null(g);
}
END_TEST

/* ------------------------------------------------------------ the board */

/* THE BOARD: name, x, y (board coordinates, origin at the centre). */
static const struct { const char *name; int x, y, kind; } node_table[37] = {
  {"V_NE", 8, 8, AG_NODE_POINT},    {"Lb_N", 3, 10, AG_NODE_POINT},  {"Lf_N", -3, 10, AG_NODE_POINT},
  {"Tl_N", 3, 7, AG_NODE_POINT},    {"J_N", 0, 7, AG_NODE_POINT},    {"Tt_N", -3, 7, AG_NODE_POINT},
  {"Q_NE", 4, 4, AG_NODE_POINT},    {"M_N", 0, 4, AG_NODE_POINT},    {"V_NW", -8, 8, AG_NODE_POINT},
  {"Lb_W", -10, 3, AG_NODE_POINT},  {"Lf_W", -10, -3, AG_NODE_POINT}, {"Tl_W", -7, 3, AG_NODE_POINT},
  {"J_W", -7, 0, AG_NODE_POINT},    {"Tt_W", -7, -3, AG_NODE_POINT}, {"Q_NW", -4, 4, AG_NODE_POINT},
  {"M_W", -4, 0, AG_NODE_POINT},    {"V_SW", -8, -8, AG_NODE_POINT}, {"Lb_S", -3, -10, AG_NODE_POINT},
  {"Lf_S", 3, -10, AG_NODE_POINT},  {"Tl_S", -3, -7, AG_NODE_POINT}, {"J_S", 0, -7, AG_NODE_POINT},
  {"Tt_S", 3, -7, AG_NODE_POINT},   {"Q_SW", -4, -4, AG_NODE_POINT}, {"M_S", 0, -4, AG_NODE_POINT},
  {"V_SE", 8, -8, AG_NODE_POINT},   {"Lb_E", 10, -3, AG_NODE_POINT}, {"Lf_E", 10, 3, AG_NODE_POINT},
  {"Tl_E", 7, -3, AG_NODE_POINT},   {"J_E", 7, 0, AG_NODE_POINT},    {"Tt_E", 7, 3, AG_NODE_POINT},
  {"Q_SE", 4, -4, AG_NODE_POINT},   {"M_E", 4, 0, AG_NODE_POINT},    {"TAIJI", 0, 0, AG_NODE_GOAL},
  {"D_NE", 6, 6, AG_NODE_PRISON},   {"D_NW", -6, 6, AG_NODE_PRISON}, {"D_SW", -6, -6, AG_NODE_PRISON},
  {"D_SE", 6, -6, AG_NODE_PRISON},
};

START_TEST(test_nodes)
{
  ag_game *g = new_game("liubo_fingers");
  int i, x, y, kind, w, h, v;
  ag_game_extent(g, &w, &h);
  ck_assert_int_eq(w, 24);
  ck_assert_int_eq(h, 24);
  for (i = 0; i < 37; i++) {
    ck_assert_str_eq(ag_game_node_name(g, i), node_table[i].name);
    ck_assert_int_eq(ag_game_node(g, i, &x, &y, &kind), AG_OK);
    ck_assert_int_eq(x, node_table[i].x + 12);
    ck_assert_int_eq(y, node_table[i].y + 12);
    ck_assert_int_eq(kind, node_table[i].kind);
    if (i < 32) {   /* rotation by 90 degrees CCW: (x, y) -> (-y, x), id + 8 */
      ck_assert_int_eq(node_table[(i + 8) % 32].x, -node_table[i].y);
      ck_assert_int_eq(node_table[(i + 8) % 32].y, node_table[i].x);
    }
  }
  ck_assert_int_eq(ag_game_node_find(g, "taiji", &v), AG_OK);
  ck_assert_int_eq(v, 32);
  ck_assert_int_eq(ag_game_node_find(g, "Va_NE", &v), AG_ENOTFOUND);
  ck_assert_ptr_null(ag_game_node_name(g, 37));
  ag_game_free(g);
}
END_TEST

/* THE BOARD: the 60 edges as (from, to, slide?). */
static const char *const edges60 =
  "0->1J 1->2S 2->5J 2->8J 3->1J 3->4S 3->7J 4->2J 4->5S 4->7S 5->14J 6->3J 6->7S 7->5J 7->14S "
  "8->9J 9->10S 10->13J 10->16J 11->9J 11->12S 11->15J 12->10J 12->13S 12->15S 13->22J 14->11J "
  "14->15S 15->13J 15->22S 16->17J 17->18S 18->21J 18->24J 19->17J 19->20S 19->23J 20->18J "
  "20->21S 20->23S 21->30J 22->19J 22->23S 23->21J 23->30S 24->25J 25->26S 26->29J 26->0J "
  "27->25J 27->28S 27->31J 28->26J 28->29S 28->31S 29->6J 30->27J 30->31S 31->6S 31->29J";

/* Fills kind[a][b] (0 none, else AG_EDGE_*) from the game's edge list. */
static int read_edges(const ag_game *g, int kind[64][64])
{
  int n = ag_game_num_edges(g), i, a, b, k;
  memset(kind, 0, sizeof(int) * 64 * 64);
  for (i = 0; i < n; i++) {
    ck_assert_int_eq(ag_game_edge(g, i, &a, &b, &k), AG_OK);
    ck_assert_int_eq(kind[a][b], 0);
    ck_assert(k == AG_EDGE_SLIDE || k == AG_EDGE_JUMP);
    kind[a][b] = k;
  }
  return n;
}

START_TEST(test_edges_32)
{
  static int kind[64][64];
  static const int corners[] = {0, 1, 6, 8, 9, 14, 16, 17, 22, 24, 25, 30};
  ag_game *g = new_game("liubo_fingers");
  const char *s = edges60;
  int a, b, used, count = 0, i, is_corner[32] = {0};
  char t;
  ck_assert_int_eq(read_edges(g, kind), 60);
  while (sscanf(s, "%d->%d%c%n", &a, &b, &t, &used) == 3) {
    ck_assert_int_eq(kind[a][b], t == 'S' ? AG_EDGE_SLIDE : AG_EDGE_JUMP);
    ck_assert_int_eq(kind[(a + 8) % 32][(b + 8) % 32], kind[a][b]);   /* rotation */
    count++;
    s += used;
  }
  ck_assert_int_eq(count, 60);
  /* S51/S52: no corner -> point jump except from the square's corners. */
  for (i = 0; i < 12; i++) is_corner[corners[i]] = 1;
  for (a = 0; a < 32; a++)
    for (b = 0; b < 32; b++)
      if (kind[a][b] == AG_EDGE_JUMP && is_corner[a] && !is_corner[b])
        ck_assert_msg(a % 8 == 6, "corner->point jump %d->%d", a, b);
  ck_assert_int_eq(kind[1][4], 0);   /* L bend -> T junction: forbidden */
  ag_game_free(g);
}
END_TEST

START_TEST(test_edges_48_and_stems)
{
  static int kind[64][64];
  ag_game *g = new_game("liubo_fingers(board=48)");
  int s, x, y, k;
  ck_assert_int_eq(read_edges(g, kind), 100);
  ck_assert_int_eq(ag_game_num_nodes(g), 53);
  ck_assert_str_eq(ag_game_node_name(g, 37), "Va_NE");
  ck_assert_str_eq(ag_game_node_name(g, 38), "B_NE");
  ck_assert_str_eq(ag_game_node_name(g, 39), "Vb_NE");
  ck_assert_str_eq(ag_game_node_name(g, 40), "Lx_N");
  ck_assert_str_eq(ag_game_node_name(g, 52), "Lx_E");
  ck_assert_int_eq(ag_game_node(g, 38, &x, &y, &k), AG_OK);
  ck_assert_int_eq(x, 24);
  ck_assert_int_eq(y, 24);
  ck_assert_int_eq(k, AG_NODE_POINT);
  for (s = 37; s < 53; s++) {   /* the outer points turn with id + 4 */
    int x2, y2, t = 37 + (s - 37 + 4) % 16;
    ck_assert_int_eq(ag_game_node(g, s, &x, &y, &k), AG_OK);
    ck_assert_int_eq(ag_game_node(g, t, &x2, &y2, &k), AG_OK);
    ck_assert_int_eq(x2 - 12, -(y - 12));
    ck_assert_int_eq(y2 - 12, x - 12);
  }
  for (s = 0; s < 4; s++) {   /* The 48-point board, per side; ' = next side */
    int b0 = 8 * s, bn = 8 * ((s + 1) % 4), e = 37 + 4 * s, en = 37 + 4 * ((s + 1) % 4);
    ck_assert_int_eq(kind[b0][e + 2], AG_EDGE_SLIDE);       /* V -> Vb */
    ck_assert_int_eq(kind[b0 + 1][e + 3], AG_EDGE_SLIDE);   /* Lb -> Lx */
    ck_assert_int_eq(kind[b0 + 2][en], AG_EDGE_JUMP);       /* Lf -> Va' */
    ck_assert_int_eq(kind[e][b0], AG_EDGE_SLIDE);           /* Va -> V */
    ck_assert_int_eq(kind[e][e + 1], AG_EDGE_JUMP);         /* Va -> B */
    ck_assert_int_eq(kind[e][e + 2], AG_EDGE_JUMP);         /* Va -> Vb */
    ck_assert_int_eq(kind[e + 1][e + 2], AG_EDGE_JUMP);     /* B -> Vb */
    ck_assert_int_eq(kind[e + 2][b0 + 1], AG_EDGE_JUMP);    /* Vb -> Lb */
    ck_assert_int_eq(kind[e + 2][e + 3], AG_EDGE_JUMP);     /* Vb -> Lx */
    ck_assert_int_eq(kind[e + 3][b0 + 2], AG_EDGE_JUMP);    /* Lx -> Lf */
    ck_assert_int_eq(kind[b0 + 2][bn], AG_EDGE_JUMP);       /* base edges unchanged */
  }
  ag_game_free(g);
  g = new_game("liubo_fingers(entry=exact)");
  ck_assert_int_eq(read_edges(g, kind), 64);
  for (s = 0; s < 4; s++) ck_assert_int_eq(kind[8 * s + 7][32], AG_EDGE_SLIDE);
  ag_game_free(g);
}
END_TEST

/* ------------------------------------------- guess table (Finger rounds) */

/* Plays one opening round and checks the winner (-1 VOID) and the count. */
static void check_guess(const char *spec, const char *w, const char *b, int winner, int steps)
{
  ag_game *g = new_game(spec);
  ag_state *st = new_state(g, NULL);
  joint(st, w, b);
  ck_assert_int_eq(info(st, AG_INFO_COUNTER, 0), 1);
  if (winner < 0) {
    ck_assert_int_eq(ag_state_current_player(st), AG_PLAYER_SIMULTANEOUS);
    ck_assert_uint_eq(legal_count(st, 0), strstr(spec, "hands=2") ? 231 : 66);   /* replayed */
    ck_assert_int_eq(info(st, AG_INFO_PENDING_STEPS, 0), 0);
  } else {
    ck_assert_msg(ag_state_current_player(st) == winner, "%s + %s", w, b);
    ck_assert_int_eq(info(st, AG_INFO_PENDING_STEPS, 0), steps);
  }
  ag_state_free(st);
  ag_game_free(g);
}

START_TEST(test_guess_table)
{
  /* Rows of the guess table with A = White, and mirrored with A = Black. */
  static const struct { const char *a, *b; int winner, steps; } rows[] = {
    {"2/5", "3/7", 0, 5},   /* only A right */
    {"2/8", "4/9", 1, 6},   /* A's 8 > 2 + 5 impossible; B's miss irrelevant */
    {"4/3", "0/3", 1, 4},   /* A's 3 < 4 impossible (low rule) */
    {"3/7", "4/7", -1, 0},  /* both right */
    {"1/4", "2/6", -1, 0},  /* both wrong */
    {"2/8", "0/6", -1, 0},  /* both impossible */
    {"0/1", "1/6", 0, 1},   /* the special 1 */
  };
  size_t i;
  for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
    check_guess("liubo_fingers", rows[i].a, rows[i].b, rows[i].winner, rows[i].steps);
    check_guess("liubo_fingers", rows[i].b, rows[i].a, rows[i].winner < 0 ? -1 : 1 - rows[i].winner,
                rows[i].steps);
  }
  check_guess("liubo_fingers(hands=2)", "7/15", "3/10", 1, 10);   /* 15 lies in 7..17 */
  check_guess("liubo_fingers(hands=2)", "3/10", "7/15", 0, 10);
  /* Edges of the impossible-call rule: f + F is possible, f - 1 is not. */
  check_guess("liubo_fingers", "2/7", "5/1", 0, 7);
  check_guess("liubo_fingers", "5/10", "0/6", 0, 5);
  check_guess("liubo_fingers", "5/4", "0/5", 1, 5);
  check_guess("liubo_fingers", "0/0", "0/0", -1, 0);
  check_guess("liubo_fingers", "0/0", "0/1", 0, 0);
}
END_TEST

START_TEST(test_choice_lists)
{
  ag_game *g = new_game("liubo_fingers");
  ag_state *st = new_state(g, NULL);
  ag_move m[512];
  size_t n;
  int kind, from, to;
  ck_assert_int_eq(ag_state_current_player(st), AG_PLAYER_SIMULTANEOUS);
  ck_assert_int_eq(ag_state_legal_moves(st, 1, m, 512, &n), AG_OK);
  ck_assert_uint_eq(n, 66);
  ck_assert_uint_eq(m[0], 0x05000000u);                /* 0/0: kind 5, aux 0, to 0 */
  ck_assert_uint_eq(m[12], 0x05010100u);               /* 1/1 */
  ck_assert_uint_eq(m[65], 0x05050a00u);               /* 5/10 */
  ck_assert_int_eq(ag_move_info(g, m[12], &kind, &from, &to), AG_OK);
  ck_assert_int_eq(kind, AG_MOVE_CHOICE);
  ck_assert_int_eq(ag_state_legal_moves(st, AG_PLAYER_CHANCE, m, 512, &n), AG_OK);
  ck_assert_uint_eq(n, 0);
  ck_assert_int_eq(ag_state_apply(st, mv(g, "1/1")), AG_EPHASE);
  joint(st, "2/5", "3/7");
  ck_assert_uint_eq(legal_count(st, 1), 0);           /* only the mover acts */
  play(st, "V_NE*-Lf_N");                             /* a retreat: V_NW blocks at step 3 */
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* ---------------------------------------------- opening example (Setup) */

START_TEST(test_example_opening)
{
  ag_game *g = new_game("liubo_fingers");
  ag_state *st = new_state(g, NULL);
  int owner, kind, count;
  ag_move m[16];
  size_t n;
  static const int kinds[5] = {AG_MOVE_STEP, AG_MOVE_STEP, AG_MOVE_STEP, AG_MOVE_ENTER, AG_MOVE_RETURN};
  size_t i;
  ck_assert_str_eq(text_of(st), START);
  ck_assert_int_eq(info(st, AG_INFO_RESERVE, 0), 6);
  /* Opening: Black 2 calls 5, White 3 calls 7; sum 5, Black moves 5. */
  joint(st, "3/7", "2/5");
  ck_assert_int_eq(ag_state_current_player(st), 1);
  ck_assert_int_eq(info(st, AG_INFO_PENDING_STEPS, 0), 5);
  ck_assert_str_eq(legal_text(st, 1),
                   "V_SE*-Tl_N V_SE*-M_N V_SW*-Lb_S V_SW*-Lf_S V_SE*-Lb_E V_SE*-Lf_E "
                   "V_SW*-Tl_E V_SW*-M_E");
  play(st, "V_SE*-M_N");
  ck_assert_str_eq(text_of(st), "white=V_NE*:3,V_NW*:3 black=M_N:1,V_SW*:3,V_SE*:2 prisoners=0,0 "
                                "home=0,0 sticks=0+0,0+0 fish=c,c phase=throw:w rounds=1");
  /* White's throw: White 1, Black 2, n = 3. */
  ck_assert_str_eq(legal_text(st, 0), "0 1 2 3 4 5");
  joint(st, "1", "2");
  ck_assert_int_eq(ag_state_current_player(st), 0);
  ck_assert_int_eq(info(st, AG_INFO_PENDING_STEPS, 0), 3);
  ck_assert_str_eq(legal_text(st, 0), "V_NE*-Tt_N V_NE*-V_NW V_NW*-Tt_W V_NW*-V_SW");
  play(st, "V_NW*-V_SW");
  ck_assert_str_eq(text_of(st), "white=V_NE*:3,V_NW*:2,V_SW:1 black=M_N:1,V_SE*:2 prisoners=3,0 "
                                "home=0,0 sticks=0+0,0+0 fish=c,c phase=throw:b rounds=2");
  ck_assert_int_eq(ag_state_piece(st, node_id(g, "D_NE"), 0, &owner, &kind, &count), 1);
  ck_assert_int_eq(owner, 1);
  ck_assert_int_eq(kind, AG_PIECE_STONE);
  ck_assert_int_eq(count, 3);
  ck_assert_int_eq(ag_state_piece(st, node_id(g, "D_NW"), 0, &owner, &kind, &count), 0);
  ck_assert_int_eq(info(st, AG_INFO_CAPTURED, 0), 3);
  ck_assert_int_eq(info(st, AG_INFO_PRISONERS, 1), 3);
  /* Black's throw: Black 0, White 1, n = 1: exactly five actions. */
  joint(st, "1", "0");
  ck_assert_int_eq(ag_state_current_player(st), 1);
  ck_assert_str_eq(legal_text(st, 1), "M_N-Tt_N M_N-Q_NW V_SE*-Lb_E M_N-TAIJI D_NE-V_SE");
  ck_assert_int_eq(ag_state_legal_moves(st, 1, m, 16, &n), AG_OK);
  ck_assert_uint_eq(n, 5);
  for (i = 0; i < n; i++) {
    int k, f, t;
    ck_assert_int_eq(ag_move_info(g, m[i], &k, &f, &t), AG_OK);
    ck_assert_int_eq(k, kinds[i]);
  }
  play(st, "M_N-TAIJI");
  ck_assert_str_eq(text_of(st), "white=V_NE*:3,V_NW*:2,V_SW:1 black=V_SE*:2 prisoners=3,0 "
                                "home=0,1 sticks=0+0,1+0 fish=c,c phase=throw:w rounds=3");
  ck_assert_int_eq(info(st, AG_INFO_SCORE, 1), 1);
  ck_assert_int_eq(info(st, AG_INFO_SCORE, 0), 0);
  ck_assert_int_eq(ag_state_piece(st, 32, 0, &owner, &kind, &count), 1);
  ck_assert_int_eq(owner, 1);
  ck_assert_int_eq(kind, AG_PIECE_STONE);
  ck_assert_int_eq(count, 1);
  ck_assert_int_eq(ag_state_piece(st, 32, 1, &owner, &kind, &count), 1);
  ck_assert_int_eq(owner, 0);
  ck_assert_int_eq(kind, AG_PIECE_FISH);
  ck_assert_int_eq(ag_state_piece(st, 32, 2, &owner, &kind, &count), 1);
  ck_assert_int_eq(owner, 1);
  ck_assert_int_eq(kind, AG_PIECE_FISH);
  ck_assert_int_eq(ag_state_piece(st, 32, 3, &owner, &kind, &count), 0);
  ck_assert_int_eq(ag_state_outcome(st, NULL, NULL), AG_OUTCOME_ONGOING);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* ------------------------------ sticks and fish (Scoring and the end) */

START_TEST(test_example_sticks_and_fish)
{
  ag_game *g = new_game("liubo_fingers(scheme=guess)");
  ag_state *st = new_state(g, NULL);
  int winner, reason;
  set_text(st, "white=Tt_N:2,Q_NE:1,M_N:1,Q_NW:1,M_W:1 black=Tt_S:2,Q_SW:1,M_S:1,Q_SE:1,M_E:1 "
               "prisoners=0,0 home=0,0 sticks=0+0,0+0 fish=c,c phase=guess rounds=0");
  /* B1: plain. */
  joint(st, "1/6", "0/1");
  ck_assert_int_eq(ag_state_current_player(st), 1);
  play(st, "M_S-TAIJI");
  ck_assert_ptr_nonnull(strstr(text_of(st), "home=0,1 sticks=0+0,1+0 fish=c,c phase=guess"));
  /* B2: wired, Black takes the black fish. */
  joint(st, "1/6", "0/1");
  play(st, "Q_SE-TAIJI");
  ck_assert_ptr_nonnull(strstr(text_of(st), "home=0,2 sticks=0+0,1+1 fish=c,b "));
  /* W1: plain. */
  joint(st, "0/1", "1/6");
  ck_assert_int_eq(ag_state_current_player(st), 0);
  play(st, "M_N-TAIJI");
  ck_assert_ptr_nonnull(strstr(text_of(st), "home=1,2 sticks=1+0,1+1 fish=c,b "));
  /* B3: plain; the plain supply is now empty. */
  joint(st, "1/6", "0/1");
  play(st, "M_E-TAIJI");
  ck_assert_ptr_nonnull(strstr(text_of(st), "home=1,3 sticks=1+0,2+1 fish=c,b "));
  /* W2: wired, White takes the white fish.  3:2 to Black. */
  joint(st, "0/1", "1/6");
  play(st, "Q_NE-TAIJI");
  ck_assert_str_eq(text_of(st), "white=Tt_N:2,Q_NW:1,M_W:1 black=Tt_S:2,Q_SW:1 prisoners=0,0 "
                                "home=2,3 sticks=1+1,2+1 fish=w,b phase=guess rounds=5");
  ck_assert_int_eq(info(st, AG_INFO_SCORE, 0), 2);
  ck_assert_int_eq(info(st, AG_INFO_SCORE, 1), 3);
  /* White's 3rd: wants plain, none left, takes the last wired: DRAW 3:3. */
  joint(st, "0/1", "1/6");
  play(st, "M_W-TAIJI");
  ck_assert_str_eq(text_of(st), "white=Tt_N:2,Q_NW:1 black=Tt_S:2,Q_SW:1 prisoners=0,0 "
                                "home=3,3 sticks=1+2,2+1 fish=w,b phase=over rounds=6");
  ck_assert_int_eq(ag_state_outcome(st, &winner, &reason), AG_OUTCOME_DRAW);
  ck_assert_int_eq(winner, AG_PLAYER_NONE);
  ck_assert_int_eq(reason, AG_END_SCORE);
  ck_assert_int_eq(ag_state_current_player(st), AG_PLAYER_TERMINAL);
  ck_assert_uint_eq(legal_count(st, 0), 0);
  /* Instead Black's 4th: the last wired stick and the white fish: 4:2. */
  ck_assert_int_eq(ag_state_undo(st), AG_OK);
  ck_assert_int_eq(ag_state_undo(st), AG_OK);
  joint(st, "1/6", "0/1");
  play(st, "Q_SW-TAIJI");
  ck_assert_str_eq(text_of(st), "white=Tt_N:2,Q_NW:1,M_W:1 black=Tt_S:2 prisoners=0,0 "
                                "home=2,4 sticks=1+1,2+2 fish=b,b phase=over rounds=6");
  ck_assert_int_eq(ag_state_outcome(st, &winner, &reason), AG_OUTCOME_WIN);
  ck_assert_int_eq(winner, 1);
  ck_assert_int_eq(reason, AG_END_SCORE);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

START_TEST(test_wins_4_0_and_4_1)
{
  ag_game *g = new_game("liubo_fingers");
  ag_state *st = new_state(g, NULL);
  int winner, reason;
  double ret[2];
  set_text(st, "white=M_N:2 black=V_SW*:3,V_SE*:3 prisoners=0,0 home=4,0 sticks=2+2,0+0 "
               "fish=w,w phase=over rounds=9");
  ck_assert_int_eq(ag_state_outcome(st, &winner, &reason), AG_OUTCOME_WIN);
  ck_assert_int_eq(winner, 0);
  ck_assert_int_eq(reason, AG_END_SCORE);
  ck_assert_int_eq(ag_state_returns(st, ret, 2), AG_OK);
  ck_assert(ret[0] == 1.0 && ret[1] == -1.0);
  /* 3:1 -> White's 4th piece wins 4:1 (plain supply: W took 2, B 1). */
  set_text(st, "white=Q_NE:1,M_N:2 black=V_SW*:3,V_SE*:2 prisoners=0,0 home=3,1 sticks=2+1,1+0 "
               "fish=w,c phase=act:w:1 rounds=9");
  play(st, "Q_NE-TAIJI");
  ck_assert_str_eq(text_of(st), "white=M_N:2 black=V_SW*:3,V_SE*:2 prisoners=0,0 home=4,1 "
                                "sticks=2+2,1+0 fish=w,w phase=over rounds=9");
  ck_assert_int_eq(ag_state_outcome(st, &winner, &reason), AG_OUTCOME_WIN);
  ck_assert_int_eq(winner, 0);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* ------------------------------------------------------------- movement */

START_TEST(test_dead_end_is_no_block)
{
  /* A lone White piece on Q_NE with 9 steps: walks that could only go on by
   * revisiting Q_NE die without a retreat, so M_N, Q_NW and M_W (passed by
   * such walks) are no destinations (settled point 2). */
  ag_game *g = new_game("liubo_fingers");
  ag_state *st = new_state(g, NULL);
  set_text(st, "white=Q_NE:1 black=- prisoners=6,2 home=3,0 sticks=2+1,0+0 fish=w,c "
               "phase=act:w:9 rounds=5");
  ck_assert_str_eq(legal_text(st, 0),
                   "Q_NE-Tt_W Q_NE-V_SW Q_NE-Lb_S Q_NE-Lf_S Q_NE-Tl_S Q_NE-J_S Q_NE-Tt_S "
                   "Q_NE-Q_SW Q_NE-M_S Q_NE-V_SE Q_NE-Lb_E Q_NE-Lf_E Q_NE-Tl_E Q_NE-J_E "
                   "Q_NE-Tt_E Q_NE-Q_SE Q_NE-M_E D_SW-V_NE D_SW-V_NW");
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

START_TEST(test_block_retreat_and_stack)
{
  ag_game *g = new_game("liubo_fingers");
  ag_state *st = new_state(g, NULL);
  /* White with 4 steps.  Lb_N: 1 -> 2 -> 5 meets Black on Tt_N at step 2
   * and 1 -> 2 -> 8 White's own stack: both allow only the retreat to Lf_N.
   * V_NE is blocked at step 1 by Lb_N: nothing.  V_NW: 8 -> 9 -> 10 -> 16
   * meets Black at step 3 (retreats Lb_W, Lf_W), 10 -> 13 -> 22 ends on Q_SW. */
  set_text(st, "white=V_NE*:2,Lb_N:1,V_NW*:3 black=Tt_N:1,V_SW*:3,V_SE*:2 prisoners=0,0 home=0,0 "
               "sticks=0+0,0+0 fish=c,c phase=act:w:4 rounds=3");
  ck_assert_str_eq(legal_text(st, 0),
                   "Lb_N-Lf_N V_NW*-Lb_W V_NW*-Lf_W V_NW*-Q_SW");
  /* With 2 steps Lb_N lands on Tt_N (capture) or on V_NW (stack). */
  set_text(st, "white=V_NE*:2,Lb_N:1,V_NW*:3 black=Tt_N:1,V_SW*:3,V_SE*:2 prisoners=0,0 home=0,0 "
               "sticks=0+0,0+0 fish=c,c phase=act:w:2 rounds=3");
  ck_assert_str_eq(legal_text(st, 0), "Lb_N-Tt_N Lb_N-V_NW V_NW*-Lf_W");
  play(st, "Lb_N-V_NW");
  ck_assert_str_eq(text_of(st), "white=V_NE*:2,V_NW*:3,V_NW:1 black=Tt_N:1,V_SW*:3,V_SE*:2 "
                                "prisoners=0,0 home=0,0 sticks=0+0,0+0 fish=c,c phase=throw:b rounds=3");
  ck_assert_int_eq(info(st, AG_INFO_RESERVE, 0), 5);
  /* Two origins on V_NW: flat and crosswise pieces move separately. */
  joint(st, "0", "0");
  ck_assert_str_eq(legal_text(st, 1), "pass");
  play(st, "pass");
  joint(st, "1", "0");
  ck_assert_str_eq(legal_text(st, 0), "V_NW-Lb_W V_NE*-Lb_N V_NW*-Lb_W");
  play(st, "V_NW-Lb_W");
  ck_assert_ptr_nonnull(strstr(text_of(st), "white=V_NE*:2,V_NW*:3,Lb_W:1 "));
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

START_TEST(test_capture_stack_to_prison_and_return)
{
  ag_game *g = new_game("liubo_fingers");
  ag_state *st = new_state(g, NULL);
  /* Black lands on a White stack of 2 (one flat, one crosswise): both go to
   * Black's first dot. */
  set_text(st, "white=V_NE*:1,V_NE:1,Lb_W:4 black=V_SW*:3,V_SE*:2,Lf_E:1 prisoners=0,0 home=0,0 "
               "sticks=0+0,0+0 fish=c,c phase=act:b:1 rounds=3");
  ck_assert_str_eq(legal_text(st, 1), "Lf_E-V_NE Lf_E-Tt_E V_SW*-Lb_S V_SE*-Lb_E");
  play(st, "Lf_E-V_NE");
  ck_assert_str_eq(text_of(st), "white=Lb_W:4 black=V_NE:1,V_SW*:3,V_SE*:2 prisoners=0,2 home=0,0 "
                                "sticks=0+0,0+0 fish=c,c phase=throw:w rounds=3");
  /* White has no flat piece: a prisoner may return with any count, but not
   * onto V_NE (Black stands there). */
  joint(st, "2", "1");
  ck_assert_str_eq(legal_text(st, 0), "Lb_W-Lf_W Lb_W-Q_SW D_SW-V_NW");
  play(st, "D_SW-V_NW");
  ck_assert_str_eq(text_of(st), "white=V_NW*:1,Lb_W:4 black=V_NE:1,V_SW*:3,V_SE*:2 prisoners=0,1 "
                                "home=0,0 sticks=0+0,0+0 fish=c,c phase=throw:b rounds=4");
  /* Now White has a flat piece: a return needs a count of 1. */
  joint(st, "0", "0");
  play(st, "pass");
  joint(st, "2", "0");
  ck_assert_ptr_null(strstr(legal_text(st, 0), "D_SW"));
  ck_assert_int_eq(ag_state_undo(st), AG_OK);
  joint(st, "1", "0");
  ck_assert_ptr_nonnull(strstr(legal_text(st, 0), "D_SW-V_NW"));
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* -------------------------------------------------------- option values */

START_TEST(test_option_hands)
{
  ag_game *g = new_game("liubo_fingers(hands=2)");
  ag_state *st = new_state(g, NULL);
  ck_assert_uint_eq(legal_count(st, 0), 231);
  joint(st, "10/20", "10/19");
  ck_assert_int_eq(info(st, AG_INFO_PENDING_STEPS, 0), 20);
  play_first(st, 0);
  ck_assert_uint_eq(legal_count(st, 1), 11);
  ck_assert_str_eq(legal_text(st, 1), "0 1 2 3 4 5 6 7 8 9 10");
  ag_state_free(st);
  ag_game_free(g);
  g = new_game("liubo_fingers");
  st = new_state(g, NULL);
  ck_assert_uint_eq(legal_count(st, 0), 66);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

START_TEST(test_option_scheme)
{
  ag_game *g = new_game("liubo_fingers(scheme=alternate)");
  ag_state *st = new_state(g, NULL);
  joint(st, "3/7", "2/5");
  play(st, "V_SE*-M_N");
  /* Alternate: fingers only, White moves whatever the sum. */
  ck_assert_uint_eq(legal_count(st, 0), 6);
  joint(st, "0", "2");
  ck_assert_int_eq(ag_state_current_player(st), 0);
  play(st, "V_NE*-Lf_N");
  joint(st, "5", "5");
  ck_assert_int_eq(ag_state_current_player(st), 1);
  ck_assert_int_eq(info(st, AG_INFO_PENDING_STEPS, 0), 10);
  ag_state_free(st);
  ag_game_free(g);
  /* Guess: every round has calls; the winner moves, also twice running. */
  g = new_game("liubo_fingers(scheme=guess)");
  st = new_state(g, NULL);
  joint(st, "3/7", "2/5");
  play(st, "V_SE*-M_N");
  ck_assert_uint_eq(legal_count(st, 0), 66);
  ck_assert_int_eq(ag_move_from_text(g, "3", &(ag_move){0}), AG_EPARSE);
  joint(st, "3/7", "2/5");
  ck_assert_int_eq(ag_state_current_player(st), 1);
  play_first(st, 1);
  joint(st, "3/8", "2/5");   /* White's 8 is wrong; Black right again */
  ck_assert_int_eq(ag_state_current_player(st), 1);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

START_TEST(test_option_entry)
{
  ag_game *g = new_game("liubo_fingers(entry=exact)");
  ag_state *st = new_state(g, NULL);
  /* 6 steps from V_NE: 0 -> 1 -> 2 -> 5 -> 14 -> 15 -> TAIJI. */
  set_text(st, "white=V_NE*:3,V_NW*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 home=0,0 "
               "sticks=0+0,0+0 fish=c,c phase=act:w:6 rounds=1");
  ck_assert_ptr_nonnull(strstr(legal_text(st, 0), "V_NE*-TAIJI"));
  play(st, "V_NE*-TAIJI");
  ck_assert_int_eq(info(st, AG_INFO_SCORE, 0), 1);
  /* A count of 1 from a stem node is one move (settled point 4); 2 from Q_NE. */
  set_text(st, "white=Q_NE:1,M_N:1,V_NW*:3 black=V_SW*:3,V_SE*:3 prisoners=0,1 home=0,0 "
               "sticks=0+0,0+0 fish=c,c phase=act:w:1 rounds=1");
  ck_assert_str_eq(legal_text(st, 0), "Q_NE-Tl_N M_N-Tt_N Q_NE-M_N M_N-Q_NW V_NW*-Lb_W Q_NE-TAIJI "
                                      "M_N-TAIJI D_SW-V_NE D_SW-V_NW");
  set_text(st, "white=Q_NE:2,V_NW*:3 black=V_SW*:3,V_SE*:3 prisoners=0,1 home=0,0 "
               "sticks=0+0,0+0 fish=c,c phase=act:w:2 rounds=1");
  ck_assert_str_eq(legal_text(st, 0), "Q_NE-Lb_N Q_NE-J_N Q_NE-Tt_N Q_NE-M_N Q_NE-Q_NW V_NW*-Lf_W "
                                      "Q_NE-TAIJI");
  ag_state_free(st);
  ag_game_free(g);
  g = new_game("liubo_fingers(entry=one)");
  st = new_state(g, NULL);
  set_text(st, "white=Q_NE:2,V_NW*:3 black=V_SW*:3,V_SE*:3 prisoners=0,1 home=0,0 "
               "sticks=0+0,0+0 fish=c,c phase=act:w:2 rounds=1");
  ck_assert_str_eq(legal_text(st, 0), "Q_NE-Lb_N Q_NE-J_N Q_NE-Tt_N Q_NE-M_N Q_NE-Q_NW V_NW*-Lf_W");
  ck_assert_int_eq(ag_move_from_text(g, "Lb_N-TAIJI", &(ag_move){0}), AG_EPARSE);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

START_TEST(test_option_board)
{
  ag_game *g = new_game("liubo_fingers(board=48)");
  ag_state *st = new_state(g, NULL);
  set_text(st, "white=V_NE*:3,V_NW*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 home=0,0 "
               "sticks=0+0,0+0 fish=c,c phase=act:w:1 rounds=1");
  ck_assert_str_eq(legal_text(st, 0), "V_NE*-Lb_N V_NW*-Lb_W V_NE*-Vb_NE V_NW*-Vb_NW");
  play(st, "V_NE*-Vb_NE");
  ck_assert_ptr_nonnull(strstr(text_of(st), "white=V_NE*:2,V_NW*:3,Vb_NE:1 "));
  ag_state_free(st);
  ag_game_free(g);
  g = new_game("liubo_fingers(board=32)");
  st = new_state(g, NULL);
  set_text(st, "white=V_NE*:3,V_NW*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 home=0,0 "
               "sticks=0+0,0+0 fish=c,c phase=act:w:1 rounds=1");
  ck_assert_str_eq(legal_text(st, 0), "V_NE*-Lb_N V_NW*-Lb_W");
  ck_assert_int_eq(ag_state_set_text(st, "white=V_NE*:2,V_NW*:3,Vb_NE:1 black=V_SW*:3,V_SE*:3 "
                                         "prisoners=0,0 home=0,0 sticks=0+0,0+0 fish=c,c "
                                         "phase=throw:b rounds=1"), AG_EPARSE);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

START_TEST(test_option_return)
{
  static const char *pos = "white=Tt_N:5 black=V_SW*:3,V_SE*:3 prisoners=0,1 home=0,0 "
                           "sticks=0+0,0+0 fish=c,c phase=throw:w rounds=1";
  ag_game *g = new_game("liubo_fingers(return=move)");
  ag_state *st = new_state(g, NULL);
  set_text(st, pos);
  joint(st, "1", "2");
  ck_assert_str_eq(legal_text(st, 0), "Tt_N-Lb_W Tt_N-J_W Tt_N-Tt_W Tt_N-M_W Tt_N-Q_SW D_SW-V_NE "
                                      "D_SW-V_NW");
  ag_state_free(st);
  ag_game_free(g);
  /* Free: the prisoner comes back to V_NE at once and may move at once. */
  g = new_game("liubo_fingers(return=free)");
  st = new_state(g, NULL);
  set_text(st, pos);
  joint(st, "1", "2");
  ck_assert_str_eq(text_of(st), "white=V_NE*:1,Tt_N:5 black=V_SW*:3,V_SE*:3 prisoners=0,0 home=0,0 "
                                "sticks=0+0,0+0 fish=c,c phase=act:w:3 rounds=2");
  ck_assert_str_eq(legal_text(st, 0), "Tt_N-Lb_W Tt_N-J_W Tt_N-Tt_W Tt_N-M_W Tt_N-Q_SW V_NE*-Tt_N "
                                      "V_NE*-V_NW");
  ck_assert_int_eq(ag_move_from_text(g, "D_SW-V_NE", &(ag_move){0}), AG_OK);
  /* Also on a count of 0; and to V_NW when Black holds V_NE. */
  set_text(st, "white=Tt_N:5 black=V_NE:1,V_SW*:3,V_SE*:2 prisoners=0,1 home=0,0 "
               "sticks=0+0,0+0 fish=c,c phase=throw:w rounds=1");
  joint(st, "0", "0");
  ck_assert_str_eq(text_of(st), "white=Tt_N:5,V_NW*:1 black=V_NE:1,V_SW*:3,V_SE*:2 prisoners=0,0 "
                                "home=0,0 sticks=0+0,0+0 fish=c,c phase=act:w:0 rounds=2");
  ck_assert_str_eq(legal_text(st, 0), "pass");
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

START_TEST(test_option_max_rounds)
{
  ag_game *g = new_game("liubo_fingers(max_rounds=1)");
  ag_state *st = new_state(g, NULL);
  int winner, reason;
  /* The action earned in the last round is played; then the draw. */
  joint(st, "2/5", "3/7");
  ck_assert_int_eq(ag_state_current_player(st), 0);
  play(st, "V_NE*-Lf_N");
  ck_assert_int_eq(ag_state_outcome(st, &winner, &reason), AG_OUTCOME_DRAW);
  ck_assert_int_eq(reason, AG_END_PLY_LIMIT);
  ck_assert_int_eq(winner, AG_PLAYER_NONE);
  ck_assert_ptr_nonnull(strstr(text_of(st), "phase=over rounds=1"));
  /* A void round counts. */
  ag_state_reset(st);
  joint(st, "3/7", "4/7");
  ck_assert_int_eq(ag_state_current_player(st), AG_PLAYER_TERMINAL);
  ck_assert_int_eq(ag_state_outcome(st, &winner, &reason), AG_OUTCOME_DRAW);
  ck_assert_int_eq(reason, AG_END_PLY_LIMIT);
  ag_state_free(st);
  ag_game_free(g);
  /* 0 = no cap: a text with many rounds is fine. */
  g = new_game("liubo_fingers(max_rounds=0)");
  st = new_state(g, NULL);
  set_text(st, "white=V_NE*:3,V_NW*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 home=0,0 "
               "sticks=0+0,0+0 fish=c,c phase=guess rounds=123456789");
  joint(st, "3/7", "4/7");
  ck_assert_int_eq(info(st, AG_INFO_COUNTER, 0), 123456790);
  ag_state_free(st);
  ag_game_free(g);
  g = new_game("liubo_fingers");
  st = new_state(g, NULL);
  ck_assert_int_eq(ag_state_set_text(st, "white=V_NE*:3,V_NW*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 "
                                         "home=0,0 sticks=0+0,0+0 fish=c,c phase=guess rounds=2000"),
                   AG_EPARSE);
  set_text(st, "white=V_NE*:3,V_NW*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 home=0,0 "
               "sticks=0+0,0+0 fish=c,c phase=guess rounds=1999");
  joint(st, "3/7", "4/7");
  ck_assert_int_eq(ag_state_outcome(st, &winner, &reason), AG_OUTCOME_DRAW);
  ck_assert_int_eq(reason, AG_END_PLY_LIMIT);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* ----------------------------------------------------------------- text */

START_TEST(test_move_text)
{
  ag_game *g = new_game("liubo_fingers");
  ag_game *g48 = new_game("liubo_fingers(board=48,entry=exact,scheme=guess)");
  static const struct { const char *text; ag_move value; } ok[] = {
    {"3/7", 0x05030700u}, {"3", 0x0503ff00u}, {"pass", 0x06000000u}, {"V_SE*-M_N", 0x01010718u},
    {"M_N-Tt_N", 0x01000507u}, {"M_N-TAIJI", 0x03002007u}, {"D_NE-V_SE", 0x07001821u},
    {"D_SW-V_NW", 0x07000823u}, {"0/0", 0x05000000u},
  };
  static const char *const bad[] = {
    "", "6/3", "3/11", "3/", "/3", "03/7", "3/7x", "M_N*-Tt_N", "M_N-M_N", "D_NE-V_NE", "D_NW-V_SE",
    "Lb_N-TAIJI", "Va_NE-Vb_NE", "TAIJI-M_N", "M_N", "M_N-", "M_N-XX", "pass ", "PASS", "V_SE**-M_N",
    "M_N-D_NE",
  };
  size_t i;
  int kind, from, to;
  char t[32];
  for (i = 0; i < sizeof ok / sizeof ok[0]; i++) {
    ag_move m = 0;
    ck_assert_msg(ag_move_from_text(g, ok[i].text, &m) == AG_OK, "%s", ok[i].text);
    ck_assert_msg(m == ok[i].value, "%s: %08x", ok[i].text, (unsigned)m);
    ck_assert_int_eq(ag_move_to_text(g, m, t, sizeof t, NULL), AG_OK);
    ck_assert_str_eq(t, ok[i].text);
  }
  ck_assert_int_eq(ag_move_from_text(g, "v_se*-m_n", &(ag_move){0}), AG_OK);
  for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    ag_move m = 0;
    ck_assert_msg(ag_move_from_text(g, bad[i], &m) == AG_EPARSE, "'%s' accepted", bad[i]);
  }
  ck_assert_int_eq(ag_move_from_text(g48, "Lb_N-TAIJI", &(ag_move){0}), AG_OK);
  ck_assert_int_eq(ag_move_from_text(g48, "Va_NE-Vb_NE", &(ag_move){0}), AG_OK);
  ck_assert_int_eq(ag_move_from_text(g48, "V_NE*-TAIJI", &(ag_move){0}), AG_OK);
  ck_assert_int_eq(ag_move_from_text(g, "V_NE*-TAIJI", &(ag_move){0}), AG_EPARSE);
  ck_assert_int_eq(ag_move_from_text(g48, "3", &(ag_move){0}), AG_EPARSE);
  ck_assert_int_eq(ag_move_to_text(g, 0, t, sizeof t, NULL), AG_EINVAL);
  ck_assert_int_eq(ag_move_to_text(g, 0x05060000u, t, sizeof t, NULL), AG_EINVAL);
  ck_assert_int_eq(ag_move_to_text(g, 0x06000001u, t, sizeof t, NULL), AG_EINVAL);
  ck_assert_int_eq(ag_move_to_text(g, 0x01010706u, t, sizeof t, NULL), AG_EINVAL);   /* flat off a corner */
  ck_assert_int_eq(ag_move_info(g, 0x07001821u, &kind, &from, &to), AG_OK);
  ck_assert_int_eq(kind, AG_MOVE_RETURN);
  ck_assert_int_eq(from, 33);
  ck_assert_int_eq(to, 24);
  ck_assert_int_eq(ag_move_info(g, 0x05030700u, &kind, &from, &to), AG_OK);
  ck_assert_int_eq(kind, AG_MOVE_CHOICE);
  ck_assert_int_eq(from, -1);
  ck_assert_int_eq(to, -1);
  ag_game_free(g);
  ag_game_free(g48);
}
END_TEST

START_TEST(test_malformed_positions)
{
  static const char *const bad[] = {
    "",
    "white=",
    START " ",
    "white=V_NE*:3,V_NW*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 home=0,0 sticks=0+0,0+0 fish=c,c phase=guess",
    "white=V_NE*:2,V_NW*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 home=0,0 sticks=0+0,0+0 fish=c,c phase=guess rounds=0",
    "white=V_NE*:3,V_NW*:3,M_N*:1 black=V_SW*:3,V_SE*:2 prisoners=1,0 home=0,0 sticks=0+0,0+0 fish=c,c phase=guess rounds=0",
    "white=V_NE*:3,V_SW*:3 black=V_NW*:3,V_SE*:3 prisoners=0,0 home=0,0 sticks=0+0,0+0 fish=c,c phase=guess rounds=0",
    "white=V_NW*:3,V_NE*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 home=0,0 sticks=0+0,0+0 fish=c,c phase=guess rounds=0",
    "white=V_NE*:3,V_NE*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 home=0,0 sticks=0+0,0+0 fish=c,c phase=guess rounds=0",
    "white=V_NE:3,V_NE*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 home=0,0 sticks=0+0,0+0 fish=c,c phase=guess rounds=0",
    "white=XX:3,V_NW*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 home=0,0 sticks=0+0,0+0 fish=c,c phase=guess rounds=0",
    "white=V_NEE*:3,V_NW*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 home=0,0 sticks=0+0,0+0 fish=c,c phase=guess rounds=0",
    "white=Va_NE:3,V_NW*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 home=0,0 sticks=0+0,0+0 fish=c,c phase=guess rounds=0",
    "white=TAIJI:3,V_NW*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 home=0,0 sticks=0+0,0+0 fish=c,c phase=guess rounds=0",
    "white=D_NE:3,V_NW*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 home=0,0 sticks=0+0,0+0 fish=c,c phase=guess rounds=0",
    "white=V_NE*:0,V_NW*:6 black=V_SW*:3,V_SE*:3 prisoners=0,0 home=0,0 sticks=0+0,0+0 fish=c,c phase=guess rounds=0",
    "white=V_NE*:7 black=V_SW*:3,V_SE*:3 prisoners=0,0 home=0,0 sticks=0+0,0+0 fish=c,c phase=guess rounds=0",
    "white=V_NE*:03,V_NW*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 home=0,0 sticks=0+0,0+0 fish=c,c phase=guess rounds=0",
    "white=V_NE*:3,V_NW*:3 black=V_NE:1,V_SW*:3,V_SE*:2 prisoners=0,0 home=0,0 sticks=0+0,0+0 fish=c,c phase=guess rounds=0",
    "white=V_NE*:3,V_NW*:3 black=V_SW*:3,V_SE*:3 prisoners=7,0 home=0,0 sticks=0+0,0+0 fish=c,c phase=guess rounds=0",
    "white=V_NE*:3,V_NW*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 home=5,0 sticks=0+0,0+0 fish=c,c phase=guess rounds=0",
    "white=V_NE*:3,V_NW*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 home=0,0 sticks=1+0,0+0 fish=c,c phase=guess rounds=0",
    "white=V_NE*:3,V_NW*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 home=0,0 sticks=0+0,0+0 fish=w,c phase=guess rounds=0",
    "white=V_NE*:3,V_NW*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 home=0,0 sticks=0+0,0+0 fish=x,c phase=guess rounds=0",
    "white=V_NE*:3,V_NW*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 home=0,0 sticks=0+0,0+0 fish=c,c phase=act:w:11 rounds=1",
    "white=V_NE*:3,V_NW*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 home=0,0 sticks=0+0,0+0 fish=c,c phase=act:x:3 rounds=1",
    "white=V_NE*:3,V_NW*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 home=0,0 sticks=0+0,0+0 fish=c,c phase=act:w:3 rounds=0",
    "white=V_NE*:3,V_NW*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 home=0,0 sticks=0+0,0+0 fish=c,c phase=over rounds=5",
    "white=V_NE*:3,V_NW*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 home=0,0 sticks=0+0,0+0 fish=c,c phase=throw:w rounds=0",
    "white=V_NE*:3,V_NW*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 home=0,0 sticks=0+0,0+0 fish=c,c phase=wait rounds=0",
    "white=V_NE*:3,V_NW*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 home=0,0 sticks=0+0,0+0 fish=c,c phase=guess rounds=-1",
    "white=V_NE*:3,V_NW*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 home=0,0 sticks=0+0,0+0 fish=c,c phase=guess rounds=2001",
    "white=V_NE*:3,V_NW*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 home=0,0 sticks=0+0,0+0 fish=c,c phase=guess rounds=99999999999999999999",
    "WHITE=V_NE*:3,V_NW*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 home=0,0 sticks=0+0,0+0 fish=c,c phase=guess rounds=0",
    "white=V_NE*:3,V_NW*:3  black=V_SW*:3,V_SE*:3 prisoners=0,0 home=0,0 sticks=0+0,0+0 fish=c,c phase=guess rounds=0",
    "white=M_N:2 black=V_SW*:3,V_SE*:3 prisoners=0,0 home=4,0 sticks=2+2,0+0 fish=w,w phase=act:w:1 rounds=9",
    "white=M_N:2 black=V_SW*:1,V_SE*:2 prisoners=0,0 home=4,3 sticks=2+2,2+1 fish=w,w phase=over rounds=9",
    "white=M_N:3 black=V_SW*:3 prisoners=0,0 home=3,3 sticks=2+1,2+1 fish=w,b phase=over rounds=9",
    "white=M_N:2 black=V_SW*:3,V_SE*:3 prisoners=0,0 home=4,0 sticks=2+2,0+0 fish=w,c phase=over rounds=9",
    "white=- black=V_SW*:3,V_SE*:3 prisoners=0,6 home=0,0 sticks=0+0,0+0 fish=c,c phase=guess rounds=0,",
  };
  ag_game *g = new_game("liubo_fingers(scheme=guess)");
  ag_state *st = new_state(g, NULL);
  char before[512];
  size_t i;
  strcpy(before, text_of(st));
  for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    ck_assert_msg(ag_state_set_text(st, bad[i]) == AG_EPARSE, "accepted #%zu: %s", i, bad[i]);
    ck_assert_msg(strstr(ag_errmsg(), "at byte") != NULL, "#%zu: %s", i, ag_errmsg());
    ck_assert_str_eq(text_of(st), before);
  }
  /* A score that does not add up is shown where the score begins (home=).
   * A swapped stick pair (a plain and two wired) is a 3:3 score's only. */
  set_text(st, "white=M_N:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 home=3,0 sticks=2+1,0+0 fish=w,c "
               "phase=guess rounds=9");
  ck_assert_int_eq(ag_state_set_text(st, "white=M_N:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 home=3,0 "
                                         "sticks=1+2,0+0 fish=w,c phase=guess rounds=9"), AG_EPARSE);
  ck_assert_str_eq(ag_errmsg(), "liubo_fingers: home, sticks and fish disagree at byte 47");
  ck_assert_int_eq(ag_state_set_text(st, "white=V_NE*:3,V_NW*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 "
                                         "home=0,0 sticks=1+0,0+0 fish=c,c phase=guess rounds=0"),
                   AG_EPARSE);
  ck_assert_str_eq(ag_errmsg(), "liubo_fingers: home, sticks and fish disagree at byte 57");
  /* A phase the score rules out is shown where the phase begins. */
  ck_assert_int_eq(ag_state_set_text(st, "white=M_N:2 black=V_SW*:3,V_SE*:3 prisoners=0,0 home=4,0 "
                                         "sticks=2+2,0+0 fish=w,w phase=act:w:1 rounds=9"), AG_EPARSE);
  ck_assert_str_eq(ag_errmsg(), "liubo_fingers: phase disagrees with the score at byte 87");
  /* Rounds beyond the cap are shown where the rounds begin. */
  ck_assert_int_eq(ag_state_set_text(st, "white=V_NE*:3,V_NW*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 "
                                         "home=0,0 sticks=0+0,0+0 fish=c,c phase=guess rounds=2001"),
                   AG_EPARSE);
  ck_assert_str_eq(ag_errmsg(), "liubo_fingers: rounds beyond max_rounds at byte 102");
  /* Valid ones, for contrast: lower-case names, prisoners only, the 3:3 end. */
  ck_assert_int_eq(ag_state_set_text(st, "white=v_ne*:3,v_nw*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 "
                                         "home=0,0 sticks=0+0,0+0 fish=c,c phase=guess rounds=0"), AG_OK);
  ck_assert_str_eq(text_of(st), START);
  set_text(st, "white=- black=V_SW*:3,V_SE*:3 prisoners=0,6 home=0,0 sticks=0+0,0+0 fish=c,c "
               "phase=guess rounds=0");
  set_text(st, "white=M_N:3 black=V_SW*:3 prisoners=0,0 home=3,3 sticks=1+2,2+1 fish=w,b "
               "phase=over rounds=9");
  /* A throw is refused under scheme=guess for that reason alone (with a
   * round played, so the rounds=0 check cannot be what rejects it). */
  ck_assert_int_eq(ag_state_set_text(st, "white=V_NE*:3,V_NW*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 "
                                         "home=0,0 sticks=0+0,0+0 fish=c,c phase=throw:b rounds=4"),
                   AG_EPARSE);
  ck_assert_msg(strstr(ag_errmsg(), "no throws under scheme=guess") != NULL, "%s", ag_errmsg());
  ck_assert_int_eq(ag_state_set_text(st, "white=V_NE*:3,V_NW*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 "
                                         "home=0,0 sticks=0+0,0+0 fish=c,c phase=throw:w rounds=1"),
                   AG_EPARSE);
  ck_assert_msg(strstr(ag_errmsg(), "no throws under scheme=guess") != NULL, "%s", ag_errmsg());
  ck_assert_str_eq(text_of(st), "white=M_N:3 black=V_SW*:3 prisoners=0,0 home=3,3 sticks=1+2,2+1 "
                                "fish=w,b phase=over rounds=9");
  ag_state_free(st);
  ag_game_free(g);
  g = new_game("liubo_fingers");
  st = new_state(g, NULL);
  ck_assert_int_eq(ag_state_set_text(st, "white=V_NE*:3,V_NW*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 "
                                         "home=0,0 sticks=0+0,0+0 fish=c,c phase=throw:b rounds=4"), AG_OK);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* A game ended by the round cap (phase=over with an undecided score, legal
 * only when rounds == max_rounds) reads back as it was written. */
START_TEST(test_round_cap_text)
{
  ag_game *g = new_game("liubo_fingers(max_rounds=1)");
  ag_state *st = new_state(g, NULL), *other = new_state(g, NULL);
  char t[512];
  int winner, reason;
  joint(st, "2/5", "3/7");
  play(st, "V_NE*-Lf_N");
  ck_assert_int_eq(ag_state_current_player(st), AG_PLAYER_TERMINAL);
  strcpy(t, text_of(st));
  ck_assert_str_eq(t, "white=V_NE*:2,Lf_N:1,V_NW*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 home=0,0 "
                      "sticks=0+0,0+0 fish=c,c phase=over rounds=1");
  set_text(other, t);
  ck_assert_uint_eq(ag_state_hash(other), ag_state_hash(st));
  ck_assert_int_eq(ag_state_outcome(other, &winner, &reason), AG_OUTCOME_DRAW);
  ck_assert_int_eq(winner, AG_PLAYER_NONE);
  ck_assert_int_eq(reason, AG_END_PLY_LIMIT);
  ck_assert_int_eq(ag_state_current_player(other), AG_PLAYER_TERMINAL);
  ck_assert_uint_eq(legal_count(other, 0), 0);
  ag_state_free(other);
  ag_state_free(st);
  ag_game_free(g);
  /* The default cap: over at 2000 reads; over below it (score undecided) or
   * guess at 2000 does not. */
  g = new_game("liubo_fingers");
  st = new_state(g, NULL);
  set_text(st, "white=V_NE*:3,V_NW*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 home=0,0 "
               "sticks=0+0,0+0 fish=c,c phase=over rounds=2000");
  ck_assert_int_eq(ag_state_outcome(st, &winner, &reason), AG_OUTCOME_DRAW);
  ck_assert_int_eq(reason, AG_END_PLY_LIMIT);
  ck_assert_int_eq(ag_state_set_text(st, "white=V_NE*:3,V_NW*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 "
                                         "home=0,0 sticks=0+0,0+0 fish=c,c phase=over rounds=1999"),
                   AG_EPARSE);
  ck_assert_int_eq(ag_state_set_text(st, "white=V_NE*:3,V_NW*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 "
                                         "home=0,0 sticks=0+0,0+0 fish=c,c phase=over rounds=2001"),
                   AG_EPARSE);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* The hash covers the position, not the round counter. */
START_TEST(test_hash_ignores_rounds)
{
  ag_game *g = new_game("liubo_fingers");
  ag_state *st = new_state(g, NULL), *other = new_state(g, NULL);
  set_text(st, "white=V_NE*:2,Lf_N:1,V_NW*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 home=0,0 "
               "sticks=0+0,0+0 fish=c,c phase=act:b:4 rounds=3");
  set_text(other, "white=V_NE*:2,Lf_N:1,V_NW*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 home=0,0 "
                  "sticks=0+0,0+0 fish=c,c phase=act:b:4 rounds=4");
  ck_assert_int_eq(info(st, AG_INFO_COUNTER, 0), 3);
  ck_assert_int_eq(info(other, AG_INFO_COUNTER, 0), 4);
  ck_assert_uint_eq(ag_state_hash(st), ag_state_hash(other));
  /* ... while the phase, the mover and the count are covered. */
  set_text(other, "white=V_NE*:2,Lf_N:1,V_NW*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 home=0,0 "
                  "sticks=0+0,0+0 fish=c,c phase=act:b:5 rounds=3");
  ck_assert_uint_ne(ag_state_hash(st), ag_state_hash(other));
  ag_state_free(other);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

START_TEST(test_render_hash_info)
{
  ag_game *g = new_game("liubo_fingers");
  ag_state *st = new_state(g, NULL), *other = new_state(g, NULL);
  char buf[4096];
  size_t len = 0;
  uint64_t h0 = ag_state_hash(st);
  int v;
  ck_assert_uint_eq(h0, 0x96c56a548a412b3aULL);   /* golden: stable within a SONAME major */
  ck_assert_int_eq(ag_state_render(st, buf, sizeof buf, &len), AG_OK);
  ck_assert_uint_le(len + 1, ag_game_limit(g, AG_LIMIT_RENDER_TEXT));
  ck_assert_ptr_nonnull(strstr(buf, "@@"));
  ck_assert_ptr_nonnull(strstr(buf, "W3"));
  ck_assert_ptr_nonnull(strstr(buf, "B3"));
  /* both fish start in TAIJI: the text table is indexed by holder + 1 (holder -1) */
  ck_assert_ptr_nonnull(strstr(buf, "\nFish: white in TAIJI, black in TAIJI.  Round 0, guess round\n"));
  /* each side's line, White's then Black's (the seed-40 survivor
   * liubo_fingers.c:1425, `c > 2', dropped both) */
  ck_assert_ptr_nonnull(strstr(buf, "\nWhite: home 0, sticks 0 plain + 0 wired, holds 0 prisoner(s), "
                                    "6 flat at start\nBlack: home 0, sticks 0 plain + 0 wired, "
                                    "holds 0 prisoner(s), 6 flat at start\nFish: "));
  ck_assert_int_eq(ag_state_render(st, NULL, 0, &len), AG_EBUFS);   /* size query */
  joint(st, "3/7", "2/5");
  ck_assert(ag_state_hash(st) != h0);
  set_text(other, text_of(st));
  ck_assert_uint_eq(ag_state_hash(other), ag_state_hash(st));
  ck_assert_int_eq(ag_state_equal(st, other), 1);
  ck_assert_int_eq(ag_state_undo(st), AG_OK);
  ck_assert_uint_eq(ag_state_hash(st), h0);
  ck_assert_int_eq(ag_state_info(st, AG_INFO_CHAIN, 0, &v), AG_ENOTFOUND);
  ck_assert_int_eq(ag_state_info(st, AG_INFO_SCORE, 2, &v), AG_EINVAL);
  ck_assert_int_eq(ag_state_info(st, AG_INFO_PENDING_STEPS, 1, &v), AG_EINVAL);
  ck_assert_int_eq(info(st, AG_INFO_RESERVE, 1), 6);
  ck_assert_int_eq(info(st, AG_INFO_PRISONERS, 0), 0);
  ag_state_free(other);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* --------------------------------------------- reference move generator */

/* A position read back from its text, for the independent generator. */
typedef struct ref_pos {
  int owner[64], flat[64], cross[64];
  int held[2], mover, count, act;
} ref_pos;

/* Parses one side's list "NAME*:n,NAME:n" or "-". */
static const char *ref_side(const ag_game *g, const char *s, int player, ref_pos *p)
{
  if (*s == '-') return s + 1;
  for (;;) {
    char name[16];
    int k = 0, v, n;
    while (*s != '*' && *s != ':') name[k++] = *s++;
    name[k] = '\0';
    v = node_id(g, name);
    p->owner[v] = player;
    if (*s == '*') {
      s++;
      n = (int)strtol(s + 1, (char **)&s, 10);
      p->flat[v] = n;
    } else {
      n = (int)strtol(s + 1, (char **)&s, 10);
      p->cross[v] = n;
    }
    if (*s != ',') return s;
    s++;
  }
}

static void ref_read(const ag_game *g, const char *text, ref_pos *p)
{
  const char *s;
  int i;
  memset(p, 0, sizeof *p);
  for (i = 0; i < 64; i++) p->owner[i] = -1;
  s = ref_side(g, text + strlen("white="), 0, p);
  s = ref_side(g, s + strlen(" black="), 1, p);
  ck_assert_int_eq(sscanf(s, " prisoners=%d,%d", &p->held[0], &p->held[1]), 2);
  s = strstr(s, "phase=act:");
  p->act = s != NULL;
  if (s) {
    p->mover = s[10] == 'b';
    p->count = atoi(s + 12);
  }
}

typedef struct ref_graph { int out[64][8], nout[64], enter_stem[64]; } ref_graph;

/* Plain enumeration of simple forward walks (no memo): The action (ancientgames-liubo-fingers(7)). */
static void ref_walk(const ref_graph *gr, const ref_pos *p, int n, int v, int depth,
                     uint64_t visited, uint64_t passed, uint64_t *dest, int *enter)
{
  int i;
  if (depth + 1 == n && gr->enter_stem[v]) *enter = 1;
  for (i = 0; i < gr->nout[v]; i++) {
    int x = gr->out[v][i];
    if (visited >> x & 1) continue;
    if (depth + 1 == n) *dest |= (uint64_t)1 << x;
    else if (p->owner[x] >= 0) *dest |= passed;
    else ref_walk(gr, p, n, x, depth + 1, visited | (uint64_t)1 << x, passed | (uint64_t)1 << x, dest, enter);
  }
}

static int cmp_move(const void *a, const void *b)
{
  ag_move x = *(const ag_move *)a, y = *(const ag_move *)b;
  return x < y ? -1 : x > y;
}

/* The legal actions, independently: returns the count, moves sorted. */
static size_t ref_actions(const ag_game *g, const ref_graph *gr, const ref_pos *p, int return_free,
                          ag_move *out)
{
  static const int inner[8] = {6, 7, 14, 15, 22, 23, 30, 31};
  static const char *const dot[2] = {"D_NE", "D_SW"};
  static const char *const corner[2][2] = {{"V_NE", "V_NW"}, {"V_SW", "V_SE"}};
  int v, s, i, pl = p->mover, n = p->count, flats = 0;
  size_t k = 0;
  char t[40];
  for (v = 0; v < ag_game_num_nodes(g) && n > 0; v++) {
    uint64_t dest = 0;
    int enter = 0, is_inner = 0;
    if (p->owner[v] != pl) continue;
    ref_walk(gr, p, n, v, 0, (uint64_t)1 << v, 0, &dest, &enter);
    for (i = 0; i < 8; i++) is_inner |= inner[i] == v;
    if (n == 1 && is_inner) enter = 1;
    for (s = 0; s < 2; s++) {
      int x;
      if (!(s ? p->flat[v] : p->cross[v])) continue;
      for (x = 0; x < 64; x++)
        if (dest >> x & 1) {
          snprintf(t, sizeof t, "%s%s-%s", ag_game_node_name(g, v), s ? "*" : "", ag_game_node_name(g, x));
          out[k++] = mv(g, t);
        }
      if (enter) {
        snprintf(t, sizeof t, "%s%s-TAIJI", ag_game_node_name(g, v), s ? "*" : "");
        out[k++] = mv(g, t);
      }
    }
  }
  for (i = 0; i < 2; i++) {
    v = node_id(g, corner[pl][i]);
    if (p->owner[v] == pl) flats += p->flat[v];
  }
  if (n > 0 && !return_free && p->held[1 - pl] > 0 && (n == 1 || flats == 0))
    for (i = 0; i < 2; i++) {
      v = node_id(g, corner[pl][i]);
      if (p->owner[v] == 1 - pl) continue;
      snprintf(t, sizeof t, "%s-%s", dot[1 - pl], corner[pl][i]);
      out[k++] = mv(g, t);
    }
  if (!k) out[k++] = mv(g, "pass");
  qsort(out, k, sizeof *out, cmp_move);
  return k;
}

static void ref_graph_build(const ag_game *g, ref_graph *gr)
{
  int i, a, b, kind;
  memset(gr, 0, sizeof *gr);
  for (i = 0; i < ag_game_num_edges(g); i++) {
    ck_assert_int_eq(ag_game_edge(g, i, &a, &b, &kind), AG_OK);
    if (b == 32) gr->enter_stem[a] = 1;
    else gr->out[a][gr->nout[a]++] = b;
  }
}

/* Every piece is somewhere: board (flat or crosswise), prisons, TAIJI.  The
 * fish in TAIJI are exactly those nobody has taken (Scoring and the end): fish c is taken
 * by its own side's 2nd piece home or by the other side's 4th. */
static void check_conservation(const ag_state *st)
{
  const ag_game *g = ag_state_game(st);
  int total[2] = {0, 0}, node, idx, owner, kind, count, fish[2] = {0, 0}, c;
  for (node = 0; node < ag_game_num_nodes(g); node++)
    for (idx = 0; ag_state_piece(st, node, idx, &owner, &kind, &count) == 1; idx++) {
      if (kind == AG_PIECE_FISH) {
        ck_assert_int_eq(node, 32);
        ck_assert_int_eq(count, 1);
        fish[owner]++;
        continue;
      }
      ck_assert_int_eq(kind, AG_PIECE_STONE);
      ck_assert(count >= 1);
      total[owner] += count;
    }
  ck_assert_int_eq(total[0], 6);
  ck_assert_int_eq(total[1], 6);
  for (c = 0; c < 2; c++) {
    int taken = info(st, AG_INFO_SCORE, 1 - c) >= 4 || info(st, AG_INFO_SCORE, c) >= 2;
    ck_assert_int_eq(fish[c], !taken);
  }
}

static const char *const all_specs[] = {
  "liubo_fingers",
  "liubo_fingers(hands=2)",
  "liubo_fingers(scheme=guess)",
  "liubo_fingers(entry=exact)",
  "liubo_fingers(board=48)",
  "liubo_fingers(return=free)",
  "liubo_fingers(max_rounds=50)",
  "liubo_fingers(hands=2,scheme=guess,entry=exact,board=48,return=free)",
  "liubo_fingers(scheme=guess,entry=exact,return=free)",
  "liubo_fingers(hands=2,board=48,max_rounds=0)",
  "liubo_fingers(entry=exact,board=48)",
  "liubo_fingers(scheme=guess,board=48,return=free,max_rounds=7)",
};

/* Random games with every option combination: after every ply the pieces are
 * conserved, the texts round-trip, undo restores, the moves are ascending
 * and match the independent generator. */
START_TEST(test_random_games_invariants)
{
  int combo = _i, game;
  char spec[160], before[512], again[512];
  ag_game *g;
  ag_state *st, *copy;
  ref_graph gr;
  uint64_t rng = 0x5eed + (uint64_t)combo;
  snprintf(spec, sizeof spec,
           "liubo_fingers(hands=%d,scheme=%s,entry=%s,board=%s,return=%s,max_rounds=%d)",
           1 + (combo & 1), combo & 2 ? "guess" : "alternate", combo & 4 ? "exact" : "one",
           combo & 8 ? "48" : "32", combo & 16 ? "free" : "move", combo & 1 ? 150 : 400);
  g = new_game(spec);
  st = new_state(g, NULL);
  copy = new_state(g, NULL);
  ref_graph_build(g, &gr);
  for (game = 0; game < 3; game++) {
    ag_state_reset(st);
    while (ag_state_current_player(st) != AG_PLAYER_TERMINAL) {
      int cp = ag_state_current_player(st);
      ag_move m[512], ref[512], pick[2];
      size_t n, i, nref;
      check_conservation(st);
      strcpy(before, text_of(st));
      set_text(copy, before);
      ck_assert_uint_eq(ag_state_hash(copy), ag_state_hash(st));
      if (cp == AG_PLAYER_SIMULTANEOUS) {
        int p;
        for (p = 0; p < 2; p++) {
          ck_assert_int_eq(ag_state_legal_moves(st, p, m, 512, &n), AG_OK);
          pick[p] = m[ag_rng_below(&rng, n)];
        }
        ck_assert_int_eq(ag_state_apply_joint(st, pick, 2), AG_OK);
      } else {
        ref_pos rp;
        ck_assert_int_eq(ag_state_legal_moves(st, cp, m, 512, &n), AG_OK);
        ref_read(g, before, &rp);
        ck_assert_msg(rp.act && rp.mover == cp, "%s: not %d's action: %s", spec, cp, before);
        nref = ref_actions(g, &gr, &rp, (combo & 16) != 0, ref);
        ck_assert_msg(n == nref, "%s: %zu moves, reference %zu in %s", spec, n, nref, before);
        for (i = 0; i < n; i++) {
          char t[32];
          ag_move back = 0;
          ck_assert_msg(m[i] == ref[i], "%s: move %zu differs in %s", spec, i, before);
          if (i) ck_assert(m[i - 1] < m[i]);
          ck_assert_int_eq(ag_move_to_text(g, m[i], t, sizeof t, NULL), AG_OK);
          ck_assert_int_eq(ag_move_from_text(g, t, &back), AG_OK);
          ck_assert_uint_eq(back, m[i]);
        }
        pick[0] = m[ag_rng_below(&rng, n)];
        ck_assert_int_eq(ag_state_apply(st, pick[0]), AG_OK);
      }
      strcpy(again, text_of(st));
      ck_assert_int_eq(ag_state_undo(st), AG_OK);
      ck_assert_str_eq(text_of(st), before);
      if (cp == AG_PLAYER_SIMULTANEOUS) ck_assert_int_eq(ag_state_apply_joint(st, pick, 2), AG_OK);
      else ck_assert_int_eq(ag_state_apply(st, pick[0]), AG_OK);
      ck_assert_str_eq(text_of(st), again);
    }
    check_conservation(st);
    ck_assert_int_ne(ag_state_outcome(st, NULL, NULL), AG_OUTCOME_ONGOING);
  }
  ag_state_free(copy);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* The public-API random loop that ag_state_playout() must equal. */
static int api_playout(ag_state *st, uint64_t *rng, size_t max_plies, size_t *plies, int *winner,
                       int *reason)
{
  *plies = ag_test_random_plies(st, rng, max_plies ? max_plies : SIZE_MAX);
  return ag_state_outcome(st, winner, reason);
}

START_TEST(test_playout_equals_api_loop)
{
  size_t s;
  for (s = 0; s < sizeof all_specs / sizeof all_specs[0]; s++) {
    ag_game *g = new_game(all_specs[s]);
    ag_state *st = new_state(g, NULL);
    uint64_t seed;
    for (seed = 1; seed <= 3; seed++) {
      uint64_t r1 = seed * 7919, r2 = seed * 7919;
      size_t p1, p2, cap = strstr(all_specs[s], "hands=2") ? 600 : 0;
      int w1, w2, e1, e2, o1, o2;
      char start[512];
      if (seed == 3) {   /* also from a position in the middle of a game */
        api_playout(st, &r1, 37, &p1, &w1, &e1);
        r2 = r1;
      }
      strcpy(start, text_of(st));
      o1 = ag_state_playout(st, &r1, cap, &p1, &w1, &e1);
      ck_assert_str_eq(text_of(st), start);
      o2 = api_playout(st, &r2, cap, &p2, &w2, &e2);
      ck_assert_msg(o1 == o2 && p1 == p2 && w1 == w2 && e1 == e2,
                    "%s seed %d: playout %d/%zu/%d/%d, API %d/%zu/%d/%d", all_specs[s], (int)seed,
                    o1, p1, w1, e1, o2, p2, w2, e2);
      ck_assert_uint_eq(r1, r2);
      ag_state_reset(st);
    }
    ag_state_free(st);
    ag_game_free(g);
  }
}
END_TEST

/* ------------------------------------------------------------------ perft */

static unsigned long long perft(ag_state *st, int depth)
{
  ag_move a[512], b[512];
  size_t na, nb, i, j;
  unsigned long long total = 0;
  int cp = ag_state_current_player(st);
  if (depth == 0) return 1;
  if (cp == AG_PLAYER_TERMINAL) return 0;
  if (cp == AG_PLAYER_SIMULTANEOUS) {
    ck_assert_int_eq(ag_state_legal_moves(st, 0, a, 512, &na), AG_OK);
    ck_assert_int_eq(ag_state_legal_moves(st, 1, b, 512, &nb), AG_OK);
    if (depth == 1) return (unsigned long long)na * nb;
    for (i = 0; i < na; i++)
      for (j = 0; j < nb; j++) {
        ag_move m[2];
        m[0] = a[i], m[1] = b[j];
        ck_assert_int_eq(ag_state_apply_joint(st, m, 2), AG_OK);
        total += perft(st, depth - 1);
        ck_assert_int_eq(ag_state_undo(st), AG_OK);
      }
    return total;
  }
  ck_assert_int_eq(ag_state_legal_moves(st, cp, a, 512, &na), AG_OK);
  if (depth == 1) return na;
  for (i = 0; i < na; i++) {
    ck_assert_int_eq(ag_state_apply(st, a[i]), AG_OK);
    total += perft(st, depth - 1);
    ck_assert_int_eq(ag_state_undo(st), AG_OK);
  }
  return total;
}

START_TEST(test_perft_start)
{
  /* Checked against an independent Python model of Finger rounds and The action
   * (ancientgames-liubo-fingers(7)). */
  ag_game *g = new_game("liubo_fingers");
  ag_state *st = new_state(g, NULL);
  ck_assert_uint_eq(perft(st, 1), 4356ULL);
  ck_assert_uint_eq(perft(st, 2), 8027086ULL);
  ck_assert_uint_eq(perft(st, 3), 14738790816ULL);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

START_TEST(test_perft_after_opening)
{
  ag_game *g = new_game("liubo_fingers");
  ag_state *st = new_state(g, NULL);
  joint(st, "3/7", "2/5");
  ck_assert_uint_eq(perft(st, 1), 8ULL);
  ck_assert_uint_eq(perft(st, 2), 8ULL * 36);
  ck_assert_uint_eq(perft(st, 3), 3405ULL);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* ------------------------------------------------------------- the ai */

/* The most a mix may be exploited, by the ai's own values, in a round worth
 * v: 1% of a piece.  The ai's values are a logistic of White's margin in
 * pieces with slope 1.25 (W_LOGISTIC in lib/ai/liubo_fingers_search.c), so a
 * piece is worth 1.25 v (1 - v) of a point there. */
static double exploit_bound(double v)
{
  return 0.01 * 1.25 * v * (1 - v);
}

/* The ai's analysis of a finger round, for both players: every legal choice
 * listed, the shares a distribution, a call that cannot be right (outside
 * own fingers .. own fingers + F) never weighted, the two values adding up
 * to 1, and each mix an equilibrium of the ai's own values: no reply of the
 * other gains more than 1% of a piece (exploit_bound) over the round's
 * value. */
static void check_round_analysis(const char *spec, const char *pos)
{
  ag_game *g = new_game(spec);
  ag_state *st = new_state(g, pos);
  ag_analysis an[2];
  ag_move_stat ms[2][256];
  ag_move legal[256];
  double raw[2];
  size_t nl, i;
  int p, fmax = strstr(spec, "hands=2") ? 10 : 5;
  for (p = 0; p < 2; p++) {
    uint64_t rng = 7;
    double total = 0;
    memset(&an[p], 0, sizeof an[p]);
    an[p].size = sizeof an[p];
    ck_assert_int_eq(ag_ai_analyse(st, p, "ai", &rng, NULL, &an[p], NULL, 0, ms[p], 256), AG_OK);
    ck_assert_int_eq(ag_state_legal_moves(st, p, legal, 256, &nl), AG_OK);
    ck_assert_uint_eq(an[p].num_moves, nl);
    ck_assert(an[p].value >= 0 && an[p].value <= 1);
    ck_assert_int_eq(ag_state_is_legal(st, p, an[p].best), 1);
    for (i = 0; i < nl; i++) {
      int f = (int)(ms[p][i].move >> 16 & 0xff), c = (int)(ms[p][i].move >> 8 & 0xff);
      ck_assert_uint_eq(ms[p][i].move, legal[i]);
      ck_assert(ms[p][i].share >= 0 && ms[p][i].share <= 1);
      if (c != 0xff && (c < f || c > f + fmax)) ck_assert(ms[p][i].share == 0);
      total += ms[p][i].share;
    }
    ck_assert(fabs(total - 1) < 1e-9);
  }
  ck_assert(fabs(an[0].value + an[1].value - 1) < 1e-9);
  /* the round's value by the ai's own (raw) values: the reported value is
   * calibrated, the per-choice values are not */
  for (p = 0; p < 2; p++) {
    double other = 0;
    for (i = 0; i < an[1 - p].num_moves; i++) other += ms[1 - p][i].share * ms[1 - p][i].value;
    raw[p] = 1 - other;
  }
  for (p = 0; p < 2; p++)
    for (i = 0; i < an[p].num_moves; i++) {
      double gain = ms[p][i].value - raw[p];
      ck_assert_msg(gain <= exploit_bound(raw[p]), "%s %s: player %d gains %g by move %08x",
                    spec, pos ? pos : "start", p, gain, (unsigned)ms[p][i].move);
    }
  ag_state_free(st);
  ag_game_free(g);
}

START_TEST(test_ai_solves_rounds)
{
  static const char *const mid =
      "white=V_NE*:2,Q_NE:1,V_NW*:3 black=Tl_W:1,V_SW*:2,V_SE*:3 prisoners=0,0 home=0,0 "
      "sticks=0+0,0+0 fish=c,c phase=%s rounds=5";
  char pos[512];
  check_round_analysis("liubo_fingers", NULL);
  check_round_analysis("liubo_fingers(hands=2)", NULL);
  snprintf(pos, sizeof pos, mid, "throw:w");
  check_round_analysis("liubo_fingers", pos);
  snprintf(pos, sizeof pos, mid, "throw:b");
  check_round_analysis("liubo_fingers(entry=exact)", pos);
  snprintf(pos, sizeof pos, mid, "guess");
  check_round_analysis("liubo_fingers(scheme=guess)", pos);
}
END_TEST

/* Exploitability over a set of rounds: the finger rounds of a game played
 * by ai(depth=1) (every other round, at most 12), in both schemes and
 * entry=exact, each checked as above (at most 1% of a piece). */
START_TEST(test_ai_exploitability)
{
  static const char *const specs[] = {"liubo_fingers", "liubo_fingers(scheme=guess)",
                                      "liubo_fingers(entry=exact)"};
  const char *spec = specs[_i];
  ag_game *g = new_game(spec);
  ag_state *st = new_state(g, NULL);
  uint64_t rng = 11;
  int rounds = 0, checked = 0;
  while (ag_state_is_terminal(st) != 1 && checked < 12) {
    ag_move m[2];
    if (ag_state_current_player(st) != AG_PLAYER_SIMULTANEOUS) {
      ck_assert_int_eq(ag_ai_choose(st, "ai(depth=1)", &rng, &m[0]), AG_OK);
      ck_assert_int_eq(ag_state_apply(st, m[0]), AG_OK);
      continue;
    }
    if (rounds++ % 2 == 0) {
      char pos[512];
      snprintf(pos, sizeof pos, "%s", text_of(st));
      check_round_analysis(spec, pos);
      checked++;
    }
    ck_assert_int_eq(ag_ai_choose_player(st, 0, "ai(depth=1)", &rng, &m[0]), AG_OK);
    ck_assert_int_eq(ag_ai_choose_player(st, 1, "ai(depth=1)", &rng, &m[1]), AG_OK);
    ck_assert_int_eq(ag_state_apply_joint(st, m, 2), AG_OK);
  }
  ck_assert_int_ge(checked, 8);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* The ai never makes a call that cannot be right, over many seeds, in
 * both hand counts (the 0.2 ai did at the opening in 15 of 40 seeds). */
START_TEST(test_ai_calls_are_possible)
{
  static const char *const specs[] = {"liubo_fingers", "liubo_fingers(hands=2,scheme=guess)"};
  int k, seed, p;
  for (k = 0; k < 2; k++) {
    ag_game *g = new_game(specs[k]);
    ag_state *st = new_state(g, NULL);
    int fmax = k ? 10 : 5, fingers_seen = 0;
    for (seed = 0; seed < (k ? 12 : 40); seed++)
      for (p = 0; p < 2; p++) {
        uint64_t rng = (uint64_t)seed;
        ag_move m;
        int f, c;
        ck_assert_int_eq(ag_ai_choose_player(st, p, "ai", &rng, &m), AG_OK);
        f = (int)(m >> 16 & 0xff), c = (int)(m >> 8 & 0xff);
        ck_assert_int_ge(c, f);
        ck_assert_int_le(c, f + fmax);
        fingers_seen |= 1 << f;
      }
    ck_assert_int_gt(__builtin_popcount((unsigned)fingers_seen), 2);   /* a mix, not one choice */
    ag_state_free(st);
    ag_game_free(g);
  }
}
END_TEST

/* The opening guess round is a stall: each side calls 3 (a count of 3
 * takes the enemy's three-piece corner) and every other call lets the
 * other side take it.  Its equilibrium mixes make nearly every round VOID,
 * so the ai blends in other choices to break the loop -- its best replies,
 * else choices that end a round cheaply: no choice it plays is worth less
 * than the round by more than 1% of a point.  (A blend over all calls
 * played 3/4 there, worth 0.376 against the round's 0.5, and lost the
 * corner in games against the reference.)  The blend shows in how many
 * choices each side plays: 12 and 15 (6 and 6 unblended, as when the
 * chance of a VOID round was taken for that of a decided one). */
START_TEST(test_ai_loop_blend_keeps_value)
{
  static const char *const specs[] = {"liubo_fingers(scheme=guess)", "liubo_fingers"};
  static const int choices_played[2][2] = {{12, 15}, {15, 15}};
  int k, p;
  for (k = 0; k < 2; k++) {
    ag_game *g = new_game(specs[k]);
    ag_state *st = new_state(g, NULL);
    ag_move_stat ms[2][128];
    size_t n[2], i;
    for (p = 0; p < 2; p++) {
      ag_analysis an;
      uint64_t rng = 5;
      memset(&an, 0, sizeof an);
      an.size = sizeof an;
      ck_assert_int_eq(ag_ai_analyse(st, p, "ai", &rng, NULL, &an, NULL, 0, ms[p], 128), AG_OK);
      n[p] = an.num_moves;
      ck_assert_uint_eq(n[p], 66);   /* 6 x 11 calls */
    }
    for (p = 0; p < 2; p++) {
      double round = 1, played = 0;
      for (i = 0; i < n[1 - p]; i++) round -= ms[1 - p][i].share * ms[1 - p][i].value;
      for (i = 0; i < n[p]; i++)
        if (ms[p][i].share > 0) {
          played++;
          ck_assert_msg(ms[p][i].value >= round - 0.01, "%s: player %d plays %08x (share %g) worth %g, round %g",
                        specs[k], p, (unsigned)ms[p][i].move, ms[p][i].share, ms[p][i].value, round);
        }
      ck_assert(played > 2);   /* still a mix */
      ck_assert_msg(played == choices_played[k][p], "%s: player %d plays %g choices, not %d",
                    specs[k], p, played, choices_played[k][p]);
    }
    ag_state_free(st);
    ag_game_free(g);
  }
}
END_TEST

/* With scheme=guess the mover's action is valued by the guess round that
 * follows it solved whole, as the root of a search of that round solves it:
 * the ai's value of its action equals its depth-1 value of the round after
 * it (both reported through the same calibration). */
START_TEST(test_ai_action_sees_whole_guess_round)
{
  static const char *const pos =
      "white=V_NE*:2,Q_NE:1,V_NW*:3 black=Tl_W:1,V_SW*:2,V_SE*:3 prisoners=0,0 home=0,0 "
      "sticks=0+0,0+0 fish=c,c phase=act:%c:%d rounds=5";
  static const struct { char who; int count; } cases[] = {{'w', 3}, {'b', 2}, {'w', 6}};
  ag_game *g = new_game("liubo_fingers(scheme=guess)");
  size_t c;
  for (c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    char text[512];
    ag_state *st;
    ag_analysis act, round;
    ag_move_stat ms[256];
    uint64_t rng = 9;
    int mover = cases[c].who == 'b';
    snprintf(text, sizeof text, pos, cases[c].who, cases[c].count);
    st = new_state(g, text);
    memset(&act, 0, sizeof act);
    act.size = sizeof act;
    ck_assert_int_eq(ag_ai_analyse(st, mover, "ai", &rng, NULL, &act, NULL, 0, ms, 256), AG_OK);
    ck_assert_int_eq(act.depth, 2);
    ck_assert_int_eq(ag_state_apply(st, act.best), AG_OK);
    ck_assert_int_eq(ag_state_current_player(st), AG_PLAYER_SIMULTANEOUS);
    memset(&round, 0, sizeof round);
    round.size = sizeof round;
    ck_assert_int_eq(ag_ai_analyse(st, mover, "ai(depth=1)", &rng, NULL, &round, NULL, 0, NULL, 0), AG_OK);
    ck_assert_msg(fabs(act.value - round.value) < 1e-12, "%s: action %g, round after it %g", text,
                  act.value, round.value);
    ag_state_free(st);
  }
  ag_game_free(g);
}
END_TEST

/* A mover plays its own pieces only: with White to act on a count, none of
 * the moves Black would have on that count (its pieces' steps and entries)
 * is legal for White, though each is a walk of the same length on the same
 * board; and White's own list is exactly what ag_state_is_legal accepts. */
START_TEST(test_is_legal_only_own_pieces)
{
  static const char *const pos =
      "white=V_NE*:2,Q_NE:1,V_NW*:3 black=Tl_W:1,V_SW*:2,V_SE*:3 prisoners=0,0 home=0,0 "
      "sticks=0+0,0+0 fish=c,c phase=act:%c:3 rounds=5";
  ag_game *g = new_game("liubo_fingers(scheme=guess)");
  char text[512];
  ag_state *w, *b;
  ag_move wm[256], bm[256];
  size_t nw = 0, nb = 0, i, j;
  snprintf(text, sizeof text, pos, 'w');
  w = new_state(g, text);
  snprintf(text, sizeof text, pos, 'b');
  b = new_state(g, text);
  ck_assert_int_eq(ag_state_legal_moves(w, 0, wm, 256, &nw), AG_OK);
  ck_assert_int_eq(ag_state_legal_moves(b, 1, bm, 256, &nb), AG_OK);
  ck_assert_uint_gt(nw, 1);
  ck_assert_uint_gt(nb, 1);
  for (i = 0; i < nw; i++) ck_assert_int_eq(ag_state_is_legal(w, 0, wm[i]), 1);
  for (i = 0; i < nb; i++) {
    int own = 0;
    for (j = 0; j < nw; j++) own |= bm[i] == wm[j];
    ck_assert_msg(ag_state_is_legal(w, 0, bm[i]) == own, "Black's move %08x is %s for White",
                  (unsigned)bm[i], own ? "refused" : "legal");
  }
  ag_state_free(w);
  ag_state_free(b);
  ag_game_free(g);
}
END_TEST

/* The keys of liubo_fingers' ai: depth, nodes and time_ms for its search;
 * an option of the 0.2 player (mcts) gives that player, as before; the two
 * kinds do not mix.  Same seed, same move. */
START_TEST(test_ai_keys)
{
  ag_game *g = new_game("liubo_fingers");
  ag_state *st = new_state(g, NULL);
  ag_move a, b;
  uint64_t r1 = 3, r2 = 3;
  ck_assert_int_eq(ag_ai_choose_player(st, 0, "ai(depth=1)", &r1, &a), AG_OK);
  ck_assert_int_eq(ag_ai_choose_player(st, 0, "ai(nodes=5000,time_ms=10000)", &r1, &a), AG_OK);
  ck_assert_int_eq(ag_ai_choose_player(st, 0, "ai(iterations=50,rollout=5)", &r1, &a), AG_OK);
  ck_assert_int_eq(ag_ai_choose_player(st, 0, "ai(depth=1,iterations=50)", &r1, &a), AG_EINVAL);
  ck_assert_int_eq(ag_ai_choose_player(st, 0, "ai(depth=0)", &r1, &a), AG_EPARSE);
  r1 = 3;
  ck_assert_int_eq(ag_ai_choose_player(st, 1, "ai", &r1, &a), AG_OK);
  ck_assert_int_eq(ag_ai_choose_player(st, 1, "ai", &r2, &b), AG_OK);
  ck_assert_uint_eq(a, b);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

static Suite *liubo_fingers_suite(void)
{
  Suite *s = suite_create("liubo_fingers");
  TCase *tc = tcase_create("rules");
  TCase *slow = tcase_create("slow");
  tcase_add_test(tc, test_spec_and_identity);
  tcase_add_test(tc, test_bad_options);
  tcase_add_test(tc, test_nodes);
  tcase_add_test(tc, test_edges_32);
  tcase_add_test(tc, test_edges_48_and_stems);
  tcase_add_test(tc, test_guess_table);
  tcase_add_test(tc, test_choice_lists);
  tcase_add_test(tc, test_example_opening);
  tcase_add_test(tc, test_example_sticks_and_fish);
  tcase_add_test(tc, test_wins_4_0_and_4_1);
  tcase_add_test(tc, test_dead_end_is_no_block);
  tcase_add_test(tc, test_block_retreat_and_stack);
  tcase_add_test(tc, test_capture_stack_to_prison_and_return);
  tcase_add_test(tc, test_option_hands);
  tcase_add_test(tc, test_option_scheme);
  tcase_add_test(tc, test_option_entry);
  tcase_add_test(tc, test_option_board);
  tcase_add_test(tc, test_option_return);
  tcase_add_test(tc, test_option_max_rounds);
  tcase_add_test(tc, test_move_text);
  tcase_add_test(tc, test_malformed_positions);
  tcase_add_test(tc, test_round_cap_text);
  tcase_add_test(tc, test_hash_ignores_rounds);
  tcase_add_test(tc, test_render_hash_info);
  tcase_add_test(tc, test_perft_after_opening);
  tcase_add_test(tc, test_ai_solves_rounds);
  tcase_add_test(tc, test_ai_calls_are_possible);
  tcase_add_test(tc, test_ai_loop_blend_keeps_value);
  tcase_add_test(tc, test_ai_action_sees_whole_guess_round);
  tcase_add_loop_test(tc, test_ai_exploitability, 0, 3);
  tcase_add_test(tc, test_ai_keys);
  tcase_add_test(tc, test_is_legal_only_own_pieces);
  suite_add_tcase(s, tc);
  tcase_add_loop_test(slow, test_random_games_invariants, 0, 32);
  tcase_add_test(slow, test_playout_equals_api_loop);
  tcase_add_test(slow, test_perft_start);
  suite_add_tcase(s, slow);
  return s;
}

int main(void) { return ag_test_run(liubo_fingers_suite()); }
