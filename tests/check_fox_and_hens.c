/* SPDX-License-Identifier: MIT */
/*
 * check_fox_and_hens.c -- the fox and the hens against its rules
 * (ancientgames-fox-and-hens(7)): the cross's counts, the set-ups, the first
 * moves, chains, every end condition in the hare hunt's order, options,
 * notation and position text; and "same_rules_as_hare", one walker of
 * random games that asserts the rules the two games share on both.
 * Deeper perft: tests/check-fox-and-hens-perft.sh (an independent generator).
 */
#include <stdio.h>
#include <string.h>
#include <ancientgames.h>
#include "check_main.h"
#include "hunt_test.h"

static int kind_of(const ag_state *st, ag_move m)
{
  int kind, from, to;
  ck_assert_int_eq(ag_move_info(ag_state_game(st), m, &kind, &from, &to), AG_OK);
  return kind;
}

static int outcome(const ag_state *st, int *winner, int *reason)
{
  return ag_state_outcome(st, winner, reason);
}

START_TEST(test_board_counts)
{
  ag_game *g = new_game("fox_and_hens");
  int degree[33] = {0}, hist[9] = {0}, jumps[33] = {0}, jhist[9] = {0};
  int i, a, b, k, lines = 0, diagonals = 0, w, h, x, y, from, to, node, adjacencies = 0;
  char name[8];
  ag_move m;
  ck_assert_int_eq(ag_game_num_nodes(g), 33);
  ck_assert_int_eq(ag_game_num_edges(g), 72);
  for (i = 0; i < 72; i++) {
    ck_assert_int_eq(ag_game_edge(g, i, &a, &b, &k), AG_OK);
    degree[a]++, degree[b]++;
    if (k == AG_EDGE_LINE) lines++;
    if (k == AG_EDGE_DIAGONAL) diagonals++;
  }
  ck_assert_int_eq(lines, 52);
  ck_assert_int_eq(diagonals, 20);
  for (i = 0; i < 33; i++) hist[degree[i]]++, adjacencies += degree[i];
  ck_assert_int_eq(adjacencies, 144);
  ck_assert_int_eq(hist[3], 20);
  ck_assert_int_eq(hist[4], 4);
  ck_assert_int_eq(hist[7], 4);
  ck_assert_int_eq(hist[8], 5);
  /* Directed adjacencies and jumps: every "X-Y" and "XxY" text the game reads. */
  for (from = 0, k = 0; from < 33; from++)
    for (to = 0; to < 33; to++) {
      snprintf(name, sizeof name, "%s-%s", ag_game_node_name(g, from), ag_game_node_name(g, to));
      k += ag_move_from_text(g, name, &m) == AG_OK;
      snprintf(name, sizeof name, "%sx%s", ag_game_node_name(g, from), ag_game_node_name(g, to));
      if (ag_move_from_text(g, name, &m) == AG_OK) jumps[from]++;
    }
  ck_assert_int_eq(k, 144);
  for (i = 0, k = 0; i < 33; i++) k += jumps[i], jhist[jumps[i]]++;
  ck_assert_int_eq(k, 104);
  ck_assert_int_eq(jhist[1], 4);
  ck_assert_int_eq(jhist[2], 8);
  ck_assert_int_eq(jhist[3], 12);
  ck_assert_int_eq(jhist[4], 5);
  ck_assert_int_eq(jhist[7], 4);
  ck_assert_int_eq(jumps[16], 4);  /* d4: its diagonal jumps would land on cut corners */
  ag_game_extent(g, &w, &h);
  ck_assert_int_eq(w, 6);
  ck_assert_int_eq(h, 6);
  ck_assert_int_eq(ag_game_node_find(g, "D4", &node), AG_OK);
  ck_assert_int_eq(node, 16);
  ck_assert_int_eq(ag_game_node(g, node, &x, &y, &k), AG_OK);
  ck_assert_int_eq(x, 3);
  ck_assert_int_eq(y, 3);
  ck_assert_int_eq(k, AG_NODE_POINT);
  ck_assert_int_eq(ag_game_node_find(g, "b2", &node), AG_ENOTFOUND);  /* a corner cut off */
  ck_assert_str_eq(ag_game_node_name(g, 0), "c1");
  ck_assert_str_eq(ag_game_node_name(g, 32), "e7");
  ck_assert_uint_eq(ag_game_flags(g), AG_GAME_ASYMMETRIC | AG_GAME_ZERO_SUM);
  ck_assert_str_eq(ag_game_player_name(g, 0), "hens");
  ck_assert_str_eq(ag_game_player_name(g, 1), "fox");
  ck_assert_str_eq(ag_game_spec(g),
                   "fox_and_hens(hens=13,first=hens,chain=1,threshold=9,repetition=3,max_plies=1000)");
  ag_game_free(g);
}
END_TEST

START_TEST(test_setups)
{
  static const char *const specs[] = {"fox_and_hens", "fox_and_hens(hens=15)", "fox_and_hens(hens=17)",
                                      "fox_and_hens(first=fox)", "fox_and_hens(hens=15,first=fox)",
                                      "fox_and_hens(hens=17,first=fox)"};
  static const char *const texts[] = {
    ".../.../......./...F.../HHHHHHH/HHH/HHH H - 0",
    ".../.../......./H..F..H/HHHHHHH/HHH/HHH H - 0",
    ".../.../......./HH.F.HH/HHHHHHH/HHH/HHH H - 0",
    ".../.../......./...F.../HHHHHHH/HHH/HHH F - 0",
    ".../.../......./H..F..H/HHHHHHH/HHH/HHH F - 0",
    ".../.../......./HH.F.HH/HHHHHHH/HHH/HHH F - 0",
  };
  size_t i;
  int owner, kind, count;
  for (i = 0; i < 6; i++) {
    ag_game *g = new_game(specs[i]);
    ag_state *st = new_state(g, NULL);
    ag_move mv[MAXMV];
    size_t n, j;
    ck_assert_str_eq(text(st), texts[i]);
    ck_assert_int_eq(ag_state_current_player(st), i >= 3);
    /* The fox has no jump at ply 0 with any set-up (rules item 3). */
    ck_assert_int_eq(ag_state_legal_moves(st, 1, mv, MAXMV, &n), AG_OK);
    ck_assert_uint_eq(n, i >= 3 ? 5 : 0);
    for (j = 0; j < n; j++) ck_assert_int_eq(kind_of(st, mv[j]), AG_MOVE_STEP);
    ck_assert_int_eq(ag_state_piece(st, 16, 0, &owner, &kind, &count), 1);
    ck_assert_int_eq(owner, 1);
    ck_assert_int_eq(kind, AG_PIECE_HARE);
    ck_assert_int_eq(ag_state_piece(st, 0, 0, &owner, &kind, &count), 1);
    ck_assert_int_eq(owner, 0);
    ck_assert_int_eq(kind, AG_PIECE_HUNTER);
    ck_assert_int_eq(ag_state_piece(st, 32, 0, &owner, &kind, &count), 0);
    ag_state_free(st);
    ag_game_free(g);
  }
}
END_TEST

/* Hash values are part of the contract within a SONAME major: pinned. */
START_TEST(test_hashes)
{
  ag_game *g = new_game("fox_and_hens"), *gf = new_game("fox_and_hens(first=fox)");
  ag_state *st = new_state(g, NULL), *sf = new_state(gf, NULL);
  ck_assert_uint_eq(ag_state_hash(st), UINT64_C(0x65e74b8c117c3fed));
  ck_assert_uint_eq(ag_state_hash(sf), UINT64_C(0x4929862e14a69478));
  ag_state_free(st), ag_state_free(sf);
  ag_game_free(g), ag_game_free(gf);
}
END_TEST

START_TEST(test_first_moves)
{
  ag_game *g = new_game("fox_and_hens"), *gf = new_game("fox_and_hens(first=fox)");
  ag_state *st = new_state(g, NULL), *sf = new_state(gf, NULL);
  /* By direction (offsets -9 -8 -7 -1 +1 +7 +8 +9 of 8-wide rows), then destination. */
  ck_assert_str_eq(moves_text(st), "c3-b4 g3-f4 a3-a4 b3-b4 c3-c4 e3-e4 f3-f4 g3-g4 a3-b4 e3-f4");
  ck_assert_str_eq(moves_text(sf), "d4-c4 d4-e4 d4-c5 d4-d5 d4-e5");
  ck_assert_uint_eq(perft(st, 1), 10);
  ck_assert_uint_eq(perft(st, 2), 54);
  ck_assert_uint_eq(perft(st, 3), 860);
  ck_assert_uint_eq(perft(st, 4), 4086);
  ck_assert_uint_eq(perft(sf, 1), 5);
  ck_assert_uint_eq(perft(sf, 2), 63);
  ck_assert_uint_eq(perft(sf, 3), 300);
  ck_assert_uint_eq(perft(sf, 4), 4743);
  /* After c3-c4 the fox may take it (d4 x c4 -> b4) or step into c3. */
  play(st, "c3-c4");
  ck_assert_str_eq(moves_text(st), "d4-c3 d4-e4 d4-c5 d4-d5 d4-e5 d4xb4");
  ag_state_free(st), ag_state_free(sf);
  ag_game_free(g), ag_game_free(gf);
}
END_TEST

/* A step value whose two points are not adjacent is no move, even with the
 * step's kind and a direction of 0: c3 (point 8, a hen) to c5 (point 22,
 * empty) at the start is refused by ag_state_is_legal and ag_state_apply
 * (AG_EILLEGAL, the position unchanged), while the real step c3-c4 is taken.
 * Kills the seed-39 mutant fox_and_hens.c:309 (`kind != AG_MOVE_STEP &&
 * !step_dir' for `||': the value with direction 0 matched its own rebuilt
 * canonical form and passed as a hen's step). */
START_TEST(test_step_needs_a_line)
{
  ag_game *g = new_game("fox_and_hens");
  ag_state *st = new_state(g, NULL);
  ag_move c3c4, m = (ag_move)((uint32_t)AG_MOVE_STEP << 24 | 22u << 8 | 8u);
  int kind, from, to;
  char before[128];
  ck_assert_int_eq(ag_move_from_text(g, "c3-c4", &c3c4), AG_OK);
  ck_assert_int_eq(ag_move_info(g, c3c4, &kind, &from, &to), AG_OK);
  ck_assert_int_eq(from, 8);
  ck_assert_int_eq(to, 15);
  ck_assert_int_eq(ag_move_info(g, m, &kind, &from, &to), AG_EINVAL);
  ck_assert_int_eq(ag_state_is_legal(st, 0, c3c4), 1);
  ck_assert_int_eq(ag_state_is_legal(st, 0, m), 0);
  strcpy(before, text(st));
  ck_assert_int_eq(ag_state_apply(st, m), AG_EILLEGAL);
  ck_assert_str_eq(text(st), before);
  ck_assert_uint_eq(ag_state_ply(st), 0);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* A chain of three jumps ending where it began (d4 x d5 -> d6 x c5 -> b4 x
 * c4 -> d4), with pass offered between; with threshold=11 the second capture
 * wins in the middle of the chain. */
#define LOOP ".../.../..HH.../..HF.../HH...HH/HHH/HHH F - 0"
START_TEST(test_chain_loop)
{
  ag_game *g = new_game("fox_and_hens"), *g11 = new_game("fox_and_hens(threshold=11)");
  ag_game *g0 = new_game("fox_and_hens(chain=0)");
  ag_state *st = new_state(g, LOOP), *s11 = new_state(g11, LOOP), *s0 = new_state(g0, LOOP);
  int w, r, v;
  play(st, "d4xd6");
  ck_assert_int_eq(ag_state_current_player(st), 1);
  ck_assert_int_eq(ag_state_info(st, AG_INFO_CHAIN, 0, &v), AG_OK);
  ck_assert_int_eq(v, 1);
  ck_assert_str_eq(moves_text(st), "d6xb4 pass");
  ck_assert_str_eq(text(st), ".../.F./..H..../..H..../HH...HH/HHH/HHH F * 1");
  play(st, "d6xb4");
  ck_assert_str_eq(moves_text(st), "b4xd4 pass");
  play(st, "b4xd4");
  ck_assert_int_eq(ag_state_current_player(st), 0);
  ck_assert_str_eq(text(st), ".../.../......./...F.../HH...HH/HHH/HHH H - 3");
  ck_assert_int_eq(ag_state_info(st, AG_INFO_CAPTURED, 1, &v), AG_OK);
  ck_assert_int_eq(v, 3);
  /* threshold=11: 11 hens left after the second jump, with a third open. */
  play(s11, "d4xd6");
  play(s11, "d6xb4");
  ck_assert_int_eq(outcome(s11, &w, &r), AG_OUTCOME_WIN);
  ck_assert_int_eq(w, 1);
  ck_assert_int_eq(r, AG_END_CAPTURES);
  ck_assert_str_eq(text(s11), ".../.../......./.FH..../HH...HH/HHH/HHH F - 2");
  /* chain=0: every jump ends the turn; no pass. */
  play(s0, "d4xd6");
  ck_assert_int_eq(ag_state_current_player(s0), 0);
  ck_assert_int_eq(ag_state_set_text(s0, ".../.F./..H..../..H..../HH...HH/HHH/HHH F * 1"), AG_EPARSE);
  /* pass ends a chain, and is refused outside one. */
  ck_assert_int_eq(ag_state_set_text(st, LOOP), AG_OK);
  play(st, "d4xd6");
  play(st, "pass");
  ck_assert_int_eq(ag_state_current_player(st), 0);
  {
    ag_move m;
    ck_assert_int_eq(ag_move_from_text(g, "pass", &m), AG_OK);
    ck_assert_int_eq(ag_state_apply(st, m), AG_EILLEGAL);
  }
  ag_state_free(st), ag_state_free(s11), ag_state_free(s0);
  ag_game_free(g), ag_game_free(g11), ag_game_free(g0);
}
END_TEST

/* The fox on c7 hemmed in: the hens' move that keeps it wins (end check b),
 * also on the ply that reaches the cap (b before d). */
#define PEN "FHH/HH./..H.H../......./H....../HHH/HHH H - 0"
START_TEST(test_blocked_fox)
{
  ag_game *g = new_game("fox_and_hens"), *gc = new_game("fox_and_hens(max_plies=1)");
  ag_state *st = new_state(g, PEN), *sc = new_state(gc, PEN);
  int w, r;
  play(st, "a3-a4");
  ck_assert_int_eq(outcome(st, &w, &r), AG_OUTCOME_WIN);
  ck_assert_int_eq(w, 0);
  ck_assert_int_eq(r, AG_END_BLOCKED);
  play(sc, "a3-a4");
  ck_assert_int_eq(outcome(sc, &w, &r), AG_OUTCOME_WIN);
  ck_assert_int_eq(r, AG_END_BLOCKED);
  ck_assert_int_eq(ag_state_set_text(sc, PEN), AG_OK);
  play(sc, "d6-e6");  /* opens d6: not blocked, so the cap draws */
  ck_assert_int_eq(outcome(sc, &w, &r), AG_OUTCOME_DRAW);
  ck_assert_int_eq(r, AG_END_PLY_LIMIT);
  ag_state_free(st), ag_state_free(sc);
  ag_game_free(g), ag_game_free(gc);
}
END_TEST

START_TEST(test_repetition)
{
  ag_game *g3 = new_game("fox_and_hens"), *g2 = new_game("fox_and_hens(repetition=2)");
  ag_game *g0 = new_game("fox_and_hens(repetition=0)"), *gc = new_game("fox_and_hens(max_plies=8)");
  ag_state *s3 = new_state(g3, NULL), *s2 = new_state(g2, NULL), *s0 = new_state(g0, NULL);
  ag_state *sc = new_state(gc, NULL);
  const char *cycle[4] = {"a3-a4", "d4-d5", "a4-a3", "d5-d4"};
  int i, w, r;
  char rep[128];
  for (i = 0; i < 4; i++) play(s2, cycle[i]);
  ck_assert_int_eq(outcome(s2, &w, &r), AG_OUTCOME_DRAW);
  ck_assert_int_eq(r, AG_END_REPETITION);
  ck_assert_int_eq(w, AG_PLAYER_NONE);
  for (i = 0; i < 8; i++) {
    ck_assert_int_eq(ag_state_is_terminal(s3), 0);
    play(s3, cycle[i % 4]);
    play(sc, cycle[i % 4]);
  }
  ck_assert_int_eq(outcome(s3, &w, &r), AG_OUTCOME_DRAW);
  ck_assert_int_eq(r, AG_END_REPETITION);
  strcpy(rep, text(s3));
  ck_assert_str_eq(rep, ".../.../......./...F.../HHHHHHH/HHH/HHH H - 8 rep");
  ck_assert_int_eq(ag_state_set_text(s3, rep), AG_OK);
  ck_assert_int_eq(outcome(s3, &w, &r), AG_OUTCOME_DRAW);
  ck_assert_str_eq(text(s3), rep);
  /* Repetition (c) before the cap (d) on the same ply. */
  ck_assert_int_eq(outcome(sc, &w, &r), AG_OUTCOME_DRAW);
  ck_assert_int_eq(r, AG_END_REPETITION);
  ck_assert_str_eq(text(sc), rep);
  ck_assert_int_eq(ag_state_set_text(s0, rep), AG_EPARSE);  /* no repetition rule there */
  for (i = 0; i < 40; i++) play(s0, cycle[i % 4]);
  ck_assert_int_eq(ag_state_is_terminal(s0), 0);
  ag_state_free(s3), ag_state_free(s2), ag_state_free(s0), ag_state_free(sc);
  ag_game_free(g3), ag_game_free(g2), ag_game_free(g0), ag_game_free(gc);
}
END_TEST

/* A capture clears the repetition history: earlier positions cannot recur. */
START_TEST(test_repetition_window_after_capture)
{
  ag_game *g = new_game("fox_and_hens(repetition=2)");
  ag_state *st = new_state(g, ".../.../......./..HF.../HH...HH/HHH/HHH F - 0");
  play(st, "d4xb4");
  ck_assert_int_eq(ag_state_current_player(st), 0);
  play(st, "a3-a4");
  play(st, "b4-c4");
  play(st, "a4-a3");
  ck_assert_int_eq(ag_state_is_terminal(st), 0);
  play(st, "c4-b4");
  ck_assert_int_eq(ag_state_is_terminal(st), 1);  /* the position after the capture, again */
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

START_TEST(test_options)
{
  ag_game *g = NULL;
  ck_assert_int_eq(ag_game_new("fox_and_hens(hens=14)", &g), AG_EPARSE);
  ck_assert_int_eq(ag_game_new("fox_and_hens(hens=19)", &g), AG_EPARSE);
  ck_assert_int_eq(ag_game_new("fox_and_hens(threshold=13)", &g), AG_EPARSE);
  ck_assert_int_eq(ag_game_new("fox_and_hens(threshold=0)", &g), AG_EPARSE);
  ck_assert_int_eq(ag_game_new("fox_and_hens(repetition=1)", &g), AG_EPARSE);
  ck_assert_int_eq(ag_game_new("fox_and_hens(first=hare)", &g), AG_EPARSE);
  ck_assert_int_eq(ag_game_new("fox_and_hens(max_plies=1000001)", &g), AG_EPARSE);
  ck_assert_ptr_null(g);
  g = new_game("fox_and_hens(hens=17,threshold=16,first=fox,chain=0,repetition=0,max_plies=0)");
  ck_assert_str_eq(ag_game_spec(g),
                   "fox_and_hens(hens=17,first=fox,chain=0,threshold=16,repetition=0,max_plies=0)");
  ag_game_free(g);
}
END_TEST

START_TEST(test_texts)
{
  ag_game *g = new_game("fox_and_hens");
  ag_state *st = new_state(g, NULL);
  ag_move m;
  char buf[2048];
  size_t len;
  int v;
  ck_assert_int_eq(ag_move_from_text(g, "a3-b4", &m), AG_OK);
  ck_assert_int_eq(ag_move_from_text(g, "b3-a4", &m), AG_EPARSE);  /* no diagonal from b3 */
  ck_assert_int_eq(ag_move_from_text(g, "b2-b3", &m), AG_EPARSE);  /* b2 is off the cross */
  ck_assert_int_eq(ag_move_from_text(g, "c3xc5", &m), AG_OK);
  ck_assert_int_eq(ag_move_from_text(g, "c3xa5", &m), AG_OK);
  ck_assert_int_eq(ag_move_from_text(g, "b3xd5", &m), AG_EPARSE);
  ck_assert_int_eq(ag_move_from_text(g, "c2xa4", &m), AG_EPARSE);  /* b3 is no diagonal point */
  ck_assert_int_eq(ag_move_from_text(g, "h4-g4", &m), AG_EPARSE);
  ck_assert_int_eq(ag_move_from_text(g, "d4-d5x", &m), AG_EPARSE);
  /* Position text errors leave the state as it was. */
  ck_assert_int_eq(ag_state_set_text(st, ".../.../......./...F.../HHHHHHH/HHH/HHH X - 0"), AG_EPARSE);
  ck_assert_int_eq(ag_state_set_text(st, ".../.../......./...F..../HHHHHHH/HHH/HHH H - 0"), AG_EPARSE);
  ck_assert_int_eq(ag_state_set_text(st, ".../.../......./...F.F./HHHHHHH/HHH/HHH H - 0"), AG_EPARSE);
  ck_assert_int_eq(ag_state_set_text(st, ".../.../......./HH.F.HH/HHHHHHH/HHH/HHH H - 0"), AG_EPARSE);
  ck_assert_int_eq(ag_state_set_text(st, ".../.../......./...F.../HHHHHHH/HHH/HHH F * 0"), AG_EPARSE);
  ck_assert_int_eq(ag_state_set_text(st, ".../.../......./...F.../HHHHHHH/HHH/HHH H - 1001"), AG_EPARSE);
  ck_assert_int_eq(ag_state_set_text(st, ".../.../......./...F.../HHHHHHH/HHH/HHH H - 0 "), AG_EPARSE);
  ck_assert_str_eq(text(st), ".../.../......./...F.../HHHHHHH/HHH/HHH H - 0");
  /* Down to the threshold already: the fox has won. */
  ck_assert_int_eq(ag_state_set_text(st, ".../.../......./...F.../HHHHHHH/H../H.. H - 0"), AG_OK);
  ck_assert_int_eq(ag_state_outcome(st, &v, NULL), AG_OUTCOME_WIN);
  ck_assert_int_eq(v, 1);
  ag_state_reset(st);
  ck_assert_int_eq(ag_state_render(st, buf, sizeof buf, &len), AG_OK);
  ck_assert_str_eq(buf,
                   "7          . - . - .        \n"
                   "           | \\ | / |        \n"
                   "6          . - . - .        \n"
                   "           | / | \\ |        \n"
                   "5  . - . - . - . - . - . - .\n"
                   "   | \\ | / | \\ | / | \\ | / |\n"
                   "4  . - . - . - F - . - . - .\n"
                   "   | / | \\ | / | \\ | / | \\ |\n"
                   "3  H - H - H - H - H - H - H\n"
                   "           | \\ | / |        \n"
                   "2          H - H - H        \n"
                   "           | / | \\ |        \n"
                   "1          H - H - H        \n"
                   "   a   b   c   d   e   f   g\n"
                   "hens: 13 of 13   ply 0   hens to move\n");
  ck_assert_int_eq(ag_state_info(st, AG_INFO_CAPTURED, 1, &v), AG_OK);
  ck_assert_int_eq(v, 0);
  ck_assert_int_eq(ag_state_info(st, AG_INFO_CAPTURED, 2, &v), AG_EINVAL);
  ck_assert_int_eq(ag_state_info(st, AG_INFO_SCORE, 0, &v), AG_ENOTFOUND);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* The rules the fox and the hens shares with the hare hunt, asserted by one
 * walker on random games of both: only jumps and pass in a chain, pass only
 * there; a jump takes one piece and keeps the turn exactly when another jump
 * follows (chain=1); down to the threshold the hunted side wins at once, even
 * mid-chain; a blocked side to move loses; a repetition draw's text reads
 * back to the same ended game; every position's text reads back. */
static void walk(const char *spec, int start, int threshold, int chain_rule, uint64_t seed, int games)
{
  ag_game *g = new_game(spec);
  ag_state *st = new_state(g, NULL), *back = new_state(g, NULL);
  uint64_t rng = seed;
  int n_games, chains = 0, wins = 0;
  for (n_games = 0; n_games < games; n_games++) {
    ag_state_reset(st);
    while (!ag_state_is_terminal(st)) {
      ag_move mv[MAXMV], m;
      size_t n, i, passes = 0;
      int p = ag_state_current_player(st), chain, before, after, w, r, kind, from, to, jumps_after = 0;
      ck_assert_int_eq(ag_state_legal_moves(st, p, mv, MAXMV, &n), AG_OK);
      ck_assert_uint_gt(n, 0);
      ck_assert_int_eq(ag_state_info(st, AG_INFO_CHAIN, 0, &chain), AG_OK);
      for (i = 0; i < n; i++) {
        kind = kind_of(st, mv[i]);
        passes += kind == AG_MOVE_PASS;
        if (chain) ck_assert(kind == AG_MOVE_JUMP || kind == AG_MOVE_PASS);
        if (kind == AG_MOVE_JUMP) ck_assert_int_eq(p, 1);
      }
      ck_assert_uint_eq(passes, (size_t)chain);
      m = mv[ag_rng_below(&rng, n)];
      ag_state_info(st, AG_INFO_CAPTURED, 1, &before);
      ck_assert_int_eq(ag_state_apply(st, m), AG_OK);
      ag_state_info(st, AG_INFO_CAPTURED, 1, &after);
      ag_move_info(g, m, &kind, &from, &to);
      ck_assert_int_eq(after - before, kind == AG_MOVE_JUMP);
      if (ag_state_current_player(st) == 1 && p == 1) {
        ck_assert_int_eq(kind, AG_MOVE_JUMP);
        ck_assert(chain_rule);
        chains++;
      }
      if (ag_state_outcome(st, &w, &r) == AG_OUTCOME_WIN && r == AG_END_CAPTURES) {
        ck_assert_int_eq(w, 1);
        ck_assert_int_eq(kind, AG_MOVE_JUMP);
        ck_assert_int_le(start - after, threshold);   /* down to the threshold */
        ck_assert_int_gt(start - before, threshold);  /* and not before */
        wins++;
      } else if (!ag_state_is_terminal(st)) {
        ck_assert_int_gt(start - after, threshold);
      }
      if (ag_state_is_terminal(st) && r == AG_END_BLOCKED) {
        ck_assert_int_eq(w, p);  /* the side left without a move lost */
      } else if (!ag_state_is_terminal(st) && kind == AG_MOVE_JUMP && chain_rule) {
        size_t k;
        ag_state_legal_moves(st, ag_state_current_player(st), mv, MAXMV, &n);
        for (k = 0; k < n; k++) jumps_after += kind_of(st, mv[k]) == AG_MOVE_JUMP && ag_state_current_player(st) == 1;
        ck_assert_int_eq(ag_state_current_player(st) == 1, jumps_after > 0);
      }
      {
        char t[128], u[128];
        int w2, r2;
        ck_assert_int_eq(ag_state_to_text(st, t, sizeof t, NULL), AG_OK);
        ck_assert_msg(ag_state_set_text(back, t) == AG_OK, "%s: %s", t, ag_errmsg());
        ck_assert_int_eq(ag_state_to_text(back, u, sizeof u, NULL), AG_OK);
        ck_assert_str_eq(t, u);
        ck_assert_int_eq(ag_state_outcome(back, &w2, &r2), ag_state_outcome(st, &w, &r));
        ck_assert_int_eq(r2, r);
      }
    }
  }
  if (chain_rule) ck_assert_int_gt(chains, 0);
  ck_assert_int_gt(wins, 0);
  ag_state_free(st), ag_state_free(back);
  ag_game_free(g);
}

START_TEST(same_rules_as_hare)
{
  walk("hare", 12, 9, 1, 1, 150);
  walk("hare(chain=0,hunters=10,first=hare)", 10, 9, 0, 2, 100);
  walk("fox_and_hens", 13, 9, 1, 3, 150);
  walk("fox_and_hens(hens=15,threshold=12,first=fox)", 15, 12, 1, 4, 100);
  walk("fox_and_hens(hens=17,chain=0,repetition=2)", 17, 9, 0, 5, 100);
}
END_TEST

/* The playout plays the API loop's game: moves[ag_rng_below(rng, n)]. */
START_TEST(test_playout_is_the_api_loop)
{
  static const char *const specs[] = {"fox_and_hens", "fox_and_hens(hens=17,first=fox,repetition=2)",
                                      "fox_and_hens(chain=0,threshold=12,max_plies=200)"};
  size_t s;
  for (s = 0; s < 3; s++) {
    ag_game *g = new_game(specs[s]);
    ag_state *st = new_state(g, NULL), *loop = new_state(g, NULL);
    int i;
    for (i = 0; i < 60; i++) {
      uint64_t r1 = 1000 + (uint64_t)i, r2 = r1;
      size_t plies, k = 0;
      int w1, why1, w2, why2, o1, o2;
      /* Start some playouts mid-game, with history behind them. */
      ag_state_reset(st);
      while (k < (size_t)(i % 7) && !ag_state_is_terminal(st)) {
        ag_move mv[MAXMV];
        size_t n;
        ag_state_legal_moves(st, ag_state_current_player(st), mv, MAXMV, &n);
        ag_state_apply(st, mv[ag_rng_below(&r2, n)]);
        k++;
      }
      r1 = r2;
      ck_assert_int_eq(ag_state_copy(loop, st), AG_OK);
      o1 = ag_state_playout(st, &r1, 0, &plies, &w1, &why1);
      k = 0;
      while (!ag_state_is_terminal(loop)) {
        ag_move mv[MAXMV];
        size_t n;
        ag_state_legal_moves(loop, ag_state_current_player(loop), mv, MAXMV, &n);
        ck_assert_int_eq(ag_state_apply(loop, mv[ag_rng_below(&r2, n)]), AG_OK);
        k++;
      }
      o2 = ag_state_outcome(loop, &w2, &why2);
      ck_assert_int_eq(o1, o2);
      ck_assert_int_eq(w1, w2);
      ck_assert_int_eq(why1, why2);
      ck_assert_uint_eq(plies, k);
      ck_assert_uint_eq(r1, r2);
    }
    ag_state_free(st), ag_state_free(loop);
    ag_game_free(g);
  }
}
END_TEST

static Suite *fox_suite(void)
{
  Suite *s = suite_create("fox_and_hens");
  TCase *tc = tcase_create("rules");
  tcase_add_test(tc, test_board_counts);
  tcase_add_test(tc, test_setups);
  tcase_add_test(tc, test_hashes);
  tcase_add_test(tc, test_first_moves);
  tcase_add_test(tc, test_step_needs_a_line);
  tcase_add_test(tc, test_chain_loop);
  tcase_add_test(tc, test_blocked_fox);
  tcase_add_test(tc, test_repetition);
  tcase_add_test(tc, test_repetition_window_after_capture);
  tcase_add_test(tc, test_options);
  tcase_add_test(tc, test_texts);
  tcase_add_test(tc, same_rules_as_hare);
  tcase_add_test(tc, test_playout_is_the_api_loop);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) { return ag_test_run(fox_suite()); }
