/* SPDX-License-Identifier: MIT */
/* Each side's share of wins in random play from the start of liubo_sticks:
 * 4000 playouts on 2 threads.  The totals depend on the seed alone, so one
 * thread gives the same figures. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <ancientgames.h>

int main(void)
{
  ag_game *g;
  ag_state *st;
  ag_playout_totals t, t1;
  int p;

  if (ag_game_new("liubo_sticks", &g) != AG_OK || ag_state_new(g, &st) != AG_OK)
    return 1;
  if (ag_state_playouts(st, 42, 4000, 0, 2, &t) != AG_OK ||
      ag_state_playouts(st, 42, 4000, 0, 1, &t1) != AG_OK) {
    fprintf(stderr, "%s\n", ag_errmsg());
    return 1;
  }
  for (p = 0; p < 2; p++)
    printf("player %d wins %" PRIu64 " of %" PRIu64 " (%.1f%%)\n", p, t.wins[p],
           t.playouts, 100.0 * (double)t.wins[p] / (double)t.playouts);
  printf("draws %" PRIu64 ", unfinished %" PRIu64 ", %.1f plies a game\n", t.draws,
         t.unfinished, (double)t.plies / (double)t.playouts);
  printf("the same on 1 thread: %s\n", memcmp(&t, &t1, sizeof t) == 0 ? "yes" : "no");
  ag_state_free(st);
  ag_game_free(g);
  return memcmp(&t, &t1, sizeof t) != 0;
}
