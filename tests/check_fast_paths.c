/* SPDX-License-Identifier: MIT */
/*
 * check_fast_paths.c -- the library's shortcuts say exactly what the slow
 * way says.
 *
 * ag_state_apply() and ag_state_is_legal() ask a game's own legality test
 * instead of listing every move and scanning the list; ag_state_legal_moves()
 * generates straight into a buffer of the game's bound.  Over random games of
 * several option sets of every game, every move value near a legal one (each
 * bit flipped, each byte replaced), moves legal earlier in the game and
 * random values, and every move made of a (kind, aux) pair seen so far with
 * any origin and destination, must be legal exactly when they are in the list; an illegal apply must fail with AG_EILLEGAL and
 * leave the state as it was; a legal apply followed by undo must restore it.
 */
#include <string.h>
#include "check_main.h"

static const char *const specs[] = {
  "hare",
  "hare(hunters=10,first=hare)",
  "hare(hunters=11,chain=0,repetition=2)",
  "liubo_sticks",
  "liubo_sticks(promotion=forced,stone_capture=reserve,loop=pass,five=immediate,rethrow=bead)",
  "liubo_fingers",
  "liubo_fingers(hands=2,board=48)",
  "liubo_fingers(hands=2,scheme=guess,entry=exact,board=48,return=free)",
  "liubo_fingers(entry=exact,return=free)",
};

#define NSPECS (sizeof specs / sizeof specs[0])
#define CAP 1024

/* Whether m is in the ascending list mv[0..n). */
static int in_list(const ag_move *mv, size_t n, ag_move m)
{
  size_t lo = 0, hi = n;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (mv[mid] < m) lo = mid + 1;
    else hi = mid;
  }
  return lo < n && mv[lo] == m;
}

/* What must not change when an apply fails: the text, the hash, the ply. */
typedef struct snapshot { char text[512]; uint64_t hash; size_t ply; } snapshot;

static void take(const ag_state *st, snapshot *s)
{
  if (ag_state_to_text(st, s->text, sizeof s->text, NULL) != AG_OK) ck_abort_msg("%s", ag_errmsg());
  s->hash = ag_state_hash(st);
  s->ply = ag_state_ply(st);
}

static void same(const ag_state *st, const snapshot *s, const char *what, ag_move m)
{
  snapshot now;
  take(st, &now);
  if (strcmp(now.text, s->text) != 0 || now.hash != s->hash || now.ply != s->ply)
    ck_abort_msg("%s 0x%08x changed the state: %s -> %s", what, (unsigned)m, s->text, now.text);
}

/* Moves legal in earlier positions of the game: the likeliest wrong moves;
 * and the (kind, aux) pairs seen in any legal move, for the sweeps. */
typedef struct pool {
  ag_move m[256];
  size_t n, next;
  uint16_t pair[128];
  size_t npairs;
  uint8_t seen[65536 / 8];
} pool;

static void remember(pool *pl, const ag_move *mv, size_t n)
{
  size_t i;
  for (i = 0; i < n; i++) {
    uint16_t pr = (uint16_t)(mv[i] >> 16);
    if (i < 32) {
      pl->m[pl->next] = mv[i];
      pl->next = (pl->next + 1) % 256;
      if (pl->n < 256) pl->n++;
    }
    if (!(pl->seen[pr >> 3] >> (pr & 7) & 1) && pl->npairs < 128) {
      pl->seen[pr >> 3] |= (uint8_t)(1u << (pr & 7));
      pl->pair[pl->npairs++] = pr;
    }
  }
}

/* Every move made of a (kind, aux) pair seen so far with any from and to
 * below 64: is_legal must agree with the list on all of them. */
static void sweep(const ag_state *st, int player, const pool *pl)
{
  static ag_move mv[CAP];
  size_t n, i;
  int from, to;
  if (player == AG_PLAYER_CHANCE) return;
  ck_assert_int_eq(ag_state_legal_moves(st, player, mv, CAP, &n), AG_OK);
  for (i = 0; i < pl->npairs; i++)
    for (to = 0; to < 64; to++)
      for (from = 0; from < 64; from++) {
        ag_move m = (ag_move)pl->pair[i] << 16 | (ag_move)to << 8 | (ag_move)from;
        /* (ck_assert_* talks to the parent process: only on a mismatch) */
        if (ag_state_is_legal(st, player, m) != in_list(mv, n, m))
          ck_abort_msg("player %d move 0x%08x: is_legal says %d", player, (unsigned)m,
                       !in_list(mv, n, m));
      }
}

/* Checks every candidate near the legal moves of `player` at st, and the
 * moves of the pool. */
static void check_position(ag_state *st, int player, uint64_t *rng, int try_apply, pool *pl)
{
  static ag_move mv[CAP];
  uint32_t w[CAP];
  size_t n, i, tried = 0;
  int b, v, mover = ag_state_current_player(st);
  snapshot before;
  if (player == AG_PLAYER_CHANCE) {
    if (ag_state_chance_outcomes(st, mv, w, CAP, &n, NULL) != AG_OK) n = 0;
  } else {
    ck_assert_int_eq(ag_state_legal_moves(st, player, mv, CAP, &n), AG_OK);
  }
  take(st, &before);
  for (i = 0; i < n + 16 + pl->n; i++) {
    ag_move base = i < n ? mv[i] : i < n + 16 ? (ag_move)ag_rng_next(rng) : pl->m[i - n - 16];
    if (i < n && n > 40 && i % 16) continue;  /* long finger-choice lists: a sample */
    for (b = -1; b < 32 + 4 * 16; b++) {
      ag_move m;
      int legal;
      if (b < 0) m = base;
      else if (b < 32) m = base ^ (UINT32_C(1) << b);
      else {
        int byte = (b - 32) / 16;
        v = (b - 32) % 16;
        m = (base & ~(UINT32_C(0xff) << (8 * byte))) | (uint32_t)v << (8 * byte);
      }
      if (i >= n && b >= 0) break;  /* a random or pooled value is checked alone */
      legal = in_list(mv, n, m);
      if (ag_state_is_legal(st, player, m) != legal)
        ck_abort_msg("player %d move 0x%08x: is_legal says %d, the list %d", player,
                     (unsigned)m, !legal, legal);
      if (!try_apply || player != mover || tried >= 40) continue;
      tried++;
      if (legal) {
        if (ag_state_apply(st, m) != AG_OK || ag_state_undo(st) != AG_OK)
          ck_abort_msg("apply/undo of legal 0x%08x failed: %s", (unsigned)m, ag_errmsg());
        same(st, &before, "apply and undo of", m);
      } else {
        if (ag_state_apply(st, m) != AG_EILLEGAL)
          ck_abort_msg("apply of illegal 0x%08x did not fail with AG_EILLEGAL", (unsigned)m);
        same(st, &before, "illegal apply of", m);
      }
    }
  }
  remember(pl, mv, n);
}

/* Random games of each spec (1500 plies in all), checking every position of
 * the first plies, every 17th after, and every one after a jump (the hare's
 * chains). */
START_TEST(test_is_legal_matches_list)
{
  ag_game *g = new_game(specs[_i]);
  ag_state *st = new_state(g, NULL);
  uint64_t rng = 1234 + (uint64_t)_i;
  ag_move mv[CAP], joint[2];
  size_t n, ply, total = 0;
  int game, p, q, kind = AG_MOVE_STEP;
  static pool pl;
  memset(&pl, 0, sizeof pl);
  for (game = 0; total < 1500; game++) {
    ag_state_reset(st);
    for (ply = 0; ply < 500 && !ag_state_is_terminal(st); ply++, total++) {
      p = ag_state_current_player(st);
      if (ply < 30 || ply % 17 == 0 || kind == AG_MOVE_JUMP) {
        check_position(st, 0, &rng, p != AG_PLAYER_SIMULTANEOUS, &pl);
        check_position(st, 1, &rng, p != AG_PLAYER_SIMULTANEOUS, &pl);
        check_position(st, AG_PLAYER_CHANCE, &rng, 1, &pl);
      }
      if ((ply < 30 && ply % 3 == 0) || ply % 41 == 0 || kind == AG_MOVE_JUMP) {
        sweep(st, 0, &pl);
        sweep(st, 1, &pl);
      }
      if (p == AG_PLAYER_SIMULTANEOUS) {
        for (q = 0; q < 2; q++) {
          ck_assert_int_eq(ag_state_legal_moves(st, q, mv, CAP, &n), AG_OK);
          joint[q] = mv[ag_rng_below(&rng, n)];
        }
        ck_assert_int_eq(ag_state_apply_joint(st, joint, 2), AG_OK);
      } else if (p == AG_PLAYER_CHANCE) {
        ck_assert_int_eq(ag_state_sample_chance(st, &rng, &joint[0]), AG_OK);
        ck_assert_int_eq(ag_state_apply(st, joint[0]), AG_OK);
      } else {
        ck_assert_int_eq(ag_state_legal_moves(st, p, mv, CAP, &n), AG_OK);
        joint[0] = mv[ag_rng_below(&rng, n)];
        ck_assert_int_eq(ag_state_apply(st, joint[0]), AG_OK);
      }
      if (ag_move_info(g, joint[0], &kind, NULL, NULL) != AG_OK) kind = AG_MOVE_STEP;
    }
  }
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* A joint apply with one illegal half fails and changes nothing. */
START_TEST(test_joint_illegal_half)
{
  ag_game *g = new_game("liubo_fingers(hands=2)");
  ag_state *st = new_state(g, NULL);
  ag_move mv[CAP], joint[2];
  size_t n;
  snapshot before;
  ck_assert_int_eq(ag_state_current_player(st), AG_PLAYER_SIMULTANEOUS);
  ck_assert_int_eq(ag_state_legal_moves(st, 0, mv, CAP, &n), AG_OK);
  take(st, &before);
  joint[0] = mv[0];
  joint[1] = mv[n - 1] + 0x100;  /* a call past the largest */
  ck_assert_int_eq(ag_state_apply_joint(st, joint, 2), AG_EILLEGAL);
  same(st, &before, "joint apply of", joint[1]);
  joint[1] = mv[n - 1];
  joint[0] = mv[0] | 0x1;        /* a from byte a choice never has */
  ck_assert_int_eq(ag_state_apply_joint(st, joint, 2), AG_EILLEGAL);
  same(st, &before, "joint apply of", joint[0]);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* legal_moves into a buffer of exactly the game's bound gives the same list
 * as into a larger one, and a smaller buffer still gets AG_EBUFS with n. */
START_TEST(test_legal_in_place)
{
  ag_game *g = new_game("hare");
  ag_state *st = new_state(g, NULL);
  size_t bound = ag_game_limit(g, AG_LIMIT_LEGAL_MOVES), n1, n2, n3;
  ag_move big[CAP], *exact = malloc(bound * sizeof *exact), tiny[2];
  ck_assert_ptr_nonnull(exact);
  ck_assert_int_eq(ag_state_legal_moves(st, 0, big, CAP, &n1), AG_OK);
  ck_assert_int_eq(ag_state_legal_moves(st, 0, exact, bound, &n2), AG_OK);
  ck_assert_uint_eq(n1, 8);
  ck_assert_uint_eq(n1, n2);
  ck_assert_mem_eq(big, exact, n1 * sizeof *big);
  ck_assert_int_eq(ag_state_legal_moves(st, 0, tiny, 2, &n3), AG_EBUFS);
  ck_assert_uint_eq(n3, 8);
  free(exact);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* The internal hook: liubo_fingers' walk search, which does the last steps
 * of every walk (as many as the board's shortest cycle) as sets, gives what
 * the plain search of every walk gives, for every origin and count, in
 * positions of random games of both boards. */
int ag__lf_check_walks(const ag_state *st);  /* girth, or 0 on a mismatch */

START_TEST(test_lf_short_walks)
{
  static const char *const lf_specs[] = {"liubo_fingers(hands=2,board=48)",
                                          "liubo_fingers(hands=2,entry=exact)",
                                          "liubo_fingers(board=48,entry=exact,return=free)"};
  ag_game *g = new_game(lf_specs[_i]);
  ag_state *st = new_state(g, NULL);
  uint64_t rng = 99 + (uint64_t)_i;
  size_t checked = 0, actions = 0;
  int game;
  for (game = 0; game < 4; game++) {
    ag_state_reset(st);
    while (!ag_state_is_terminal(st) && ag_state_ply(st) < 1500) {
      if (ag_state_current_player(st) >= 0 && actions++ % 2 == 0) {
        int girth = ag__lf_check_walks(st);
        if (!girth) {
          char text[512];
          ag_state_to_text(st, text, sizeof text, NULL);
          ck_abort_msg("the walks differ in %s", text);
        }
        ck_assert_int_eq(girth, 8);  /* the inner ring Q M Q' M' ... */
        checked++;
      }
      ag_test_random_ply(st, &rng);
    }
  }
  ck_assert_uint_gt(checked, 100);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* ag_state_playouts: the sum of ag_state_playout() with the RNG state of the
 * (i+1)-th output from the seed, for every thread count, from the start and
 * from a position with history (the hare's repetition window). */
START_TEST(test_playouts_batch)
{
  static const char *const batch_specs[] = {"hare", "liubo_sticks", "liubo_fingers(hands=2)"};
  ag_game *g = new_game(batch_specs[_i]);
  ag_state *st = new_state(g, NULL);
  ag_playout_totals want, got;
  uint64_t rng = 5, seeds;
  size_t plies, count = 100, cap = _i == 2 ? 300 : 0, k;
  int threads[] = {1, 2, 3, 7, 0}, t, outcome, winner, round;
  for (round = 0; round < 2; round++) {
    if (round == 1)  /* some history first: 20 random plies */
      ag_test_random_plies(st, &rng, 20);
    memset(&want, 0, sizeof want);
    seeds = 77;
    for (k = 0; k < count; k++) {
      uint64_t r = ag_rng_next(&seeds);
      outcome = ag_state_playout(st, &r, cap, &plies, &winner, NULL);
      ck_assert_int_ge(outcome, 0);
      want.playouts++;
      want.plies += plies;
      if (outcome == AG_OUTCOME_WIN) want.wins[winner]++;
      else if (outcome == AG_OUTCOME_DRAW) want.draws++;
      else want.unfinished++;
    }
    for (t = 0; t < (int)(sizeof threads / sizeof threads[0]); t++) {
      memset(&got, 0xff, sizeof got);
      ck_assert_int_eq(ag_state_playouts(st, 77, count, cap, threads[t], &got), AG_OK);
      ck_assert_msg(memcmp(&got, &want, sizeof got) == 0,
                    "%s, %d threads: %llu playouts %llu plies %llu/%llu wins %llu draws, want "
                    "%llu %llu %llu/%llu %llu", batch_specs[_i], threads[t],
                    (unsigned long long)got.playouts, (unsigned long long)got.plies,
                    (unsigned long long)got.wins[0], (unsigned long long)got.wins[1],
                    (unsigned long long)got.draws, (unsigned long long)want.playouts,
                    (unsigned long long)want.plies, (unsigned long long)want.wins[0],
                    (unsigned long long)want.wins[1], (unsigned long long)want.draws);
    }
  }
  ck_assert_uint_eq(want.playouts, count);
  ck_assert_int_eq(ag_state_playouts(st, 1, 0, 0, 2, &got), AG_OK);
  ck_assert_uint_eq(got.playouts + got.plies + got.draws, 0);
  memset(&got, 0xff, sizeof got);
  ck_assert_int_eq(ag_state_playouts(NULL, 1, 10, 0, 1, &got), AG_EINVAL);
  ck_assert_uint_eq(got.playouts + got.plies, 0);
  ck_assert_int_eq(ag_state_playouts(st, 1, 10, 0, 1, NULL), AG_EINVAL);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

static Suite *fast_paths_suite(void)
{
  Suite *s = suite_create("fast_paths");
  TCase *tc = tcase_create("exact");
  tcase_add_loop_test(tc, test_is_legal_matches_list, 0, (int)NSPECS);
  tcase_add_test(tc, test_joint_illegal_half);
  tcase_add_test(tc, test_legal_in_place);
  tcase_add_loop_test(tc, test_lf_short_walks, 0, 3);
  tcase_add_loop_test(tc, test_playouts_batch, 0, 3);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) { return ag_test_run(fast_paths_suite()); }
