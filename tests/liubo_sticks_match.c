/* SPDX-License-Identifier: MIT */
/*
 * liubo_sticks_match.c -- duplicate-throw matches between two computer
 * players of liubo_sticks, as backgammon players measure strength: each pair
 * of games replays one throw sequence (the k-th throw of both games is the
 * same) with the seats swapped, so the luck of the throws cancels and only the
 * players' differences remain.  Prints the score of player A (win 1, draw 1/2)
 * with the 95% interval of the pair means (normal approximation), the share
 * of won pairs, and the CPU time per decision of each player (mean and most).
 *
 *   tests/liubo_sticks_match [-g SPEC] [-n PAIRS] [-s SEED] [--min-score X] [-q] [-v] A B
 *
 * -v prints each game's result and final position (to see where games are lost).
 *
 * --min-score X exits 1 when A's mean score is below X (make check's floor
 * test, tests/check-liubo-sticks-floor.sh).  Pair i uses the throw stream and
 * player streams seeded from SEED + i, so any pair can be replayed alone.
 */
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "ancientgames.h"

static double cpu_ms(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static void die(const char *what)
{
  fprintf(stderr, "liubo_sticks_match: %s: %s\n", what, ag_errmsg());
  exit(2);
}

typedef struct side_stats {
  double ms, max_ms;
  long decisions;
} side_stats;

/* Plays one game, player A in seat `a_seat', throws from *throws; returns A's
 * score (1, 1/2, 0). */
static double play(const ag_game *g, const char *const spec[2], int a_seat, uint64_t *throws,
                   uint64_t seed, side_stats st[2], int verbose)
{
  ag_state *s;
  char text[512];
  size_t len;
  uint64_t rng[2] = {seed * 2 + 1, seed * 2 + 2};
  int cur, winner = AG_PLAYER_NONE, outcome;
  if (ag_state_new(g, &s) != AG_OK) die("state");
  while ((cur = ag_state_current_player(s)) != AG_PLAYER_TERMINAL) {
    ag_move m;
    if (cur == AG_PLAYER_CHANCE) {
      if (ag_ai_choose(s, "random", throws, &m) != AG_OK) die("throw");
    } else {
      int who = cur == a_seat ? 0 : 1;
      double t0 = cpu_ms();
      if (ag_ai_choose(s, spec[who], &rng[who], &m) != AG_OK) die(spec[who]);
      t0 = cpu_ms() - t0;
      st[who].ms += t0;
      if (t0 > st[who].max_ms) st[who].max_ms = t0;
      st[who].decisions++;
    }
    if (ag_state_apply(s, m) != AG_OK) die("apply");
  }
  outcome = ag_state_outcome(s, &winner, NULL);
  if (verbose && ag_state_to_text(s, text, sizeof text, &len) == AG_OK)
    fprintf(stderr, "pair %llu, A in seat %d: %s: %s\n", (unsigned long long)seed, a_seat,
            outcome != AG_OUTCOME_WIN ? "draw" : winner == a_seat ? "A won" : "A lost", text);
  ag_state_free(s);
  if (outcome != AG_OUTCOME_WIN) return 0.5;
  return winner == a_seat ? 1.0 : 0.0;
}

static void usage(FILE *f)
{
  fprintf(f, "usage: liubo_sticks_match [-g SPEC] [-n PAIRS] [-s SEED] [--min-score X] [-q] [-v] A B\n"
             "  Duplicate-throw match of player A against player B (ag_ai_choose specs).\n");
}

int main(int argc, char **argv)
{
  static const struct option opts[] = {
    {"game", required_argument, NULL, 'g'}, {"pairs", required_argument, NULL, 'n'},
    {"seed", required_argument, NULL, 's'}, {"min-score", required_argument, NULL, 'm'},
    {"quiet", no_argument, NULL, 'q'},      {"help", no_argument, NULL, 'h'},
    {"verbose", no_argument, NULL, 'v'},
    {NULL, 0, NULL, 0}};
  const char *game = "liubo_sticks(max_turns=400)", *spec[2];
  long pairs = 100, i, won = 0, lost = 0;
  unsigned long long seed = 1;
  double min_score = -1, sum = 0, sum2 = 0, mean, sd, half;
  int c, quiet = 0, verbose = 0;
  side_stats st[2] = {{0, 0, 0}, {0, 0, 0}};
  ag_game *g;
  while ((c = getopt_long(argc, argv, "g:n:s:qvh", opts, NULL)) != -1) {
    char *end = NULL;
    switch (c) {
    case 'g': game = optarg; break;
    case 'n': pairs = strtol(optarg, &end, 10); if (*end || pairs < 1) { usage(stderr); return 2; } break;
    case 's': seed = strtoull(optarg, &end, 10); if (*end) { usage(stderr); return 2; } break;
    case 'm': min_score = strtod(optarg, &end); if (*end) { usage(stderr); return 2; } break;
    case 'q': quiet = 1; break;
    case 'v': verbose = 1; break;
    case 'h': usage(stdout); return 0;
    default: usage(stderr); return 2;
    }
  }
  if (argc - optind != 2) {
    usage(stderr);
    return 2;
  }
  spec[0] = argv[optind];
  spec[1] = argv[optind + 1];
  if (ag_game_new(game, &g) != AG_OK) die(game);
  for (i = 0; i < pairs; i++) {
    uint64_t base = seed + (uint64_t)i, t0 = base * 0x9E3779B97F4A7C15ull, t1 = t0;
    double x = (play(g, spec, 0, &t0, base, st, verbose) + play(g, spec, 1, &t1, base, st, verbose)) / 2;
    sum += x, sum2 += x * x;
    won += x > 0.5, lost += x < 0.5;
    if (!quiet && (i + 1) % 100 == 0)
      fprintf(stderr, "%ld pairs: %.4f\n", i + 1, sum / (double)(i + 1));
  }
  mean = sum / (double)pairs;
  sd = pairs > 1 ? sqrt((sum2 - sum * sum / (double)pairs) / (double)(pairs - 1)) : 0;
  half = 1.96 * sd / sqrt((double)pairs);
  printf("%s vs %s on %s: %ld pairs (%ld games), score %.4f [%.4f, %.4f], pairs won %ld "
         "lost %ld split %ld; CPU ms/decision %.3f vs %.3f (max %.1f vs %.1f)\n",
         spec[0], spec[1], game, pairs, 2 * pairs, mean, mean - half, mean + half, won, lost,
         pairs - won - lost, st[0].decisions ? st[0].ms / (double)st[0].decisions : 0,
         st[1].decisions ? st[1].ms / (double)st[1].decisions : 0, st[0].max_ms, st[1].max_ms);
  ag_game_free(g);
  if (min_score >= 0 && mean < min_score) {
    fprintf(stderr, "liubo_sticks_match: score %.4f below the floor %.4f\n", mean, min_score);
    return 1;
  }
  return 0;
}
