/*
 * ag-bench -- random playouts per second, on one core.
 *
 *   ag-bench SPEC [--seconds S] [--seed N] [--max-plies N] [--api]
 *
 * By default each playout is ag_state_playout() from the initial position
 * (the library's reference random player on a private copy).  With --api the
 * same games are played ply by ply through ag_state_legal_moves(),
 * ag_state_sample_chance() and the checked ag_state_apply(), as a caller
 * would.  Prints one "name: value" per line.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <ancientgames.h>

static double now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* One random game through the per-ply API; returns the outcome. */
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
        ag_state_legal_moves(st, q, mv, cap, &n);
        joint[q] = mv[ag_rng_below(rng, n)];
      }
      ag_state_apply_joint(st, joint, 2);
    } else {
      if (p == AG_PLAYER_CHANCE) ag_state_sample_chance(st, rng, &m);
      else {
        ag_state_legal_moves(st, p, mv, cap, &n);
        m = mv[ag_rng_below(rng, n)];
      }
      ag_state_apply(st, m);
    }
    k++;
  }
  *plies = k;
  return ag_state_outcome(st, winner, NULL);
}

int main(int argc, char **argv)
{
  double seconds = 3, t0, elapsed;
  uint64_t rng = 1;
  size_t max_plies = 0, plies, total_plies = 0, games = 0, cap, unfinished = 0, draws = 0;
  size_t wins[2] = {0, 0};
  int use_api = 0, i, winner, outcome;
  ag_game *g;
  ag_state *st;
  ag_move *mv;
  if (argc < 2) {
    fprintf(stderr, "usage: ag-bench SPEC [--seconds S] [--seed N] [--max-plies N] [--api]\n");
    return 2;
  }
  for (i = 2; i < argc; i++) {
    if (strcmp(argv[i], "--seconds") == 0 && i + 1 < argc) seconds = atof(argv[++i]);
    else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc) rng = strtoull(argv[++i], NULL, 10);
    else if (strcmp(argv[i], "--max-plies") == 0 && i + 1 < argc) max_plies = strtoul(argv[++i], NULL, 10);
    else if (strcmp(argv[i], "--api") == 0) use_api = 1;
    else { fprintf(stderr, "ag-bench: unknown argument '%s'\n", argv[i]); return 2; }
  }
  if (ag_game_new(argv[1], &g) != AG_OK || ag_state_new(g, &st) != AG_OK) {
    fprintf(stderr, "ag-bench: %s\n", ag_errmsg());
    return 1;
  }
  cap = ag_game_limit(g, AG_LIMIT_LEGAL_MOVES);
  mv = malloc(cap * sizeof *mv);
  if (!mv) return 1;
  t0 = now();
  do {
    for (i = 0; i < 64; i++) {
      outcome = use_api ? api_playout(st, &rng, max_plies, mv, cap, &plies, &winner)
                        : ag_state_playout(st, &rng, max_plies, &plies, &winner, NULL);
      if (outcome < 0) { fprintf(stderr, "ag-bench: %s\n", ag_errmsg()); return 1; }
      games++;
      total_plies += plies;
      if (outcome == AG_OUTCOME_WIN) wins[winner]++;
      else if (outcome == AG_OUTCOME_DRAW) draws++;
      else unfinished++;
    }
    elapsed = now() - t0;
  } while (elapsed < seconds);
  printf("game: %s\n", ag_game_spec(g));
  printf("mode: %s\n", use_api ? "api" : "playout");
  printf("playouts: %zu\n", games);
  printf("seconds: %.3f\n", elapsed);
  printf("playouts/s: %.0f\n", games / elapsed);
  printf("plies/s: %.0f\n", total_plies / elapsed);
  printf("mean game length: %.2f\n", (double)total_plies / games);
  printf("wins %s: %zu\n", ag_game_player_name(g, 0), wins[0]);
  printf("wins %s: %zu\n", ag_game_player_name(g, 1), wins[1]);
  printf("draws: %zu\n", draws);
  printf("unfinished: %zu\n", unfinished);
  free(mv);
  ag_state_free(st);
  ag_game_free(g);
  return 0;
}
