/* SPDX-License-Identifier: MIT */
/*
 * check_errors.c -- every error code the header documents is the one the code
 * returns: each `@retval AG_Exxx' of include/ancientgames.h (the ERRORS
 * section of the function's man page) is provoked here by an ERR() line,
 * which calls the function and asserts that exact code and a message.
 *
 * tests/check-errors-doc.sh holds the two lists together: every (function,
 * code) pair of the header is an ERR() line below or an UNTESTED() note (with
 * the reason, after a review of the return path), and every ERR() line is in
 * the header -- a code the function returns but the page does not list fails.
 *
 * It links the library's own objects for the test hook ag__hare_solve (a
 * small solution of a reduced hare hunt).  The cases that need the real
 * solved game (a probe of a finished game, more hunters than solved) run when
 * $AG_HARE_SOLUTION names a solution file of hare(hunters=10), as in CI.
 */
#define _XOPEN_SOURCE 700   /* mkstemp, truncate */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "check_main.h"
#include "ai/hare_solver.h"

/* ERR(fn, CODE, (args)), in check_main.h: fn(args) fails with CODE and leaves a message. */

/* Reviewed, not provoked (check-errors-doc.sh reads these):
 * UNTESTED(ag_game_new, AG_ENOMEM): calloc of the game or its data fails.
 * UNTESTED(ag_state_new, AG_ENOMEM): calloc of the state, position or first history fails.
 * UNTESTED(ag_state_clone, AG_ENOMEM): ag_state_new or the history copy fails to allocate.
 * UNTESTED(ag_state_copy, AG_ENOMEM): realloc of dst's history fails.
 * UNTESTED(ag_vec_new, AG_ENOMEM): provoked by check_alloc (vec_new), every allocation.
 * UNTESTED(ag_vec_reset, AG_ENOMEM): the lanes' histories hold their reserve, so the opening
 *   chance cannot allocate; the path is the same as ag_vec_new's.
 * UNTESTED(ag_vec_step, AG_ENOMEM): provoked by check_alloc (vec_step), every allocation.
 * UNTESTED(ag_state_apply, AG_ENOMEM): realloc of the history fails (history_room).
 * UNTESTED(ag_state_apply_joint, AG_ENOMEM): realloc of the history fails (history_room).
 * UNTESTED(ag_state_playout, AG_ENOMEM): the hare's repetition record cannot grow.
 * UNTESTED(ag_state_playouts, AG_ENOMEM): a playout's repetition record cannot grow.
 * UNTESTED(ag_state_playouts_ex, AG_ENOMEM): as ag_state_playouts.
 * UNTESTED(ag_state_equal, AG_ENOMEM): malloc of the two position texts fails.
 * UNTESTED(ag_state_set_text, AG_ENOMEM): calloc of the scratch position fails.
 * UNTESTED(ag_solution_solve, AG_ENOMEM): a layer's tables cannot be allocated.
 * UNTESTED(ag_solution_solve_ex, AG_ENOMEM): as ag_solution_solve.
 * UNTESTED(ag_solution_solve_ex, AG_ERROR): as ag_solution_solve.
 * UNTESTED(ag_ai_analyse, AG_ENOMEM): the search tree or transposition table cannot grow.
 * UNTESTED(ag_solution_solve, AG_ERROR): a distance exceeds the stored range (cannot happen
 *   for the real game: the longest distance is far below it).
 * UNTESTED(ag_solution_load, AG_ENOMEM): the tables cannot be allocated.
 * UNTESTED(ag_solution_probe, AG_ERROR): a hare-hunt state without a hare (set_text refuses
 *   such positions, so only a damaged state could have one).
 * UNTESTED(ag_ai_choose, AG_ENOMEM): the search tree or transposition table cannot grow.
 * UNTESTED(ag_ai_choose_player, AG_ENOMEM): the search tree cannot grow.
 * UNTESTED(ag_ai_choose_joint, AG_ENOMEM): the search tree cannot grow.
 * UNTESTED(ag_ai_choose_ex, AG_ENOMEM): as ag_ai_choose.
 * UNTESTED(ag_ai_choose_solved, AG_ENOMEM): the working copy of the state cannot be made.
 * UNTESTED(ag_ai_choose_solved, AG_ERROR): as ag_solution_probe's AG_ERROR.
 * UNTESTED(ag_state_record, AG_ENOMEM): malloc for comparing the start position fails.
 * UNTESTED(ag_state_record, AG_ERROR): a history entry that is no move (only a damaged
 *   state could hold one).
 * UNTESTED(ag_state_set_record, AG_ENOMEM): the scratch state, its history or the tags
 *   cannot be allocated.
 * UNTESTED(ag_state_new_from_record, AG_ENOMEM): as ag_state_set_record, or the game;
 *   check_alloc fails each of its allocations.
 * UNTESTED(ag_state_svg, AG_ENOMEM): malloc of the caption's position text fails;
 *   provoked by check_alloc (text_equal_playout), every allocation.
 * UNTESTED(ag_state_set_tag, AG_ENOMEM): realloc of the tags fails, or they would exceed
 *   SIZE_MAX / 2.
 */

/* The hare hunt after the hunters were taken down to 9: over. */
#define HARE_OVER "...../...../..O../XXXX./XXXXX O - 0"

/* Asserts that st still holds `text` at ply `ply`. */
static void same_state(const ag_state *st, const char *text, size_t ply)
{
  char now[512];
  ck_assert_int_eq(ag_state_to_text(st, now, sizeof now, NULL), AG_OK);
  ck_assert_str_eq(now, text);
  ck_assert_uint_eq(ag_state_ply(st), ply);
}

/* ------------------------------------------------------------------ games */

/* The learning tensors (ag_game_num_actions ... ag_state_action_mask). */
START_TEST(tensor_errors)
{
  ag_game *g = new_game("liubo_sticks");
  ag_state *st = new_state(g, NULL);
  ag_move m;
  size_t a, planes, len;
  float obs[4];
  unsigned char mask[4];
  ERR(ag_game_action_move, AG_EINVAL, (NULL, 0, &m));
  ERR(ag_game_action_move, AG_EINVAL, (g, 0, NULL));
  ERR(ag_game_action_move, AG_EINVAL, (g, ag_game_num_actions(g), &m));
  ERR(ag_game_move_action, AG_EINVAL, (NULL, 0x01010101u, &a));
  ERR(ag_game_move_action, AG_EINVAL, (g, AG_MOVE_NONE, &a));
  ERR(ag_game_move_action, AG_EINVAL, (g, 0x01010101u, NULL));
  ERR(ag_game_observation_shape, AG_EINVAL, (NULL, &planes, &len));
  ERR(ag_state_observation, AG_EINVAL, (NULL, obs, 4, &len));
  ERR(ag_state_observation, AG_EINVAL, (st, NULL, 4, &len));
  ERR(ag_state_observation, AG_EBUFS, (st, obs, 4, &len));
  ERR(ag_state_action_mask, AG_EINVAL, (NULL, 0, mask, 4, &len));
  ERR(ag_state_action_mask, AG_EINVAL, (st, 2, mask, 4, &len));
  ERR(ag_state_action_mask, AG_EINVAL, (st, AG_PLAYER_CHANCE, NULL, 4, &len));
  ERR(ag_state_action_mask, AG_EBUFS, (st, AG_PLAYER_CHANCE, mask, 4, &len));
  {
    ag_playout_totals tot;
    ERR(ag_state_playouts, AG_EINVAL, (NULL, 1, 1, 0, 1, &tot));
    ERR(ag_state_playouts, AG_EINVAL, (st, 1, 1, 0, 1, NULL));
  }
  {
    ag_playout_totals tot;
    volatile int stop = 1;
    ag_control small = {.size = 1}, ctl = {.size = sizeof ctl};
    ctl.stop = &stop;
    ERR(ag_state_playouts_ex, AG_EINVAL, (NULL, 1, 1, 0, 1, NULL, &tot));
    ERR(ag_state_playouts_ex, AG_EINVAL, (st, 1, 1, 0, 1, NULL, NULL));
    ERR(ag_state_playouts_ex, AG_EINVAL, (st, 1, 1, 0, 1, &small, &tot));
    ERR(ag_state_playouts_ex, AG_ECANCELED, (st, 1, 1000, 0, 1, &ctl, &tot));
  }
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* The vectorized environment (ag_vec_*). */
START_TEST(vec_errors)
{
  ag_game *g = new_game("liubo_sticks");
  ag_vec *v = NULL, *out = (ag_vec *)&v;
  int32_t act[4];
  float obs[4];
  unsigned char mask[4];
  int players[2];
  ERR(ag_vec_new, AG_EINVAL, (NULL, 2, 1, 0, &out));
  ck_assert_ptr_null(out);
  ERR(ag_vec_new, AG_EINVAL, (g, 2, 1, 0, NULL));
  ERR(ag_vec_new, AG_EINVAL, (g, 0, 1, 0, &out));
  ERR(ag_vec_new, AG_EINVAL, (g, ((size_t)1 << 24) + 1, 1, 0, &out));
  ERR(ag_vec_new, AG_EINVAL, (g, 2, 1, 2u, &out));
  ck_assert_int_eq(ag_vec_new(g, 2, 1, 0, &v), AG_OK);
  ck_assert_ptr_null(ag_vec_lane(NULL, 0));
  ck_assert_ptr_null(ag_vec_lane(v, 2));
  ck_assert_uint_eq(ag_vec_lanes(NULL), 0);
  ERR(ag_vec_reset, AG_EINVAL, (NULL, 1));
  ERR(ag_vec_step, AG_EINVAL, (NULL, act, NULL, NULL, 1));
  ERR(ag_vec_step, AG_EINVAL, (v, NULL, NULL, NULL, 1));
  act[0] = act[1] = act[2] = act[3] = -1;
  ERR(ag_vec_step, AG_EILLEGAL, (v, act, NULL, NULL, 1));
  ERR(ag_vec_observations, AG_EINVAL, (NULL, obs, 4, 1));
  ERR(ag_vec_observations, AG_EINVAL, (v, NULL, 4, 1));
  ERR(ag_vec_observations, AG_EBUFS, (v, obs, 4, 1));
  ERR(ag_vec_action_masks, AG_EINVAL, (NULL, mask, 4));
  ERR(ag_vec_action_masks, AG_EINVAL, (v, NULL, 4));
  ERR(ag_vec_action_masks, AG_EBUFS, (v, mask, 4));
  ERR(ag_vec_players, AG_EINVAL, (NULL, players));
  ERR(ag_vec_players, AG_EINVAL, (v, NULL));
  ERR(ag_vec_random_actions, AG_EINVAL, (NULL, act));
  ERR(ag_vec_random_actions, AG_EINVAL, (v, NULL));
  ag_vec_free(v);
  ag_vec_free(NULL);
  ag_game_free(g);
}
END_TEST

START_TEST(game_errors)
{
  ag_game *g = new_game("hare"), *out = NULL;
  int node, x, a;
  ag_mark mark = AG_MARK_INIT;
  ERR(ag_game_new, AG_EINVAL, (NULL, &out));
  ERR(ag_game_new, AG_EINVAL, ("hare", NULL));
  ERR(ag_game_new, AG_EPARSE, ("hare(hunters=13)", &out));
  ck_assert_ptr_null(out);
  ERR(ag_game_new, AG_EPARSE, ("hare(hunters=11", &out));
  ERR(ag_game_new, AG_EPARSE, ("hare(hunters=11,hunters=10)", &out));
  ERR(ag_game_new, AG_EPARSE, ("hare(repetition=1)", &out));  /* refused by the game's setup */
  ERR(ag_game_new, AG_ENOTFOUND, ("chess", &out));
  ERR(ag_game_new, AG_ENOTFOUND, ("hare(colour=red)", &out));
  ck_assert_ptr_null(out);
  ERR(ag_game_num_players, AG_EINVAL, (NULL));
  ERR(ag_game_num_nodes, AG_EINVAL, (NULL));
  ERR(ag_game_node, AG_EINVAL, (NULL, 0, &x, &x, &x));
  ERR(ag_game_node, AG_EINVAL, (g, -1, &x, &x, &x));
  ERR(ag_game_node, AG_EINVAL, (g, ag_game_num_nodes(g), &x, &x, &x));
  ERR(ag_game_node_find, AG_EINVAL, (NULL, "c3", &node));
  ERR(ag_game_node_find, AG_EINVAL, (g, NULL, &node));
  ERR(ag_game_node_find, AG_EINVAL, (g, "c3", NULL));
  ERR(ag_game_node_find, AG_ENOTFOUND, (g, "z9", &node));
  ERR(ag_game_num_edges, AG_EINVAL, (NULL));
  ERR(ag_game_edge, AG_EINVAL, (NULL, 0, &a, &a, &a));
  ERR(ag_game_edge, AG_EINVAL, (g, -1, &a, &a, &a));
  ERR(ag_game_edge, AG_EINVAL, (g, ag_game_num_edges(g), &a, &a, &a));
  ERR(ag_game_num_marks, AG_EINVAL, (NULL));
  ERR(ag_game_mark, AG_EINVAL, (NULL, 0, &mark));
  ERR(ag_game_mark, AG_EINVAL, (g, 0, NULL));
  ERR(ag_game_mark, AG_EINVAL, (g, -1, &mark));
  ERR(ag_game_mark, AG_EINVAL, (g, ag_game_num_marks(g), &mark));
  mark.size = sizeof mark - 1;
  ERR(ag_game_mark, AG_EINVAL, (g, 0, &mark));
  mark.size = 0;
  ERR(ag_game_mark, AG_EINVAL, (g, 0, &mark));
  ag_game_free(g);
}
END_TEST

START_TEST(move_errors)
{
  ag_game *g = new_game("hare");
  ag_move m;
  char buf[16];
  size_t len = 0;
  int k;
  ck_assert_int_eq(ag_move_from_text(g, "a3-a4", &m), AG_OK);
  ERR(ag_move_to_text, AG_EINVAL, (NULL, m, buf, sizeof buf, &len));
  ERR(ag_move_to_text, AG_EINVAL, (g, m, NULL, 5, &len));
  ERR(ag_move_to_text, AG_EINVAL, (g, AG_MOVE_NONE, buf, sizeof buf, &len));
  ERR(ag_move_to_text, AG_EBUFS, (g, m, buf, 3, &len));
  ck_assert_uint_eq(len, 5);
  ck_assert_str_eq(buf, "a3");                      /* as much as fits, NUL-terminated */
  ERR(ag_move_to_text, AG_EBUFS, (g, m, NULL, 0, &len));
  ck_assert_uint_eq(len, 5);
  ERR(ag_move_from_text, AG_EINVAL, (NULL, "a3-a4", &m));
  ERR(ag_move_from_text, AG_EINVAL, (g, NULL, &m));
  ERR(ag_move_from_text, AG_EINVAL, (g, "a3-a4", NULL));
  ERR(ag_move_from_text, AG_EPARSE, (g, "a3-z9", &m));
  ERR(ag_move_from_text, AG_EPARSE, (g, "", &m));
  ERR(ag_move_info, AG_EINVAL, (NULL, m, &k, &k, &k));
  ERR(ag_move_info, AG_EINVAL, (g, AG_MOVE_NONE, &k, &k, &k));
  ag_game_free(g);
}
END_TEST

/* ----------------------------------------------------------------- states */

START_TEST(state_errors)
{
  ag_game *g = new_game("hare"), *g11 = new_game("hare(hunters=11)"), *lf = new_game("liubo_fingers");
  ag_state *st = new_state(g, NULL), *other = new_state(g11, NULL), *f = new_state(lf, NULL);
  ag_state *out = NULL;
  char start[64];
  ck_assert_int_eq(ag_state_to_text(st, start, sizeof start, NULL), AG_OK);
  ERR(ag_state_new, AG_EINVAL, (NULL, &out));
  ERR(ag_state_new, AG_EINVAL, (g, NULL));
  ERR(ag_state_clone, AG_EINVAL, (NULL, &out));
  ERR(ag_state_clone, AG_EINVAL, (st, NULL));
  ck_assert_ptr_null(out);
  ERR(ag_state_copy, AG_EINVAL, (NULL, st));
  ERR(ag_state_copy, AG_EINVAL, (st, NULL));
  ERR(ag_state_copy, AG_EMISMATCH, (st, other));     /* another spec of the same game */
  ERR(ag_state_copy, AG_EMISMATCH, (st, f));
  same_state(st, start, 0);
  ERR(ag_state_reserve, AG_EINVAL, (NULL, 10));
  ERR(ag_state_reserve, AG_ENOMEM, (st, SIZE_MAX));   /* more than a size_t can hold */
  same_state(st, start, 0);
  ag_state_free(st);
  ag_state_free(other);
  ag_state_free(f);
  ag_game_free(g);
  ag_game_free(g11);
  ag_game_free(lf);
}
END_TEST

/* ---------------------------------------------------------------- playing */

START_TEST(play_errors)
{
  ag_game *g = new_game("hare"), *ls = new_game("liubo_sticks"), *lf = new_game("liubo_fingers");
  ag_state *st = new_state(g, NULL), *over = new_state(g, HARE_OVER);
  ag_state *sticks = new_state(ls, NULL), *fingers = new_state(lf, NULL);
  ag_move mv[64], m, joint[2] = {AG_MOVE_NONE, AG_MOVE_NONE};
  uint32_t w[64], total = 0;
  uint64_t rng = 1;
  size_t n = 0;
  char start[64], fstart[256];
  ck_assert_int_eq(ag_state_to_text(st, start, sizeof start, NULL), AG_OK);
  ck_assert_int_eq(ag_state_to_text(fingers, fstart, sizeof fstart, NULL), AG_OK);

  ERR(ag_state_current_player, AG_EINVAL, (NULL));
  ERR(ag_state_is_terminal, AG_EINVAL, (NULL));
  ERR(ag_state_legal_moves, AG_EINVAL, (NULL, 0, mv, 64, &n));
  ERR(ag_state_legal_moves, AG_EINVAL, (st, 0, mv, 64, NULL));
  ERR(ag_state_legal_moves, AG_EINVAL, (st, 0, NULL, 64, &n));
  ERR(ag_state_legal_moves, AG_EINVAL, (st, 5, mv, 64, &n));
  ERR(ag_state_legal_moves, AG_EBUFS, (st, 0, mv, 1, &n));
  ck_assert_uint_eq(n, 8);
  ERR(ag_state_is_legal, AG_EINVAL, (NULL, 0, mv[0]));
  ERR(ag_state_is_legal, AG_EINVAL, (st, 7, mv[0]));

  ERR(ag_state_chance_outcomes, AG_EINVAL, (NULL, mv, w, 64, &n, &total));
  ERR(ag_state_chance_outcomes, AG_EINVAL, (sticks, mv, w, 64, NULL, &total));
  ERR(ag_state_chance_outcomes, AG_EINVAL, (sticks, NULL, w, 64, &n, &total));
  ERR(ag_state_chance_outcomes, AG_EINVAL, (sticks, mv, NULL, 64, &n, &total));
  ERR(ag_state_chance_outcomes, AG_EPHASE, (st, mv, w, 64, &n, &total));
  ERR(ag_state_chance_outcomes, AG_EBUFS, (sticks, mv, w, 1, &n, &total));
  ck_assert_uint_eq(n, 10);
  ck_assert_uint_eq(total, 64);
  ERR(ag_state_sample_chance, AG_EINVAL, (NULL, &rng, &m));
  ERR(ag_state_sample_chance, AG_EINVAL, (sticks, NULL, &m));
  ERR(ag_state_sample_chance, AG_EINVAL, (sticks, &rng, NULL));
  ERR(ag_state_sample_chance, AG_EPHASE, (st, &rng, &m));
  ck_assert_uint_eq(rng, 1);                          /* not drawn from */

  ERR(ag_state_apply, AG_EINVAL, (NULL, mv[0]));
  ERR(ag_state_apply, AG_EPHASE, (over, AG_MOVE_NONE));     /* the game is over */
  ERR(ag_state_apply, AG_EPHASE, (fingers, AG_MOVE_NONE));  /* a simultaneous node */
  ERR(ag_state_apply, AG_EILLEGAL, (st, AG_MOVE_NONE));
  ck_assert_int_eq(ag_move_from_text(g, "a1-a2", &m), AG_OK);  /* a2 is taken */
  ERR(ag_state_apply, AG_EILLEGAL, (st, m));
  same_state(st, start, 0);
  ERR(ag_state_apply_joint, AG_EINVAL, (NULL, joint, 2));
  ERR(ag_state_apply_joint, AG_EINVAL, (fingers, NULL, 2));
  ERR(ag_state_apply_joint, AG_EINVAL, (fingers, joint, 1));
  ERR(ag_state_apply_joint, AG_EPHASE, (st, joint, 2));
  ERR(ag_state_apply_joint, AG_EILLEGAL, (fingers, joint, 2));
  same_state(fingers, fstart, 0);
  same_state(st, start, 0);

  ERR(ag_state_undo, AG_EINVAL, (NULL));
  ERR(ag_state_undo, AG_EPHASE, (st));
  ck_assert_int_eq(ag_move_from_text(g, "a3-a4", &m), AG_OK);
  ck_assert_int_eq(ag_state_apply(st, m), AG_OK);
  ERR(ag_state_history, AG_EINVAL, (NULL, mv, 64, &n));
  ERR(ag_state_history, AG_EINVAL, (st, mv, 64, NULL));
  ERR(ag_state_history, AG_EINVAL, (st, NULL, 64, &n));
  ERR(ag_state_history, AG_EBUFS, (st, NULL, 0, &n));
  ck_assert_uint_eq(n, 1);
  ERR(ag_state_playout, AG_EINVAL, (NULL, &rng, 0, NULL, NULL, NULL));
  ERR(ag_state_playout, AG_EINVAL, (st, NULL, 0, NULL, NULL, NULL));

  ag_state_free(st);
  ag_state_free(over);
  ag_state_free(sticks);
  ag_state_free(fingers);
  ag_game_free(g);
  ag_game_free(ls);
  ag_game_free(lf);
}
END_TEST

/* -------------------------------------------------------- position, text */

START_TEST(position_text_errors)
{
  ag_game *g = new_game("hare"), *lf = new_game("liubo_fingers");
  ag_state *st = new_state(g, NULL), *f = new_state(lf, NULL);
  char buf[512], start[64];
  double ret[2];
  size_t len = 0;
  int v;
  ck_assert_int_eq(ag_state_to_text(st, start, sizeof start, NULL), AG_OK);
  ERR(ag_state_equal, AG_EINVAL, (NULL, st));
  ERR(ag_state_equal, AG_EINVAL, (st, NULL));
  ERR(ag_state_equal, AG_EMISMATCH, (st, f));
  ERR(ag_state_piece, AG_EINVAL, (NULL, 0, 0, &v, &v, &v));
  ERR(ag_state_piece, AG_EINVAL, (st, -1, 0, &v, &v, &v));
  ERR(ag_state_piece, AG_EINVAL, (st, ag_game_num_nodes(g), 0, &v, &v, &v));
  ERR(ag_state_piece, AG_EINVAL, (st, 0, -1, &v, &v, &v));
  ERR(ag_state_info, AG_EINVAL, (NULL, AG_INFO_COUNTER, 0, &v));
  ERR(ag_state_info, AG_EINVAL, (st, AG_INFO_COUNTER, 0, NULL));
  ERR(ag_state_info, AG_EINVAL, (st, AG_INFO_CAPTURED, 5, &v));
  ERR(ag_state_info, AG_ENOTFOUND, (st, AG_INFO_SCORE, 0, &v));   /* the hare keeps no score */
  ERR(ag_state_outcome, AG_EINVAL, (NULL, &v, &v));
  ERR(ag_state_returns, AG_EINVAL, (NULL, ret, 2));
  ERR(ag_state_returns, AG_EINVAL, (st, NULL, 2));
  ERR(ag_state_returns, AG_EINVAL, (st, ret, 1));

  ERR(ag_state_to_text, AG_EINVAL, (NULL, buf, sizeof buf, &len));
  ERR(ag_state_to_text, AG_EINVAL, (st, NULL, 5, &len));
  ERR(ag_state_to_text, AG_EBUFS, (st, buf, 4, &len));
  ck_assert_uint_eq(len, strlen(start));
  ck_assert_str_eq(buf, "...");
  ERR(ag_state_set_text, AG_EINVAL, (NULL, start));
  ERR(ag_state_set_text, AG_EINVAL, (st, NULL));
  ERR(ag_state_set_text, AG_EPARSE, (st, "not a position"));
  ERR(ag_state_set_text, AG_EPARSE, (st, "...../...../X.O.X/XXXXX/XXXXX X - x"));
  same_state(st, start, 0);
  ERR(ag_state_render, AG_EINVAL, (NULL, buf, sizeof buf, &len));
  ERR(ag_state_render, AG_EINVAL, (st, NULL, 5, &len));
  ERR(ag_state_render, AG_EBUFS, (st, buf, 2, &len));
  ck_assert_uint_gt(len, 1);
  ERR(ag_state_svg, AG_EINVAL, (NULL, 0, buf, sizeof buf, &len));
  ERR(ag_state_svg, AG_EINVAL, (st, 1, buf, sizeof buf, &len));
  ERR(ag_state_svg, AG_EINVAL, (st, 0, NULL, 5, &len));
  ERR(ag_state_svg, AG_EBUFS, (st, 0, buf, 2, &len));
  ck_assert_uint_gt(len, 1000);
  ag_state_free(st);
  ag_state_free(f);
  ag_game_free(g);
  ag_game_free(lf);
}
END_TEST

/* ---------------------------------------------------------------- records */

START_TEST(record_errors)
{
  ag_game *g = new_game("hare"), *g11 = new_game("hare(hunters=11)");
  ag_state *st = new_state(g, NULL);
  char buf[512], start[64];
  size_t len = 0;
  ag_move m;
  ck_assert_int_eq(ag_state_to_text(st, start, sizeof start, NULL), AG_OK);
  ck_assert_int_eq(ag_move_from_text(g, "a3-a4", &m), AG_OK);
  ck_assert_int_eq(ag_state_apply(st, m), AG_OK);
  ck_assert_int_eq(ag_state_set_tag(st, "Event", "test"), AG_OK);

  ERR(ag_state_record, AG_EINVAL, (NULL, buf, sizeof buf, &len));
  ERR(ag_state_record, AG_EINVAL, (st, NULL, 5, &len));
  ERR(ag_state_record, AG_EBUFS, (st, buf, 10, &len));
  ck_assert_uint_gt(len, 9);
  ck_assert_uint_eq(strlen(buf), 9);
  ERR(ag_state_start_text, AG_EINVAL, (NULL, buf, sizeof buf, &len));
  ERR(ag_state_start_text, AG_EINVAL, (st, NULL, 5, &len));
  ERR(ag_state_start_text, AG_EBUFS, (st, buf, 3, &len));
  ck_assert_uint_eq(len, strlen(start));

  ERR(ag_state_set_tag, AG_EINVAL, (NULL, "Event", "x"));
  ERR(ag_state_set_tag, AG_EINVAL, (st, NULL, "x"));
  ERR(ag_state_set_tag, AG_EINVAL, (st, "", "x"));
  ERR(ag_state_set_tag, AG_EINVAL, (st, "Two words", "x"));
  ERR(ag_state_set_tag, AG_EINVAL, (st, "Result", "1-0"));   /* the library's tag */
  ERR(ag_state_set_tag, AG_EINVAL, (st, "Event", "a\tb"));   /* a control character */
  ERR(ag_state_tag, AG_EINVAL, (NULL, "Event", buf, sizeof buf, &len));
  ERR(ag_state_tag, AG_EINVAL, (st, NULL, buf, sizeof buf, &len));
  ERR(ag_state_tag, AG_EINVAL, (st, "Ev ent", buf, sizeof buf, &len));
  ERR(ag_state_tag, AG_EINVAL, (st, "Event", NULL, 5, &len));
  ERR(ag_state_tag, AG_ENOTFOUND, (st, "Date", buf, sizeof buf, &len));
  ERR(ag_state_tag, AG_EBUFS, (st, "Event", buf, 2, &len));
  ck_assert_uint_eq(len, 4);

  ck_assert_int_eq(ag_state_record(st, buf, sizeof buf, &len), AG_OK);
  ERR(ag_state_set_record, AG_EINVAL, (NULL, buf));
  ERR(ag_state_set_record, AG_EINVAL, (st, NULL));
  ag_state_free(st);
  st = new_state(g, NULL);
  ERR(ag_state_set_record, AG_EPARSE, (st, "1. a3-a4"));                     /* no [Game] */
  ERR(ag_state_set_record, AG_EPARSE, (st, "[Game \"hare(\"]"));
  ERR(ag_state_set_record, AG_EPARSE, (st, "[Game \"hare\"] 2. a3-a4"));   /* ply 1 missing */
  ERR(ag_state_set_record, AG_EPARSE, (st, "[Game \"hare\"] 1. a3-z9"));
  ERR(ag_state_set_record, AG_EPARSE, (st, "[Game \"hare\"] {open"));
  ERR(ag_state_set_record, AG_EPARSE, (st, "[Game \"hare\"] [Result \"1-0\"] 1. a3-a4"));
  ERR(ag_state_set_record, AG_EMISMATCH, (st, "[Game \"hare(hunters=11)\"] 1. a3-a4"));
  ERR(ag_state_set_record, AG_EMISMATCH, (st, "[Game \"liubo_sticks\"]"));
  ERR(ag_state_set_record, AG_EILLEGAL, (st, "[Game \"hare\"] 1. a1-a2"));  /* a2 is taken */
  {
    ag_game *og;
    ag_state *ost;
    ERR(ag_state_new_from_record, AG_EINVAL, (NULL, &og, &ost));
    ERR(ag_state_new_from_record, AG_EINVAL, ("[Game \"hare\"]", NULL, &ost));
    ERR(ag_state_new_from_record, AG_EINVAL, ("[Game \"hare\"]", &og, NULL));
    ERR(ag_state_new_from_record, AG_EPARSE, ("[Gamer \"hare\"] 1. a3-a4", &og, &ost));
    ERR(ag_state_new_from_record, AG_EILLEGAL, ("[Game \"hare\"] 1. a1-a2", &og, &ost));
  }
  same_state(st, start, 0);
  ERR(ag_state_set_record, AG_EILLEGAL, (st, "[Game \"hare\"] [Start \"" HARE_OVER "\"] 1. c3-c4"));
  same_state(st, start, 0);
  ag_state_free(st);
  ag_game_free(g);
  ag_game_free(g11);
}
END_TEST

/* ----------------------------------------------------------------- solver */

START_TEST(solver_errors)
{
  ag_game *g = new_game("hare"), *lf = new_game("liubo_fingers"), *g10 = new_game("hare(hunters=10)");
  ag_control ctl, tiny;
  volatile int stop = 1;
  ag_state *st = new_state(g, NULL), *f = new_state(lf, NULL);
  ag_solution *small = NULL, *out = NULL;
  uint64_t u;
  int v, d;
  char path[] = "/tmp/check_errors.XXXXXX";
  int fd = mkstemp(path);
  FILE *fp;
  ck_assert_int_ge(fd, 0);
  close(fd);
  /* chain=1, the hare wins at 3 hunters, layer 4 only: a solution of the wrong
   * threshold for any real game, so probes give AG_EMISMATCH. */
  ck_assert_int_eq(ag__hare_solve(1, 3, 4, 1, NULL, NULL, &small), AG_OK);
  memset(&ctl, 0, sizeof ctl);
  ctl.size = sizeof ctl;
  ctl.stop = &stop;
  memset(&tiny, 0, sizeof tiny);
  tiny.size = 3;

  ERR(ag_solution_solve, AG_EINVAL, (NULL, 1, NULL, NULL, &out));
  ERR(ag_solution_solve, AG_EINVAL, (g, 1, NULL, NULL, NULL));
  ERR(ag_solution_solve, AG_EINVAL, (lf, 1, NULL, NULL, &out));
  ck_assert_ptr_null(out);
  ERR(ag_solution_solve_ex, AG_EINVAL, (NULL, 1, NULL, NULL, NULL, &out));
  ERR(ag_solution_solve_ex, AG_EINVAL, (g, 1, NULL, NULL, NULL, NULL));
  ERR(ag_solution_solve_ex, AG_EINVAL, (lf, 1, NULL, NULL, NULL, &out));
  ERR(ag_solution_solve_ex, AG_EINVAL, (g, 1, NULL, NULL, &tiny, &out));
  /* A stop flag set before the start; (a progress callback that returns nonzero is
   * first called after the 10-hunter layer's set-up, seconds later: check_ai.) */
  ERR(ag_solution_solve_ex, AG_ECANCELED, (g10, 1, NULL, NULL, &ctl, &out));
  ck_assert_ptr_null(out);
  ERR(ag_solution_save, AG_EINVAL, (NULL, path));
  ERR(ag_solution_save, AG_EINVAL, (small, NULL));
  ERR(ag_solution_save, AG_ERROR, (small, "/nonexistent-dir/solution"));
  ERR(ag_solution_load, AG_EINVAL, (NULL, &out));
  ERR(ag_solution_load, AG_EINVAL, (path, NULL));
  ERR(ag_solution_load, AG_ERROR, ("/nonexistent-dir/solution", &out));
  fp = fopen(path, "w");
  ck_assert_ptr_nonnull(fp);
  fputs("not a solution file, not at all, but long enough to have a header", fp);
  fclose(fp);
  ERR(ag_solution_load, AG_EPARSE, (path, &out));
  ck_assert_int_eq(ag_solution_save(small, path), AG_OK);
  ck_assert_int_eq(truncate(path, 100), 0);
  ERR(ag_solution_load, AG_EPARSE, (path, &out));
  ck_assert_ptr_null(out);
  unlink(path);
  ERR(ag_solution_variant, AG_EINVAL, (NULL, &v, &v));

  ERR(ag_solution_probe, AG_EINVAL, (NULL, st, &v, &d));
  ERR(ag_solution_probe, AG_EINVAL, (small, NULL, &v, &d));
  ERR(ag_solution_probe, AG_EINVAL, (small, f, &v, &d));
  ERR(ag_solution_probe, AG_EMISMATCH, (small, st, &v, &d));
  ERR(ag_solution_lookup, AG_EINVAL, (NULL, 0, 0xF0, 0, &v, &d));
  ERR(ag_solution_lookup, AG_EINVAL, (small, 25, 0xF0, 0, &v, &d));
  ERR(ag_solution_lookup, AG_EINVAL, (small, 0, 1u << 25 | 0xE0, 0, &v, &d));
  ERR(ag_solution_lookup, AG_EINVAL, (small, 4, 0xF0, 0, &v, &d));   /* hare on a hunter */
  ERR(ag_solution_lookup, AG_EINVAL, (small, 0, 0xF0, 2, &v, &d));
  ERR(ag_solution_lookup, AG_ENOTFOUND, (small, 0, 0x1F0, 0, &v, &d));  /* 5 hunters */
  ERR(ag_solution_lookup, AG_ENOTFOUND, (small, 0, 0x70, 0, &v, &d));   /* 3: over */
  ERR(ag_solution_stats, AG_EINVAL, (NULL, 4, 0, &u, &u, &u, &v, &v));
  ERR(ag_solution_stats, AG_EINVAL, (small, 4, 2, &u, &u, &u, &v, &v));
  ERR(ag_solution_stats, AG_ENOTFOUND, (small, 5, 0, &u, &u, &u, &v, &v));
  ag_solution_free(small);
  ag_state_free(st);
  ag_state_free(f);
  ag_game_free(g);
  ag_game_free(lf);
  ag_game_free(g10);
}
END_TEST

/* -------------------------------------------------------------------- AI */

START_TEST(ai_errors)
{
  ag_game *g = new_game("hare"), *lf = new_game("liubo_fingers");
  ag_game *ls = new_game("liubo_sticks");
  ag_state *st = new_state(g, NULL), *over = new_state(g, HARE_OVER), *f = new_state(lf, NULL);
  ag_state *sticks = new_state(ls, NULL);
  ag_solution *small = NULL;
  ag_move m, both[2];
  uint64_t rng = 1;
  ck_assert_int_eq(ag__hare_solve(1, 3, 4, 1, NULL, NULL, &small), AG_OK);

  ERR(ag_ai_choose, AG_EINVAL, (NULL, "random", &rng, &m));
  ERR(ag_ai_choose, AG_EINVAL, (st, "random", NULL, &m));
  ERR(ag_ai_choose, AG_EINVAL, (st, "random", &rng, NULL));
  ERR(ag_ai_choose, AG_EINVAL, (st, "perfect", &rng, &m));
  ERR(ag_ai_choose, AG_EINVAL, (sticks, "alphabeta", &rng, &m));   /* the hare hunt's only */
  ERR(ag_ai_choose, AG_EINVAL, (sticks, "ai(c=1,depth=3)", &rng, &m)); /* c names mcts: ai is mcts there */
  ERR(ag_ai_choose, AG_ENOTFOUND, (st, "random(x=1)", &rng, &m));
  ERR(ag_ai_choose, AG_EPARSE, (st, "mcts(iterations=5,iterations=6)", &rng, &m));
  ERR(ag_ai_choose, AG_ENOTFOUND, (st, "minimax", &rng, &m));
  ERR(ag_ai_choose, AG_ENOTFOUND, (st, "mcts(depth=3)", &rng, &m));
  ERR(ag_ai_choose, AG_EPARSE, (st, "mcts(iterations=0)", &rng, &m));
  ERR(ag_ai_choose, AG_EPARSE, (st, "mcts(contempt=0.9)", &rng, &m));
  ERR(ag_ai_choose, AG_EPARSE, (st, "mcts(iterations=5", &rng, &m));
  ERR(ag_ai_choose, AG_EPARSE, (st, "mcts(iterations)", &rng, &m));
  ERR(ag_ai_choose, AG_EPHASE, (over, "random", &rng, &m));
  ERR(ag_ai_choose, AG_EPHASE, (f, "random", &rng, &m));      /* simultaneous */

  ERR(ag_ai_choose_player, AG_EINVAL, (NULL, 0, "random", &rng, &m));
  ERR(ag_ai_choose_player, AG_EINVAL, (sticks, 0, "alphabeta", &rng, &m));
  ERR(ag_ai_choose_player, AG_EINVAL, (st, 0, "random", NULL, &m));
  ERR(ag_ai_choose_player, AG_EINVAL, (st, 0, "random", &rng, NULL));
  ERR(ag_ai_choose_player, AG_EINVAL, (st, 2, "random", &rng, &m));
  ERR(ag_ai_choose_player, AG_EINVAL, (st, 0, "perfect", &rng, &m));
  ERR(ag_ai_choose_player, AG_ENOTFOUND, (st, 0, "minimax", &rng, &m));
  ERR(ag_ai_choose_player, AG_EPARSE, (st, 0, "mcts(c=-1)", &rng, &m));
  ERR(ag_ai_choose_player, AG_EPHASE, (st, 1, "random", &rng, &m));   /* the hunters move */
  ERR(ag_ai_choose_player, AG_EPHASE, (over, 1, "random", &rng, &m));

  ERR(ag_ai_choose_joint, AG_EINVAL, (NULL, "random", &rng, both, 2));
  ERR(ag_ai_choose_joint, AG_EINVAL, (f, "alphabeta", &rng, both, 2));
  ERR(ag_ai_choose_joint, AG_EINVAL, (f, "random", NULL, both, 2));
  ERR(ag_ai_choose_joint, AG_EINVAL, (f, "random", &rng, NULL, 2));
  ERR(ag_ai_choose_joint, AG_EINVAL, (f, "random", &rng, both, 1));
  ERR(ag_ai_choose_joint, AG_EINVAL, (f, "perfect", &rng, both, 2));
  ERR(ag_ai_choose_joint, AG_ENOTFOUND, (f, "minimax", &rng, both, 2));
  ERR(ag_ai_choose_joint, AG_EPARSE, (f, "mcts(rollout=x)", &rng, both, 2));
  ERR(ag_ai_choose_joint, AG_EPHASE, (st, "random", &rng, both, 2));

  ERR(ag_ai_choose_solved, AG_EINVAL, (NULL, small, &rng, &m));
  ERR(ag_ai_choose_solved, AG_EINVAL, (st, NULL, &rng, &m));
  ERR(ag_ai_choose_solved, AG_EINVAL, (st, small, NULL, &m));
  ERR(ag_ai_choose_solved, AG_EINVAL, (st, small, &rng, NULL));
  ERR(ag_ai_choose_solved, AG_EINVAL, (f, small, &rng, &m));
  ERR(ag_ai_choose_solved, AG_EMISMATCH, (st, small, &rng, &m));
  ck_assert_uint_eq(rng, 1);
  ag_solution_free(small);
  ag_state_free(st);
  ag_state_free(over);
  ag_state_free(f);
  ag_state_free(sticks);
  ag_game_free(g);
  ag_game_free(lf);
  ag_game_free(ls);
}
END_TEST

START_TEST(analyse_errors)
{
  ag_game *g = new_game("hare"), *ls = new_game("liubo_sticks"), *lf = new_game("liubo_fingers");
  ag_state *st = new_state(g, NULL), *over = new_state(g, HARE_OVER);
  ag_state *sticks = new_state(ls, NULL), *f = new_state(lf, NULL);
  ag_analysis an, small_an;
  ag_control ctl, tiny;
  volatile int stop = 1;
  ag_move line[8];
  uint64_t rng = 1;
  memset(&an, 0, sizeof an);
  an.size = sizeof an;
  memset(&small_an, 0, sizeof small_an);
  small_an.size = 4;
  memset(&ctl, 0, sizeof ctl);
  ctl.size = sizeof ctl;
  ctl.stop = &stop;                                  /* stopped before it starts */
  memset(&tiny, 0, sizeof tiny);
  tiny.size = 3;
  {
    ag_move m;
    ERR(ag_ai_choose_ex, AG_EINVAL, (NULL, 0, "ai", &rng, NULL, &m));
    ERR(ag_ai_choose_ex, AG_EINVAL, (st, 2, "ai", &rng, NULL, &m));
    ERR(ag_ai_choose_ex, AG_EINVAL, (st, 0, "ai", &rng, &tiny, &m));
    ERR(ag_ai_choose_ex, AG_EINVAL, (st, 0, "perfect", &rng, NULL, &m));
    ERR(ag_ai_choose_ex, AG_ENOTFOUND, (st, 0, "nobody", &rng, NULL, &m));
    ERR(ag_ai_choose_ex, AG_EPARSE, (st, 0, "mcts(iterations=)", &rng, NULL, &m));
    ERR(ag_ai_choose_ex, AG_EPHASE, (st, 1, "ai", &rng, NULL, &m));
    ERR(ag_ai_choose_ex, AG_EPHASE, (over, 0, "ai", &rng, NULL, &m));
    ERR(ag_ai_choose_ex, AG_ECANCELED, (st, 0, "ai", &rng, &ctl, &m));
  }
  ERR(ag_ai_analyse, AG_EINVAL, (NULL, 0, "ai", &rng, NULL, &an, NULL, 0, NULL, 0));
  ERR(ag_ai_analyse, AG_EINVAL, (st, 0, "ai", NULL, NULL, &an, NULL, 0, NULL, 0));
  ERR(ag_ai_analyse, AG_EINVAL, (st, 0, "ai", &rng, NULL, NULL, NULL, 0, NULL, 0));
  ERR(ag_ai_analyse, AG_EINVAL, (st, 0, "ai", &rng, NULL, &small_an, NULL, 0, NULL, 0));
  ERR(ag_ai_analyse, AG_EINVAL, (st, 2, "ai", &rng, NULL, &an, NULL, 0, NULL, 0));
  ERR(ag_ai_analyse, AG_EINVAL, (st, 0, "ai", &rng, NULL, &an, NULL, 4, NULL, 0));
  ERR(ag_ai_analyse, AG_EINVAL, (st, 0, "random", &rng, NULL, &an, NULL, 0, NULL, 0));
  ck_assert_uint_eq(an.best, AG_MOVE_NONE);
  ERR(ag_ai_analyse, AG_EINVAL, (st, 0, "perfect", &rng, NULL, &an, NULL, 0, NULL, 0));
  ERR(ag_ai_analyse, AG_EINVAL, (f, 0, "alphabeta", &rng, NULL, &an, NULL, 0, NULL, 0));
  ERR(ag_ai_analyse, AG_EINVAL, (st, 0, "ai", &rng, &tiny, &an, NULL, 0, NULL, 0));
  ERR(ag_ai_analyse, AG_ENOTFOUND, (st, 0, "minimax", &rng, NULL, &an, NULL, 0, NULL, 0));
  ERR(ag_ai_analyse, AG_EPARSE, (st, 0, "ai(nodes=0)", &rng, NULL, &an, NULL, 0, NULL, 0));
  ERR(ag_ai_analyse, AG_EPHASE, (over, 1, "ai", &rng, NULL, &an, NULL, 0, NULL, 0));
  ERR(ag_ai_analyse, AG_EPHASE, (sticks, 0, "ai", &rng, NULL, &an, NULL, 0, NULL, 0));
  ERR(ag_ai_analyse, AG_EPHASE, (st, 1, "ai", &rng, NULL, &an, NULL, 0, NULL, 0));
  ERR(ag_ai_analyse, AG_ECANCELED, (st, 0, "ai", &rng, &ctl, &an, line, 8, NULL, 0));
  ERR(ag_ai_analyse, AG_ECANCELED, (f, 0, "mcts(iterations=100000)", &rng, &ctl, &an, NULL, 0,
                                    NULL, 0));
  ag_state_free(st);
  ag_state_free(over);
  ag_state_free(sticks);
  ag_state_free(f);
  ag_game_free(g);
  ag_game_free(ls);
  ag_game_free(lf);
}
END_TEST

/* The messages quote their text exactly, whatever an earlier message left in
 * the same stack buffer (seed-39 survivors, issue 27):
 *  - lib/actions.c:42: an action out of range names the range 0..N-1 (the
 *    mutant `g->num_actions - 0' printed 0..N);
 *  - lib/api.c:136: an illegal "pass" is quoted as 'pass' after an illegal
 *    'c3-d4' (the game writes "pass" with no NUL: without `text[b.len] =
 *    '\0'' the message read 'pass4', the tail of the earlier text);
 *  - lib/spec.c:36: the option list of hare after the longer one of
 *    fox_and_hens (without list_keys' ag__buf_end the hare's list ran on
 *    into the tail of fox_and_hens' list). */
START_TEST(messages_after_longer_messages)
{
  ag_game *g = new_game("hare"), *bad = NULL;
  ag_state *st = new_state(g, NULL);
  size_t n = ag_game_num_actions(g);
  ag_move m = 0;
  char want[128];
  ck_assert_uint_gt(n, 1);
  ck_assert_int_eq(ag_game_action_move(g, n, &m), AG_EINVAL);
  snprintf(want, sizeof want, "ag_game_action_move: action %zu out of range 0..%zu", n, n - 1);
  ck_assert_str_eq(ag_errmsg(), want);

  ck_assert_int_eq(ag_move_from_text(g, "c3-d4", &m), AG_OK);   /* the hare's, hunters to move */
  ck_assert_int_eq(ag_state_apply(st, m), AG_EILLEGAL);
  ck_assert_str_eq(ag_errmsg(), "move 'c3-d4' is not legal for hunters here");
  ck_assert_int_eq(ag_move_from_text(g, "pass", &m), AG_OK);    /* no chain to end */
  ck_assert_int_eq(ag_state_apply(st, m), AG_EILLEGAL);
  ck_assert_str_eq(ag_errmsg(), "move 'pass' is not legal for hunters here");

  ck_assert_int_eq(ag_game_new("fox_and_hens(foo=1)", &bad), AG_ENOTFOUND);
  ck_assert_str_eq(ag_errmsg(), "spec: fox_and_hens has no option 'foo' (byte 13); "
                   "options are hens, first, chain, threshold, repetition, max_plies");
  ck_assert_int_eq(ag_game_new("hare(foo=1)", &bad), AG_ENOTFOUND);
  ck_assert_str_eq(ag_errmsg(), "spec: hare has no option 'foo' (byte 5); "
                   "options are hunters, first, chain, repetition, max_plies");
  ck_assert_ptr_null(bad);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* A control byte quoted at the end of a long message: its \xHH (4 bytes)
 * is written when it fits with the NUL in the 256-byte buffer, and the
 * message is cut before it when it does not (the seed-40 survivor
 * lib/util.c:76, `o + 6 > sizeof ag__errbuf', cut the message 4 bytes short
 * when the escape fitted exactly).  A 300-byte bad player spec: the message
 * 'ai: mcts has no option "zz" (byte 5 of "' (40 bytes) quotes it whole, so
 * with pad 'a's after "mcts(zz=1," the \x01 is its byte 50 + pad. */
START_TEST(escape_at_the_end_of_a_long_message)
{
  static const char head[] = "ai: mcts has no option \"zz\" (byte 5 of \"mcts(zz=1,";
  ag_game *g = new_game("hare");
  ag_state *st = new_state(g, NULL);
  char spec[301], want[256];
  size_t pad;
  for (pad = 200; pad <= 203; pad++) {
    uint64_t rng = 1;
    ag_move mv = 0;
    size_t o = sizeof head - 1;
    memset(spec, 'a', 300);
    spec[300] = '\0';
    memcpy(spec, "mcts(zz=1,", 10);
    spec[10 + pad] = '\x01';
    ck_assert_int_eq(ag_ai_choose(st, spec, &rng, &mv), AG_ENOTFOUND);
    memcpy(want, head, o);
    memset(want + o, 'a', pad);
    o += pad;
    if (o + 5 <= sizeof want) {   /* the escape and the NUL fit: the 'a's after it too */
      memcpy(want + o, "\\x01", 4);
      for (o += 4; o < sizeof want - 1; o++) want[o] = 'a';
    }                             /* else the message ends before it */
    want[o] = '\0';
    ck_assert_str_eq(ag_errmsg(), want);
    ck_assert_uint_eq(strlen(ag_errmsg()), pad <= 201 ? 255 : 50 + pad);
  }
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* U+0080, the first C1 control (bytes C2 80), is no text: a tag value
 * refuses it, as it refuses U+009F, and a message quotes its bytes as \xHH;
 * U+00A0 (a no-break space) is text, kept in the value and quoted as it is
 * (the seed-41 survivor lib/util.c:107, `cp > 0x80', let U+0080 through
 * both). */
START_TEST(c1_control_u0080_refused_and_escaped)
{
  static const char c1[] = "tag 'Event': invalid UTF-8 or C1 control 0xc2 at byte 1 of the value";
  ag_game *g = new_game("hare");
  ag_state *st = new_state(g, NULL);
  ag_move mv = 0;
  char buf[16];
  size_t len = 0;
  ck_assert_int_eq(ag_state_set_tag(st, "Event", "x\xc2\x80"), AG_EINVAL);
  ck_assert_str_eq(ag_errmsg(), c1);
  ck_assert_int_eq(ag_state_set_tag(st, "Event", "x\xc2\x9f"), AG_EINVAL);
  ck_assert_str_eq(ag_errmsg(), c1);
  ck_assert_int_eq(ag_state_tag(st, "Event", buf, sizeof buf, &len), AG_ENOTFOUND);
  ck_assert_int_eq(ag_state_set_tag(st, "Event", "x\xc2\xa0"), AG_OK);
  ck_assert_int_eq(ag_state_tag(st, "Event", buf, sizeof buf, &len), AG_OK);
  ck_assert_str_eq(buf, "x\xc2\xa0");
  ck_assert_int_eq(ag_state_set_record(st, "[Game \"hare\"]\n[Event \"\xc2\x80\"]\n"), AG_EPARSE);
  ck_assert_str_eq(ag_errmsg(),
                   "record line 2, byte 22: invalid UTF-8 or C1 control 0xc2 in a tag value");
  ck_assert_int_eq(ag_move_from_text(g, "a1\xc2\x80", &mv), AG_EPARSE);
  ck_assert_str_eq(ag_errmsg(), "hare move 'a1\\xc2\\x80': expected like c3-d4, c3xe5 or pass");
  ck_assert_int_eq(ag_move_from_text(g, "a1\xc2\x9f", &mv), AG_EPARSE);
  ck_assert_str_eq(ag_errmsg(), "hare move 'a1\\xc2\\x9f': expected like c3-d4, c3xe5 or pass");
  ck_assert_int_eq(ag_move_from_text(g, "a1\xc2\xa0", &mv), AG_EPARSE);
  ck_assert_str_eq(ag_errmsg(), "hare move 'a1\xc2\xa0': expected like c3-d4, c3xe5 or pass");
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

static Suite *errors_suite(void)
{
  Suite *s = suite_create("errors");
  TCase *tc = tcase_create("documented_codes");
  tcase_add_test(tc, game_errors);
  tcase_add_test(tc, vec_errors);
  tcase_add_test(tc, move_errors);
  tcase_add_test(tc, state_errors);
  tcase_add_test(tc, play_errors);
  tcase_add_test(tc, position_text_errors);
  tcase_add_test(tc, record_errors);
  tcase_add_test(tc, solver_errors);
  tcase_add_test(tc, ai_errors);
  tcase_add_test(tc, analyse_errors);
  tcase_add_test(tc, tensor_errors);
  tcase_add_test(tc, messages_after_longer_messages);
  tcase_add_test(tc, escape_at_the_end_of_a_long_message);
  tcase_add_test(tc, c1_control_u0080_refused_and_escaped);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) { return ag_test_run(errors_suite()); }
