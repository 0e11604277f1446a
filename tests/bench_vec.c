/* SPDX-License-Identifier: MIT */
/*
 * bench_vec.c -- lane-steps per CPU-second of the vectorized environment
 * (ag_vec_*), per game: random actions (ag_vec_random_actions + ag_vec_step),
 * then the same with every lane's observation and masks written each step,
 * as a learning program reads them.  The twin of python/bench_vector.py,
 * which runs the same loops through ancientgames.VectorEnv; `make bench' runs
 * both.  A benchmark, not a test: it prints figures and never fails on them.
 *
 *   tests/bench_vec [LANES [THREADS [CPU_SECONDS]]]     (1024 1 1)
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <ancientgames.h>

static double clock_of(clockid_t id)
{
  struct timespec ts;
  clock_gettime(id, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void fail(const char *what)
{
  fprintf(stderr, "bench_vec: %s: %s\n", what, ag_errmsg());
  exit(1);
}

/* Steps until `seconds` of CPU time are spent; returns lane-steps per
 * CPU-second and stores the wall-clock rate in *wall_rate. */
static double run(ag_vec *v, size_t lanes, int threads, double seconds, float *obs,
                  size_t obs_cap, unsigned char *masks, size_t mask_cap, double *wall_rate)
{
  int32_t *act = malloc(2 * lanes * sizeof *act);
  float *rw = malloc(2 * lanes * sizeof *rw);
  unsigned char *done = malloc(lanes);
  double c0 = clock_of(CLOCK_PROCESS_CPUTIME_ID), w0 = clock_of(CLOCK_MONOTONIC), c, w;
  long steps = 0;
  if (!act || !rw || !done) fail("out of memory");
  do {
    int k;
    for (k = 0; k < 16; k++, steps++) {
      if (ag_vec_random_actions(v, act) != AG_OK) fail("ag_vec_random_actions");
      if (ag_vec_step(v, act, rw, done, threads) != AG_OK) fail("ag_vec_step");
      if (obs && ag_vec_observations(v, obs, obs_cap, threads) != AG_OK) fail("ag_vec_observations");
      if (masks && ag_vec_action_masks(v, masks, mask_cap) != AG_OK) fail("ag_vec_action_masks");
    }
    c = clock_of(CLOCK_PROCESS_CPUTIME_ID) - c0;
  } while (c < seconds);
  w = clock_of(CLOCK_MONOTONIC) - w0;
  *wall_rate = (double)steps * (double)lanes / w;
  free(act);
  free(rw);
  free(done);
  return (double)steps * (double)lanes / c;
}

int main(int argc, char **argv)
{
  size_t lanes = argc > 1 ? (size_t)strtoul(argv[1], NULL, 10) : 1024;
  int threads = argc > 2 ? atoi(argv[2]) : 1;
  double seconds = argc > 3 ? atof(argv[3]) : 1.0;
  size_t i;
  printf("%-14s %22s %22s %12s\n", "game", "random actions", "with obs + masks", "bytes/step");
  printf("%-14s %22s %22s %12s\n", "", "lane-steps/CPU-s (wall)", "lane-steps/CPU-s (wall)",
         "(per lane)");
  for (i = 0; i < ag_game_count(); i++) {
    ag_game *g;
    ag_vec *v;
    size_t planes, nodes, actions, obs_cap, mask_cap;
    float *obs;
    unsigned char *masks;
    double plain, plain_wall, full, full_wall;
    if (ag_game_new(ag_game_name_at(i), &g) != AG_OK) fail("ag_game_new");
    ag_game_observation_shape(g, &planes, &nodes);
    actions = ag_game_num_actions(g);
    obs_cap = lanes * planes * nodes;
    mask_cap = lanes * 2 * actions;
    obs = malloc(obs_cap * sizeof *obs);
    masks = malloc(mask_cap);
    if (!obs || !masks) fail("out of memory");
    if (ag_vec_new(g, lanes, 1, AG_VEC_AUTORESET, &v) != AG_OK) fail("ag_vec_new");
    plain = run(v, lanes, threads, seconds, NULL, 0, NULL, 0, &plain_wall);
    full = run(v, lanes, threads, seconds, obs, obs_cap, masks, mask_cap, &full_wall);
    printf("%-14s %10.3g (%9.3g) %10.3g (%9.3g) %5zu / %zu\n", ag_game_name(g), plain, plain_wall,
           full, full_wall, (size_t)(2 * sizeof(int32_t) + 2 * sizeof(float) + 1),
           (size_t)(2 * sizeof(int32_t) + 2 * sizeof(float) + 1) +
             planes * nodes * sizeof(float) + 2 * actions);
    ag_vec_free(v);
    free(obs);
    free(masks);
    ag_game_free(g);
  }
  printf("(%zu lanes, %d thread%s; bytes/step: actions + rewards + done, then with the "
         "observation and both masks)\n", lanes, threads, threads == 1 ? "" : "s");
  return 0;
}
