/* SPDX-License-Identifier: MIT */
/* List the built-in games, create one from a spec, and show a bad spec's error. */
#include <stdio.h>
#include <ancientgames.h>

int main(void)
{
  ag_game *g;
  size_t i;
  int rc;

  for (i = 0; i < ag_game_count(); i++)
    printf("game %zu: %s\n", i, ag_game_name_at(i));

  if (ag_game_new("hare(hunters=11)", &g) != AG_OK) {
    fprintf(stderr, "%s\n", ag_errmsg());
    return 1;
  }
  printf("spec: %s\n", ag_game_spec(g));      /* every option, canonical */
  printf("players: %s, %s\n", ag_game_player_name(g, 0),
         ag_game_player_name(g, 1));
  ag_game_free(g);

  rc = ag_game_new("hare(hunters=13)", &g);   /* a value out of range */
  printf("%s: %s\n", ag_strerror(rc), ag_errmsg());
  return rc == AG_EPARSE && g == NULL ? 0 : 1;
}
