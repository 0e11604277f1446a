/* SPDX-License-Identifier: MIT */
/*
 * check_liubo_sticks.c -- Check suite for the game liubo_sticks, through the
 * public API: the throw, the worked examples A, B and C of the rules file,
 * the small test vectors and owl paths of its section 1.4, every option,
 * position and move text, piece conservation, undo, playout and perft.
 */
#include <stdio.h>
#include <string.h>
#include "ancientgames.h"
#include "ai/ai_common.h"
#include "check_main.h"

#define TEXT_CAP 4096

/* ---------------------------------------------------------------- helpers */

/* The position text of st in a static buffer. */
static const char *text(const ag_state *st)
{
  static char buf[TEXT_CAP];
  ck_assert_int_eq(ag_state_to_text(st, buf, sizeof buf, NULL), AG_OK);
  return buf;
}

/* Applies a move given as text. */
static void play(ag_state *st, const char *mv)
{
  ag_move m;
  ck_assert_msg(ag_move_from_text(ag_state_game(st), mv, &m) == AG_OK, "parse %s: %s", mv,
                ag_errmsg());
  ck_assert_msg(ag_state_apply(st, m) == AG_OK, "apply %s: %s", mv, ag_errmsg());
}

/* Applies several space-separated moves. */
static void play_all(ag_state *st, const char *moves)
{
  char buf[512], *tok, *save = NULL;
  snprintf(buf, sizeof buf, "%s", moves);
  for (tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) play(st, tok);
}

/* The legal moves of the player to act (or the throws), as space-separated text. */
static const char *legal(const ag_state *st)
{
  static char out[TEXT_CAP];
  char one[32];
  ag_move mv[512];
  size_t n, i, k = 0;
  int cp = ag_state_current_player(st);
  out[0] = '\0';
  if (cp == AG_PLAYER_TERMINAL) return out;
  ck_assert_int_eq(ag_state_legal_moves(st, cp, mv, 512, &n), AG_OK);
  for (i = 0; i < n; i++) {
    ck_assert_int_eq(ag_move_to_text(ag_state_game(st), mv[i], one, sizeof one, NULL), AG_OK);
    k += (size_t)snprintf(out + k, sizeof out - k, "%s%s", i ? " " : "", one);
  }
  return out;
}

/* Asserts the legal moves of st, as text. */
#define ck_legal(st, expect) ck_assert_str_eq(legal(st), expect)

/* Asserts the position text of st. */
#define ck_text(st, expect) ck_assert_str_eq(text(st), expect)

/* Asserts that the game is over: won by w for reason r, or drawn (w = AG_PLAYER_NONE). */
static void ck_win(const ag_state *st, int w, int r)
{
  int ww, rr, out = ag_state_outcome(st, &ww, &rr);
  ck_assert_msg(out == (w == AG_PLAYER_NONE ? AG_OUTCOME_DRAW : AG_OUTCOME_WIN) && ww == w &&
                rr == r, "expected winner %d reason %d, got outcome %d winner %d reason %d: %s",
                w, r, out, ww, rr, text(st));
}

/* Sets up `pos` (NULL: the start) in a game of `spec`, plays the space-separated
 * `moves` and asserts the position text. */
static void ck_after(const char *spec, const char *pos, const char *moves, const char *expect)
{
  ag_game *g = new_game(spec);
  ag_state *st = new_state(g, pos);
  play_all(st, moves);
  ck_assert_str_eq(text(st), expect);
  ag_state_free(st);
  ag_game_free(g);
}

/* Counts leaf nodes at depth d. */
static unsigned long perft(ag_state *st, int d)
{
  ag_move mv[512];
  size_t n, i;
  unsigned long c = 0;
  int cp = ag_state_current_player(st);
  if (cp == AG_PLAYER_TERMINAL) return 0;
  if (d == 0) return 1;
  ck_assert_int_eq(ag_state_legal_moves(st, cp, mv, 512, &n), AG_OK);
  if (d == 1) return n;
  for (i = 0; i < n; i++) {
    ck_assert_int_eq(ag_state_apply(st, mv[i]), AG_OK);
    c += perft(st, d - 1);
    ck_assert_int_eq(ag_state_undo(st), AG_OK);
  }
  return c;
}

/* Every option value, one spec each (with a turn cap for random games). */
static const char *const option_specs[] = {
  "liubo_sticks(max_turns=300)",
  "liubo_sticks(first=1,max_turns=300)",
  "liubo_sticks(promotion=forced,max_turns=300)",
  "liubo_sticks(stone_capture=reserve,max_turns=300)",
  "liubo_sticks(stone_capture=none,max_turns=300)",
  "liubo_sticks(owl_capture=removed,max_turns=300)",
  "liubo_sticks(loop=pass,max_turns=300)",
  "liubo_sticks(five=immediate,max_turns=300)",
  "liubo_sticks(five=off,max_turns=300)",
  "liubo_sticks(rethrow=bead,max_turns=300)",
  "liubo_sticks(owl_capture=removed,rethrow=bead,stone_capture=none,five=immediate,max_turns=300)",
  "liubo_sticks(max_turns=1)",
};
#define NUM_SPECS (sizeof option_specs / sizeof option_specs[0])

/* ---------------------------------------------------------- game metadata */

START_TEST(test_spec_and_metadata)
{
  ag_game *g = new_game("liubo_sticks");
  ag_game *g2;
  ck_assert_str_eq(ag_game_spec(g),
                   "liubo_sticks(first=0,promotion=optional,stone_capture=prisoner,"
                   "owl_capture=prisoner,loop=reach,five=end_of_turn,rethrow=none,max_turns=0)");
  ck_assert_str_eq(ag_game_name(g), "liubo_sticks");
  ck_assert_uint_eq(ag_game_flags(g), AG_GAME_CHANCE | AG_GAME_ZERO_SUM);
  ck_assert_str_eq(ag_game_player_name(g, 0), "white");
  ck_assert_str_eq(ag_game_player_name(g, 1), "black");
  ck_assert_uint_eq(ag_game_limit(g, AG_LIMIT_CHANCE_OUTCOMES), 10);
  ck_assert_uint_eq(ag_game_limit(g, AG_LIMIT_PLIES), 0);
  g2 = new_game("liubo_sticks(max_turns=200, five=off)");
  ck_assert_str_eq(ag_game_spec(g2),
                   "liubo_sticks(first=0,promotion=optional,stone_capture=prisoner,"
                   "owl_capture=prisoner,loop=reach,five=off,rethrow=none,max_turns=200)");
  ck_assert_uint_eq(ag_game_limit(g2, AG_LIMIT_PLIES), 600);
  ag_game_free(g2);
  ck_assert_int_eq(ag_game_new("liubo_sticks(loop=sometimes)", &g2), AG_EPARSE);
  ck_assert_int_eq(ag_game_new("liubo_sticks(max_turns=100001)", &g2), AG_EPARSE);
  ck_assert_int_eq(ag_game_new("liubo_sticks(shortcut=forced)", &g2), AG_ENOTFOUND);
  ag_game_free(g);
}
END_TEST

START_TEST(test_geometry)
{
  ag_game *g = new_game("liubo_sticks");
  int i, a, b, kind, x, y, deg[40] = {0}, node, tracks = 0, shortcuts = 0;
  ck_assert_int_eq(ag_game_num_nodes(g), 33);
  ck_assert_int_eq(ag_game_num_edges(g), 32);
  for (i = 0; i < 32; i++) {
    ck_assert_int_eq(ag_game_edge(g, i, &a, &b, &kind), AG_OK);
    deg[a]++, deg[b]++;
    tracks += kind == AG_EDGE_TRACK;
    shortcuts += kind == AG_EDGE_SHORTCUT;
  }
  ck_assert_int_eq(tracks, 20);
  ck_assert_int_eq(shortcuts, 12);
  for (i = 0; i < 29; i++) {
    const char *name = ag_game_node_name(g, i);
    int want = (i == 28) ? 4 : (i == 0 || i == 5 || i == 10 || i == 15) ? 3 : 2;
    ck_assert_int_eq(deg[i], want);
    ck_assert_int_eq(ag_game_node_find(g, name, &node), AG_OK);
    ck_assert_int_eq(node, i);
  }
  /* Station 1 at the bottom middle, 6 east, 11 north, 16 west, X in the centre. */
  ck_assert_int_eq(ag_game_node_find(g, "1", &node), AG_OK);
  ck_assert_int_eq(ag_game_node(g, node, &x, &y, &kind), AG_OK);
  ck_assert(x == 6 && y == 0 && kind == AG_NODE_POINT);
  ck_assert_int_eq(ag_game_node_find(g, "6", &node), AG_OK);
  ag_game_node(g, node, &x, &y, NULL);
  ck_assert(x == 12 && y == 6);
  ck_assert_int_eq(ag_game_node_find(g, "11", &node), AG_OK);
  ag_game_node(g, node, &x, &y, NULL);
  ck_assert(x == 6 && y == 12);
  ck_assert_int_eq(ag_game_node_find(g, "x", &node), AG_OK);
  ck_assert_int_eq(node, 28);
  ag_game_node(g, node, &x, &y, &kind);
  ck_assert(x == 6 && y == 6 && kind == AG_NODE_GOAL);
  ck_assert_int_eq(ag_game_node_find(g, "A", &node), AG_OK);
  ag_game_node(g, node, &x, &y, NULL);
  ck_assert(x == 10 && y == 6);
  ck_assert_int_eq(ag_game_node_find(g, "U", &node), AG_OK);
  ag_game_node(g, node, &x, &y, NULL);
  ck_assert(x == 6 && y == 2);
  ck_assert_int_eq(ag_game_node_find(g, "wres", &node), AG_OK);
  ag_game_node(g, node, NULL, NULL, &kind);
  ck_assert_int_eq(kind, AG_NODE_RESERVE);
  ck_assert_int_eq(ag_game_node_find(g, "bheld", &node), AG_OK);
  ag_game_node(g, node, NULL, NULL, &kind);
  ck_assert_int_eq(kind, AG_NODE_PRISON);
  ag_game_extent(g, &x, &y);
  ck_assert(x == 14 && y == 12);
  ag_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ throw */

START_TEST(test_throw_distribution)
{
  ag_game *g = new_game("liubo_sticks");
  ag_state *st = new_state(g, NULL);
  ag_move mv[16];
  uint32_t w[16], total, sum = 0;
  size_t n, i;
  static const char *const names[10] = {"1+1", "1+2", "1+3", "1+4", "2+2",
                                        "2+3", "2+4", "3+3", "3+4", "4+4"};
  static const uint32_t weights[10] = {1, 6, 6, 2, 9, 18, 6, 9, 6, 1};
  uint32_t by_sum[9] = {0};
  char t[16];
  int kind, from, to;
  ck_assert_int_eq(ag_state_current_player(st), AG_PLAYER_CHANCE);
  ck_assert_int_eq(ag_state_chance_outcomes(st, mv, w, 16, &n, &total), AG_OK);
  ck_assert_uint_eq(n, 10);
  ck_assert_uint_eq(total, 64);
  for (i = 0; i < n; i++) {
    ck_assert_int_eq(ag_move_to_text(g, mv[i], t, sizeof t, NULL), AG_OK);
    ck_assert_str_eq(t, names[i]);
    ck_assert_uint_eq(w[i], weights[i]);
    ck_assert_int_eq(ag_move_info(g, mv[i], &kind, &from, &to), AG_OK);
    ck_assert_int_eq(kind, AG_MOVE_CHANCE);
    ck_assert_int_eq(from, -1);
    ck_assert_int_eq(to, -1);
    if (i) ck_assert_uint_gt(mv[i], mv[i - 1]);
    sum += w[i];
    by_sum[(t[0] - '0') + (t[2] - '0')] += w[i];
  }
  ck_assert_uint_eq(sum, 64);
  /* The sum of the two values runs 2..8 as 1, 6, 15, 20, 15, 6, 1. */
  ck_assert(by_sum[2] == 1 && by_sum[3] == 6 && by_sum[4] == 15 && by_sum[5] == 20 &&
            by_sum[6] == 15 && by_sum[7] == 6 && by_sum[8] == 1);
  /* "3+2" reads as the unordered throw 2+3. */
  ck_assert_int_eq(ag_move_from_text(g, "3+2", &mv[0]), AG_OK);
  ck_assert_int_eq(ag_move_to_text(g, mv[0], t, sizeof t, NULL), AG_OK);
  ck_assert_str_eq(t, "2+3");
  /* The throw is a ply like any other: applied, then undone. */
  play(st, "2+3");
  ck_assert_int_eq(ag_state_current_player(st), 0);
  ck_legal(st, "2:res-2 3:res-3");
  ck_assert_int_eq(ag_state_undo(st), AG_OK);
  ck_assert_int_eq(ag_state_current_player(st), AG_PLAYER_CHANCE);
  ck_text(st, "white - owl - reserve 6 held 0 removed 0; black - owl - reserve 6 held 0 "
              "removed 0; white throw; turns 0");
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* ------------------------------------------------------------ Example A */

START_TEST(test_example_a)
{
  ag_game *g = new_game("liubo_sticks");
  ag_state *st = new_state(g, NULL);
  int v;
  /* Turn 1, White (3,2): enter -> 3; enter -> 2. */
  play_all(st, "2+3 3:res-3");
  ck_legal(st, "2:res-2");  /* the stone just entered may not take the other value */
  play(st, "2:res-2");
  ck_text(st, "white 2,3 owl - reserve 4 held 0 removed 0; black - owl - reserve 6 held 0 "
              "removed 0; black throw; turns 1");
  /* Turn 2, Black (2,4): enter -> 2 takes W on 2; enter -> 4. */
  play_all(st, "2+4 2:res-2 4:res-4");
  ck_text(st, "white 3 owl - reserve 4 held 1 removed 0; black 2,4 owl - reserve 4 held 0 "
              "removed 0; white throw; turns 2");
  /* Turn 3, White (3,1): 3 -> 6 passing B on 4; enter -> 1. */
  play(st, "1+3");
  ck_legal(st, "1:3-4 3:3-6 1:res-1 3:res-3");
  play_all(st, "3:3-6 1:res-1");
  ck_text(st, "white 1,6 owl - reserve 3 held 1 removed 0; black 2,4 owl - reserve 4 held 0 "
              "removed 0; black throw; turns 3");
  /* Turn 4, Black (1,3): enter -> 1 takes W on 1; 4 -> 7 passing W on 6. */
  play_all(st, "1+3 1:res-1 3:4-7");
  ck_text(st, "white 6 owl - reserve 3 held 2 removed 0; black 1,2,7 owl - reserve 3 held 0 "
              "removed 0; white throw; turns 4");
  /* Turn 5, White (3,2): seven first sub-moves, twelve sequences, six positions. */
  play(st, "2+3");
  ck_legal(st, "2:6-8 2:6-B 3:6-9 3:6-X 3:6-X+ 2:res-2 3:res-3");
  ck_assert_uint_eq(perft(st, 2), 12);
  play(st, "2:res-2");
  ck_legal(st, "3:6-9 3:6-X 3:6-X+ 3:res-3");
  ag_state_undo(st);
  play(st, "3:res-3");
  ck_legal(st, "2:6-8 2:6-B 2:res-2");
  ag_state_undo(st);
  play(st, "3:6-X+");
  ck_legal(st, "2:res-2");  /* the new owl may not take the other value */
  play(st, "2:res-2");
  ck_text(st, "white 2 owl X reserve 2 held 2 removed 0; black 1,7 owl - reserve 3 held 1 "
              "removed 0; black throw; turns 5");
  ck_assert_int_eq(ag_state_info(st, AG_INFO_PRISONERS, 1, &v), AG_OK);
  ck_assert_int_eq(v, 1);
  ck_assert_int_eq(ag_state_info(st, AG_INFO_CAPTURED, 0, &v), AG_OK);
  ck_assert_int_eq(v, 1);
  ck_assert_int_eq(ag_state_info(st, AG_INFO_CAPTURED, 1, &v), AG_OK);
  ck_assert_int_eq(v, 2);
  /* Turn 6, Black (4,4): 1 -> 5 passing W on 2; 7 -> 11. */
  play(st, "4+4");
  ck_legal(st, "4:1-5 4:7-11 4:res-4");
  play_all(st, "4:1-5 4:7-11");
  ck_text(st, "white 2 owl X reserve 2 held 2 removed 0; black 5,11 owl - reserve 3 held 1 "
              "removed 0; white throw; turns 6");
  /* Turn 7, White (2,2): the owl takes both values, X -> B -> A, then A -> 6 -> 5. */
  play(st, "2+2");
  ck_legal(st, "2:2-4 2:owlX-A 2:owlX-D 2:owlX-R 2:owlX-U 2:res-2");
  play(st, "2:owlX-A");
  ck_legal(st, "2:2-4 2:owlA-5 2:owlA-7 2:res-2");
  ck_assert_int_eq(ag_state_info(st, AG_INFO_PENDING_STEPS, 0, &v), AG_OK);
  ck_assert_int_eq(v, 0);
  ck_assert_int_eq(ag_state_info(st, AG_INFO_PENDING_STEPS, 1, &v), AG_OK);
  ck_assert_int_eq(v, 2);
  play(st, "2:owlA-5");
  ck_text(st, "white 2 owl 5 reserve 2 held 2 removed 0; black 11 owl - reserve 3 held 2 "
              "removed 0; black throw; turns 7");
  /* Turn 8, Black (3,4): 11 across R, S, X and promotes; enter -> 4. */
  play(st, "3+4");
  ck_legal(st, "3:11-14 3:11-X 4:11-15 4:11-T 3:11-X+ 3:res-3 4:res-4");
  play_all(st, "3:11-X+ 4:res-4");
  ck_text(st, "white 2 owl 5 reserve 2 held 2 removed 0; black 4 owl X reserve 2 held 2 "
              "removed 0; white throw; turns 8");
  /* Turn 9, White (4,1): the owl 5 -> 6 -> A -> B -> X demotes Black's owl; 2 -> 3. */
  play(st, "1+4");
  ck_legal(st, "1:2-3 4:2-6 1:owl5-4 1:owl5-6 4:owl5-1 4:owl5-9 4:owl5-X 1:res-1 4:res-4");
  play_all(st, "4:owl5-X 1:2-3");
  ck_text(st, "white 3 owl X reserve 2 held 2 removed 0; black 4 owl - reserve 3 held 2 "
              "removed 0; black throw; turns 9");
  ck_assert_int_eq(ag_state_outcome(st, NULL, NULL), AG_OUTCOME_ONGOING);
  ck_assert_int_eq(ag_state_info(st, AG_INFO_COUNTER, 0, &v), AG_OK);
  ck_assert_int_eq(v, 9);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* Turn 5 of Example A: the twelve sequences reach exactly six positions. */
START_TEST(test_example_a_turn5_positions)
{
  ag_game *g = new_game("liubo_sticks");
  ag_state *st = new_state(g, "white 6 owl - reserve 3 held 2 removed 0; black 1,2,7 owl - "
                          "reserve 3 held 0 removed 0; white move 2+3; turns 4");
  ag_move first[64], second[64];
  size_t n1, n2, i, j, k, npos = 0, nseq = 0;
  static char seen[16][256];
  ck_assert_int_eq(ag_state_legal_moves(st, 0, first, 64, &n1), AG_OK);
  for (i = 0; i < n1; i++) {
    ck_assert_int_eq(ag_state_apply(st, first[i]), AG_OK);
    ck_assert_int_eq(ag_state_legal_moves(st, 0, second, 64, &n2), AG_OK);
    for (j = 0; j < n2; j++) {
      ck_assert_int_eq(ag_state_apply(st, second[j]), AG_OK);
      nseq++;
      for (k = 0; k < npos; k++)
        if (strcmp(seen[k], text(st)) == 0) break;
      if (k == npos) snprintf(seen[npos++], sizeof seen[0], "%s", text(st));
      ag_state_undo(st);
    }
    ag_state_undo(st);
  }
  ck_assert_uint_eq(nseq, 12);
  ck_assert_uint_eq(npos, 6);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* ------------------------------------------------------------ Example B */

static const char *const example_b =
  "white 9,12,14 owl 16 reserve 0 held 2 removed 0; black 19,D owl - reserve 2 held 2 "
  "removed 0; black move 1+3; turns 0";

START_TEST(test_example_b)
{
  ag_game *g = new_game("liubo_sticks");
  ag_state *st = new_state(g, example_b);
  ck_legal(st, "1:D-16 1:19-20 3:19-2 3:D-18 1:res-1 3:res-3");
  /* 19 +3 -> 20, 1, 2: a loop frees one Black prisoner. */
  play(st, "3:19-2");
  ck_text(st, "white 9,12,14 owl 16 reserve 0 held 2 removed 0; black 2,D owl - reserve 3 "
              "held 1 removed 0; black move 1 lock 2; turns 0");
  ck_legal(st, "1:D-16 1:res-1");
  /* D +1 -> 16 takes White's owl: Black wins at once. */
  play(st, "1:D-16");
  ck_win(st, 1, AG_END_OWL);
  ck_assert_int_eq(ag_state_current_player(st), AG_PLAYER_TERMINAL);
  ck_text(st, "white 9,12,14 owl - reserve 0 held 3 removed 0; black 2,16 owl - reserve 3 "
              "held 1 removed 0; over black owl; turns 0");
  /* The other order ends the same, at the first sub-move. */
  ck_assert_int_eq(ag_state_set_text(st, example_b), AG_OK);
  play(st, "1:D-16");
  ck_win(st, 1, AG_END_OWL);
  /* Values the other way round: D +3 passes the owl on 16; 19 +1 -> 20.  Nothing is
   * taken and there is no loop. */
  ck_assert_int_eq(ag_state_set_text(st, example_b), AG_OK);
  play_all(st, "3:D-18 1:19-20");
  ck_text(st, "white 9,12,14 owl 16 reserve 0 held 2 removed 0; black 18,20 owl - reserve 2 "
              "held 2 removed 0; white throw; turns 1");
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* ------------------------------------------------------------ Example C */

static const char *const example_c =
  "white 9,13,17,19,20 owl - reserve 1 held 0 removed 0; black 4 owl - reserve 0 held 5 "
  "removed 0; black move 2+3 lone; turns 0";

START_TEST(test_example_c)
{
  ag_game *g = new_game("liubo_sticks");
  ag_state *st = new_state(g, example_c);
  ck_legal(st, "2:4-6 3:4-7");
  ck_assert_uint_eq(perft(st, 2), 4);
  /* 2 then 3 round: 4 -> 6 -> 9 takes W on 9. */
  play(st, "2:4-6");
  ck_legal(st, "3:6-9 3:6-X 3:6-X+");
  play(st, "3:6-9");
  ck_text(st, "white 13,17,19,20 owl - reserve 1 held 1 removed 0; black 9 owl - reserve 0 "
              "held 5 removed 0; white throw; turns 1");
  ag_state_undo(st);
  /* 2 then 3 across, promoted: Black loses at the end of the turn. */
  play(st, "3:6-X+");
  ck_win(st, 0, AG_END_FIVE);
  ck_text(st, "white 9,13,17,19,20 owl - reserve 1 held 0 removed 0; black - owl X reserve 0 "
              "held 5 removed 0; over white five; turns 1");
  ag_state_undo(st);
  /* Declined: the stone rests on X heading for 16, and play goes on. */
  play(st, "3:6-X");
  ck_text(st, "white 9,13,17,19,20 owl - reserve 1 held 0 removed 0; black X6 owl - reserve 0 "
              "held 5 removed 0; white throw; turns 1");
  /* 3 then 2: 4 -> 7 -> 9 takes W on 9. */
  ck_assert_int_eq(ag_state_set_text(st, example_c), AG_OK);
  play(st, "3:4-7");
  ck_legal(st, "2:7-9");
  play(st, "2:7-9");
  ck_text(st, "white 13,17,19,20 owl - reserve 1 held 1 removed 0; black 9 owl - reserve 0 "
              "held 5 removed 0; white throw; turns 1");
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

START_TEST(test_example_c_forced_promotion)
{
  ag_game *g = new_game("liubo_sticks(promotion=forced)");
  ag_state *st = new_state(g, example_c);
  play(st, "2:4-6");
  ck_legal(st, "3:6-9 3:6-X+");  /* landing on X forces the losing promotion */
  play(st, "3:6-X+");
  ck_win(st, 0, AG_END_FIVE);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* ---------------------------------------------------- small test vectors */

/* The one-value position "white STONES ...; white move V" with Black far away. */
static void stone_vector(const char *spec, const char *white, const char *v,
                         const char *expect_moves)
{
  char pos[256];
  ag_game *g = new_game(spec);
  ag_state *st;
  snprintf(pos, sizeof pos, "%s; black 10 owl - reserve 5 held 0 removed 0; white move %s; "
           "turns 0", white, v);
  st = new_state(g, pos);
  ck_legal(st, expect_moves);
  ag_state_free(st);
  ag_game_free(g);
}

START_TEST(test_stone_vectors)
{
  const char *s = "liubo_sticks";
  /* From 6 with 3: round to 9 or across to X (heading H6), with or without promotion. */
  stone_vector(s, "white 6 owl - reserve 5 held 0 removed 0", "3", "3:6-9 3:6-X 3:6-X+ 3:res-3");
  /* From 11 with 4 across -> T. */
  stone_vector(s, "white 11 owl - reserve 5 held 0 removed 0", "4", "4:11-15 4:11-T 4:res-4");
  /* From X (H6) with 3 -> 16; from X (H11) with 3 -> 1. */
  stone_vector(s, "white X6 owl - reserve 5 held 0 removed 0", "3", "3:X6-16 3:res-3");
  stone_vector(s, "white X11 owl - reserve 5 held 0 removed 0", "3", "3:X11-1 3:res-3");
  /* From D with 4 -> 19; from U with 2 -> 2; from 18 with 4 -> 2; from 20 with 1 -> 1. */
  stone_vector(s, "white D owl - reserve 5 held 0 removed 0", "4", "4:D-19 4:res-4");
  stone_vector(s, "white U owl - reserve 5 held 0 removed 0", "2", "2:U-2 2:res-2");
  stone_vector(s, "white 18 owl - reserve 5 held 0 removed 0", "4", "4:18-2 4:res-4");
  stone_vector(s, "white 20 owl - reserve 5 held 0 removed 0", "1", "1:20-1 1:res-1");
  /* Passing over 6 or 11 gives no turn: from 5 with 2 only round. */
  stone_vector(s, "white 5 owl - reserve 5 held 0 removed 0", "2", "2:5-7 2:res-2");
  /* B with 1 reaches X: promotion offered; A with 4 goes on to C. */
  stone_vector(s, "white B owl - reserve 5 held 0 removed 0", "1", "1:B-X 1:B-X+ 1:res-1");
  stone_vector(s, "white A owl - reserve 5 held 0 removed 0", "4", "4:A-D 4:res-4");
  /* With an owl already, a stone landing on X is not promoted. */
  stone_vector(s, "white S owl 3 reserve 4 held 0 removed 0", "1", "1:S-X 1:owl3-2 1:owl3-4 1:res-1");
}
END_TEST

START_TEST(test_entry_vectors)
{
  ag_game *g = new_game("liubo_sticks");
  ag_state *st = new_state(g, NULL);
  static const char *const throws[4] = {"1+1", "2+2", "3+3", "4+4"};
  static const char *const entries[4] = {"1:res-1", "2:res-2", "3:res-3", "4:res-4"};
  int v, kind, from, to;
  ag_move m;
  for (v = 0; v < 4; v++) {
    play(st, throws[v]);
    ck_legal(st, entries[v]);
    ck_assert_int_eq(ag_move_from_text(g, entries[v], &m), AG_OK);
    ck_assert_int_eq(ag_move_info(g, m, &kind, &from, &to), AG_OK);
    ck_assert_int_eq(kind, AG_MOVE_ENTER);
    ck_assert_int_eq(from, -1);
    ck_assert_int_eq(to, v);  /* station v+1 has id v */
    ck_assert_str_eq(ag_game_node_name(g, to), entries[v] + 6);
    ag_state_undo(st);
  }
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* A loop frees a prisoner: from U with 2 -> 2, and from 18 with 4 -> 2. */
START_TEST(test_loop_frees)
{
  static const char *const freed =
    "white 2 owl - reserve 5 held 0 removed 0; black 10 owl - reserve 5 held 0 removed 0; "
    "black throw; turns 1";
  ag_game *g;
  ag_state *st;
  ck_after("liubo_sticks", "white U owl - reserve 4 held 1 removed 0; black 10 owl - reserve 5 "
           "held 0 removed 0; white move 2; turns 0", "2:U-2", freed);
  ck_after("liubo_sticks", "white 18 owl - reserve 4 held 1 removed 0; black 10 owl - reserve 5 "
           "held 0 removed 0; white move 4; turns 0", "4:18-2", freed);
  /* A freed stone can be entered with the turn's other value. */
  g = new_game("liubo_sticks");
  st = new_state(g, "white 19 owl - reserve 0 held 5 removed 0; black 10 owl - reserve 5 held 0 "
                "removed 0; white move 2+3 lone; turns 0");
  play(st, "3:19-2");
  ck_legal(st, "2:2-4 2:res-2");
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* ----------------------------------------------------------- owl paths */

/* The owl alone (lone) on a station with one value pending. */
static void owl_vector(const char *station, const char *v, const char *expect)
{
  char pos[256];
  ag_game *g = new_game("liubo_sticks");
  ag_state *st;
  snprintf(pos, sizeof pos, "white - owl %s reserve 0 held 5 removed 0; black - owl - reserve 6 "
           "held 0 removed 0; white move %s lone; turns 0", station, v);
  st = new_state(g, pos);
  ck_legal(st, expect);
  ag_state_free(st);
  ag_game_free(g);
}

START_TEST(test_owl_vectors)
{
  owl_vector("X", "1", "1:owlX-B 1:owlX-C 1:owlX-S 1:owlX-T");
  owl_vector("X", "2", "2:owlX-A 2:owlX-D 2:owlX-R 2:owlX-U");
  owl_vector("X", "3", "3:owlX-1 3:owlX-6 3:owlX-11 3:owlX-16");
  owl_vector("X", "4", "4:owlX-2 4:owlX-5 4:owlX-7 4:owlX-10 4:owlX-12 4:owlX-15 4:owlX-17 "
                       "4:owlX-20");
  owl_vector("5", "4", "4:owl5-1 4:owl5-9 4:owl5-X");
}
END_TEST

/* From X with 2 then 2: the eight (middle, end) pairs, never stepping back. */
START_TEST(test_owl_two_values)
{
  ag_game *g = new_game("liubo_sticks");
  ag_state *st = new_state(g, "white - owl X reserve 0 held 5 removed 0; black - owl - reserve 6 "
                          "held 0 removed 0; white move 2+2 lone; turns 0");
  static const char *const mids[4] = {"A", "D", "R", "U"};
  static const char *const ends[4] = {"2:owlA-5 2:owlA-7", "2:owlD-15 2:owlD-17",
                                      "2:owlR-10 2:owlR-12", "2:owlU-2 2:owlU-20"};
  char mv[16];
  int i;
  ck_legal(st, "2:owlX-A 2:owlX-D 2:owlX-R 2:owlX-U");
  for (i = 0; i < 4; i++) {
    snprintf(mv, sizeof mv, "2:owlX-%s", mids[i]);
    play(st, mv);
    ck_legal(st, ends[i]);
    ag_state_undo(st);
  }
  /* With 1 then 1 the owl may not step back onto X. */
  ck_assert_int_eq(ag_state_set_text(st, "white - owl X reserve 0 held 5 removed 0; black - owl - "
                                         "reserve 6 held 0 removed 0; white move 1+1 lone; turns 0"),
                   AG_OK);
  play(st, "1:owlX-B");
  ck_text(st, "white - owl B reserve 0 held 5 removed 0; black - owl - reserve 6 held 0 removed 0; "
              "white move 1 lone prev X; turns 0");
  ck_legal(st, "1:owlB-A");
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* A lone stone promoted by its first value takes the second as the owl, and may not
 * step back over the line it came by. */
START_TEST(test_lone_promotion_no_step_back)
{
  ag_game *g = new_game("liubo_sticks");
  ag_state *st = new_state(g, "white B owl - reserve 0 held 5 removed 0; black 10 owl - reserve 5 "
                          "held 0 removed 0; white move 1+1 lone; turns 0");
  ck_legal(st, "1:B-X 1:B-X+");
  play(st, "1:B-X+");
  ck_text(st, "white - owl X reserve 0 held 5 removed 0; black 10 owl - reserve 5 held 0 "
              "removed 0; white move 1 lone prev B; turns 0");
  ck_legal(st, "1:owlX-C 1:owlX-S 1:owlX-T");
  ag_state_undo(st);
  play(st, "1:B-X");
  ck_legal(st, "1:X6-C");
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* Two stones on one station: the second value may move the other one. */
START_TEST(test_stack_other_stone)
{
  ag_game *g = new_game("liubo_sticks");
  ag_state *st = new_state(g, "white 3*2 owl - reserve 4 held 0 removed 0; black 10 owl - reserve 5 "
                          "held 0 removed 0; white move 1+2; turns 0");
  play(st, "1:3-4");
  ck_legal(st, "2:3-5 2:res-2");
  ag_state_undo(st);
  play(st, "2:res-2");
  ck_legal(st, "1:3-4 1:res-1");  /* the entered stone on 2 is locked */
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* ---------------------------------------------------------------- captures */

START_TEST(test_captures_and_owls)
{
  ag_game *g = new_game("liubo_sticks");
  ag_state *st;
  int owner, kind, count, node;
  /* A stone lands on a stack: every enemy stone there is taken, both X headings too. */
  st = new_state(g, "white S owl - reserve 5 held 0 removed 0; black X6,X11 owl - reserve 4 held 0 "
                "removed 0; white move 1; turns 0");
  ck_legal(st, "1:S-X 1:S-X+ 1:res-1");
  play(st, "1:S-X+");
  ck_text(st, "white - owl X reserve 5 held 0 removed 0; black - owl - reserve 4 held 2 "
              "removed 0; black throw; turns 1");
  ck_assert_int_eq(ag_game_node_find(g, "X", &node), AG_OK);
  ck_assert_int_eq(ag_state_piece(st, node, 0, &owner, &kind, &count), 1);
  ck_assert(owner == 0 && kind == AG_PIECE_OWL && count == 1);
  ck_assert_int_eq(ag_state_piece(st, node, 1, &owner, &kind, &count), 0);
  ck_assert_int_eq(ag_game_node_find(g, "bheld", &node), AG_OK);
  ck_assert_int_eq(ag_state_piece(st, node, 0, &owner, &kind, &count), 1);
  ck_assert(owner == 1 && kind == AG_PIECE_STONE && count == 2);
  ag_state_free(st);
  /* Landing on X to take the last enemy stones ends the game: one move, no promotion. */
  st = new_state(g, "white S owl - reserve 5 held 0 removed 0; black X6,X11 owl - reserve 0 held 4 "
                "removed 0; white move 1; turns 0");
  ck_legal(st, "1:S-X 1:res-1");
  play(st, "1:S-X");
  ck_win(st, 0, AG_END_ALL_TAKEN);
  ag_state_free(st);
  /* An entry takes an owl sitting on 1..4: the owl's owner loses. */
  st = new_state(g, "white - owl - reserve 6 held 0 removed 0; black 10 owl 2 reserve 4 held 0 "
                "removed 0; white move 2+3; turns 0");
  play(st, "2:res-2");
  ck_win(st, 0, AG_END_OWL);
  ag_state_free(st);
  /* An owl may share a station with its own stones; an enemy stone then takes all. */
  st = new_state(g, "white 3 owl 2 reserve 4 held 0 removed 0; black 10 owl - reserve 5 held 0 "
                "removed 0; white move 1; turns 0");
  ck_legal(st, "1:3-4 1:owl2-1 1:owl2-3 1:res-1");
  play(st, "1:owl2-3");
  ck_text(st, "white 3 owl 3 reserve 4 held 0 removed 0; black 10 owl - reserve 5 held 0 "
              "removed 0; black throw; turns 1");
  play_all(st, "3+3 3:res-3");
  ck_win(st, 1, AG_END_OWL);
  ck_text(st, "white - owl - reserve 4 held 2 removed 0; black 3,10 owl - reserve 4 held 0 "
              "removed 0; over black owl; turns 1");
  ag_state_free(st);
  /* An owl demoting the enemy owl sends it to its owner's reserve, with its stones taken. */
  st = new_state(g, "white 10 owl 4 reserve 4 held 0 removed 0; black 6*2 owl 6 reserve 3 held 0 "
                "removed 0; white move 2; turns 0");
  play(st, "2:owl4-6");
  ck_text(st, "white 10 owl 6 reserve 4 held 0 removed 0; black - owl - reserve 4 held 2 "
              "removed 0; black throw; turns 1");
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* Taking the enemy's stones on X is not the end while the enemy still has its owl
 * elsewhere (R34 counts the owl): the promote variant stays, and under
 * promotion=forced it is the only landing on X. */
START_TEST(test_landing_on_x_enemy_owl_elsewhere)
{
  static const char *const pos =
    "white B owl - reserve 5 held 0 removed 0; black X6 owl 10 reserve 0 held 4 removed 0; "
    "white move 1; turns 0";
  ag_game *g = new_game("liubo_sticks"), *gf = new_game("liubo_sticks(promotion=forced)");
  ag_state *st = new_state(g, pos), *sf = new_state(gf, pos);
  ck_legal(st, "1:B-X 1:B-X+ 1:res-1");
  ck_legal(sf, "1:B-X+ 1:res-1");
  play(st, "1:B-X+");
  ck_assert_int_eq(ag_state_outcome(st, NULL, NULL), AG_OUTCOME_ONGOING);
  ck_text(st, "white - owl X reserve 5 held 0 removed 0; black - owl 10 reserve 0 held 5 "
              "removed 0; black throw; turns 1");
  ag_state_undo(st);
  play(st, "1:B-X");
  ck_assert_int_eq(ag_state_outcome(st, NULL, NULL), AG_OUTCOME_ONGOING);
  ck_text(st, "white X6 owl - reserve 5 held 0 removed 0; black - owl 10 reserve 0 held 5 "
              "removed 0; black throw; turns 1");
  play(sf, "1:B-X+");
  ck_text(sf, "white - owl X reserve 5 held 0 removed 0; black - owl 10 reserve 0 held 5 "
              "removed 0; black throw; turns 1");
  ag_state_free(st), ag_state_free(sf);
  ag_game_free(g), ag_game_free(gf);
}
END_TEST

/* Settled point 1: a stone landing on X that takes the enemy owl ends the game, so it
 * is one move with no promote variant, under either promotion option. */
START_TEST(test_stone_takes_owl_on_x_no_promote)
{
  static const char *const pos =
    "white B owl - reserve 5 held 0 removed 0; black 10 owl X reserve 4 held 0 removed 0; "
    "white move 1; turns 0";
  ag_game *g = new_game("liubo_sticks"), *gf = new_game("liubo_sticks(promotion=forced)");
  ag_state *st = new_state(g, pos), *sf = new_state(gf, pos);
  ck_legal(st, "1:B-X 1:res-1");
  ck_legal(sf, "1:B-X 1:res-1");
  play(st, "1:B-X");
  ck_win(st, 0, AG_END_OWL);
  ck_text(st, "white X6 owl - reserve 5 held 0 removed 0; black 10 owl - reserve 4 held 1 "
              "removed 0; over white owl; turns 0");
  ag_state_free(st), ag_state_free(sf);
  ag_game_free(g), ag_game_free(gf);
}
END_TEST

/* Taking the enemy's last pieces wins at once (R34), even in the middle of a turn. */
START_TEST(test_all_taken)
{
  ag_game *g = new_game("liubo_sticks");
  ag_state *st = new_state(g, "white 5 owl - reserve 5 held 0 removed 0; black 7 owl - reserve 0 "
                          "held 5 removed 0; white move 2+3; turns 0");
  play(st, "2:5-7");
  ck_win(st, 0, AG_END_ALL_TAKEN);
  ck_text(st, "white 7 owl - reserve 5 held 0 removed 0; black - owl - reserve 0 held 6 "
              "removed 0; over white all; turns 0");
  ck_assert_int_eq(ag_state_current_player(st), AG_PLAYER_TERMINAL);
  ck_legal(st, "");
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* A game that ends in the middle of a turn forgets the throw: 2+3 thrown, the 2 takes
 * the last enemy pieces, and the pending 3 (and the step's lock) go with the turn, so
 * the finished position reports no pending steps.  Kills the seed-39 mutant
 * liubo_sticks.c:399 (finish() without clear_throw(): pending step 1 stays 3). */
START_TEST(test_end_mid_turn_clears_throw)
{
  ag_game *g = new_game("liubo_sticks");
  ag_state *st = new_state(g, "white 5 owl - reserve 5 held 0 removed 0; black 7 owl - reserve 0 "
                          "held 5 removed 0; white move 2+3; turns 0");
  int v = -1;
  ck_assert_int_eq(ag_state_info(st, AG_INFO_PENDING_STEPS, 1, &v), AG_OK);
  ck_assert_int_eq(v, 3);
  play(st, "2:5-7");
  ck_win(st, 0, AG_END_ALL_TAKEN);
  ck_assert_int_eq(ag_state_info(st, AG_INFO_PENDING_STEPS, 0, &v), AG_OK);
  ck_assert_int_eq(v, 0);
  ck_assert_int_eq(ag_state_info(st, AG_INFO_PENDING_STEPS, 1, &v), AG_OK);
  ck_assert_int_eq(v, 0);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* --------------------------------------------------------------- options */

START_TEST(test_option_first)
{
  ag_game *g0 = new_game("liubo_sticks"), *g1 = new_game("liubo_sticks(first=1)");
  ag_state *s0 = new_state(g0, NULL), *s1 = new_state(g1, NULL);
  ck_assert_ptr_nonnull(strstr(text(s0), "; white throw"));
  ck_assert_ptr_nonnull(strstr(text(s1), "; black throw"));
  play(s1, "1+2");
  ck_assert_int_eq(ag_state_current_player(s1), 1);
  play(s0, "1+2");
  ck_assert_int_eq(ag_state_current_player(s0), 0);
  ag_state_free(s0), ag_state_free(s1);
  ag_game_free(g0), ag_game_free(g1);
}
END_TEST

/* Turn 2 of Example A under each stone_capture value. */
START_TEST(test_option_stone_capture)
{
  static const char *const specs[3] = {"liubo_sticks", "liubo_sticks(stone_capture=reserve)",
                                       "liubo_sticks(stone_capture=none)"};
  static const char *const after[3] = {
    "white 3 owl - reserve 4 held 1 removed 0; black 2 owl - reserve 5 held 0 removed 0; "
    "black move 4 lock 2; turns 1",
    "white 3 owl - reserve 5 held 0 removed 0; black 2 owl - reserve 5 held 0 removed 0; "
    "black move 4 lock 2; turns 1",
    "white 2,3 owl - reserve 4 held 0 removed 0; black 2 owl - reserve 5 held 0 removed 0; "
    "black move 4 lock 2; turns 1"};
  int i;
  for (i = 0; i < 3; i++) {
    ag_game *g = new_game(specs[i]);
    ag_state *st = new_state(g, NULL);
    play_all(st, "2+3 3:res-3 2:res-2 2+4 2:res-2");
    ck_text(st, after[i]);
    ag_state_free(st);
    /* Even under none, a stone landing on the enemy owl takes it. */
    st = new_state(g, "white 5 owl - reserve 5 held 0 removed 0; black 7 owl 7 reserve 4 held 0 "
                  "removed 0; white move 2; turns 0");
    play(st, "2:5-7");
    ck_win(st, 0, AG_END_OWL);
    ck_assert_ptr_nonnull(strstr(text(st), i == 0 ? "black - owl - reserve 4 held 2"
                                           : i == 1 ? "black - owl - reserve 5 held 1"
                                                    : "black 7 owl - reserve 4 held 1"));
    ag_state_free(st);
    ag_game_free(g);
  }
}
END_TEST

/* Turn 7 of Example A under each owl_capture value. */
START_TEST(test_option_owl_capture)
{
  static const char *const pos =
    "white 2 owl A reserve 2 held 2 removed 0; black 5,11 owl - reserve 3 held 1 removed 0; "
    "white move 2 prev B; turns 6";
  ag_game *g = new_game("liubo_sticks"), *g2 = new_game("liubo_sticks(owl_capture=removed)");
  ag_state *st = new_state(g, pos), *st2 = new_state(g2, pos);
  int v;
  play(st, "2:owlA-5");
  play(st2, "2:owlA-5");
  ck_text(st, "white 2 owl 5 reserve 2 held 2 removed 0; black 11 owl - reserve 3 held 2 "
              "removed 0; black throw; turns 7");
  ck_text(st2, "white 2 owl 5 reserve 2 held 2 removed 0; black 11 owl - reserve 3 held 1 "
               "removed 1; black throw; turns 7");
  ck_assert_int_eq(ag_state_info(st2, AG_INFO_PRISONERS, 1, &v), AG_OK);
  ck_assert_int_eq(v, 1);
  ck_assert_int_eq(ag_state_info(st2, AG_INFO_CAPTURED, 0, &v), AG_OK);
  ck_assert_int_eq(v, 2);
  /* Removed stones are never freed: a loop frees only the freeable one. */
  ck_assert_int_eq(ag_state_set_text(st2, "white 2 owl 5 reserve 2 held 2 removed 0; black 20 "
                                          "owl - reserve 2 held 0 removed 3; black move 2; turns 7"),
                   AG_OK);
  play(st2, "2:20-2");
  ck_text(st2, "white - owl 5 reserve 2 held 3 removed 0; black 2 owl - reserve 2 held 0 "
               "removed 3; white throw; turns 8");
  /* The plain game has no removed stones. */
  ck_assert_int_eq(ag_state_set_text(st, "white 2 owl 5 reserve 2 held 2 removed 0; black 20 "
                                         "owl - reserve 2 held 0 removed 3; black move 2; turns 7"),
                   AG_EPARSE);
  ag_state_free(st), ag_state_free(st2);
  ag_game_free(g), ag_game_free(g2);
}
END_TEST

/* From 20 with 1 -> 1 is a loop under reach but not under pass; 20 with 2 is both. */
START_TEST(test_option_loop)
{
  static const char *const one =
    "white 20 owl - reserve 4 held 1 removed 0; black 10 owl - reserve 5 held 0 removed 0; "
    "white move 1; turns 0";
  static const char *const two =
    "white 20 owl - reserve 4 held 1 removed 0; black 10 owl - reserve 5 held 0 removed 0; "
    "white move 2; turns 0";
  ck_after("liubo_sticks", one, "1:20-1",
           "white 1 owl - reserve 5 held 0 removed 0; black 10 owl - reserve 5 held 0 "
           "removed 0; black throw; turns 1");
  ck_after("liubo_sticks(loop=pass)", one, "1:20-1",
           "white 1 owl - reserve 4 held 1 removed 0; black 10 owl - reserve 5 held 0 "
           "removed 0; black throw; turns 1");
  ck_after("liubo_sticks(loop=pass)", two, "2:20-2",
           "white 2 owl - reserve 5 held 0 removed 0; black 10 owl - reserve 5 held 0 "
           "removed 0; black throw; turns 1");
  /* A stone resting on 1 gets no credit when it moves on under pass. */
  ck_after("liubo_sticks(loop=pass)",
           "white 1 owl - reserve 4 held 1 removed 0; black 10 owl - reserve 5 held 0 removed 0; "
           "white move 2; turns 0", "2:1-3",
           "white 3 owl - reserve 4 held 1 removed 0; black 10 owl - reserve 5 held 0 removed 0; "
           "black throw; turns 1");
}
END_TEST

/* Black promotes with the first value while White has five stones on the board. */
START_TEST(test_option_five)
{
  /* The other value can take a stone (5 -> 7) or not (4 -> 6). */
  static const char *const takes =
    "white 7,13,17,19,20 owl - reserve 1 held 0 removed 0; black 5,6 owl - reserve 0 held 4 "
    "removed 0; black move 2+3; turns 0";
  static const char *const misses =
    "white 7,13,17,19,20 owl - reserve 1 held 0 removed 0; black 4,6 owl - reserve 0 held 4 "
    "removed 0; black move 2+3; turns 0";
  ag_game *ge = new_game("liubo_sticks"), *gi = new_game("liubo_sticks(five=immediate)");
  ag_game *go = new_game("liubo_sticks(five=off)");
  ag_state *se = new_state(ge, takes), *si = new_state(gi, takes), *so = new_state(go, misses);
  /* immediate: Black loses as soon as the owl stands. */
  play(si, "3:6-X+");
  ck_win(si, 0, AG_END_FIVE);
  /* end_of_turn: Black may still take a stone with the other value, and survives. */
  play(se, "3:6-X+");
  ck_assert_int_eq(ag_state_outcome(se, NULL, NULL), AG_OUTCOME_ONGOING);
  ck_legal(se, "2:5-7");
  play(se, "2:5-7");
  ck_assert_int_eq(ag_state_outcome(se, NULL, NULL), AG_OUTCOME_ONGOING);
  ck_text(se, "white 13,17,19,20 owl - reserve 1 held 1 removed 0; black 7 owl X reserve 0 "
              "held 4 removed 0; white throw; turns 1");
  /* end_of_turn without a capture: Black loses when the turn ends. */
  ck_assert_int_eq(ag_state_set_text(se, misses), AG_OK);
  play(se, "3:6-X+");
  ck_assert_int_eq(ag_state_outcome(se, NULL, NULL), AG_OUTCOME_ONGOING);
  play(se, "2:4-6");
  ck_win(se, 0, AG_END_FIVE);
  /* off: nothing happens, here or in Example C. */
  play_all(so, "3:6-X+ 2:4-6");
  ck_assert_int_eq(ag_state_outcome(so, NULL, NULL), AG_OUTCOME_ONGOING);
  ck_assert_int_eq(ag_state_set_text(so, example_c), AG_OK);
  play_all(so, "2:4-6 3:6-X+");
  ck_assert_int_eq(ag_state_outcome(so, NULL, NULL), AG_OUTCOME_ONGOING);
  ag_state_free(se), ag_state_free(si), ag_state_free(so);
  ag_game_free(ge), ag_game_free(gi), ag_game_free(go);
}
END_TEST

/* Under rethrow=bead the end-of-turn five-stone check waits for the whole turn: the
 * new owl earns an extra throw, and a capture with it can still save Black. */
START_TEST(test_option_five_waits_for_rethrow)
{
  static const char *const misses =
    "white 7,13,17,19,20 owl - reserve 1 held 0 removed 0; black 4,6 owl - reserve 0 held 4 "
    "removed 0; black move 2+3; turns 0";
  ag_game *g = new_game("liubo_sticks(rethrow=bead)");
  ag_state *st = new_state(g, misses);
  play(st, "3:6-X+");
  ck_text(st, "white 7,13,17,19,20 owl - reserve 1 held 0 removed 0; black 4 owl X reserve 0 "
              "held 4 removed 0; black move 2 lock owl prev B bead; turns 0");
  /* Without the extra throw Black would lose here (test_option_five). */
  play(st, "2:4-6");
  ck_assert_int_eq(ag_state_outcome(st, NULL, NULL), AG_OUTCOME_ONGOING);
  ck_text(st, "white 7,13,17,19,20 owl - reserve 1 held 0 removed 0; black 6 owl X reserve 0 "
              "held 4 removed 0; black throw; turns 0");
  /* The extra throw takes a stone (6 -> 7): four left, Black survives the turn. */
  play_all(st, "1+2 1:6-7 2:owlX-A");
  ck_assert_int_eq(ag_state_outcome(st, NULL, NULL), AG_OUTCOME_ONGOING);
  ck_text(st, "white 13,17,19,20 owl - reserve 1 held 1 removed 0; black 7 owl A reserve 0 "
              "held 4 removed 0; white throw; turns 1");
  /* The extra throw takes nothing: Black loses when the whole turn ends. */
  ck_assert_int_eq(ag_state_undo(st), AG_OK);
  ck_assert_int_eq(ag_state_undo(st), AG_OK);
  ck_assert_int_eq(ag_state_undo(st), AG_OK);
  play_all(st, "2+3 2:6-8");
  ck_assert_int_eq(ag_state_outcome(st, NULL, NULL), AG_OUTCOME_ONGOING);
  play(st, "3:owlX-16");
  ck_win(st, 0, AG_END_FIVE);
  ck_text(st, "white 7,13,17,19,20 owl - reserve 1 held 0 removed 0; black 8 owl 16 reserve 0 "
              "held 4 removed 0; over white five; turns 1");
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* Under immediate the rule also fires during the other player's turn. */
START_TEST(test_option_five_immediate_other_turn)
{
  static const char *const pos =
    "white 13,17,19,20 owl - reserve 2 held 0 removed 0; black 9 owl X reserve 0 held 4 "
    "removed 0; white move 1+2; turns 1";
  ag_game *ge = new_game("liubo_sticks"), *gi = new_game("liubo_sticks(five=immediate)");
  ag_state *se = new_state(ge, pos), *si = new_state(gi, pos);
  play(si, "1:res-1");
  ck_win(si, 0, AG_END_FIVE);
  play_all(se, "1:res-1 2:res-2");
  ck_assert_int_eq(ag_state_outcome(se, NULL, NULL), AG_OUTCOME_ONGOING);
  ag_state_free(se), ag_state_free(si);
  ag_game_free(ge), ag_game_free(gi);
}
END_TEST

START_TEST(test_option_rethrow)
{
  ag_game *gn = new_game("liubo_sticks"), *gb = new_game("liubo_sticks(rethrow=bead)");
  ag_state *sn = new_state(gn, NULL), *sb = new_state(gb, NULL);
  /* A 1-1 earns an extra throw: the same player throws again, in the same turn. */
  play_all(sn, "1+1 1:res-1 1:res-1");
  play_all(sb, "1+1 1:res-1");
  ck_text(sb, "white 1 owl - reserve 5 held 0 removed 0; black - owl - reserve 6 held 0 "
              "removed 0; white move 1 lock 1 bead; turns 0");
  {
    /* The same position read from its text: the same tensor (bead plane 1, not 2). */
    ag_state *read = new_state(gb, text(sb));
    static float a[8192], b[8192];
    size_t la = 0, lb = 0, i;
    int beads = 0;
    ck_assert_int_eq(ag_state_observation(sb, a, 8192, &la), AG_OK);
    ck_assert_int_eq(ag_state_observation(read, b, 8192, &lb), AG_OK);
    ck_assert_uint_eq(la, lb);
    ck_assert_int_eq(memcmp(a, b, la * sizeof a[0]), 0);
    for (i = 0; i < la; i++) beads += a[i] == 1.0f;
    ck_assert_int_gt(beads, 0);
    ck_assert_int_eq(ag_state_equal(sb, read), 1);
    ag_state_free(read);
  }
  play(sb, "1:res-1");
  ck_text(sn, "white 1*2 owl - reserve 4 held 0 removed 0; black - owl - reserve 6 held 0 "
              "removed 0; black throw; turns 1");
  ck_text(sb, "white 1*2 owl - reserve 4 held 0 removed 0; black - owl - reserve 6 held 0 "
              "removed 0; white throw; turns 0");
  /* A 2-3 earns nothing. */
  play_all(sb, "2+3 2:1-3 3:1-4");
  ck_assert_ptr_nonnull(strstr(text(sb), "; black throw; turns 1"));
  ag_state_free(sn), ag_state_free(sb);
  /* A new owl earns an extra throw; so does a loop, freeing or not. */
  sb = new_state(gb, "white 6,10 owl - reserve 4 held 0 removed 0; black 12 owl - reserve 5 held 0 "
                 "removed 0; white move 2+3; turns 0");
  play_all(sb, "3:6-X+ 2:10-12");
  ck_assert_ptr_nonnull(strstr(text(sb), "; white throw; turns 0"));
  ag_state_free(sb);
  sb = new_state(gb, "white 10,19 owl - reserve 4 held 0 removed 0; black 12 owl - reserve 5 held 0 "
                 "removed 0; white move 2+3; turns 0");
  play_all(sb, "3:19-2 2:10-12");
  ck_assert_ptr_nonnull(strstr(text(sb), "; white throw; turns 0"));
  ag_state_free(sb);
  /* The bead word is rejected when the option is off. */
  sn = new_state(gn, NULL);
  ck_assert_int_eq(ag_state_set_text(sn, "white 1 owl - reserve 5 held 0 removed 0; black - owl "
                                         "- reserve 6 held 0 removed 0; white move 1 lock 1 bead; "
                                         "turns 0"), AG_EPARSE);
  ag_state_free(sn);
  ag_game_free(gn), ag_game_free(gb);
}
END_TEST

START_TEST(test_option_max_turns)
{
  ag_game *g = new_game("liubo_sticks(max_turns=2)");
  ag_state *st = new_state(g, NULL);
  int v;
  play_all(st, "2+3 3:res-3 2:res-2");
  ck_assert_int_eq(ag_state_outcome(st, NULL, NULL), AG_OUTCOME_ONGOING);
  play_all(st, "1+1 1:res-1 1:res-1");
  ck_win(st, AG_PLAYER_NONE, AG_END_PLY_LIMIT);
  ck_text(st, "white 2,3 owl - reserve 4 held 0 removed 0; black 1*2 owl - reserve 4 held 0 "
              "removed 0; over draw turns; turns 2");
  ck_assert_int_eq(ag_state_info(st, AG_INFO_COUNTER, 0, &v), AG_OK);
  ck_assert_int_eq(v, 2);
  /* A five-stone loss on the last turn stands. */
  ck_assert_int_eq(ag_state_set_text(st, "white 9,13,17,19,20 owl - reserve 1 held 0 removed 0; "
                                         "black 4 owl - reserve 0 held 5 removed 0; black move 2+3 "
                                         "lone; turns 1"), AG_OK);
  play_all(st, "2:4-6 3:6-X+");
  ck_win(st, 0, AG_END_FIVE);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* ------------------------------------------------------------ position text */

START_TEST(test_text_rejects_malformed)
{
  static const char *const bad[] = {
    "",
    "white",
    "white - owl - reserve 6 held 0 removed 0",
    "white - owl - reserve 6 held 0 removed 0; black - owl - reserve 6 held 0 removed 0; white throw",
    "white - owl - reserve 5 held 0 removed 0; black - owl - reserve 6 held 0 removed 0; white throw; turns 0",
    "white 3,2 owl - reserve 4 held 0 removed 0; black - owl - reserve 6 held 0 removed 0; white throw; turns 0",
    "white 2,2 owl - reserve 4 held 0 removed 0; black - owl - reserve 6 held 0 removed 0; white throw; turns 0",
    "white X owl - reserve 5 held 0 removed 0; black - owl - reserve 6 held 0 removed 0; white throw; turns 0",
    "white 21 owl - reserve 5 held 0 removed 0; black - owl - reserve 6 held 0 removed 0; white throw; turns 0",
    "white 2*1 owl - reserve 5 held 0 removed 0; black - owl - reserve 6 held 0 removed 0; white throw; turns 0",
    "white 2*7 owl - reserve 0 held 0 removed 0; black - owl - reserve 6 held 0 removed 0; white throw; turns 0",
    "white - owl X6 reserve 5 held 0 removed 0; black - owl - reserve 6 held 0 removed 0; white throw; turns 0",
    "white - owl X reserve 5 held 0 removed 0; black - owl X reserve 5 held 0 removed 0; white throw; turns 0",
    "white - owl - reserve 6 held 0 removed 0; black - owl - reserve 6 held 0 removed 0; white move 3+2; turns 0",
    "white - owl - reserve 6 held 0 removed 0; black - owl - reserve 6 held 0 removed 0; white move 5; turns 0",
    "white 2 owl - reserve 5 held 0 removed 0; black - owl - reserve 6 held 0 removed 0; white move 2+3 lock 2; turns 0",
    "white 2 owl - reserve 5 held 0 removed 0; black - owl - reserve 6 held 0 removed 0; white move 3 lock 4; turns 0",
    "white 2 owl - reserve 5 held 0 removed 0; black - owl - reserve 6 held 0 removed 0; white move 3 lock owl; turns 0",
    "white 2 owl - reserve 5 held 0 removed 0; black - owl - reserve 6 held 0 removed 0; white move 2+3 lone; turns 0",
    "white - owl X reserve 0 held 5 removed 0; black - owl - reserve 6 held 0 removed 0; white move 2 lone prev 6; turns 0",
    "white - owl - reserve 6 held 0 removed 0; black - owl - reserve 6 held 0 removed 0; white throw; turns 0 ",
    "white - owl - reserve 6 held 0 removed 0; black - owl - reserve 6 held 0 removed 0; white throw; turns -1",
    "white - owl - reserve 6 held 0 removed 0; black - owl - reserve 6 held 0 removed 0; grey throw; turns 0",
    "white - owl - reserve 0 held 6 removed 0; black - owl - reserve 6 held 0 removed 0; white throw; turns 0",
    "white - owl - reserve 6 held 0 removed 0; black - owl - reserve 6 held 0 removed 0; over draw owl; turns 0",
    "White - owl - reserve 6 held 0 removed 0; black - owl - reserve 6 held 0 removed 0; white throw; turns 0",
    "white c owl - reserve 5 held 0 removed 0; black - owl - reserve 6 held 0 removed 0; white throw; turns 0",
    "white - owl - reserve 06 held 0 removed 0; black - owl - reserve 6 held 0 removed 0; white throw; turns 0",
    "white - owl - reserve 6 held 0 removed 0; black - owl - reserve 6 held 0 removed 0; white throw; turns 01",
    "white - owl X reserve 0 held 6 removed 0; black - owl - reserve 6 held 0 removed 0; white throw; turns 0",
    "white - owl X reserve 0 held 5 removed 0; black - owl - reserve 6 held 0 removed 0; white move 2 lock owl; turns 0",
    "white - owl - reserve 6 held 0 removed 0;black - owl - reserve 6 held 0 removed 0; white throw; turns 0",
  };
  ag_game *g = new_game("liubo_sticks");
  ag_state *st = new_state(g, NULL);
  char before[TEXT_CAP];
  size_t i;
  play_all(st, "2+3 3:res-3");
  snprintf(before, sizeof before, "%s", text(st));
  for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    ck_assert_msg(ag_state_set_text(st, bad[i]) == AG_EPARSE, "accepted: %s", bad[i]);
    ck_assert_ptr_nonnull(strstr(ag_errmsg(), "byte"));
    ck_assert_str_eq(text(st), before);
    ck_assert_uint_eq(ag_state_ply(st), 2);
  }
  ag_state_free(st);
  ag_game_free(g);
  /* Under a turn cap, a game past the cap cannot go on. */
  g = new_game("liubo_sticks(max_turns=5)");
  st = new_state(g, NULL);
  ck_assert_int_eq(ag_state_set_text(st, "white - owl - reserve 6 held 0 removed 0; black - owl - "
                                         "reserve 6 held 0 removed 0; white throw; turns 5"),
                   AG_EPARSE);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* A stack count is 2 to 6: "2*7" and "2*1" are refused at the count
 * itself, stacks that add up to more than 6 stones after the stack that
 * passes 6, and "2*6" is read (the seed-41 survivor
 * lib/games/liubo_sticks.c:825, `2, 7', read the 7 and refused the side
 * one byte later, as more than 6 stones). */
START_TEST(test_text_stack_counts)
{
  static const struct { const char *text, *msg; } bad[] = {
    { "white 2*7 owl - reserve 0 held 0 removed 0; black 7 owl 9 reserve 4 held 0 removed 0; "
      "white throw; turns 0", "liubo_sticks: a stack count 2..6 expected at byte 8" },
    { "white 2*1 owl - reserve 5 held 0 removed 0; black 7 owl 9 reserve 4 held 0 removed 0; "
      "white throw; turns 0", "liubo_sticks: a stack count 2..6 expected at byte 8" },
    { "white 2*5,3*2 owl - reserve 0 held 0 removed 0; black 7 owl 9 reserve 4 held 0 removed 0; "
      "white throw; turns 0", "liubo_sticks: more than 6 stones at byte 13" },
  };
  static const char good[] = "white 2*6 owl - reserve 0 held 0 removed 0; black 7 owl 9 reserve 4 "
                             "held 0 removed 0; white throw; turns 0";
  ag_game *g = new_game("liubo_sticks");
  ag_state *st = new_state(g, NULL);
  char before[TEXT_CAP];
  size_t i;
  snprintf(before, sizeof before, "%s", text(st));
  for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    ck_assert_msg(ag_state_set_text(st, bad[i].text) == AG_EPARSE, "accepted: %s", bad[i].text);
    ck_assert_str_eq(ag_errmsg(), bad[i].msg);
    ck_assert_str_eq(text(st), before);
  }
  ck_assert_msg(ag_state_set_text(st, good) == AG_OK, "%s", ag_errmsg());
  ck_assert_str_eq(text(st), good);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

START_TEST(test_move_text)
{
  ag_game *g = new_game("liubo_sticks");
  static const char *const good[] = {"2+3", "4+4", "1:res-1", "3:6-X+", "3:6-X", "4:11-T",
                                     "3:X6-16", "2:X11-U", "2:owlX-A", "4:owl5-9", "1:20-1",
                                     "3:owl16-X"};
  static const char *const bad[] = {"", "5+1", "0+2", "2+3x", "3:res-2", "3:6-10", "3:6-A",
                                    "2:X-C", "2:X6-U", "1:owlX-A", "3:5-X+", "3:6-9+",
                                    "2:owlX-A+", "2:res-2+", "3:", "3:6", "3:6-", "x:6-9",
                                    "4:owl5-5", "3:11-X6"};
  char t[32];
  ag_move m, m2;
  size_t i;
  int kind, from, to;
  for (i = 0; i < sizeof good / sizeof good[0]; i++) {
    ck_assert_msg(ag_move_from_text(g, good[i], &m) == AG_OK, "%s: %s", good[i], ag_errmsg());
    ck_assert_int_eq(ag_move_to_text(g, m, t, sizeof t, NULL), AG_OK);
    ck_assert_str_eq(t, good[i]);
  }
  for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
    ck_assert_msg(ag_move_from_text(g, bad[i], &m) == AG_EPARSE, "accepted %s", bad[i]);
  /* Names are case-insensitive on input. */
  ck_assert_int_eq(ag_move_from_text(g, "2:OWLx-a", &m), AG_OK);
  ck_assert_int_eq(ag_move_from_text(g, "2:owlX-A", &m2), AG_OK);
  ck_assert_uint_eq(m, m2);
  /* The documented value layout: kind << 24 | aux << 16 | to << 8 | from. */
  ck_assert_int_eq(ag_move_from_text(g, "3:6-X+", &m), AG_OK);
  ck_assert_uint_eq(m, (uint32_t)AG_MOVE_STEP << 24 | (3u | 0x08) << 16 | 28u << 8 | 5u);
  ck_assert_int_eq(ag_move_from_text(g, "2:X11-U", &m), AG_OK);
  ck_assert_uint_eq(m, (uint32_t)AG_MOVE_STEP << 24 | (2u | 0x10) << 16 | 27u << 8 | 28u);
  ck_assert_int_eq(ag_move_from_text(g, "2:owlX-A", &m), AG_OK);
  ck_assert_uint_eq(m, (uint32_t)AG_MOVE_STEP << 24 | (2u | 0x20) << 16 | 20u << 8 | 28u);
  ck_assert_int_eq(ag_move_info(g, m, &kind, &from, &to), AG_OK);
  ck_assert(kind == AG_MOVE_STEP && from == 28 && to == 20);
  ck_assert_int_eq(ag_move_from_text(g, "4:res-4", &m), AG_OK);
  ck_assert_uint_eq(m, (uint32_t)AG_MOVE_ENTER << 24 | 4u << 16 | 3u << 8 | 0xffu);
  ck_assert_int_eq(ag_move_from_text(g, "2+3", &m), AG_OK);
  ck_assert_uint_eq(m, (uint32_t)AG_MOVE_CHANCE << 24 | 0x23u << 16);
  ck_assert_int_eq(ag_move_to_text(g, 0, t, sizeof t, NULL), AG_EINVAL);
  ck_assert_int_eq(ag_move_to_text(g, 0x01ff0000u, t, sizeof t, NULL), AG_EINVAL);
  /* The layout of the step "1:1-2" with another kind (a jump, kind 6), or
   * with an aux bit no step has (0x40), is no move of this game (the
   * seed-40 survivor liubo_sticks.c:994 printed the jump as "1:1-2"). */
  ck_assert_int_eq(ag_move_to_text(g, 0x01010100u, t, sizeof t, NULL), AG_OK);
  ck_assert_str_eq(t, "1:1-2");
  ck_assert_int_eq(ag_move_to_text(g, (uint32_t)AG_MOVE_JUMP << 24 | 0x010100u, t, sizeof t, NULL),
                   AG_EINVAL);
  ck_assert_int_eq(ag_move_to_text(g, 0x06010100u, t, sizeof t, NULL), AG_EINVAL);
  ck_assert_int_eq(ag_move_to_text(g, 0x01410100u, t, sizeof t, NULL), AG_EINVAL);
  ag_game_free(g);
}
END_TEST

/* The drawing, whole: every station, line and piece in its place. */
START_TEST(test_render)
{
  static const char *const want =
      "       13--------12-------------11-------------10--------9         \n"
      "       .         .              .              .         .         \n"
      "  14                            |                             8    \n"
      "  .                             |                             .    \n"
      "  |                             R                             |    \n"
      "  |                             .                             |    \n"
      "  15                            |                             7    \n"
      "  .                             |                             b1   \n"
      "  |                             S                             |    \n"
      "  |                             .                             |    \n"
      "  |                             |                             |\n"
      "  16--------D---------C---------X---------B---------A---------6    \n"
      "  .         .         .         W*        .         .         .    \n"
      "  |                             |                             |\n"
      "  |                             T                             |    \n"
      "  |                             .                             |    \n"
      "  17                            |                             5    \n"
      "  .                             |                             .    \n"
      "  |                             U                             |    \n"
      "  |                             .                             |    \n"
      "  18                            |                             4    \n"
      "  .                             |                             .    \n"
      "       19--------20-------------1--------------2---------3         \n"
      "       .         .              b1             w1        .         \n"
      "white: stones on board 1, owl X, reserve 2, held by black 2, removed 0\n"
      "black: stones on board 2, owl none, reserve 3, held by white 1, removed 0\n"
      "turns played: 5; black to move, values left: 4 4\n";
  ag_game *g = new_game("liubo_sticks");
  ag_state *st = new_state(g, "white 2 owl X reserve 2 held 2 removed 0; black 1,7 owl - reserve 3 "
                          "held 1 removed 0; black move 4+4; turns 5");
  char buf[TEXT_CAP];
  size_t len;
  ck_assert_int_eq(ag_state_render(st, buf, sizeof buf, &len), AG_OK);
  ck_assert_uint_lt(len, ag_game_limit(g, AG_LIMIT_RENDER_TEXT));
  ck_assert_ptr_nonnull(strstr(buf, "W*"));
  ck_assert_ptr_nonnull(strstr(buf, "b1"));
  ck_assert_ptr_nonnull(strstr(buf, "black to move, values left: 4 4"));
  ck_assert_ptr_nonnull(strstr(buf, "white: stones on board 1, owl X, reserve 2, held by black 2"));
  ck_assert_str_eq(buf, want);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* The drawing's last line names how a game ended: the owl taken, the
 * five-stone rule, all pieces taken (the seed-41 survivor
 * lib/games/liubo_sticks.c:1180, `p->reason != AG_END_FIVE', swapped the
 * last two). */
START_TEST(test_render_end_reasons)
{
  static const struct { const char *text, *line; } ex[] = {
    { "white X6 owl - reserve 5 held 0 removed 0; black 10 owl - reserve 4 held 1 removed 0; "
      "over white owl; turns 0",
      "turns played: 0; game over: white wins (owl taken by a stone)\n" },
    { "white 2,3,13,16,18 owl - reserve 0 held 1 removed 0; black 7 owl 9 reserve 0 held 4 "
      "removed 0; over white five; turns 26",
      "turns played: 26; game over: white wins (five-stone rule)\n" },
    { "white 7 owl - reserve 5 held 0 removed 0; black - owl - reserve 0 held 6 removed 0; "
      "over white all; turns 0",
      "turns played: 0; game over: white wins (all pieces taken)\n" },
  };
  ag_game *g = new_game("liubo_sticks");
  size_t i;
  for (i = 0; i < sizeof ex / sizeof ex[0]; i++) {
    ag_state *st = new_state(g, ex[i].text);
    char buf[TEXT_CAP];
    const char *last;
    size_t len;
    ck_assert_int_eq(ag_state_render(st, buf, sizeof buf, &len), AG_OK);
    ck_assert_uint_eq(len, strlen(buf));
    last = strstr(buf, "turns played: ");
    ck_assert_ptr_nonnull(last);
    ck_assert_str_eq(last, ex[i].line);
    ag_state_free(st);
  }
  ag_game_free(g);
}
END_TEST

START_TEST(test_info_and_hash)
{
  ag_game *g = new_game("liubo_sticks");
  ag_state *st = new_state(g, NULL), *other;
  int v;
  /* Golden hashes: the start, and after the throw 2+3. */
  ck_assert_uint_eq(ag_state_hash(st), UINT64_C(0x40cd8a41b47c7010));
  play(st, "2+3");
  ck_assert_uint_eq(ag_state_hash(st), UINT64_C(0x5d53909e409533a7));
  ck_assert_int_eq(ag_state_info(st, AG_INFO_PENDING_STEPS, 0, &v), AG_OK);
  ck_assert_int_eq(v, 2);
  ck_assert_int_eq(ag_state_info(st, AG_INFO_PENDING_STEPS, 1, &v), AG_OK);
  ck_assert_int_eq(v, 3);
  ck_assert_int_eq(ag_state_info(st, AG_INFO_RESERVE, 1, &v), AG_OK);
  ck_assert_int_eq(v, 6);
  ck_assert_int_eq(ag_state_info(st, AG_INFO_SCORE, 0, &v), AG_ENOTFOUND);
  ck_assert_int_eq(ag_state_info(st, AG_INFO_CHAIN, 0, &v), AG_ENOTFOUND);
  ck_assert_int_eq(ag_state_info(st, AG_INFO_RESERVE, 2, &v), AG_EINVAL);
  ck_assert_int_eq(ag_state_info(st, AG_INFO_COUNTER, 1, &v), AG_EINVAL);
  /* The hash tells apart positions that differ only in the throw memory, and
   * ignores the turn counter. */
  other = new_state(g, "white 2,3 owl - reserve 4 held 0 removed 0; black 10 owl - reserve 5 held 0 "
                   "removed 0; white move 2; turns 3");
  ck_assert_int_eq(ag_state_set_text(st, "white 2,3 owl - reserve 4 held 0 removed 0; black 10 owl "
                                         "- reserve 5 held 0 removed 0; white move 2 lock 3; turns 3"),
                   AG_OK);
  ck_assert_uint_ne(ag_state_hash(st), ag_state_hash(other));
  ck_assert_int_eq(ag_state_set_text(st, "white 2,3 owl - reserve 4 held 0 removed 0; black 10 owl "
                                         "- reserve 5 held 0 removed 0; white move 2; turns 7"),
                   AG_OK);
  ck_assert_uint_eq(ag_state_hash(st), ag_state_hash(other));
  ck_assert_int_eq(ag_state_equal(st, other), 0);  /* the texts differ in the counter */
  ag_state_free(st), ag_state_free(other);
  ag_game_free(g);
}
END_TEST

/* ------------------------------------------------------------ random games */

/* The "removed N" count of side s in the position text. */
static int removed_in_text(const ag_state *st, int s)
{
  const char *t = text(st), *seg = t, *at;
  int n = -1;
  if (s == 1) {
    seg = strstr(t, "; black ");
    ck_assert_ptr_nonnull(seg);
  }
  at = strstr(seg, " removed ");
  ck_assert_ptr_nonnull(at);
  ck_assert_int_eq(sscanf(at, " removed %d", &n), 1);
  return n;
}

/* Checks board + reserve + held by the opponent + removed = 6 for both sides, using
 * ag_state_piece over the stations and the info counters, and that the captured
 * count less the freeable prisoners is the text's removed field. */
static void check_conservation(const ag_state *st)
{
  int s, node, i, owner, kind, count, board[2] = {0, 0}, res, pris, capt;
  for (node = 0; node < 29; node++)
    for (i = 0; ag_state_piece(st, node, i, &owner, &kind, &count) == 1; i++)
      board[owner] += count;
  for (s = 0; s < 2; s++) {
    ck_assert_int_eq(ag_state_info(st, AG_INFO_RESERVE, s, &res), AG_OK);
    ck_assert_int_eq(ag_state_info(st, AG_INFO_PRISONERS, s, &pris), AG_OK);
    ck_assert_int_eq(ag_state_info(st, AG_INFO_CAPTURED, 1 - s, &capt), AG_OK);
    ck_assert_int_eq(capt - pris, removed_in_text(st, s));
    /* capt = held + removed; a taken owl (game over) counts among the held. */
    ck_assert_msg(board[s] + res + capt == 6, "side %d: board %d reserve %d captured %d: %s", s,
                  board[s], res, capt, text(st));
  }
}

/* Apply, undo, text and hash round trips after every ply of random games. */
START_TEST(test_random_games_invariants)
{
  size_t k;
  for (k = 0; k < NUM_SPECS; k++) {
    ag_game *g = new_game(option_specs[k]);
    ag_state *st = new_state(g, NULL), *copy = new_state(g, NULL);
    uint64_t rng = 1000 + k;
    ag_move mv[512];
    size_t n, i, maxn = 0;
    int game_no;
    char before[TEXT_CAP], moves[TEXT_CAP], mt[32];
    for (game_no = 0; game_no < 30; game_no++) {
      ag_state_reset(st);
      for (;;) {
        uint64_t h = ag_state_hash(st);
        int cp = ag_state_current_player(st);
        check_conservation(st);
        snprintf(before, sizeof before, "%s", text(st));
        ck_assert_uint_lt(strlen(before), ag_game_limit(g, AG_LIMIT_POSITION_TEXT));
        ck_assert_int_eq(ag_state_set_text(copy, before), AG_OK);
        ck_assert_str_eq(text(copy), before);
        ck_assert_uint_eq(ag_state_hash(copy), h);
        ck_assert_int_eq(ag_state_current_player(copy), cp);
        snprintf(moves, sizeof moves, "%s", legal(st));
        ck_assert_str_eq(legal(copy), moves);
        if (cp == AG_PLAYER_TERMINAL) break;
        ck_assert_int_eq(ag_state_legal_moves(st, cp, mv, 512, &n), AG_OK);
        if (n > maxn) maxn = n;
        for (i = 0; i < n; i++) {
          ag_move back;
          ck_assert_int_eq(ag_move_to_text(g, mv[i], mt, sizeof mt, NULL), AG_OK);
          ck_assert_uint_lt(strlen(mt), ag_game_limit(g, AG_LIMIT_MOVE_TEXT));
          ck_assert_int_eq(ag_move_from_text(g, mt, &back), AG_OK);
          ck_assert_uint_eq(back, mv[i]);
          if (i) ck_assert_uint_gt(mv[i], mv[i - 1]);
        }
        ck_assert_int_eq(ag_test_random_ply(st, &rng), 1);
        ck_assert_int_eq(ag_state_undo(st), AG_OK);
        ck_assert_str_eq(text(st), before);
        ck_assert_uint_eq(ag_state_hash(st), h);
        ck_assert_int_eq(ag_test_random_ply(st, &rng), 1);
      }
    }
    ck_assert_uint_le(maxn, ag_game_limit(g, AG_LIMIT_LEGAL_MOVES));
    ag_state_free(st), ag_state_free(copy);
    ag_game_free(g);
  }
}
END_TEST

/* The fast playout gives exactly the game of the public-API random loop. */
START_TEST(test_playout_matches_api_loop)
{
  size_t k;
  for (k = 0; k < NUM_SPECS; k++) {
    ag_game *g = new_game(option_specs[k]);
    ag_state *st = new_state(g, NULL);
    uint64_t seed;
    for (seed = 1; seed <= 40; seed++) {
      uint64_t r1 = seed * 7919, r2 = r1;
      size_t plies, loop_plies = 0;
      int w, r, out, w2, r2e, out2;
      out = ag_state_playout(st, &r1, 0, &plies, &w, &r);
      while (ag_test_random_ply(st, &r2)) loop_plies++;
      out2 = ag_state_outcome(st, &w2, &r2e);
      ck_assert_uint_eq(plies, loop_plies);
      ck_assert_int_eq(out, out2);
      ck_assert_int_eq(w, w2);
      ck_assert_int_eq(r, r2e);
      ck_assert_uint_eq(r1, r2);
      /* With a ply cap, the playout stops there, exactly as the API loop does. */
      ag_state_reset(st);
      r1 = r2 = seed;
      out = ag_state_playout(st, &r1, 7, &plies, &w, &r);
      for (loop_plies = 0; loop_plies < 7 && ag_test_random_ply(st, &r2); loop_plies++) {}
      out2 = ag_state_outcome(st, &w2, &r2e);
      ck_assert_uint_le(plies, 7);
      ck_assert_uint_eq(plies, loop_plies);
      ck_assert_int_eq(out, out2);
      ck_assert_int_eq(w, w2);
      ck_assert_int_eq(r, r2e);
      ck_assert_uint_eq(r1, r2);
      ag_state_reset(st);
    }
    ag_state_free(st);
    ag_game_free(g);
  }
}
END_TEST

/* ------------------------------------------------------------------ perft */

START_TEST(test_perft_start)
{
  ag_game *g = new_game("liubo_sticks");
  ag_state *st = new_state(g, NULL);
  /* 1: ten throws.  2: one entry per distinct value (6 x 2 + 4 x 1).  3: the other
   * value must enter a second stone (the first is locked).  4-6: the same for Black. */
  ck_assert_uint_eq(perft(st, 1), 10);
  ck_assert_uint_eq(perft(st, 2), 16);
  ck_assert_uint_eq(perft(st, 3), 16);
  ck_assert_uint_eq(perft(st, 4), 160);
  ck_assert_uint_eq(perft(st, 5), 256);
  ck_assert_uint_eq(perft(st, 6), 256);
  ck_assert_uint_eq(perft(st, 7), 2560);
  ck_assert_uint_eq(perft(st, 8), 8128);
  ck_assert_uint_eq(perft(st, 9), 14272);
  ck_assert_uint_eq(perft(st, 10), 142720);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ suite */


/* ------------------------------------------------------------ computer players */

/* The move text of the player's choice at position text pos. */
static const char *ai_move(const char *pos, const char *player, ag_analysis *an)
{
  static char buf[32];
  ag_game *g;
  ag_state *st;
  uint64_t rng = 11;
  size_t len;
  ck_assert_int_eq(ag_game_new("liubo_sticks", &g), AG_OK);
  ck_assert_int_eq(ag_state_new(g, &st), AG_OK);
  ck_assert_int_eq(ag_state_set_text(st, pos), AG_OK);
  an->size = sizeof *an;
  ck_assert_int_eq(ag_ai_analyse(st, ag_state_current_player(st), player, &rng, NULL, an, NULL,
                                 0, NULL, 0), AG_OK);
  ck_assert_int_eq(ag_move_to_text(g, an->best, buf, sizeof buf, &len), AG_OK);
  ag_state_free(st);
  ag_game_free(g);
  return buf;
}

/* Both expectimax players take the enemy owl when a stone can land on it
 * (the win), and know it is won; the search is by turns (depths) and costs
 * nodes. */
START_TEST(test_expectimax_takes_the_owl)
{
  static const char *const pos =
      "white 1 owl - reserve 5 held 0 removed 0; black 5 owl 3 reserve 4 held 0 removed 0; "
      "white move 1+2; turns 4";
  const char *players[] = {"ai", "expectimax", "expectimax1", "expectimax(depth=1)"};
  ag_analysis an;
  int i;
  for (i = 0; i < 4; i++) {
    ck_assert_str_eq(ai_move(pos, players[i], &an), "2:1-3");
    ck_assert_double_eq(an.value, 1.0);
    ck_assert_int_eq(an.proven, 1);
  }
}
END_TEST

/* Away from a forced result: "ai" is "expectimax" (same move, same nodes,
 * two turns deep: its own and the reply); so is "expectimax1"; a node budget
 * alone lets it go deeper; a key only MCTS has selects the 0.2 MCTS player
 * (its work is the iterations). */
START_TEST(test_expectimax_specs)
{
  static const char *const pos =
      "white 3,6 owl - reserve 4 held 0 removed 0; black 2,4 owl - reserve 4 held 0 removed 0; "
      "white move 2+3; turns 4";
  ag_analysis a, b, c;
  char m[32];
  strcpy(m, ai_move(pos, "ai", &a));
  ck_assert_str_eq(ai_move(pos, "expectimax", &b), m);
  ck_assert_uint_eq(a.work, b.work);
  ck_assert_int_eq(a.depth, 2);
  ck_assert(a.work > 0 && a.value > 0 && a.value < 1 && !a.proven);
  ai_move(pos, "expectimax1", &c);
  ck_assert_int_eq(c.depth, 2);
  ai_move(pos, "expectimax(nodes=3000)", &c);
  ck_assert_int_ge(c.depth, 3);
  ai_move(pos, "expectimax(depth=1)", &c);
  ck_assert_int_eq(c.depth, 1);
  ck_assert_uint_eq(c.work, 0);
  ai_move(pos, "ai(iterations=30)", &c);
  ck_assert_uint_eq(c.work, 30);
  ai_move(pos, "ai(contempt=0.2)", &c);
  ck_assert_uint_eq(c.work, 1000);
}
END_TEST

/* A deepening cut short by the node budget keeps the deeper iteration when
 * it finished its first child (the previous best, full window): the move
 * and value are those of the whole iteration here, at a part of its work. */
START_TEST(test_expectimax_partial_iteration)
{
  static const char *const pos =
      "white 3,6 owl - reserve 4 held 0 removed 0; black 2,4 owl - reserve 4 held 0 removed 0; "
      "white move 2+3; turns 4";
  ag_analysis part, full;
  char m[32];
  strcpy(m, ai_move(pos, "expectimax(depth=3)", &full));
  ck_assert_int_eq(full.depth, 3);
  ck_assert_str_eq(ai_move(pos, "expectimax(depth=3,nodes=400)", &part), m);
  ck_assert_int_eq(part.depth, 3);
  ck_assert_uint_eq(part.work, 400);
  ck_assert_uint_gt(full.work, 400);
  ck_assert_double_eq_tol(part.value, full.value, 1e-12);
  /* Cut before the first child is done: the last whole iteration stands. */
  ai_move(pos, "expectimax(depth=3,nodes=20)", &part);
  ck_assert_int_eq(part.depth, 2);
}
END_TEST

/* The features of a position at a throw (the evaluation's input; internal
 * hook): the probability that the side to throw takes all the enemy's
 * pieces at once (they are stones on one or two stations, none in reserve,
 * no owl), worked out by hand from the throw law, and who is down to one or
 * two pieces. */
enum { F_NS = 15, F_WIPE = 1 + 12, F_LAST1 = 1 + 13, F_LAST2 = 1 + 14 };
static void features_of(const char *pos, double *f)
{
  ag_game *g;
  ag_state *st;
  ck_assert_int_eq(ag_game_new("liubo_sticks", &g), AG_OK);
  ck_assert_int_eq(ag_state_new(g, &st), AG_OK);
  ck_assert_int_eq(ag_state_set_text(st, pos), AG_OK);
  ck_assert_int_eq(ag__liubo_sticks_features(st, f), 1 + 2 * F_NS);
  ag_state_free(st);
  ag_game_free(g);
}

START_TEST(test_eval_takes_all)
{
  double f[64];
  /* White's lone stone on 2 takes both black stones on 5 with a 3, or by
   * 1 then 2: {1,3} 6 + {2,3} 18 + {3,3} 9 + {3,4} 6 + {1,2} 6 = 45/64.
   * Black cannot reach white's stone (stones run one way; no reserve). */
  features_of("white 2 owl - reserve 0 held 5 removed 0; black 5*2 owl - reserve 0 held 4 "
              "removed 0; white throw; turns 4", f);
  ck_assert_double_eq(f[F_WIPE], 45.0 / 64);
  ck_assert_double_eq(f[F_NS + F_WIPE], 0);
  ck_assert_double_eq(f[F_LAST1], 1);
  ck_assert_double_eq(f[F_LAST2], 0);
  ck_assert_double_eq(f[F_NS + F_LAST1], 0);
  ck_assert_double_eq(f[F_NS + F_LAST2], 1);
  /* Two stations, two different stones needed: 2 and 3 on black's 5 and 6
   * take both with {3,3} (9) or {2,4} (6); {2,3} would need the stone on 3
   * twice, and no other throw reaches both. */
  features_of("white 2,3 owl - reserve 0 held 4 removed 0; black 5,6 owl - reserve 0 held 4 "
              "removed 0; white throw; turns 4", f);
  ck_assert_double_eq(f[F_WIPE], 15.0 / 64);
  /* Two stones on one station are two pieces: {2,3} now counts too. */
  features_of("white 3*2 owl - reserve 0 held 4 removed 0; black 5,6 owl - reserve 0 held 4 "
              "removed 0; white throw; turns 4", f);
  ck_assert_double_eq(f[F_WIPE], 18.0 / 64);
  /* A black stone in reserve cannot be taken: nothing wins at once. */
  features_of("white 2,3 owl - reserve 0 held 4 removed 0; black 5,6 owl - reserve 1 held 3 "
              "removed 0; white throw; turns 4", f);
  ck_assert_double_eq(f[F_WIPE], 0);
}
END_TEST

/* The expectimax players refuse what they do not take, and other games. */
START_TEST(test_expectimax_refusals)
{
  ag_game *g, *h;
  ag_state *st, *hs;
  uint64_t rng = 1;
  ag_move m;
  ck_assert_int_eq(ag_game_new("liubo_sticks", &g), AG_OK);
  ck_assert_int_eq(ag_game_new("hare", &h), AG_OK);
  ck_assert_int_eq(ag_state_new(g, &st), AG_OK);
  ck_assert_int_eq(ag_state_new(h, &hs), AG_OK);
  ck_assert_int_eq(ag_state_set_text(st, "white 1 owl - reserve 5 held 0 removed 0; black 5 owl 3 "
                                         "reserve 4 held 0 removed 0; white move 1+2; turns 4"),
                   AG_OK);
  ck_assert_int_eq(ag_ai_choose(st, "expectimax1(depth=3)", &rng, &m), AG_ENOTFOUND);
  ck_assert_int_eq(ag_ai_choose(st, "expectimax(iterations=3)", &rng, &m), AG_ENOTFOUND);
  ck_assert_int_eq(ag_ai_choose(st, "expectimax(depth=0)", &rng, &m), AG_EPARSE);
  ck_assert_int_eq(ag_ai_choose(st, "ai(iterations=20,depth=2)", &rng, &m), AG_EINVAL);
  ck_assert_int_eq(ag_ai_choose(st, "expectimax(depth=2,nodes=50,time_ms=100)", &rng, &m), AG_OK);
  ck_assert_int_eq(ag_ai_choose(hs, "expectimax", &rng, &m), AG_EINVAL);
  ck_assert_ptr_nonnull(strstr(ag_errmsg(), "liubo_sticks only"));
  ck_assert_int_eq(ag_ai_choose(hs, "expectimax1", &rng, &m), AG_EINVAL);
  ag_state_free(st);
  ag_state_free(hs);
  ag_game_free(g);
  ag_game_free(h);
}
END_TEST

static Suite *liubo_sticks_suite(void)
{
  Suite *s = suite_create("liubo_sticks");
  TCase *tc = tcase_create("rules");
  TCase *slow = tcase_create("random");
  tcase_add_test(tc, test_spec_and_metadata);
  tcase_add_test(tc, test_geometry);
  tcase_add_test(tc, test_throw_distribution);
  tcase_add_test(tc, test_example_a);
  tcase_add_test(tc, test_example_a_turn5_positions);
  tcase_add_test(tc, test_example_b);
  tcase_add_test(tc, test_example_c);
  tcase_add_test(tc, test_example_c_forced_promotion);
  tcase_add_test(tc, test_stone_vectors);
  tcase_add_test(tc, test_entry_vectors);
  tcase_add_test(tc, test_loop_frees);
  tcase_add_test(tc, test_owl_vectors);
  tcase_add_test(tc, test_owl_two_values);
  tcase_add_test(tc, test_lone_promotion_no_step_back);
  tcase_add_test(tc, test_stack_other_stone);
  tcase_add_test(tc, test_captures_and_owls);
  tcase_add_test(tc, test_landing_on_x_enemy_owl_elsewhere);
  tcase_add_test(tc, test_stone_takes_owl_on_x_no_promote);
  tcase_add_test(tc, test_all_taken);
  tcase_add_test(tc, test_end_mid_turn_clears_throw);
  tcase_add_test(tc, test_option_first);
  tcase_add_test(tc, test_option_stone_capture);
  tcase_add_test(tc, test_option_owl_capture);
  tcase_add_test(tc, test_option_loop);
  tcase_add_test(tc, test_option_five);
  tcase_add_test(tc, test_option_five_waits_for_rethrow);
  tcase_add_test(tc, test_option_five_immediate_other_turn);
  tcase_add_test(tc, test_option_rethrow);
  tcase_add_test(tc, test_option_max_turns);
  tcase_add_test(tc, test_text_rejects_malformed);
  tcase_add_test(tc, test_text_stack_counts);
  tcase_add_test(tc, test_move_text);
  tcase_add_test(tc, test_render);
  tcase_add_test(tc, test_render_end_reasons);
  tcase_add_test(tc, test_info_and_hash);
  tcase_add_test(tc, test_perft_start);
  tcase_add_test(tc, test_expectimax_takes_the_owl);
  tcase_add_test(tc, test_expectimax_specs);
  tcase_add_test(tc, test_expectimax_refusals);
  tcase_add_test(tc, test_expectimax_partial_iteration);
  tcase_add_test(tc, test_eval_takes_all);
  tcase_add_test(slow, test_random_games_invariants);
  tcase_add_test(slow, test_playout_matches_api_loop);
  suite_add_tcase(s, tc);
  suite_add_tcase(s, slow);
  return s;
}

int main(void) { return ag_test_run(liubo_sticks_suite()); }
