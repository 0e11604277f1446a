/* SPDX-License-Identifier: MIT */
/*
 * check_hare.c -- the hare hunt against ancientgames-hare(7): board
 * counts (THE BOARD), the first plies counted by hand, chains (RULES), every
 * end condition (END OF THE GAME), every option, notation and position text.
 */
#include <stdio.h>
#include <string.h>
#include <ancientgames.h>
#include "check_main.h"
#include "hunt_test.h"

START_TEST(test_board_counts)
{
  ag_game *g = new_game("hare");
  int degree[25] = {0}, hist[9] = {0}, jumps[25] = {0}, jhist[9] = {0};
  int i, a, b, k, lines = 0, diagonals = 0, w, h, x, y, from, to, node;
  char name[8];
  ag_move m;
  ck_assert_int_eq(ag_game_num_nodes(g), 25);
  ck_assert_int_eq(ag_game_num_edges(g), 56);
  for (i = 0; i < 56; i++) {
    ck_assert_int_eq(ag_game_edge(g, i, &a, &b, &k), AG_OK);
    degree[a]++, degree[b]++;
    if (k == AG_EDGE_LINE) lines++;
    if (k == AG_EDGE_DIAGONAL) diagonals++, ck_assert(a % 2 == 0 && b % 2 == 0);
  }
  ck_assert_int_eq(lines, 40);
  ck_assert_int_eq(diagonals, 16);
  for (i = 0; i < 25; i++) hist[degree[i]]++;
  ck_assert_int_eq(hist[3], 12);
  ck_assert_int_eq(hist[4], 4);
  ck_assert_int_eq(hist[5], 4);
  ck_assert_int_eq(hist[8], 5);
  /* Directed jumps: every "XxY" text that names a jump of the board. */
  for (from = 0; from < 25; from++)
    for (to = 0; to < 25; to++) {
      snprintf(name, sizeof name, "%sx%s", ag_game_node_name(g, from), ag_game_node_name(g, to));
      if (ag_move_from_text(g, name, &m) == AG_OK) jumps[from]++;
    }
  for (i = 0, k = 0; i < 25; i++) k += jumps[i], jhist[jumps[i]]++;
  ck_assert_int_eq(k, 80);
  ck_assert_int_eq(jhist[2], 8);
  ck_assert_int_eq(jhist[3], 12);
  ck_assert_int_eq(jhist[5], 4);
  ck_assert_int_eq(jhist[8], 1);
  ck_assert_int_eq(jumps[12], 8);
  ag_game_extent(g, &w, &h);
  ck_assert_int_eq(w, 4);
  ck_assert_int_eq(h, 4);
  ck_assert_int_eq(ag_game_node_find(g, "C3", &node), AG_OK);
  ck_assert_int_eq(node, 12);
  ck_assert_int_eq(ag_game_node(g, node, &x, &y, &k), AG_OK);
  ck_assert_int_eq(x, 2);
  ck_assert_int_eq(y, 2);
  ck_assert_int_eq(k, AG_NODE_POINT);
  ck_assert_str_eq(ag_game_node_name(g, 24), "e5");
  ck_assert_uint_eq(ag_game_flags(g), AG_GAME_ASYMMETRIC | AG_GAME_ZERO_SUM);
  ck_assert_str_eq(ag_game_player_name(g, 0), "hunters");
  ck_assert_str_eq(ag_game_player_name(g, 1), "hare");
  ag_game_free(g);
}
END_TEST

START_TEST(test_setups)
{
  ag_game *g12 = new_game("hare"), *g11 = new_game("hare(hunters=11)"), *g10 = new_game("hare(hunters=10)");
  ag_game *gh = new_game("hare(first=hare)");
  ag_state *s12 = new_state(g12, NULL), *s11 = new_state(g11, NULL), *s10 = new_state(g10, NULL), *sh = new_state(gh, NULL);
  int owner, kind, count;
  ck_assert_str_eq(text(s12), "...../...../X.O.X/XXXXX/XXXXX X - 0");
  ck_assert_str_eq(text(s11), "...../...../X.O../XXXXX/XXXXX X - 0");
  ck_assert_str_eq(text(s10), "...../...../..O../XXXXX/XXXXX X - 0");
  ck_assert_str_eq(text(sh), "...../...../X.O.X/XXXXX/XXXXX O - 0");
  ck_assert_int_eq(ag_state_current_player(s12), 0);
  ck_assert_int_eq(ag_state_current_player(sh), 1);
  ck_assert_int_eq(ag_state_piece(s12, 12, 0, &owner, &kind, &count), 1);
  ck_assert_int_eq(owner, 1);
  ck_assert_int_eq(kind, AG_PIECE_HARE);
  ck_assert_int_eq(count, 1);
  ck_assert_int_eq(ag_state_piece(s12, 12, 1, &owner, &kind, &count), 0);
  ck_assert_int_eq(ag_state_piece(s12, 0, 0, &owner, &kind, &count), 1);
  ck_assert_int_eq(owner, 0);
  ck_assert_int_eq(kind, AG_PIECE_HUNTER);
  ck_assert_int_eq(ag_state_piece(s12, 24, 0, &owner, &kind, &count), 0);
  /* Hash values are part of the contract within a SONAME major: pinned. */
  ck_assert_uint_eq(ag_state_hash(s12), UINT64_C(0xd78534655a098e39));
  ck_assert_uint_eq(ag_state_hash(sh), UINT64_C(0x1bfac2a60812a006));
  ck_assert_uint_eq(ag_state_hash(s10), UINT64_C(0xefd77dccdccf3ffb));
  ag_state_free(s12), ag_state_free(s11), ag_state_free(s10), ag_state_free(sh);
  ag_game_free(g12), ag_game_free(g11), ag_game_free(g10), ag_game_free(gh);
}
END_TEST

START_TEST(test_first_moves)
{
  ag_game *g = new_game("hare"), *gh = new_game("hare(first=hare)");
  ag_state *st = new_state(g, NULL), *sh = new_state(gh, NULL);
  /* Counted by hand (THE BOARD, RULES): B2-B3, D2-D3, A3-A4, A3-B3, A3-B4, E3-E4,
   * E3-D3, E3-D4, listed by
   * direction (offsets -6 -5 -4 -1 +1 +4 +5 +6), then destination. */
  ck_assert_str_eq(moves_text(st), "e3-d3 a3-b3 e3-d4 b2-b3 d2-d3 a3-a4 e3-e4 a3-b4");
  ck_assert_str_eq(moves_text(sh), "c3-b3 c3-d3 c3-b4 c3-c4 c3-d4");
  ck_assert_uint_eq(perft(st, 1), 8);
  ck_assert_uint_eq(perft(st, 2), 40);
  ck_assert_uint_eq(perft(sh, 1), 5);
  ck_assert_uint_eq(perft(sh, 2), 49);
  /* Deeper counts agree with tests/hare_reference.py, an independent generator. */
  ck_assert_uint_eq(perft(st, 3), 522);
  ck_assert_uint_eq(perft(st, 4), 2268);
  ck_assert_uint_eq(perft(st, 5), 34154);
  ck_assert_uint_eq(perft(sh, 3), 220);
  ck_assert_uint_eq(perft(sh, 4), 3093);
  ck_assert_uint_eq(perft(sh, 5), 12691);
  /* Depth 2, counted by hand: after A3-B3 the hare has 4 steps and C3xA3. */
  play(st, "a3-b3");
  ck_assert_str_eq(moves_text(st), "c3-d3 c3-b4 c3-c4 c3-d4 c3xa3");
  ag_state_free(st), ag_state_free(sh);
  ag_game_free(g), ag_game_free(gh);
}
END_TEST

/* Chains (RULES): A1 x B2 -> C3 x C2 -> C1 x B1 -> A1, ending where it began; the third
 * capture leaves 9 hunters and wins in the middle of the chain. */
START_TEST(test_three_jump_loop)
{
  ag_game *g = new_game("hare");
  ag_state *st = new_state(g, "XXXXX/...../...../.XXXX/OX.XX O - 7");
  int winner, reason, v;
  ck_assert_str_eq(moves_text(st), "a1-a2 a1xc1 a1xc3");
  play(st, "a1xc3");
  ck_assert_int_eq(ag_state_current_player(st), 1); /* the hare jumps again or passes */
  ck_assert_int_eq(ag_state_info(st, AG_INFO_CHAIN, 0, &v), AG_OK);
  ck_assert_int_eq(v, 1);
  ck_assert_str_eq(text(st), "XXXXX/...../..O../..XXX/.X.XX O * 8");
  ck_assert_str_eq(moves_text(st), "c3xc1 pass");
  play(st, "c3xc1");
  ck_assert_str_eq(moves_text(st), "c1xa1 c1xe3 pass");
  play(st, "c1xa1");
  ck_assert_str_eq(text(st), "XXXXX/...../...../...XX/O..XX O - 10");
  ck_assert_int_eq(ag_state_outcome(st, &winner, &reason), AG_OUTCOME_WIN);
  ck_assert_int_eq(winner, 1);
  ck_assert_int_eq(reason, AG_END_CAPTURES);
  ck_assert_int_eq(ag_state_info(st, AG_INFO_CAPTURED, 1, &v), AG_OK);
  ck_assert_int_eq(v, 3);
  ck_assert_int_eq(ag_state_is_terminal(st), 1);
  ck_assert_str_eq(moves_text(st), "");
  ck_assert_int_eq(ag_state_undo(st), AG_OK);
  ck_assert_int_eq(ag_state_is_terminal(st), 0);
  play(st, "pass"); /* stopping the chain hands the turn to the hunters */
  ck_assert_int_eq(ag_state_current_player(st), 0);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* With 11 hunters a double jump wins at once (chain=1); with chain=0 a jump
 * ends the turn and pass never exists. */
START_TEST(test_chain_option)
{
  ag_game *g = new_game("hare(hunters=11)"), *g0 = new_game("hare(hunters=11,chain=0)");
  const char *pos = "XXXXX/...../...../.XXX./OX.XX O - 0";
  ag_state *st = new_state(g, pos), *s0 = new_state(g0, pos);
  int winner, reason;
  play(st, "a1xc3");
  ck_assert_str_eq(moves_text(st), "c3xc1 pass");
  play(st, "c3xc1");
  ck_assert_int_eq(ag_state_outcome(st, &winner, &reason), AG_OUTCOME_WIN);
  ck_assert_int_eq(winner, 1);
  ck_assert_int_eq(reason, AG_END_CAPTURES);
  play(s0, "a1xc3");
  ck_assert_int_eq(ag_state_current_player(s0), 0);
  ck_assert_str_eq(text(s0), "XXXXX/...../..O../..XX./.X.XX X - 1");
  ck_assert_int_eq(ag_state_set_text(s0, "XXXXX/...../..O../..XX./.X.XX O * 1"), AG_EPARSE);
  ck_assert_int_eq(ag_state_set_text(st, "XXXXX/...../..O../..XX./.X.XX O * 1"), AG_OK);
  ag_state_free(st), ag_state_free(s0);
  ag_game_free(g), ag_game_free(g0);
}
END_TEST

/* RULES: the hunters' last blocking move wins; the test is made on the hare's turn. */
START_TEST(test_immobilised_hare)
{
  ag_game *g = new_game("hare");
  ag_state *st = new_state(g, ".XXXX/...X./X..../XX.../OXX.. X - 20");
  int winner, reason;
  ck_assert_int_eq(ag_state_set_text(st, ".XXXX/...X./X..../XX.../OXX.. O - 20"), AG_OK);
  ck_assert_str_eq(moves_text(st), "a1xc3");
  ck_assert_int_eq(ag_state_set_text(st, ".XXXX/...X./X..../XX.../OXX.. X - 20"), AG_OK);
  play(st, "d4-c3");
  ck_assert_int_eq(ag_state_outcome(st, &winner, &reason), AG_OUTCOME_WIN);
  ck_assert_int_eq(winner, 0);
  ck_assert_int_eq(reason, AG_END_BLOCKED);
  /* The same position read from text is already over. */
  ck_assert_int_eq(ag_state_set_text(st, text(st)), AG_OK);
  ck_assert_int_eq(ag_state_current_player(st), AG_PLAYER_TERMINAL);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

START_TEST(test_repetition)
{
  ag_game *g3 = new_game("hare"), *g2 = new_game("hare(repetition=2)"), *g0 = new_game("hare(repetition=0)");
  ag_state *s3 = new_state(g3, NULL), *s2 = new_state(g2, NULL), *s0 = new_state(g0, NULL);
  const char *cycle[4] = {"a3-a4", "c3-c4", "a4-a3", "c4-c3"};
  int i, winner, reason;
  char rep[128];
  for (i = 0; i < 4; i++) play(s2, cycle[i]);
  ck_assert_int_eq(ag_state_outcome(s2, &winner, &reason), AG_OUTCOME_DRAW);
  ck_assert_int_eq(reason, AG_END_REPETITION);
  ck_assert_int_eq(winner, AG_PLAYER_NONE);
  for (i = 0; i < 8; i++) {
    ck_assert_int_eq(ag_state_is_terminal(s3), 0);
    play(s3, cycle[i % 4]);
  }
  ck_assert_int_eq(ag_state_outcome(s3, &winner, &reason), AG_OUTCOME_DRAW);
  ck_assert_int_eq(reason, AG_END_REPETITION);
  strcpy(rep, text(s3));
  ck_assert_str_eq(rep, "...../...../X.O.X/XXXXX/XXXXX X - 8 rep");
  ck_assert_int_eq(ag_state_set_text(s3, rep), AG_OK);
  ck_assert_int_eq(ag_state_outcome(s3, &winner, &reason), AG_OUTCOME_DRAW);
  ck_assert_str_eq(text(s3), rep);
  ck_assert_int_eq(ag_state_set_text(s0, rep), AG_EPARSE); /* no repetition rule there */
  for (i = 0; i < 40; i++) play(s0, cycle[i % 4]);
  ck_assert_int_eq(ag_state_is_terminal(s0), 0);
  ag_state_free(s3), ag_state_free(s2), ag_state_free(s0);
  ag_game_free(g3), ag_game_free(g2), ag_game_free(g0);
}
END_TEST

/* A capture clears the repetition history: earlier positions cannot recur. */
START_TEST(test_repetition_window_after_capture)
{
  ag_game *g = new_game("hare(repetition=2)");
  ag_state *st = new_state(g, "XX.XX/...../..O../.X.XX/.XXXX O - 0");
  play(st, "c3xa1"); /* over b2 */
  ck_assert_int_eq(ag_state_current_player(st), 0);
  play(st, "b5-c5");
  play(st, "a1-b2");
  play(st, "c5-b5");
  ck_assert_int_eq(ag_state_is_terminal(st), 0);
  play(st, "b2-a1");
  ck_assert_int_eq(ag_state_is_terminal(st), 1); /* the position after the capture, again */
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

START_TEST(test_ply_cap)
{
  ag_game *g = new_game("hare(max_plies=3)");
  ag_state *st = new_state(g, NULL);
  int winner, reason;
  ck_assert_uint_eq(ag_game_limit(g, AG_LIMIT_PLIES), 3);
  play(st, "a3-a4");
  play(st, "c3-c4");
  ck_assert_int_eq(ag_state_is_terminal(st), 0);
  play(st, "a4-a3");
  ck_assert_int_eq(ag_state_outcome(st, &winner, &reason), AG_OUTCOME_DRAW);
  ck_assert_int_eq(reason, AG_END_PLY_LIMIT);
  ck_assert_int_eq(ag_state_set_text(st, "...../...../X.O.X/XXXXX/XXXXX X - 4"), AG_EPARSE);
  ck_assert_int_eq(ag_state_set_text(st, "...../...../X.O.X/XXXXX/XXXXX X - 3"), AG_OK);
  ck_assert_int_eq(ag_state_is_terminal(st), 1);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* RULES: over many random games the hunters are never without a move, and
 * every game ends with one of the documented reasons. */
START_TEST(test_random_games_end_properly)
{
  const char *specs[] = {"hare", "hare(hunters=10,first=hare)", "hare(hunters=11,chain=0)",
                         "hare(repetition=0,max_plies=300)"};
  size_t s;
  for (s = 0; s < 4; s++) {
    ag_game *g = new_game(specs[s]);
    ag_state *st = new_state(g, NULL);
    uint64_t rng = 99 + s;
    int i, winner, reason;
    for (i = 0; i < 300; i++) {
      ck_assert_int_ge(ag_state_playout(st, &rng, 0, NULL, &winner, &reason), AG_OUTCOME_WIN);
      ck_assert(reason == AG_END_CAPTURES || reason == AG_END_BLOCKED ||
                reason == AG_END_REPETITION || reason == AG_END_PLY_LIMIT);
      if (reason == AG_END_BLOCKED) ck_assert_int_eq(winner, 0); /* only the hare is ever blocked */
      if (reason == AG_END_CAPTURES) ck_assert_int_eq(winner, 1);
    }
    ag_state_free(st);
    ag_game_free(g);
  }
}
END_TEST

START_TEST(test_move_text)
{
  ag_game *g = new_game("hare");
  ag_move m;
  int kind, from, to;
  char buf[16];
  ck_assert_int_eq(ag_move_from_text(g, "c3-d4", &m), AG_OK);
  ck_assert_int_eq(ag_move_info(g, m, &kind, &from, &to), AG_OK);
  ck_assert_int_eq(kind, AG_MOVE_STEP);
  ck_assert_int_eq(from, 12);
  ck_assert_int_eq(to, 18);
  ck_assert_uint_eq(m, 0x0108120cu); /* kind 1, aux = direction 8 (+6), to 18, from 12 */
  ck_assert_int_eq(ag_move_from_text(g, "C3xE5", &m), AG_OK);
  ck_assert_uint_eq(m, 0x0212180cu); /* kind 2, aux = the jumped point d4 */
  ck_assert_int_eq(ag_move_to_text(g, m, buf, sizeof buf, NULL), AG_OK);
  ck_assert_str_eq(buf, "c3xe5");
  ck_assert_int_eq(ag_move_from_text(g, "pass", &m), AG_OK);
  ck_assert_int_eq(ag_move_info(g, m, &kind, &from, &to), AG_OK);
  ck_assert_int_eq(kind, AG_MOVE_PASS);
  ck_assert_int_eq(from, -1);
  ck_assert_int_eq(ag_move_from_text(g, "c3-e5", &m), AG_EPARSE);
  ck_assert_str_eq(ag_errmsg(), "hare move 'c3-e5': c3 and e5 are not adjacent");
  ck_assert_int_eq(ag_move_from_text(g, "b1xd3", &m), AG_EPARSE);
  ck_assert_int_eq(ag_move_from_text(g, "b1-c2", &m), AG_EPARSE); /* no diagonal there */
  ck_assert_int_eq(ag_move_from_text(g, "f1-f2", &m), AG_EPARSE);
  ck_assert_int_eq(ag_move_from_text(g, "c3-d4 ", &m), AG_EPARSE);
  ck_assert_int_eq(ag_move_from_text(g, "", &m), AG_EPARSE);
  ck_assert_int_eq(ag_move_info(g, 0x0100120cu, &kind, &from, &to), AG_EINVAL); /* aux 0 */
  ag_game_free(g);
}
END_TEST

static void expect_bad_position(ag_state *st, const char *t, const char *in_message)
{
  char before[128];
  strcpy(before, text(st));
  ck_assert_msg(ag_state_set_text(st, t) == AG_EPARSE, "accepted: %s", t);
  ck_assert_msg(strstr(ag_errmsg(), in_message) != NULL, "'%s': message '%s' lacks '%s'", t,
                ag_errmsg(), in_message);
  ck_assert_str_eq(text(st), before);
}

START_TEST(test_position_text_errors)
{
  ag_game *g = new_game("hare(hunters=11)");
  ag_state *st = new_state(g, NULL);
  play(st, "a3-a4");
  expect_bad_position(st, "", "at byte 0");
  expect_bad_position(st, "...../...../X.O.X/XXXXX/XXXX", "at byte 28");
  expect_bad_position(st, "...../..../X.O.X/XXXXX/XXXXX X - 0", "at byte 10");
  expect_bad_position(st, "...../...../X.Q../XXXXX/XXXXX X - 0", "at byte 14");
  expect_bad_position(st, "...../...../X.O../XXXXX/XXXXX Y - 0", "side to move) expected at byte 29");
  expect_bad_position(st, "...../...../X.O../XXXXX/XXXXX X + 0", "at byte 31");
  expect_bad_position(st, "...../...../X.O../XXXXX/XXXXX X - x", "ply count expected at byte 34");
  expect_bad_position(st, "...../...../X.O../XXXXX/XXXXX X - 0 ", "unexpected ' ' at byte 35");
  expect_bad_position(st, "...X./...../X...O/XXXXX/XXXXX X - 0", "12 hunters, this game has 11");
  expect_bad_position(st, "O..../...../X.O../XXXXX/XXXX. X - 0", "2 hares");
  expect_bad_position(st, "...../...../X....X/XXXXX/XXXX. X - 0", "at byte 17");
  expect_bad_position(st, "...../...../X.O../XXXXX/XXXXX X * 0", "a chain needs");
  expect_bad_position(st, "...../...../X.O../XXXXX/XXXXX X - 99999999999", "ply count");
  expect_bad_position(st, "...../...../..O../XXXXX/XXXX. X - 0 rep", "'rep' does not fit");
  ck_assert_uint_eq(ag_state_ply(st), 1); /* the history survived every failure */
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

START_TEST(test_info_and_render)
{
  ag_game *g = new_game("hare");
  ag_state *st = new_state(g, NULL);
  int v;
  char buf[1024];
  double r[2];
  play(st, "a3-b3");
  ck_assert_int_eq(ag_state_info(st, AG_INFO_COUNTER, 0, &v), AG_OK);
  ck_assert_int_eq(v, 1);
  ck_assert_int_eq(ag_state_info(st, AG_INFO_CAPTURED, 1, &v), AG_OK);
  ck_assert_int_eq(v, 0);
  ck_assert_int_eq(ag_state_info(st, AG_INFO_CAPTURED, 2, &v), AG_EINVAL);
  ck_assert_int_eq(ag_state_info(st, AG_INFO_PENDING_STEPS, 0, &v), AG_ENOTFOUND);
  ck_assert_int_eq(ag_state_render(st, buf, sizeof buf, NULL), AG_OK);
  ck_assert_msg(strstr(buf, "3  . - X - O - . - X\n") != NULL, "%s", buf);
  ck_assert_msg(strstr(buf, "hare to move") != NULL, "%s", buf);
  ck_assert_int_eq(ag_state_returns(st, r, 2), AG_OK);
  ck_assert(r[0] == 0.0 && r[1] == 0.0);
  play(st, "c3xa3");
  ck_assert_int_eq(ag_state_info(st, AG_INFO_CAPTURED, 1, &v), AG_OK);
  ck_assert_int_eq(v, 1);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* The number of hunters on a position text's board. */
static int hunters_in(const char *t)
{
  int n = 0, i;
  for (i = 0; i < 29; i++) n += t[i] == 'X';
  return n;
}

/* Repetition over thousands of random games through the API against the
 * test's own count: the turn-boundary positions since the last capture kept
 * as text (board and side to move), scanned at every boundary.  A game ends
 * by repetition exactly when the position has occurred repetition - 1 times
 * before and the side to move is not blocked (the library's counting filter
 * must never let a repeat through, whatever positions share its counters). */
START_TEST(test_repetition_matches_a_scan)
{
  static const char *const specs[] = {"hare", "hare(repetition=2,chain=0)", "hare(chain=0)"};
  static const int reps[] = {3, 2, 3};
  static char window[2000][32];
  size_t s;
  for (s = 0; s < sizeof specs / sizeof specs[0]; s++) {
    ag_game *g = new_game(specs[s]);
    ag_state *st = new_state(g, NULL);
    uint64_t rng = 4242 + s;
    int game, draws = 0, repeats_seen = 0;
    for (game = 0; game < 3000; game++) {
      size_t n = 0, i;
      char t[128];
      int before, w, r, o;
      ag_state_reset(st);
      for (;;) {
        int count = 0;
        ag_move mv[MAXMV];
        /* (ck_assert_* talks to the parent process: only on a mismatch) */
        if (ag_state_to_text(st, t, sizeof t, NULL) != AG_OK) ck_abort_msg("%s", ag_errmsg());
        o = ag_state_outcome(st, &w, &r);
        if (t[32] == '-') {  /* a boundary: count its earlier occurrences */
          for (i = 0; i < n; i++) count += strncmp(window[i], t, 31) == 0;
          repeats_seen += count > 0;
          if (count + 1 >= reps[s] && !(o == AG_OUTCOME_WIN && r == AG_END_BLOCKED)) {
            if (o != AG_OUTCOME_DRAW || r != AG_END_REPETITION)
              ck_abort_msg("%s game %d: %s has occurred %d times before", specs[s], game, t, count);
          } else if (r == AG_END_REPETITION) {
            ck_abort_msg("%s game %d: %s drawn with %d earlier occurrences", specs[s], game, t, count);
          }
        }
        if (o != AG_OUTCOME_ONGOING) break;
        if (t[32] == '-') {
          if (n == sizeof window / sizeof window[0]) ck_abort_msg("window too small");
          memcpy(window[n++], t, 31);
        }
        before = hunters_in(t);
        if (ag_state_legal_moves(st, ag_state_current_player(st), mv, MAXMV, &i) != AG_OK || !i ||
            ag_state_apply(st, mv[ag_rng_below(&rng, i)]) != AG_OK ||
            ag_state_to_text(st, t, sizeof t, NULL) != AG_OK)
          ck_abort_msg("%s game %d: %s", specs[s], game, ag_errmsg());
        if (hunters_in(t) < before) n = 0;  /* a capture empties the window */
      }
      draws += r == AG_END_REPETITION;
    }
    ck_assert_int_gt(draws, 10);
    ck_assert_int_gt(repeats_seen, 1000);
    ag_state_free(st);
    ag_game_free(g);
  }
}
END_TEST

/* Applies every step and jump value between points 0-31 (each aux a step
 * can carry and one more; the jump's over point and the next) and pass at
 * st: a listed move plays and is undone, any other fails with AG_EILLEGAL;
 * either way text, ply and hash are as before. */
static void apply_every_value(ag_state *st)
{
  ag_move mv[MAXMV];
  size_t n, i, ply = ag_state_ply(st);
  uint64_t hash = ag_state_hash(st);
  int p = ag_state_current_player(st);
  uint32_t kind, aux, to, from;
  char before[128], after[128];
  ck_assert_int_ge(p, 0);
  ck_assert_int_eq(ag_state_legal_moves(st, p, mv, MAXMV, &n), AG_OK);
  ck_assert_int_eq(ag_state_to_text(st, before, sizeof before, NULL), AG_OK);
  for (kind = AG_MOVE_STEP; kind <= AG_MOVE_PASS; kind++)
    for (aux = 0; aux < 10; aux++)
      for (to = 0; to < 32; to++)
        for (from = 0; from < 32; from++) {
          ag_move m = kind << 24 | aux << 16 | to << 8 | from;
          int listed = 0, rc;
          if (kind == AG_MOVE_JUMP) {
            if (aux > 1) break;
            m = kind << 24 | ((from + to) / 2 + aux) << 16 | to << 8 | from;
          } else if (kind != AG_MOVE_STEP && (kind != AG_MOVE_PASS || aux || to || from > 1)) {
            break;
          }
          for (i = 0; i < n; i++) listed |= mv[i] == m;
          /* (ck_assert_* talks to the parent process: only on a mismatch) */
          rc = ag_state_apply(st, m);
          if (listed ? rc != AG_OK || ag_state_undo(st) != AG_OK : rc != AG_EILLEGAL)
            ck_abort_msg("0x%08x (listed: %d) at %s: apply gave %d", (unsigned)m, listed, before, rc);
          if (ag_state_to_text(st, after, sizeof after, NULL) != AG_OK || strcmp(after, before) ||
              ag_state_ply(st) != ply || ag_state_hash(st) != hash)
            ck_abort_msg("0x%08x (listed: %d) changed %s", (unsigned)m, listed, before);
        }
}

/* ag_state_apply takes exactly the listed moves (its shortcut for the common
 * step tests the move itself): every value of apply_every_value at positions
 * of random games of three variants, both sides to move, in and out of chains. */
START_TEST(test_apply_takes_exactly_the_list)
{
  static const char *const specs[] = {"hare", "hare(chain=0,repetition=2)",
                                      "hare(first=hare,hunters=10,max_plies=60)"};
  size_t s;
  for (s = 0; s < sizeof specs / sizeof specs[0]; s++) {
    ag_game *g = new_game(specs[s]);
    ag_state *st = new_state(g, NULL);
    uint64_t rng = 77 + s;
    int positions = 0, sides[2] = {0, 0}, chains = 0, chain;
    while (positions < 40) {
      ag_state_reset(st);
      while (!ag_state_is_terminal(st)) {
        ck_assert_int_eq(ag_state_info(st, AG_INFO_CHAIN, 0, &chain), AG_OK);
        if (ag_state_ply(st) % 7 == 3 || chain) {
          apply_every_value(st);
          positions++;
          sides[ag_state_current_player(st)]++;
          chains += chain;
        }
        ck_assert(ag_test_random_ply(st, &rng));
      }
    }
    ck_assert_int_gt(sides[0], 5);
    ck_assert_int_gt(sides[1], 5);
    if (s == 0) ck_assert_int_gt(chains, 0);
    ag_state_free(st);
    ag_game_free(g);
  }
}
END_TEST

/* "pass" only ends a chain: with either side to move outside a chain,
 * ag_state_apply() refuses it with AG_EILLEGAL and leaves the state as it
 * was (its per-ply path tests and applies in one call into the game). */
START_TEST(test_pass_refused_outside_a_chain)
{
  ag_game *g = new_game("hare");
  ag_state *st = new_state(g, NULL);
  ag_move pass, mv[128];
  size_t n, side, ply;
  uint64_t hash;
  char before[512], after[512];
  ck_assert_int_eq(ag_move_from_text(g, "pass", &pass), AG_OK);
  for (side = 0; side < 2; side++) {
    if (side == 1) {  /* one hunters' step: the hare to move, no chain */
      ck_assert_int_eq(ag_state_legal_moves(st, 0, mv, 128, &n), AG_OK);
      ck_assert_int_eq(ag_state_apply(st, mv[0]), AG_OK);
    }
    ck_assert_int_eq(ag_state_current_player(st), (int)side);
    ck_assert_int_eq(ag_state_to_text(st, before, sizeof before, NULL), AG_OK);
    ply = ag_state_ply(st);
    hash = ag_state_hash(st);
    ck_assert_int_eq(ag_state_apply(st, pass), AG_EILLEGAL);
    ck_assert_int_eq(ag_state_to_text(st, after, sizeof after, NULL), AG_OK);
    ck_assert_str_eq(after, before);
    ck_assert_uint_eq(ag_state_ply(st), ply);
    ck_assert_uint_eq(ag_state_hash(st), hash);
  }
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* The end checks after a ply, in the rules header's order (item 5): the hare's
 * captures, then a blocked side, then repetition, then the ply cap.  A game
 * drawn by repetition on the ply that reaches max_plies says so, and its text
 * reads back to the same ended game; a hunters' move that traps the hare on
 * that ply wins. */
START_TEST(test_end_order_at_the_ply_cap)
{
  static const char *const plies[] = { "a3-a4", "c3-b3", "a4-a3", "b3-c3" };
  ag_game *g = new_game("hare(repetition=2,max_plies=4)");
  ag_state *st = new_state(g, NULL), *back;
  ag_move m;
  char text[128], again[128];
  int w, r;
  size_t i;
  for (i = 0; i < 4; i++) {
    ck_assert_int_eq(ag_move_from_text(g, plies[i], &m), AG_OK);
    ck_assert_int_eq(ag_state_apply(st, m), AG_OK);
  }
  ck_assert_int_eq(ag_state_outcome(st, &w, &r), AG_OUTCOME_DRAW);
  ck_assert_int_eq(r, AG_END_REPETITION);
  ck_assert_int_eq(ag_state_to_text(st, text, sizeof text, NULL), AG_OK);
  ck_assert_str_eq(text, "...../...../X.O.X/XXXXX/XXXXX X - 4 rep");
  back = new_state(g, NULL);
  ck_assert_msg(ag_state_set_text(back, text) == AG_OK, "%s", ag_errmsg());
  ck_assert_int_eq(ag_state_outcome(back, &w, &r), AG_OUTCOME_DRAW);
  ck_assert_int_eq(r, AG_END_REPETITION);
  ck_assert_int_eq(ag_state_to_text(back, again, sizeof again, NULL), AG_OK);
  ck_assert_str_eq(again, text);
  /* Without the mark the same text is the ply-cap draw. */
  ck_assert_int_eq(ag_state_set_text(back, "...../...../X.O.X/XXXXX/XXXXX X - 4"), AG_OK);
  ck_assert_int_eq(ag_state_outcome(back, &w, &r), AG_OUTCOME_DRAW);
  ck_assert_int_eq(r, AG_END_PLY_LIMIT);
  /* "rep" still does not fit a game the hare has won or a blocked side. */
  ck_assert_int_eq(ag_state_set_text(back, "...../...../..O../XX.../XXXXX X - 4 rep"), AG_EPARSE);
  ag_state_free(back);
  ag_state_free(st);
  ag_game_free(g);

  /* Hare on a1, hunters on b1, a2, b2, c1, a3: c4-c3 closes the last jump on
   * ply 10, the cap.  The trap wins. */
  g = new_game("hare(max_plies=10)");
  st = new_state(g, "....X/..X../X..../XX..X/OXXXX X - 9");
  ck_assert_int_eq(ag_move_from_text(g, "c4-c3", &m), AG_OK);
  ck_assert_int_eq(ag_state_apply(st, m), AG_OK);
  ck_assert_int_eq(ag_state_outcome(st, &w, &r), AG_OUTCOME_WIN);
  ck_assert_int_eq(w, 0);
  ck_assert_int_eq(r, AG_END_BLOCKED);
  ck_assert_int_eq(ag_state_to_text(st, text, sizeof text, NULL), AG_OK);
  back = new_state(g, text);
  ck_assert_int_eq(ag_state_outcome(back, &w, &r), AG_OUTCOME_WIN);
  ck_assert_int_eq(r, AG_END_BLOCKED);
  ag_state_free(back);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

static Suite *hare_suite(void)
{
  Suite *s = suite_create("hare");
  TCase *tc = tcase_create("rules");
  tcase_add_test(tc, test_board_counts);
  tcase_add_test(tc, test_setups);
  tcase_add_test(tc, test_first_moves);
  tcase_add_test(tc, test_three_jump_loop);
  tcase_add_test(tc, test_chain_option);
  tcase_add_test(tc, test_immobilised_hare);
  tcase_add_test(tc, test_repetition);
  tcase_add_test(tc, test_repetition_window_after_capture);
  tcase_add_test(tc, test_ply_cap);
  tcase_add_test(tc, test_random_games_end_properly);
  tcase_add_test(tc, test_move_text);
  tcase_add_test(tc, test_position_text_errors);
  tcase_add_test(tc, test_info_and_render);
  tcase_add_test(tc, test_end_order_at_the_ply_cap);
  tcase_add_test(tc, test_pass_refused_outside_a_chain);
  tcase_add_test(tc, test_apply_takes_exactly_the_list);
  tcase_add_test(tc, test_repetition_matches_a_scan);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) { return ag_test_run(hare_suite()); }
