/*
 * check_ai.c -- the computer players through the public API: parameter
 * parsing, legality and determinism of every choice, chance and
 * simultaneous nodes, tactics the search must see, short strength checks
 * against random play (both sides of the hare hunt).  The perfect hare
 * player is tested by check_perfect.c (it needs a solution file).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ancientgames.h"
#include "check_main.h"

/* Advances a state with random plies until a node of the wanted player
 * kind (AG_PLAYER_CHANCE, AG_PLAYER_SIMULTANEOUS, or 0 for any decision). */
static void advance_to(ag_state *st, int want, uint64_t *rng)
{
  int guard;
  for (guard = 0; guard < 10000; guard++) {
    int p = ag_state_current_player(st);
    ag_move m[2];
    if (p == want || (want == 0 && p >= 0)) return;
    ck_assert_int_ne(p, AG_PLAYER_TERMINAL);
    if (p == AG_PLAYER_SIMULTANEOUS) {
      ck_assert_int_eq(ag_ai_choose_joint(st, "random", rng, m, 2), AG_OK);
      ck_assert_int_eq(ag_state_apply_joint(st, m, 2), AG_OK);
    } else {
      ck_assert_int_eq(ag_ai_choose(st, "random", rng, m), AG_OK);
      ck_assert_int_eq(ag_state_apply(st, m[0]), AG_OK);
    }
  }
  ck_abort_msg("node kind %d not reached", want);
}

START_TEST(params_are_parsed)
{
  ag_game *g = new_game("hare");
  ag_state *st = new_state(g, NULL);
  uint64_t rng = 1;
  ag_move m;
  ck_assert_int_eq(ag_ai_choose(st, "random", &rng, &m), AG_OK);
  ck_assert_int_eq(ag_ai_choose(st, "mcts", &rng, &m), AG_OK);
  ck_assert_int_eq(ag_ai_choose(st, "mcts()", &rng, &m), AG_OK);
  ck_assert_int_eq(ag_ai_choose(st, "mcts(iterations=20,c=0.5,rollout=10)", &rng, &m), AG_OK);
  ck_assert_int_eq(ag_ai_choose(st, "mcts(iterations=0)", &rng, &m), AG_EPARSE);
  ck_assert_int_eq(ag_ai_choose(st, "mcts(iterations=12x)", &rng, &m), AG_EPARSE);
  ck_assert_int_eq(ag_ai_choose(st, "mcts(iterations=10", &rng, &m), AG_EPARSE);
  ck_assert_int_eq(ag_ai_choose(st, "mcts(iterations=10)x", &rng, &m), AG_EPARSE);
  ck_assert_int_eq(ag_ai_choose(st, "mcts(depth=3)", &rng, &m), AG_ENOTFOUND);
  ck_assert_int_eq(ag_ai_choose(st, "alphabeta", &rng, &m), AG_ENOTFOUND);
  ck_assert_int_eq(ag_ai_choose(st, "perfect", &rng, &m), AG_EINVAL);
  ck_assert_ptr_nonnull(strstr(ag_errmsg(), "solution"));
  ck_assert_int_eq(ag_ai_choose(st, NULL, &rng, &m), AG_EINVAL);
  ck_assert_int_eq(ag_ai_choose(NULL, "random", &rng, &m), AG_EINVAL);
  ck_assert_int_eq(ag_ai_choose(st, "random", NULL, &m), AG_EINVAL);
  ck_assert_int_eq(ag_ai_choose_player(st, 1, "random", &rng, &m), AG_EPHASE);
  ck_assert_int_eq(ag_ai_choose_player(st, 2, "random", &rng, &m), AG_EINVAL);
  ck_assert_int_eq(ag_ai_choose_joint(st, "random", &rng, &m, 2), AG_EPHASE);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* Every player gives a legal move, leaves the state alone, and repeats
 * itself with the same seed. */
static void legal_and_repeatable(const char *spec, const char *params)
{
  ag_game *g = new_game(spec);
  ag_state *st = new_state(g, NULL);
  uint64_t walk = 7;
  int i;
  for (i = 0; i < 6; i++) {
    char before[4096], after[4096];
    uint64_t r1 = 100 + (uint64_t)i, r2 = r1;
    ag_move a, b;
    advance_to(st, 0, &walk);
    ck_assert_int_eq(ag_state_to_text(st, before, sizeof before, NULL), AG_OK);
    ck_assert_int_eq(ag_ai_choose(st, params, &r1, &a), AG_OK);
    ck_assert_int_eq(ag_ai_choose(st, params, &r2, &b), AG_OK);
    ck_assert_uint_eq(a, b);
    ck_assert_uint_eq(r1, r2);
    ck_assert_int_eq(ag_state_is_legal(st, ag_state_current_player(st), a), 1);
    ck_assert_int_eq(ag_state_to_text(st, after, sizeof after, NULL), AG_OK);
    ck_assert_str_eq(before, after);
    ck_assert_int_eq(ag_state_apply(st, a), AG_OK);
    if (ag_state_is_terminal(st)) ag_state_reset(st);
  }
  ag_state_free(st);
  ag_game_free(g);
}

START_TEST(legal_hare)    { legal_and_repeatable("hare", "mcts(iterations=200)"); }
END_TEST
START_TEST(legal_sticks)  { legal_and_repeatable("liubo_sticks", "mcts(iterations=200,rollout=30)"); }
END_TEST
START_TEST(legal_fingers) { legal_and_repeatable("liubo_fingers", "mcts(iterations=100,rollout=30)"); }
END_TEST
START_TEST(legal_random)  { legal_and_repeatable("liubo_sticks", "random"); }
END_TEST

/* At a chance node the players draw exactly as ag_state_sample_chance(). */
START_TEST(chance_node_is_sampled)
{
  ag_game *g = new_game("liubo_sticks");
  ag_state *st = new_state(g, NULL);
  uint64_t walk = 3, r1, r2;
  ag_move a, b;
  advance_to(st, AG_PLAYER_CHANCE, &walk);
  r1 = r2 = 99;
  ck_assert_int_eq(ag_ai_choose(st, "mcts(iterations=50)", &r1, &a), AG_OK);
  ck_assert_int_eq(ag_state_sample_chance(st, &r2, &b), AG_OK);
  ck_assert_uint_eq(a, b);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* At a finger round: both choices legal, and the choice is a mixed strategy:
 * different seeds give different choices. */
START_TEST(simultaneous_choice_is_mixed)
{
  ag_game *g = new_game("liubo_fingers");
  ag_state *st = new_state(g, NULL);
  uint64_t walk = 5, rng;
  ag_move m[2], seen[8];
  int nseen = 0, i, j;
  advance_to(st, AG_PLAYER_SIMULTANEOUS, &walk);
  ck_assert_int_eq(ag_ai_choose(st, "mcts(iterations=50)", &walk, m), AG_EPHASE);
  for (i = 0; i < 24; i++) {
    rng = 1000 + (uint64_t)i;
    ck_assert_int_eq(ag_ai_choose_joint(st, "mcts(iterations=300,rollout=20)", &rng, m, 2), AG_OK);
    ck_assert_int_eq(ag_state_is_legal(st, 0, m[0]), 1);
    ck_assert_int_eq(ag_state_is_legal(st, 1, m[1]), 1);
    ck_assert_int_eq(ag_ai_choose_player(st, 1, "mcts(iterations=100,rollout=20)", &rng, &m[1]), AG_OK);
    ck_assert_int_eq(ag_state_is_legal(st, 1, m[1]), 1);
    for (j = 0; j < nseen && seen[j] != m[0]; j++) {}
    if (j == nseen && nseen < 8) seen[nseen++] = m[0];
  }
  ck_assert_int_ge(nseen, 2);
  ck_assert_int_eq(ag_ai_choose_joint(st, "mcts", &rng, m, 1), AG_EINVAL);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* Sets st to the position `text', asks the player `params' (seed `seed')
 * for a move, asserts that it reads `expect', and returns it. */
static ag_move expect_ai_move(const ag_game *g, ag_state *st, const char *text,
                              const char *params, uint64_t seed, const char *expect)
{
  uint64_t rng = seed;
  ag_move m;
  char got[16];
  ck_assert_int_eq(ag_state_set_text(st, text), AG_OK);
  ck_assert_int_eq(ag_ai_choose(st, params, &rng, &m), AG_OK);
  ck_assert_int_eq(ag_move_to_text(g, m, got, sizeof got, NULL), AG_OK);
  ck_assert_str_eq(got, expect);
  return m;
}

/* The hare with 10 hunters left takes the one it can: c3xc5 wins at once. */
START_TEST(mcts_takes_the_winning_capture)
{
  ag_game *g = new_game("hare");
  ag_state *st = new_state(g, NULL);
  expect_ai_move(g, st, "...../..X../..O../XX.XX/XXXXX O - 0", "mcts(iterations=300)", 11,
                 "c3xc5");
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* The hunters close the trap: b3-b4 leaves the hare on a5 no step and no
 * jump (a3, c5 and c3 back the hunters around it); every other move lets it
 * out or open a capture. */
START_TEST(mcts_hunters_close_the_trap)
{
  ag_game *g = new_game("hare");
  ag_state *st = new_state(g, NULL);
  int winner = AG_PLAYER_NONE, reason = 0;
  ag_move m = expect_ai_move(g, st, "OXX../X..../XXX../...../XXXXX X - 20",
                             "mcts(iterations=100)", 3, "b3-b4");
  ck_assert_int_eq(ag_state_apply(st, m), AG_OK);
  ck_assert_int_eq(ag_state_outcome(st, &winner, &reason), AG_OUTCOME_WIN);
  ck_assert_int_eq(winner, 0);
  ck_assert_int_eq(reason, AG_END_BLOCKED);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* The hare hunt's search accepts c and rollout and does not use them (as
 * ag_ai_choose(3) says): extreme values choose the same moves, same seed. */
START_TEST(hare_ignores_c_and_rollout)
{
  ag_game *g = new_game("hare");
  ag_state *st = new_state(g, NULL);
  uint64_t walk = 9;
  int i;
  for (i = 0; i < 6; i++) {
    uint64_t r1 = 40 + (uint64_t)i, r2 = r1;
    ag_move a, b;
    advance_to(st, 0, &walk);
    ck_assert_int_eq(ag_ai_choose(st, "mcts(iterations=50,c=0,rollout=0)", &r1, &a), AG_OK);
    ck_assert_int_eq(ag_ai_choose(st, "mcts(iterations=50,c=5,rollout=999)", &r2, &b), AG_OK);
    ck_assert_uint_eq(a, b);
    ck_assert_uint_eq(r1, r2);
    ck_assert_int_eq(ag_state_apply(st, a), AG_OK);
    if (ag_state_is_terminal(st)) ag_state_reset(st);
  }
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* Plays seeded games of `ai' against random in the given seat; returns the
 * number won by the AI. */
static int play_vs_random(const char *spec, const char *ai, int seat, int games)
{
  ag_game *g = new_game(spec);
  ag_state *st = new_state(g, NULL);
  uint64_t rng = 2024;
  int k, won = 0;
  for (k = 0; k < games; k++) {
    int winner = AG_PLAYER_NONE;
    ag_state_reset(st);
    while (!ag_state_is_terminal(st)) {
      int p = ag_state_current_player(st);
      ag_move m[2];
      if (p == AG_PLAYER_SIMULTANEOUS) {
        ck_assert_int_eq(ag_ai_choose_player(st, seat, ai, &rng, &m[seat]), AG_OK);
        ck_assert_int_eq(ag_ai_choose_player(st, 1 - seat, "random", &rng, &m[1 - seat]), AG_OK);
        ck_assert_int_eq(ag_state_apply_joint(st, m, 2), AG_OK);
      } else {
        ck_assert_int_eq(ag_ai_choose(st, p == seat ? ai : "random", &rng, m), AG_OK);
        ck_assert_int_eq(ag_state_apply(st, m[0]), AG_OK);
      }
    }
    if (ag_state_outcome(st, &winner, NULL) == AG_OUTCOME_WIN && winner == seat) won++;
  }
  ag_state_free(st);
  ag_game_free(g);
  return won;
}

START_TEST(sticks_beats_random)
{
  ck_assert_int_ge(play_vs_random("liubo_sticks", "mcts(iterations=100,rollout=30)", 0, 6), 5);
  ck_assert_int_ge(play_vs_random("liubo_sticks", "mcts(iterations=100,rollout=30)", 1, 6), 5);
}
END_TEST

START_TEST(hare_side_beats_random)
{
  ck_assert_int_ge(play_vs_random("hare", "mcts(iterations=200)", 1, 6), 5);
}
END_TEST

/* Issue #6: the default AI (no solution file) as the hunters traps a random
 * hare in most games, not only as the hare. */
START_TEST(hunters_side_beats_random)
{
  ck_assert_int_ge(play_vs_random("hare", "mcts(iterations=200)", 0, 10), 8);
}
END_TEST

static Suite *ai_suite(void)
{
  Suite *s = suite_create("ai");
  TCase *tc = tcase_create("players");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, params_are_parsed);
  tcase_add_test(tc, legal_hare);
  tcase_add_test(tc, legal_sticks);
  tcase_add_test(tc, legal_fingers);
  tcase_add_test(tc, legal_random);
  tcase_add_test(tc, chance_node_is_sampled);
  tcase_add_test(tc, simultaneous_choice_is_mixed);
  tcase_add_test(tc, mcts_takes_the_winning_capture);
  tcase_add_test(tc, mcts_hunters_close_the_trap);
  tcase_add_test(tc, hare_ignores_c_and_rollout);
  tcase_add_test(tc, sticks_beats_random);
  tcase_add_test(tc, hare_side_beats_random);
  tcase_add_test(tc, hunters_side_beats_random);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) { return ag_test_run(ai_suite()); }
