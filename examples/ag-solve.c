/*
 * ag-solve -- solves a hare-hunt rules variant and prints its statistics.
 *
 *   ag-solve SPEC [-o FILE] [-i FILE] [--threads N] [--quiet]
 *
 * SPEC is a "hare" spec, e.g. "hare" or "hare(chain=0)".  The solve covers
 * 10 hunters up to the spec's `hunters' (12 by default).  -o saves the
 * solution, -i loads one instead of solving.  Output (stdout):
 *   time: SECONDS s
 *   peak memory: MIB MiB
 *   k=K to_move=hunters|hare win=W loss=L draw=D longest_win=A longest_loss=B
 *   start hunters=H first=hunters|hare value=win|loss|draw turns=N
 * Counts are of every placement of the hare and K hunters at a turn
 * boundary, reachable or not, from the side to move's point of view;
 * distances are whole turns.  Progress goes to stderr.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <ancientgames.h>

/* Seconds of the monotonic clock. */
static double now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Progress on stderr: one line per layer step. */
static void show_progress(void *user, int hunters, int level, uint64_t resolved,
                          uint64_t total)
{
  double *t0 = user;
  fprintf(stderr, "\r[%7.1f s] %d hunters: level %3d, %6.2f%% resolved   ", now() - *t0,
          hunters, level, total ? 100.0 * (double)resolved / (double)total : 0.0);
  if (level == 0) fprintf(stderr, "\n");
  fflush(stderr);
}

static const char *value_word(int v) { return v > 0 ? "win" : v < 0 ? "loss" : "draw"; }

/* Prints the value of a historical start: `hunters' hunters, `first' to move. */
static int print_start(const ag_solution *sol, int chain, int hunters, const char *first)
{
  char spec[128];
  ag_game *g = NULL;
  ag_state *st = NULL;
  int v = 0, d = 0, rc;
  snprintf(spec, sizeof spec, "hare(hunters=%d,first=%s,chain=%d)", hunters, first, chain);
  rc = ag_game_new(spec, &g);
  if (rc == AG_OK) rc = ag_state_new(g, &st);
  if (rc == AG_OK) rc = ag_solution_probe(sol, st, &v, &d);
  if (rc == AG_OK)
    printf("start hunters=%d first=%s value=%s turns=%d\n", hunters, first, value_word(v), d);
  else
    fprintf(stderr, "ag-solve: %s: %s\n", spec, ag_errmsg());
  ag_state_free(st);
  ag_game_free(g);
  return rc;
}

/* Prints the table of every layer and the historical starts. */
static int print_results(const ag_solution *sol)
{
  int chain, max_hunters, k, side, rc = AG_OK;
  ag_solution_variant(sol, &chain, &max_hunters);
  for (k = 10; k <= max_hunters; k++)
    for (side = 0; side < 2; side++) {
      uint64_t w, l, d;
      int lw, ll;
      if (ag_solution_stats(sol, k, side, &w, &l, &d, &lw, &ll) != AG_OK) return AG_ERROR;
      printf("k=%d to_move=%s win=%llu loss=%llu draw=%llu longest_win=%d longest_loss=%d\n",
             k, side ? "hare" : "hunters", (unsigned long long)w, (unsigned long long)l,
             (unsigned long long)d, lw, ll);
    }
  for (k = max_hunters; k >= 10; k--) {
    if (print_start(sol, chain, k, "hunters") != AG_OK) rc = AG_ERROR;
    if (print_start(sol, chain, k, "hare") != AG_OK) rc = AG_ERROR;
  }
  return rc;
}

static int usage(void)
{
  fprintf(stderr, "usage: ag-solve SPEC [-o FILE] [-i FILE] [--threads N] [--quiet]\n");
  return 2;
}

int main(int argc, char **argv)
{
  const char *spec = NULL, *out = NULL, *in = NULL;
  int threads = 0, quiet = 0, i, rc;
  double t0 = now();
  struct rusage ru;
  ag_game *g = NULL;
  ag_solution *sol = NULL;
  for (i = 1; i < argc; i++) {
    if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) out = argv[++i];
    else if (strcmp(argv[i], "-i") == 0 && i + 1 < argc) in = argv[++i];
    else if (strcmp(argv[i], "--threads") == 0 && i + 1 < argc) threads = atoi(argv[++i]);
    else if (strcmp(argv[i], "--quiet") == 0) quiet = 1;
    else if (argv[i][0] != '-' && !spec) spec = argv[i];
    else return usage();
  }
  if (!spec) return usage();
  if (ag_game_new(spec, &g) != AG_OK) {
    fprintf(stderr, "ag-solve: %s: %s\n", spec, ag_errmsg());
    return 1;
  }
  if (in) rc = ag_solution_load(in, &sol);
  else rc = ag_solution_solve(g, threads, quiet ? NULL : show_progress, &t0, &sol);
  if (!quiet) fprintf(stderr, "\n");
  if (rc != AG_OK) {
    fprintf(stderr, "ag-solve: %s\n", ag_errmsg());
    ag_game_free(g);
    return 1;
  }
  getrusage(RUSAGE_SELF, &ru);
  printf("time: %.1f s\n", now() - t0);
  printf("peak memory: %.1f MiB\n", (double)ru.ru_maxrss / 1024.0);
  rc = print_results(sol);
  if (rc == AG_OK && out && ag_solution_save(sol, out) != AG_OK) {
    fprintf(stderr, "ag-solve: %s\n", ag_errmsg());
    rc = AG_ERROR;
  }
  ag_solution_free(sol);
  ag_game_free(g);
  return rc == AG_OK ? 0 : 1;
}
