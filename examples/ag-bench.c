/* SPDX-License-Identifier: MIT */
/*
 * ag-bench -- how fast the library plays: random playouts, the per-ply API,
 * perft and the MCTS player, on one or more threads.
 *
 *   ag-bench [OPTIONS] SPEC           one measurement, "name: value" lines
 *   ag-bench --table [OPTIONS] [SPEC...]   every figure of each game, one table
 *
 * Playouts are numbered: batch b (of 64 playouts, then more as long as a
 * batch is quick) takes the seed S_b, the b-th output of SplitMix64 from
 * --seed, and its i-th playout starts from the RNG state that is the
 * (i+1)-th output from S_b -- exactly what ag_state_playouts() does -- so
 * every mode and every number of threads plays the same games: --seconds 0
 * (one batch of 64) gives the same counts in all of them.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef _WIN32
#include <windows.h>
#else
#include <unistd.h>
#endif
#include <ancientgames.h>
#include "cli.h"

#define GOLDEN UINT64_C(0x9E3779B97F4A7C15)

enum { MODE_PLAYOUT, MODE_API, MODE_PERFT, MODE_MCTS };
static const char *const mode_names[] = {"playout", "api", "perft", "mcts"};

typedef struct options {
  double seconds;
  uint64_t seed;
  size_t max_plies;
  int threads;       /* 0: one per CPU */
  int repeat;
  int mode;
  int json;
  int mcts_iterations;
} options;

/* What one measurement found. */
typedef struct result {
  int mode, threads;
  ag_playout_totals t;   /* playout and api modes */
  double seconds, cpu_seconds;
  unsigned long long work;  /* perft leaves, MCTS iterations */
  int depth;             /* perft depth */
  double rate;           /* the figure per wall-clock second: plies, leaves or iterations */
  double cpu_rate;       /* the same per CPU-second of the process (all its threads) */
} result;

/* Per CPU-second: the figure to compare on a shared, noisy machine. */
static double per_cpu(const result *r, double x) { return r->cpu_seconds > 0 ? x / r->cpu_seconds : 0; }

static double cpu_now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void fail(const char *what)
{
  fprintf(stderr, "ag-bench: %s: %s\n", what, ag_errmsg());
  exit(1);
}

/* The (i+1)-th output of SplitMix64 from seed, as ag_state_playouts() uses. */
static uint64_t playout_seed(uint64_t seed, uint64_t i)
{
  uint64_t s = seed + i * GOLDEN;
  return ag_rng_next(&s);
}

static void count_outcome(ag_playout_totals *t, int outcome, int winner, size_t plies)
{
  t->playouts++;
  t->plies += plies;
  if (outcome == AG_OUTCOME_WIN && (winner == 0 || winner == 1)) t->wins[winner]++;
  else if (outcome == AG_OUTCOME_DRAW) t->draws++;
  else t->unfinished++;
}

static void add_totals(ag_playout_totals *to, const ag_playout_totals *from)
{
  to->playouts += from->playouts;
  to->plies += from->plies;
  to->wins[0] += from->wins[0];
  to->wins[1] += from->wins[1];
  to->draws += from->draws;
  to->unfinished += from->unfinished;
}

/* ------------------------------------------------------------ the API loop */

/* One random game through the per-ply API, from the initial position, with
 * the reference player's draws (the same game as ag_state_playout()). */
static int api_playout(ag_state *st, uint64_t *rng, size_t max_plies, ag_move *mv, size_t cap,
                       size_t *plies, int *winner)
{
  size_t n, k = 0;
  ag_move m, joint[2];
  int p, q;
  ag_state_reset(st);
  while ((p = ag_state_current_player(st)) != AG_PLAYER_TERMINAL && (!max_plies || k < max_plies)) {
    if (p == AG_PLAYER_SIMULTANEOUS) {
      for (q = 0; q < 2; q++) {
        if (ag_state_legal_moves(st, q, mv, cap, &n) != AG_OK) fail("legal moves");
        joint[q] = mv[ag_rng_below(rng, n)];
      }
      if (ag_state_apply_joint(st, joint, 2) != AG_OK) fail("apply_joint");
    } else {
      if (p == AG_PLAYER_CHANCE) {
        if (ag_state_sample_chance(st, rng, &m) != AG_OK) fail("sample_chance");
      } else {
        if (ag_state_legal_moves(st, p, mv, cap, &n) != AG_OK) fail("legal moves");
        m = mv[ag_rng_below(rng, n)];
      }
      if (ag_state_apply(st, m) != AG_OK) fail("apply");
    }
    k++;
  }
  *plies = k;
  return ag_state_outcome(st, winner, NULL);
}

/* A batch of API playouts shared by threads (a counter hands them out). */
typedef struct api_batch {
  const ag_game *g;
  uint64_t seed, count, next;
  size_t max_plies;
} api_batch;

typedef struct api_worker {
  api_batch *b;
  ag_playout_totals sum;
  pthread_t tid;
  int started;
} api_worker;

static void *api_work(void *arg)
{
  api_worker *w = arg;
  api_batch *b = w->b;
  size_t cap = ag_game_limit(b->g, AG_LIMIT_LEGAL_MOVES), plies;
  ag_move *mv = malloc(cap * sizeof *mv);
  ag_state *st;
  int winner, outcome;
  uint64_t i;
  if (!mv || ag_state_new(b->g, &st) != AG_OK) fail("out of memory");
  while ((i = __atomic_fetch_add(&b->next, 1, __ATOMIC_RELAXED)) < b->count) {
    uint64_t rng = playout_seed(b->seed, i);
    outcome = api_playout(st, &rng, b->max_plies, mv, cap, &plies, &winner);
    if (outcome < 0) fail("outcome");
    count_outcome(&w->sum, outcome, winner, plies);
  }
  ag_state_free(st);
  free(mv);
  return NULL;
}

/* Like ag_state_playouts() from the initial position, through the API. */
static void api_playouts(const ag_game *g, uint64_t seed, uint64_t count, size_t max_plies,
                         int threads, ag_playout_totals *out)
{
  api_worker ws[64];
  api_batch b;
  int i;
  b.g = g, b.seed = seed, b.count = count, b.next = 0, b.max_plies = max_plies;
  if (threads > 64) threads = 64;
  memset(ws, 0, sizeof ws);
  memset(out, 0, sizeof *out);
  for (i = 0; i < threads; i++) ws[i].b = &b;
  for (i = 1; i < threads; i++) ws[i].started = pthread_create(&ws[i].tid, NULL, api_work, &ws[i]) == 0;
  api_work(&ws[0]);
  for (i = 1; i < threads; i++)
    if (ws[i].started) pthread_join(ws[i].tid, NULL);
  for (i = 0; i < threads; i++) add_totals(out, &ws[i].sum);
}

/* ---------------------------------------------------- playout and api modes */

/* Batches until the time is up: 64 playouts, doubled while a batch takes
 * under a tenth of a second (thread start-up then costs nothing). */
static void run_playouts(const ag_game *g, const ag_state *start, const options *o, result *r)
{
  uint64_t seeds = o->seed, batch = 64;
  double t0 = cli_now(), c0 = cpu_now(), tb;
  memset(&r->t, 0, sizeof r->t);
  do {
    ag_playout_totals t;
    uint64_t seed = ag_rng_next(&seeds);
    tb = cli_now();
    if (r->mode == MODE_API) api_playouts(g, seed, batch, o->max_plies, r->threads, &t);
    else if (ag_state_playouts(start, seed, batch, o->max_plies, r->threads, &t) != AG_OK)
      fail("ag_state_playouts");
    add_totals(&r->t, &t);
    if (cli_now() - tb < 0.1 && batch < (UINT64_C(1) << 24)) batch *= 2;
    r->seconds = cli_now() - t0;
  } while (r->seconds < o->seconds);
  r->cpu_seconds = cpu_now() - c0;
  r->rate = (double)r->t.plies / r->seconds;
  r->cpu_rate = per_cpu(r, (double)r->t.plies);
}

/* ------------------------------------------------------------------ perft */

/* Leaves at depth d below st (bulk-counted at depth 1), as ag-perft counts. */
static unsigned long long perft(ag_state *st, int depth, ag_move *buf, size_t cap)
{
  ag_move *mv = buf, *other = buf + cap, joint[2];
  size_t n = 0, n1 = 0, i, j;
  unsigned long long total = 0;
  int p = ag_state_current_player(st);
  if (p == AG_PLAYER_TERMINAL) return 0;
  if (p == AG_PLAYER_SIMULTANEOUS) {
    ag_state_legal_moves(st, 0, mv, cap, &n);
    ag_state_legal_moves(st, 1, other, cap, &n1);
    if (depth == 1) return (unsigned long long)n * n1;
    for (i = 0; i < n; i++)
      for (j = 0; j < n1; j++) {
        joint[0] = mv[i], joint[1] = other[j];
        if (ag_state_apply_joint(st, joint, 2) != AG_OK) fail("apply_joint");
        total += perft(st, depth - 1, buf + 2 * cap, cap);
        ag_state_undo(st);
      }
    return total;
  }
  if (p == AG_PLAYER_CHANCE) {
    uint32_t w[1024];
    if (ag_state_chance_outcomes(st, mv, w, cap < 1024 ? cap : 1024, &n, NULL) != AG_OK)
      fail("chance outcomes");
  } else {
    ag_state_legal_moves(st, p, mv, cap, &n);
  }
  if (depth == 1) return n;
  for (i = 0; i < n; i++) {
    if (ag_state_apply(st, mv[i]) != AG_OK) fail("apply");
    total += perft(st, depth - 1, buf + 2 * cap, cap);
    ag_state_undo(st);
  }
  return total;
}

/* Deeper and deeper until a depth takes a third of the time (or depth 40):
 * the figure is that depth's leaves per second. */
static void run_perft(const ag_game *g, const options *o, result *r)
{
  size_t cap = ag_game_limit(g, AG_LIMIT_LEGAL_MOVES);
  size_t ccap = ag_game_limit(g, AG_LIMIT_CHANCE_OUTCOMES);
  ag_move *buf;
  ag_state *st;
  int d;
  if (ccap > cap) cap = ccap;
  buf = malloc(2 * cap * 41 * sizeof *buf);
  if (!buf || ag_state_new(g, &st) != AG_OK) fail("out of memory");
  for (d = 1; d <= 40; d++) {
    double t0 = cli_now(), c0 = cpu_now();
    r->work = perft(st, d, buf, cap);
    r->seconds = cli_now() - t0;
    r->cpu_seconds = cpu_now() - c0;
    r->depth = d;
    if (r->seconds >= o->seconds / 3 || r->work == 0) break;
  }
  r->rate = r->seconds > 0 ? (double)r->work / r->seconds : 0;
  r->cpu_rate = per_cpu(r, (double)r->work);
  ag_state_free(st);
  free(buf);
}

/* ------------------------------------------------------------------- MCTS */

/* ag_ai_choose("mcts(iterations=N)") from the first position where one
 * player decides (chance and joint nodes before it played at random), over
 * and over until the time is up. */
static void run_mcts(const ag_game *g, const options *o, result *r)
{
  ag_state *st;
  uint64_t rng = o->seed;
  char params[64];
  ag_move m;
  double t0, c0;
  size_t n;
  int p;
  if (ag_state_new(g, &st) != AG_OK) fail("ag_state_new");
  while ((p = ag_state_current_player(st)) != 0 && p != 1 && p != AG_PLAYER_TERMINAL) {
    ag_move mv[1024], joint[2];
    if (p == AG_PLAYER_CHANCE) {
      if (ag_state_sample_chance(st, &rng, &m) != AG_OK || ag_state_apply(st, m) != AG_OK)
        fail("chance");
    } else {
      int q;
      for (q = 0; q < 2; q++) {
        if (ag_state_legal_moves(st, q, mv, 1024, &n) != AG_OK) fail("legal moves");
        joint[q] = mv[ag_rng_below(&rng, n)];
      }
      if (ag_state_apply_joint(st, joint, 2) != AG_OK) fail("apply_joint");
    }
  }
  snprintf(params, sizeof params, "mcts(iterations=%d)", o->mcts_iterations);
  r->work = 0;
  t0 = cli_now(), c0 = cpu_now();
  do {
    if (ag_ai_choose(st, params, &rng, &m) != AG_OK) fail(params);
    r->work += (unsigned long long)o->mcts_iterations;
    r->seconds = cli_now() - t0;
  } while (r->seconds < o->seconds);
  r->cpu_seconds = cpu_now() - c0;
  r->rate = (double)r->work / r->seconds;
  r->cpu_rate = per_cpu(r, (double)r->work);
  ag_state_free(st);
}

/* ------------------------------------------------------------ measuring */

/* The best of o->repeat runs of one mode (the highest rate per CPU-second). */
static void measure(const ag_game *g, const ag_state *start, const options *o, int mode,
                    int threads, result *best)
{
  int k;
  for (k = 0; k < o->repeat; k++) {
    result r;
    memset(&r, 0, sizeof r);
    r.mode = mode;
    r.threads = threads;
    if (mode == MODE_PERFT) run_perft(g, o, &r);
    else if (mode == MODE_MCTS) run_mcts(g, o, &r);
    else run_playouts(g, start, o, &r);
    if (k == 0 || r.cpu_rate > best->cpu_rate) *best = r;   /* per CPU-second: load-proof */
  }
}

static int cpu_count(void)
{
#ifdef _WIN32
  SYSTEM_INFO si;
  GetSystemInfo(&si);
  long n = (long)si.dwNumberOfProcessors;
#else
  long n = sysconf(_SC_NPROCESSORS_ONLN);
#endif
  return n > 0 ? (n > 64 ? 64 : (int)n) : 1;
}

static void json_string(const char *s)
{
  putchar('"');
  for (; *s; s++) {
    if (*s == '"' || *s == '\\') printf("\\%c", *s);
    else if ((unsigned char)*s < 0x20) printf("\\u%04x", (unsigned char)*s);
    else putchar(*s);
  }
  putchar('"');
}

static void print_result(const ag_game *g, const result *r, int json)
{
  const ag_playout_totals *t = &r->t;
  int playouts = r->mode == MODE_PLAYOUT || r->mode == MODE_API;
  if (json) {
    printf("{\"game\": ");
    json_string(ag_game_spec(g));
    printf(", \"mode\": \"%s\", \"threads\": %d, \"seconds\": %.6f, \"cpu_seconds\": %.6f",
           mode_names[r->mode], r->threads, r->seconds, r->cpu_seconds);
    if (playouts)
      printf(", \"playouts\": %llu, \"playouts_per_s\": %.1f, \"plies\": %llu, "
             "\"plies_per_s\": %.1f, \"playouts_per_cpu_s\": %.1f, \"plies_per_cpu_s\": %.1f, "
             "\"mean_game_length\": %.4f, \"wins\": [%llu, %llu], "
             "\"draws\": %llu, \"unfinished\": %llu",
             (unsigned long long)t->playouts, (double)t->playouts / r->seconds,
             (unsigned long long)t->plies, r->rate, per_cpu(r, (double)t->playouts), r->cpu_rate,
             t->playouts ? (double)t->plies / (double)t->playouts : 0.0,
             (unsigned long long)t->wins[0], (unsigned long long)t->wins[1],
             (unsigned long long)t->draws, (unsigned long long)t->unfinished);
    else if (r->mode == MODE_PERFT)
      printf(", \"depth\": %d, \"leaves\": %llu, \"leaves_per_s\": %.1f, \"leaves_per_cpu_s\": %.1f",
             r->depth, r->work, r->rate, r->cpu_rate);
    else
      printf(", \"iterations\": %llu, \"iterations_per_s\": %.1f, \"iterations_per_cpu_s\": %.1f",
             r->work, r->rate, r->cpu_rate);
    printf("}\n");
    return;
  }
  printf("game: %s\n", ag_game_spec(g));
  printf("mode: %s\n", mode_names[r->mode]);
  printf("threads: %d\n", r->threads);
  if (playouts) {
    printf("playouts: %llu\n", (unsigned long long)t->playouts);
    printf("seconds: %.3f\n", r->seconds);
    printf("cpu seconds: %.3f\n", r->cpu_seconds);
    printf("playouts/s: %.0f\n", (double)t->playouts / r->seconds);
    printf("plies/s: %.0f\n", r->rate);
    printf("playouts/cpu-s: %.0f\n", per_cpu(r, (double)t->playouts));
    printf("plies/cpu-s: %.0f\n", r->cpu_rate);
    printf("mean game length: %.2f\n", t->playouts ? (double)t->plies / (double)t->playouts : 0.0);
    printf("wins %s: %llu\n", ag_game_player_name(g, 0), (unsigned long long)t->wins[0]);
    printf("wins %s: %llu\n", ag_game_player_name(g, 1), (unsigned long long)t->wins[1]);
    printf("draws: %llu\n", (unsigned long long)t->draws);
    printf("unfinished: %llu\n", (unsigned long long)t->unfinished);
  } else if (r->mode == MODE_PERFT) {
    printf("depth: %d\n", r->depth);
    printf("leaves: %llu\n", r->work);
    printf("seconds: %.3f\n", r->seconds);
    printf("cpu seconds: %.3f\n", r->cpu_seconds);
    printf("leaves/s: %.0f\n", r->rate);
    printf("leaves/cpu-s: %.0f\n", r->cpu_rate);
  } else {
    printf("iterations: %llu\n", r->work);
    printf("seconds: %.3f\n", r->seconds);
    printf("cpu seconds: %.3f\n", r->cpu_seconds);
    printf("iterations/s: %.0f\n", r->rate);
    printf("iterations/cpu-s: %.0f\n", r->cpu_rate);
  }
}

/* One row of the table: every figure of one game. */
typedef struct row {
  const ag_game *g;
  result playout, api, multi, perft, mcts;
} row;

static void measure_row(const ag_game *g, const options *o, int threads, row *w)
{
  ag_state *st;
  if (ag_state_new(g, &st) != AG_OK) fail("ag_state_new");
  w->g = g;
  measure(g, st, o, MODE_PLAYOUT, 1, &w->playout);
  measure(g, st, o, MODE_API, 1, &w->api);
  measure(g, st, o, MODE_PLAYOUT, threads, &w->multi);
  measure(g, st, o, MODE_PERFT, 1, &w->perft);
  measure(g, st, o, MODE_MCTS, 1, &w->mcts);
  ag_state_free(st);
}

/* The machine, for the table's first line: the CPU model (Linux's
 * /proc/cpuinfo; "unknown CPU" elsewhere) and the CPUs online. */
static void cpu_model(char *buf, size_t cap)
{
  FILE *f = fopen("/proc/cpuinfo", "r");
  char line[512];
  snprintf(buf, cap, "unknown CPU");
  if (!f) return;
  while (fgets(line, sizeof line, f)) {
    char *colon = strchr(line, ':');
    if (colon && (strncmp(line, "model name", 10) == 0 || strncmp(line, "Model", 5) == 0)) {
      colon++;
      while (*colon == ' ' || *colon == '\t') colon++;
      colon[strcspn(colon, "\n")] = '\0';
      snprintf(buf, cap, "%s", colon);
      break;
    }
  }
  fclose(f);
}

/* The 1-minute load average, or -1 where /proc/loadavg is missing. */
static double load_average(void)
{
  FILE *f = fopen("/proc/loadavg", "r");
  double l = -1;
  if (f) {
    if (fscanf(f, "%lf", &l) != 1) l = -1;
    fclose(f);
  }
  return l;
}

static void print_table(row *rows, int n, int threads, const options *o, double load0)
{
  int i, cpus = cpu_count();
  double load1 = load_average();
  /* A wall-clock speed-up means something only on an idle machine: below
   * half a busy process per CPU before and after the measurements. */
  int idle = load0 >= 0 && load1 >= 0 && load0 < 0.5 * cpus && load1 < 0.5 * cpus;
  char model[256];
  cpu_model(model, sizeof model);
  if (o->json) {
    printf("{\"cpu\": ");
    json_string(model);
    printf(", \"cpus\": %d, \"load_before\": %.2f, \"load_after\": %.2f, \"idle\": %s, "
           "\"threads\": %d, \"seconds\": %g, \"repeat\": %d, \"mcts_iterations\": %d, \"games\": [\n",
           cpus, load0, load1, idle ? "true" : "false", threads, o->seconds, o->repeat,
           o->mcts_iterations);
    for (i = 0; i < n; i++) {
      row *w = &rows[i];
      printf("  {\"game\": ");
      json_string(ag_game_spec(w->g));
      printf(", \"playouts_per_cpu_s\": %.1f, \"plies_per_cpu_s\": %.1f, \"plies_per_s\": %.1f, "
             "\"api_plies_per_cpu_s\": %.1f, \"api_plies_per_s\": %.1f, \"playout_over_api\": %.3f, "
             "\"threads_playouts_per_cpu_s\": %.1f, \"threads_work_per_cpu_s_ratio\": %.3f, "
             "\"threads_wall_speedup\": %.3f, \"perft_depth\": %d, \"perft_leaves_per_cpu_s\": %.1f, "
             "\"mcts_iterations_per_cpu_s\": %.1f}%s\n",
             per_cpu(&w->playout, (double)w->playout.t.playouts), w->playout.cpu_rate,
             w->playout.rate, w->api.cpu_rate, w->api.rate,
             w->api.cpu_rate > 0 ? w->playout.cpu_rate / w->api.cpu_rate : 0.0,
             per_cpu(&w->multi, (double)w->multi.t.playouts),
             w->playout.cpu_rate > 0 ? w->multi.cpu_rate / w->playout.cpu_rate : 0.0,
             w->playout.rate > 0 ? w->multi.rate / w->playout.rate : 0.0, w->perft.depth,
             w->perft.cpu_rate, w->mcts.cpu_rate, i + 1 < n ? "," : "");
    }
    printf("]}\n");
    return;
  }
  printf("machine: %s, %d CPU%s online, load %.2f before, %.2f after%s\n", model, cpus,
         cpus == 1 ? "" : "s", load0, load1, idle ? " (idle)" : " (busy: wall-clock figures are noise)");
  printf("%-14s %11s %11s %11s %11s %11s %8s %11s %8s %8s %14s %10s\n", "game", "playouts", "plies",
         "(wall)", "api plies", "(wall)", "play/api", "playouts", "work", "wall", "perft leaves",
         "mcts it");
  printf("%-14s %11s %11s %11s %11s %11s %8s %8s x%-2d %8s %8s %14s %10s\n", "", "/cpu-s", "/cpu-s",
         "plies/s", "/cpu-s", "plies/s", "", "/cpu-s", threads, "ratio", "speed-up", "/cpu-s (d)",
         "/cpu-s");
  for (i = 0; i < n; i++) {
    row *w = &rows[i];
    char perft_col[40], wall_col[16];
    snprintf(perft_col, sizeof perft_col, "%.0f (%d)", w->perft.cpu_rate, w->perft.depth);
    if (idle && w->playout.rate > 0)
      snprintf(wall_col, sizeof wall_col, "%.2f", w->multi.rate / w->playout.rate);
    else
      snprintf(wall_col, sizeof wall_col, "-");
    printf("%-14s %11.0f %11.0f %11.0f %11.0f %11.0f %8.2f %11.0f %8.2f %8s %14s %10.0f\n",
           ag_game_name(w->g), per_cpu(&w->playout, (double)w->playout.t.playouts),
           w->playout.cpu_rate, w->playout.rate, w->api.cpu_rate, w->api.rate,
           w->api.cpu_rate > 0 ? w->playout.cpu_rate / w->api.cpu_rate : 0.0,
           per_cpu(&w->multi, (double)w->multi.t.playouts),
           w->playout.cpu_rate > 0 ? w->multi.cpu_rate / w->playout.cpu_rate : 0.0, wall_col,
           perft_col, w->mcts.cpu_rate);
  }
  printf("(per CPU-second of the process, all its threads; the best of %d run%s of at least %g s each;\n"
         " work ratio: %d threads' playouts per CPU-second over one thread's; wall speed-up only\n"
         " on an idle machine; MCTS: mcts(iterations=%d))\n",
         o->repeat, o->repeat == 1 ? "" : "s", o->seconds, threads, o->mcts_iterations);
}

/* ----------------------------------------------------------------- main */

static void list_games(FILE *f)
{
  size_t i;
  fprintf(f, "Games:");
  for (i = 0; i < ag_game_count(); i++) fprintf(f, " %s", ag_game_name_at(i));
  fprintf(f, "\n");
}

static const cli_prog prog = {
  "ag-bench",
  "usage: ag-bench [OPTIONS] SPEC\n"
  "       ag-bench --table [OPTIONS] [SPEC...]\n"
  "       ag-bench -h|--help | --version\n"
  "Measures how fast the library plays SPEC: random playouts from the start\n"
  "(default), the per-ply API loop, perft or the MCTS player.\n"
  "  -s, --seconds S      measure for at least S seconds (default 3; 0: one batch\n"
  "                       of 64 playouts, one perft depth, one MCTS search)\n"
  "      --seed N         seed of the playouts and searches (default 1)\n"
  "  -m, --max-plies N    stop each playout after N plies (default 0: the end)\n"
  "  -a, --api            play through ag_state_legal_moves/ag_state_apply\n"
  "      --perft          perft leaves per second (deeper until a depth takes S/3)\n"
  "      --mcts           MCTS iterations per second\n"
  "  -i, --iterations N   MCTS iterations per search (default 2000)\n"
  "  -t, --threads N      threads (default 1; 0: one per CPU); playouts and api\n"
  "  -r, --repeat N       measure N times and report the best (default 1)\n"
  "      --table          every figure of each SPEC (default: every game), one table;\n"
  "                       --threads is then the threaded column (default: CPUs)\n"
  "  -j, --json           JSON on stdout instead of text\n"
  "  -h, --help           this text;   --version  program and library versions\n"
  "Exit status: 0 done, 1 bad spec or a failed call, 2 bad usage.\n",
  list_games};

enum { OPT_SEED = CLI_OPT_FIRST, OPT_PERFT, OPT_MCTS, OPT_TABLE };

int main(int argc, char **argv)
{
  static const struct option longopts[] = {
    {"seconds", required_argument, NULL, 's'},
    {"seed", required_argument, NULL, OPT_SEED},
    {"max-plies", required_argument, NULL, 'm'},
    {"api", no_argument, NULL, 'a'},
    {"perft", no_argument, NULL, OPT_PERFT},
    {"mcts", no_argument, NULL, OPT_MCTS},
    {"iterations", required_argument, NULL, 'i'},
    {"threads", required_argument, NULL, 't'},
    {"repeat", required_argument, NULL, 'r'},
    {"table", no_argument, NULL, OPT_TABLE},
    {"json", no_argument, NULL, 'j'},
    CLI_STD_OPTIONS,
    {NULL, 0, NULL, 0}};
  options o;
  int c, table = 0, threads_given = 0, modes = 0, i;
  memset(&o, 0, sizeof o);
  o.seconds = 3;
  o.seed = 1;
  o.threads = 1;
  o.repeat = 1;
  o.mode = MODE_PLAYOUT;
  o.mcts_iterations = 2000;
  while ((c = cli_getopt(&prog, argc, argv, "s:m:ai:t:r:j", longopts)) != -1) {
    switch (c) {
    case 's': o.seconds = cli_double(&prog, "--seconds", optarg, 0, 1e6); break;
    case OPT_SEED: o.seed = cli_u64(&prog, "--seed", optarg, 0, UINT64_MAX); break;
    case 'm': o.max_plies = (size_t)cli_u64(&prog, "--max-plies", optarg, 0, SIZE_MAX); break;
    case 'a': o.mode = MODE_API, modes++; break;
    case OPT_PERFT: o.mode = MODE_PERFT, modes++; break;
    case OPT_MCTS: o.mode = MODE_MCTS, modes++; break;
    case 'i': o.mcts_iterations = (int)cli_i64(&prog, "--iterations", optarg, 1, 10000000); break;
    case 't':
      o.threads = (int)cli_i64(&prog, "--threads", optarg, 0, 64);
      threads_given = 1;
      break;
    case 'r': o.repeat = (int)cli_i64(&prog, "--repeat", optarg, 1, 1000); break;
    case OPT_TABLE: table = 1; break;
    case 'j': o.json = 1; break;
    }
  }
  if (modes > 1) cli_usage_error(&prog, "--api, --perft and --mcts exclude each other");
  if (table && modes) cli_usage_error(&prog, "--table measures every mode; drop --api, --perft and --mcts");
  if (!table && argc - optind != 1)
    cli_usage_error(&prog, "expected one SPEC, got %d", argc - optind);
  if (o.threads == 0) o.threads = cpu_count();
  if ((o.mode == MODE_PERFT || o.mode == MODE_MCTS) && o.threads != 1)
    cli_usage_error(&prog, "--threads is for playouts and --api only");
  if (table) {
    int n = argc - optind > 0 ? argc - optind : (int)ag_game_count(), threads;
    row *rows = calloc((size_t)n, sizeof *rows);
    double load0;
    if (!rows) fail("out of memory");
    threads = threads_given ? o.threads : cpu_count();
    load0 = load_average();
    for (i = 0; i < n; i++) {
      ag_game *g;
      const char *spec = argc - optind > 0 ? argv[optind + i] : ag_game_name_at((size_t)i);
      if (ag_game_new(spec, &g) != AG_OK) fail(spec);
      measure_row(g, &o, threads, &rows[i]);
    }
    print_table(rows, n, threads, &o, load0);
    for (i = 0; i < n; i++) ag_game_free((ag_game *)rows[i].g);
    free(rows);
    return 0;
  } else {
    ag_game *g;
    ag_state *st;
    result r;
    if (ag_game_new(argv[optind], &g) != AG_OK) fail(argv[optind]);
    if (ag_state_new(g, &st) != AG_OK) fail("ag_state_new");
    measure(g, st, &o, o.mode, o.threads, &r);
    print_result(g, &r, o.json);
    ag_state_free(st);
    ag_game_free(g);
  }
  return 0;
}
