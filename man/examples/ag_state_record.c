/* SPDX-License-Identifier: MIT */
/* Write a game record with a tag of the program's, then replay it into a
 * fresh state and walk back to the start. */
#include <stdio.h>
#include <stdlib.h>
#include <ancientgames.h>

int main(void)
{
  ag_game *g;
  ag_state *st, *replay;
  const char *moves[] = {"a3-a4", "c3-c4", "b2-b3"};
  char *text, value[64];
  size_t i, len;
  ag_move m;

  if (ag_game_new("hare(hunters=11)", &g) != AG_OK ||
      ag_state_new(g, &st) != AG_OK || ag_state_new(g, &replay) != AG_OK)
    return 1;
  for (i = 0; i < 3; i++)
    if (ag_move_from_text(g, moves[i], &m) != AG_OK ||
        ag_state_apply(st, m) != AG_OK) {
      fprintf(stderr, "%s: %s\n", moves[i], ag_errmsg());
      return 1;
    }
  ag_state_set_tag(st, "Event", "club night");

  /* Ask for the size, then write the record. */
  if (ag_state_record(st, NULL, 0, &len) != AG_EBUFS || !(text = malloc(len + 1)))
    return 1;
  ag_state_record(st, text, len + 1, NULL);
  fputs(text, stdout);

  if (ag_state_set_record(replay, text) != AG_OK) {
    fprintf(stderr, "%s\n", ag_errmsg());
    return 1;
  }
  ag_state_tag(replay, "Event", value, sizeof value, NULL);
  printf("replayed %zu plies of \"%s\"", ag_state_ply(replay), value);
  while (ag_state_undo(replay) == AG_OK)
    ;
  printf(", undone to ply %zu\n", ag_state_ply(replay));
  free(text);
  ag_state_free(replay);
  ag_state_free(st);
  ag_game_free(g);
  return 0;
}
