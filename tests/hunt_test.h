/* SPDX-License-Identifier: MIT */
/*
 * hunt_test.h -- the helpers the hunts' suites share (tests/check_hare.c,
 * tests/check_fox_and_hens.c): the legal moves as text, a move played by its
 * text, the position text and perft, all through the public API.  Include
 * after check_main.h.
 */
#ifndef HUNT_TEST_H
#define HUNT_TEST_H

#include <stdio.h>
#include <string.h>
#include <ancientgames.h>

/* Room for every legal-move list of both hunts (the hare's bound is 96, the
 * fox and the hens' 136). */
#define MAXMV 160

/* The legal moves as space-separated text, in the library's order. */
static const char *moves_text(const ag_state *st)
{
  static char out[4096];
  ag_move mv[MAXMV];
  size_t n, i, len = 0;
  char t[16];
  int p = ag_state_current_player(st);
  out[0] = '\0';
  if (p < 0) return out;
  ck_assert_int_eq(ag_state_legal_moves(st, p, mv, MAXMV, &n), AG_OK);
  for (i = 0; i < n; i++) {
    ag_move_to_text(ag_state_game(st), mv[i], t, sizeof t, NULL);
    len += (size_t)snprintf(out + len, sizeof out - len, "%s%s", i ? " " : "", t);
  }
  return out;
}

static void play(ag_state *st, const char *move)
{
  ag_move m;
  ck_assert_msg(ag_move_from_text(ag_state_game(st), move, &m) == AG_OK, "%s", ag_errmsg());
  ck_assert_msg(ag_state_apply(st, m) == AG_OK, "%s: %s", move, ag_errmsg());
}

static const char *text(const ag_state *st)
{
  static char out[128];
  ck_assert_int_eq(ag_state_to_text(st, out, sizeof out, NULL), AG_OK);
  return out;
}

static unsigned long long perft(ag_state *st, int depth)
{
  ag_move mv[MAXMV];
  size_t n, i;
  unsigned long long total = 0;
  int p = ag_state_current_player(st);
  if (p < 0) return 0;
  ag_state_legal_moves(st, p, mv, MAXMV, &n);
  if (depth == 1) return n;
  for (i = 0; i < n; i++) {
    ag_state_apply(st, mv[i]);
    total += perft(st, depth - 1);
    ag_state_undo(st);
  }
  return total;
}

#endif
