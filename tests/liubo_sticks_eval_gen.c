/* SPDX-License-Identifier: MIT */
/*
 * liubo_sticks_eval_gen.c -- training data for liubo_sticks' evaluation
 * (lib/ai/liubo_sticks_search.c): plays games of a player against itself,
 * with a share of random sub-moves for variety, and prints one line per
 * throw position: the result for the side to throw (1 win, 0.5 draw, 0
 * loss) and the evaluation's features (the internal hook
 * ag__liubo_sticks_features).  tests/liubo_sticks_eval_fit.py fits the
 * weights to these lines (recipe in HACKING).  Built on demand:
 *
 *   make tests/liubo_sticks_eval_gen
 *   tests/liubo_sticks_eval_gen [-n GAMES] [-s SEED] [-e RANDOM_SHARE] [-p PLAYER] > data.txt
 */
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ancientgames.h"
#include "ai/ai_common.h"

enum { MAX_ROWS = 4096, NF_MAX = 64 };   /* NF_MAX: at least LSS_NF (31) */

static void die(const char *what)
{
  fprintf(stderr, "liubo_sticks_eval_gen: %s: %s\n", what, ag_errmsg());
  exit(2);
}

int main(int argc, char **argv)
{
  static const struct option opts[] = {
    {"games", required_argument, NULL, 'n'}, {"seed", required_argument, NULL, 's'},
    {"random", required_argument, NULL, 'e'}, {"player", required_argument, NULL, 'p'},
    {NULL, 0, NULL, 0}};
  static double rows[MAX_ROWS][NF_MAX];
  static int mover[MAX_ROWS];
  const char *player = "expectimax(depth=1)";
  long games = 100, gi;
  unsigned long long seed = 1;
  double eps = 0.1;
  int c, nf = 0;
  ag_game *g;
  while ((c = getopt_long(argc, argv, "n:s:e:p:", opts, NULL)) != -1) {
    switch (c) {
    case 'n': games = atol(optarg); break;
    case 's': seed = strtoull(optarg, NULL, 10); break;
    case 'e': eps = atof(optarg); break;
    case 'p': player = optarg; break;
    default: fprintf(stderr, "usage: liubo_sticks_eval_gen [-n GAMES] [-s SEED] [-e SHARE] [-p PLAYER]\n"); return 2;
    }
  }
  if (ag_game_new("liubo_sticks(max_turns=400)", &g) != AG_OK) die("game");
  for (gi = 0; gi < games; gi++) {
    uint64_t rng = (seed + (uint64_t)gi) * 0x9E3779B97F4A7C15ull;
    ag_state *st;
    int n = 0, cur, winner = AG_PLAYER_NONE, out, i, k;
    if (ag_state_new(g, &st) != AG_OK) die("state");
    while ((cur = ag_state_current_player(st)) != AG_PLAYER_TERMINAL) {
      ag_move m;
      if (cur == AG_PLAYER_CHANCE) {
        if (n < MAX_ROWS && (nf = ag__liubo_sticks_features(st, rows[n])) > 0) mover[n++] = -1;
        if (ag_ai_choose(st, "random", &rng, &m) != AG_OK) die("throw");
      } else {
        if (n > 0 && mover[n - 1] < 0) mover[n - 1] = cur;
        int rnd = (double)(ag_rng_next(&rng) >> 11) / 9007199254740992.0 < eps;
        if (ag_ai_choose(st, rnd ? "random" : player, &rng, &m) != AG_OK) die(player);
      }
      if (ag_state_apply(st, m) != AG_OK) die("apply");
    }
    out = ag_state_outcome(st, &winner, NULL);
    for (i = 0; i < n; i++) {
      double y = out != AG_OUTCOME_WIN ? 0.5 : winner == mover[i] ? 1.0 : 0.0;
      printf("%g", y);
      for (k = 0; k < nf; k++) printf(" %.6g", rows[i][k]);
      putchar('\n');
    }
    ag_state_free(st);
  }
  ag_game_free(g);
  return 0;
}
