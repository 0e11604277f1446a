/* SPDX-License-Identifier: MIT */
/*
 * check_perfect.c -- the perfect hare player (ag_ai_choose_solved),
 * ag_solution_probe on a real solution, and the default computer player's
 * strength judged by it (issue 10).  The solution is that of
 * hare(hunters=10), the smallest variant the game has (the hare always wins
 * at 9 hunters, and 10 is the fewest it starts with; the reduced variants
 * of the internal test hook cannot stand in: the perfect player refuses any
 * solution whose win threshold is not the game's, and the search cannot
 * play them).  main() gets it once, before the tests fork, so every test
 * (and every forked child, copy-on-write) shares the one read-only copy:
 *
 *   - $AG_HARE_SOLUTION names a file (`ag-solve "hare(hunters=10)" -o
 *     FILE'; .ci/run makes one): it is loaded, in well under a second, and
 *     the tests play the variant it was solved for;
 *   - unset or empty: main() solves hare(hunters=10) in memory with
 *     ag_solution_solve on 2 threads (about 60 s of CPU, 30 s on an idle
 *     machine with 2 cores, and 190 MB at the peak; slower under the
 *     sanitizers).  It runs before the tests, outside Check's timeouts;
 *   - AG_HARE_SOLUTION=none: the whole program reports SKIP (TAP "1..0 #
 *     SKIP"), never PASS, for a quick `make check' on a slow machine.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ancientgames.h"
#include "check_main.h"

/* The solution every test judges by: set by main() before the tests run,
 * never changed after, freed by main() after them. */
static ag_solution *solution;

/* The hare game the solution was made for (its hunters and chain), or with
 * other_chain the same hunters and the other chain rule; with `first' (not
 * NULL) that side moves first. */
static ag_game *solution_game(const ag_solution *sol, int other_chain, const char *first)
{
  char spec[80];
  int chain = 0, hunters = 0;
  ck_assert_int_eq(ag_solution_variant(sol, &chain, &hunters), AG_OK);
  snprintf(spec, sizeof spec, "hare(hunters=%d,chain=%d%s%s)", hunters,
           other_chain ? !chain : chain, first ? ",first=" : "", first ? first : "");
  return new_game(spec);
}

/* Plays one move for the side to move: the perfect player's (sol's) when
 * `ai' is NULL, else ag_ai_choose(st, ai)'s.  When turns is not NULL, counts
 * a turn in it when the move ends the game or passes the turn (the moves of
 * a capture chain are one turn). */
static void play_move(ag_state *st, const ag_solution *sol, const char *ai, uint64_t *rng,
                      int *turns)
{
  int p = ag_state_current_player(st);
  ag_move m;
  if (ai)
    ck_assert_int_eq(ag_ai_choose(st, ai, rng, &m), AG_OK);
  else
    ck_assert_int_eq(ag_ai_choose_solved(st, sol, rng, &m), AG_OK);
  ck_assert_int_eq(ag_state_apply(st, m), AG_OK);
  if (turns && (ag_state_is_terminal(st) || ag_state_current_player(st) != p)) (*turns)++;
}

/* The game's result for player p: 1 when p won, -1 when p lost, 0 for a
 * draw or a game still going on. */
static int result_for(const ag_state *st, int p)
{
  int winner = AG_PLAYER_NONE;
  if (ag_state_outcome(st, &winner, NULL) != AG_OUTCOME_WIN) return 0;
  return winner == p ? 1 : -1;
}

/* Perfect play from the start keeps the value, and its distance drops by
 * one each turn; both sides perfect: the hunters win in exactly that many
 * turns. */
START_TEST(perfect_play_follows_the_solution)
{
  const ag_solution *sol = solution;
  ag_game *g;
  ag_state *st;
  uint64_t rng = 5;
  int v0, d0, v, d, turns = 0;
  g = solution_game(sol, 0, NULL);
  st = new_state(g, NULL);
  ck_assert_int_eq(ag_solution_probe(sol, st, &v0, &d0), AG_OK);
  ck_assert_int_eq(v0, 1);
  while (!ag_state_is_terminal(st)) {
    int in_chain = 0;
    ck_assert_int_eq(ag_solution_probe(sol, st, &v, &d), AG_OK);
    ck_assert_int_eq(ag_state_info(st, AG_INFO_CHAIN, 0, &in_chain), AG_OK);
    if (!in_chain) {
      ck_assert_int_eq(v, turns % 2 ? -1 : 1);
      ck_assert_int_eq(d, d0 - turns);
    }
    play_move(st, sol, NULL, &rng, &turns);
  }
  ck_assert_int_eq(result_for(st, 0), 1);
  ck_assert_int_eq(turns, d0);
  ck_assert_int_eq(ag_solution_probe(sol, st, &v, &d), AG_EPHASE);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

START_TEST(perfect_player_beats_random)
{
  const ag_solution *sol = solution;
  ag_game *g;
  ag_state *st;
  uint64_t rng = 77;
  int k, seat, won[2] = {0, 0};
  g = solution_game(sol, 0, NULL);
  st = new_state(g, NULL);
  for (seat = 0; seat < 2; seat++)
    for (k = 0; k < 10; k++) {
      ag_state_reset(st);
      while (!ag_state_is_terminal(st))
        play_move(st, sol, ag_state_current_player(st) == seat ? NULL : "random", &rng, NULL);
      won[seat] += result_for(st, seat) == 1;
    }
  ck_assert_int_eq(won[0], 10);
  ck_assert_int_ge(won[1], 9);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

START_TEST(perfect_player_checks_its_game)
{
  const ag_solution *sol = solution;
  ag_game *g;
  ag_state *st;
  uint64_t rng = 1;
  ag_move m;
  g = solution_game(sol, 1, NULL);
  st = new_state(g, NULL);
  ck_assert_int_eq(ag_ai_choose_solved(st, sol, &rng, &m), AG_EMISMATCH);
  ag_state_free(st);
  ag_game_free(g);
  g = new_game("liubo_sticks");
  st = new_state(g, NULL);
  ck_assert_int_eq(ag_ai_choose_solved(st, sol, &rng, &m), AG_EINVAL);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* The share of the best defence's turns (percent) the default player as
 * the hare lasts at least against the perfect hunters (the issue's
 * target).  These games (the solution's variant: 10 hunters in CI, or 12)
 * with the hare's search trying its moves at the horizon and the row and
 * column patterns: 97 and 100 with 10 hunters (hunters, hare first), 96
 * and 92 with 12; with the first learned table: 92 and 97, 96 and 88; with
 * the hand-made evaluation before it: 92 and 83, 88 and 88.  Over 20 games
 * a start (tests/bench_ai judge) no start's mean is below 93. */
#define HARE_SHARE 90

/* The default player (no solution) against the perfect one, from the
 * start of the solution's variant with `first' to move: plays "ai" in
 * `seat', counts its moves and those that keep the solved value (a won
 * position stays won), and returns the outcome for the AI (+1, 0, -1);
 * *turns is the game's length in turns, *best the start's solved distance. */
static int ai_vs_perfect(const ag_solution *sol, const char *first, int seat, int *turns,
                         int *best, int *moves, int *kept)
{
  ag_game *g = solution_game(sol, 0, first);
  ag_state *st = new_state(g, NULL);
  uint64_t rng = 1000;
  int v = 0, result;
  ck_assert_int_eq(ag_solution_probe(sol, st, &v, best), AG_OK);
  *turns = 0;
  while (!ag_state_is_terminal(st)) {
    int p = ag_state_current_player(st), v0 = 0, d0 = 0, v1 = 0, d1 = 0;
    if (p != seat) {
      play_move(st, sol, NULL, &rng, turns);
      continue;
    }
    ck_assert_int_eq(ag_solution_probe(sol, st, &v0, &d0), AG_OK);
    play_move(st, sol, "ai", &rng, turns);
    (*moves)++;
    if (ag_state_is_terminal(st)) {
      *kept += v0 <= 0 || result_for(st, p) == 1;
    } else {
      ck_assert_int_eq(ag_solution_probe(sol, st, &v1, &d1), AG_OK);
      if (ag_state_current_player(st) != p) v1 = -v1;
      *kept += v1 >= v0;
    }
  }
  result = result_for(st, seat);
  ag_state_free(st);
  ag_game_free(g);
  return result;
}

/* Issue 10: the default player, without a solution, as the hunters wins
 * from the start against the perfect hare (either side first) and keeps the
 * won value in every move (it used to keep it and draw at the ply cap: no
 * progress); as the hare it loses to the perfect hunters, as it must, but
 * only after most of the best defence's turns. */
START_TEST(ai_against_the_perfect_player)
{
  static const char *const firsts[] = {"hunters", "hare"};
  const ag_solution *sol = solution;
  int i, moves = 0, kept = 0;
  for (i = 0; i < 2; i++) {
    int turns = 0, best = 0;
    ck_assert_int_eq(ai_vs_perfect(sol, firsts[i], 0, &turns, &best, &moves, &kept), 1);
    fprintf(stderr, "ai as hunters, first=%s: won in %d turns (perfect play: %d)\n", firsts[i],
            turns, best);
    ck_assert_int_ge(turns, best);
    ck_assert_int_eq(ai_vs_perfect(sol, firsts[i], 1, &turns, &best, &moves, &kept), -1);
    fprintf(stderr, "ai as hare, first=%s: lost in %d turns (best defence: %d)\n", firsts[i],
            turns, best);
    ck_assert_int_le(turns, best);
    ck_assert_int_ge(turns * 100, best * HARE_SHARE);
  }
  ck_assert_int_eq(kept, moves);
}
END_TEST

/* The error codes of ag_solution_probe and ag_ai_choose_solved that need a
 * solution of a real game (a reduced one gives AG_EMISMATCH first): game
 * over, a hunter count the solution lacks, the other chain rule.  These
 * ERR() lines count for tests/check-errors-doc.sh like check_errors.c's;
 * they were in check_errors.c, where without $AG_HARE_SOLUTION the test
 * passed without testing anything. */

/* The hunters' turns to their win after they play m in st (with the hare to
 * move next: the hunters have no chains), 1000 when m does not win. */
static int hunters_turns_after(ag_state *st, const ag_solution *sol, ag_move m)
{
  int v = 0, d = 0, r;
  ck_assert_int_eq(ag_state_apply(st, m), AG_OK);
  if (ag_state_is_terminal(st)) r = result_for(st, 0) == 1 ? 0 : 1000;
  else {
    ck_assert_int_eq(ag_solution_probe(sol, st, &v, &d), AG_OK);
    ck_assert_int_eq(ag_state_current_player(st), 1);
    r = v < 0 ? d : 1000;
  }
  ck_assert_int_eq(ag_state_undo(st), AG_OK);
  return r;
}

/* Every line from st in which the hare plays any move and the hunters the
 * default ai's, for the hunters' next `moves' moves: each of theirs must be
 * one of the shortest wins.  Returns the number of hunter moves checked. */
static long walk_opening(ag_state *st, const ag_solution *sol, int moves, uint64_t *rng)
{
  ag_move mv[64], m;
  size_t n = 0, i;
  long checked = 0;
  int best = 1000;
  if (ag_state_is_terminal(st)) return 0;
  if (ag_state_current_player(st) == 1) {
    ck_assert_int_eq(ag_state_legal_moves(st, 1, mv, 64, &n), AG_OK);
    for (i = 0; i < n; i++) {
      ck_assert_int_eq(ag_state_apply(st, mv[i]), AG_OK);
      checked += walk_opening(st, sol, moves, rng);
      ck_assert_int_eq(ag_state_undo(st), AG_OK);
    }
    return checked;
  }
  if (moves == 0) return 0;
  ck_assert_int_eq(ag_state_legal_moves(st, 0, mv, 64, &n), AG_OK);
  for (i = 0; i < n; i++) {
    int t = hunters_turns_after(st, sol, mv[i]);
    if (t < best) best = t;
  }
  ck_assert_int_eq(ag_ai_choose(st, "ai", rng, &m), AG_OK);
  if (hunters_turns_after(st, sol, m) != best) {
    char text[128] = "", mt[16] = "";
    ag_state_to_text(st, text, sizeof text, NULL);
    ag_move_to_text(ag_state_game(st), m, mt, sizeof mt, NULL);
    ck_abort_msg("at %s the ai plays %s: a win in %d turns, not %d", text, mt,
                 hunters_turns_after(st, sol, m), best);
  }
  ck_assert_int_eq(ag_state_apply(st, m), AG_OK);
  checked += 1 + walk_opening(st, sol, moves - 1, rng);
  ck_assert_int_eq(ag_state_undo(st), AG_OK);
  return checked;
}

/* The hunters' opening book (lib/ai/hare_book.h, chain=1 only): in their
 * first three moves from either start of each number of hunters the
 * solution answers, against every hare move, the default ai plays one of
 * the shortest wins (the search alone lost up to six turns of the win
 * there, as the hare moved first with 11 hunters). */
START_TEST(ai_hunters_open_by_the_book)
{
  const ag_solution *sol = solution;
  int chain = 0, hunters = 0, h, first;
  long checked = 0;
  uint64_t rng = 3;
  ck_assert_int_eq(ag_solution_variant(sol, &chain, &hunters), AG_OK);
  if (chain != 1) return;                          /* the book is for chain=1 */
  for (h = 10; h <= hunters; h++)
    for (first = 0; first < 2; first++) {
      char spec[64];
      ag_game *g;
      ag_state *st;
      snprintf(spec, sizeof spec, "hare(hunters=%d,first=%s)", h, first ? "hare" : "hunters");
      g = new_game(spec);
      st = new_state(g, NULL);
      checked += walk_opening(st, sol, 3, &rng);
      ag_state_free(st);
      ag_game_free(g);
    }
  ck_assert_int_ge(checked, 100);
}
END_TEST

START_TEST(solved_game_errors)
{
  const ag_solution *sol = solution;
  ag_game *g = solution_game(sol, 0, NULL), *other = solution_game(sol, 1, NULL), *more = NULL;
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
}
END_TEST

static Suite *perfect_suite(void)
{
  Suite *s = suite_create("perfect");
  TCase *tc = tcase_create("perfect");
  tcase_add_test(tc, perfect_play_follows_the_solution);
  tcase_add_test(tc, perfect_player_beats_random);
  tcase_add_test(tc, perfect_player_checks_its_game);
  tcase_add_test(tc, solved_game_errors);
  tcase_add_test(tc, ai_against_the_perfect_player);
  tcase_add_test(tc, ai_hunters_open_by_the_book);
  suite_add_tcase(s, tc);
  return s;
}

/* The solution of $AG_HARE_SOLUTION, or of hare(hunters=10) solved here;
 * NULL, with a TAP "Bail out!" line on stdout, when that fails. */
static ag_solution *get_solution(const char *path)
{
  ag_solution *sol = NULL;
  ag_game *g = NULL;
  int rc;
  if (path && *path) {
    if (ag_solution_load(path, &sol) != AG_OK)
      printf("Bail out! AG_HARE_SOLUTION=%s: %s\n", path, ag_errmsg());
    return sol;
  }
  fprintf(stderr, "check_perfect: AG_HARE_SOLUTION is not set: solving hare(hunters=10) in "
                  "memory (about a minute of CPU; AG_HARE_SOLUTION=none skips)\n");
  if (ag_game_new("hare(hunters=10)", &g) != AG_OK) {
    printf("Bail out! ag_game_new: %s\n", ag_errmsg());
    return NULL;
  }
  rc = ag_solution_solve(g, 2, NULL, NULL, &sol);
  if (rc != AG_OK) printf("Bail out! ag_solution_solve: %s\n", ag_errmsg());
  ag_game_free(g);
  return sol;
}

int main(void)
{
  const char *path = getenv("AG_HARE_SOLUTION");
  int rc;
  if (path && strcmp(path, "none") == 0) {
    printf("1..0 # SKIP AG_HARE_SOLUTION=none (unset, the tests solve hare(hunters=10) in "
           "memory; a file made by ag-solve is the fast way)\n");
    return 0;
  }
  solution = get_solution(path);
  if (!solution) return EXIT_FAILURE;
  rc = ag_test_run(perfect_suite());
  ag_solution_free(solution);
  return rc;
}
