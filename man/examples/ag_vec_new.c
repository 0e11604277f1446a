/* SPDX-License-Identifier: MIT */
/* 256 games of liubo with throwing sticks stepped together with random actions
 * until 1000 of them have ended (the lanes restart on their own), counting the
 * wins of each side. */
#include <stdio.h>
#include <stdlib.h>
#include <ancientgames.h>

int main(void)
{
  enum { LANES = 256 };
  ag_game *g;
  ag_vec *v;
  int32_t *actions = malloc(2 * LANES * sizeof *actions);
  float *rewards = malloc(2 * LANES * sizeof *rewards);
  unsigned char done[LANES];
  long ended = 0, wins[2] = {0, 0}, capped = 0;
  size_t i;

  if (!actions || !rewards || ag_game_new("liubo_sticks", &g) != AG_OK) return 1;
  if (ag_vec_new(g, LANES, 42, AG_VEC_AUTORESET, &v) != AG_OK) {
    fprintf(stderr, "%s\n", ag_errmsg());
    return 1;
  }
  while (ended < 1000) {
    if (ag_vec_random_actions(v, actions) != AG_OK ||
        ag_vec_step(v, actions, rewards, done, 1) != AG_OK) {
      fprintf(stderr, "%s\n", ag_errmsg());
      return 1;
    }
    for (i = 0; i < LANES; i++) {
      if (!done[i]) continue;
      ended++;
      if (done[i] == 2) capped++;
      else if (rewards[2 * i] > 0) wins[0]++;
      else if (rewards[2 * i + 1] > 0) wins[1]++;
    }
  }
  printf("%ld games: %s won %ld, %s won %ld, %ld reached the cap\n", ended,
         ag_game_player_name(g, 0), wins[0], ag_game_player_name(g, 1), wins[1], capped);
  ag_vec_free(v);
  ag_game_free(g);
  free(actions);
  free(rewards);
  return 0;
}
