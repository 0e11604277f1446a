/* SPDX-License-Identifier: MIT */
/*
 * vec.c -- a vectorized environment: N states of one game stepped by one call
 * (ag_vec_*), for learning programs that step millions of positions.
 *
 * A client of the public API only: each lane is an ag_state, and a step is
 * the per-ply calls a program would make (apply or apply_joint, then the
 * chance nodes drawn with ag_state_sample_chance), done in C for every lane so
 * that a caller in Python or JavaScript crosses into the library once per step
 * instead of several times per lane.  tests/check_vec keeps every lane equal to
 * the game those per-ply calls play with the documented RNG streams.
 *
 * Determinism: lane i owns two RNG streams, seeded with the (2i+1)-th and
 * (2i+2)-th outputs of ag_rng_next() from the vector's seed (chance draws,
 * random actions).  A lane's game depends on (seed, i, its actions) only, never
 * on the number of lanes or threads.
 *
 * A step is all or nothing: every action is checked before any is applied,
 * and when the undo history of some lane cannot grow (AG_ENOMEM) every lane is
 * taken back to where it was.  Lanes are reset (autoreset) only after every
 * lane has moved, so a failed step has nothing to undo there.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "ag_internal.h"

#define GOLDEN UINT64_C(0x9E3779B97F4A7C15)
#define VEC_MAX_THREADS 64

struct ag_vec {
  const ag_game *g;
  size_t lanes, actions;          /* lanes; ag_game_num_actions() */
  size_t obs_size;                /* planes x nodes */
  unsigned flags;                 /* AG_VEC_* */
  ag_state **st;                  /* lanes states */
  uint64_t *chance_rng, *action_rng;
  uint32_t *plies;                /* plies applied to each lane by the step under way */
  unsigned char *ended;           /* the lane's game ended in the step under way */
};

/* The k-th output (k >= 1) of SplitMix64 from seed, in O(1). */
static uint64_t nth_output(uint64_t seed, uint64_t k)
{
  uint64_t s = seed + (k - 1) * GOLDEN;
  return ag_rng_next(&s);
}

/* Draws and applies chance outcomes until the lane is at a decision, a
 * simultaneous node or the end; counts the plies in *plies. */
static int settle_chance(ag_state *st, uint64_t *rng, uint32_t *plies)
{
  while (ag_state_current_player(st) == AG_PLAYER_CHANCE) {
    ag_move m;
    int rc = ag_state_sample_chance(st, rng, &m);
    if (rc == AG_OK) rc = ag_state_apply(st, m);
    if (rc != AG_OK) return rc;
    ++*plies;
  }
  return AG_OK;
}

static void seed_lanes(ag_vec *v, uint64_t seed)
{
  size_t i;
  for (i = 0; i < v->lanes; i++) {
    v->chance_rng[i] = nth_output(seed, 2 * (uint64_t)i + 1);
    v->action_rng[i] = nth_output(seed, 2 * (uint64_t)i + 2);
  }
}

/* Every lane to the initial position, its opening chance nodes drawn. */
static int reset_lanes(ag_vec *v)
{
  size_t i;
  for (i = 0; i < v->lanes; i++) {
    uint32_t plies = 0;
    int rc;
    ag_state_reset(v->st[i]);
    if ((rc = settle_chance(v->st[i], &v->chance_rng[i], &plies)) != AG_OK) return rc;
  }
  return AG_OK;
}

AG_API int ag_vec_new(const ag_game *g, size_t lanes, uint64_t seed, unsigned flags,
                      ag_vec **out)
{
  ag_vec *v;
  size_t i, planes = 0, nodes = 0;
  int rc;
  if (out) *out = NULL;
  if (!g || !out) return ag__fail(AG_EINVAL, "ag_vec_new: game or out is NULL");
  if (lanes == 0 || lanes > (size_t)1 << 24)
    return ag__fail(AG_EINVAL, "ag_vec_new: lanes is %zu, must be 1 .. 16777216", lanes);
  if (flags & ~(unsigned)AG_VEC_AUTORESET)
    return ag__fail(AG_EINVAL, "ag_vec_new: unknown flags 0x%x", flags & ~(unsigned)AG_VEC_AUTORESET);
  if (!(v = calloc(1, sizeof *v))) return ag__fail(AG_ENOMEM, "ag_vec_new: out of memory");
  v->g = g;
  v->lanes = lanes;
  v->flags = flags;
  v->actions = ag_game_num_actions(g);
  ag_game_observation_shape(g, &planes, &nodes);
  v->obs_size = planes * nodes;
  v->st = calloc(lanes, sizeof *v->st);
  v->chance_rng = calloc(lanes, sizeof *v->chance_rng);
  v->action_rng = calloc(lanes, sizeof *v->action_rng);
  v->plies = calloc(lanes, sizeof *v->plies);
  v->ended = calloc(lanes, 1);
  if (!v->st || !v->chance_rng || !v->action_rng || !v->plies || !v->ended) {
    ag_vec_free(v);
    return ag__fail(AG_ENOMEM, "ag_vec_new: out of memory for %zu lanes", lanes);
  }
  for (i = 0; i < lanes; i++) {
    /* A new state holds the history of a game's first plies (1024, or the
     * game's ply cap): a step allocates only when a longer game grows it. */
    if ((rc = ag_state_new(g, &v->st[i])) != AG_OK) {
      ag_vec_free(v);
      return ag__fail(rc, "ag_vec_new: out of memory for %zu lanes", lanes);
    }
  }
  seed_lanes(v, seed);
  if ((rc = reset_lanes(v)) != AG_OK) {
    ag_vec_free(v);
    return ag__fail(rc, "ag_vec_new: out of memory for %zu lanes", lanes);
  }
  *out = v;
  return AG_OK;
}

AG_API void ag_vec_free(ag_vec *v)
{
  size_t i;
  if (!v) return;
  if (v->st)
    for (i = 0; i < v->lanes; i++) ag_state_free(v->st[i]);
  free(v->st);
  free(v->chance_rng);
  free(v->action_rng);
  free(v->plies);
  free(v->ended);
  free(v);
}

AG_API size_t ag_vec_lanes(const ag_vec *v)
{
  return v ? v->lanes : 0;
}

AG_API const ag_state *ag_vec_lane(const ag_vec *v, size_t lane)
{
  if (!v || lane >= v->lanes) {
    ag__fail(AG_EINVAL, "ag_vec_lane: %s", v ? "lane out of range" : "vector is NULL");
    return NULL;
  }
  return v->st[lane];
}

AG_API int ag_vec_reset(ag_vec *v, uint64_t seed)
{
  int rc;
  if (!v) return ag__fail(AG_EINVAL, "ag_vec_reset: vector is NULL");
  seed_lanes(v, seed);
  if ((rc = reset_lanes(v)) != AG_OK) return ag__fail(rc, "ag_vec_reset: out of memory");
  return AG_OK;
}

/* ---- threads: blocks of lanes, the calling thread being worker 0 ---- */

typedef struct vec_job {
  ag_vec *v;
  const int32_t *actions;   /* step */
  float *obs;               /* observations */
  size_t lo, hi;            /* this worker's lanes */
  int rc;
  pthread_t tid;
  int started;
} vec_job;

/* Plays one lane's ply from actions (checked before), then its chance nodes. */
static int step_lane(ag_vec *v, size_t i, const int32_t *actions)
{
  ag_state *st = v->st[i];
  int p = ag_state_current_player(st), rc;
  ag_move m[2];
  if (p == AG_PLAYER_TERMINAL) return AG_OK;
  if (p == AG_PLAYER_SIMULTANEOUS) {
    ag_game_action_move(v->g, (size_t)actions[2 * i], &m[0]);
    ag_game_action_move(v->g, (size_t)actions[2 * i + 1], &m[1]);
    rc = ag_state_apply_joint(st, m, 2);
  } else {
    ag_game_action_move(v->g, (size_t)actions[2 * i + (size_t)p], &m[0]);
    rc = ag_state_apply(st, m[0]);
  }
  if (rc != AG_OK) return rc;
  v->plies[i] = 1;
  if ((rc = settle_chance(st, &v->chance_rng[i], &v->plies[i])) != AG_OK) return rc;
  v->ended[i] = ag_state_is_terminal(st) ? 1 : 0;
  return AG_OK;
}

static void *step_work(void *arg)
{
  vec_job *j = arg;
  size_t i;
  for (i = j->lo; i < j->hi; i++)
    if ((j->rc = step_lane(j->v, i, j->actions)) != AG_OK) break;
  return NULL;
}

static void *obs_work(void *arg)
{
  vec_job *j = arg;
  size_t i;
  for (i = j->lo; i < j->hi; i++) {
    j->rc = ag_state_observation(j->v->st[i], j->obs + i * j->v->obs_size, j->v->obs_size, NULL);
    if (j->rc != AG_OK) break;
  }
  return NULL;
}

/* Runs fn over the lanes in `threads` blocks (the caller does the first one);
 * returns the first failure, or AG_OK.  A thread that cannot be started
 * leaves its block to the caller. */
static int for_each_block(ag_vec *v, int threads, void *(*fn)(void *), const int32_t *actions,
                          float *obs)
{
  vec_job one, *jobs = &one;
  int n = threads < 1 ? 1 : threads > VEC_MAX_THREADS ? VEC_MAX_THREADS : threads, t, rc = AG_OK;
  if ((size_t)n > v->lanes) n = (int)v->lanes;
  if (n > 1 && !(jobs = calloc((size_t)n, sizeof *jobs))) {
    jobs = &one;
    n = 1;
  }
  for (t = 0; t < n; t++) {
    memset(&jobs[t], 0, sizeof jobs[t]);
    jobs[t].v = v;
    jobs[t].actions = actions;
    jobs[t].obs = obs;
    jobs[t].lo = v->lanes * (size_t)t / (size_t)n;
    jobs[t].hi = v->lanes * (size_t)(t + 1) / (size_t)n;
  }
  for (t = 1; t < n; t++)
    jobs[t].started = pthread_create(&jobs[t].tid, NULL, fn, &jobs[t]) == 0;
  fn(&jobs[0]);
  for (t = 1; t < n; t++) {
    if (jobs[t].started) pthread_join(jobs[t].tid, NULL);
    else fn(&jobs[t]);
  }
  for (t = 0; t < n && rc == AG_OK; t++) rc = jobs[t].rc;
  if (jobs != &one) free(jobs);
  return rc;
}

/* Whether player q chooses now in a lane whose player to act is p: the one
 * to move at a decision, both at a simultaneous node, nobody at the end. */
static int chooses(int p, int q)
{
  return p == q || p == AG_PLAYER_SIMULTANEOUS;
}

/* Whether action a is a legal choice of player p in lane st. */
static int action_ok(const ag_vec *v, const ag_state *st, int p, int32_t a)
{
  ag_move m;
  if (a < 0 || (size_t)a >= v->actions) return 0;
  if (ag_game_action_move(v->g, (size_t)a, &m) != AG_OK) return 0;
  return ag_state_is_legal(st, p, m) == 1;
}

AG_API int ag_vec_step(ag_vec *v, const int32_t *actions, float *rewards, unsigned char *done,
                       int threads)
{
  size_t i;
  int rc;
  if (!v || !actions) return ag__fail(AG_EINVAL, "ag_vec_step: vector or actions is NULL");
  /* Every action checked first: nothing moves when one is wrong. */
  for (i = 0; i < v->lanes; i++) {
    const ag_state *st = v->st[i];
    int p = ag_state_current_player(st), q;
    for (q = 0; q < 2; q++) {
      if (!chooses(p, q)) continue;
      if (!action_ok(v, st, q, actions[2 * i + (size_t)q]))
        return ag__fail(AG_EILLEGAL, "ag_vec_step: lane %zu: action %ld is not legal for %s here",
                        i, (long)actions[2 * i + (size_t)q], ag_game_player_name(v->g, q));
    }
  }
  memset(v->plies, 0, v->lanes * sizeof *v->plies);
  memset(v->ended, 0, v->lanes);
  rc = for_each_block(v, threads, step_work, actions, NULL);
  if (rc != AG_OK) {
    /* Only AG_ENOMEM can get here (the actions were legal): take every lane
     * back by the plies this step gave it. */
    for (i = 0; i < v->lanes; i++) {
      while (v->plies[i]) {
        ag_state_undo(v->st[i]);
        v->plies[i]--;
      }
    }
    return ag__fail(rc, "ag_vec_step: out of memory (no lane moved)");
  }
  for (i = 0; i < v->lanes; i++) {
    const ag_state *st = v->st[i];
    if (rewards) {
      rewards[2 * i] = rewards[2 * i + 1] = 0.0f;
      if (v->ended[i]) {
        double r[2];
        if (ag_state_returns(st, r, 2) == AG_OK) {
          rewards[2 * i] = (float)r[0];
          rewards[2 * i + 1] = (float)r[1];
        }
      }
    }
    if (done) {
      int winner, reason = AG_END_NONE;
      done[i] = 0;
      if (ag_state_is_terminal(st)) {
        ag_state_outcome(st, &winner, &reason);
        done[i] = reason == AG_END_PLY_LIMIT ? 2 : 1;
      }
    }
  }
  if (v->flags & AG_VEC_AUTORESET) {
    for (i = 0; i < v->lanes; i++) {
      uint32_t plies = 0;
      if (!v->ended[i]) continue;
      ag_state_reset(v->st[i]);
      /* The reset kept the history's capacity: these plies do not allocate. */
      settle_chance(v->st[i], &v->chance_rng[i], &plies);
    }
  }
  return AG_OK;
}

AG_API int ag_vec_observations(const ag_vec *v, float *buf, size_t cap, int threads)
{
  if (!v || !buf) return ag__fail(AG_EINVAL, "ag_vec_observations: vector or buf is NULL");
  if (cap / (v->obs_size ? v->obs_size : 1) < v->lanes)
    return ag__fail(AG_EBUFS, "ag_vec_observations: %zu floats needed, buffer holds %zu",
                    v->lanes * v->obs_size, cap);
  return for_each_block((ag_vec *)v, threads, obs_work, NULL, buf);
}

AG_API int ag_vec_action_masks(const ag_vec *v, unsigned char *masks, size_t cap)
{
  size_t i, a = v ? v->actions : 0;
  if (!v || !masks) return ag__fail(AG_EINVAL, "ag_vec_action_masks: vector or masks is NULL");
  if (cap / (2 * a) < v->lanes)
    return ag__fail(AG_EBUFS, "ag_vec_action_masks: %zu bytes needed, buffer holds %zu",
                    v->lanes * 2 * a, cap);
  for (i = 0; i < v->lanes; i++) {
    const ag_state *st = v->st[i];
    int p = ag_state_current_player(st), q;
    for (q = 0; q < 2; q++) {
      unsigned char *mk = masks + (2 * i + (size_t)q) * a;
      if (chooses(p, q)) {
        int rc = ag_state_action_mask(st, q, mk, a, NULL);
        if (rc != AG_OK) return rc;
      } else {
        memset(mk, 0, a);
      }
    }
  }
  return AG_OK;
}

AG_API int ag_vec_players(const ag_vec *v, int *players)
{
  size_t i;
  if (!v || !players) return ag__fail(AG_EINVAL, "ag_vec_players: vector or players is NULL");
  for (i = 0; i < v->lanes; i++) players[i] = ag_state_current_player(v->st[i]);
  return AG_OK;
}

AG_API int ag_vec_random_actions(ag_vec *v, int32_t *actions)
{
  size_t i;
  if (!v || !actions) return ag__fail(AG_EINVAL, "ag_vec_random_actions: vector or actions is NULL");
  for (i = 0; i < v->lanes; i++) {
    const ag_state *st = v->st[i];
    int p = ag_state_current_player(st), q;
    for (q = 0; q < 2; q++) {
      ag_move mv[AG__MAX_MOVES];
      size_t n = 0, act = 0;
      actions[2 * i + (size_t)q] = -1;
      if (!chooses(p, q)) continue;
      if (ag_state_legal_moves(st, q, mv, AG__MAX_MOVES, &n) != AG_OK || n == 0) continue;
      ag_game_move_action(v->g, mv[ag_rng_below(&v->action_rng[i], n)], &act);
      actions[2 * i + (size_t)q] = (int32_t)act;
    }
  }
  return AG_OK;
}
