/* SPDX-License-Identifier: MIT */
/*
 * bench_ai.c -- figures of the computer players, printed, never asserted
 * (timings belong in benchmarks, not in tests).  Built on demand:
 *
 *   make tests/bench_ai
 *   tests/bench_ai time SPEC PARAMS [N]       time budget accuracy over N positions
 *   tests/bench_ai speed SPEC PARAMS [N]      work per second (iterations or nodes) of wall clock and of CPU
 *   tests/bench_ai judge FILE PARAMS [GAMES [HUNTERS FIRST SEAT]]
 *                                             against the perfect player of a
 *                                             solution file (ag-solve -o FILE), every
 *                                             historical start it answers (or only
 *                                             HUNTERS, FIRST 0 hunters 1 hare, SEAT
 *                                             0 hunters 1 hare; -1 for all)
 *
 * judge plays PARAMS as the hunters against the perfect hare and as the hare
 * against the perfect hunters, from the start with hunters=10..max and
 * first=hunters|hare, and counts how many of PARAMS' moves keep the solved
 * value (a won position stays won, a drawn one at least drawn); per start it
 * prints the mean length in turns, the worst game (the hunters' longest, the
 * hare's shortest), the mean over the start's solved distance (ratio) and
 * PARAMS' CPU milliseconds per move.  PARAMS
 * "perfect" plays the solution against itself (the reference line).  In the
 * environment, AG_BENCH_TRACE=1 prints each of PARAMS' moves with the solved
 * value/distance (in turns, for the side to move) before and after it and
 * the position; AG_BENCH_CAP=N plays with max_plies=N (quicker experiments);
 * AG_BENCH_SEED=S seeds the games S, S+1, ... instead of 1000, 1001, ...
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "ancientgames.h"

static double clock_ms(clockid_t id)
{
  struct timespec ts;
  clock_gettime(id, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static double now_ms(void) { return clock_ms(CLOCK_MONOTONIC); }

static void die(const char *what)
{
  fprintf(stderr, "bench_ai: %s: %s\n", what, ag_errmsg());
  exit(1);
}

/* Plays random plies until a decision node (or restarts a finished game). */
static void to_decision(ag_state *st, uint64_t *rng, int plies)
{
  int i;
  for (i = 0; i < plies || ag_state_current_player(st) < 0; i++) {
    int p = ag_state_current_player(st);
    ag_move m[2];
    if (p == AG_PLAYER_TERMINAL) { ag_state_reset(st); continue; }
    if (p == AG_PLAYER_SIMULTANEOUS) {
      if (ag_ai_choose_joint(st, "random", rng, m, 2) != AG_OK) die("joint");
      ag_state_apply_joint(st, m, 2);
    } else {
      if (ag_ai_choose(st, "random", rng, m) != AG_OK) die("random");
      ag_state_apply(st, m[0]);
    }
  }
}

/* Time budget: requested vs wall clock, over n positions of random games. */
static int bench_time(const char *spec, const char *params, int n, int speed)
{
  ag_game *g;
  ag_state *st;
  uint64_t rng = 7, ai_rng = 8;           /* the same positions whatever PARAMS */
  double sum = 0, worst = -1e9, best = 1e9, work = 0, ms = 0, cpu = 0;
  int i;
  if (ag_game_new(spec, &g) != AG_OK || ag_state_new(g, &st) != AG_OK) die(spec);
  for (i = 0; i < n; i++) {
    ag_analysis an;
    double t0, t, c0;
    an.size = sizeof an;
    to_decision(st, &rng, 3);
    c0 = clock_ms(CLOCK_PROCESS_CPUTIME_ID);
    t0 = now_ms();
    if (ag_ai_analyse(st, ag_state_current_player(st), params, &ai_rng, NULL, &an, NULL, 0, NULL,
                      0) != AG_OK)
      die(params);
    t = now_ms() - t0;
    cpu += clock_ms(CLOCK_PROCESS_CPUTIME_ID) - c0;
    sum += t;
    if (t > worst) worst = t;
    if (t < best) best = t;
    work += (double)an.work;
    ms += t;
  }
  if (speed)
    printf("%s %s: %.0f work units per second of wall clock, %.0f per second of CPU "
           "(%d searches, %.1f ms each, %.1f ms of CPU)\n", spec, params, work / (ms / 1000),
           work / (cpu / 1000), n, ms / n, cpu / n);
  else
    printf("%s %s: %d searches, wall clock mean %.2f ms, min %.2f, max %.2f\n", spec, params,
           n, sum / n, best, worst);
  ag_state_free(st);
  ag_game_free(g);
  return 0;
}

/* Value and turns for `mover' of the position after its move (as the
 * perfect player ranks moves). */
static void after(const ag_solution *sol, const ag_state *st, int mover, int *value)
{
  int winner = AG_PLAYER_NONE, v = 0, d = 0;
  if (ag_state_is_terminal(st) == 1) {
    int o = ag_state_outcome(st, &winner, NULL);
    *value = o == AG_OUTCOME_WIN ? (winner == mover ? 1 : -1) : 0;
    return;
  }
  if (ag_solution_probe(sol, st, &v, &d) != AG_OK) die("probe");
  *value = ag_state_current_player(st) == mover ? v : -v;
}

typedef struct tally { long moves, kept, won_pos, won_kept; double cpu; } tally;

/* One game: PARAMS plays side `seat', the solution the other.  Returns the
 * outcome for the AI (+1, 0, -1) and the number of turns played. */
static int judge_game(const ag_solution *sol, const char *spec, const char *params, int seat,
                      uint64_t seed, int *turns, int *plies, tally *t)
{
  ag_game *g;
  ag_state *st;
  uint64_t rng = seed;
  int winner = AG_PLAYER_NONE, o, r;
  if (ag_game_new(spec, &g) != AG_OK || ag_state_new(g, &st) != AG_OK) die(spec);
  *turns = 0;
  while (!ag_state_is_terminal(st)) {
    int p = ag_state_current_player(st), v0 = 0, d0 = 0, v1 = 0;
    ag_move m;
    if (p == seat) {
      double c0 = clock_ms(CLOCK_PROCESS_CPUTIME_ID);
      if (ag_solution_probe(sol, st, &v0, &d0) != AG_OK) die("probe");
      if (strcmp(params, "perfect") == 0 ? ag_ai_choose_solved(st, sol, &rng, &m) != AG_OK
                                         : ag_ai_choose(st, params, &rng, &m) != AG_OK)
        die(params);
      t->cpu += clock_ms(CLOCK_PROCESS_CPUTIME_ID) - c0;
      if (ag_state_apply(st, m) != AG_OK) die("apply");
      after(sol, st, p, &v1);
      t->moves++;
      t->kept += v1 >= v0;
      if (getenv("AG_BENCH_TRACE")) {
        char text[128] = "", mt[16] = "";
        int v2 = 0, d2 = 0;
        ag_state_to_text(st, text, sizeof text, NULL);
        ag_move_to_text(g, m, mt, sizeof mt, NULL);
        if (!ag_state_is_terminal(st)) ag_solution_probe(sol, st, &v2, &d2);
        printf("  ply %3d %-8s before %+d/%d after %+d/%d  %s\n", (int)ag_state_ply(st), mt, v0,
               d0, v2, d2, text);
      }
      if (v0 > 0) { t->won_pos++; t->won_kept += v1 > 0; }
    } else {
      if (ag_ai_choose_solved(st, sol, &rng, &m) != AG_OK) die("perfect");
      if (ag_state_apply(st, m) != AG_OK) die("apply");
    }
    if (ag_state_is_terminal(st) || ag_state_current_player(st) != p) (*turns)++;
  }
  *plies = (int)ag_state_ply(st);
  o = ag_state_outcome(st, &winner, NULL);
  r = o == AG_OUTCOME_WIN ? (winner == seat ? 1 : -1) : 0;
  ag_state_free(st);
  ag_game_free(g);
  return r;
}

static int bench_judge(const char *file, const char *params, int games, int only_h,
                       int only_first, int only_seat)
{
  ag_solution *sol;
  int chain = 1, maxh = 0, h, first, seat;
  tally t = {0, 0, 0, 0, 0};
  if (ag_solution_load(file, &sol) != AG_OK) die(file);
  ag_solution_variant(sol, &chain, &maxh);
  printf("%-34s %-8s %5s %5s %5s %8s %8s %8s %6s %6s %8s\n", "start", "ai as", "won", "drawn",
         "lost", "turns", "best", "plies", "worst", "ratio", "cpu ms");
  for (h = 10; h <= maxh; h++)
    for (first = 0; first < 2; first++)
      for (seat = 0; seat < 2; seat++) {
        char spec[96];
        if ((only_h >= 0 && h != only_h) || (only_first >= 0 && first != only_first) ||
            (only_seat >= 0 && seat != only_seat))
          continue;
        ag_game *g;
        ag_state *st;
        int k, res[3] = {0, 0, 0}, v = 0, d = 0, worst = 0;
        long moves0 = t.moves;
        double turns = 0, plies = 0, cpu0 = t.cpu;
        snprintf(spec, sizeof spec, "hare(hunters=%d,first=%s,chain=%d%s%s)", h,
                 first ? "hare" : "hunters", chain, getenv("AG_BENCH_CAP") ? ",max_plies=" : "",
                 getenv("AG_BENCH_CAP") ? getenv("AG_BENCH_CAP") : "");
        if (ag_game_new(spec, &g) != AG_OK || ag_state_new(g, &st) != AG_OK) die(spec);
        ag_solution_probe(sol, st, &v, &d);
        ag_state_free(st);
        ag_game_free(g);
        for (k = 0; k < games; k++) {
          uint64_t seed0 = getenv("AG_BENCH_SEED") ? strtoull(getenv("AG_BENCH_SEED"), NULL, 10)
                                                    : 1000;
          int tu, pl, r = judge_game(sol, spec, params, seat, seed0 + (uint64_t)k, &tu, &pl, &t);
          res[r + 1]++;
          turns += tu;
          /* the hunters' worst is their longest win, the hare's its shortest game */
          if (k == 0 || (seat == 0 ? tu > worst : tu < worst)) worst = tu;
          plies += pl;
        }
        printf("%-34s %-8s %5d %5d %5d %8.1f %8d %8.1f %6d %6.3f %8.1f\n", spec,
               seat ? "hare" : "hunters", res[2], res[1], res[0], turns / games, d, plies / games,
               worst, d ? turns / games / d : 0.0,
               (t.cpu - cpu0) / (double)(t.moves > moves0 ? t.moves - moves0 : 1));
        fflush(stdout);
      }
  printf("moves of %s: %ld, value kept %ld (%.2f%%); in won positions %ld, still won %ld "
         "(%.2f%%)\n", params, t.moves, t.kept, 100.0 * t.kept / (t.moves ? t.moves : 1),
         t.won_pos, t.won_kept, 100.0 * t.won_kept / (t.won_pos ? t.won_pos : 1));
  ag_solution_free(sol);
  return 0;
}

int main(int argc, char **argv)
{
  if (argc >= 4 && strcmp(argv[1], "time") == 0)
    return bench_time(argv[2], argv[3], argc > 4 ? atoi(argv[4]) : 20, 0);
  if (argc >= 4 && strcmp(argv[1], "speed") == 0)
    return bench_time(argv[2], argv[3], argc > 4 ? atoi(argv[4]) : 20, 1);
  if (argc >= 4 && strcmp(argv[1], "judge") == 0)
    return bench_judge(argv[2], argv[3], argc > 4 ? atoi(argv[4]) : 2,
                       argc > 5 ? atoi(argv[5]) : -1, argc > 6 ? atoi(argv[6]) : -1,
                       argc > 7 ? atoi(argv[7]) : -1);
  fprintf(stderr, "usage: bench_ai time|speed SPEC PARAMS [N] | judge FILE PARAMS [GAMES]\n");
  return 2;
}
