/* SPDX-License-Identifier: MIT */
/* Create a state, play a move, copy it, and start again. */
#include <stdio.h>
#include <ancientgames.h>

int main(void)
{
  ag_game *g;
  ag_state *st, *copy;
  ag_move m;
  char text[128];

  if (ag_game_new("hare", &g) != AG_OK || ag_state_new(g, &st) != AG_OK) {
    fprintf(stderr, "%s\n", ag_errmsg());
    return 1;
  }
  if (ag_move_from_text(g, "a3-a4", &m) != AG_OK ||
      ag_state_apply(st, m) != AG_OK ||
      ag_state_clone(st, &copy) != AG_OK) {
    fprintf(stderr, "%s\n", ag_errmsg());
    return 1;
  }
  ag_state_reset(st);                 /* back to the start; copy is separate */
  ag_state_to_text(st, text, sizeof text, NULL);
  printf("reset: %s (ply %zu)\n", text, ag_state_ply(st));
  ag_state_to_text(copy, text, sizeof text, NULL);
  printf("copy:  %s (ply %zu)\n", text, ag_state_ply(copy));

  ag_state_free(copy);                /* every state before its game */
  ag_state_free(st);
  ag_game_free(g);
  return 0;
}
