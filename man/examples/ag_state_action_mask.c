/* SPDX-License-Identifier: MIT */
/* The legal action mask of the player to move at the start of liubo_sticks
 * (a chance node: the throw), then after a throw; the mask's size is asked
 * for first. */
#include <stdio.h>
#include <stdlib.h>
#include <ancientgames.h>

/* Prints the legal actions of the player to act (chance included), each
 * with its move's text. */
static int print_mask(const ag_game *g, const ag_state *st)
{
  unsigned char *mask;
  size_t n, a, legal = 0;
  int player = ag_state_current_player(st);
  ag_move m;
  char text[32];

  /* NULL with capacity 0 asks for the size: ag_game_num_actions(). */
  if (ag_state_action_mask(st, player, NULL, 0, &n) != AG_EBUFS)
    return -1;
  mask = malloc(n);
  if (!mask || ag_state_action_mask(st, player, mask, n, &n) != AG_OK)
    return -1;
  printf("player %d, %zu actions, legal:", player, n);
  for (a = 0; a < n; a++)
    if (mask[a]) {
      if (ag_game_action_move(g, a, &m) != AG_OK) return -1;
      ag_move_to_text(g, m, text, sizeof text, NULL);
      printf(" %zu=%s", a, text);
      legal++;
    }
  printf(" (%zu)\n", legal);
  free(mask);
  return 0;
}

int main(void)
{
  ag_game *g;
  ag_state *st;
  ag_move throw;
  uint64_t rng = 1;

  if (ag_game_new("liubo_sticks", &g) != AG_OK || ag_state_new(g, &st) != AG_OK)
    return 1;
  if (print_mask(g, st) != 0 || ag_state_sample_chance(st, &rng, &throw) != AG_OK ||
      ag_state_apply(st, throw) != AG_OK || print_mask(g, st) != 0)
    return 1;
  ag_state_free(st);
  ag_game_free(g);
  return 0;
}
