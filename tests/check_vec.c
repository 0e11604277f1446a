/* SPDX-License-Identifier: MIT */
/*
 * check_vec.c -- the vectorized environment (ag_vec_*) plays exactly the games
 * that the per-ply API plays with the documented RNG streams: lane i draws its
 * chance from the (2i+1)-th output of ag_rng_next() from the seed and its random
 * actions from the (2i+2)-th.  Every step compares each lane's hash, text,
 * observation, masks, player, rewards and done flag with a replay through
 * ag_state_apply / ag_state_apply_joint / ag_state_sample_chance, and at the end
 * the records.  Also: the lane count and the thread count change nothing,
 * autoreset, truncation at a cap, and every error leaves every lane as it was.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check_main.h"

#define GOLDEN UINT64_C(0x9E3779B97F4A7C15)

static const char *const specs[] = {
  "hare", "hare(hunters=10,first=hare)", "liubo_sticks",
  "liubo_sticks(stone_capture=reserve,rethrow=bead)", "liubo_fingers(max_rounds=60)",
  "liubo_fingers(hands=2,scheme=guess,max_rounds=40)",
};
#define NSPECS (sizeof specs / sizeof specs[0])

/* The k-th output of ag_rng_next() from seed, stepped the slow way. */
static uint64_t nth(uint64_t seed, uint64_t k)
{
  uint64_t s = seed, r = 0;
  while (k--) r = ag_rng_next(&s);
  return r;
}

/* Draws chance outcomes until the state is not at a chance node. */
static void settle(ag_state *st, uint64_t *rng)
{
  while (ag_state_current_player(st) == AG_PLAYER_CHANCE) {
    ag_move m;
    ck_assert_int_eq(ag_state_sample_chance(st, rng, &m), AG_OK);
    ck_assert_int_eq(ag_state_apply(st, m), AG_OK);
  }
}

/* A replayed lane: its state and its two streams. */
typedef struct lane { ag_state *st; uint64_t chance, action; int over; } lane;

static void lane_init(lane *l, const ag_game *g, uint64_t seed, size_t i)
{
  ck_assert_int_eq(ag_state_new(g, &l->st), AG_OK);
  l->chance = nth(seed, 2 * i + 1);
  l->action = nth(seed, 2 * i + 2);
  l->over = 0;
  settle(l->st, &l->chance);
}

/* One ply of the replay: the random action(s) vec draws, in its order. */
static void lane_ply(lane *l, const ag_game *g)
{
  int p = ag_state_current_player(l->st), q;
  ag_move mv[512], pick[2];
  size_t n;
  if (p == AG_PLAYER_TERMINAL) return;
  for (q = 0; q < 2; q++) {
    if (p != q && p != AG_PLAYER_SIMULTANEOUS) continue;
    ck_assert_int_eq(ag_state_legal_moves(l->st, q, mv, 512, &n), AG_OK);
    pick[q] = mv[ag_rng_below(&l->action, n)];
  }
  if (p == AG_PLAYER_SIMULTANEOUS)
    ck_assert_int_eq(ag_state_apply_joint(l->st, pick, 2), AG_OK);
  else
    ck_assert_int_eq(ag_state_apply(l->st, pick[p]), AG_OK);
  settle(l->st, &l->chance);
  (void)g;
}

/* Compares lane i of the vector with its replay: player, hash, text,
 * observation and masks. */
static void same_lane(const ag_vec *v, size_t i, const lane *l, const int *players,
                      const float *obs, size_t obs_size, const unsigned char *masks,
                      size_t actions)
{
  const ag_state *st = ag_vec_lane(v, i);
  char a[4096], b[4096];
  float *o = malloc(obs_size * sizeof *o);
  unsigned char *mk = malloc(actions);
  int p = ag_state_current_player(l->st), q;
  ck_assert_ptr_nonnull(o);
  ck_assert_ptr_nonnull(mk);
  ck_assert_int_eq(players[i], p);
  ck_assert_uint_eq(ag_state_hash(st), ag_state_hash(l->st));
  ck_assert_int_eq(ag_state_to_text(st, a, sizeof a, NULL), AG_OK);
  ck_assert_int_eq(ag_state_to_text(l->st, b, sizeof b, NULL), AG_OK);
  ck_assert_str_eq(a, b);
  ck_assert_int_eq(ag_state_observation(l->st, o, obs_size, NULL), AG_OK);
  ck_assert_msg(memcmp(o, obs + i * obs_size, obs_size * sizeof *o) == 0,
                "lane %zu: observation differs", i);
  for (q = 0; q < 2; q++) {
    if (p == q || p == AG_PLAYER_SIMULTANEOUS)
      ck_assert_int_eq(ag_state_action_mask(l->st, q, mk, actions, NULL), AG_OK);
    else
      memset(mk, 0, actions);
    ck_assert_msg(memcmp(mk, masks + (2 * i + (size_t)q) * actions, actions) == 0,
                  "lane %zu: player %d's mask differs", i, q);
  }
  free(o);
  free(mk);
}

/* Every lane of a vector of `lanes` equals its replay, step by step, until all
 * games are over; then the records are equal. */
START_TEST(lanes_are_the_api_games)
{
  const char *spec = specs[_i];
  ag_game *g = new_game(spec);
  const size_t lanes = 5;
  const uint64_t seed = 1000 + (uint64_t)_i;
  ag_vec *v;
  lane l[5];
  size_t planes, nodes, actions = ag_game_num_actions(g), i, steps = 0, over = 0;
  float *obs, rewards[10];
  unsigned char *masks, done[5];
  int32_t act[10];
  int players[5];
  ck_assert_int_eq(ag_game_observation_shape(g, &planes, &nodes), AG_OK);
  obs = malloc(lanes * planes * nodes * sizeof *obs);
  masks = malloc(lanes * 2 * actions);
  ck_assert_ptr_nonnull(obs);
  ck_assert_ptr_nonnull(masks);
  ck_assert_int_eq(ag_vec_new(g, lanes, seed, 0, &v), AG_OK);
  ck_assert_uint_eq(ag_vec_lanes(v), lanes);
  for (i = 0; i < lanes; i++) lane_init(&l[i], g, seed, i);
  while (over < lanes) {
    ck_assert_int_eq(ag_vec_players(v, players), AG_OK);
    ck_assert_int_eq(ag_vec_observations(v, obs, lanes * planes * nodes, (int)(steps % 3)), AG_OK);
    ck_assert_int_eq(ag_vec_action_masks(v, masks, lanes * 2 * actions), AG_OK);
    for (i = 0; i < lanes; i++) same_lane(v, i, &l[i], players, obs, planes * nodes, masks, actions);
    ck_assert_int_eq(ag_vec_random_actions(v, act), AG_OK);
    ck_assert_int_eq(ag_vec_step(v, act, rewards, done, (int)(steps % 4)), AG_OK);
    for (i = 0; i < lanes; i++) {
      int was_over = l[i].over;
      lane_ply(&l[i], g);
      if (ag_state_is_terminal(l[i].st)) {
        int winner, reason;
        double r[2];
        ag_state_outcome(l[i].st, &winner, &reason);
        ck_assert_int_eq(done[i], reason == AG_END_PLY_LIMIT ? 2 : 1);
        ck_assert_int_eq(ag_state_returns(l[i].st, r, 2), AG_OK);
        /* the rewards come once, in the step that ended the game */
        ck_assert(rewards[2 * i] == (was_over ? 0.0f : (float)r[0]));
        ck_assert(rewards[2 * i + 1] == (was_over ? 0.0f : (float)r[1]));
        if (!was_over) over++;
        l[i].over = 1;
      } else {
        ck_assert_int_eq(done[i], 0);
        ck_assert(rewards[2 * i] == 0.0f && rewards[2 * i + 1] == 0.0f);
      }
    }
    ck_assert_msg(++steps < 20000, "%s: games do not end", spec);
  }
  for (i = 0; i < lanes; i++) {
    size_t la, lb;
    char *a, *b;
    ck_assert_int_eq(ag_state_record(ag_vec_lane(v, i), NULL, 0, &la), AG_EBUFS);
    ck_assert_int_eq(ag_state_record(l[i].st, NULL, 0, &lb), AG_EBUFS);
    ck_assert_uint_eq(la, lb);
    a = malloc(la + 1);
    b = malloc(lb + 1);
    ck_assert_int_eq(ag_state_record(ag_vec_lane(v, i), a, la + 1, NULL), AG_OK);
    ck_assert_int_eq(ag_state_record(l[i].st, b, lb + 1, NULL), AG_OK);
    ck_assert_str_eq(a, b);
    free(a);
    free(b);
    ag_state_free(l[i].st);
  }
  ag_vec_free(v);
  free(obs);
  free(masks);
  ag_game_free(g);
}
END_TEST

/* Plays `steps` random steps of a vector of `lanes` on `threads` threads and
 * writes the hash of lane i after each step to hashes[step * keep + i], for
 * the first `keep` lanes. */
static void hashes_of(const ag_game *g, size_t lanes, int threads, size_t steps, size_t keep,
                      uint64_t *hashes)
{
  ag_vec *v;
  int32_t *act = malloc(2 * lanes * sizeof *act);
  size_t s, i;
  ck_assert_ptr_nonnull(act);
  ck_assert_int_eq(ag_vec_new(g, lanes, 77, AG_VEC_AUTORESET, &v), AG_OK);
  for (s = 0; s < steps; s++) {
    ck_assert_int_eq(ag_vec_random_actions(v, act), AG_OK);
    ck_assert_int_eq(ag_vec_step(v, act, NULL, NULL, threads), AG_OK);
    for (i = 0; i < keep; i++) hashes[s * keep + i] = ag_state_hash(ag_vec_lane(v, i));
  }
  ag_vec_free(v);
  free(act);
}

/* 3 lanes on one thread are the first 3 of 11 lanes on 4 threads. */
START_TEST(lanes_and_threads_change_nothing)
{
  ag_game *g = new_game(specs[_i]);
  enum { STEPS = 400, KEEP = 3 };
  uint64_t *a = malloc(STEPS * KEEP * sizeof *a), *b = malloc(STEPS * KEEP * sizeof *b);
  ck_assert_ptr_nonnull(a);
  ck_assert_ptr_nonnull(b);
  hashes_of(g, 3, 1, STEPS, KEEP, a);
  hashes_of(g, 11, 4, STEPS, KEEP, b);
  ck_assert_msg(memcmp(a, b, STEPS * KEEP * sizeof *a) == 0, "%s: lanes differ", specs[_i]);
  free(a);
  free(b);
  ag_game_free(g);
}
END_TEST

/* With AG_VEC_AUTORESET a lane that ended is back at its start within the same
 * step: the start position with only its opening chance drawn. */
START_TEST(autoreset_restarts_lanes)
{
  ag_game *g = new_game("hare(hunters=10)");
  ag_state *start = new_state(g, NULL);
  ag_vec *v;
  int32_t act[8];
  float rw[8];
  unsigned char done[4];
  size_t steps, ended = 0, i;
  ck_assert_int_eq(ag_vec_new(g, 4, 5, AG_VEC_AUTORESET, &v), AG_OK);
  for (steps = 0; steps < 5000 && ended < 10; steps++) {
    ck_assert_int_eq(ag_vec_random_actions(v, act), AG_OK);
    ck_assert_int_eq(ag_vec_step(v, act, rw, done, 1), AG_OK);
    for (i = 0; i < 4; i++) {
      const ag_state *st = ag_vec_lane(v, i);
      ck_assert(!ag_state_is_terminal(st));
      if (!done[i]) continue;
      ended++;
      ck_assert(rw[2 * i] + rw[2 * i + 1] == 0.0f);   /* the hare hunt is zero-sum */
      ck_assert_uint_eq(ag_state_ply(st), 0);
      ck_assert_uint_eq(ag_state_hash(st), ag_state_hash(start));
    }
  }
  ck_assert_uint_ge(ended, 10);
  ag_vec_free(v);
  ag_state_free(start);
  ag_game_free(g);
}
END_TEST

/* A game that reaches its cap reports done = 2, a finished lane without
 * autoreset stays as it is, reports done again and no reward. */
START_TEST(cap_is_truncation)
{
  ag_game *g = new_game("liubo_fingers(max_rounds=3)");
  ag_vec *v;
  int32_t act[2];
  float rw[2];
  unsigned char done[1] = {0};
  size_t steps;
  uint64_t h;
  ck_assert_int_eq(ag_vec_new(g, 1, 9, 0, &v), AG_OK);
  for (steps = 0; steps < 1000 && !done[0]; steps++) {
    ck_assert_int_eq(ag_vec_random_actions(v, act), AG_OK);
    ck_assert_int_eq(ag_vec_step(v, act, rw, done, 1), AG_OK);
  }
  ck_assert_int_eq(done[0], 2);
  ck_assert(rw[0] == 0.0f && rw[1] == 0.0f);   /* a draw at the cap */
  h = ag_state_hash(ag_vec_lane(v, 0));
  ck_assert_int_eq(ag_vec_random_actions(v, act), AG_OK);
  ck_assert_int_eq(act[0], -1);
  ck_assert_int_eq(act[1], -1);
  rw[0] = 5.0f;
  ck_assert_int_eq(ag_vec_step(v, act, rw, done, 1), AG_OK);
  ck_assert_int_eq(done[0], 2);
  ck_assert(rw[0] == 0.0f);
  ck_assert_uint_eq(ag_state_hash(ag_vec_lane(v, 0)), h);
  ag_vec_free(v);
  ag_game_free(g);
}
END_TEST

/* An illegal action anywhere: AG_EILLEGAL, a message naming the lane, and no
 * lane moved (the legal lanes before it included). */
START_TEST(bad_action_moves_nothing)
{
  ag_game *g = new_game("liubo_sticks");
  ag_vec *v;
  int32_t act[8];
  uint64_t before[4];
  size_t ply[4], i;
  ck_assert_int_eq(ag_vec_new(g, 4, 3, 0, &v), AG_OK);
  for (i = 0; i < 4; i++) {
    before[i] = ag_state_hash(ag_vec_lane(v, i));
    ply[i] = ag_state_ply(ag_vec_lane(v, i));
  }
  ck_assert_int_eq(ag_vec_random_actions(v, act), AG_OK);
  act[2 * 3 + ag_state_current_player(ag_vec_lane(v, 3))] = (int32_t)ag_game_num_actions(g);
  ck_assert_int_eq(ag_vec_step(v, act, NULL, NULL, 2), AG_EILLEGAL);
  ck_assert_ptr_nonnull(strstr(ag_errmsg(), "lane 3"));
  for (i = 0; i < 4; i++) {
    ck_assert_uint_eq(ag_state_hash(ag_vec_lane(v, i)), before[i]);
    ck_assert_uint_eq(ag_state_ply(ag_vec_lane(v, i)), ply[i]);
  }
  ck_assert_int_eq(ag_vec_random_actions(v, act), AG_OK);
  act[0] = act[1] = -7;   /* a negative action for whoever moves in lane 0 */
  ck_assert_int_eq(ag_vec_step(v, act, NULL, NULL, 1), AG_EILLEGAL);
  for (i = 0; i < 4; i++) ck_assert_uint_eq(ag_state_hash(ag_vec_lane(v, i)), before[i]);
  ag_vec_free(v);
  ag_game_free(g);
}
END_TEST

/* The second player's action is checked too: in hare after the hunters'
 * first ply the hare (player 1) moves, and an action out of range for it is
 * refused with no lane moved (the seed-39 survivor lib/vec.c:280, `q < 1',
 * checked only player 0's action). */
START_TEST(second_players_action_is_checked)
{
  ag_game *g = new_game("hare");
  ag_vec *v;
  int32_t act[6];
  size_t i;
  ck_assert_int_eq(ag_vec_new(g, 3, 5, 0, &v), AG_OK);
  ck_assert_int_eq(ag_vec_random_actions(v, act), AG_OK);
  ck_assert_int_eq(ag_vec_step(v, act, NULL, NULL, 1), AG_OK);
  for (i = 0; i < 3; i++) {
    ck_assert_int_eq(ag_state_current_player(ag_vec_lane(v, i)), 1);
    ck_assert_uint_eq(ag_state_ply(ag_vec_lane(v, i)), 1);
  }
  ck_assert_int_eq(ag_vec_random_actions(v, act), AG_OK);
  act[2 * 1 + 1] = 999999;
  ck_assert_int_eq(ag_vec_step(v, act, NULL, NULL, 1), AG_EILLEGAL);
  ck_assert_str_eq(ag_errmsg(), "ag_vec_step: lane 1: action 999999 is not legal for hare here");
  for (i = 0; i < 3; i++) ck_assert_uint_eq(ag_state_ply(ag_vec_lane(v, i)), 1);
  ag_vec_free(v);
  ag_game_free(g);
}
END_TEST

/* ag_vec_reset with the same seed gives the same games again; ag_vec_new's
 * seed is the reset's. */
START_TEST(reset_replays)
{
  ag_game *g = new_game("liubo_sticks");
  ag_vec *v;
  int32_t act[6];
  uint64_t first[3];
  size_t s, i;
  ck_assert_int_eq(ag_vec_new(g, 3, 11, 0, &v), AG_OK);
  for (s = 0; s < 50; s++) {
    ck_assert_int_eq(ag_vec_random_actions(v, act), AG_OK);
    ck_assert_int_eq(ag_vec_step(v, act, NULL, NULL, 1), AG_OK);
  }
  for (i = 0; i < 3; i++) first[i] = ag_state_hash(ag_vec_lane(v, i));
  ck_assert_int_eq(ag_vec_reset(v, 11), AG_OK);
  for (s = 0; s < 50; s++) {
    ck_assert_int_eq(ag_vec_random_actions(v, act), AG_OK);
    ck_assert_int_eq(ag_vec_step(v, act, NULL, NULL, 3), AG_OK);
  }
  for (i = 0; i < 3; i++) ck_assert_uint_eq(ag_state_hash(ag_vec_lane(v, i)), first[i]);
  ag_vec_free(v);
  ag_game_free(g);
}
END_TEST

static Suite *vec_suite(void)
{
  Suite *s = suite_create("vec");
  TCase *tc = tcase_create("vec");
  tcase_add_loop_test(tc, lanes_are_the_api_games, 0, NSPECS);
  tcase_add_loop_test(tc, lanes_and_threads_change_nothing, 0, NSPECS);
  tcase_add_test(tc, autoreset_restarts_lanes);
  tcase_add_test(tc, cap_is_truncation);
  tcase_add_test(tc, bad_action_moves_nothing);
  tcase_add_test(tc, reset_replays);
  tcase_add_test(tc, second_players_action_is_checked);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) { return ag_test_run(vec_suite()); }
