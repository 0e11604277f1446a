/* SPDX-License-Identifier: MIT */
/* The computer player (Monte Carlo tree search) against the random player in
 * the hare hunt; a seeded game is reproducible. */
#include <stdio.h>
#include <ancientgames.h>

int main(void)
{
  ag_game *g;
  ag_state *st;
  ag_move m;
  uint64_t rng = 2024;
  int winner, rc = AG_OK;

  if (ag_game_new("hare(hunters=10)", &g) != AG_OK ||
      ag_state_new(g, &st) != AG_OK)
    return 1;
  while (rc == AG_OK && !ag_state_is_terminal(st) && ag_state_ply(st) < 60) {
    /* the hunters (player 0) search, the hare plays at random */
    const char *who = ag_state_current_player(st) == 0
                          ? "mcts(iterations=200,rollout=20)" : "random";
    rc = ag_ai_choose(st, who, &rng, &m);
    if (rc == AG_OK)
      rc = ag_state_apply(st, m);
  }
  if (rc != AG_OK) {
    fprintf(stderr, "%s: %s\n", ag_strerror(rc), ag_errmsg());
    return 1;
  }
  ag_state_outcome(st, &winner, NULL);
  printf("%zu plies, winner: %s\n", ag_state_ply(st),
         winner >= 0 ? ag_game_player_name(g, winner) : "none");
  ag_state_free(st);
  ag_game_free(g);
  return 0;
}
