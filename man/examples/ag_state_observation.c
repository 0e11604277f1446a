/* SPDX-License-Identifier: MIT */
/* The observation tensor of the hare hunt's first position: its shape, and
 * per plane its name and the sum of its values. */
#include <stdio.h>
#include <stdlib.h>
#include <ancientgames.h>

int main(void)
{
  ag_game *g;
  ag_state *st;
  size_t planes, nodes, len, p, v;
  float *obs;

  if (ag_game_new("hare", &g) != AG_OK || ag_state_new(g, &st) != AG_OK ||
      ag_game_observation_shape(g, &planes, &nodes) != AG_OK)
    return 1;
  printf("%zu planes of %zu nodes\n", planes, nodes);
  obs = malloc(planes * nodes * sizeof *obs);
  if (!obs || ag_state_observation(st, obs, planes * nodes, &len) != AG_OK)
    return 1;
  for (p = 0; p < planes; p++) {
    float sum = 0;
    for (v = 0; v < nodes; v++) sum += obs[p * nodes + v];   /* plane-major */
    printf("%-22s %g\n", ag_game_observation_plane(g, p), sum);
  }
  free(obs);
  ag_state_free(st);
  ag_game_free(g);
  return 0;
}
