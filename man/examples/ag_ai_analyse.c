/* SPDX-License-Identifier: MIT */
/* A hint for the player to move: the computer player's choice, its value,
 * the line it expects and its view of every move. */
#include <stdio.h>
#include <ancientgames.h>

int main(void)
{
  ag_game *g;
  ag_state *st;
  ag_analysis an = AG_ANALYSIS_INIT;            /* the size set, the rest zero */
  ag_move line[8];
  ag_move_stat moves[64];
  uint64_t rng = 5;
  char text[32];
  size_t i;
  int player, rc;

  if (ag_game_new("hare(hunters=10)", &g) != AG_OK || ag_state_new(g, &st) != AG_OK)
    return 1;
  player = ag_state_current_player(st);
  rc = ag_ai_analyse(st, player, "ai(nodes=20000)", &rng, NULL, &an,
                     line, 8, moves, 64);
  if (rc != AG_OK) {
    fprintf(stderr, "%s: %s\n", ag_strerror(rc), ag_errmsg());
    return 1;
  }
  ag_move_to_text(g, an.best, text, sizeof text, NULL);
  printf("%s: play %s, score %.2f, depth %d\nline:", ag_game_player_name(g, player),
         text, an.value, an.depth);
  for (i = 0; i < an.line_len && i < 8; i++) {
    ag_move_to_text(g, line[i], text, sizeof text, NULL);
    printf(" %s", text);
  }
  printf("\n");
  for (i = 0; i < an.num_moves && i < 64; i++) {
    ag_move_to_text(g, moves[i].move, text, sizeof text, NULL);
    if (moves[i].value < 0)                     /* alphabeta: only known worse */
      printf("  %-6s worse\n", text);
    else
      printf("  %-6s played %3.0f%%, score %.2f\n", text, 100 * moves[i].share,
             moves[i].value);
  }
  ag_state_free(st);
  ag_game_free(g);
  return 0;
}
