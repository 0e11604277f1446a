/* SPDX-License-Identifier: MIT */
/*
 * players.c -- the computer players' public calls (ag_ai_choose, _player,
 * _ex, _joint, ag_ai_analyse, ag_ai_choose_solved): argument checks, the
 * random player, the perfect player, and the dispatch to a search from the
 * table `searches' below.  The spec parser is ai_params.c, the stop test
 * ai_stop.c, the searches mcts.c (every game), hare_search.c,
 * liubo_sticks_search.c and liubo_fingers_search.c (one game each).
 */
#include <stdlib.h>
#include <string.h>
#include "ag_internal.h"
#include "ai/ai_common.h"

/* The hare hunt's and liubo_sticks' searches fill the analysis only; here
 * they are given the common signature of a search (ag__ai_search_fn). */
static int hare_alphabeta(const ag_state *st, int player, const ag__ai_params *prm,
                          ag__ai_stop *stop, uint64_t *rng, ag_move *moves, ag_analysis *an,
                          ag_move *line, size_t line_cap, ag_move_stat *ms, size_t ms_cap)
{
  int rc = ag__hare_search(st, prm, stop, rng, an, line, line_cap, ms, ms_cap);
  (void)player;
  if (rc == AG_OK || rc == AG_ECANCELED) moves[0] = an->best;
  return rc;
}

static int sticks_expectimax(const ag_state *st, int player, const ag__ai_params *prm,
                             ag__ai_stop *stop, uint64_t *rng, ag_move *moves, ag_analysis *an,
                             ag_move *line, size_t line_cap, ag_move_stat *ms, size_t ms_cap)
{
  int rc = ag__liubo_sticks_search(st, prm, stop, an, line, line_cap, ms, ms_cap);
  (void)player;
  (void)rng;
  if (rc == AG_OK) moves[0] = an->best;
  return rc;
}

/* The search of each player kind (ai_common.h); random and perfect have
 * none (the callers answer for them before searching).  Which kinds a game
 * may use, and which one its "ai" is, is the parser's (ai_params.c). */
static const ag__ai_search_fn searches[] = {
  [AG__AI_MCTS] = ag__mcts_search,
  [AG__AI_ALPHABETA] = hare_alphabeta,
  [AG__AI_EXPECTIMAX] = sticks_expectimax,
  [AG__AI_EXPECTIMAX1] = sticks_expectimax,
  [AG__AI_FINGERS] = ag__liubo_fingers_search,
};

/* Runs the player prm for `player' at st (a decision node where it acts, or
 * a simultaneous node; both parts into moves[0..1] when player < 0) and
 * fills the analysis.  Random and chance nodes are handled by the callers. */
static int run_search(const ag_state *st, int player, const ag__ai_params *prm,
                      ag__ai_stop *stop, uint64_t *rng, ag_move *moves, ag_analysis *an,
                      ag_move *line, size_t line_cap, ag_move_stat *ms, size_t ms_cap)
{
  int rc;
  ag__fpu_mode fpu = ag__fpu_double();
  an->player = player;
  an->best = AG_MOVE_NONE;
  rc = searches[prm->kind](st, player, prm, stop, rng, moves, an, line, line_cap, ms, ms_cap);
  an->elapsed_us = (ag__now_ns() - stop->start_ns) / 1000u;
  if (rc == AG_OK && atomic_load(&stop->why) == AG__STOP_CANCEL)
    rc = ag__fail(AG_ECANCELED, "ai: the search was stopped by the caller");
  ag__fpu_restore(fpu);
  return rc;
}

/* Checks the common arguments and parses the params. */
static int check_args(const ag_state *st, const char *params, uint64_t *rng, const void *out,
                      ag__ai_params *prm)
{
  if (!st || !rng || !out) return ag__fail(AG_EINVAL, "ai: NULL argument");
  return ag__ai_parse_params(params, ag_state_game(st), prm);
}

/* One player's move with parsed params; ctl may stop the search (then
 * AG_ECANCELED, and *out the best move found so far or AG_MOVE_NONE). */
static int choose_for(const ag_state *st, int player, const ag__ai_params *prm, uint64_t *rng,
                      const ag_control *ctl, ag_move *out)
{
  int cur = ag_state_current_player(st), rc;
  ag__ai_stop stop;
  ag_analysis an;
  ag_move mv[2] = {AG_MOVE_NONE, AG_MOVE_NONE};
  if (cur == AG_PLAYER_TERMINAL) return ag__fail(AG_EPHASE, "ai: the game is over");
  if (cur != AG_PLAYER_SIMULTANEOUS && cur != player)
    return ag__fail(AG_EPHASE, "ai: not the turn of %s now",
                    ag__player_word(ag_state_game(st), player));
  if (prm->kind == AG__AI_PERFECT)
    return ag__fail(AG_EINVAL, "ai: the perfect player needs a solution (ag_ai_choose_solved)");
  rc = ag__ai_stop_init(&stop, prm->time_ms, ctl);
  if (rc != AG_OK) return rc;
  if (prm->kind == AG__AI_RANDOM || cur == AG_PLAYER_CHANCE)
    return ag__ai_random_move(st, player, rng, out);
  memset(&an, 0, sizeof an);
  rc = run_search(st, player, prm, &stop, rng, mv, &an, NULL, 0, NULL, 0);
  if (rc == AG_OK || rc == AG_ECANCELED) *out = mv[0];
  return rc;
}

AG_API int ag_ai_choose(const ag_state *st, const char *params, uint64_t *rng, ag_move *out)
{
  ag__ai_params prm;
  int rc = check_args(st, params, rng, out, &prm), cur;
  if (rc != AG_OK) return rc;
  cur = ag_state_current_player(st);
  if (cur == AG_PLAYER_SIMULTANEOUS)
    return ag__fail(AG_EPHASE, "ai: simultaneous node: use ag_ai_choose_player or _joint");
  return choose_for(st, cur, &prm, rng, NULL, out);
}

AG_API int ag_ai_choose_player(const ag_state *st, int player, const char *params,
                               uint64_t *rng, ag_move *out)
{
  ag__ai_params prm;
  int rc = check_args(st, params, rng, out, &prm);
  if (rc != AG_OK) return rc;
  if (player != 0 && player != 1) return ag__fail(AG_EINVAL, "ai: player %d out of range", player);
  return choose_for(st, player, &prm, rng, NULL, out);
}

AG_API int ag_ai_choose_ex(const ag_state *st, int player, const char *params, uint64_t *rng,
                           const ag_control *ctl, ag_move *out)
{
  ag__ai_params prm;
  int rc = check_args(st, params, rng, out, &prm);
  if (rc != AG_OK) return rc;
  /* 0 or 1, or what ag_state_current_player() says at a chance node (the
   * throw is drawn) or at the end (AG_EPHASE below). */
  if (player != 0 && player != 1 &&
      !(player == ag_state_current_player(st) &&
        (player == AG_PLAYER_CHANCE || player == AG_PLAYER_TERMINAL)))
    return ag__fail(AG_EINVAL, "ai: player %d out of range", player);
  return choose_for(st, player, &prm, rng, ctl, out);
}

AG_API int ag_ai_choose_joint(const ag_state *st, const char *params, uint64_t *rng,
                              ag_move *moves, size_t n)
{
  ag__ai_params prm;
  ag__ai_stop stop;
  ag_analysis an;
  int rc = check_args(st, params, rng, moves, &prm);
  if (rc != AG_OK) return rc;
  if (n < 2) return ag__fail(AG_EINVAL, "ai: room for %zu moves, 2 needed", n);
  if (ag_state_current_player(st) != AG_PLAYER_SIMULTANEOUS)
    return ag__fail(AG_EPHASE, "ai: not a simultaneous node");
  if (prm.kind == AG__AI_PERFECT)
    return ag__fail(AG_EINVAL, "ai: the perfect player is for the hare hunt only");
  if (prm.kind == AG__AI_RANDOM) {
    rc = ag__ai_random_move(st, 0, rng, &moves[0]);
    return rc == AG_OK ? ag__ai_random_move(st, 1, rng, &moves[1]) : rc;
  }
  rc = ag__ai_stop_init(&stop, prm.time_ms, NULL);
  memset(&an, 0, sizeof an);
  if (rc == AG_OK) rc = run_search(st, -1, &prm, &stop, rng, moves, &an, NULL, 0, NULL, 0);
  return rc;
}

/* The size of the 0.2 ag_analysis: the least a caller may pass. */
#define ANALYSIS_SIZE_0_2 (offsetof(ag_analysis, num_moves) + sizeof(size_t))

AG_API int ag_ai_analyse(const ag_state *st, int player, const char *params, uint64_t *rng,
                         const ag_control *ctl, ag_analysis *out, ag_move *line,
                         size_t line_cap, ag_move_stat *moves, size_t moves_cap)
{
  ag__ai_params prm;
  ag__ai_stop stop;
  ag_analysis an;
  ag_move mv[2] = {AG_MOVE_NONE, AG_MOVE_NONE};
  size_t size;
  int rc, cur;
  if (!st || !rng || !out) return ag__fail(AG_EINVAL, "ag_ai_analyse: NULL argument");
  size = out->size;
  if (size < ANALYSIS_SIZE_0_2)
    return ag__fail(AG_EINVAL, "ag_ai_analyse: out->size %zu is below the %zu bytes of 0.2",
                    size, (size_t)ANALYSIS_SIZE_0_2);
  memset(&an, 0, sizeof an);
  rc = ag__ai_parse_params(params, ag_state_game(st), &prm);
  cur = ag_state_current_player(st);
  if (rc != AG_OK) {
  } else if (player != 0 && player != 1) {
    rc = ag__fail(AG_EINVAL, "ag_ai_analyse: player %d out of range", player);
  } else if ((!line && line_cap) || (!moves && moves_cap)) {
    rc = ag__fail(AG_EINVAL, "ag_ai_analyse: NULL buffer with a nonzero capacity");
  } else if (prm.kind == AG__AI_RANDOM || prm.kind == AG__AI_PERFECT) {
    rc = ag__fail(AG_EINVAL, "ag_ai_analyse: %s does not analyse (use ai, mcts or alphabeta%s)",
                  prm.kind == AG__AI_RANDOM ? "random" : "perfect",
                  prm.kind == AG__AI_PERFECT ? "; ag_solution_probe for a solution" : "");
  } else if (cur == AG_PLAYER_TERMINAL) {
    rc = ag__fail(AG_EPHASE, "ag_ai_analyse: the game is over");
  } else if (cur == AG_PLAYER_CHANCE) {
    rc = ag__fail(AG_EPHASE, "ag_ai_analyse: a chance node (draw the throw first)");
  } else if (cur != AG_PLAYER_SIMULTANEOUS && cur != player) {
    rc = ag__fail(AG_EPHASE, "ag_ai_analyse: not the turn of %s now",
                  ag__player_word(ag_state_game(st), player));
  } else {
    rc = ag__ai_stop_init(&stop, prm.time_ms, ctl);
    if (rc == AG_OK)
      rc = run_search(st, player, &prm, &stop, rng, mv, &an, line, line_cap, moves, moves_cap);
  }
  if (rc != AG_OK && rc != AG_ECANCELED) {
    memset(&an, 0, sizeof an);
    an.player = player;
  }
  an.size = size;
  memcpy(out, &an, size < sizeof an ? size : sizeof an);
  return rc;
}

/* ------------------------------------------------------------------ perfect */

/* Rank of a move's result for the mover: wins first (shortest), then draws,
 * then losses (longest); larger is better. */
static long result_rank(int value, int turns)
{
  return value > 0 ? 1000000L - turns : value == 0 ? 0 : -1000000L + turns;
}

/* Value and remaining turns, for the mover, of the position after a move. */
static int after_move(const ag_solution *sol, ag_state *st, int mover, int *value, int *turns)
{
  int winner = AG_PLAYER_NONE, v = 0, d = 0, rc, next;
  if (ag_state_is_terminal(st) == 1) {
    int outcome = ag_state_outcome(st, &winner, NULL);
    *value = outcome == AG_OUTCOME_WIN ? (winner == mover ? 1 : -1) : 0;
    *turns = 1;
    return AG_OK;
  }
  rc = ag_solution_probe(sol, st, &v, &d);
  if (rc != AG_OK) return rc;
  next = ag_state_current_player(st);
  if (next == mover) { *value = v; *turns = d; }           /* the chain goes on */
  else { *value = -v; *turns = d + 1; }
  return AG_OK;
}

AG_API int ag_ai_choose_solved(const ag_state *st, const ag_solution *sol, uint64_t *rng,
                               ag_move *out)
{
  ag_move mv[AG__MAX_MOVES], best[AG__MAX_MOVES];
  size_t n = 0, nbest = 0, i;
  long best_rank = -2000000L;
  int mover, rc, v, d;
  ag_state *work = NULL;
  if (!st || !sol || !rng || !out) return ag__fail(AG_EINVAL, "ai: NULL argument");
  rc = ag_solution_probe(sol, st, &v, &d);             /* checks game, variant, phase */
  if (rc != AG_OK) return rc;
  mover = ag_state_current_player(st);
  rc = ag_state_legal_moves(st, mover, mv, AG__MAX_MOVES, &n);
  if (rc == AG_OK) rc = ag_state_clone(st, &work);
  for (i = 0; rc == AG_OK && i < n; i++) {
    long r;
    rc = ag_state_apply(work, mv[i]);
    if (rc == AG_OK) rc = after_move(sol, work, mover, &v, &d);
    if (rc != AG_OK) break;
    ag_state_undo(work);
    r = result_rank(v, d);
    if (r > best_rank) { best_rank = r; nbest = 0; }
    if (r == best_rank) best[nbest++] = mv[i];
  }
  ag_state_free(work);
  if (rc != AG_OK) return rc;
  if (nbest == 0) return ag__fail(AG_EPHASE, "ai: no legal move");
  *out = best[ag_rng_below(rng, nbest)];
  return AG_OK;
}
