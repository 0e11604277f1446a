/* SPDX-License-Identifier: MIT */
/*
 * check_fuzz.c -- bad input never crashes and never corrupts.  Thousands of
 * random and mutated strings go to ag_game_new, ag_state_set_text,
 * ag_move_from_text and ag_state_set_record for every game; each call
 * either succeeds with a result that round-trips, or fails with a documented
 * code and a message and leaves the state exactly as it was.  Run under ASan/UBSan in CI.
 */
#include <stdio.h>
#include <string.h>
#include <ancientgames.h>
#include "check_main.h"

#define ROUNDS 3000

static const char alphabet[] = "()=,.-_/ *+:;xXoO0123456789abcdefhnpqrstuvwz\t\xff\x80";

/* What a game record is made of, for mutating records. */
static const char record_alphabet[] =
  "[]\"\\{};.\n\r\t -+/:*xX0123456789aceGSRT\x01\xff";

/* A copy of seed with a few random edits from `alpha`: replace, insert,
 * delete, truncate. */
static void mutate_with(const char *seed, char *out, size_t cap, uint64_t *rng,
                        const char *alpha, size_t alpha_len)
{
  size_t len = strlen(seed), edits = 1 + ag_rng_below(rng, 4), i;
  if (len >= cap) len = cap - 1;
  memcpy(out, seed, len);
  out[len] = '\0';
  for (i = 0; i < edits; i++) {
    size_t at = len ? ag_rng_below(rng, len + 1) : 0;
    char c = alpha[ag_rng_below(rng, alpha_len)];
    switch (ag_rng_below(rng, 4)) {
    case 0: if (at < len) out[at] = c; break;
    case 1:
      if (len + 1 < cap) {
        memmove(out + at + 1, out + at, len - at + 1);
        out[at] = c;
        len++;
      }
      break;
    case 2: if (at < len) memmove(out + at, out + at + 1, len - at), len--; break;
    default: out[at] = '\0', len = at;
    }
  }
}

static void mutate(const char *seed, char *out, size_t cap, uint64_t *rng)
{
  mutate_with(seed, out, cap, rng, alphabet, sizeof alphabet - 1);
}

static void random_string(char *out, size_t cap, uint64_t *rng)
{
  size_t n = ag_rng_below(rng, cap - 1), i;
  for (i = 0; i < n; i++) out[i] = alphabet[ag_rng_below(rng, sizeof alphabet - 1)];
  out[n] = '\0';
}

static int documented(int rc)
{
  return rc == AG_EPARSE || rc == AG_ENOTFOUND || rc == AG_EINVAL;
}

START_TEST(test_fuzz_specs)
{
  uint64_t rng = 2024;
  char s[256];
  size_t i;
  for (i = 0; i < ROUNDS; i++) {
    ag_game *g = NULL, *h = NULL;
    int rc;
    const char *seed = ag_game_name_at(i % ag_game_count());
    ag_game *base;
    ck_assert_int_eq(ag_game_new(seed, &base), AG_OK);
    if (i % 3 == 0) random_string(s, sizeof s, &rng);
    else mutate(ag_game_spec(base), s, sizeof s, &rng);
    ag_game_free(base);
    rc = ag_game_new(s, &g);
    if (rc == AG_OK) {
      ck_assert_int_eq(ag_game_new(ag_game_spec(g), &h), AG_OK);
      ck_assert_str_eq(ag_game_spec(g), ag_game_spec(h));
      ag_game_free(h);
      ag_game_free(g);
    } else {
      ck_assert_msg(documented(rc), "'%s' gave %d", s, rc);
      ck_assert_ptr_null(g);
      ck_assert_msg(ag_errmsg()[0] != '\0', "no message for '%s'", s);
    }
  }
}
END_TEST

/* What a state shows: position text and the moves of its history. */
typedef struct snapshot {
  char text[4096];
  ag_move hist[1024];
  size_t n, ply;
} snapshot;

/* Records what st shows now into s. */
static void take_snapshot(const ag_state *st, snapshot *s)
{
  ck_assert_int_eq(ag_state_to_text(st, s->text, sizeof s->text, NULL), AG_OK);
  ck_assert_int_eq(ag_state_history(st, s->hist, sizeof s->hist / sizeof s->hist[0], &s->n), AG_OK);
  s->ply = ag_state_ply(st);
}

/* Asserts that st shows exactly what s recorded. */
static void expect_snapshot(const ag_state *st, const snapshot *s)
{
  snapshot now;
  take_snapshot(st, &now);
  ck_assert_str_eq(now.text, s->text);
  ck_assert_uint_eq(now.ply, s->ply);
  ck_assert_uint_eq(now.n, s->n);
  ck_assert_int_eq(memcmp(now.hist, s->hist, s->n * sizeof s->hist[0]), 0);
}

START_TEST(test_fuzz_positions)
{
  uint64_t rng = 7;
  size_t gi;
  for (gi = 0; gi < ag_game_count(); gi++) {
    ag_game *g;
    ag_state *st, *probe;
    char before[4096], s[4096], after[4096], again[4096];
    size_t i, ply;
    ck_assert_int_eq(ag_game_new(ag_game_name_at(gi), &g), AG_OK);
    ck_assert_int_eq(ag_state_new(g, &st), AG_OK);
    ck_assert_int_eq(ag_state_new(g, &probe), AG_OK);
    for (i = 0; i < ROUNDS; i++) {
      uint64_t hash;
      int rc;
      if (i % 100 == 0) {
        ag_state_reset(st);
        ag_test_random_plies(st, &rng, ag_rng_below(&rng, 60));
      }
      ck_assert_int_eq(ag_state_to_text(st, before, sizeof before, NULL), AG_OK);
      hash = ag_state_hash(st);
      ply = ag_state_ply(st);
      if (i % 5 == 0) random_string(s, 200, &rng);
      else mutate(before, s, sizeof s, &rng);
      rc = ag_state_set_text(probe, s);
      if (rc == AG_OK) {
        /* Accepted text is canonical or normalises to a fixed point. */
        ck_assert_int_eq(ag_state_to_text(probe, after, sizeof after, NULL), AG_OK);
        ck_assert_int_eq(ag_state_set_text(probe, after), AG_OK);
        ck_assert_int_eq(ag_state_to_text(probe, again, sizeof again, NULL), AG_OK);
        ck_assert_str_eq(after, again);
        ag_test_random_plies(probe, &rng, 3);
      } else {
        ck_assert_msg(rc == AG_EPARSE, "'%s' gave %d", s, rc);
        ck_assert_msg(strstr(ag_errmsg(), "byte") != NULL, "no byte offset: %s", ag_errmsg());
      }
      /* The state under fuzz: a failed set_text leaves it untouched. */
      rc = ag_state_set_text(st, s);
      if (rc != AG_OK) {
        ck_assert_int_eq(ag_state_to_text(st, after, sizeof after, NULL), AG_OK);
        ck_assert_str_eq(before, after);
        ck_assert_uint_eq(ag_state_hash(st), hash);
        ck_assert_uint_eq(ag_state_ply(st), ply);
      } else {
        ck_assert_uint_eq(ag_state_ply(st), 0);
      }
    }
    ag_state_free(probe);
    ag_state_free(st);
    ag_game_free(g);
  }
}
END_TEST

START_TEST(test_fuzz_moves)
{
  uint64_t rng = 99;
  size_t gi;
  for (gi = 0; gi < ag_game_count(); gi++) {
    ag_game *g;
    ag_state *st;
    ag_move mv[512], m, again;
    size_t n, i;
    char seed[64], s[64], back[64];
    snapshot before;
    ck_assert_int_eq(ag_game_new(ag_game_name_at(gi), &g), AG_OK);
    ck_assert_int_eq(ag_state_new(g, &st), AG_OK);
    for (i = 0; i < ROUNDS; i++) {
      int p, rc;
      if (i % 50 == 0) {
        ag_state_reset(st);
        ag_test_random_plies(st, &rng, ag_rng_below(&rng, 40));
      }
      p = ag_state_current_player(st);
      n = 0;
      if (p == AG_PLAYER_CHANCE) ag_state_chance_outcomes(st, mv, (uint32_t[512]){0}, 512, &n, NULL);
      else if (p != AG_PLAYER_TERMINAL) ag_state_legal_moves(st, p == AG_PLAYER_SIMULTANEOUS ? 0 : p, mv, 512, &n);
      strcpy(seed, "pass");
      if (n) ag_move_to_text(g, mv[ag_rng_below(&rng, n)], seed, sizeof seed, NULL);
      if (i % 4 == 0) random_string(s, 24, &rng);
      else mutate(seed, s, sizeof s, &rng);
      rc = ag_move_from_text(g, s, &m);
      if (rc == AG_OK) {
        ck_assert_int_eq(ag_move_to_text(g, m, back, sizeof back, NULL), AG_OK);
        ck_assert_int_eq(ag_move_from_text(g, back, &again), AG_OK);
        ck_assert_uint_eq(again, m);
      } else {
        ck_assert_msg(rc == AG_EPARSE, "'%s' gave %d", s, rc);
      }
      /* Arbitrary move values are refused without harm. */
      m = (ag_move)ag_rng_next(&rng);
      if (ag_rng_below(&rng, 2)) m &= 0x07ffffffu;
      if ((p >= 0 || p == AG_PLAYER_CHANCE) && ag_state_is_legal(st, p, m) == 0) {
        take_snapshot(st, &before);
        ck_assert_int_eq(ag_state_apply(st, m), AG_EILLEGAL);
        expect_snapshot(st, &before);
      }
      ag_move_to_text(g, m, back, sizeof back, NULL);
    }
    ag_state_free(st);
    ag_game_free(g);
  }
}
END_TEST

/* Game records: mutated real records (tags, comments, chance and joint
 * plies) either read, and then write a record that reads back to itself, or
 * fail with AG_EPARSE, AG_EMISMATCH or AG_EILLEGAL, a message with the line
 * and byte, and the state untouched (position, history, record). */
START_TEST(test_fuzz_records)
{
  uint64_t rng = 4242;
  size_t gi;
  static char seed[8192], s[8192], before[16384], after[16384], again[16384];
  for (gi = 0; gi < ag_game_count(); gi++) {
    ag_game *g;
    ag_state *st, *probe;
    size_t i;
    snapshot snap;
    ck_assert_int_eq(ag_game_new(ag_game_name_at(gi), &g), AG_OK);
    ck_assert_int_eq(ag_state_new(g, &st), AG_OK);
    ck_assert_int_eq(ag_state_new(g, &probe), AG_OK);
    for (i = 0; i < ROUNDS / 3; i++) {
      int rc;
      if (i % 50 == 0) {
        ag_state_reset(st);
        ag_test_random_plies(st, &rng, ag_rng_below(&rng, 20));
        ck_assert_int_eq(ag_state_to_text(st, s, sizeof s, NULL), AG_OK);
        ck_assert_int_eq(ag_state_set_text(st, s), AG_OK);   /* a [Start] tag */
        ag_test_random_plies(st, &rng, ag_rng_below(&rng, 60));
        ck_assert_int_eq(ag_state_set_tag(st, "Event", "fuzz \"records\""), AG_OK);
        ck_assert_int_eq(ag_state_record(st, seed, sizeof seed, NULL), AG_OK);
      }
      ck_assert_int_eq(ag_state_record(st, before, sizeof before, NULL), AG_OK);
      take_snapshot(st, &snap);
      mutate_with(seed, s, sizeof s, &rng, record_alphabet, sizeof record_alphabet - 1);
      rc = ag_state_set_record(probe, s);
      if (rc == AG_OK) {
        ck_assert_int_eq(ag_state_record(probe, after, sizeof after, NULL), AG_OK);
        ck_assert_int_eq(ag_state_set_record(probe, after), AG_OK);
        ck_assert_int_eq(ag_state_record(probe, again, sizeof again, NULL), AG_OK);
        ck_assert_str_eq(after, again);
        ag_test_random_plies(probe, &rng, 2);
      } else {
        ck_assert_msg(rc == AG_EPARSE || rc == AG_EMISMATCH || rc == AG_EILLEGAL,
                      "'%s' gave %d", s, rc);
        ck_assert_msg(strncmp(ag_errmsg(), "record line ", 12) == 0, "no line: %s", ag_errmsg());
      }
      rc = ag_state_set_record(st, s);
      if (rc != AG_OK) {
        expect_snapshot(st, &snap);
        ck_assert_int_eq(ag_state_record(st, after, sizeof after, NULL), AG_OK);
        ck_assert_str_eq(before, after);
      }
    }
    ag_state_free(probe);
    ag_state_free(st);
    ag_game_free(g);
  }
}
END_TEST

static Suite *fuzz_suite(void)
{
  Suite *s = suite_create("fuzz");
  TCase *tc = tcase_create("inputs");
  tcase_add_test(tc, test_fuzz_specs);
  tcase_add_test(tc, test_fuzz_positions);
  tcase_add_test(tc, test_fuzz_moves);
  tcase_add_test(tc, test_fuzz_records);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) { return ag_test_run(fuzz_suite()); }
