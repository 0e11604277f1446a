/* SPDX-License-Identifier: MIT */
/*
 * check_core.c -- the promises of the core API that hold for every game:
 * errors and messages, the buffer protocol, spec parsing, the RNG, clone and
 * copy, apply/undo restoring everything, text round trips, and the playout
 * being the same game as the public random loop.
 */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <ancientgames.h>
#include "check_main.h"

#define MAXMV 512

static void text_of(const ag_state *st, char *buf, size_t cap)
{
  ck_assert_int_eq(ag_state_to_text(st, buf, cap, NULL), AG_OK);
}

/* What a state shows: position text, hash, ply and the moves of its history. */
typedef struct snapshot {
  char text[4096];
  ag_move hist[1024];
  size_t n, ply;
  uint64_t hash;
} snapshot;

/* Records what st shows now into s. */
static void take_snapshot(const ag_state *st, snapshot *s)
{
  text_of(st, s->text, sizeof s->text);
  ck_assert_int_eq(ag_state_history(st, s->hist, sizeof s->hist / sizeof s->hist[0], &s->n), AG_OK);
  s->ply = ag_state_ply(st);
  s->hash = ag_state_hash(st);
}

/* Asserts that st shows exactly what s recorded. */
static void expect_snapshot(const ag_state *st, const snapshot *s)
{
  snapshot now;
  take_snapshot(st, &now);
  ck_assert_str_eq(now.text, s->text);
  ck_assert_uint_eq(now.ply, s->ply);
  ck_assert_uint_eq(now.hash, s->hash);
  ck_assert_uint_eq(now.n, s->n);
  ck_assert_int_eq(memcmp(now.hist, s->hist, s->n * sizeof s->hist[0]), 0);
}

/* Spec used for random games: a short cap keeps every game finite. */
static const char *capped_spec(size_t i)
{
  static const char *const known[][2] = {
    {"hare", "hare(max_plies=400)"},
    {"liubo_sticks", "liubo_sticks(max_turns=120)"},
    {"liubo_fingers", "liubo_fingers(max_rounds=300)"},
  };
  size_t k;
  for (k = 0; k < sizeof known / sizeof known[0]; k++)
    if (strcmp(known[k][0], ag_game_name_at(i)) == 0) return known[k][1];
  return ag_game_name_at(i);
}

START_TEST(test_version_and_strerror)
{
  ck_assert_uint_eq(ag_version(), AG_VERSION_NUMBER);
  ck_assert_str_eq(ag_version_string(), "0.4.0");
  ck_assert_str_eq(ag_strerror(AG_OK), "AG_OK");
  ck_assert_str_eq(ag_strerror(AG_ERROR), "AG_ERROR");
  ck_assert_str_eq(ag_strerror(AG_ENOMEM), "AG_ENOMEM");
  ck_assert_str_eq(ag_strerror(AG_EINVAL), "AG_EINVAL");
  ck_assert_str_eq(ag_strerror(AG_EBUFS), "AG_EBUFS");
  ck_assert_str_eq(ag_strerror(AG_EPARSE), "AG_EPARSE");
  ck_assert_str_eq(ag_strerror(AG_ENOTFOUND), "AG_ENOTFOUND");
  ck_assert_str_eq(ag_strerror(AG_EILLEGAL), "AG_EILLEGAL");
  ck_assert_str_eq(ag_strerror(AG_EPHASE), "AG_EPHASE");
  ck_assert_str_eq(ag_strerror(AG_EMISMATCH), "AG_EMISMATCH");
  ck_assert_str_eq(ag_strerror(-100), "unknown error");
}
END_TEST

START_TEST(test_rng_splitmix64)
{
  uint64_t s = 0, t = 1234567, u = 1234567;
  int i;
  /* Published SplitMix64 outputs for seed 0. */
  ck_assert_uint_eq(ag_rng_next(&s), UINT64_C(0xe220a8397b1dcdaf));
  ck_assert_uint_eq(ag_rng_next(&s), UINT64_C(0x6e789e6aa1b965f4));
  ck_assert_uint_eq(s, UINT64_C(0x9E3779B97F4A7C15) * 2);
  ck_assert_uint_eq(ag_rng_next(NULL), 0);
  ck_assert_uint_eq(ag_rng_below(&t, 0), 0);
  ck_assert_uint_eq(ag_rng_below(&t, 1), 0);
  ck_assert_uint_eq(t, 1234567);  /* bounds 0 and 1 draw nothing */
  for (i = 0; i < 1000; i++) {
    uint64_t a = ag_rng_below(&t, 7), expect;
    uint64_t r = ag_rng_next(&u);
    ck_assert_uint_lt(a, 7);
    expect = r % 7;               /* no rejection: threshold 2^64 mod 7 = 2 */
    if (r < 2) expect = ag_rng_next(&u) % 7;
    ck_assert_uint_eq(a, expect);
  }
}
END_TEST

/* The rejection branch of ag_rng_below: for bound 2^63 + 1 the threshold
 * 2^64 mod bound is 2^63 - 1, so about half the draws are rejected.  Each
 * rejected draw is skipped in the ag_rng_next stream, the accepted one is
 * reduced mod bound, and both generators end in the same state. */
START_TEST(test_rng_below_rejects)
{
  const uint64_t bound = (UINT64_C(1) << 63) + 1, threshold = (0 - bound) % bound;
  uint64_t t = 42, u = 42, r;
  int i, rejected = 0;
  ck_assert_uint_eq(threshold, (UINT64_C(1) << 63) - 1);
  for (i = 0; i < 200; i++) {
    uint64_t a = ag_rng_below(&t, bound);
    while ((r = ag_rng_next(&u)) < threshold) rejected++;
    ck_assert_uint_eq(a, r % bound);
    ck_assert_uint_eq(t, u);
  }
  ck_assert_int_gt(rejected, 0);
}
END_TEST

/* The SplitMix64 state whose next ag_rng_next() output is r (the output
 * function is a bijection: xor-shifts and odd multipliers undone). */
static uint64_t unxorshift(uint64_t y, int k)
{
  uint64_t x = y;
  int i;
  for (i = 0; i < 64 / k + 1; i++) x = y ^ (x >> k);
  return x;
}

static uint64_t inverse_odd(uint64_t c)
{
  uint64_t inv = c;
  int i;
  for (i = 0; i < 6; i++) inv *= 2 - c * inv;
  return inv;
}

static uint64_t state_before(uint64_t r)
{
  uint64_t z = unxorshift(r, 31) * inverse_odd(UINT64_C(0x94D049BB133111EB));
  z = unxorshift(z, 27) * inverse_odd(UINT64_C(0xBF58476D1CE4E5B9));
  return unxorshift(z, 30) - UINT64_C(0x9E3779B97F4A7C15);
}

/* ag_rng_below(bound) is the accepted draw mod bound for every small bound
 * (the library reduces those without a division): draws at the edges of
 * 2^64, of lcm(1..40) = 5342931457063200 and its multiples, and random ones. */
START_TEST(test_rng_below_small_bounds)
{
  const uint64_t lcm = UINT64_C(5342931457063200);
  const uint64_t edges[] = {0, 1, 2, 39, 40, 41, lcm - 1, lcm, lcm + 1, 2 * lcm - 1, 3 * lcm,
                            UINT64_MAX / lcm * lcm - 1, UINT64_MAX / lcm * lcm, UINT64_MAX - 1,
                            UINT64_MAX, UINT64_C(1) << 53, (UINT64_C(1) << 63) - 1,
                            UINT64_C(1) << 63};
  uint64_t bound, u = 99;
  size_t i;
  ck_assert_uint_eq(ag_rng_next((uint64_t[]){state_before(12345)}), 12345);
  for (bound = 2; bound <= 70; bound++) {
    for (i = 0; i < sizeof edges / sizeof edges[0] + 3000; i++) {
      uint64_t r = i < sizeof edges / sizeof edges[0] ? edges[i] : ag_rng_next(&u);
      uint64_t s = state_before(r), t = s;
      if (r < bound && r < (0 - bound) % bound) continue;  /* rejected: another draw */
      ck_assert_uint_eq(ag_rng_below(&s, bound), r % bound);
      ag_rng_next(&t);
      ck_assert_uint_eq(s, t);
    }
  }
}
END_TEST

START_TEST(test_registry)
{
  size_t i;
  ck_assert_uint_ge(ag_game_count(), 1);
  ck_assert_ptr_null(ag_game_name_at(ag_game_count()));
  for (i = 0; i < ag_game_count(); i++) {
    ag_game *g = new_game(ag_game_name_at(i));
    ck_assert_str_eq(ag_game_name(g), ag_game_name_at(i));
    ck_assert_int_eq(ag_game_num_players(g), 2);
    ck_assert_ptr_nonnull(ag_game_player_name(g, 0));
    ck_assert_ptr_nonnull(ag_game_player_name(g, 1));
    ck_assert_ptr_null(ag_game_player_name(g, 2));
    ck_assert_ptr_null(ag_game_player_name(g, -1));
    ck_assert_uint_gt(ag_game_limit(g, AG_LIMIT_LEGAL_MOVES), 0);
    ck_assert_uint_le(ag_game_limit(g, AG_LIMIT_LEGAL_MOVES), MAXMV);
    ck_assert_uint_eq(ag_game_limit(g, (ag_limit)99), 0);
    ag_game_free(g);
  }
}
END_TEST

START_TEST(test_spec_canonical)
{
  ag_game *g = new_game("hare"), *h;
  size_t i;
  ck_assert_str_eq(ag_game_spec(g),
                   "hare(hunters=12,first=hunters,chain=1,repetition=3,max_plies=1000)");
  ag_game_free(g);
  g = new_game(" hare ( max_plies = 50 , hunters=10,first=hare ) ");
  ck_assert_str_eq(ag_game_spec(g),
                   "hare(hunters=10,first=hare,chain=1,repetition=3,max_plies=50)");
  ag_game_free(g);
  g = new_game("hare()");
  ck_assert_str_eq(ag_game_spec(g),
                   "hare(hunters=12,first=hunters,chain=1,repetition=3,max_plies=1000)");
  ag_game_free(g);
  g = new_game("hare(hunters=011)");
  ck_assert_str_eq(ag_game_spec(g),
                   "hare(hunters=11,first=hunters,chain=1,repetition=3,max_plies=1000)");
  ag_game_free(g);
  for (i = 0; i < ag_game_count(); i++) {
    g = new_game(ag_game_name_at(i));
    h = new_game(ag_game_spec(g));
    ck_assert_str_eq(ag_game_spec(g), ag_game_spec(h));
    ag_game_free(g);
    ag_game_free(h);
  }
}
END_TEST

static void expect_spec_error(const char *spec, int code, const char *in_message)
{
  ag_game *g = (ag_game *)1;
  ck_assert_int_eq(ag_game_new(spec, &g), code);
  ck_assert_ptr_null(g);
  ck_assert_msg(strstr(ag_errmsg(), in_message) != NULL, "%s: message '%s' lacks '%s'", spec,
                ag_errmsg(), in_message);
}

START_TEST(test_spec_errors)
{
  ag_game *g = NULL;
  ck_assert_int_eq(ag_game_new(NULL, &g), AG_EINVAL);
  ck_assert_int_eq(ag_game_new("hare", NULL), AG_EINVAL);
  expect_spec_error("chess", AG_ENOTFOUND, "unknown game 'chess'");
  expect_spec_error("hare(foo=1)", AG_ENOTFOUND, "options are hunters, first, chain, repetition, max_plies");
  expect_spec_error("hare(hunters=9)", AG_EPARSE, "from 10 to 12");
  expect_spec_error("hare(hunters=13)", AG_EPARSE, "at byte 13");
  expect_spec_error("hare(first=rabbit)", AG_EPARSE, "hunters|hare");
  expect_spec_error("hare(hunters=12", AG_EPARSE, "byte 15");
  expect_spec_error("hare(hunters=12,hunters=11)", AG_EPARSE, "given twice");
  expect_spec_error("hare(hunters)", AG_EPARSE, "'=' expected at byte 12");
  expect_spec_error("hare)", AG_EPARSE, "unexpected ')' at byte 4");
  expect_spec_error("", AG_EPARSE, "game name expected at byte 0");
  expect_spec_error("hare(repetition=1)", AG_EPARSE, "repetition must be 0, 2 or 3");
  expect_spec_error("hare(max_plies=-1)", AG_EPARSE, "max_plies");
  expect_spec_error("hare(max_plies=99999999999999999999)", AG_EPARSE, "max_plies");
  expect_spec_error("hare(hunters=11a)", AG_EPARSE, "bad value '11a' for hunters at byte 13");
}
END_TEST

/* Every entry point given NULL handles answers with an error, never a crash. */
START_TEST(test_null_handles)
{
  ag_move m = 0;
  uint32_t w[4], total;
  uint64_t rng = 1;
  size_t n;
  int x, y, k;
  char buf[16];
  double r[2];
  ag_state *st = (ag_state *)1;
  ag_game_free(NULL);
  ag_state_free(NULL);
  ag_state_reset(NULL);
  ck_assert_ptr_null(ag_game_name(NULL));
  ck_assert_ptr_null(ag_game_spec(NULL));
  ck_assert_uint_eq(ag_game_flags(NULL), 0);
  ck_assert_int_eq(ag_game_num_players(NULL), AG_EINVAL);
  ck_assert_str_eq(ag_errmsg(), "ag_game_num_players: game is NULL");
  ck_assert_ptr_null(ag_game_player_name(NULL, 0));
  ck_assert_uint_eq(ag_game_limit(NULL, AG_LIMIT_LEGAL_MOVES), 0);
  ck_assert_int_eq(ag_game_num_nodes(NULL), AG_EINVAL);
  ck_assert_int_eq(ag_game_node(NULL, 0, &x, &y, &k), AG_EINVAL);
  ck_assert_ptr_null(ag_game_node_name(NULL, 0));
  ck_assert_int_eq(ag_game_node_find(NULL, "c3", &k), AG_EINVAL);
  ck_assert_int_eq(ag_game_num_edges(NULL), AG_EINVAL);
  ck_assert_int_eq(ag_game_edge(NULL, 0, &x, &y, &k), AG_EINVAL);
  ag_game_extent(NULL, &x, &y);
  ck_assert_int_eq(x, 0);
  ck_assert_int_eq(ag_move_to_text(NULL, 1, buf, sizeof buf, &n), AG_EINVAL);
  ck_assert_int_eq(ag_move_from_text(NULL, "pass", &m), AG_EINVAL);
  ck_assert_int_eq(ag_move_info(NULL, 1, &x, &y, &k), AG_EINVAL);
  ck_assert_int_eq(ag_state_new(NULL, &st), AG_EINVAL);
  ck_assert_ptr_null(st);
  ck_assert_int_eq(ag_state_clone(NULL, &st), AG_EINVAL);
  ck_assert_int_eq(ag_state_copy(NULL, NULL), AG_EINVAL);
  ck_assert_int_eq(ag_state_reserve(NULL, 10), AG_EINVAL);
  ck_assert_ptr_null(ag_state_game(NULL));
  ck_assert_int_eq(ag_state_current_player(NULL), AG_EINVAL);
  ck_assert_int_eq(ag_state_is_terminal(NULL), AG_EINVAL);
  ck_assert_uint_eq(ag_state_ply(NULL), 0);
  ck_assert_int_eq(ag_state_legal_moves(NULL, 0, &m, 1, &n), AG_EINVAL);
  ck_assert_int_eq(ag_state_is_legal(NULL, 0, 1), AG_EINVAL);
  ck_assert_int_eq(ag_state_chance_outcomes(NULL, &m, w, 4, &n, &total), AG_EINVAL);
  ck_assert_int_eq(ag_state_sample_chance(NULL, &rng, &m), AG_EINVAL);
  ck_assert_int_eq(ag_state_apply(NULL, 1), AG_EINVAL);
  ck_assert_int_eq(ag_state_apply_joint(NULL, &m, 2), AG_EINVAL);
  ck_assert_int_eq(ag_state_undo(NULL), AG_EINVAL);
  ck_assert_int_eq(ag_state_history(NULL, &m, 1, &n), AG_EINVAL);
  ck_assert_int_eq(ag_state_playout(NULL, &rng, 0, &n, &x, &y), AG_EINVAL);
  ck_assert_uint_eq(ag_state_hash(NULL), 0);
  ck_assert_int_eq(ag_state_equal(NULL, NULL), AG_EINVAL);
  ck_assert_int_eq(ag_state_piece(NULL, 0, 0, &x, &y, &k), AG_EINVAL);
  ck_assert_int_eq(ag_state_info(NULL, AG_INFO_COUNTER, 0, &x), AG_EINVAL);
  ck_assert_int_eq(ag_state_outcome(NULL, &x, &y), AG_EINVAL);
  ck_assert_int_eq(ag_state_returns(NULL, r, 2), AG_EINVAL);
  ck_assert_int_eq(ag_state_to_text(NULL, buf, sizeof buf, &n), AG_EINVAL);
  ck_assert_int_eq(ag_state_set_text(NULL, "x"), AG_EINVAL);
  ck_assert_int_eq(ag_state_render(NULL, buf, sizeof buf, &n), AG_EINVAL);
}
END_TEST

/* NULL out-pointers and out-of-range arguments on valid handles. */
START_TEST(test_bad_arguments)
{
  ag_game *g = new_game("hare");
  ag_state *st = new_state(g, NULL);
  ag_move m;
  size_t n;
  int x;
  uint64_t rng = 1;
  ck_assert_int_eq(ag_state_legal_moves(st, 0, NULL, 0, NULL), AG_EINVAL);
  ck_assert_int_eq(ag_state_legal_moves(st, 0, NULL, 5, &n), AG_EINVAL);
  ck_assert_int_eq(ag_state_legal_moves(st, 7, &m, 1, &n), AG_EINVAL);
  ck_assert_int_eq(ag_state_legal_moves(st, AG_PLAYER_SIMULTANEOUS, &m, 1, &n), AG_EINVAL);
  ck_assert_int_eq(ag_state_is_legal(st, 3, 1), AG_EINVAL);
  ck_assert_int_eq(ag_game_node(g, 25, &x, &x, &x), AG_EINVAL);
  ck_assert_int_eq(ag_game_node(g, -1, &x, &x, &x), AG_EINVAL);
  ck_assert_ptr_null(ag_game_node_name(g, 25));
  ck_assert_int_eq(ag_game_edge(g, 56, &x, &x, &x), AG_EINVAL);
  ck_assert_int_eq(ag_game_node_find(g, "z9", &x), AG_ENOTFOUND);
  ck_assert_int_eq(ag_game_node_find(g, NULL, &x), AG_EINVAL);
  ck_assert_int_eq(ag_move_from_text(g, NULL, &m), AG_EINVAL);
  ck_assert_int_eq(ag_move_from_text(g, "pass", NULL), AG_EINVAL);
  ck_assert_int_eq(ag_state_piece(st, 99, 0, &x, &x, &x), AG_EINVAL);
  ck_assert_int_eq(ag_state_piece(st, 0, -1, &x, &x, &x), AG_EINVAL);
  ck_assert_int_eq(ag_state_info(st, AG_INFO_COUNTER, 0, NULL), AG_EINVAL);
  ck_assert_int_eq(ag_state_info(st, (ag_info)999, 0, &x), AG_ENOTFOUND);
  ck_assert_int_eq(ag_state_sample_chance(st, NULL, &m), AG_EINVAL);
  ck_assert_int_eq(ag_state_playout(st, NULL, 0, NULL, NULL, NULL), AG_EINVAL);
  ck_assert_int_eq(ag_state_playout(st, &rng, 5, &n, NULL, NULL), AG_OUTCOME_ONGOING);
  ck_assert_uint_eq(n, 5);
  ck_assert_int_eq(ag_state_apply_joint(st, NULL, 2), AG_EINVAL);
  ck_assert_int_eq(ag_state_set_text(st, NULL), AG_EINVAL);
  ck_assert_int_eq(ag_state_returns(st, NULL, 2), AG_EINVAL);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

START_TEST(test_buffer_protocol)
{
  ag_game *g = new_game("hare");
  ag_state *st = new_state(g, NULL);
  char full[128], small[8];
  ag_move mv[MAXMV], few[3];
  size_t len = 0, n = 0;
  text_of(st, full, sizeof full);
  ck_assert_int_eq(ag_state_to_text(st, NULL, 0, &len), AG_EBUFS);
  ck_assert_uint_eq(len, strlen(full));
  ck_assert_uint_lt(len, ag_game_limit(g, AG_LIMIT_POSITION_TEXT));
  memset(small, 'z', sizeof small);
  ck_assert_int_eq(ag_state_to_text(st, small, sizeof small, &len), AG_EBUFS);
  ck_assert_uint_eq(len, strlen(full));
  ck_assert_str_eq(small, "...../."); /* a NUL-terminated prefix */
  ck_assert_int_eq(ag_state_to_text(st, full, len + 1, &len), AG_OK);
  ck_assert_int_eq(ag_state_to_text(st, full, len, NULL), AG_EBUFS);
  ck_assert_msg(strstr(ag_errmsg(), "needs 36 bytes") != NULL, "%s", ag_errmsg());
  ck_assert_int_eq(ag_state_legal_moves(st, 0, NULL, 0, &n), AG_EBUFS);
  ck_assert_uint_eq(n, 8);
  ck_assert_int_eq(ag_state_legal_moves(st, 0, few, 3, &n), AG_EBUFS);
  ck_assert_uint_eq(n, 8);
  ck_assert_int_eq(ag_state_legal_moves(st, 0, mv, 8, &n), AG_OK);
  ck_assert_int_eq(ag_state_legal_moves(st, 1, mv, 8, &n), AG_OK);
  ck_assert_uint_eq(n, 0); /* not the player to move */
  ck_assert_int_eq(ag_move_to_text(g, AG_MOVE_NONE, full, sizeof full, &len), AG_EINVAL);
  ck_assert_int_eq(ag_move_to_text(g, 0x06000000u, NULL, 0, &len), AG_EBUFS);
  ck_assert_uint_eq(len, 4);
  ck_assert_int_eq(ag_state_render(st, NULL, 0, &len), AG_EBUFS);
  ck_assert_uint_lt(len, ag_game_limit(g, AG_LIMIT_RENDER_TEXT));
  ck_assert_int_eq(ag_state_history(st, NULL, 0, &n), AG_OK);
  ck_assert_uint_eq(n, 0);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* AG_EBUFS stores the size needed for the history and chance outcomes too. */
START_TEST(test_buffer_protocol_counts)
{
  ag_game *g = new_game("hare"), *sticks = new_game("liubo_sticks");
  ag_state *st = new_state(g, NULL), *ss = new_state(sticks, NULL);
  ag_move few[3];
  uint32_t w[3], total = 0;
  uint64_t rng = 3;
  size_t n = 0;
  int i;
  for (i = 0; i < 3; i++) ck_assert_int_eq(ag_test_random_ply(st, &rng), 1);
  ck_assert_int_eq(ag_state_history(st, few, 2, &n), AG_EBUFS);
  ck_assert_uint_eq(n, 3);
  ck_assert_msg(strstr(ag_errmsg(), "3 moves") != NULL, "%s", ag_errmsg());
  ck_assert_int_eq(ag_state_history(st, NULL, 0, &n), AG_EBUFS);
  ck_assert_uint_eq(n, 3);
  ck_assert_int_eq(ag_state_history(st, few, 3, &n), AG_OK);
  ck_assert_int_eq(ag_state_current_player(ss), AG_PLAYER_CHANCE);
  ck_assert_int_eq(ag_state_chance_outcomes(ss, NULL, NULL, 0, &n, &total), AG_EBUFS);
  ck_assert_uint_eq(n, 10);
  ck_assert_uint_eq(total, 64);
  ck_assert_int_eq(ag_state_chance_outcomes(ss, few, w, 3, &n, NULL), AG_EBUFS);
  ck_assert_uint_eq(n, 10);
  ck_assert_msg(strstr(ag_errmsg(), "10 moves") != NULL, "%s", ag_errmsg());
  ck_assert_int_eq(ag_state_chance_outcomes(ss, few, NULL, 3, &n, NULL), AG_EINVAL);
  ag_state_free(ss);
  ag_state_free(st);
  ag_game_free(sticks);
  ag_game_free(g);
}
END_TEST

/* The length a NULL query reports is exactly the length then written, for the
 * position text and the rendering of every game, from start to end. */
START_TEST(test_text_lengths_exact)
{
  size_t gi;
  for (gi = 0; gi < ag_game_count(); gi++) {
    ag_game *g = new_game(capped_spec(gi));
    ag_state *st = new_state(g, NULL);
    uint64_t rng = 500 + gi;
    char buf[8192];
    size_t want, got;
    do {
      ck_assert_int_eq(ag_state_to_text(st, NULL, 0, &want), AG_EBUFS);
      ck_assert_int_eq(ag_state_to_text(st, buf, want + 1, &got), AG_OK);
      ck_assert_uint_eq(strlen(buf), want);
      ck_assert_uint_lt(want, ag_game_limit(g, AG_LIMIT_POSITION_TEXT));
      ck_assert_int_eq(ag_state_render(st, NULL, 0, &want), AG_EBUFS);
      ck_assert_uint_lt(want, sizeof buf);
      ck_assert_int_eq(ag_state_render(st, buf, want + 1, &got), AG_OK);
      ck_assert_uint_eq(strlen(buf), want);
      ck_assert_uint_lt(want, ag_game_limit(g, AG_LIMIT_RENDER_TEXT));
    } while (ag_test_random_ply(st, &rng));
    ag_state_free(st);
    ag_game_free(g);
  }
}
END_TEST

START_TEST(test_illegal_move_leaves_state)
{
  ag_game *g = new_game("hare");
  ag_state *st = new_state(g, NULL);
  char before[128], after[128];
  uint64_t hash = ag_state_hash(st);
  ag_move m;
  text_of(st, before, sizeof before);
  ck_assert_int_eq(ag_move_from_text(g, "c3-d4", &m), AG_OK); /* the hare's, hunters to move */
  ck_assert_int_eq(ag_state_apply(st, m), AG_EILLEGAL);
  ck_assert_str_eq(ag_errmsg(), "move 'c3-d4' is not legal for hunters here");   /* the game's words */
  ck_assert_int_eq(ag_state_apply(st, AG_MOVE_NONE), AG_EILLEGAL);
  ck_assert_int_eq(ag_state_apply(st, 0xdeadbeefu), AG_EILLEGAL);
  ck_assert_str_eq(ag_errmsg(), "0xdeadbeef is not a move of hare");
  ck_assert_int_eq(ag_state_undo(st), AG_EPHASE);
  ck_assert_int_eq(ag_state_chance_outcomes(st, NULL, NULL, 0, &(size_t){0}, NULL), AG_EPHASE);
  ck_assert_int_eq(ag_state_sample_chance(st, &(uint64_t){1}, &m), AG_EPHASE);
  ck_assert_int_eq(ag_state_apply_joint(st, (ag_move[2]){1, 1}, 2), AG_EPHASE);
  text_of(st, after, sizeof after);
  ck_assert_str_eq(before, after);
  ck_assert_uint_eq(ag_state_hash(st), hash);
  ck_assert_uint_eq(ag_state_ply(st), 0);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* Tries moves that st must refuse at its node, each with its documented code. */
static void refuse_bad_moves(ag_state *st)
{
  ag_move mv[MAXMV], bad[2] = {AG_MOVE_NONE, 0xdeadbeefu};
  size_t n;
  int p = ag_state_current_player(st);
  if (p == AG_PLAYER_TERMINAL) {
    ck_assert_int_eq(ag_state_apply(st, AG_MOVE_NONE), AG_EPHASE);
    ck_assert_int_eq(ag_state_apply_joint(st, bad, 2), AG_EPHASE);
  } else if (p == AG_PLAYER_SIMULTANEOUS) {
    ck_assert_int_eq(ag_state_apply(st, AG_MOVE_NONE), AG_EPHASE);
    ck_assert_int_eq(ag_state_apply_joint(st, bad, 2), AG_EILLEGAL);
    ck_assert_int_eq(ag_state_legal_moves(st, 0, mv, MAXMV, &n), AG_OK);
    ck_assert_uint_gt(n, 0);
    bad[0] = mv[0]; /* player 0's part legal, player 1's not */
    ck_assert_int_eq(ag_state_apply_joint(st, bad, 2), AG_EILLEGAL);
  } else {
    ck_assert_int_eq(ag_state_apply(st, AG_MOVE_NONE), AG_EILLEGAL);
    ck_assert_int_eq(ag_state_apply(st, 0xdeadbeefu), AG_EILLEGAL);
    ck_assert_int_eq(ag_state_apply_joint(st, bad, 2), AG_EPHASE);
  }
}

/* A refused apply in mid-game (ply > 0) leaves the state exactly as it was:
 * text, hash, ply and history. */
START_TEST(test_illegal_move_mid_game)
{
  size_t gi;
  for (gi = 0; gi < ag_game_count(); gi++) {
    ag_game *g = new_game(capped_spec(gi));
    ag_state *st = new_state(g, NULL);
    uint64_t rng = 11 + gi;
    int k;
    for (k = 0; k < 300; k++) {
      snapshot before;
      if (!ag_test_random_ply(st, &rng)) {
        ag_state_reset(st);
        ck_assert_int_eq(ag_test_random_ply(st, &rng), 1);
      }
      ck_assert_uint_gt(ag_state_ply(st), 0);
      take_snapshot(st, &before);
      refuse_bad_moves(st);
      expect_snapshot(st, &before);
    }
    ag_state_free(st);
    ag_game_free(g);
  }
}
END_TEST

/* Whether `player` acts at a node where `current` is ag_state_current_player. */
static int acts_now(int current, int player)
{
  return player == current || (player >= 0 && current == AG_PLAYER_SIMULTANEOUS);
}

/* Only who acts now has moves: the mover at a decision node, both players at a
 * simultaneous node, AG_PLAYER_CHANCE at a chance node, nobody at the end; a
 * listed move is legal for its player and not for one who does not act. */
START_TEST(test_only_actors_have_moves)
{
  static const int players[] = {AG_PLAYER_CHANCE, 0, 1};
  size_t gi, q, r;
  for (gi = 0; gi < ag_game_count(); gi++) {
    ag_game *g = new_game(capped_spec(gi));
    ag_state *st = new_state(g, NULL);
    uint64_t rng = 300 + gi;
    int k;
    for (k = 0; k < 2000; k++) {
      int cp = ag_state_current_player(st);
      for (q = 0; q < 3; q++) {
        ag_move mv[MAXMV];
        size_t n;
        ck_assert_int_eq(ag_state_legal_moves(st, players[q], mv, MAXMV, &n), AG_OK);
        ck_assert_uint_eq(n > 0, acts_now(cp, players[q]));
        for (r = 0; r < 3 && n; r++)
          if (r == q || !acts_now(cp, players[r]))
            ck_assert_int_eq(ag_state_is_legal(st, players[r], mv[0]), r == q);
      }
      if (!ag_test_random_ply(st, &rng)) ag_state_reset(st);
    }
    ag_state_free(st);
    ag_game_free(g);
  }
}
END_TEST

/* After apply+undo, and through text, a state is exactly what it was. */
START_TEST(test_apply_undo_all_games)
{
  size_t gi;
  for (gi = 0; gi < ag_game_count(); gi++) {
    ag_game *g = new_game(capped_spec(gi));
    ag_state *st = new_state(g, NULL), *copy = new_state(g, NULL);
    uint64_t rng = 77 + gi;
    int plies = 0, games = 0;   /* plies applied, the undone ones included */
    while (plies < 6000 && games < 40) {
      char before[4096], after[4096], mtext[64];
      ag_move mv[MAXMV], mv2[MAXMV], parsed;
      size_t n, n2, i;
      uint64_t h = ag_state_hash(st);
      int p = ag_state_current_player(st);
      if (p == AG_PLAYER_TERMINAL) {
        ag_state_reset(st);
        games++;
        continue;
      }
      text_of(st, before, sizeof before);
      ck_assert_int_eq(ag_state_legal_moves(st, p == AG_PLAYER_SIMULTANEOUS ? 0 : p, mv, MAXMV, &n), AG_OK);
      for (i = 0; i < n; i++) {
        ck_assert_int_eq(ag_move_to_text(g, mv[i], mtext, sizeof mtext, NULL), AG_OK);
        ck_assert_int_eq(ag_move_from_text(g, mtext, &parsed), AG_OK);
        ck_assert_uint_eq(parsed, mv[i]);
        if (i) ck_assert_uint_lt(mv[i - 1], mv[i]); /* ascending */
      }
      ck_assert_int_eq(ag_state_set_text(copy, before), AG_OK);
      text_of(copy, after, sizeof after);
      ck_assert_str_eq(before, after);
      ck_assert_uint_eq(ag_state_hash(copy), h);
      ck_assert_int_eq(ag_state_equal(st, copy), 1);
      ag_test_random_ply(st, &rng);
      plies++;
      ck_assert_int_eq(ag_state_undo(st), AG_OK);
      text_of(st, after, sizeof after);
      ck_assert_str_eq(before, after);
      ck_assert_uint_eq(ag_state_hash(st), h);
      ck_assert_int_eq(ag_state_legal_moves(st, p == AG_PLAYER_SIMULTANEOUS ? 0 : p, mv2, MAXMV, &n2), AG_OK);
      ck_assert_uint_eq(n, n2);
      ck_assert_int_eq(memcmp(mv, mv2, n * sizeof *mv), 0);
      plies += ag_test_random_ply(st, &rng);
    }
    ag_state_free(copy);
    ag_state_free(st);
    ag_game_free(g);
  }
}
END_TEST

/* ag_state_playout plays exactly the game of the public random loop. */
START_TEST(test_playout_is_the_api_loop)
{
  size_t gi;
  for (gi = 0; gi < ag_game_count(); gi++) {
    ag_game *g = new_game(capped_spec(gi));
    ag_state *st = new_state(g, NULL), *mid = new_state(g, NULL);
    uint64_t seed;
    for (seed = 1; seed <= 200; seed++) {
      uint64_t a = seed, b = seed, c = seed * 31;
      size_t plies, start, k;
      int w1, r1, w2, r2, o1, o2;
      ag_state_reset(st);
      /* Start some playouts mid-game, with history behind them. */
      for (k = 0; k < seed % 13 && ag_test_random_ply(st, &c); k++) {}
      ck_assert_int_eq(ag_state_copy(mid, st), AG_OK);
      start = ag_state_ply(st);
      o1 = ag_state_playout(st, &a, 0, &plies, &w1, &r1);
      ck_assert_int_eq(ag_state_equal(st, mid), 1); /* the state is untouched */
      ck_assert_uint_eq(ag_state_ply(st), start);
      while (ag_test_random_ply(st, &b)) {}
      o2 = ag_state_outcome(st, &w2, &r2);
      ck_assert_int_eq(o1, o2);
      ck_assert_int_eq(w1, w2);
      ck_assert_int_eq(r1, r2);
      ck_assert_uint_eq(plies, ag_state_ply(st) - start);
      ck_assert_uint_eq(a, b);
    }
    ag_state_free(mid);
    ag_state_free(st);
    ag_game_free(g);
  }
}
END_TEST

/* Any max_plies means "at most that many plies", never fewer: SIZE_MAX (and
 * anything past the end of the counters) plays the same game as 0 from any
 * ply, and a small limit stops there exactly. */
START_TEST(test_playout_limit_never_wraps)
{
  static const size_t limits[] = { SIZE_MAX, SIZE_MAX - 1, SIZE_MAX / 2 + 1, 0 };
  size_t gi;
  for (gi = 0; gi < ag_game_count(); gi++) {
    ag_game *g = new_game(capped_spec(gi));
    ag_state *st = new_state(g, NULL);
    uint64_t seed;
    for (seed = 1; seed <= 40; seed++) {
      uint64_t c = seed * 7, a0 = seed, ai;
      size_t plies0, pi, k, li, cut;
      int w0, r0, o0, wi, ri, oi;
      ag_state_reset(st);
      for (k = 0; k < 1 + seed % 9 && ag_test_random_ply(st, &c); k++) {}
      o0 = ag_state_playout(st, &a0, 0, &plies0, &w0, &r0);
      for (li = 0; li < sizeof limits / sizeof limits[0]; li++) {
        ai = seed;
        oi = ag_state_playout(st, &ai, limits[li], &pi, &wi, &ri);
        ck_assert_msg(oi == o0 && pi == plies0 && wi == w0 && ri == r0 && ai == a0,
                      "%s seed %llu limit %zu: %d after %zu plies, not %d after %zu",
                      ag_game_spec(g), (unsigned long long)seed, limits[li], oi, pi, o0, plies0);
      }
      for (cut = 1; cut < 4 && cut < plies0; cut++) {
        ai = seed;
        ag_state_playout(st, &ai, cut, &pi, NULL, NULL);
        ck_assert_uint_eq(pi, cut);
      }
    }
    ag_state_free(st);
    ag_game_free(g);
  }
}
END_TEST

/* Move counters at the largest value their text accepts: they stop there, so
 * every later position still reads back, and AG_INFO_COUNTER stays that
 * value (never negative); one more is refused. */
START_TEST(test_counters_at_the_edge)
{
  static const struct { const char *spec, *text, *over; int max; } edge[] = {
    { "hare(max_plies=0)", "...../...../X.O.X/XXXXX/XXXXX X - 1000000000",
      "...../...../X.O.X/XXXXX/XXXXX X - 1000000001", 1000000000 },
    { "liubo_sticks", "white - owl - reserve 6 held 0 removed 0; black - owl - reserve 6 "
      "held 0 removed 0; white throw; turns 1000000000",
      "white - owl - reserve 6 held 0 removed 0; black - owl - reserve 6 "
      "held 0 removed 0; white throw; turns 1000000001", 1000000000 },
    { "liubo_fingers(max_rounds=0)", "white=V_NE*:3,V_NW*:3 black=V_SW*:3,V_SE*:3 "
      "prisoners=0,0 home=0,0 sticks=0+0,0+0 fish=c,c phase=guess rounds=2147483647",
      "white=V_NE*:3,V_NW*:3 black=V_SW*:3,V_SE*:3 "
      "prisoners=0,0 home=0,0 sticks=0+0,0+0 fish=c,c phase=guess rounds=2147483648",
      2147483647 },
  };
  size_t i;
  for (i = 0; i < sizeof edge / sizeof edge[0]; i++) {
    ag_game *g = new_game(edge[i].spec);
    ag_state *st = new_state(g, edge[i].text), *probe = new_state(g, NULL);
    uint64_t rng = 3;
    char a[1024], b[1024];
    int k, v;
    ck_assert_int_eq(ag_state_set_text(probe, edge[i].over), AG_EPARSE);
    for (k = 0; k < 40 && ag_test_random_ply(st, &rng); k++) {
      text_of(st, a, sizeof a);
      ck_assert_msg(ag_state_set_text(probe, a) == AG_OK, "%s after %d plies: %s: %s",
                    edge[i].spec, k + 1, a, ag_errmsg());
      text_of(probe, b, sizeof b);
      ck_assert_str_eq(a, b);
      ck_assert_int_eq(ag_state_info(st, AG_INFO_COUNTER, 0, &v), AG_OK);
      ck_assert_int_eq(v, edge[i].max);
    }
    ck_assert_int_ge(k, 3);
    ag_state_free(probe);
    ag_state_free(st);
    ag_game_free(g);
  }
}
END_TEST

START_TEST(test_clone_copy_reset)
{
  ag_game *g = new_game("hare"), *other = new_game("hare(hunters=10)"), *same = new_game("hare");
  ag_state *st = new_state(g, NULL), *cl = NULL, *o = new_state(other, NULL), *s2 = new_state(same, NULL), *fresh;
  ag_move hist1[64], hist2[64];
  size_t n1, n2;
  uint64_t rng = 5;
  char a[128], b[128];
  int i;
  for (i = 0; i < 10; i++) ag_test_random_ply(st, &rng);
  ck_assert_int_eq(ag_state_clone(st, &cl), AG_OK);
  text_of(st, a, sizeof a);
  text_of(cl, b, sizeof b);
  ck_assert_str_eq(a, b);
  ck_assert_uint_eq(ag_state_hash(st), ag_state_hash(cl));
  ck_assert_int_eq(ag_state_history(st, hist1, 64, &n1), AG_OK);
  ck_assert_int_eq(ag_state_history(cl, hist2, 64, &n2), AG_OK);
  ck_assert_uint_eq(n1, 10);
  ck_assert_uint_eq(n2, 10);
  ck_assert_int_eq(memcmp(hist1, hist2, sizeof hist1[0] * n1), 0);
  ck_assert_int_eq(ag_state_undo(cl), AG_OK); /* the clone has its own history */
  ck_assert_uint_eq(ag_state_ply(st), 10);
  ck_assert_int_eq(ag_state_copy(o, st), AG_EMISMATCH);
  ck_assert_int_eq(ag_state_equal(o, st), AG_EMISMATCH);
  ck_assert_int_eq(ag_state_copy(s2, st), AG_OK); /* equal specs are the same game */
  ck_assert_int_eq(ag_state_equal(s2, st), 1);
  ck_assert_ptr_eq(ag_state_game(st), g);
  ag_state_reset(st);
  ck_assert_uint_eq(ag_state_ply(st), 0);
  fresh = new_state(g, NULL);
  ck_assert_int_eq(ag_state_equal(st, fresh), 1);
  ck_assert_uint_eq(ag_state_hash(st), ag_state_hash(fresh));
  ck_assert_int_eq(ag_state_history(st, NULL, 0, &n1), AG_OK);
  ck_assert_uint_eq(n1, 0);
  ck_assert_int_eq(ag_state_equal(st, o), AG_EMISMATCH);
  ck_assert_int_eq(ag_state_reserve(st, 100000), AG_OK);
  /* A history whose size in bytes overflows size_t is refused, not wrapped. */
  ck_assert_int_eq(ag_state_reserve(st, SIZE_MAX), AG_ENOMEM);
  ck_assert_int_eq(ag_state_reserve(st, SIZE_MAX / 2), AG_ENOMEM);
  ck_assert_int_eq(ag_test_random_ply(st, &rng), 1);
  ck_assert_int_eq(ag_state_undo(st), AG_OK);
  ck_assert_int_eq(ag_state_equal(st, fresh), 1);
  ag_state_free(fresh);
  ag_state_free(cl);
  ag_state_free(o);
  ag_state_free(s2);
  ag_state_free(st);
  ag_game_free(g);
  ag_game_free(other);
  ag_game_free(same);
}
END_TEST

/* History grows past the initial reservation, and undo walks all the way back. */
START_TEST(test_long_history)
{
  ag_game *g = new_game("hare(max_plies=0,repetition=0)");
  ag_state *st = new_state(g, NULL);
  char start[128], now[128];
  ag_move m1, m2, m3, m4;
  int i;
  text_of(st, start, sizeof start);
  ck_assert_uint_eq(ag_game_limit(g, AG_LIMIT_PLIES), 0);
  ag_move_from_text(g, "a3-a4", &m1);
  ag_move_from_text(g, "c3-c4", &m2);
  ag_move_from_text(g, "a4-a3", &m3);
  ag_move_from_text(g, "c4-c3", &m4);
  for (i = 0; i < 1500; i++) {
    ck_assert_int_eq(ag_state_apply(st, m1), AG_OK);
    ck_assert_int_eq(ag_state_apply(st, m2), AG_OK);
    ck_assert_int_eq(ag_state_apply(st, m3), AG_OK);
    ck_assert_int_eq(ag_state_apply(st, m4), AG_OK);
  }
  ck_assert_uint_eq(ag_state_ply(st), 6000);
  while (ag_state_undo(st) == AG_OK) {}
  text_of(st, now, sizeof now);
  ck_assert_str_eq(start, now);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* Thread body: its ag_errmsg() starts empty, then holds its own failure. */
static void *fail_elsewhere(void *ok)
{
  ag_game *g = NULL;
  *(int *)ok = ag_errmsg()[0] == '\0' && ag_game_new("go", &g) == AG_ENOTFOUND &&
               strcmp(ag_errmsg(), "spec: unknown game 'go'") == 0;
  return NULL;
}

/* ag_errmsg() is per thread, and a success does not clear it. */
START_TEST(test_errmsg_thread_local)
{
  ag_game *g = NULL;
  pthread_t t;
  int ok = 0;
  ck_assert_int_eq(ag_game_new("chess", &g), AG_ENOTFOUND);
  ck_assert_int_eq(pthread_create(&t, NULL, fail_elsewhere, &ok), 0);
  ck_assert_int_eq(pthread_join(t, NULL), 0);
  ck_assert_int_eq(ok, 1);
  ck_assert_str_eq(ag_errmsg(), "spec: unknown game 'chess'");
  g = new_game("hare");
  ck_assert_str_eq(ag_errmsg(), "spec: unknown game 'chess'");
  ag_game_free(g);
}
END_TEST

#ifndef NDEBUG
/* ag_game_free with a live state is a caller's bug that debug builds catch. */
START_TEST(test_game_outlives_states)
{
  ag_game *g = new_game("hare");
  ag_state *st = new_state(g, NULL), *other = new_state(g, NULL);
  ag_state_free(other);
  (void)st;
  ag_game_free(g); /* aborts: st is still alive */
}
END_TEST
#endif

static Suite *core_suite(void)
{
  Suite *s = suite_create("core");
  TCase *tc = tcase_create("api");
  tcase_add_test(tc, test_version_and_strerror);
  tcase_add_test(tc, test_rng_splitmix64);
  tcase_add_test(tc, test_rng_below_rejects);
  tcase_add_test(tc, test_rng_below_small_bounds);
  tcase_add_test(tc, test_registry);
  tcase_add_test(tc, test_spec_canonical);
  tcase_add_test(tc, test_spec_errors);
  tcase_add_test(tc, test_null_handles);
  tcase_add_test(tc, test_bad_arguments);
  tcase_add_test(tc, test_buffer_protocol);
  tcase_add_test(tc, test_buffer_protocol_counts);
  tcase_add_test(tc, test_text_lengths_exact);
  tcase_add_test(tc, test_illegal_move_leaves_state);
  tcase_add_test(tc, test_illegal_move_mid_game);
  tcase_add_test(tc, test_only_actors_have_moves);
  tcase_add_test(tc, test_apply_undo_all_games);
  tcase_add_test(tc, test_playout_is_the_api_loop);
  tcase_add_test(tc, test_playout_limit_never_wraps);
  tcase_add_test(tc, test_counters_at_the_edge);
  tcase_add_test(tc, test_clone_copy_reset);
  tcase_add_test(tc, test_long_history);
  tcase_add_test(tc, test_errmsg_thread_local);
#ifndef NDEBUG
  tcase_add_test_raise_signal(tc, test_game_outlives_states, SIGABRT);
#endif
  suite_add_tcase(s, tc);
  return s;
}

int main(void) { return ag_test_run(core_suite()); }
