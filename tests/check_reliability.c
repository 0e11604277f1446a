/* SPDX-License-Identifier: MIT */
/*
 * check_reliability.c -- the defects of issue 27 that the C API can reach,
 * each with the input that used to crash or to cost quadratic work.
 *
 *  * D16: ag_state_playouts with a count near 2^64 computed its number of
 *    chunks as (count + 31) / 32, which wrapped to 0: no worker was set up
 *    and the call read through a NULL pointer.  Now every count is valid,
 *    and ag_state_playouts_ex stops on the caller's ag_control.
 *  * D12: reading a record, and ag_state_set_tag, compared each tag with all
 *    earlier ones.  The work is counted here, not timed (tests/check-complexity.sh
 *    counts instructions under callgrind for every text reader).
 */
#include <stdio.h>
#include <string.h>
#include "check_main.h"

#define GOLDEN UINT64_C(0x9E3779B97F4A7C15)

/* A poll callback that stops on its third call. */
static int stop_on_third(void *user)
{
  int *calls = user;
  return ++*calls >= 3;
}

START_TEST(playouts_of_huge_counts_stop)
{
  static const uint64_t counts[] = {UINT64_MAX, UINT64_MAX - 1, UINT64_MAX - 30,
                                    UINT64_MAX - 31, UINT64_MAX - 32, UINT64_C(1) << 63};
  ag_game *g = new_game("hare");
  ag_state *st = new_state(g, NULL);
  size_t k;
  for (k = 0; k < sizeof counts / sizeof *counts; k++) {
    int threads;
    for (threads = 1; threads <= 4; threads += 3) {
      int calls = 0;
      ag_control ctl = {.size = sizeof ctl};
      ag_playout_totals tot;
      ctl.poll = stop_on_third;
      ctl.user = &calls;
      ck_assert_int_eq(ag_state_playouts_ex(st, 5, counts[k], 40, threads, &ctl, &tot),
                       AG_ECANCELED);
      ck_assert_int_eq(calls, 3);
      /* The calling thread played at least the two chunks between its polls. */
      ck_assert_uint_ge(tot.playouts, 64);
      ck_assert_uint_eq(tot.playouts,
                        tot.wins[0] + tot.wins[1] + tot.draws + tot.unfinished);
      ck_assert_ptr_nonnull(strstr(ag_errmsg(), "stopped after"));
    }
  }
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* A stop flag set before the call: nothing is played. */
START_TEST(playouts_stop_flag)
{
  ag_game *g = new_game("hare");
  ag_state *st = new_state(g, NULL);
  volatile int stop = 1;
  ag_control ctl = {.size = sizeof ctl};
  ag_playout_totals tot;
  ctl.stop = &stop;
  ck_assert_int_eq(ag_state_playouts_ex(st, 5, UINT64_MAX, 0, 2, &ctl, &tot), AG_ECANCELED);
  ck_assert_uint_eq(tot.playouts, 0);
  stop = 0;
  ck_assert_int_eq(ag_state_playouts_ex(st, 5, 100, 0, 2, &ctl, &tot), AG_OK);
  ck_assert_uint_eq(tot.playouts, 100);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

static void add(ag_playout_totals *to, const ag_playout_totals *from)
{
  to->playouts += from->playouts;
  to->plies += from->plies;
  to->wins[0] += from->wins[0];
  to->wins[1] += from->wins[1];
  to->draws += from->draws;
  to->unfinished += from->unfinished;
}

/* What the header promises for splitting a batch (the Python binding plays a
 * long batch this way, so that Ctrl-C stops it): playouts k .. k+n-1 of seed
 * are playouts 0 .. n-1 of seed + k * GOLDEN.  Also with the control (NULL
 * and a zero-size one), the same totals as ag_state_playouts. */
START_TEST(playouts_split)
{
  static const char *const specs[] = {"hare", "liubo_sticks", "liubo_fingers"};
  ag_game *g = new_game(specs[_i]);
  ag_state *st = new_state(g, NULL);
  ag_playout_totals whole, part, sum, viaex;
  ag_control none = {.size = 0};
  static const uint64_t cuts[] = {0, 1, 31, 32, 33, 70};
  size_t c;
  ck_assert_int_eq(ag_state_playouts(st, 99, 100, 60, 3, &whole), AG_OK);
  ck_assert_int_eq(ag_state_playouts_ex(st, 99, 100, 60, 2, NULL, &viaex), AG_OK);
  ck_assert_mem_eq(&whole, &viaex, sizeof whole);
  ck_assert_int_eq(ag_state_playouts_ex(st, 99, 100, 60, 1, &none, &viaex), AG_OK);
  ck_assert_mem_eq(&whole, &viaex, sizeof whole);
  for (c = 0; c < sizeof cuts / sizeof *cuts; c++) {
    uint64_t k = cuts[c];
    memset(&sum, 0, sizeof sum);
    ck_assert_int_eq(ag_state_playouts(st, 99, k, 60, 2, &part), AG_OK);
    add(&sum, &part);
    ck_assert_int_eq(ag_state_playouts(st, 99 + k * GOLDEN, 100 - k, 60, 1, &part), AG_OK);
    add(&sum, &part);
    ck_assert_mem_eq(&whole, &sum, sizeof whole);
  }
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* A record of game hare with `n' program tags T0 .. T(n-1) (malloc'd). */
static char *record_with_tags(size_t n, const char *value)
{
  size_t cap = 64 + n * (strlen(value) + 24), len, i;
  char *text = malloc(cap);
  ck_assert_ptr_nonnull(text);
  len = (size_t)snprintf(text, cap, "[Game \"hare\"]\n");
  for (i = 0; i < n; i++)
    len += (size_t)snprintf(text + len, cap - len, "[T%zu \"%s\"]\n", i, value);
  return text;
}

/* D12: at most 1024 program tags, with their own messages; a tag given
 * twice is still found among many (through the hash set). */
START_TEST(tag_count_is_bounded)
{
  ag_game *g = new_game("hare");
  ag_state *st = new_state(g, NULL);
  char *text = record_with_tags(1024, "v"), *more = record_with_tags(1025, "v");
  char buf[32];
  size_t len;
  ck_assert_int_eq(ag_state_set_record(st, text), AG_OK);
  ck_assert_int_eq(ag_state_tag(st, "T1023", buf, sizeof buf, &len), AG_OK);
  ck_assert_int_eq(ag_state_set_tag(st, "Extra", "x"), AG_EINVAL);
  ck_assert_ptr_nonnull(strstr(ag_errmsg(), "already holds 1024 tags"));
  ck_assert_int_eq(ag_state_set_tag(st, "T5", "replaced"), AG_OK);   /* no new tag */
  ck_assert_int_eq(ag_state_set_tag(st, "T6", NULL), AG_OK);
  ck_assert_int_eq(ag_state_set_tag(st, "Extra", "x"), AG_OK);
  ck_assert_int_eq(ag_state_set_record(st, more), AG_EPARSE);
  ck_assert_ptr_nonnull(strstr(ag_errmsg(), "more than 1024 tags"));
  ck_assert_int_eq(ag_state_tag(st, "Extra", buf, sizeof buf, &len), AG_OK); /* unchanged */
  free(text);
  text = record_with_tags(1000, "v");
  strcat(text, "[T999 \"again\"]\n");
  ck_assert_int_eq(ag_state_set_record(st, text), AG_EPARSE);
  ck_assert_ptr_nonnull(strstr(ag_errmsg(), "tag 'T999' appears twice"));
  free(text);
  free(more);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* D14: tag values are UTF-8 text without control characters, C1 included. */
START_TEST(tag_values_are_utf8)
{
  static const char *const bad[] = {
    "\x1b]0;pwned\x07", "a\xff", "\xc2\x9b" "2J", "\xc0\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80",
    "cut \xe2\x82", "\x80", "\xc3(", "\xe2\x82("};   /* the last two: no continuation byte */
  ag_game *g = new_game("hare");
  ag_state *st = new_state(g, NULL);
  char buf[64], rec[128];
  size_t k, len;
  ck_assert_int_eq(ag_state_set_tag(st, "Name", "M\xc3\xbcller \xe2\x82\xac \xf0\x9f\x8e\xb2"),
                   AG_OK);
  ck_assert_int_eq(ag_state_tag(st, "Name", buf, sizeof buf, &len), AG_OK);
  ck_assert_str_eq(buf, "M\xc3\xbcller \xe2\x82\xac \xf0\x9f\x8e\xb2");
  for (k = 0; k < sizeof bad / sizeof *bad; k++) {
    ck_assert_int_eq(ag_state_set_tag(st, "Name", bad[k]), AG_EINVAL);
    snprintf(rec, sizeof rec, "[Game \"hare\"]\n[Name \"%s\"]\n", bad[k]);
    ck_assert_int_eq(ag_state_set_record(st, rec), AG_EPARSE);
    /* the message shows the byte escaped, never raw */
    ck_assert_ptr_null(strchr(ag_errmsg(), '\x1b'));
  }
  ck_assert_int_eq(ag_state_tag(st, "Name", buf, sizeof buf, &len), AG_OK);   /* unchanged */
  ck_assert_str_eq(buf, "M\xc3\xbcller \xe2\x82\xac \xf0\x9f\x8e\xb2");
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* D14: a message quoting the caller's input escapes control bytes and
 * invalid UTF-8 as \xHH and keeps valid UTF-8. */
START_TEST(messages_escape_input)
{
  ag_game *g = new_game("hare");
  ag_move mv;
  const char *m;
  size_t i;
  ck_assert_int_eq(ag_move_from_text(g, "\x1b]0;\x07\x1b[2J\xff\xc3\xa9", &mv), AG_EPARSE);
  m = ag_errmsg();
  ck_assert_ptr_nonnull(strstr(m, "'\\x1b]0;\\x07\\x1b[2J\\xff\xc3\xa9'"));
  for (i = 0; m[i]; i++) ck_assert_int_ge((unsigned char)m[i], 0x20);
  ag_game_free(g);
}
END_TEST

static Suite *reliability_suite(void)
{
  Suite *s = suite_create("reliability");
  TCase *tc = tcase_create("playouts");
  tcase_add_test(tc, playouts_of_huge_counts_stop);
  tcase_add_test(tc, playouts_stop_flag);
  tcase_add_loop_test(tc, playouts_split, 0, 3);
  suite_add_tcase(s, tc);
  tc = tcase_create("records");
  tcase_add_test(tc, tag_count_is_bounded);
  tcase_add_test(tc, tag_values_are_utf8);
  tcase_add_test(tc, messages_escape_input);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) { return ag_test_run(reliability_suite()); }
