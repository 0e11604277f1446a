/* SPDX-License-Identifier: MIT */
/*
 * ai_common.h -- what the computer players share (players.c, hare_search.c):
 * the parsed player spec, and the stop test of a search (budget of time, a
 * caller's stop flag or poll callback).  Internal, not installed.
 */
#ifndef AG_AI_COMMON_H
#define AG_AI_COMMON_H

#include <stdatomic.h>
#include <stdint.h>
#include "ancientgames.h"

enum { AG__AI_RANDOM, AG__AI_MCTS, AG__AI_ALPHABETA, AG__AI_PERFECT };
/* liubo_fingers' "ai": matrix games solved from a search (liubo_fingers_search.c). */
enum { AG__AI_FINGERS = AG__AI_PERFECT + 1 };
/* Its default budget: evaluations per decision (about 20 ms of a 2020s core). */
#define AG__LFS_DEFAULT_NODES 250000

/* A parsed player spec.  A budget of 0 is "unlimited". */
typedef struct ag__ai_params {
  int kind;
  long iterations;    /* mcts: iterations per decision (all threads together) */
  long time_ms;       /* both: wall-clock budget */
  double c;           /* mcts: UCT exploration constant */
  long rollout;       /* mcts: plies of a playout before the heuristic decides */
  double contempt;    /* both: how much less than 0.5 the searcher values a draw */
  int threads;        /* mcts: independent trees on as many threads */
  int depth;          /* alphabeta: deepest iteration, plies */
  long nodes;         /* alphabeta: node budget */
} ag__ai_params;

/* Why a search stopped early, kept in ag__ai_stop.why. */
enum { AG__STOP_NONE = 0, AG__STOP_TIME = 1, AG__STOP_CANCEL = 2 };

/* The stop test of one search, shared by its threads: the deadline, the
 * caller's control, and the reason once decided (first reason wins). */
typedef struct ag__ai_stop {
  uint64_t start_ns, deadline_ns;     /* monotonic clock; deadline 0: none */
  const volatile int *flag;           /* the caller's stop flag, or NULL */
  int (*poll)(void *user);            /* the caller's callback, or NULL */
  void *user;
  uint64_t next_poll_ns;              /* calling thread only */
  atomic_int why;
} ag__ai_stop;

/* Monotonic clock in nanoseconds. */
uint64_t ag__now_ns(void);

/* Sets up the stop test: the clock starts now; time_ms 0 means no deadline.
 * Returns AG_EINVAL (with a message) for a control whose size is too small. */
int ag__ai_stop_init(ag__ai_stop *s, long time_ms, const ag_control *ctl);

/* Nonzero when the search must stop now.  The calling thread (caller != 0)
 * also calls the poll callback, at most once a millisecond. */
int ag__ai_should_stop(ag__ai_stop *s, int caller);

/* Internal entry of the hare hunt's alpha-beta player (hare_search.c):
 * searches st for the player to act with parameters p, fills the analysis
 * `out' (a full struct; best is AG_MOVE_NONE when nothing was found before a
 * stop), up to line_cap moves of the principal line and moves_cap root
 * moves.  Returns AG_OK, AG_EPHASE, AG_ENOMEM or AG_ECANCELED (stopped by the
 * caller's control). */
int ag__hare_search(const ag_state *st, const ag__ai_params *p, ag__ai_stop *stop,
                    uint64_t *rng, ag_analysis *out, ag_move *line, size_t line_cap,
                    ag_move_stat *moves, size_t moves_cap);

/* An index drawn from weights p[0..n) (their sum need not be 1) with rng. */
uint32_t ag__ai_draw_index(uint64_t *rng, const double *p, uint32_t n);

/* Internal entry of liubo_fingers' "ai" (liubo_fingers_search.c): at a
 * finger round, solves its matrix game and draws `player`'s part of the
 * equilibrium mix (both parts into moves[0..1] when player < 0); at an
 * action, the best action.  Fills the analysis as ag__hare_search does
 * (root moves: every legal choice with its share of the mix and its value
 * against the other side's mix).  Returns AG_OK, AG_EPHASE or AG_ENOMEM; a
 * stop keeps the last whole depth's answer. */
int ag__liubo_fingers_search(const ag_state *st, int player, const ag__ai_params *p,
                             ag__ai_stop *stop, uint64_t *rng, ag_move *moves, ag_analysis *out,
                             ag_move *line, size_t line_cap, ag_move_stat *ms, size_t ms_cap);

#endif
