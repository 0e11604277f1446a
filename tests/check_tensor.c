/* SPDX-License-Identifier: MIT */
/*
 * check_tensor.c -- the action index and the observation tensor
 * (ag_game_num_actions ... ag_state_action_mask).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include "check_main.h"

/* Every game with option sets that change its moves or board. */
static const char *const specs[] = {
  "hare", "hare(hunters=10,first=hare,chain=0)", "hare(repetition=0,max_plies=60)",
  "liubo_sticks", "liubo_sticks(promotion=forced,stone_capture=reserve,owl_capture=removed)",
  "liubo_sticks(loop=pass,five=immediate,rethrow=bead,max_turns=40)",
  "liubo_fingers", "liubo_fingers(hands=2,board=48)",
  "liubo_fingers(scheme=guess,entry=exact,return=free)",
};
#define NSPECS (sizeof specs / sizeof specs[0])

/* Actions are the moves ag_move_info accepts, ascending, and the two maps invert. */
START_TEST(test_actions_are_the_games_moves)
{
  ag_game *g = new_game(specs[_i]);
  size_t n = ag_game_num_actions(g), a, back;
  ag_move m, prev = 0;
  int kind, from, to;
  ck_assert_uint_gt(n, 0);
  for (a = 0; a < n; a++) {
    ck_assert_int_eq(ag_game_action_move(g, a, &m), AG_OK);
    ck_assert_msg(a == 0 || m > prev, "%s: action %zu not ascending", specs[_i], a);
    ck_assert_int_eq(ag_move_info(g, m, &kind, &from, &to), AG_OK);
    ck_assert_int_eq(ag_game_move_action(g, m, &back), AG_OK);
    ck_assert_uint_eq(back, a);
    /* the value just above a move is a move only if it is the next action */
    if (ag_move_info(g, m + 1, &kind, &from, &to) == AG_OK) {
      ag_move next;
      ck_assert_uint_lt(a + 1, n);
      ck_assert_int_eq(ag_game_action_move(g, a + 1, &next), AG_OK);
      ck_assert_uint_eq(next, m + 1);
    } else {
      ck_assert_int_eq(ag_game_move_action(g, m + 1, &back), AG_EINVAL);
    }
    prev = m;
  }
  ck_assert_int_eq(ag_game_action_move(g, n, &m), AG_EINVAL);
  ck_assert_int_eq(ag_game_move_action(g, AG_MOVE_NONE, &back), AG_EINVAL);
  ck_assert_int_eq(ag_game_move_action(g, 0xffffffffu, &back), AG_EINVAL);
  ck_assert_int_eq(ag_game_action_move(NULL, 0, &m), AG_EINVAL);
  ck_assert_int_eq(ag_game_action_move(g, 0, NULL), AG_EINVAL);
  ck_assert_int_eq(ag_game_move_action(g, prev, NULL), AG_EINVAL);
  ck_assert_uint_eq(ag_game_num_actions(NULL), 0);
  ag_game_free(g);
}
END_TEST

/* Counted from the board alone: the hare hunt's actions are pass, a step each way
 * along every line (2 per edge) and each jump; liubo_sticks' include the 10 throws. */
START_TEST(test_action_counts)
{
  ag_game *g = new_game("hare");
  size_t a, steps = 0, jumps = 0, passes = 0;
  ag_move m;
  int kind, from, to;
  for (a = 0; a < ag_game_num_actions(g); a++) {
    ck_assert_int_eq(ag_game_action_move(g, a, &m), AG_OK);
    ag_move_info(g, m, &kind, &from, &to);
    steps += kind == AG_MOVE_STEP, jumps += kind == AG_MOVE_JUMP, passes += kind == AG_MOVE_PASS;
  }
  ck_assert_uint_eq(steps, 2 * (size_t)ag_game_num_edges(g));
  ck_assert_uint_eq(passes, 1);
  ck_assert_uint_eq(jumps, 80);   /* 3-point straight runs of the alquerque lines, both ways */
  ck_assert_uint_eq(ag_game_num_actions(g), 1 + steps + jumps);
  ag_game_free(g);

  g = new_game("liubo_sticks");
  for (a = passes = 0; a < ag_game_num_actions(g); a++) {
    ag_game_action_move(g, a, &m);
    ag_move_info(g, m, &kind, &from, &to);
    passes += kind == AG_MOVE_CHANCE;
  }
  ck_assert_uint_eq(passes, 10);
  ag_game_free(g);
}
END_TEST

/* The mask of each player (and of chance) is exactly the legal list. */
static void check_mask(const ag_state *st, const ag_game *g, int player)
{
  unsigned char mask[8192];
  ag_move mv[512];
  size_t n, len, a, k, set = 0;
  ck_assert_int_eq(ag_state_legal_moves(st, player, mv, 512, &n), AG_OK);
  ck_assert_int_eq(ag_state_action_mask(st, player, mask, sizeof mask, &len), AG_OK);
  ck_assert_uint_eq(len, ag_game_num_actions(g));
  for (k = 0; k < n; k++) {
    ck_assert_int_eq(ag_game_move_action(g, mv[k], &a), AG_OK);
    ck_assert_uint_eq(mask[a], 1);
  }
  for (a = 0; a < len; a++) {      /* every legal move set, and nothing else */
    ck_assert_uint_le(mask[a], 1);
    set += mask[a];
  }
  ck_assert_uint_eq(set, n);
}

/* Planes hold what the state's accessors say: pieces, the side to act, counters. */
static void check_observation(const ag_state *st, const ag_game *g, const float *obs,
                              size_t planes, size_t nodes)
{
  size_t k, node;
  int owner, kind, count, i, p = ag_state_current_player(st);
  double total = 0, expect = 0;
  for (node = 0; node < nodes; node++)
    for (i = 0; ag_state_piece(st, (int)node, i, &owner, &kind, &count) == 1; i++)
      expect += count;
  for (k = 0; k < planes; k++) {
    const char *name = ag_game_observation_plane(g, k);
    ck_assert_ptr_nonnull(name);
    if (strchr("hsof", name[0]) && strstr(name, "/") && !strstr(name, ":"))
      for (node = 0; node < nodes; node++) total += obs[k * nodes + node];
    if (strncmp(name, "to_move/", 8) == 0) {
      float want = (name[8] == '0' && p == 0) || (name[8] == '1' && p == 1) ||
                   (name[8] == 'c' && p == AG_PLAYER_CHANCE) ||
                   (name[8] == 's' && p == AG_PLAYER_SIMULTANEOUS);
      for (node = 0; node < nodes; node++) ck_assert(obs[k * nodes + node] == want);
    }
    if (strncmp(name, "info:", 5) == 0) {
      /* "info:KEY" or "info:KEY/P": every node holds ag_state_info(KEY, P) */
      static const struct { const char *word; ag_info key; } keys[] = {
        {"pending_steps", AG_INFO_PENDING_STEPS}, {"score", AG_INFO_SCORE},
        {"captured", AG_INFO_CAPTURED}, {"prisoners", AG_INFO_PRISONERS},
        {"counter", AG_INFO_COUNTER}, {"reserve", AG_INFO_RESERVE}, {"chain", AG_INFO_CHAIN}};
      size_t j, len = strcspn(name + 5, "/");
      int v, index = name[5 + len] == '/' ? atoi(name + 6 + len) : 0, found = 0;
      for (j = 0; j < sizeof keys / sizeof keys[0]; j++)
        if (strlen(keys[j].word) == len && strncmp(name + 5, keys[j].word, len) == 0) {
          ck_assert_int_eq(ag_state_info(st, keys[j].key, index, &v), AG_OK);
          for (node = 0; node < nodes; node++)
            ck_assert_msg(obs[k * nodes + node] == (float)v, "%s: plane %s holds %g, info %d",
                          ag_game_spec(g), name, obs[k * nodes + node], v);
          found = 1;
        }
      ck_assert_msg(found, "plane %s: no such info key", name);
    }
  }
  /* every piece the state reports is in a piece plane (all kinds of the game) */
  ck_assert_msg(total == expect, "%s: pieces in planes %g, on nodes %g", ag_game_spec(g), total,
                expect);
}

/* A small open-addressing set of (tensor hash -> first position text). */
#define SEEN 65536
typedef struct seen { uint64_t key, hash; char text[200]; } seen;

static uint64_t fnv(const void *p, size_t n)
{
  const unsigned char *b = p;
  uint64_t h = 1469598103934665603u;
  while (n--) h = (h ^ *b++) * 1099511628211u;
  return h;
}

/* Random games of every spec: masks match the legal lists at every node kind, planes
 * match the accessors, and no two different positions share a tensor even without
 * the move counter: positions are told apart by ag_state_hash(), which leaves the
 * clocks out. */
START_TEST(test_random_games_masks_and_distinct_observations)
{
  ag_game *g = new_game(specs[_i]);
  ag_state *st = new_state(g, NULL);
  size_t planes, nodes, len, games, positions = 0;
  float *obs;
  seen *table = calloc(SEEN, sizeof *table);
  uint64_t rng = 1000 + (uint64_t)_i;
  char text[200];
  ck_assert_ptr_nonnull(table);
  ck_assert_int_eq(ag_game_observation_shape(g, &planes, &nodes), AG_OK);
  ck_assert_uint_eq(nodes, (size_t)ag_game_num_nodes(g));
  obs = malloc(planes * nodes * sizeof *obs);
  ck_assert_ptr_nonnull(obs);
  for (games = 0; games < 30 && positions < 400; games++) {
    ag_state_reset(st);
    do {
      int p = ag_state_current_player(st);
      if (p == AG_PLAYER_TERMINAL) break;
      if (p == AG_PLAYER_SIMULTANEOUS) check_mask(st, g, 0), check_mask(st, g, 1);
      else check_mask(st, g, p);
      ck_assert_int_eq(ag_state_observation(st, obs, planes * nodes, &len), AG_OK);
      ck_assert_uint_eq(len, planes * nodes);
      check_observation(st, g, obs, planes, nodes);
      ck_assert_int_eq(ag_state_to_text(st, text, sizeof text, NULL), AG_OK);
      {
        uint64_t h, hash = ag_state_hash(st);
        size_t slot, k;
        for (k = 0; k < planes; k++)     /* the clock is no part of the position */
          if (strcmp(ag_game_observation_plane(g, k), "info:counter") == 0)
            memset(obs + k * nodes, 0, nodes * sizeof *obs);
        h = fnv(obs, len * sizeof *obs) | 1;
        slot = h % SEEN;
        while (table[slot].key && table[slot].key != h) slot = (slot + 1) % SEEN;
        if (table[slot].key)
          ck_assert_msg(table[slot].hash == hash,
                        "%s: one observation for two positions:\n  %s\n  %s", specs[_i],
                        table[slot].text, text);
        else if (++positions < SEEN / 2) {
          table[slot].key = h, table[slot].hash = hash;
          strcpy(table[slot].text, text);
        }
      }
    } while (ag_test_random_ply(st, &rng) && ag_state_ply(st) < 300);
  }
  ck_assert_uint_gt(positions, 150);
  free(obs);
  free(table);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* The buffer protocol and bad arguments; a failed call writes nothing. */
START_TEST(test_buffers_and_errors)
{
  ag_game *g = new_game("liubo_sticks");
  ag_state *st = new_state(g, NULL);
  size_t planes, nodes, len = 0;
  float small[4] = {7, 7, 7, 7};
  unsigned char mask[4] = {9, 9, 9, 9};
  ck_assert_int_eq(ag_game_observation_shape(g, &planes, &nodes), AG_OK);
  ck_assert_int_eq(ag_game_observation_shape(g, NULL, NULL), AG_OK);
  ck_assert_int_eq(ag_game_observation_shape(NULL, &planes, &nodes), AG_EINVAL);
  ck_assert_int_eq(ag_state_observation(st, NULL, 0, &len), AG_EBUFS);
  ck_assert_uint_eq(len, planes * nodes);
  ck_assert_int_eq(ag_state_observation(st, small, 4, &len), AG_EBUFS);
  ck_assert(small[0] == 7 && small[3] == 7);
  ck_assert_int_eq(ag_state_observation(st, NULL, 4, &len), AG_EINVAL);
  ck_assert_int_eq(ag_state_observation(NULL, small, 4, &len), AG_EINVAL);
  ck_assert_int_eq(ag_state_action_mask(st, AG_PLAYER_CHANCE, NULL, 0, &len), AG_EBUFS);
  ck_assert_uint_eq(len, ag_game_num_actions(g));
  ck_assert_int_eq(ag_state_action_mask(st, AG_PLAYER_CHANCE, mask, 4, NULL), AG_EBUFS);
  ck_assert_uint_eq(mask[0], 9);
  ck_assert_int_eq(ag_state_action_mask(st, 2, mask, 4, NULL), AG_EINVAL);
  ck_assert_int_eq(ag_state_action_mask(st, 0, NULL, 4, NULL), AG_EINVAL);
  ck_assert_int_eq(ag_state_action_mask(NULL, 0, mask, 4, NULL), AG_EINVAL);
  ck_assert_ptr_null(ag_game_observation_plane(g, planes));
  ck_assert_ptr_null(ag_game_observation_plane(NULL, 0));
  ck_assert_str_eq(ag_game_observation_plane(g, 0), "stone/0");
  ck_assert_str_eq(ag_game_observation_plane(g, planes - 1), "liubo_sticks:bead");
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* The hare hunt's start: 12 hunters and the hare, hunters to move. */
START_TEST(test_hare_start_planes)
{
  ag_game *g = new_game("hare");
  ag_state *st = new_state(g, NULL);
  size_t planes, nodes, node;
  float obs[11 * 25];
  double hunters = 0, hares = 0;
  ck_assert_int_eq(ag_game_observation_shape(g, &planes, &nodes), AG_OK);
  ck_assert_uint_eq(planes, 11);
  ck_assert_uint_eq(nodes, 25);
  ck_assert_int_eq(ag_state_observation(st, obs, sizeof obs / sizeof obs[0], NULL), AG_OK);
  for (node = 0; node < nodes; node++) {
    hunters += obs[0 * nodes + node], hares += obs[3 * nodes + node];
    ck_assert(obs[1 * nodes + node] == 0);                        /* hunter/1 */
    ck_assert(obs[2 * nodes + node] == 0);                        /* hare/0 */
    ck_assert(obs[4 * nodes + node] == 1 && obs[5 * nodes + node] == 0);  /* to_move */
  }
  ck_assert(hunters == 12 && hares == 1);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* liubo_fingers' wired-stick planes: wired/0 holds White's wired sticks
 * and wired/1 Black's, the same at every node; two positions where one
 * side has a wired stick and the other none (the seed-40 survivor
 * lib/games/liubo_fingers.c:1623, `p->wired[0]' in wired/1, showed White's
 * count in both planes). */
START_TEST(test_liubo_fingers_wired_planes)
{
  static const struct { const char *text; float w0, w1; } pos[] = {
    { "white=V_NE*:1 black=- prisoners=5,3 home=2,1 sticks=1+1,1+0 fish=w,c phase=guess "
      "rounds=0", 1, 0 },
    { "white=- black=V_SW*:1 prisoners=3,5 home=1,2 sticks=1+0,1+1 fish=c,b phase=guess "
      "rounds=0", 0, 1 },
  };
  ag_game *g = new_game("liubo_fingers");
  ag_state *st = new_state(g, NULL);
  size_t planes, nodes, len, k, w0 = SIZE_MAX, w1 = SIZE_MAX, i, node;
  float *obs;
  char text[200];
  ck_assert_int_eq(ag_game_observation_shape(g, &planes, &nodes), AG_OK);
  for (k = 0; k < planes; k++) {
    if (strcmp(ag_game_observation_plane(g, k), "liubo_fingers:wired/0") == 0) w0 = k;
    if (strcmp(ag_game_observation_plane(g, k), "liubo_fingers:wired/1") == 0) w1 = k;
  }
  ck_assert_uint_eq(w0, 14);
  ck_assert_uint_eq(w1, 15);
  obs = malloc(planes * nodes * sizeof *obs);
  ck_assert_ptr_nonnull(obs);
  for (i = 0; i < sizeof pos / sizeof pos[0]; i++) {
    ck_assert_msg(ag_state_set_text(st, pos[i].text) == AG_OK, "%s", ag_errmsg());
    ck_assert_int_eq(ag_state_to_text(st, text, sizeof text, NULL), AG_OK);
    ck_assert_str_eq(text, pos[i].text);
    ck_assert_int_eq(ag_state_observation(st, obs, planes * nodes, &len), AG_OK);
    ck_assert_uint_eq(len, planes * nodes);
    for (node = 0; node < nodes; node++) {
      ck_assert_msg(obs[w0 * nodes + node] == pos[i].w0, "position %zu node %zu: wired/0 %g",
                    i, node, (double)obs[w0 * nodes + node]);
      ck_assert_msg(obs[w1 * nodes + node] == pos[i].w1, "position %zu node %zu: wired/1 %g",
                    i, node, (double)obs[w1 * nodes + node]);
    }
  }
  free(obs);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

static Suite *tensor_suite(void)
{
  Suite *s = suite_create("tensor");
  TCase *tc = tcase_create("tensor");
  tcase_add_loop_test(tc, test_actions_are_the_games_moves, 0, NSPECS);
  tcase_add_test(tc, test_action_counts);
  tcase_add_loop_test(tc, test_random_games_masks_and_distinct_observations, 0, NSPECS);
  tcase_add_test(tc, test_buffers_and_errors);
  tcase_add_test(tc, test_hare_start_planes);
  tcase_add_test(tc, test_liubo_fingers_wired_planes);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) { return ag_test_run(tensor_suite()); }
