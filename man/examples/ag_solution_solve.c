/* SPDX-License-Identifier: MIT */
/* Solve the 10-hunter hare hunt (about 100 s and 190 MB) or load the
 * solution from FILE when it exists, then ask for the value of the start.
 * Usage: prog FILE */
#include <stdio.h>
#include <ancientgames.h>

static void progress(void *user, int hunters, int level, uint64_t resolved,
                     uint64_t total)
{
  (void)user;
  fprintf(stderr, "%d hunters, level %d: %llu of %llu\r", hunters, level,
          (unsigned long long)resolved, (unsigned long long)total);
}

int main(int argc, char **argv)
{
  ag_game *g;
  ag_state *st;
  ag_solution *sol;
  int rc, value, distance;

  if (argc != 2) {
    fprintf(stderr, "usage: %s FILE\n", argv[0]);
    return 2;
  }
  if (ag_game_new("hare(hunters=10)", &g) != AG_OK ||
      ag_state_new(g, &st) != AG_OK)
    return 1;
  rc = ag_solution_load(argv[1], &sol);
  if (rc == AG_ERROR) {                         /* no such file: solve */
    rc = ag_solution_solve(g, 0, progress, NULL, &sol);
    if (rc == AG_OK)
      rc = ag_solution_save(sol, argv[1]);
  }
  if (rc == AG_OK)
    rc = ag_solution_probe(sol, st, &value, &distance);
  if (rc != AG_OK) {
    fprintf(stderr, "%s: %s\n", ag_strerror(rc), ag_errmsg());
    return 1;
  }
  printf("start of hare(hunters=10): the hunters %s in %d turns\n",
         value > 0 ? "win" : value < 0 ? "lose" : "draw", distance);
  ag_solution_free(sol);
  ag_state_free(st);
  ag_game_free(g);
  return 0;
}
