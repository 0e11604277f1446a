/* SPDX-License-Identifier: MIT */
/* Play a seeded random game of any game: decision, chance and simultaneous
 * (joint) nodes, then undo the last ply. */
#include <stdio.h>
#include <ancientgames.h>

static ag_move pick(ag_state *st, int player, uint64_t *rng)
{
  ag_move moves[512];
  size_t n;
  if (ag_state_legal_moves(st, player, moves, 512, &n) != AG_OK || n == 0)
    return AG_MOVE_NONE;
  return moves[ag_rng_below(rng, n)];
}

int main(int argc, char **argv)
{
  const char *spec = argc > 1 ? argv[1] : "liubo_fingers";
  ag_game *g;
  ag_state *st;
  uint64_t rng = 7;
  int p, rc = AG_OK, winner, reason;

  if (ag_game_new(spec, &g) != AG_OK || ag_state_new(g, &st) != AG_OK) {
    fprintf(stderr, "%s\n", ag_errmsg());
    return 1;
  }
  while (rc == AG_OK && !ag_state_is_terminal(st)) {
    p = ag_state_current_player(st);
    if (p == AG_PLAYER_SIMULTANEOUS) {          /* both choose at once */
      ag_move joint[2];
      joint[0] = pick(st, 0, &rng);
      joint[1] = pick(st, 1, &rng);
      rc = ag_state_apply_joint(st, joint, 2);
    } else if (p == AG_PLAYER_CHANCE) {         /* a throw, by weight */
      ag_move m;
      rc = ag_state_sample_chance(st, &rng, &m);
      if (rc == AG_OK)
        rc = ag_state_apply(st, m);
    } else {
      rc = ag_state_apply(st, pick(st, p, &rng));
    }
  }
  if (rc != AG_OK) {
    fprintf(stderr, "%s: %s\n", ag_strerror(rc), ag_errmsg());
    return 1;
  }
  printf("%s: %zu plies, outcome %d", spec, ag_state_ply(st),
         ag_state_outcome(st, &winner, &reason));
  printf(" (winner %d, reason %d)\n", winner, reason);
  if (ag_state_undo(st) == AG_OK)
    printf("undone: ply %zu\n", ag_state_ply(st));
  ag_state_free(st);
  ag_game_free(g);
  return 0;
}
