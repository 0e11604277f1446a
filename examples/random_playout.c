/* SPDX-License-Identifier: MIT */
/*
 * random_playout -- the smallest complete program: plays one seeded random
 * game of any built-in game through the public API and prints its moves.
 *
 *   random_playout [SEED] [SPEC]
 *
 * Build it against an installed library with
 *   cc random_playout.c $(pkg-config --cflags --libs liboldgames)
 */
#include <stdio.h>
#include <stdlib.h>
#include <ancientgames.h>

int main(int argc, char **argv)
{
  uint64_t rng = argc > 1 ? strtoull(argv[1], NULL, 10) : 42;
  const char *spec = argc > 2 ? argv[2] : "hare";
  ag_game *g;
  ag_state *st;
  ag_move mv[512], m, joint[2];
  char text[64];
  size_t n;
  int p, q, winner, reason;

  if (ag_game_new(spec, &g) != AG_OK || ag_state_new(g, &st) != AG_OK) {
    fprintf(stderr, "random_playout: %s\n", ag_errmsg());
    return 1;
  }
  while ((p = ag_state_current_player(st)) != AG_PLAYER_TERMINAL) {
    if (p == AG_PLAYER_SIMULTANEOUS) {
      for (q = 0; q < 2; q++) {
        ag_state_legal_moves(st, q, mv, 512, &n);
        joint[q] = mv[ag_rng_below(&rng, n)];
      }
      if (ag_state_apply_joint(st, joint, 2) != AG_OK) break;
      continue;
    }
    if (p == AG_PLAYER_CHANCE) ag_state_sample_chance(st, &rng, &m);
    else {
      ag_state_legal_moves(st, p, mv, 512, &n);
      m = mv[ag_rng_below(&rng, n)];
    }
    ag_move_to_text(g, m, text, sizeof text, NULL);
    printf("%s ", text);
    if (ag_state_apply(st, m) != AG_OK) break;
  }
  ag_state_outcome(st, &winner, &reason);
  printf("\nplies %zu winner %d reason %d\n", ag_state_ply(st), winner, reason);
  ag_state_free(st);
  ag_game_free(g);
  return 0;
}
