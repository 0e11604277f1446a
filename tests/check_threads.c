/* SPDX-License-Identifier: MIT */
/*
 * check_threads.c -- games and one solution shared by several threads.
 *
 * Each thread has its own states, RNG, playouts, computer-player choices
 * and failing calls, on games and a solution that all threads share (the
 * header says both are immutable and shareable).  Checked: every thread's
 * seeded game ends exactly as the same game played alone before the
 * threads started (no hidden shared state), and after each failing call the
 * thread's ag_errmsg() is the message of its own call (the message is
 * thread-local), whatever the other threads do meanwhile.
 *
 * `make check' runs it as it is (and under ASan in the sanitizer build);
 * `make check-tsan' builds it and the library with -fsanitize=thread (CI).
 * A plain program with TAP output: assertions run in the main thread, from
 * what the workers recorded.  It links the library's objects for the
 * internal solver hook (a small solution), see HACKING.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ancientgames.h"
#include "ai/hare_solver.h"

#define THREADS 4
#define ROUNDS 6

static const char *const specs[] = {"hare", "liubo_sticks", "liubo_fingers", "hare(chain=0)"};
#define NGAMES (sizeof specs / sizeof specs[0])

typedef struct shared {
  ag_game *games[NGAMES];
  ag_solution *sol;                 /* reduced variant (chain 1, threshold 3, 5 hunters) */
  char expect[NGAMES][THREADS * ROUNDS][512];   /* final texts, played alone */
} shared;

typedef struct worker {
  const shared *sh;
  pthread_barrier_t *barrier;
  int id;
  int failures;
  char first_failure[1200];
} worker;

static void fail(worker *w, const char *fmt, const char *a, const char *b)
{
  if (w->failures++ == 0) snprintf(w->first_failure, sizeof w->first_failure, fmt, a, b);
}

#define WCHECK(w, cond, what) \
  do { if (!(cond)) fail((w), "%s: %s", (what), ag_errmsg()); } while (0)

/* A seeded game of g: random and tiny-budget MCTS moves, a playout and a
 * clone on the way, undo of a few plies and replay; its final text goes to
 * out.  Returns 0 when a call failed. */
static int seeded_game(const ag_game *g, uint64_t seed, char *out, size_t cap)
{
  ag_state *st = NULL, *c = NULL;
  uint64_t rng = seed;
  int ply = 0, ok = 1;
  if (ag_state_new(g, &st) != AG_OK) return 0;
  while (ok && !ag_state_is_terminal(st) && ply < 60) {
    int p = ag_state_current_player(st);
    ag_move m[2];
    const char *who = ply % 5 == 0 ? "mcts(iterations=8,rollout=10)" : "random";
    if (p == AG_PLAYER_SIMULTANEOUS) {
      ok = ag_ai_choose_joint(st, who, &rng, m, 2) == AG_OK && ag_state_apply_joint(st, m, 2) == AG_OK;
    } else {
      ok = ag_ai_choose(st, who, &rng, m) == AG_OK && ag_state_apply(st, m[0]) == AG_OK;
    }
    if (ok && ply % 7 == 3) {
      size_t plies = 0;
      int winner = 0;
      ok = ag_state_playout(st, &rng, 30, &plies, &winner, NULL) >= 0 &&
           ag_state_clone(st, &c) == AG_OK && ag_state_equal(st, c) == 1 &&
           ag_state_undo(c) == AG_OK && ag_state_copy(st, c) == AG_OK;
      ag_state_free(c);
      c = NULL;
    }
    ply++;
  }
  ok = ok && ag_state_to_text(st, out, cap, NULL) == AG_OK;
  ag_state_free(st);
  return ok;
}

/* A failing call whose message names this thread's token. */
static void own_failures(worker *w, int round)
{
  char spec[64], token[32], text[64];
  ag_game *g = NULL;
  ag_state *st = NULL;
  ag_move m;
  int v, d;
  snprintf(token, sizeof token, "t%dr%dx", w->id, round);
  snprintf(spec, sizeof spec, "hare(first=%s)", token);
  WCHECK(w, ag_game_new(spec, &g) == AG_EPARSE, "bad spec accepted");
  if (!strstr(ag_errmsg(), token)) fail(w, "message '%s' is not for '%s'", ag_errmsg(), token);
  snprintf(spec, sizeof spec, "%s", token);
  WCHECK(w, ag_game_new(spec, &g) == AG_ENOTFOUND, "unknown game accepted");
  if (!strstr(ag_errmsg(), token)) fail(w, "message '%s' is not for '%s'", ag_errmsg(), token);
  /* a failing move parse on a shared game */
  snprintf(text, sizeof text, "zz%d%d", w->id, round);
  WCHECK(w, ag_move_from_text(w->sh->games[0], text, &m) == AG_EPARSE, "bad move text accepted");
  /* failing calls on the shared solution: their messages are generic, but
   * they must come back, each thread its own */
  WCHECK(w, ag_solution_lookup(w->sh->sol, 25 + w->id, 0, 0, &v, &d) == AG_EINVAL, "lookup");
  if (!strstr(ag_errmsg(), "ag_solution_lookup")) fail(w, "message '%s' %s", ag_errmsg(), "(lookup)");
  WCHECK(w, ag_state_new(w->sh->games[w->id % NGAMES], &st) == AG_OK, "state");
  WCHECK(w, ag_solution_probe(w->sh->sol, st, &v, &d) ==
                (w->id % NGAMES == 0 || w->id % NGAMES == 3 ? AG_EMISMATCH : AG_EINVAL), "probe");
  ag_state_free(st);
  /* a success does not clear the message */
  snprintf(spec, sizeof spec, "hare(first=%s)", token);
  WCHECK(w, ag_game_new(spec, &g) == AG_EPARSE, "bad spec accepted");
  WCHECK(w, ag_game_new("hare", &g) == AG_OK, "hare");
  ag_game_free(g);
  if (!strstr(ag_errmsg(), token)) fail(w, "message '%s' lost '%s' after a success", ag_errmsg(), token);
}

/* All threads at once, failing calls back to back: a message shared
 * between threads would soon show another thread's token. */
static void message_storm(worker *w)
{
  char spec[64], token[32];
  ag_game *g = NULL;
  int i;
  snprintf(token, sizeof token, "storm%d", w->id);
  snprintf(spec, sizeof spec, "hare(first=%s)", token);
  pthread_barrier_wait(w->barrier);
  for (i = 0; i < 20000; i++) {
    if (ag_game_new(spec, &g) != AG_EPARSE) { fail(w, "%s%s accepted", spec, ""); return; }
    if (!strstr(ag_errmsg(), token)) { fail(w, "message '%s' is not for '%s'", ag_errmsg(), token); return; }
  }
}

static void *work(void *arg)
{
  worker *w = arg;
  int round;
  size_t gi;
  message_storm(w);
  for (round = 0; round < ROUNDS; round++) {
    for (gi = 0; gi < NGAMES; gi++) {
      char text[512];
      int k = w->id * ROUNDS + round;
      if (!seeded_game(w->sh->games[gi], (uint64_t)k * 7919 + gi, text, sizeof text))
        fail(w, "seeded game of %s failed: %s", specs[gi], ag_errmsg());
      else if (strcmp(text, w->sh->expect[gi][k]) != 0)
        fail(w, "seeded game ended at '%s', alone at '%s'", text, w->sh->expect[gi][k]);
    }
    {
      uint64_t win, loss, draw;
      int lw, ll, v, d;
      WCHECK(w, ag_solution_stats(w->sh->sol, 5, round & 1, &win, &loss, &draw, &lw, &ll) == AG_OK,
             "stats");
      WCHECK(w, win + loss + draw == 25u * 42504u, "stats add up");
      WCHECK(w, ag_solution_lookup(w->sh->sol, 12, 0x7u | 1u << (w->id + 5), 1, &v, &d) == AG_OK,
             "lookup");
    }
    own_failures(w, round);
  }
  return NULL;
}

int main(void)
{
  static shared sh;
  worker w[THREADS];
  pthread_t t[THREADS];
  pthread_barrier_t barrier;
  size_t gi;
  int i, failed = 0;
  printf("1..2\n");
  for (gi = 0; gi < NGAMES; gi++)
    if (ag_game_new(specs[gi], &sh.games[gi]) != AG_OK) {
      printf("Bail out! %s: %s\n", specs[gi], ag_errmsg());
      return 1;
    }
  if (ag__hare_solve(1, 3, 5, 1, NULL, NULL, &sh.sol) != AG_OK) {
    printf("Bail out! solve: %s\n", ag_errmsg());
    return 1;
  }
  /* The seeded games alone first: what each thread must reproduce. */
  for (gi = 0; gi < NGAMES; gi++)
    for (i = 0; i < THREADS * ROUNDS; i++)
      if (!seeded_game(sh.games[gi], (uint64_t)i * 7919 + gi, sh.expect[gi][i], sizeof sh.expect[gi][i])) {
        printf("Bail out! seeded game alone: %s\n", ag_errmsg());
        return 1;
      }
  printf("ok 1 - %d seeded games of %zu games played alone\n", THREADS * ROUNDS, NGAMES);
  pthread_barrier_init(&barrier, NULL, THREADS);
  for (i = 0; i < THREADS; i++) {
    memset(&w[i], 0, sizeof w[i]);
    w[i].sh = &sh;
    w[i].id = i;
    w[i].barrier = &barrier;
    if (pthread_create(&t[i], NULL, work, &w[i]) != 0) {
      printf("Bail out! pthread_create\n");
      return 1;
    }
  }
  for (i = 0; i < THREADS; i++) pthread_join(t[i], NULL);
  pthread_barrier_destroy(&barrier);
  fflush(stdout);
  for (i = 0; i < THREADS; i++)
    if (w[i].failures) {
      fprintf(stderr, "thread %d: %d failures, first: %s\n", i, w[i].failures, w[i].first_failure);
      failed = 1;
    }
  fflush(stdout);
  printf("%s 2 - %d threads sharing %zu games and a solution: same games as alone, own messages\n",
         failed ? "not ok" : "ok", THREADS, NGAMES);
  for (gi = 0; gi < NGAMES; gi++) ag_game_free(sh.games[gi]);
  ag_solution_free(sh.sol);
  return failed;
}
