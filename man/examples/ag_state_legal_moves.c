/* SPDX-License-Identifier: MIT */
/* List the legal moves of the hare hunt's first position, with their text,
 * asking the library for the buffer size first. */
#include <stdio.h>
#include <stdlib.h>
#include <ancientgames.h>

int main(void)
{
  ag_game *g;
  ag_state *st;
  ag_move *moves;
  size_t n, i;
  char text[32];
  int player;

  if (ag_game_new("hare", &g) != AG_OK || ag_state_new(g, &st) != AG_OK)
    return 1;
  player = ag_state_current_player(st);
  /* NULL with capacity 0 asks for the count (AG_EBUFS, n set). */
  if (ag_state_legal_moves(st, player, NULL, 0, &n) != AG_EBUFS)
    return 1;
  moves = malloc(n * sizeof *moves);
  if (!moves || ag_state_legal_moves(st, player, moves, n, &n) != AG_OK)
    return 1;
  printf("%s to move, %zu moves:", ag_game_player_name(g, player), n);
  for (i = 0; i < n; i++) {
    ag_move_to_text(g, moves[i], text, sizeof text, NULL);
    printf(" %s", text);
  }
  printf("\n");
  free(moves);
  ag_state_free(st);
  ag_game_free(g);
  return 0;
}
