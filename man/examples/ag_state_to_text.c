/* SPDX-License-Identifier: MIT */
/* Write a position as text, read it back, and see a malformed text refused
 * with the state left as it was. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ancientgames.h>

int main(void)
{
  ag_game *g;
  ag_state *st;
  char *text, *again;
  size_t cap, len;
  int rc;

  if (ag_game_new("hare", &g) != AG_OK || ag_state_new(g, &st) != AG_OK)
    return 1;
  cap = ag_game_limit(g, AG_LIMIT_POSITION_TEXT);  /* NUL included */
  text = malloc(cap);
  again = malloc(cap);
  if (!text || !again)
    return 1;
  ag_state_to_text(st, text, cap, &len);
  printf("start (%zu bytes): %s\n", len, text);

  rc = ag_state_set_text(st, "..O../...../X...X/XXXXX/XXXXX O - 7");
  printf("set_text: %s\n", ag_strerror(rc));
  ag_state_to_text(st, again, cap, NULL);
  printf("now: %s\n", again);

  rc = ag_state_set_text(st, "not a position");
  printf("set_text: %s: %s\n", ag_strerror(rc), ag_errmsg());
  ag_state_to_text(st, text, cap, NULL);
  printf("unchanged: %s\n", strcmp(text, again) == 0 ? "yes" : "no");
  free(text);
  free(again);
  ag_state_free(st);
  ag_game_free(g);
  return 0;
}
