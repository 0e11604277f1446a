/* SPDX-License-Identifier: MIT */
/* Open a saved game of any game, as an "Open..." menu does: the record says
 * which game it is; the state comes back with its whole history. */
#include <stdio.h>
#include <ancientgames.h>

int main(void)
{
  const char *saved =
      "[Game \"liubo_fingers\"]\n"
      "[Result \"*\"]\n"
      "[Event \"tea house\"]   ; a comment: [Game \"hare\"] is not read here\n"
      "\n"
      "1. 4/9 1/8\n";
  ag_game *g;
  ag_state *st;
  char event[64];
  int rc;

  rc = ag_state_new_from_record(saved, &g, &st);
  if (rc != AG_OK) {
    fprintf(stderr, "%s: %s\n", ag_strerror(rc), ag_errmsg());
    return 1;
  }
  if (ag_state_tag(st, "Event", event, sizeof event, NULL) != AG_OK)
    event[0] = '\0';
  printf("%s at ply %zu (%s)\n", ag_game_spec(g), ag_state_ply(st), event);
  while (ag_state_undo(st) == AG_OK)       /* the history came with it */
    ;
  printf("undone to ply %zu\n", ag_state_ply(st));
  ag_state_free(st);
  ag_game_free(g);
  return 0;
}
