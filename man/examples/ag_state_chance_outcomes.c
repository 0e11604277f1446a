/* SPDX-License-Identifier: MIT */
/* The stick throws of liubo_sticks with their exact probabilities. */
#include <inttypes.h>
#include <stdio.h>
#include <ancientgames.h>

int main(void)
{
  ag_game *g;
  ag_state *st;
  ag_move moves[64], drawn;
  uint32_t weights[64], total;
  uint64_t rng = 1;
  size_t n, i;
  char text[16];

  if (ag_game_new("liubo_sticks", &g) != AG_OK || ag_state_new(g, &st) != AG_OK)
    return 1;
  if (ag_state_current_player(st) != AG_PLAYER_CHANCE ||
      ag_state_chance_outcomes(st, moves, weights, 64, &n, &total) != AG_OK) {
    fprintf(stderr, "%s\n", ag_errmsg());
    return 1;
  }
  for (i = 0; i < n; i++) {
    ag_move_to_text(g, moves[i], text, sizeof text, NULL);
    printf("%-5s %2" PRIu32 "/%" PRIu32 "\n", text, weights[i], total);
  }
  ag_state_sample_chance(st, &rng, &drawn);     /* the state is not changed */
  ag_move_to_text(g, drawn, text, sizeof text, NULL);
  printf("drawn with seed 1: %s\n", text);
  ag_state_free(st);
  ag_game_free(g);
  return 0;
}
