/* SPDX-License-Identifier: MIT */
/* Number the moves of the hare hunt as actions: the count, the legal moves
 * of the first position with their actions, and back from action to move. */
#include <stdio.h>
#include <ancientgames.h>

int main(void)
{
  ag_game *g;
  ag_state *st;
  ag_move moves[64], back;
  size_t n, i, action;
  char text[32];

  if (ag_game_new("hare", &g) != AG_OK || ag_state_new(g, &st) != AG_OK)
    return 1;
  printf("%zu actions\n", ag_game_num_actions(g));
  if (ag_state_legal_moves(st, ag_state_current_player(st), moves, 64, &n) != AG_OK)
    return 1;
  for (i = 0; i < n; i++) {
    /* Every move a game can make has an action, and the action its move. */
    if (ag_game_move_action(g, moves[i], &action) != AG_OK ||
        ag_game_action_move(g, action, &back) != AG_OK || back != moves[i])
      return 1;
    ag_move_to_text(g, moves[i], text, sizeof text, NULL);
    printf("%s=%zu%s", text, action, i + 1 < n ? " " : "\n");
  }
  ag_state_free(st);
  ag_game_free(g);
  return 0;
}
