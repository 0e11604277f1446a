/* SPDX-License-Identifier: MIT */
/*
 * check_mutants.c -- tests written to kill the mutants that a mutation
 * campaign of lib/ (tests/mutation.py, `make mutation') left alive: each
 * checks one rule that no other test pinned down.
 *   - an option word is matched whole: a prefix ("hare(first=h)") or a
 *     longer word is refused;
 *   - a spec, a position and an integer option with the digit 9 parse (a
 *     digit range cut at '8' went unnoticed);
 *   - the UCT player (games other than the hare hunt) plays its most
 *     visited move;
 *   - the UCT player values a draw below even for the side it searches for
 *     (contempt), whichever player that is;
 *   - the boards are symmetric: a quarter turn (and for liubo_sticks also a
 *     mirror) maps nodes to nodes of the same kind and edges to edges, so a
 *     wrong coordinate or edge in a board table shows;
 *   - error messages of the geometry and of the spec parser say what is wrong;
 *   - liubo_fingers' board drawing shows every piece;
 *   - the UCT player's analysis of a simultaneous node counts the visits of
 *     each choice;
 *   - record tag names take the ends of each character range (z, Z, 9);
 *     replacing or removing a tag keeps the others;
 *   - a long message fills the error buffer up to its last whole character;
 *   - ag_state_playouts with threads=1 starts no thread;
 *   - liubo_sticks' h11 planes count each side's centre stones by H11;
 *   - an action mask holds every legal action, action 0 too;
 *   - ag_vec_step's message quotes the lane and the action refused;
 *   - UTF-8 in tag values ends at U+10FFFF;
 *   - the picture labels every point and goal, and draws each point where
 *     the geometry puts it;
 *   - ag_state_apply_joint takes exactly two moves, and says how many it got;
 *   - ag_vec_lane's errors set the message;
 *   - a move token one bit away from a move is no move or reads back to itself;
 *   - a debug build's ag_game_free aborts while a state of the game is alive;
 *   - the players' choices on fixed positions and seeds (golden tables:
 *     tests/golden/choices-GAME.txt), so that a heuristic constant that
 *     changes a decision shows.
 *   - (mutcore, seed 37) a number in a move text has no leading zero and a
 *     text starting with a digit is a liubo_fingers choice; a liubo_fingers
 *     position entry out of order is named where it starts; a record's bad
 *     ply number is quoted up to 20 characters.
 *   - (mutai, seed 37, lib/ai/) a spec number stops at 30 digits;
 *     liubo_fingers' ai with an mcts option rolls out 40 plies; no line is
 *     written at line_cap 0; the hare's alpha-beta cut before depth 1, its
 *     message left alone at ply 0, the hunters' draw at contempt, a look at
 *     the caller's stop every 256 nodes; liubo_fingers' inner eight points,
 *     both sides' best replies blended in a guess stall, a two-hand throw.
 *   - (m38core, seed 38) fox_and_hens refuses 12 hens; liubo_fingers draws
 *     "W3+" and "(0)"; liubo_sticks cuts a station at 5 characters; a
 *     record's 64-character move is read; the hare playout draws as
 *     ag_rng_below; ag_state_set_tag reads no byte past the name.
 *   - (m39ai, seed 39, lib/ai/) liubo_fingers' ai values a game won by
 *     White at 1 and shares its tied best actions, judges a stall on both
 *     sides' mixes, and stops a guess round's secant steps at 12.
 *   - (s40ai, seed 40, lib/ai/) the hare's evaluation gives the hare an
 *     open capture as a win at 10 hunters only; the UCT player's root
 *     sure-win stop is on the root player's side; its line at a
 *     simultaneous node is written at line_cap 1.
 *   - (m41, seed 41, lib/ai/ and lib/api.c) liubo_fingers' ai values a
 *     game won by Black at 0 for White, and hashes every byte of a position
 *     into its table; ag_game_free aborts with a live state, in a test the
 *     mutation map sees; ag_game_mark writes the text; two states whose
 *     texts differ in length are not equal.
 */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <signal.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include "ancientgames.h"
#include "check_main.h"

static void expect_spec(const char *spec, int code, const char *canonical_part)
{
  ag_game *g = NULL;
  int rc = ag_game_new(spec, &g);
  ck_assert_msg(rc == code, "%s gave %d (%s), not %d", spec, rc, ag_errmsg(), code);
  if (code == AG_OK) {
    ck_assert_msg(strstr(ag_game_spec(g), canonical_part) != NULL, "%s: canonical %s lacks %s",
                  spec, ag_game_spec(g), canonical_part);
    ag_game_free(g);
  } else {
    ck_assert_ptr_null(g);
  }
}

START_TEST(option_words_are_matched_whole)
{
  expect_spec("hare(first=hare)", AG_OK, "first=hare");
  expect_spec("hare(first=hunters)", AG_OK, "first=hunters");
  expect_spec("hare(first=h)", AG_EPARSE, NULL);
  expect_spec("hare(first=hunt)", AG_EPARSE, NULL);
  expect_spec("hare(first=har)", AG_EPARSE, NULL);
  expect_spec("hare(first=hares)", AG_EPARSE, NULL);
  expect_spec("hare(first=huntersx)", AG_EPARSE, NULL);
  expect_spec("liubo_fingers(board=3)", AG_EPARSE, NULL);
  expect_spec("liubo_fingers(board=480)", AG_EPARSE, NULL);
  expect_spec("liubo_fingers(board=48)", AG_OK, "board=48");
  expect_spec("liubo_sticks(five=off)", AG_OK, "five=off");
  expect_spec("liubo_sticks(five=of)", AG_EPARSE, NULL);
  /* option names too */
  expect_spec("hare(hunt=10)", AG_ENOTFOUND, NULL);
  expect_spec("hare(hunterss=10)", AG_ENOTFOUND, NULL);
  expect_spec("har", AG_ENOTFOUND, NULL);
  expect_spec("hares", AG_ENOTFOUND, NULL);
}
END_TEST

START_TEST(digit_nine_parses)
{
  ag_game *g;
  ag_state *st;
  char text[256];
  expect_spec("hare(max_plies=9)", AG_OK, "max_plies=9)");
  expect_spec("hare(max_plies=919)", AG_OK, "max_plies=919)");
  expect_spec("hare(max_plies=999999)", AG_OK, "max_plies=999999)");
  expect_spec("hare(max_plies=1000000)", AG_OK, "max_plies=1000000)");
  expect_spec("hare(max_plies=1000001)", AG_EPARSE, NULL);
  expect_spec("hare(hunters=9)", AG_EPARSE, NULL);
  expect_spec("liubo_fingers(max_rounds=99999)", AG_OK, "max_rounds=99999)");
  expect_spec("liubo_sticks(max_turns=90)", AG_OK, "max_turns=90)");
  /* a position whose ply counter has nines */
  g = new_game("hare");
  st = new_state(g, ".XXXX/...X./X..../XX.../OXX.. X - 99");
  ck_assert_int_eq(ag_state_to_text(st, text, sizeof text, NULL), AG_OK);
  ck_assert_str_eq(text, ".XXXX/...X./X..../XX.../OXX.. X - 99");
  ck_assert_int_eq(ag_state_set_text(st, ".XXXX/...X./X..../XX.../OXX.. X - 19"), AG_OK);
  ck_assert_int_eq(ag_state_info(st, AG_INFO_COUNTER, 0, &(int){0}), AG_OK);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* The UCT player's final choice is its most visited root move.  With
 * rollout=0 every new node is scored at once by material, so in these two
 * liubo_sticks positions the one capturing move (not a win: the game goes
 * on) draws the visits; choosing the least visited move would miss it. */
START_TEST(uct_plays_the_most_visited_move)
{
  static const struct { const char *text, *capture; } pos[] = {
    {"white 3*2 owl - reserve 3 held 1 removed 0; black 2,4 owl - reserve 4 held 0 removed 0; "
     "black move 1+2; turns 3", "1:2-3"},
    {"white 6 owl - reserve 3 held 2 removed 0; black 2,3 owl - reserve 3 held 1 removed 0; "
     "white move 3+3; turns 4", "3:res-3"},
  };
  ag_game *g = new_game("liubo_sticks");
  size_t i;
  for (i = 0; i < sizeof pos / sizeof pos[0]; i++) {
    ag_state *st = new_state(g, pos[i].text);
    ag_move want, m, mv[64];
    size_t n = 0;
    uint64_t seed;
    ck_assert_int_eq(ag_move_from_text(g, pos[i].capture, &want), AG_OK);
    ck_assert_int_eq(ag_state_legal_moves(st, ag_state_current_player(st), mv, 64, &n), AG_OK);
    ck_assert_uint_ge(n, 4);
    for (seed = 1; seed <= 6; seed++) {
      uint64_t rng = seed;
      char text[32];
      ck_assert_int_eq(ag_ai_choose(st, "mcts(iterations=300,rollout=0)", &rng, &m), AG_OK);
      ag_move_to_text(g, m, text, sizeof text, NULL);
      ck_assert_msg(m == want, "position %zu, seed %llu: played %s, not the capture %s", i,
                    (unsigned long long)seed, text, pos[i].capture);
    }
    ag_state_free(st);
  }
  ag_game_free(g);
}
END_TEST

/* The UCT player counts a draw as 0.5 - contempt for the side it searches
 * for (the header: ag_analysis::value holds the contempt and the 0.1% shrink
 * per ply).  With hare(max_plies=1) every first move ends the game in a
 * draw at ply 1, so the root's value is exactly 0.5 - 0.999 * contempt, for
 * the hunters (player 0) as for the hare (player 1, hare first).  A contempt
 * of the wrong sign, or applied to the wrong player, gives 0.5 + ... */
START_TEST(uct_draw_value_has_contempt)
{
  static const char *specs[] = {"hare(max_plies=1)", "hare(first=hare,max_plies=1)"};
  static const double contempt[] = {0, 0.25, 0.5};
  size_t i, k;
  for (i = 0; i < 2; i++) {
    ag_game *g = new_game(specs[i]);
    ag_state *st = new_state(g, NULL);
    int p = ag_state_current_player(st);
    ck_assert_int_eq(p, (int)i);
    for (k = 0; k < 3; k++) {
      char params[64];
      ag_analysis an = {0};
      uint64_t rng = 7;
      double want = 0.5 - 0.999 * contempt[k];
      an.size = sizeof an;
      snprintf(params, sizeof params, "mcts(iterations=100,contempt=%g)", contempt[k]);
      ck_assert_int_eq(ag_ai_analyse(st, p, params, &rng, NULL, &an, NULL, 0, NULL, 0), AG_OK);
      ck_assert_msg(an.value > want - 1e-9 && an.value < want + 1e-9,
                    "%s, %s: value %.6f, not %.6f", specs[i], params, an.value, want);
    }
    ag_state_free(st);
    ag_game_free(g);
  }
}
END_TEST

/* The node at (x, y) of kind `kind`, or -1. */
static int node_at(const ag_game *g, int x, int y, int kind)
{
  int i, nx, ny, k;
  for (i = 0; i < ag_game_num_nodes(g); i++) {
    ck_assert_int_eq(ag_game_node(g, i, &nx, &ny, &k), AG_OK);
    if (nx == x && ny == y && k == kind) return i;
  }
  return -1;
}

/* Whether g has an edge a-b (either way) of kind `kind`. */
static int has_edge(const ag_game *g, int a, int b, int kind)
{
  int i, ea, eb, k;
  for (i = 0; i < ag_game_num_edges(g); i++) {
    ck_assert_int_eq(ag_game_edge(g, i, &ea, &eb, &k), AG_OK);
    if (k == kind && ((ea == a && eb == b) || (ea == b && eb == a))) return 1;
  }
  return 0;
}

/* Checks that the map (x, y) -> (c - y, x) (quarter) or (x, c - y) (mirror)
 * takes every node whose kind is in `kinds` (a bit per kind) to a node of the
 * same kind, and every edge between such nodes to an edge of the same kind. */
static void symmetric(const char *spec, int c, int mirror, unsigned kinds)
{
  ag_game *g = new_game(spec);
  int n = ag_game_num_nodes(g), img[128], i, x, y, k, a, b, checked = 0;
  ck_assert_int_le(n, 128);
  for (i = 0; i < n; i++) {
    ck_assert_int_eq(ag_game_node(g, i, &x, &y, &k), AG_OK);
    img[i] = -1;
    if (!(kinds >> k & 1)) continue;
    img[i] = mirror ? node_at(g, x, c - y, k) : node_at(g, c - y, x, k);
    ck_assert_msg(img[i] >= 0, "%s: node %s (%d,%d) has no %s image", spec,
                  ag_game_node_name(g, i), x, y, mirror ? "mirror" : "quarter-turn");
  }
  for (i = 0; i < ag_game_num_edges(g); i++) {
    ck_assert_int_eq(ag_game_edge(g, i, &a, &b, &k), AG_OK);
    if (img[a] < 0 || img[b] < 0) continue;
    ck_assert_msg(has_edge(g, img[a], img[b], k), "%s: edge %s-%s has no %s image", spec,
                  ag_game_node_name(g, a), ag_game_node_name(g, b),
                  mirror ? "mirror" : "quarter-turn");
    checked++;
  }
  ck_assert_int_gt(checked, 0);
  ag_game_free(g);
}

START_TEST(boards_are_symmetric)
{
  const unsigned board = 1u << AG_NODE_POINT | 1u << AG_NODE_GOAL, all = ~0u;
  symmetric("hare", 4, 0, all);
  symmetric("liubo_fingers", 24, 0, all);
  symmetric("liubo_fingers(board=48)", 24, 0, all);
  symmetric("liubo_sticks", 12, 0, board);     /* the reserves stand beside the board */
  symmetric("liubo_sticks", 12, 1, all);
}
END_TEST

/* The messages say which range or which word is wrong. */
START_TEST(messages_say_what_is_wrong)
{
  ag_game *g = new_game("liubo_fingers"), *h = NULL;
  int x;
  char want[64];
  ck_assert_int_eq(ag_game_node(g, ag_game_num_nodes(g), &x, &x, &x), AG_EINVAL);
  snprintf(want, sizeof want, "node %d out of range 0..%d", ag_game_num_nodes(g),
           ag_game_num_nodes(g) - 1);
  ck_assert_str_eq(ag_errmsg(), want);
  ck_assert_int_eq(ag_game_edge(g, -1, &x, &x, &x), AG_EINVAL);
  snprintf(want, sizeof want, "edge -1 out of range 0..%d", ag_game_num_edges(g) - 1);
  ck_assert_str_eq(ag_errmsg(), want);
  {
    ag_state *st = new_state(g, NULL);
    ck_assert_int_eq(ag_state_piece(st, 40, 0, &x, &x, &x), AG_EINVAL);
    snprintf(want, sizeof want, "node 40 out of range 0..%d", ag_game_num_nodes(g) - 1);
    ck_assert_str_eq(ag_errmsg(), want);
    ag_state_free(st);
  }
  ag_game_free(g);
  ck_assert_int_eq(ag_game_new("hare(=3)", &h), AG_EPARSE);
  ck_assert_ptr_nonnull(strstr(ag_errmsg(), "option name expected at byte 5"));
  ck_assert_int_eq(ag_game_new("hare(x=3)", &h), AG_ENOTFOUND);
  ck_assert_ptr_nonnull(strstr(ag_errmsg(), "no option 'x'"));
  ck_assert_ptr_null(h);
}
END_TEST

/* Every occupied point of a liubo_fingers board is drawn as its owner's
 * letter and count (W1, b2, ...): as many such cells as the position text
 * lists points; no line of the drawing ends in a space. */
START_TEST(fingers_drawing_shows_every_piece)
{
  ag_game *g = new_game("liubo_fingers");
  ag_state *st = new_state(g, NULL);
  uint64_t rng = 3;
  char text[4096], pic[8192], *p;
  int listed, drawn;
  ag_test_random_plies(st, &rng, 30);
  ck_assert_int_eq(ag_state_to_text(st, text, sizeof text, NULL), AG_OK);
  ck_assert_int_eq(ag_state_render(st, pic, sizeof pic, NULL), AG_OK);
  /* "white=V_NE*:1,Lb_N:1 black=M_S:1 ...": one "name:count" per point */
  listed = 0;
  for (p = text; *p && strncmp(p, " prisoners=", 11) != 0; p++) listed += *p == ':';
  p = strstr(pic, "W3/B3 flat");                   /* the legend below the board */
  ck_assert_ptr_nonnull(p);
  *p = '\0';
  drawn = 0;
  for (p = pic; p[0] && p[1]; p++)
    if (strchr("WBwb", p[0]) && p[1] >= '1' && p[1] <= '9' && (p == pic || p[-1] == ' '))
      drawn++;
  ck_assert_int_ge(listed, 4);
  ck_assert_msg(drawn == listed, "%d pieces drawn, %d listed in %s:\n%s", drawn, listed, text, pic);
  ck_assert_msg(strstr(pic, " \n") == NULL, "a line of the drawing ends in a space:\n%s", pic);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* At a simultaneous node (liubo_fingers' guess rounds) the UCT player's
 * analysis reports, per choice of the analysed player, how many iterations
 * went through it and their mean: some choices are visited, a visited one
 * has a value in 0..1, an unvisited one -1, and the visits add up to at
 * most the iterations. */
START_TEST(uct_simultaneous_choices_count_visits)
{
  ag_game *g = new_game("liubo_fingers(hands=2,scheme=guess)");
  ag_state *st = new_state(g, NULL);
  static ag_move_stat ms[1024];
  int p;
  ck_assert_int_eq(ag_state_current_player(st), AG_PLAYER_SIMULTANEOUS);
  for (p = 0; p < 2; p++) {
    ag_analysis an = {0};
    uint64_t rng = 5, sum = 0;
    size_t i, visited = 0;
    an.size = sizeof an;
    ck_assert_int_eq(ag_ai_analyse(st, p, "mcts(iterations=300)", &rng, NULL, &an, NULL, 0, ms, 1024),
                     AG_OK);
    ck_assert_uint_gt(an.num_moves, 1);
    ck_assert_uint_le(an.num_moves, 1024);
    for (i = 0; i < an.num_moves; i++) {
      sum += ms[i].visits;
      if (ms[i].visits) {
        visited++;
        ck_assert(ms[i].value >= 0 && ms[i].value <= 1);
      } else {
        ck_assert(ms[i].value == -1);
      }
    }
    ck_assert_uint_ge(visited, 2);
    ck_assert_uint_le(sum, 300);
  }
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* At a simultaneous root the visits are those of each player's own choice:
 * after three iterations of the opening guess round, regret matching has
 * played the first joint choice three times (its regret is the only
 * positive one), so each player's one visited choice has the 3 visits and
 * the largest share of the average strategy.  (Visits counted against the
 * choice list shifted by one land on the neighbouring choice.) */
START_TEST(uct_simultaneous_visits_are_the_choices_own)
{
  ag_game *g = new_game("liubo_fingers(hands=1,scheme=guess)");
  ag_state *st = new_state(g, NULL);
  static ag_move_stat ms[256];
  uint64_t seed;
  int p;
  for (seed = 1; seed <= 3; seed++)
    for (p = 0; p < 2; p++) {
      ag_analysis an = AG_ANALYSIS_INIT;
      uint64_t rng = seed;
      size_t i, visited = 0, top = 0;
      ck_assert_int_eq(ag_ai_analyse(st, p, "mcts(iterations=3)", &rng, NULL, &an, NULL, 0, ms, 256),
                       AG_OK);
      ck_assert_uint_eq(an.num_moves, 66);
      for (i = 0; i < an.num_moves; i++)
        if (ms[i].share > ms[top].share) top = i;
      for (i = 0; i < an.num_moves; i++)
        if (ms[i].visits) {
          visited++;
          ck_assert_msg(i == top && ms[i].visits == 3, "seed %llu player %d: choice %zu has %u visits, "
                        "choice %zu the largest share", (unsigned long long)seed, p, i,
                        (unsigned)ms[i].visits, top);
        }
      ck_assert_uint_eq(visited, 1);
    }
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* The UCT player's share of a root move is its part of the root's visits:
 * after a single iteration the one move tried has them all (share 1, one
 * visit), every other move none (a share cut at a total above 1 gave 0). */
START_TEST(uct_one_iteration_has_the_whole_share)
{
  ag_game *g = new_game("hare");
  ag_state *st = new_state(g, NULL);
  ag_move_stat ms[64];
  ag_analysis an = AG_ANALYSIS_INIT;
  uint64_t rng = 3;
  size_t i, tried = 0;
  ck_assert_int_eq(ag_ai_analyse(st, 0, "mcts(iterations=1)", &rng, NULL, &an, NULL, 0, ms, 64),
                   AG_OK);
  ck_assert_uint_gt(an.num_moves, 1);
  ck_assert_uint_le(an.num_moves, 64);
  for (i = 0; i < an.num_moves; i++) {
    if (ms[i].visits) {
      tried++;
      ck_assert_uint_eq(ms[i].visits, 1);
      ck_assert(ms[i].share == 1.0);
      ck_assert(ms[i].move == an.best);
    } else {
      ck_assert(ms[i].share == 0.0);
    }
  }
  ck_assert_uint_eq(tried, 1);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* st's tag `name' has the value `value'; value NULL: st has no such tag. */
static void expect_tag(const ag_state *st, const char *name, const char *value)
{
  char buf[64];
  int rc = ag_state_tag(st, name, buf, sizeof buf, NULL);
  if (!value) {
    ck_assert_msg(rc == AG_ENOTFOUND, "tag %s: %d (%s), not AG_ENOTFOUND", name, rc, ag_errmsg());
    return;
  }
  ck_assert_msg(rc == AG_OK, "tag %s: %s", name, ag_errmsg());
  ck_assert_str_eq(buf, value);
}

/* A tag name is letters, digits and '_' -- every letter, a to z and A to Z,
 * every digit 0 to 9 (the ends of each range included) -- and nothing else. */
START_TEST(tag_names_take_every_letter_and_digit)
{
  static const char *const good[] = {"a", "z", "A", "Z", "0", "9", "_", "Puzzle_9", "zZ09"};
  static const char *const bad[] = {"`", "{", "@", "[", "/", ":", "-", "a b", "\xc3\xa9"};
  ag_game *g = new_game("hare");
  ag_state *st = new_state(g, NULL);
  size_t i;
  for (i = 0; i < sizeof good / sizeof good[0]; i++) {
    ck_assert_msg(ag_state_set_tag(st, good[i], "v") == AG_OK, "tag %s: %s", good[i], ag_errmsg());
    expect_tag(st, good[i], "v");
  }
  for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
    ck_assert_msg(ag_state_set_tag(st, bad[i], "v") == AG_EINVAL, "tag %s accepted", bad[i]);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* Replacing a tag's value by a longer or a shorter one, or removing it,
 * moves the tags after it: each keeps its own value, and the record lists
 * them all. */
START_TEST(tags_replaced_and_removed_keep_the_others)
{
  ag_game *g = new_game("hare");
  ag_state *st = new_state(g, NULL);
  char rec[1024];
  ck_assert_int_eq(ag_state_set_tag(st, "A", "one"), AG_OK);
  ck_assert_int_eq(ag_state_set_tag(st, "B", "two"), AG_OK);
  ck_assert_int_eq(ag_state_set_tag(st, "C", "three"), AG_OK);
  ck_assert_int_eq(ag_state_set_tag(st, "A", "a much longer first value"), AG_OK);
  expect_tag(st, "A", "a much longer first value");
  expect_tag(st, "B", "two");
  expect_tag(st, "C", "three");
  ck_assert_int_eq(ag_state_set_tag(st, "B", "2"), AG_OK);
  expect_tag(st, "B", "2");
  expect_tag(st, "C", "three");
  ck_assert_int_eq(ag_state_set_tag(st, "A", NULL), AG_OK);
  expect_tag(st, "A", NULL);
  expect_tag(st, "B", "2");
  expect_tag(st, "C", "three");
  ck_assert_int_eq(ag_state_record(st, rec, sizeof rec, NULL), AG_OK);
  ck_assert_ptr_null(strstr(rec, "[A "));
  ck_assert_ptr_nonnull(strstr(rec, "[B \"2\"]"));
  ck_assert_ptr_nonnull(strstr(rec, "[C \"three\"]"));
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* ---- the error message's bound (lib/util.c) ----
 * A message quotes the caller's bytes (here an unknown option of a player:
 * the whole params), a control byte as \xHH (4 bytes for 1): a message longer than the buffer (255 bytes and the NUL) is cut at a
 * whole character, and only when the next one does not fit, so it is 254 or
 * 255 bytes long whatever the parity, and valid UTF-8. */
START_TEST(long_messages_fill_the_buffer)
{
  char name[400];
  int pad, k;
  ag_game *g = NULL;
  ag_state *st = NULL;
  ck_assert_int_eq(ag_game_new("hare", &g), AG_OK);
  ck_assert_int_eq(ag_state_new(g, &st), AG_OK);
  for (pad = 0; pad < 2; pad++) {
    for (k = 1; k <= 3; k++) {
      const unsigned char *m;
      size_t o = 10, len, i;
      uint64_t rng = 1;
      ag_move mv;
      memset(name, 0, sizeof name);
      memcpy(name, "mcts(zz=1,", 10);   /* the message quotes all the params */
      for (i = 0; i < (size_t)pad; i++) name[o++] = 'a';
      for (i = 0; i < (size_t)k; i++) name[o++] = '\x01';
      while (o + 2 < sizeof name - 1) {   /* U+00E9 (2 bytes) up to the end */
        name[o++] = '\xc3';
        name[o++] = '\xa9';
      }
      ck_assert_int_eq(ag_ai_choose(st, name, &rng, &mv), AG_ENOTFOUND);
      m = (const unsigned char *)ag_errmsg();
      len = strlen((const char *)m);
      ck_assert_msg(len == 254 || len == 255, "pad %d, %d escapes: a message of %zu bytes", pad, k,
                    len);
      ck_assert_ptr_nonnull(strstr((const char *)m, "\\x01"));
      /* it ends with a whole character: ...\xc3\xa9, never a lone lead byte */
      ck_assert_msg(m[len - 1] == 0xa9 && m[len - 2] == 0xc3, "pad %d, %d escapes: ends %02x %02x",
                    pad, k, m[len - 2], m[len - 1]);
    }
  }
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* ---- threads=1 means the calling thread alone (lib/batch.c) ----
 * The poll callback runs on the calling thread at the chunk points; it
 * counts the process's threads (/proc/self/task, Linux): with threads=1 no
 * worker is ever started, with threads=2 one is. */
static int poll_threads(void *arg)
{
  int *most = arg, n = ag_test_count_threads();
  if (n > *most) *most = n;
  return 0;
}

START_TEST(one_thread_is_the_callers)
{
  ag_game *g = NULL;
  ag_state *st = NULL;
  ag_playout_totals t1, t2;
  ag_control ctl = AG_CONTROL_INIT;
  int most = 0;
  if (ag_test_count_threads() != 1) return;   /* no /proc, or a threaded runner: nothing to see */
  ck_assert_int_eq(ag_game_new("hare", &g), AG_OK);
  ck_assert_int_eq(ag_state_new(g, &st), AG_OK);
  ctl.poll = poll_threads;
  ctl.user = &most;
  ck_assert_int_eq(ag_state_playouts_ex(st, 5, 20000, 200, 1, &ctl, &t1), AG_OK);
  ck_assert_int_eq(most, 1);
  most = 0;
  ck_assert_int_eq(ag_state_playouts_ex(st, 5, 20000, 200, 2, &ctl, &t2), AG_OK);
  ck_assert_int_le(most, 2);
  ck_assert_int_eq(memcmp(&t1, &t2, sizeof t1), 0);   /* the same totals either way */
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* ---- ag_control's fields that fit (lib/ai/ai_stop.c) ----
 * A caller's ag_control is read up to its size: a field is read exactly
 * when the size covers it whole, at the boundary included. */
static int poll_stop(void *arg)
{
  if (arg) ++*(int *)arg;
  return 1;
}

START_TEST(control_reads_the_fields_that_fit)
{
  ag_game *g = NULL;
  ag_state *st = NULL;
  ag_playout_totals t;
  ag_control ctl = AG_CONTROL_INIT;
  const volatile int stop = 1;
  int calls = 0;
  ck_assert_int_eq(ag_game_new("hare", &g), AG_OK);
  ck_assert_int_eq(ag_state_new(g, &st), AG_OK);
  ctl.stop = &stop;
  ctl.size = offsetof(ag_control, stop);                      /* size alone: no stop */
  ck_assert_int_eq(ag_state_playouts_ex(st, 1, 50, 200, 1, &ctl, &t), AG_OK);
  ck_assert_uint_eq(t.playouts, 50);
  ctl.size = offsetof(ag_control, stop) + sizeof ctl.stop;    /* the flag, just */
  ck_assert_int_eq(ag_state_playouts_ex(st, 1, 50, 200, 1, &ctl, &t), AG_ECANCELED);
  ctl.stop = NULL;
  ctl.poll = poll_stop;
  ctl.user = &calls;
  ctl.size = offsetof(ag_control, poll);                      /* no callback */
  ck_assert_int_eq(ag_state_playouts_ex(st, 1, 50, 200, 1, &ctl, &t), AG_OK);
  ctl.size = offsetof(ag_control, poll) + sizeof ctl.poll;    /* the callback, not user */
  ck_assert_int_eq(ag_state_playouts_ex(st, 1, 50, 200, 1, &ctl, &t), AG_ECANCELED);
  ck_assert_int_eq(calls, 0);
  ctl.size = sizeof ctl;                                      /* user too */
  ck_assert_int_eq(ag_state_playouts_ex(st, 1, 50, 200, 1, &ctl, &t), AG_ECANCELED);
  ck_assert_int_eq(calls, 1);
  {
    /* a later caller's bigger struct: every field this release knows is read */
    struct { ag_control c; void *later; } big;
    memset(&big, 0, sizeof big);
    big.c = ctl;
    big.c.size = sizeof big;
    ck_assert_int_eq(ag_state_playouts_ex(st, 1, 50, 200, 1, &big.c, &t), AG_ECANCELED);
    ck_assert_int_eq(calls, 2);
  }
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* time_ms=1 is a deadline of one millisecond: an mcts with no other budget
 * ends (without one it would grow its tree until memory runs out). */
START_TEST(one_millisecond_is_a_deadline)
{
  ag_game *g = new_game("hare");
  ag_state *st = new_state(g, NULL);
  ag_analysis an = AG_ANALYSIS_INIT;
  uint64_t rng = 1;
  ck_assert_int_eq(ag_ai_analyse(st, 0, "mcts(time_ms=1)", &rng, NULL, &an, NULL, 0, NULL, 0), AG_OK);
  ck_assert_uint_ge(an.work, 1);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* An unknown player's name is quoted up to 40 bytes (lib/ai/ai_params.c);
 * "ai" is matched whole. */
START_TEST(unknown_player_name_is_cut_at_40)
{
  ag_game *g = new_game("hare");
  ag_state *st = new_state(g, NULL);
  char name[64], want[160];
  uint64_t rng = 1;
  ag_move m;
  size_t n;
  for (n = 40; n <= 42; n++) {
    memset(name, 'z', n);
    name[n] = '\0';
    ck_assert_int_eq(ag_ai_choose(st, name, &rng, &m), AG_ENOTFOUND);
    snprintf(want, sizeof want, "ai: unknown player \"%.40s\" (", name);
    ck_assert_msg(strncmp(ag_errmsg(), want, strlen(want)) == 0, "%zu: %s", n, ag_errmsg());
  }
  /* "ai" is the whole name: neither a longer name that starts with it nor another
   * two-letter one */
  ck_assert_int_eq(ag_ai_choose(st, "aim", &rng, &m), AG_ENOTFOUND);
  ck_assert_int_eq(ag_ai_choose(st, "ab", &rng, &m), AG_ENOTFOUND);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* A fox_and_hens point name off the 7x7 grid is no point (read_point): not
 * node 0 either (h1-d1 would then be the step c1-d1). */
START_TEST(fox_points_off_the_grid_are_refused)
{
  ag_game *g = new_game("fox_and_hens");
  static const char *const bad[] = {"h3-g3", "c0-c1", "c8-c7", "`3-a3", "h1-d1", "c2-i9"};
  ag_move m;
  size_t i;
  for (i = 0; i < sizeof bad / sizeof *bad; i++)
    ck_assert_msg(ag_move_from_text(g, bad[i], &m) == AG_EPARSE, "%s: %s", bad[i], ag_errmsg());
  ck_assert_int_eq(ag_move_from_text(g, "c1-c2", &m), AG_OK);
  ag_game_free(g);
}
END_TEST

/* ---- record lines after a comment (lib/record.c) ----
 * A brace comment over two lines counts as two lines: the error after it
 * names the record's true line. */
START_TEST(record_lines_count_through_comments)
{
  ag_game *g = new_game("hare");
  ag_state *st = new_state(g, NULL);
  ck_assert_int_eq(ag_state_set_record(
                       st, "[Game \"hare\"]\n\n{a comment\nover two lines}\n1. zz *\n"),
                   AG_EPARSE);
  ck_assert_msg(strncmp(ag_errmsg(), "record line 5, byte 45: ", 24) == 0, "%s", ag_errmsg());
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* ---- the hare's counters and drawing (lib/games/hare/hare.c) ----
 * The hunters' captured count is a counter too (always 0: the hunters take
 * nothing), and the drawing has every row, the first one included. */
START_TEST(hare_counters_and_drawing)
{
  static const char start[] =
      "5  . - . - . - . - .\n"
      "   | \\ | / | \\ | / |\n"
      "4  . - . - . - . - .\n"
      "   | / | \\ | / | \\ |\n"
      "3  X - . - O - . - X\n"
      "   | \\ | / | \\ | / |\n"
      "2  X - X - X - X - X\n"
      "   | / | \\ | / | \\ |\n"
      "1  X - X - X - X - X\n"
      "   a   b   c   d   e\n"
      "hunters: 12 of 12   ply 0   hunters to move\n";
  ag_game *g = new_game("hare");
  ag_state *st = new_state(g, NULL);
  char pic[1024];
  int v = -1;
  ck_assert_int_eq(ag_state_info(st, AG_INFO_CAPTURED, 0, &v), AG_OK);
  ck_assert_int_eq(v, 0);
  ck_assert_int_eq(ag_state_info(st, AG_INFO_CAPTURED, 2, &v), AG_EINVAL);
  ck_assert_int_eq(ag_state_render(st, pic, sizeof pic, NULL), AG_OK);
  ck_assert_str_eq(pic, start);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* ---- liubo_sticks' expectimax move statistics (lib/ai/liubo_sticks_search.c) ----
 * Every legal move once, in the listing's order; visits 0 (no sampling), the
 * best move share 1 and the analysis's value, the others share 0, value -1. */
START_TEST(sticks_move_stats_are_the_moves)
{
  ag_game *g = new_game("liubo_sticks");
  ag_state *st = new_state(g, NULL);
  ag_move legal[64], line[4];
  ag_move_stat ms[64];
  ag_analysis an = AG_ANALYSIS_INIT;
  uint64_t walk = 3, rng = 5;
  size_t n = 0, k;
  int who, found = 0;
  for (;;) {   /* the first decision with a choice */
    ag_move m;
    who = ag_state_current_player(st);
    if (who == 0 || who == 1) {
      ck_assert_int_eq(ag_state_legal_moves(st, who, legal, 64, &n), AG_OK);
      if (n >= 3) break;
    }
    ck_assert_int_eq(ag_ai_choose(st, "random", &walk, &m), AG_OK);
    ck_assert_int_eq(ag_state_apply(st, m), AG_OK);
  }
  memset(ms, 0xa5, sizeof ms);
  ck_assert_int_eq(ag_ai_analyse(st, who, "ai(depth=2)", &rng, NULL, &an, line, 4, ms, 64),
                   AG_OK);
  ck_assert_uint_eq(an.num_moves, n);
  for (k = 0; k < n; k++) {
    ck_assert_uint_eq(ms[k].move, legal[k]);
    ck_assert_uint_eq(ms[k].visits, 0);
    if (ms[k].move == an.best) {
      found++;
      ck_assert(ms[k].share == 1.0);
      ck_assert(ms[k].value == an.value);
    } else {
      ck_assert(ms[k].share == 0.0);
      ck_assert(ms[k].value == -1.0);
    }
  }
  ck_assert_int_eq(found, 1);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* ---- liubo_sticks' centre planes (lib/games/liubo_sticks.c) ----
 * h11/0 and h11/1 hold, on every node, each side's stones in the centre that
 * came by H11 (X11), not those by H6 (X6). */
START_TEST(sticks_h11_planes)
{
  static const char *const pos =
    "white X6,X11*2 owl - reserve 3 held 0 removed 0; "
    "black X11 owl - reserve 5 held 0 removed 0; white throw; turns 4";
  ag_game *g = NULL;
  ag_state *st = NULL;
  size_t planes, nodes, p, i, len;
  float *obs;
  int seen = 0;
  ck_assert_int_eq(ag_game_new("liubo_sticks", &g), AG_OK);
  ck_assert_int_eq(ag_state_new(g, &st), AG_OK);
  ck_assert_msg(ag_state_set_text(st, pos) == AG_OK, "%s", ag_errmsg());
  ck_assert_int_eq(ag_game_observation_shape(g, &planes, &nodes), AG_OK);
  obs = calloc(planes * nodes, sizeof *obs);
  ck_assert_ptr_nonnull(obs);
  ck_assert_int_eq(ag_state_observation(st, obs, planes * nodes, &len), AG_OK);
  ck_assert_uint_eq(len, planes * nodes);
  for (p = 0; p < planes; p++) {
    const char *name = ag_game_observation_plane(g, p);
    float want;
    if (strcmp(name, "liubo_sticks:h11/0") == 0) want = 2.0f;
    else if (strcmp(name, "liubo_sticks:h11/1") == 0) want = 1.0f;
    else continue;
    seen++;
    for (i = 0; i < nodes; i++)
      ck_assert_msg(obs[p * nodes + i] == want, "%s at node %zu: %g, not %g", name, i,
                    (double)obs[p * nodes + i], (double)want);
  }
  ck_assert_int_eq(seen, 2);
  /* and the plane names around the side-to-move block, exactly */
  ck_assert_str_eq(ag_game_observation_plane(g, 4), "to_move/0");
  ck_assert_str_eq(ag_game_observation_plane(g, 7), "to_move/simultaneous");
  ck_assert_str_eq(ag_game_observation_plane(g, 8), "info:pending_steps/0");
  free(obs);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* A new game of spec, a new state of it and its picture (malloc'ed). */
static char *svg_of(const char *spec, ag_game **g, ag_state **st)
{
  size_t len = 0;
  char *svg;
  ck_assert_int_eq(ag_game_new(spec, g), AG_OK);
  ck_assert_int_eq(ag_state_new(*g, st), AG_OK);
  ck_assert_int_eq(ag_state_svg(*st, 0, NULL, 0, &len), AG_EBUFS);
  svg = malloc(len + 1);
  ck_assert_ptr_nonnull(svg);
  ck_assert_int_eq(ag_state_svg(*st, 0, svg, len + 1, &len), AG_OK);
  return svg;
}

/* ---- the picture labels its points (lib/svg.c) ----
 * ag_state_svg writes a label under every point and goal node (boxes have
 * their own): as many "label" texts as such nodes, in every game. */
START_TEST(svg_labels_every_point)
{
  static const char *const specs[] = {"hare", "liubo_sticks", "liubo_fingers", "fox_and_hens"};
  size_t k;
  for (k = 0; k < sizeof specs / sizeof *specs; k++) {
    ag_game *g = NULL;
    ag_state *st = NULL;
    char *svg = svg_of(specs[k], &g, &st);
    const char *p;
    int i, x, y, kind, want = 0, got = 0;
    for (i = 0; i < ag_game_num_nodes(g); i++) {
      ck_assert_int_eq(ag_game_node(g, i, &x, &y, &kind), AG_OK);
      want += kind == AG_NODE_POINT || kind == AG_NODE_GOAL;
    }
    for (p = svg; (p = strstr(p, "<text class=\"label\"")) != NULL; p++) got++;
    ck_assert_msg(got == want && want > 0, "%s: %d labels for %d points and goals", specs[k], got,
                  want);
    free(svg);
    ag_state_free(st);
    ag_game_free(g);
  }
}
END_TEST

/* ---- the picture puts each point where the geometry does (lib/svg.c) ----
 * Every point's circle is at an affine map of its (x, y): cx = a + s x and
 * cy = b - s y (y grows upwards on the board, downwards in SVG), the same a,
 * b and s > 0 for every point. */
START_TEST(svg_points_follow_the_geometry)
{
  static const char *const specs[] = {"hare", "fox_and_hens"};
  size_t k;
  for (k = 0; k < sizeof specs / sizeof *specs; k++) {
    ag_game *g = NULL;
    ag_state *st = NULL;
    char *svg = svg_of(specs[k], &g, &st), key[64];
    int i, x, y, kind, x0 = 0, y0 = 0, seen = 0;
    double cx0 = 0, cy0 = 0, scale = 0;
    for (i = 0; i < ag_game_num_nodes(g); i++) {
      const char *p;
      double cx, cy;
      ck_assert_int_eq(ag_game_node(g, i, &x, &y, &kind), AG_OK);
      if (kind != AG_NODE_POINT) continue;
      snprintf(key, sizeof key, "data-index=\"%d\"><circle class=\"point\"", i);
      p = strstr(svg, key);
      ck_assert_msg(p != NULL, "%s: no circle for node %d", specs[k], i);
      ck_assert_int_eq(sscanf(p + strlen(key), " cx=\"%lf\" cy=\"%lf\"", &cx, &cy), 2);
      if (!seen++) {
        x0 = x, y0 = y, cx0 = cx, cy0 = cy;
        continue;
      }
      if (scale == 0 && x != x0) scale = (cx - cx0) / (x - x0);
      if (scale == 0) continue;
      ck_assert_msg(scale > 0 && fabs(cx - (cx0 + scale * (x - x0))) < 1e-6 &&
                    fabs(cy - (cy0 - scale * (y - y0))) < 1e-6,
                    "%s: node %d (%d,%d) drawn at (%g,%g)", specs[k], i, x, y, cx, cy);
    }
    ck_assert_int_gt(seen, 2);
    ck_assert(scale > 0);
    free(svg);
    ag_state_free(st);
    ag_game_free(g);
  }
}
END_TEST

/* ---- the action mask has every legal action, action 0 too (lib/tensor.c) ----
 * Along seeded random games, each acting player's mask holds exactly the
 * actions whose moves ag_state_is_legal accepts; the games chosen reach
 * positions where action 0 itself is legal. */
START_TEST(action_mask_is_the_legal_moves)
{
  static const char *const specs[] = {"hare", "fox_and_hens"};
  size_t k;
  for (k = 0; k < sizeof specs / sizeof *specs; k++) {
    ag_game *g = NULL;
    ag_state *st = NULL;
    uint64_t rng = 11;
    size_t na, a, len;
    unsigned char *mask;
    int ply, zero = 0;
    ck_assert_int_eq(ag_game_new(specs[k], &g), AG_OK);
    ck_assert_int_eq(ag_state_new(g, &st), AG_OK);
    na = ag_game_num_actions(g);
    mask = malloc(na);
    ck_assert_ptr_nonnull(mask);
    for (ply = 0; ply < 400; ply++) {
      int who = ag_state_current_player(st), p;
      ag_move m, joint[2];
      if (ag_state_is_terminal(st)) {
        ag_state_free(st);
        ck_assert_int_eq(ag_state_new(g, &st), AG_OK);
        who = ag_state_current_player(st);
      }
      for (p = 0; p < 2; p++) {
        if (who != p && who != AG_PLAYER_SIMULTANEOUS) continue;
        ck_assert_int_eq(ag_state_action_mask(st, p, mask, na, &len), AG_OK);
        ck_assert_uint_eq(len, na);
        for (a = 0; a < na; a++) {
          ck_assert_int_eq(ag_game_action_move(g, a, &m), AG_OK);
          ck_assert_msg(mask[a] == (ag_state_is_legal(st, p, m) == 1), "%s ply %d: action %zu",
                        specs[k], ply, a);
        }
        zero += mask[0];
      }
      if (who == AG_PLAYER_SIMULTANEOUS) {
        ck_assert_int_eq(ag_ai_choose_player(st, 0, "random", &rng, &joint[0]), AG_OK);
        ck_assert_int_eq(ag_ai_choose_player(st, 1, "random", &rng, &joint[1]), AG_OK);
        ck_assert_int_eq(ag_state_apply_joint(st, joint, 2), AG_OK);
      } else {
        ck_assert_int_eq(ag_ai_choose(st, "random", &rng, &m), AG_OK);
        ck_assert_int_eq(ag_state_apply(st, m), AG_OK);
      }
    }
    ck_assert_msg(zero > 0, "%s: action 0 was never legal", specs[k]);
    free(mask);
    ag_state_free(st);
    ag_game_free(g);
  }
}
END_TEST

/* ---- ag_vec_step names the lane and the action refused (lib/vec.c) ----
 * actions[2 i + p] is player p's action in lane i: the message quotes the
 * very action that is not legal, and no lane moves. */
START_TEST(vec_names_the_illegal_action)
{
  ag_game *g = NULL;
  ag_vec *v = NULL;
  int32_t act[6];
  char want[128];
  size_t i;
  ck_assert_int_eq(ag_game_new("hare", &g), AG_OK);
  ck_assert_int_eq(ag_vec_new(g, 3, 1, AG_VEC_AUTORESET, &v), AG_OK);
  ck_assert_int_eq(ag_vec_random_actions(v, act), AG_OK);
  for (i = 0; i < 3; i++) act[2 * i + 1] = 1000 + (int32_t)i;   /* not the mover's: unread */
  act[2 * 2] = 999999;                                            /* lane 2's mover: no action */
  ck_assert_int_eq(ag_vec_step(v, act, NULL, NULL, 1), AG_EILLEGAL);
  snprintf(want, sizeof want, "ag_vec_step: lane 2: action 999999 is not legal for %s here",
           ag_game_player_name(g, ag_state_current_player(ag_vec_lane(v, 2))));
  ck_assert_str_eq(ag_errmsg(), want);
  for (i = 0; i < 3; i++) ck_assert_uint_eq(ag_state_ply(ag_vec_lane(v, i)), 0);
  ag_vec_free(v);
  ag_game_free(g);
}
END_TEST

/* ---- UTF-8 up to U+10FFFF (lib/util.c) ----
 * A tag value is UTF-8: the last code point U+10FFFF is taken, the first
 * beyond it (F4 90 80 80) refused with AG_EINVAL, and so is an overlong one. */
START_TEST(utf8_ends_at_10ffff)
{
  ag_game *g = NULL;
  ag_state *st = NULL;
  char rec[4096];
  ck_assert_int_eq(ag_game_new("hare", &g), AG_OK);
  ck_assert_int_eq(ag_state_new(g, &st), AG_OK);
  ck_assert_int_eq(ag_state_set_tag(st, "Event", "a\xf4\x8f\xbf\xbf" "b"), AG_OK);
  ck_assert_int_eq(ag_state_set_tag(st, "Site", "\xf0\x90\x80\x80"), AG_OK);       /* U+10000 */
  ck_assert_int_eq(ag_state_set_tag(st, "Round", "\xf4\x90\x80\x80"), AG_EINVAL);  /* U+110000 */
  ck_assert_int_eq(ag_state_set_tag(st, "Round", "\xf0\x8f\xbf\xbf"), AG_EINVAL);  /* overlong */
  ck_assert_int_eq(ag_state_record(st, rec, sizeof rec, NULL), AG_OK);
  ck_assert_ptr_nonnull(strstr(rec, "[Event \"a\xf4\x8f\xbf\xbf" "b\"]"));
  ck_assert_ptr_null(strstr(rec, "[Round "));
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* ---- the players' choices, golden (tests/golden/choices-GAME.txt) ----
 * The players' heuristics (evaluation weights, cut-offs, budgets, layer
 * choices) are constants that no rule pins down: a change to one that changes
 * a decision is caught here.  For each game, seeded random play reaches a few
 * positions; at each, each player analyses with a fixed RNG seed and small
 * budgets (no time budget: the result is a function of the seed alone), and
 * its chosen move, the value (its bits), proven and distance, the depth and
 * work of the search and the principal line are compared with the committed
 * table.  After an intended change of a player,
 * write the tables anew (HACKING, "Golden playthroughs"):
 *     top_builddir=. top_srcdir=. sh tests/check-golden.sh --write          */
typedef struct choices_case {
  const char *name, *spec;
  uint64_t seed;
  int plies, every;
  const char *players[4];
} choices_case;

static const choices_case choices_cases[] = {
  {"hare", "hare", 3, 60, 6,
   {"ai(nodes=3000)", "alphabeta(depth=3)", "mcts(iterations=300)", NULL}},
  /* 10 and 11 hunters: the evaluation's other layers */
  {"hare-10", "hare(hunters=10)", 4, 40, 5, {"ai(nodes=3000)", "alphabeta(depth=2)", NULL}},
  {"hare-11", "hare(hunters=11,first=hare)", 6, 40, 5, {"ai(nodes=3000)", "alphabeta(depth=2)", NULL}},
  {"liubo_sticks", "liubo_sticks", 5, 160, 10,
   {"ai", "expectimax1", "ai(depth=1)", "mcts(iterations=200)"}},
  {"liubo_fingers", "liubo_fingers", 7, 40, 4,
   {"ai(nodes=20000)", "ai(depth=1)", "mcts(iterations=200)", "ai"}},
  {"fox_and_hens", "fox_and_hens", 9, 60, 6, {"ai(iterations=300)", "mcts(iterations=200,c=0.5)",
   "mcts(iterations=200,threads=3)", NULL}},
  /* the expectimax below its root's children: decision nodes under chance nodes */
  {"liubo_sticks-deep", "liubo_sticks", 13, 120, 12, {"ai(depth=4)", NULL}},
  /* the guess scheme: each round's mixed equilibrium, found by secant steps */
  {"liubo_fingers-guess", "liubo_fingers(hands=2,scheme=guess)", 23, 10, 6, {"ai", NULL}},
};

static void choices_move(const ag_game *g, ag_move m, char *buf, size_t cap)
{
  if (m == AG_MOVE_NONE) {
    snprintf(buf, cap, "-");
    return;
  }
  ck_assert_int_eq(ag_move_to_text(g, m, buf, cap, NULL), AG_OK);
}

/* Appends the lines of one case to out (at most cap bytes). */
static void choices_lines(const choices_case *c, char *out, size_t cap)
{
  ag_game *g = NULL;
  ag_state *st = NULL;
  uint64_t walk = c->seed;
  size_t o = 0;
  int ply, k, player, next = 0;
  ck_assert_int_eq(ag_game_new(c->spec, &g), AG_OK);
  ck_assert_int_eq(ag_state_new(g, &st), AG_OK);
  out[0] = '\0';
  for (ply = 0; ply < c->plies; ply++) {
    int who;
    if (ag_state_is_terminal(st)) {   /* a short game: the next one from the start */
      ag_state_free(st);
      ck_assert_int_eq(ag_state_new(g, &st), AG_OK);
    }
    who = ag_state_current_player(st);
    ag_move m, joint[2];
    size_t nlegal = 0;
    /* a position every `every' plies, where the player to act (player 0 at
     * a simultaneous node) has a choice to make */
    if (who != AG_PLAYER_CHANCE)
      ck_assert_int_ge(ag_state_legal_moves(st, who == AG_PLAYER_SIMULTANEOUS ? 0 : who, NULL, 0,
                                            &nlegal), AG_EBUFS);
    if (ply >= next && nlegal >= 2) {
      next = ply + c->every;
      for (k = 0; k < 4 && c->players[k]; k++) {
        for (player = 0; player < 2; player++) {
          ag_analysis an = AG_ANALYSIS_INIT;
          ag_move line[6];
          char best[64], text[64];
          uint64_t rng = c->seed * 1000 + (uint64_t)ply, vbits;
          size_t i;
          int rc;
          if (who != AG_PLAYER_SIMULTANEOUS && player != who) continue;
          rc = ag_ai_analyse(st, player, c->players[k], &rng, NULL, &an, line, 6, NULL, 0);
          ck_assert_msg(rc == AG_OK, "%s ply %d %s: %d %s", c->name, ply, c->players[k], rc,
                        ag_errmsg());
          choices_move(g, an.best, best, sizeof best);
          memcpy(&vbits, &an.value, sizeof vbits);
          o += (size_t)snprintf(out + o, cap - o, "ply %d %s p%d: %s value %016llx proven %d "
                                "distance %d depth %d work %llu line", ply, c->players[k], player,
                                best, (unsigned long long)vbits, an.proven, an.distance, an.depth,
                                (unsigned long long)an.work);
          ck_assert_uint_lt(o, cap);
          for (i = 0; i < an.line_len && i < 6; i++) {
            choices_move(g, line[i], text, sizeof text);
            o += (size_t)snprintf(out + o, cap - o, " %s", text);
            ck_assert_uint_lt(o, cap);
          }
          o += (size_t)snprintf(out + o, cap - o, "\n");
          ck_assert_uint_lt(o, cap);
        }
      }
    }
    if (who == AG_PLAYER_SIMULTANEOUS) {
      ck_assert_int_eq(ag_ai_choose_player(st, 0, "random", &walk, &joint[0]), AG_OK);
      ck_assert_int_eq(ag_ai_choose_player(st, 1, "random", &walk, &joint[1]), AG_OK);
      ck_assert_int_eq(ag_state_apply_joint(st, joint, 2), AG_OK);
    } else {
      ck_assert_int_eq(ag_ai_choose(st, "random", &walk, &m), AG_OK);
      ck_assert_int_eq(ag_state_apply(st, m), AG_OK);
    }
  }
  ag_state_free(st);
  ag_game_free(g);
}

/* ---- ag_state_apply_joint takes exactly two moves (lib/api.c) ----
 * At a simultaneous node of liubo_fingers, one move, three moves (the first
 * two a legal joint move) and a NULL array with n = 2 are refused with
 * AG_EINVAL and a message giving the count (0 for NULL); the state is left
 * as it was; the same two moves with n = 2 are played. */
START_TEST(apply_joint_needs_two_moves)
{
  ag_game *g = new_game("liubo_fingers");
  ag_state *st = new_state(g, NULL);
  uint64_t rng = 3;
  ag_move mv[512], three[3];
  char before[512], after[512];
  size_t n, plies = 0;
  int q;
  while (ag_state_current_player(st) != AG_PLAYER_SIMULTANEOUS) {
    ck_assert_int_eq(ag_test_random_ply(st, &rng), 1);
    ck_assert_uint_lt(++plies, 200);
  }
  for (q = 0; q < 2; q++) {
    ck_assert_int_eq(ag_state_legal_moves(st, q, mv, 512, &n), AG_OK);
    ck_assert_uint_gt(n, 0);
    three[q] = mv[0];
  }
  three[2] = three[0];
  ck_assert_int_eq(ag_state_to_text(st, before, sizeof before, NULL), AG_OK);
  ck_assert_int_eq(ag_state_apply_joint(st, three, 1), AG_EINVAL);
  ck_assert_str_eq(ag_errmsg(), "ag_state_apply_joint: need 2 moves, got 1");
  ck_assert_int_eq(ag_state_apply_joint(st, three, 3), AG_EINVAL);
  ck_assert_str_eq(ag_errmsg(), "ag_state_apply_joint: need 2 moves, got 3");
  ck_assert_int_eq(ag_state_apply_joint(st, NULL, 2), AG_EINVAL);
  ck_assert_str_eq(ag_errmsg(), "ag_state_apply_joint: need 2 moves, got 0");
  ck_assert_int_eq(ag_state_to_text(st, after, sizeof after, NULL), AG_OK);
  ck_assert_str_eq(after, before);
  ck_assert_uint_eq(ag_state_ply(st), plies);
  ck_assert_int_eq(ag_state_apply_joint(st, three, 2), AG_OK);
  ck_assert_uint_eq(ag_state_ply(st), plies + 1);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* ---- ag_vec_lane's errors set the message (lib/vec.c) ----
 * A NULL vector and a lane past the last give NULL and say which. */
START_TEST(vec_lane_errors_say_why)
{
  ag_game *g = new_game("hare");
  ag_vec *v = NULL;
  ck_assert_int_eq(ag_vec_new(g, 2, 1, 0, &v), AG_OK);
  ck_assert_ptr_nonnull(ag_vec_lane(v, 1));
  ck_assert_int_eq(ag_game_new("no_such_game", &(ag_game *){NULL}), AG_ENOTFOUND);
  ck_assert_ptr_null(ag_vec_lane(NULL, 0));
  ck_assert_str_eq(ag_errmsg(), "ag_vec_lane: vector is NULL");
  ck_assert_int_eq(ag_game_new("no_such_game", &(ag_game *){NULL}), AG_ENOTFOUND);
  ck_assert_ptr_null(ag_vec_lane(v, 2));
  ck_assert_str_eq(ag_errmsg(), "ag_vec_lane: lane out of range");
  ag_vec_free(v);
  ag_game_free(g);
}
END_TEST

/* ---- a move token is checked whole (lib/games/fox_and_hens.c, hare.c) ----
 * Every token one bit away from a legal step, jump or pass is either no
 * move of the game (ag_move_info and ag_move_to_text refuse it) or a move
 * whose text reads back to that same token: a step with another direction
 * (or none) in it is not accepted as the step. */
START_TEST(move_tokens_near_moves_are_checked)
{
  static const struct { const char *spec, *text; } pos[] = {
    {"fox_and_hens", NULL},
    {"fox_and_hens(threshold=1,chain=0)", ".../.../...H.../..HF.../..H.H../.../... F - 8"},
    {"fox_and_hens(threshold=1)", ".../.../......./....H../...HF../.../... F * 8"},   /* a pass */
    {"hare", NULL},
  };
  size_t k;
  for (k = 0; k < sizeof pos / sizeof *pos; k++) {
    ag_game *g = new_game(pos[k].spec);
    ag_state *st = new_state(g, pos[k].text);
    ag_move mv[512];
    size_t n, i, tried = 0;
    int p = ag_state_current_player(st), b, kinds = 0;
    ck_assert_int_eq(ag_state_legal_moves(st, p, mv, 512, &n), AG_OK);
    ck_assert_uint_gt(n, 0);
    for (i = 0; i < n; i++) {
      int kind;
      ck_assert_int_eq(ag_move_info(g, mv[i], &kind, NULL, NULL), AG_OK);
      kinds |= 1 << kind;
      for (b = 0; b < 32; b++) {
        ag_move v = mv[i] ^ (ag_move)1 << b, back;
        char text[64];
        int rc = ag_move_info(g, v, NULL, NULL, NULL);
        tried++;
        if (rc != AG_OK) {
          ck_assert_int_eq(rc, AG_EINVAL);
          ck_assert_int_eq(ag_move_to_text(g, v, text, sizeof text, NULL), AG_EINVAL);
          continue;
        }
        ck_assert_int_eq(ag_move_to_text(g, v, text, sizeof text, NULL), AG_OK);
        ck_assert_int_eq(ag_move_from_text(g, text, &back), AG_OK);
        ck_assert_msg(back == v, "%s: token 0x%08x (move 0x%08x, bit %d) reads as %s, token 0x%08x",
                      pos[k].spec, (unsigned)v, (unsigned)mv[i], b, text, (unsigned)back);
      }
    }
    ck_assert_uint_eq(tried, 32 * n);
    ck_assert_int_eq(kinds, k == 1 ? 1 << AG_MOVE_STEP | 1 << AG_MOVE_JUMP
                            : k == 2 ? 1 << AG_MOVE_JUMP | 1 << AG_MOVE_PASS : 1 << AG_MOVE_STEP);
    ag_state_free(st);
    ag_game_free(g);
  }
}
END_TEST

/* ---- ag_game_free checks that no state is left (lib/api.c) ----
 * Debug builds (without NDEBUG) assert it: a child process that frees a game
 * with a live state dies of SIGABRT; one that frees its state first, or a
 * game that never had one, exits normally.  Skipped (passes) with NDEBUG. */
#ifndef NDEBUG
static int free_game_in_child(int free_state_first)
{
  pid_t pid = fork();
  int status = 0;
  ck_assert_int_ge(pid, 0);
  if (pid == 0) {
    struct rlimit no_core = {0, 0};
    ag_game *g = NULL;
    ag_state *st = NULL;
    setrlimit(RLIMIT_CORE, &no_core);
    if (!freopen("/dev/null", "w", stderr)) _exit(5);   /* the assertion's message */
    if (ag_game_new("hare", &g) != AG_OK) _exit(3);
    if (free_state_first >= 0 && ag_state_new(g, &st) != AG_OK) _exit(4);
    if (free_state_first > 0) ag_state_free(st);
    ag_game_free(g);
    _exit(0);
  }
  ck_assert_int_eq(waitpid(pid, &status, 0), pid);
  return status;
}
#endif

START_TEST(game_free_asserts_no_live_state)
{
#ifdef NDEBUG
  fprintf(stderr, "game_free_asserts_no_live_state: NDEBUG build, no assertion to check\n");
#else
  int status = free_game_in_child(0);
  ck_assert_msg(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT,
                "freeing a game with a live state: status 0x%x, not SIGABRT", (unsigned)status);
  status = free_game_in_child(1);
  ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0, "state freed first: status 0x%x",
                (unsigned)status);
  status = free_game_in_child(-1);
  ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0, "no state: status 0x%x",
                (unsigned)status);
#endif
}
END_TEST

/* Compares (or with AG_GOLDEN_WRITE=1 writes) tests/golden/choices-NAME.txt. */
static void check_choices(const choices_case *c)
{
  static char got[65536], want[65536];
  const char *top = getenv("top_srcdir");
  char path[4096];
  FILE *f;
  size_t n;
  choices_lines(c, got, sizeof got);
  snprintf(path, sizeof path, "%s/tests/golden/choices-%s.txt", top ? top : ".", c->name);
  if (getenv("AG_GOLDEN_WRITE")) {
    f = fopen(path, "w");
    ck_assert_msg(f != NULL, "cannot write %s", path);
    fputs(got, f);
    ck_assert_int_eq(fclose(f), 0);
    return;
  }
  f = fopen(path, "r");
  ck_assert_msg(f != NULL, "cannot read %s (top_srcdir)", path);
  n = fread(want, 1, sizeof want - 1, f);
  fclose(f);
  want[n] = '\0';
  if (strcmp(got, want) != 0) {
    const char *a = got, *b = want;
    while (*a && *a == *b) a++, b++;
    while (a > got && a[-1] != '\n') a--, b--;
    ck_abort_msg("%s: the players' choices differ from %s:\n  got:  %.160s\n  want: %.160s",
                 c->name, path, a, b);
  }
}

/* One test per game, so that the mutation campaign's map tells them apart. */
START_TEST(choices_hare) { check_choices(&choices_cases[0]); }
END_TEST
START_TEST(choices_hare_10_11) { check_choices(&choices_cases[1]); check_choices(&choices_cases[2]); }
END_TEST
START_TEST(choices_liubo_sticks) { check_choices(&choices_cases[3]); }
END_TEST
START_TEST(choices_liubo_fingers) { check_choices(&choices_cases[4]); }
END_TEST
START_TEST(choices_fox_and_hens) { check_choices(&choices_cases[5]); }
END_TEST
START_TEST(choices_liubo_sticks_deep) { check_choices(&choices_cases[6]); }
END_TEST
START_TEST(choices_liubo_fingers_guess) { check_choices(&choices_cases[7]); }
END_TEST

static TCase *mutai_tcase(void);   /* the players' survivors (seed 37), at the end */
static TCase *m38core_tcase(void); /* the survivors of seed 38 outside lib/ai/, at the end */
static TCase *m38ai_tcase(void);   /* lib/ai/ survivors of seed 38, at the end */
static TCase *m39ai_tcase(void);   /* lib/ai/ survivors of seed 39, at the end */
static TCase *m40ai_tcase(void);   /* lib/ai/ survivors of seed 40, at the end */
static TCase *m41_tcase(void);     /* survivors of seed 41 (lib/ai/, lib/api.c), at the end */

static Suite *mutants_suite(void)
{
  Suite *s = suite_create("mutants");
  TCase *tc = tcase_create("survivors");
  tcase_add_test(tc, option_words_are_matched_whole);
  tcase_add_test(tc, digit_nine_parses);
  tcase_add_test(tc, uct_plays_the_most_visited_move);
  tcase_add_test(tc, uct_draw_value_has_contempt);
  tcase_add_test(tc, boards_are_symmetric);
  tcase_add_test(tc, messages_say_what_is_wrong);
  tcase_add_test(tc, fingers_drawing_shows_every_piece);
  tcase_add_test(tc, uct_simultaneous_choices_count_visits);
  tcase_add_test(tc, uct_one_iteration_has_the_whole_share);
  tcase_add_test(tc, uct_simultaneous_visits_are_the_choices_own);
  tcase_add_test(tc, tag_names_take_every_letter_and_digit);
  tcase_add_test(tc, tags_replaced_and_removed_keep_the_others);
  tcase_add_test(tc, long_messages_fill_the_buffer);
  tcase_add_test(tc, one_thread_is_the_callers);
  tcase_add_test(tc, control_reads_the_fields_that_fit);
  tcase_add_test(tc, unknown_player_name_is_cut_at_40);
  tcase_add_test(tc, one_millisecond_is_a_deadline);
  tcase_add_test(tc, sticks_move_stats_are_the_moves);
  tcase_add_test(tc, fox_points_off_the_grid_are_refused);
  tcase_add_test(tc, hare_counters_and_drawing);
  tcase_add_test(tc, record_lines_count_through_comments);
  tcase_add_test(tc, sticks_h11_planes);
  tcase_add_test(tc, action_mask_is_the_legal_moves);
  tcase_add_test(tc, vec_names_the_illegal_action);
  tcase_add_test(tc, utf8_ends_at_10ffff);
  tcase_add_test(tc, svg_labels_every_point);
  tcase_add_test(tc, svg_points_follow_the_geometry);
  tcase_add_test(tc, apply_joint_needs_two_moves);
  tcase_add_test(tc, vec_lane_errors_say_why);
  tcase_add_test(tc, move_tokens_near_moves_are_checked);
  tcase_add_test(tc, game_free_asserts_no_live_state);
  tcase_add_test(tc, choices_hare);
  tcase_add_test(tc, choices_hare_10_11);
  tcase_add_test(tc, choices_liubo_sticks);
  tcase_add_test(tc, choices_liubo_fingers);
  tcase_add_test(tc, choices_fox_and_hens);
  tcase_add_test(tc, choices_liubo_sticks_deep);
  tcase_add_test(tc, choices_liubo_fingers_guess);
  suite_add_tcase(s, tc);
  suite_add_tcase(s, mutai_tcase());
  suite_add_tcase(s, m38core_tcase());
  suite_add_tcase(s, m38ai_tcase());
  suite_add_tcase(s, m39ai_tcase());
  suite_add_tcase(s, m40ai_tcase());
  suite_add_tcase(s, m41_tcase());
  return s;
}


/* ------------------------------------------------------------------------
 * mutcore: survivors of the seed-37 campaign outside lib/ai/ (issue 27). */

/* ag_move_from_text / ag_state_set_text / ag_state_set_record: the exact
 * error, with its message. */
static void expect_error(int rc, int code, const char *message, const char *what)
{
  ck_assert_msg(rc == code, "%s gave %d (%s), not %d", what, rc, ag_errmsg(), code);
  ck_assert_msg(strcmp(ag_errmsg(), message) == 0, "%s: message '%s', not '%s'", what, ag_errmsg(),
                message);
}

/* Numbers in move texts are canonical: a leading zero is refused where the
 * number starts (lib/util.c ag__scan_num), and a text starting with a digit
 * is a choice (liubo_fingers' lf_move_read). */
START_TEST(move_numbers_have_no_leading_zero)
{
  ag_game *lf = new_game("liubo_fingers"), *ls = new_game("liubo_sticks");
  ag_move m = 0;
  expect_error(ag_move_from_text(lf, "03", &m), AG_EPARSE,
               "liubo_fingers: fingers out of range at byte 0", "03");
  expect_error(ag_move_from_text(lf, "3/04", &m), AG_EPARSE,
               "liubo_fingers: call out of range at byte 2", "3/04");
  expect_error(ag_move_from_text(lf, "3a", &m), AG_EPARSE,
               "liubo_fingers: unexpected text after the choice at byte 1", "3a");
  ck_assert_int_eq(ag_move_from_text(lf, "0", &m), AG_OK);
  ck_assert_int_eq(ag_move_from_text(lf, "3/4", &m), AG_OK);
  expect_error(ag_move_from_text(ls, "1+02", &m), AG_EPARSE,
               "liubo_sticks: a second value 1..4 expected at byte 2", "1+02");
  expect_error(ag_move_from_text(ls, "01+2", &m), AG_EPARSE,
               "liubo_sticks: a value 1..4 expected at byte 0", "01+2");
  ck_assert_int_eq(ag_move_from_text(ls, "1+2", &m), AG_OK);
  ag_game_free(lf);
  ag_game_free(ls);
}
END_TEST

/* liubo_fingers' position text: an entry out of order is named where it
 * starts, not after its count. */
START_TEST(fingers_entry_out_of_order_is_named_where_it_starts)
{
  ag_game *g = new_game("liubo_fingers");
  ag_state *st = new_state(g, NULL);
  expect_error(ag_state_set_text(st, "white=V_NW*:3,V_NE*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 "
                                     "home=0,0 sticks=0+0,0+0 fish=c,c phase=guess rounds=0"),
               AG_EPARSE, "liubo_fingers: points out of order or repeated at byte 14", "V_NW before V_NE");
  expect_error(ag_state_set_text(st, "white=V_NE*:3,V_NW*:3 black=V_SW*:3,V_SW*:3 prisoners=0,0 "
                                     "home=0,0 sticks=0+0,0+0 fish=c,c phase=guess rounds=0"),
               AG_EPARSE, "liubo_fingers: points out of order or repeated at byte 36", "V_SW twice");
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* A record's bad ply number is quoted up to 20 characters. */
START_TEST(record_quotes_20_characters_of_a_bad_ply_number)
{
  ag_game *g = new_game("hare");
  ag_state *st = new_state(g, NULL);
  ck_assert_int_eq(ag_state_set_record(st, "[Game \"hare\"]\n1. e3-d4\n"
                                           "2222222222333333333344444 c3xe5\n"), AG_EPARSE);
  ck_assert_msg(strstr(ag_errmsg(), "ply number '2.' expected, found '22222222223333333333'") != NULL,
                "%s", ag_errmsg());
  ck_assert_int_eq(ag_state_set_record(st, "[Game \"hare\"]\n1. e3-d4\n"
                                           "2222222222333333333 c3xe5\n"), AG_EPARSE);
  ck_assert_msg(strstr(ag_errmsg(), "ply number '2.' expected, found '2222222222333333333'") != NULL,
                "%s", ag_errmsg());
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

static Suite *mutcore_suite(void)
{
  Suite *s = mutants_suite();
  TCase *tc = tcase_create("mutcore");
  tcase_add_test(tc, move_numbers_have_no_leading_zero);
  tcase_add_test(tc, fingers_entry_out_of_order_is_named_where_it_starts);
  tcase_add_test(tc, record_quotes_20_characters_of_a_bad_ply_number);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) { return ag_test_run(mutcore_suite()); }

/* ------------------------------------------------------------------
 * The players' survivors of the seed-37 campaign (lib/ai/, issue 27).
 */

/* A number of a player spec has at most 30 digits, its fraction too
 * (ai_params.c: read_double). */
START_TEST(spec_numbers_stop_at_30_digits)
{
  ag_game *g = new_game("hare");
  ag_state *st = new_state(g, NULL);
  uint64_t rng = 3;
  ag_move m;
  /* "0." and 29 digits: 30 */
  ck_assert_int_eq(ag_ai_choose(st, "mcts(iterations=1,c=0.00000000000000000000000000001)", &rng, &m),
                   AG_OK);
  /* "0." and 30 digits: 31 */
  ck_assert_int_eq(ag_ai_choose(st, "mcts(iterations=1,c=0.000000000000000000000000000001)", &rng, &m),
                   AG_EPARSE);
  ck_assert_ptr_nonnull(strstr(ag_errmsg(), "bad value of c"));
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* Two analyses are the same, move statistics included. */
static void analyse_pair(const ag_state *st, int player, const char *a, const char *b, int same)
{
  ag_analysis x = AG_ANALYSIS_INIT, y = AG_ANALYSIS_INIT;
  ag_move_stat mx[128], my[128];
  uint64_t r1 = 77, r2 = 77;
  size_t i, differ = 0;
  ck_assert_int_eq(ag_ai_analyse(st, player, a, &r1, NULL, &x, NULL, 0, mx, 128), AG_OK);
  ck_assert_int_eq(ag_ai_analyse(st, player, b, &r2, NULL, &y, NULL, 0, my, 128), AG_OK);
  ck_assert_uint_eq(x.num_moves, y.num_moves);
  ck_assert_uint_le(x.num_moves, 128);
  differ = x.value != y.value || x.best != y.best;
  for (i = 0; i < x.num_moves; i++)
    differ |= mx[i].move != my[i].move || mx[i].visits != my[i].visits || mx[i].value != my[i].value;
  ck_assert_msg(differ == !same, "%s and %s: %s", a, b, same ? "differ" : "the same");
}

/* liubo_fingers' "ai" given an option of "mcts" is the 0.2 player,
 * "mcts(...,rollout=40)" (ai_params.c: the rollout of that player). */
START_TEST(fingers_ai_with_mcts_options_rolls_out_40)
{
  ag_game *g = new_game("liubo_fingers");
  ag_state *st = new_state(g, NULL);
  int p = ag_state_current_player(st) == 1;
  analyse_pair(st, p, "ai(iterations=60)", "mcts(iterations=60,rollout=40)", 1);
  analyse_pair(st, p, "ai(iterations=60)", "mcts(iterations=60,rollout=39)", 0);   /* it shows */
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* liubo_sticks' expectimax writes the principal line only within line_cap:
 * a line given with capacity 0 is left alone. */
START_TEST(sticks_line_cap_0_writes_nothing)
{
  ag_game *g = new_game("liubo_sticks");
  ag_state *st = new_state(g, "white 3*2 owl - reserve 3 held 1 removed 0; black 2,4 owl - reserve 4 "
                              "held 0 removed 0; black move 1+2; turns 3");
  ag_analysis an = AG_ANALYSIS_INIT;
  ag_move line[2] = {12345, 12345};
  uint64_t rng = 1;
  ck_assert_int_eq(ag_ai_analyse(st, 1, "expectimax(depth=1)", &rng, NULL, &an, line, 0, NULL, 0), AG_OK);
  ck_assert_uint_eq(an.line_len, 1);
  ck_assert_uint_ne(an.best, AG_MOVE_NONE);
  ck_assert_uint_eq(line[0], 12345);
  ck_assert_int_eq(ag_ai_analyse(st, 1, "expectimax(depth=1)", &rng, NULL, &an, line, 1, NULL, 0), AG_OK);
  ck_assert_uint_eq(line[0], an.best);
  ck_assert_uint_eq(line[1], 12345);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* The hare hunt's alpha-beta stopped by its node budget before it
 * completed a depth: the first move of its ordering, worth an even 0.5,
 * at depth 0 (hare_search.c: value and depth start at 0).  Here the hare
 * (chain=1) has two double captures: the first one's chain spends node 1,
 * the second node 2, over the budget of 1. */
START_TEST(hare_search_cut_before_depth_1)
{
  ag_game *g = new_game("hare(chain=1)");
  ag_state *st = new_state(g, ".X.../X.X../.XO../X...X/XXXXX O - 7");
  ag_analysis an = AG_ANALYSIS_INIT;
  ag_move_stat ms[16];
  char buf[16];
  uint64_t rng = 1;
  int kind = 0;
  ck_assert_int_eq(ag_ai_analyse(st, 1, "alphabeta(nodes=1)", &rng, NULL, &an, NULL, 0, ms, 16), AG_OK);
  ck_assert_int_eq(an.depth, 0);
  ck_assert(an.value == 0.5);
  ck_assert_int_eq(an.proven, 0);
  ck_assert_uint_eq(an.work, 2);
  ck_assert_int_eq(ag_move_info(g, an.best, &kind, NULL, NULL), AG_OK);
  ck_assert_int_eq(ag_move_to_text(g, an.best, buf, sizeof buf, NULL), AG_OK);
  ck_assert_str_eq(buf, "c3xa3");
  /* with one more node, depth 1 finds the double capture that wins */
  ck_assert_int_eq(ag_ai_analyse(st, 1, "alphabeta(nodes=2)", &rng, NULL, &an, NULL, 0, NULL, 0), AG_OK);
  ck_assert_int_eq(an.depth, 1);
  ck_assert(an.value == 1.0);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* A successful search leaves the last message alone (ag_errmsg: "a
 * success does not clear it"): the hare hunt's alpha-beta at ply 0 reads
 * no earlier position (hare_search.c: it undoes only while ply > 0). */
START_TEST(hare_search_keeps_the_last_message)
{
  ag_game *g = new_game("hare");
  ag_state *st = new_state(g, NULL);
  ag_game *bad = NULL;
  char before[256];
  uint64_t rng = 1;
  ag_move m;
  ck_assert_int_eq(ag_game_new("hare(nosuch=1)", &bad), AG_ENOTFOUND);
  snprintf(before, sizeof before, "%s", ag_errmsg());
  ck_assert_uint_eq(ag_state_ply(st), 0);
  ck_assert_int_eq(ag_ai_choose(st, "alphabeta(depth=2)", &rng, &m), AG_OK);
  ck_assert_str_eq(ag_errmsg(), before);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* The hare hunt's alpha-beta values a draw (here the hunters' repetition)
 * at contempt less than even for the side it searches for, the hunters
 * too (hare_search.c: the draw's sign per side).  In this position of a
 * random game the hunters' best with contempt 0.5 is a draw: worth -500
 * thousandths, reported as 1 / (1 + e^2). */
START_TEST(hare_search_hunters_draw_has_contempt)
{
  ag_game *g = new_game("hare");
  ag_state *st = new_state(g, NULL);
  ag_analysis an = AG_ANALYSIS_INIT;
  uint64_t rng = 15, r2 = 5;
  int ply;
  for (ply = 0; ply < 28; ply++) {
    ag_move m;
    ck_assert_int_eq(ag_ai_choose(st, "random", &rng, &m), AG_OK);
    ck_assert_int_eq(ag_state_apply(st, m), AG_OK);
  }
  ck_assert_int_eq(ag_state_current_player(st), 0);
  ck_assert_int_eq(ag_ai_analyse(st, 0, "alphabeta(depth=4,contempt=0.5)", &r2, NULL, &an, NULL, 0,
                                 NULL, 0), AG_OK);
  ck_assert_msg(fabs(an.value - 1 / (1 + exp(2.0))) < 1e-12, "value %.17g", an.value);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

static long mutai_now_ns(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (long)t.tv_sec * 1000000000L + t.tv_nsec;
}

/* A poll callback that lets the clock pass 1.1 ms before it returns, so
 * that the searches' limit of one poll per millisecond never skips a call:
 * every look at the caller's stop calls it, and their number is the
 * search's, whatever the machine's speed. */
static int poll_every_look(void *arg)
{
  long t0 = mutai_now_ns();
  while (mutai_now_ns() - t0 < 1100000L) {}
  ++*(int *)arg;
  return 0;
}

/* The hare hunt's alpha-beta looks at the caller's stop before each depth
 * and every 256 nodes (hare_search.c: ab_spend_node, at nodes 256, 512,
 * ...): from the start, nodes=1000 runs depths 1 to 5 and stops in depth 6
 * at node 1001, so 6 + 3 looks. */
START_TEST(hare_search_looks_every_256_nodes)
{
  ag_game *g = new_game("hare");
  ag_state *st = new_state(g, NULL);
  ag_analysis an = AG_ANALYSIS_INIT;
  ag_control ctl = AG_CONTROL_INIT;
  uint64_t rng = 1;
  int calls = 0;
  ctl.poll = poll_every_look;
  ctl.user = &calls;
  ck_assert_int_eq(ag_ai_analyse(st, 0, "alphabeta(nodes=1000)", &rng, &ctl, &an, NULL, 0, NULL, 0),
                   AG_OK);
  ck_assert_uint_eq(an.work, 1001);
  ck_assert_int_eq(an.depth, 5);
  ck_assert_int_eq(calls, (an.depth + 1) + 1000 / 256);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* liubo_fingers' round search: the choices each side plays (share > 0,
 * to 6 decimals) and White's value after ai(depth=1), in two guess rounds
 * of random games. */
static void fingers_round(const char *text, int player, const char *played, double value)
{
  ag_game *g = new_game("liubo_fingers(scheme=guess)");
  ag_state *st = new_state(g, text);
  ag_analysis an = AG_ANALYSIS_INIT;
  ag_move_stat ms[128];
  char got[2048], buf[32];
  size_t i, len = 0;
  uint64_t rng = 3;
  ck_assert_int_eq(ag_ai_analyse(st, player, "ai(depth=1)", &rng, NULL, &an, NULL, 0, ms, 128), AG_OK);
  ck_assert_uint_le(an.num_moves, 128);
  got[0] = '\0';
  for (i = 0; i < an.num_moves; i++)
    if (ms[i].share > 0) {
      ck_assert_int_eq(ag_move_to_text(g, ms[i].move, buf, sizeof buf, NULL), AG_OK);
      len += (size_t)snprintf(got + len, sizeof got - len, "%s%s:%.6f", len ? " " : "", buf, ms[i].share);
      ck_assert_uint_lt(len, sizeof got);
    }
  if (played) ck_assert_str_eq(got, played);
  ck_assert_msg(fabs((player ? 1 - an.value : an.value) - value) < 1e-12, "%s: White's value %.15g",
                text, player ? 1 - an.value : an.value);
  ag_state_free(st);
  ag_game_free(g);
}

/* A guess stall (a VOID round nearly always): both sides blend in their
 * best replies to the other's mix, those within 1e-9 of the best one's
 * value (liubo_fingers_search.c: blend_best_replies, for White the
 * highest, for Black the lowest of White's values). */
START_TEST(fingers_stall_blends_both_sides_best_replies)
{
  static const char *const pos =
      "white=V_NE*:3,V_NW*:3 black=Lb_N:1,V_SW*:2,V_SE*:3 prisoners=0,0 home=0,0 "
      "sticks=0+0,0+0 fish=c,c phase=guess rounds=4";
  fingers_round(pos, 0,
                "0/2:0.004167 0/3:0.059304 1/2:0.004167 1/3:0.054670 2/2:0.004167 2/3:0.050425 "
                "3/3:0.046538 3/8:0.004167 4/8:0.701685 4/9:0.004167 5/8:0.004167 5/10:0.062378",
                0.480880464907243);
  fingers_round(pos, 1,
                "0/2:0.192077 0/3:0.003956 1/2:0.176267 1/3:0.003956 2/2:0.161786 2/3:0.003956 "
                "3/3:0.003956 3/8:0.148522 4/8:0.095043 5/8:0.202568 5/9:0.003956 5/10:0.003956",
                0.480880464907243);
}
END_TEST

/* The evaluation counts each of the inner eight points one step from the
 * centre (liubo_fingers_search.c: compute_dist); here White's piece on
 * Tl_S is walked towards them. */
START_TEST(fingers_inner_eight_are_one_step)
{
  fingers_round("white=V_NE*:3,V_NW*:2,Tl_S:1 black=V_SW*:2,V_SE*:3,M_E:1 prisoners=0,0 home=0,0 "
                "sticks=0+0,0+0 fish=c,c phase=guess rounds=8",
                0, NULL, 0.493085838962112);
}
END_TEST

/* A throw round of two hands (10 fingers a side: the largest throw matrix,
 * 11 x 11 of counts 0 .. 20): the choices White plays and its value
 * (liubo_fingers_search.c: throw_game fills exactly k x k entries; one
 * more overruns the matrix, which the sanitizer build reports). */
START_TEST(fingers_two_hand_throw_round)
{
  ag_game *g = new_game("liubo_fingers(hands=2)");
  ag_state *st = new_state(g, "white=V_NE*:3,V_NW*:3 black=J_W:1,V_SW*:3,V_SE*:2 prisoners=0,0 "
                              "home=0,0 sticks=0+0,0+0 fish=c,c phase=throw:w rounds=2");
  ag_analysis an = AG_ANALYSIS_INIT;
  ag_move_stat ms[32];
  char got[512], buf[32];
  size_t i, len = 0;
  uint64_t rng = 3;
  ck_assert_int_eq(ag_ai_analyse(st, 0, "ai(depth=1)", &rng, NULL, &an, NULL, 0, ms, 32), AG_OK);
  ck_assert_uint_eq(an.num_moves, 11);   /* shows 0 .. 10 */
  got[0] = '\0';
  for (i = 0; i < an.num_moves; i++)
    if (ms[i].share > 0) {
      ck_assert_int_eq(ag_move_to_text(g, ms[i].move, buf, sizeof buf, NULL), AG_OK);
      len += (size_t)snprintf(got + len, sizeof got - len, "%s%s:%.6f", len ? " " : "", buf, ms[i].share);
      ck_assert_uint_lt(len, sizeof got);
    }
  ck_assert_str_eq(got, "1:0.006705 2:0.023148 3:0.043952 4:0.032366 5:0.011417 6:0.080017 "
                        "7:0.112548 8:0.060086 10:0.629761");
  ck_assert_msg(fabs(an.value - 0.54881275024549) < 1e-12, "value %.15g", an.value);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

static TCase *mutai_tcase(void)
{
  TCase *tc = tcase_create("players_survivors");
  tcase_add_test(tc, spec_numbers_stop_at_30_digits);
  tcase_add_test(tc, fingers_ai_with_mcts_options_rolls_out_40);
  tcase_add_test(tc, sticks_line_cap_0_writes_nothing);
  tcase_add_test(tc, hare_search_cut_before_depth_1);
  tcase_add_test(tc, hare_search_keeps_the_last_message);
  tcase_add_test(tc, hare_search_hunters_draw_has_contempt);
  tcase_add_test(tc, hare_search_looks_every_256_nodes);
  tcase_add_test(tc, fingers_stall_blends_both_sides_best_replies);
  tcase_add_test(tc, fingers_inner_eight_are_one_step);
  tcase_add_test(tc, fingers_two_hand_throw_round);
  return tc;
}

/* ------------------------------------------------------------------
 * The survivors of the seed-38 sample outside lib/ai/ (issue 27).
 */

/* fox_and_hens takes 13 to 17 hens: 12 is refused (fox_and_hens.c fh_options). */
START_TEST(m38_fox_and_hens_takes_13_to_17_hens)
{
  ag_game *g = NULL;
  ck_assert_int_eq(ag_game_new("fox_and_hens(hens=12)", &g), AG_EPARSE);
  ck_assert_ptr_null(g);
  ck_assert_str_eq(ag_errmsg(), "spec: bad value '12' for hens at byte 18; allowed: an integer from 13 to 17");
  ck_assert_int_eq(ag_game_new("fox_and_hens(hens=13)", &g), AG_OK);
  ag_game_free(g);
}
END_TEST

/* Renders st and expects `line' as a whole line of the drawing (the
 * drawing is printed when it is not). */
static void expect_drawing_line(const ag_state *st, const char *line)
{
  char buf[8192], want[256];
  ck_assert_int_eq(ag_state_render(st, buf, sizeof buf, NULL), AG_OK);
  snprintf(want, sizeof want, "\n%s\n", line);
  ck_assert_msg(strstr(buf, want) != NULL, "no line \"%s\" in:\n%s", line, buf);
}

/* liubo_fingers' drawing: a point with flat and crosswise pieces shows
 * "W3+", a prisoner dot shows "(0)" (liubo_fingers.c point_cell, lf_render). */
START_TEST(m38_fingers_drawing_marks_both_kinds_and_prisoners)
{
  ag_game *g = new_game("liubo_fingers");
  ag_state *st = new_state(g, "white=V_NE*:2,V_NE:1,V_NW*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 "
                              "home=0,0 sticks=0+0,0+0 fish=c,c phase=guess rounds=0");
  expect_drawing_line(st, "            W3                                              W3+");
  expect_drawing_line(st, "                  ()                                  (0)");
  expect_drawing_line(st, "                  (0)                                 ()");
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* liubo_sticks' drawing cuts a station's contents at 5 characters: the
 * owl, a white stone and a black one there show as "W*w1b"
 * (liubo_sticks.c put_cell). */
START_TEST(m38_sticks_cell_shows_5_characters)
{
  ag_game *g = new_game("liubo_sticks");
  ag_state *st = new_state(g, "white 5 owl 5 reserve 4 held 0 removed 0; "
                              "black 5 owl - reserve 5 held 0 removed 0; white throw; turns 0");
  expect_drawing_line(st, "  .                             |                             W*w1b");
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* A record's move of exactly 64 characters is read as a move (and refused
 * as none); 65 are too long (record.c read_move, MOVE_TOKEN_MAX). */
START_TEST(m38_record_move_token_of_64_characters)
{
  ag_game *g = new_game("hare");
  ag_state *st = new_state(g, NULL);
  char rec[160], tok[66];
  memset(tok, 'a', 64);
  tok[64] = '\0';
  snprintf(rec, sizeof rec, "[Game \"hare\"]\n1. %s\n", tok);
  ck_assert_int_eq(ag_state_set_record(st, rec), AG_EPARSE);
  ck_assert_msg(strstr(ag_errmsg(), "ply 1: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' is not a move") != NULL,
                "%s", ag_errmsg());
  tok[64] = 'a', tok[65] = '\0';
  snprintf(rec, sizeof rec, "[Game \"hare\"]\n1. %s\n", tok);
  ck_assert_int_eq(ag_state_set_record(st, rec), AG_EPARSE);
  ck_assert_msg(strstr(ag_errmsg(), "ply 1: 'aaaaaaaaaaaaaaaaaaaa...' is too long for a move") != NULL,
                "%s", ag_errmsg());
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* The state SplitMix64 must hold for its next output to be z: the output
 * mix undone (each step is a bijection), less the golden-ratio increment. */
static uint64_t m38_state_before_output(uint64_t z)
{
  uint64_t i1 = UINT64_C(0xBF58476D1CE4E5B9), i2 = UINT64_C(0x94D049BB133111EB);
  uint64_t c1 = i1, c2 = i2;
  int k;
  for (k = 0; k < 6; k++) i1 *= 2 - c1 * i1, i2 *= 2 - c2 * i2;   /* inverses mod 2^64 */
  z ^= z >> 31 ^ z >> 62;
  z *= i2;
  z ^= z >> 27 ^ z >> 54;
  z *= i1;
  z ^= z >> 30 ^ z >> 60;
  return z - UINT64_C(0x9E3779B97F4A7C15);
}

/* The hare's playout draws exactly as ag_rng_below: an output r with
 * (-n) % n <= r < n (here r = n - 1, n the number of moves) is taken at
 * once, as the last move, not drawn again (hare_playout.c draw_below). */
START_TEST(m38_hare_playout_takes_a_small_draw)
{
  ag_game *g = new_game("hare");
  ag_state *st = new_state(g, NULL);
  size_t n = 0, plies = 0;
  uint64_t rng, start, below;
  ag_move moves[64];
  ck_assert_int_eq(ag_state_legal_moves(st, ag_state_current_player(st), moves, 64, &n), AG_OK);
  ck_assert_uint_gt(n, 1);
  start = rng = m38_state_before_output(n - 1);
  below = start;
  ck_assert_uint_eq(ag_rng_next(&below), n - 1);   /* the inverse is right */
  below = start;
  ck_assert_uint_eq(ag_rng_below(&below, n), n - 1);
  ck_assert_uint_eq(below, start + UINT64_C(0x9E3779B97F4A7C15));   /* one draw */
  ck_assert_int_eq(ag_state_playout(st, &rng, 1, &plies, NULL, NULL), AG_OUTCOME_ONGOING);
  ck_assert_uint_eq(plies, 1);
  ck_assert_uint_eq(rng, below);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* ag_state_set_tag reads the name up to its terminator and not one byte
 * more: a name ending a page whose next page is unreadable is taken
 * (record.c ag_state_set_tag's copy of the name). */
START_TEST(m38_set_tag_reads_no_byte_past_the_name)
{
  ag_game *g = new_game("hare");
  ag_state *st = new_state(g, NULL);
  long page = sysconf(_SC_PAGESIZE);
  char *map, *name, got[16];
  int fd = open("/dev/zero", O_RDWR);   /* (MAP_ANONYMOUS is not POSIX) */
  ck_assert_int_gt(page, 0);
  ck_assert_int_ge(fd, 0);
  map = mmap(NULL, 2 * (size_t)page, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
  ck_assert_ptr_ne(map, MAP_FAILED);
  close(fd);
  ck_assert_int_eq(mprotect(map + page, (size_t)page, PROT_NONE), 0);
  name = map + page - 4;
  memcpy(name, "Foo", 4);   /* its terminator is the page's last byte */
  ck_assert_int_eq(ag_state_set_tag(st, name, "bar"), AG_OK);
  ck_assert_int_eq(ag_state_tag(st, "Foo", got, sizeof got, NULL), AG_OK);
  ck_assert_str_eq(got, "bar");
  ck_assert_int_eq(munmap(map, 2 * (size_t)page), 0);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

static TCase *m38core_tcase(void)
{
  TCase *tc = tcase_create("m38core");
  tcase_add_test(tc, m38_fox_and_hens_takes_13_to_17_hens);
  tcase_add_test(tc, m38_fingers_drawing_marks_both_kinds_and_prisoners);
  tcase_add_test(tc, m38_sticks_cell_shows_5_characters);
  tcase_add_test(tc, m38_record_move_token_of_64_characters);
  tcase_add_test(tc, m38_hare_playout_takes_a_small_draw);
  tcase_add_test(tc, m38_set_tag_reads_no_byte_past_the_name);
  return tc;
}

/* ------------------------------------------------------------------
 * lib/ai/ survivors of the seed-38 campaign (issue 27). */

/* ai_params.c:215: an unknown option's name is quoted up to 40 bytes. */
START_TEST(ai_unknown_option_name_is_cut_at_40_bytes)
{
  ag_game *g = new_game("hare");
  ag_state *st = new_state(g, NULL);
  ag_analysis an = AG_ANALYSIS_INIT;
  uint64_t rng = 1;
  const char *spec = "ai(abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRS=1)";  /* a 45-byte name */
  ck_assert_int_eq(ag_ai_analyse(st, -1, spec, &rng, NULL, &an, NULL, 0, NULL, 0), AG_ENOTFOUND);
  ck_assert_str_eq(ag_errmsg(), "ai: ai has no option \"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN\" "
                                "(byte 3 of \"ai(abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRS=1)\")");
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* hare_solver.c:839: ag_solution_load closes the file it opened, on failure too
 * (a short file): the next descriptor opened is the one it had. */
START_TEST(solution_load_closes_a_short_file)
{
  char path[] = "/tmp/ag_m38ai_XXXXXX";
  ag_solution *sol = (ag_solution *)&sol;
  int fd = mkstemp(path), fd0, fd1;
  ck_assert_int_ge(fd, 0);
  ck_assert_int_eq(write(fd, "AGHS", 4), 4);
  close(fd);
  fd0 = open("/dev/null", O_RDONLY);   /* the lowest free descriptor (stdin may be closed) */
  ck_assert_int_ge(fd0, 0);
  close(fd0);
  ck_assert_int_eq(ag_solution_load(path, &sol), AG_EPARSE);
  unlink(path);
  ck_assert_ptr_null(sol);
  fd1 = open("/dev/null", O_RDONLY);
  ck_assert_int_eq(fd1, fd0);
  close(fd1);
}
END_TEST

/* liubo_fingers_search.c:672: the action search starts at depth 1: at depth 1
 * it evaluates each action's position once. */
START_TEST(fingers_action_search_starts_at_depth_1)
{
  ag_game *g = new_game("liubo_fingers");
  ag_state *st = new_state(g, "white=V_NE*:2,Lb_N:1,V_NW*:3 black=Tt_N:1,V_SW*:3,V_SE*:2 prisoners=0,0 "
                              "home=0,0 sticks=0+0,0+0 fish=c,c phase=act:w:4 rounds=3");
  ag_analysis an = AG_ANALYSIS_INIT;
  uint64_t rng = 1;
  ck_assert_int_eq(ag_ai_analyse(st, 0, "ai(depth=1)", &rng, NULL, &an, NULL, 0, NULL, 0), AG_OK);
  ck_assert_uint_eq(an.num_moves, 4);
  ck_assert_int_eq(an.depth, 1);
  ck_assert_uint_eq(an.work, 4);          /* one evaluation per action */
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

static TCase *m38ai_tcase(void)
{
  TCase *tc = tcase_create("m38ai");
  tcase_add_test(tc, ai_unknown_option_name_is_cut_at_40_bytes);
  tcase_add_test(tc, solution_load_closes_a_short_file);
  tcase_add_test(tc, fingers_action_search_starts_at_depth_1);
  return tc;
}

/* ------------------------------------------------------------------
 * lib/ai/ survivors of the seed-39 sample (issue 27). */

/* "MOVE:SHARE:VALUE ..." of an analysis' first n move statistics (the
 * share to 4 places, the value to `digits'), for exact comparison. */
static void move_stats_text(const ag_game *g, const ag_move_stat *ms, size_t n, int digits,
                            char *out, size_t cap)
{
  char buf[32];
  size_t i, len = 0;
  out[0] = '\0';
  for (i = 0; i < n; i++) {
    ck_assert_int_eq(ag_move_to_text(g, ms[i].move, buf, sizeof buf, NULL), AG_OK);
    len += (size_t)snprintf(out + len, cap - len, "%s%s:%.4f:%.*f", len ? " " : "", buf,
                            ms[i].share, digits, ms[i].value);
    ck_assert_uint_lt(len, cap);
  }
}

/* liubo_fingers' ai at White's last step home: three actions reach TAIJI
 * and win 4:1, each valued exactly 1 (a game White has won), the others
 * below; the three tied best share the move, a third each.  Kills
 * liubo_fingers_search.c:180 (`home[1] >= 4' first: White's win valued 0.5)
 * and :701 (`i > n': each tied action keeps a share of 1). */
START_TEST(fingers_white_win_is_1_and_ties_share)
{
  ag_game *g = new_game("liubo_fingers");
  ag_state *st = new_state(g, "white=Q_NE:1,M_N:1,Q_NW:1 black=V_SW*:3,V_SE*:2 prisoners=0,0 "
                              "home=3,1 sticks=2+1,1+0 fish=w,c phase=act:w:1 rounds=9");
  ag_analysis an = AG_ANALYSIS_INIT;
  ag_move_stat ms[16];
  char got[512], buf[32];
  uint64_t rng = 1;
  ck_assert_int_eq(ag_ai_analyse(st, 0, "ai(depth=1)", &rng, NULL, &an, NULL, 0, ms, 16), AG_OK);
  ck_assert_uint_eq(an.num_moves, 9);
  ck_assert(an.value == 1.0);
  ck_assert_int_eq(ag_move_to_text(g, an.best, buf, sizeof buf, NULL), AG_OK);
  ck_assert_str_eq(buf, "Q_NE-TAIJI");
  move_stats_text(g, ms, an.num_moves, 4, got, sizeof got);
  ck_assert_str_eq(got, "Q_NE-Tl_N:0.0000:0.8841 M_N-Tt_N:0.0000:0.8841 Q_NE-M_N:0.0000:0.8916 "
                        "Q_NW-Tl_W:0.0000:0.8841 M_N-Q_NW:0.0000:0.8916 Q_NW-M_W:0.0000:0.8916 "
                        "Q_NE-TAIJI:0.3333:1.0000 M_N-TAIJI:0.3333:1.0000 Q_NW-TAIJI:0.3333:1.0000");
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* A guess round where White's equilibrium mix alone, played against
 * itself, would look like a stall, but against Black's mix P(VOID) stays
 * at most 0.9: no blend, the plain equilibrium calls.  Kills
 * liubo_fingers_search.c:621 (void_chance of White's mix with itself: the
 * blend of best replies joins, other shares). */
START_TEST(fingers_stall_is_judged_on_both_mixes)
{
  static const char *const pos =
      "white=V_NE*:3,V_NW*:2,Tl_S:1 black=V_SW*:2,Lb_S:1,V_SE*:3 prisoners=0,0 home=0,0 "
      "sticks=0+0,0+0 fish=c,c phase=guess rounds=5";
  fingers_round(pos, 0, "0/3:0.332914 1/3:0.332914 2/3:0.064174 3/3:0.070462 4/8:0.095108 5/10:0.104427",
                0.50722698070942);
  fingers_round(pos, 1, "0/3:0.214248 1/3:0.072156 2/3:0.072156 3/3:0.072156 4/9:0.271348 5/9:0.297935",
                0.50722698070942);
}
END_TEST

/* A guess round whose VOID-round value the secant steps of guess_game do
 * not settle within 1e-10: the value and mixes after exactly 12 solves.
 * Kills liubo_fingers_search.c:295 (13 steps: White's value 0.530889842749,
 * other shares). */
START_TEST(fingers_guess_round_takes_12_secant_steps)
{
  static const char *const pos =
      "white=V_NE*:3,V_NW*:1,Tt_E:1,M_E:1 black=V_SW*:1,Lf_S:1,V_SE*:3 prisoners=1,0 home=0,0 "
      "sticks=0+0,0+0 fish=c,c phase=guess rounds=36";
  fingers_round(pos, 0,
                "0/1:0.003571 0/3:0.154274 1/1:0.003581 1/3:0.003571 1/6:0.126707 2/3:0.003571 "
                "2/6:0.126708 2/7:0.003580 3/3:0.133798 3/7:0.003580 3/8:0.003571 4/6:0.204243 "
                "4/7:0.003571 4/8:0.003571 4/9:0.003571 5/6:0.204243 5/7:0.003571 5/8:0.003571 "
                "5/9:0.003572 5/10:0.003571",
                0.530890143506116);
  fingers_round(pos, 1,
                "0/3:0.146498 0/4:0.005556 0/5:0.011873 1/3:0.010745 1/5:0.005556 1/6:0.165238 "
                "2/3:0.005556 2/6:0.160181 3/3:0.147706 3/6:0.011035 4/4:0.013919 4/5:0.005556 "
                "4/6:0.153090 5/5:0.005556 5/6:0.151937",
                0.530890143506116);
}
END_TEST

static TCase *m39ai_tcase(void)
{
  TCase *tc = tcase_create("m39ai");
  tcase_add_test(tc, fingers_white_win_is_1_and_ties_share);
  tcase_add_test(tc, fingers_stall_is_judged_on_both_mixes);
  tcase_add_test(tc, fingers_guess_round_takes_12_secant_steps);
  return tc;
}

/* ------------------------------------------------------------------
 * lib/ai/ survivors of the seed-40 sample (issue 27). */

/* The hunters' move and value from alphabeta(depth=1): one hunters' ply,
 * each reply scored by hare_eval with the hare to move. */
static void hare_depth1(const char *spec, const char *pos, const char *best, const char *value)
{
  ag_game *g = new_game(spec);
  ag_state *st = new_state(g, pos);
  ag_analysis an = AG_ANALYSIS_INIT;
  char buf[32];
  uint64_t rng = 1;
  ck_assert_int_eq(ag_ai_analyse(st, 0, "alphabeta(depth=1)", &rng, NULL, &an, NULL, 0, NULL, 0),
                   AG_OK);
  ck_assert_int_eq(an.depth, 1);
  ck_assert_int_eq(an.proven, 0);
  ck_assert_int_eq(ag_move_to_text(g, an.best, buf, sizeof buf, NULL), AG_OK);
  ck_assert_str_eq(buf, best);
  snprintf(buf, sizeof buf, "%.9f", an.value);
  ck_assert_str_eq(buf, value);
  ag_state_free(st);
  ag_game_free(g);
}

/* hare_eval counts a capture open to the hare to move as the hare's win
 * only with 10 hunters left (the capture of the tenth ends the game); with
 * 11 or 12 the learned evaluation scores the position.  Kills
 * hare_search.c:299 (`<= WIN_THRESHOLD + 2': with 11 hunters c3-d2 at
 * 0.848129, the hunters shy of every open capture) and its `>=' (c3-d2
 * too; with 12 hunters b5-a5 at 0.926082). */
START_TEST(hare_eval_open_capture_wins_at_10_hunters_only)
{
  hare_depth1("hare(hunters=11)", "...../...O./X.XXX/X...X/XXXXX X - 10", "c1-b2", "0.857661320");
  hare_depth1("hare(hunters=12)", ".XO../...../...X./XXXXX/XXXXX X - 12", "b2-c3", "0.930861580");
}
END_TEST

/* The UCT player's sure-win stop at the root looks at the root player's
 * side of a finished child.  Five-stone rule (end_of_turn): the side with
 * the owl loses at the end of its turn while the other, owl-less, has 5
 * stones on the board.  Here all 5 stand on 7: the stone 5 -> 7 takes
 * them all and wins (AG_END_ALL_TAKEN), and each of the owl's four moves
 * ends the turn and loses -- every root child is a finished game.  For
 * either side to move the player takes the win.  Kills mcts.c:486
 * (`root->player != 0': the losses are taken for sure wins, and the
 * first of them, owlX-A, is played). */
static void sticks_sure_win(const char *pos, int player)
{
  ag_game *g = new_game("liubo_sticks");
  ag_state *st = new_state(g, pos);
  ag_analysis an = AG_ANALYSIS_INIT;
  ag_move_stat ms[8];
  char buf[32];
  uint64_t rng = 1;
  ck_assert_int_eq(ag_ai_analyse(st, player, "mcts(iterations=100)", &rng, NULL, &an, NULL, 0, ms, 8),
                   AG_OK);
  ck_assert_uint_eq(an.num_moves, 5);
  ck_assert_int_eq(ag_move_to_text(g, an.best, buf, sizeof buf, NULL), AG_OK);
  ck_assert_str_eq(buf, "2:5-7");
  ck_assert_uint_eq(ms[0].move, an.best);
  ck_assert_uint_eq(ms[0].visits, 84);
  ck_assert_int_eq(ag_move_to_text(g, ms[1].move, buf, sizeof buf, NULL), AG_OK);
  ck_assert_str_eq(buf, "2:owlX-A");
  ck_assert_uint_eq(ms[1].visits, 4);
  ag_state_free(st);
  ag_game_free(g);
}

START_TEST(mcts_root_takes_the_sure_win_not_the_sure_loss)
{
  sticks_sure_win("white 7*5 owl - reserve 0 held 1 removed 0; black 5 owl X reserve 0 held 4 "
                  "removed 0; black move 2; turns 0", 1);
  sticks_sure_win("white 5 owl X reserve 0 held 4 removed 0; black 7*5 owl - reserve 0 held 1 "
                  "removed 0; white move 2; turns 0", 0);
}
END_TEST

/* At a simultaneous node (liubo_fingers' finger round) the UCT player's
 * line is the chosen move alone, written at line_cap 1, nothing past it.
 * Kills mcts.c:566 (`line_cap > 1': line[0] left alone). */
START_TEST(mcts_simultaneous_line_cap_1_writes_the_move)
{
  ag_game *g = new_game("liubo_fingers");
  ag_state *st = new_state(g, NULL);
  int p;
  ck_assert_int_lt(ag_state_current_player(st), 0);   /* simultaneous */
  for (p = 0; p < 2; p++) {
    ag_analysis an = AG_ANALYSIS_INIT;
    ag_move line[2] = {12345, 12345};
    uint64_t rng = 1;
    ck_assert_int_eq(ag_ai_analyse(st, p, "mcts(iterations=50)", &rng, NULL, &an, line, 1, NULL, 0),
                     AG_OK);
    ck_assert_uint_ne(an.best, AG_MOVE_NONE);
    ck_assert_uint_eq(an.line_len, 1);
    ck_assert_uint_eq(line[0], an.best);
    ck_assert_uint_eq(line[1], 12345);
  }
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

static TCase *m40ai_tcase(void)
{
  TCase *tc = tcase_create("m40ai");
  tcase_add_test(tc, hare_eval_open_capture_wins_at_10_hunters_only);
  tcase_add_test(tc, mcts_root_takes_the_sure_win_not_the_sure_loss);
  tcase_add_test(tc, mcts_simultaneous_line_cap_1_writes_the_move);
  return tc;
}

/* ------------------------------------------------------------------
 * Survivors of the seed-41 sample (issue 27): lib/ai/ and lib/api.c. */

/* liubo_fingers' ai(depth=1) for Black one step from its fourth piece
 * home: Q_SW-TAIJI ends the game 1:4, a game Black has won, worth exactly
 * 1 to Black (White's 0); the other three actions are scored by the
 * evaluation.  Kills liubo_fingers_search.c:181 (`home[0] >= 4': Black's
 * win valued 0.5, and V_SE*-Lb_E, 0.845873, is played). */
START_TEST(fingers_black_win_is_0_for_white)
{
  ag_game *g = new_game("liubo_fingers");
  ag_state *st = new_state(g, "white=V_NE*:3,V_NW*:2 black=Q_SW:1,V_SE*:2 prisoners=0,0 home=1,3 "
                              "sticks=1+0,2+1 fish=c,b phase=act:b:1 rounds=9");
  ag_analysis an = AG_ANALYSIS_INIT;
  ag_move_stat ms[8];
  char got[256], buf[32];
  uint64_t rng = 1;
  ck_assert_int_eq(ag_ai_analyse(st, 1, "ai(depth=1)", &rng, NULL, &an, NULL, 0, ms, 8), AG_OK);
  ck_assert_int_eq(an.depth, 1);
  ck_assert_uint_eq(an.num_moves, 4);
  ck_assert(an.value == 1.0);
  ck_assert_int_eq(ag_move_to_text(g, an.best, buf, sizeof buf, NULL), AG_OK);
  ck_assert_str_eq(buf, "Q_SW-TAIJI");
  move_stats_text(g, ms, an.num_moves, 6, got, sizeof got);
  ck_assert_str_eq(got, "Q_SW-Tl_S:0.0000:0.830501 Q_SW-M_S:0.0000:0.840801 "
                        "V_SE*-Lb_E:0.0000:0.845873 Q_SW-TAIJI:1.0000:1.000000");
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* liubo_fingers' ai(depth=3) from the opening's first action: the
 * transposition table (2048 entries, 8 probes) fills, so which positions
 * it keeps, and so the number of evaluations, follow pos_hash over every
 * byte of the position.  Kills liubo_fingers_search.c:413 (the hash
 * starting at byte 1: 143623 evaluations, the same move and value). */
START_TEST(fingers_table_hash_reads_every_byte)
{
  ag_game *g = new_game("liubo_fingers");
  ag_state *st = new_state(g, "white=V_NE*:3,V_NW*:3 black=V_SW*:3,V_SE*:3 prisoners=0,0 home=0,0 "
                              "sticks=0+0,0+0 fish=c,c phase=act:w:6 rounds=2");
  ag_analysis an = AG_ANALYSIS_INIT;
  char buf[32];
  uint64_t rng = 1;
  ck_assert_int_eq(ag_ai_analyse(st, 0, "ai(depth=3)", &rng, NULL, &an, NULL, 0, NULL, 0), AG_OK);
  ck_assert_int_eq(an.depth, 3);
  ck_assert_int_eq(ag_move_to_text(g, an.best, buf, sizeof buf, NULL), AG_OK);
  ck_assert_str_eq(buf, "V_NE*-J_W");
  snprintf(buf, sizeof buf, "%.9f", an.value);
  ck_assert_str_eq(buf, "0.532181015");
  ck_assert_uint_eq(an.work, 143241);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* ag_game_free's assertion, as a test that the mutation campaign's map
 * can see: game_free_asserts_no_live_state (and check_core's
 * test_game_outlives_states) frees games only in processes that end by
 * _exit or SIGABRT, which write no coverage, so the map never sent
 * lib/api.c:246 to them.  Here the test's own process frees a game whose
 * state is gone (and exits normally), and a child freeing a game with a
 * live state dies of SIGABRT.  Kills api.c:246 (`== 0 ||': the assertion
 * always holds, the child exits 0).  Skipped (passes) with NDEBUG. */
START_TEST(game_free_with_a_live_state_aborts)
{
#ifdef NDEBUG
  fprintf(stderr, "game_free_with_a_live_state_aborts: NDEBUG build, no assertion to check\n");
#else
  ag_game *g = new_game("hare");
  ag_state *st = new_state(g, NULL);
  int status;
  ag_state_free(st);
  ag_game_free(g);   /* no live state: returns */
  status = free_game_in_child(0);
  ck_assert_msg(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT,
                "freeing a game with a live state: status 0x%x, not SIGABRT", (unsigned)status);
#endif
}
END_TEST

/* ag_game_mark writes every field: a caller's stale text is replaced by
 * the mark's (NULL: no board has a label).  Kills api.c:369 (text left
 * alone: "stale"). */
START_TEST(game_mark_writes_the_text)
{
  static const char *const games[] = {"hare", "liubo_sticks", "liubo_fingers", "fox_and_hens"};
  size_t k;
  for (k = 0; k < sizeof games / sizeof *games; k++) {
    ag_game *g = new_game(games[k]);
    int i, n = ag_game_num_marks(g);
    ck_assert_int_gt(n, 0);
    for (i = 0; i < n; i++) {
      ag_mark m = AG_MARK_INIT;
      m.text = "stale";
      ck_assert_int_eq(ag_game_mark(g, i, &m), AG_OK);
      ck_assert_msg(m.text == NULL, "%s mark %d: text '%s', not NULL", games[k], i, m.text);
      if (k == 0) {
        ck_assert_int_eq(m.kind, AG_MARK_FRAME);
        ck_assert_int_eq(m.shape, AG_SHAPE_RECT);
        ck_assert(m.x0 == -0.4 && m.y0 == -0.4 && m.x1 == 4.4 && m.y1 == 4.4);
      }
    }
    ag_game_free(g);
  }
}
END_TEST

/* Two hare states whose texts differ in length (after 9 and 10 plies of
 * the first legal move: 35 and 36 bytes) are not equal.  Kills
 * api.c:713 (`return 1' for texts of different lengths). */
START_TEST(state_equal_texts_of_different_lengths)
{
  ag_game *g = new_game("hare");
  ag_state *a = new_state(g, NULL), *b;
  ag_move mv[64];
  size_t n, len_a = 0, len_b = 0;
  int ply;
  char ta[64], tb[64];
  for (ply = 0; ply < 9; ply++) {
    ck_assert_int_eq(ag_state_legal_moves(a, ag_state_current_player(a), mv, 64, &n), AG_OK);
    ck_assert_uint_gt(n, 0);
    ck_assert_int_eq(ag_state_apply(a, mv[0]), AG_OK);
  }
  ck_assert_int_eq(ag_state_clone(a, &b), AG_OK);
  ck_assert_int_eq(ag_state_legal_moves(b, ag_state_current_player(b), mv, 64, &n), AG_OK);
  ck_assert_uint_gt(n, 0);
  ck_assert_int_eq(ag_state_apply(b, mv[0]), AG_OK);
  ck_assert_int_eq(ag_state_to_text(a, ta, sizeof ta, &len_a), AG_OK);
  ck_assert_int_eq(ag_state_to_text(b, tb, sizeof tb, &len_b), AG_OK);
  ck_assert_uint_eq(len_a, 35);
  ck_assert_uint_eq(len_b, 36);
  ck_assert_int_eq(ag_state_equal(a, b), 0);
  ck_assert_int_eq(ag_state_equal(b, a), 0);
  ck_assert_int_eq(ag_state_equal(a, a), 1);
  ag_state_free(a);
  ag_state_free(b);
  ag_game_free(g);
}
END_TEST

static TCase *m41_tcase(void)
{
  TCase *tc = tcase_create("m41");
  tcase_add_test(tc, fingers_black_win_is_0_for_white);
  tcase_add_test(tc, fingers_table_hash_reads_every_byte);
  tcase_add_test(tc, game_free_with_a_live_state_aborts);
  tcase_add_test(tc, game_mark_writes_the_text);
  tcase_add_test(tc, state_equal_texts_of_different_lengths);
  return tc;
}
