/*
 * check_perfect.c -- the perfect hare player (ag_ai_choose_solved) and
 * ag_solution_probe on a real solution: a file named by $AG_HARE_SOLUTION,
 * e.g. one written by `ag-solve "hare(hunters=10)" -o FILE' (about 100 s,
 * 190 MiB; .ci/run makes one).  The tests play the variant the file was
 * solved for.  Without the variable the whole program reports SKIP (TAP
 * "1..0 # SKIP"), never PASS: a real 10-hunter solution is too big to make
 * in `make check'.  The reduced variants of the internal test hook cannot
 * stand in (the perfect player refuses any solution whose win threshold is
 * not the game's); check_reliability.c tests that refusal and the other
 * error paths in every `make check'.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ancientgames.h"
#include "check_main.h"

/* The solution named by $AG_HARE_SOLUTION (main() made sure it is set). */
static ag_solution *load_solution(void)
{
  const char *path = getenv("AG_HARE_SOLUTION");
  ag_solution *sol = NULL;
  ck_assert_ptr_nonnull(path);
  ck_assert_msg(ag_solution_load(path, &sol) == AG_OK, "%s: %s", path, ag_errmsg());
  return sol;
}

/* The hare game the solution was made for (its hunters and chain), or with
 * other_chain the same hunters and the other chain rule. */
static ag_game *solution_game(const ag_solution *sol, int other_chain)
{
  char spec[64];
  int chain = 0, hunters = 0;
  ck_assert_int_eq(ag_solution_variant(sol, &chain, &hunters), AG_OK);
  snprintf(spec, sizeof spec, "hare(hunters=%d,chain=%d)", hunters, other_chain ? !chain : chain);
  return new_game(spec);
}

/* Perfect play from the start keeps the value, and its distance drops by
 * one each turn; both sides perfect: the hunters win in exactly that many
 * turns. */
START_TEST(perfect_play_follows_the_solution)
{
  ag_solution *sol = load_solution();
  ag_game *g;
  ag_state *st;
  uint64_t rng = 5;
  int v0, d0, v, d, turns = 0, winner;
  g = solution_game(sol, 0);
  st = new_state(g, NULL);
  ck_assert_int_eq(ag_solution_probe(sol, st, &v0, &d0), AG_OK);
  ck_assert_int_eq(v0, 1);
  while (!ag_state_is_terminal(st)) {
    int p = ag_state_current_player(st), in_chain = 0;
    ag_move m;
    ck_assert_int_eq(ag_solution_probe(sol, st, &v, &d), AG_OK);
    ck_assert_int_eq(ag_state_info(st, AG_INFO_CHAIN, 0, &in_chain), AG_OK);
    if (!in_chain) {
      ck_assert_int_eq(v, turns % 2 ? -1 : 1);
      ck_assert_int_eq(d, d0 - turns);
    }
    ck_assert_int_eq(ag_ai_choose_solved(st, sol, &rng, &m), AG_OK);
    ck_assert_int_eq(ag_state_apply(st, m), AG_OK);
    if (ag_state_is_terminal(st) || ag_state_current_player(st) != p) turns++;
  }
  ck_assert_int_eq(ag_state_outcome(st, &winner, NULL), AG_OUTCOME_WIN);
  ck_assert_int_eq(winner, 0);
  ck_assert_int_eq(turns, d0);
  ck_assert_int_eq(ag_solution_probe(sol, st, &v, &d), AG_EPHASE);
  ag_state_free(st);
  ag_game_free(g);
  ag_solution_free(sol);
}
END_TEST

START_TEST(perfect_player_beats_random)
{
  ag_solution *sol = load_solution();
  ag_game *g;
  ag_state *st;
  uint64_t rng = 77;
  int k, seat, won[2] = {0, 0};
  g = solution_game(sol, 0);
  st = new_state(g, NULL);
  for (seat = 0; seat < 2; seat++)
    for (k = 0; k < 10; k++) {
      int winner = AG_PLAYER_NONE;
      ag_state_reset(st);
      while (!ag_state_is_terminal(st)) {
        ag_move m;
        if (ag_state_current_player(st) == seat)
          ck_assert_int_eq(ag_ai_choose_solved(st, sol, &rng, &m), AG_OK);
        else
          ck_assert_int_eq(ag_ai_choose(st, "random", &rng, &m), AG_OK);
        ck_assert_int_eq(ag_state_apply(st, m), AG_OK);
      }
      if (ag_state_outcome(st, &winner, NULL) == AG_OUTCOME_WIN && winner == seat) won[seat]++;
    }
  ck_assert_int_eq(won[0], 10);
  ck_assert_int_ge(won[1], 9);
  ag_state_free(st);
  ag_game_free(g);
  ag_solution_free(sol);
}
END_TEST

START_TEST(perfect_player_checks_its_game)
{
  ag_solution *sol = load_solution();
  ag_game *g;
  ag_state *st;
  uint64_t rng = 1;
  ag_move m;
  g = solution_game(sol, 1);
  st = new_state(g, NULL);
  ck_assert_int_eq(ag_ai_choose_solved(st, sol, &rng, &m), AG_EMISMATCH);
  ag_state_free(st);
  ag_game_free(g);
  g = new_game("liubo_sticks");
  st = new_state(g, NULL);
  ck_assert_int_eq(ag_ai_choose_solved(st, sol, &rng, &m), AG_EINVAL);
  ag_state_free(st);
  ag_game_free(g);
  ag_solution_free(sol);
}
END_TEST

/* The error codes of ag_solution_probe and ag_ai_choose_solved that need a
 * solution of a real game (a reduced one gives AG_EMISMATCH first): game
 * over, a hunter count the solution lacks, the other chain rule.  These
 * ERR() lines count for tests/check-errors-doc.sh like check_errors.c's;
 * they were in check_errors.c, where without $AG_HARE_SOLUTION the test
 * passed without testing anything. */
#define ERR(fn, code, args)                                                          \
  do {                                                                               \
    int rc_ = (int)(fn args);                                                        \
    ck_assert_msg(rc_ == (code), "%s%s returned %d (%s), expected %s; message: %s", \
                  #fn, #args, rc_, ag_strerror(rc_), #code, ag_errmsg());            \
    ck_assert_msg(ag_errmsg()[0] != '\0', "%s%s: no message", #fn, #args);          \
  } while (0)

START_TEST(solved_game_errors)
{
  ag_solution *sol = load_solution();
  ag_game *g = solution_game(sol, 0), *other = solution_game(sol, 1), *more = NULL;
  ag_state *over = new_state(g, "...../...../..O../XXXX./XXXXX O - 0");  /* 9 hunters: over */
  ag_state *st = new_state(other, NULL);
  uint64_t rng = 1;
  ag_move m;
  int v, d, chain, hunters;
  char spec[64];
  ck_assert_int_eq(ag_solution_variant(sol, &chain, &hunters), AG_OK);
  ERR(ag_solution_probe, AG_EPHASE, (sol, over, &v, &d));
  ERR(ag_solution_probe, AG_EMISMATCH, (sol, st, &v, &d));         /* the other chain rule */
  ERR(ag_ai_choose_solved, AG_EPHASE, (over, sol, &rng, &m));
  ERR(ag_ai_choose_solved, AG_EMISMATCH, (st, sol, &rng, &m));
  if (hunters < 12) {                               /* a game with one hunter more */
    ag_state *bigger;
    snprintf(spec, sizeof spec, "hare(hunters=%d,chain=%d)", hunters + 1, chain);
    more = new_game(spec);
    bigger = new_state(more, NULL);
    ERR(ag_solution_probe, AG_ENOTFOUND, (sol, bigger, &v, &d));
    ERR(ag_ai_choose_solved, AG_ENOTFOUND, (bigger, sol, &rng, &m));
    ag_state_free(bigger);
    ag_game_free(more);
  }
  ag_state_free(over);
  ag_state_free(st);
  ag_game_free(g);
  ag_game_free(other);
  ag_solution_free(sol);
}
END_TEST

static Suite *perfect_suite(void)
{
  Suite *s = suite_create("perfect");
  TCase *tc = tcase_create("perfect");
  tcase_set_timeout(tc, 300);
  tcase_add_test(tc, perfect_play_follows_the_solution);
  tcase_add_test(tc, perfect_player_beats_random);
  tcase_add_test(tc, perfect_player_checks_its_game);
  tcase_add_test(tc, solved_game_errors);
  suite_add_tcase(s, tc);
  return s;
}

int main(void)
{
  const char *path = getenv("AG_HARE_SOLUTION");
  if (!path || !*path) {
    printf("1..0 # SKIP AG_HARE_SOLUTION names no solution file "
           "(ag-solve \"hare(hunters=10)\" -o FILE makes one)\n");
    return 0;
  }
  return ag_test_run(perfect_suite());
}
