/* SPDX-License-Identifier: MIT */
/* Draw the hare hunt after one move as SVG: ask for the size, allocate, draw. */
#include <stdio.h>
#include <stdlib.h>
#include <ancientgames.h>

int main(void)
{
  ag_game *g;
  ag_state *st;
  ag_move m;
  char *svg;
  size_t len;

  if (ag_game_new("hare", &g) != AG_OK || ag_state_new(g, &st) != AG_OK)
    return 1;
  if (ag_move_from_text(g, "c2-c3", &m) != AG_OK || ag_state_apply(st, m) != AG_OK)
    return 1;
  ag_state_svg(st, 0, NULL, 0, &len);   /* AG_EBUFS: len is the size needed */
  svg = malloc(len + 1);
  if (!svg || ag_state_svg(st, 0, svg, len + 1, NULL) != AG_OK)
    return 1;
  printf("%zu bytes: %.60s...\n", len, svg);
  free(svg);
  ag_state_free(st);
  ag_game_free(g);
  return 0;
}
