/* SPDX-License-Identifier: MIT */
/*
 * ag-solve -- solves a hare-hunt rules variant and prints its statistics.
 *
 *   ag-solve SPEC [-o FILE] [-i FILE] [--threads N] [--quiet]
 *   ag-solve -h|--help, ag-solve --version
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
 * distances are whole turns.  Progress goes to stderr: a line rewritten in
 * place when stderr is a terminal, else one line per finished layer.
 * Ctrl-C (SIGINT) stops the solve through ag_solution_solve_ex()'s stop flag:
 * nothing is printed or saved, and the program dies of SIGINT.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef _WIN32
#include <windows.h>
#include <psapi.h>
#else
#include <sys/resource.h>
#endif
#include <ancientgames.h>
#include "cli.h"

/* What the progress report knows: the clock, whether stderr is a terminal,
 * and the layer being solved (a layer is finished when the next one starts
 * or the solve returns). */
typedef struct progress {
  double t0, layer_t0, last_draw;
  int tty;
  int hunters, level, max_hunters;   /* current layer; 0 before the first */
  uint64_t resolved, total;
  double level_seconds;              /* mean time of one level of this layer */
  int prev_levels;                   /* levels the previous layer took, 0 if none */
  double prev_seconds_per_pos;       /* its time per position */
  double every;                      /* not on a terminal: seconds between lines */
} progress;

/* Positions of the k-hunter layer, 50 * C(24, k) (as the solver counts them):
 * the hare on one of 25 points, k hunters on the other 24, either side to move. */
static double layer_size(int k)
{
  double c = 1;
  int i;
  for (i = 0; i < k; i++) c = c * (24 - i) / (i + 1);
  return 50 * c;
}

/* Seconds left: the rest of this layer (its levels are expected to be as many
 * as the previous layer's, at this layer's measured time per level), then
 * the larger layers at the time per position measured so far.  Negative when
 * there is nothing to go on yet (the first layer). */
static double eta(const progress *pr, double now_s)
{
  double left = -1, per_pos;
  int k;
  if (!pr->prev_levels || pr->level < 1) return -1;
  left = (pr->prev_levels > pr->level ? pr->prev_levels - pr->level : 1) * pr->level_seconds;
  per_pos = (now_s - pr->layer_t0 + left) / layer_size(pr->hunters);
  for (k = pr->hunters + 1; k <= pr->max_hunters; k++) left += per_pos * layer_size(k);
  return left;
}

/* The layer in pr just finished: its 100% line (kept on a terminal, the only
 * line per layer otherwise). */
static void layer_done(progress *pr)
{
  double t = cli_now();
  if (!pr->hunters) return;
  if (pr->tty) cli_progress_done(stderr);
  fprintf(stderr, "[%7.1f s] %d hunters: 100%% done in %.1f s, %d levels, %.2f%% of positions decided\n",
          t - pr->t0, pr->hunters, t - pr->layer_t0, pr->level,
          pr->total ? 100.0 * (double)pr->resolved / (double)pr->total : 0.0);
  fflush(stderr);
  pr->prev_levels = pr->level;
  pr->prev_seconds_per_pos = (t - pr->layer_t0) / (double)(pr->total ? pr->total : 1);
  pr->hunters = 0;
}

/* Set by SIGINT, read by the solver's threads (ag_control.stop).  The one
 * global of the program: a signal handler has no other way in. */
static volatile int interrupted;

static void on_sigint(int sig)
{
  (void)sig;
  interrupted = 1;
}

/* Catches SIGINT, unless whoever started us (nohup, a background job)
 * ignores it: then it stays ignored. */
static void catch_sigint(void)
{
#ifdef _WIN32
  if (signal(SIGINT, on_sigint) == SIG_IGN) signal(SIGINT, SIG_IGN);
#else
  struct sigaction sa, old;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_sigint;
  sigemptyset(&sa.sa_mask);
  if (sigaction(SIGINT, NULL, &old) == 0 && old.sa_handler != SIG_IGN)
    sigaction(SIGINT, &sa, NULL);
#endif
}

/* The process's peak resident memory in MiB (0 when unknown). */
static double peak_mib(void)
{
#ifdef _WIN32
  PROCESS_MEMORY_COUNTERS pmc;
  if (K32GetProcessMemoryInfo(GetCurrentProcess(), &pmc, sizeof pmc))
    return (double)pmc.PeakWorkingSetSize / 1048576.0;
  return 0;
#else
  struct rusage ru;
  if (getrusage(RUSAGE_SELF, &ru) != 0) return 0;
  return (double)ru.ru_maxrss / 1024.0;   /* KiB on Linux */
#endif
}

/* ag_solve_progress_fn: level 0 opens a layer, each level after it is one pass.
 * The percentage is of the layer's expected passes (as many as the previous
 * layer's, or on the first layer the share of positions decided) and stays
 * below 100 until the layer is finished. */
static void progress_line(progress *pr, double t);

static int show_progress(void *user, int hunters, int level, uint64_t resolved,
                         uint64_t total)
{
  progress *pr = user;
  double t = cli_now();
  if (hunters != pr->hunters) {
    layer_done(pr);
    pr->hunters = hunters;
    pr->layer_t0 = t;
  }
  pr->level = level;
  pr->resolved = resolved;
  pr->total = total;
  if (level > 0) pr->level_seconds = (t - pr->layer_t0) / level;
  if (!pr->tty && t - pr->last_draw < pr->every) return 0;
  progress_line(pr, t);
  return 0;
}

/* ag_control's poll, called about every millisecond on this thread while a
 * level is being solved (a level can take half a minute): not on a terminal,
 * the progress line again every pr->every seconds, so that a log or a pipe
 * shows the solve is alive. */
static int poll_progress(void *user)
{
  progress *pr = user;
  double t;
  if (pr->tty) return 0;
  t = cli_now();
  if (t - pr->last_draw < pr->every) return 0;
  if (pr->hunters) progress_line(pr, t);
  else {                              /* before the first layer reports */
    fprintf(stderr, "[%7.1f s] preparing the first layer\n", t - pr->t0);
    fflush(stderr);
    pr->last_draw = t;
  }
  return 0;
}

/* The progress line of pr at time t: on a terminal rewritten in place, else
 * one line each time. */
static void progress_line(progress *pr, double t)
{
  double pct, left;
  char eta_text[32], line[256];
  int hunters = pr->hunters, level = pr->level;
  uint64_t resolved = pr->resolved, total = pr->total;
  if (pr->prev_levels)
    pct = 100.0 * level / (pr->prev_levels > level + 1 ? pr->prev_levels : level + 1);
  else
    pct = total ? 100.0 * (double)resolved / (double)total : 0.0;
  if (pct > 99.0) pct = 99.0;
  left = eta(pr, t);
  if (left < 0 && pr->prev_seconds_per_pos > 0) left = pr->prev_seconds_per_pos * (double)total;
  snprintf(line, sizeof line, "[%7.1f s] %d hunters: %3.0f%%, level %d, %.2f%% decided, ETA %s",
           t - pr->t0, hunters, pct, level,
           total ? 100.0 * (double)resolved / (double)total : 0.0,
           cli_duration(left, eta_text, sizeof eta_text));
  if (pr->tty) cli_progress(stderr, "%s", line);
  else {
    fprintf(stderr, "%s\n", line);
    fflush(stderr);
  }
  pr->last_draw = t;
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
      if (ag_solution_stats(sol, k, side, &w, &l, &d, &lw, &ll) != AG_OK) {
        fprintf(stderr, "ag-solve: %s\n", ag_errmsg());   /* never a silent exit 1 */
        return AG_ERROR;
      }
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

static const cli_prog prog = {
  "ag-solve",
  "usage: ag-solve SPEC [-o FILE] [-i FILE] [--threads N] [--quiet] [--progress-every S]\n"
  "       ag-solve -h|--help | --version\n"
  "Solves a hare-hunt variant (SPEC such as hare or \"hare(chain=0)\") and prints\n"
  "its statistics.\n"
  "  -o, --output FILE   save the solution to FILE\n"
  "  -i, --input FILE    load a saved solution instead of solving\n"
  "  -t, --threads N     worker threads, 1 to 64 (0, the default: one per CPU)\n"
  "  -q, --quiet         no progress on standard error\n"
  "  --progress-every S  not on a terminal: a progress line every S seconds\n"
  "                      (0 to 3600, default 2)\n"
  "  -h, --help          this text;   --version  program and library versions\n"
  "Exit status: 0 done, 1 error (bad spec, memory, file), 2 bad usage.\n",
  NULL};

int main(int argc, char **argv)
{
  static const struct option longopts[] = {
    {"output", required_argument, NULL, 'o'}, {"input", required_argument, NULL, 'i'},
    {"threads", required_argument, NULL, 't'}, {"quiet", no_argument, NULL, 'q'},
    {"progress-every", required_argument, NULL, 'P'},
    CLI_STD_OPTIONS, {NULL, 0, NULL, 0}};
  const char *spec, *out = NULL, *in = NULL;
  int threads = 0, quiet = 0, c, rc;
  double every = 2;
  ag_game *g = NULL;
  ag_solution *sol = NULL;
  progress pr;
  while ((c = cli_getopt(&prog, argc, argv, "o:i:t:q", longopts)) != -1) {
    switch (c) {
    case 'o': out = optarg; break;
    case 'i': in = optarg; break;
    case 't': threads = (int)cli_i64(&prog, "--threads", optarg, 0, 64); break;
    case 'q': quiet = 1; break;
    case 'P': every = (double)cli_i64(&prog, "--progress-every", optarg, 0, 3600); break;
    }
  }
  if (argc - optind != 1)
    cli_usage_error(&prog, "expected one SPEC, got %d argument%s", argc - optind,
                    argc - optind == 1 ? "" : "s");
  spec = argv[optind];
  memset(&pr, 0, sizeof pr);
  pr.t0 = cli_now();
  pr.tty = cli_is_tty(stderr);
  pr.every = every;
  pr.last_draw = pr.t0;       /* the first line after `every' seconds, not at once */
  if (ag_game_new(spec, &g) != AG_OK) {
    fprintf(stderr, "ag-solve: %s: %s\n", spec, ag_errmsg());
    return 1;
  }
  if (strcmp(ag_game_name(g), "hare") != 0) {
    fprintf(stderr, "ag-solve: %s: only the hare hunt (hare) can be solved\n", spec);
    ag_game_free(g);
    return 1;
  }
  if (out && !in) {
    /* The output is tried before the solve, which may take minutes: an
     * unwritable path is refused at once (issue 27), and a file made for
     * the try is removed (the save creates it). */
    FILE *f = fopen(out, "rb");
    int existed = f != NULL;
    if (f) fclose(f);
    if (!(f = fopen(out, "ab"))) {
      fprintf(stderr, "ag-solve: %s: %s\n", out, strerror(errno));
      ag_game_free(g);
      return 1;
    }
    fclose(f);
    if (!existed) remove(out);
  }
  if (in) rc = ag_solution_load(in, &sol);
  else {
    ag_control ctl = AG_CONTROL_INIT;
    ctl.stop = &interrupted;
    if (!quiet) {
      ctl.poll = poll_progress;
      ctl.user = &pr;
    }
    catch_sigint();
    sscanf(strstr(ag_game_spec(g), "hunters=") ? strstr(ag_game_spec(g), "hunters=") : "", "hunters=%d",
           &pr.max_hunters);
    rc = ag_solution_solve_ex(g, threads, quiet ? NULL : show_progress, &pr, &ctl, &sol);
    if (!quiet && rc == AG_OK) layer_done(&pr);
    else if (!quiet && pr.tty) cli_progress_done(stderr);
    if (rc == AG_ECANCELED) {
      /* Die of the signal, as a shell expects of an interrupted program. */
      fprintf(stderr, "ag-solve: interrupted after %.1f s; nothing was saved\n", cli_now() - pr.t0);
      ag_game_free(g);
      signal(SIGINT, SIG_DFL);
      raise(SIGINT);
      return 130;
    }
  }
  if (rc != AG_OK) {
    fprintf(stderr, "ag-solve: %s\n", ag_errmsg());
    ag_game_free(g);
    return 1;
  }
  printf("time: %.1f s\n", cli_now() - pr.t0);
  printf("peak memory: %.1f MiB\n", peak_mib());
  rc = print_results(sol);
  if (rc == AG_OK && out && ag_solution_save(sol, out) != AG_OK) {
    fprintf(stderr, "ag-solve: %s\n", ag_errmsg());
    rc = AG_ERROR;
  }
  ag_solution_free(sol);
  ag_game_free(g);
  return rc == AG_OK ? 0 : 1;
}
