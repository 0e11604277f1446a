/* SPDX-License-Identifier: MIT */
/*
 * ai_common.h -- what the computer players share (players.c, ai_params.c,
 * ai_stop.c, mcts.c and the games' searches): the parsed player spec, the
 * stop test of a search (budget of time, a caller's stop flag or poll
 * callback) and the searches' common signature.  Internal, not installed.
 */
#ifndef AG_AI_COMMON_H
#define AG_AI_COMMON_H

#include <stdatomic.h>
#include <stdint.h>
#include "ancientgames.h"

enum { AG__AI_RANDOM, AG__AI_MCTS, AG__AI_ALPHABETA, AG__AI_PERFECT };
/* liubo_sticks' whole-turn search and its one-turn reference (liubo_sticks_search.c). */
enum { AG__AI_EXPECTIMAX = AG__AI_PERFECT + 1, AG__AI_EXPECTIMAX1 };
/* The default node budget of liubo_sticks' "ai", a safety net: its default
 * two-turn search needs about 20 nodes on average and rarely 300. */
#define AG__LSS_DEFAULT_NODES 2500
/* The hare's "ai" (alphabeta): its default node budget and depth limit.  At
 * these or more (or with a time budget only) the hunters play their opening
 * book (hare_book.h); a smaller budget is asked for a weaker player. */
#define AG__AB_DEFAULT_NODES 100000
#define AG__AB_DEFAULT_DEPTH 64
/* liubo_fingers' "ai": matrix games solved from a search (liubo_fingers_search.c). */
enum { AG__AI_FINGERS = AG__AI_EXPECTIMAX1 + 1 };
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

/* The players' floating point gives the same bits on every platform: IEEE
 * doubles, each operation rounded once (fpmath.c: exp, log, tanh of their
 * own; sqrt is exact everywhere).  The x87 of 32-bit x86 computes in 80-bit
 * registers by default, rounding again (differently) when a value is
 * stored, so a search sets its precision control to 53 bits for its
 * duration, on each of its threads: ag__fpu_double() returns the mode to
 * give back to ag__fpu_restore(). */
#if defined(__GNUC__) && defined(__i386__) && !defined(__SSE2_MATH__)
typedef unsigned short ag__fpu_mode;
static inline ag__fpu_mode ag__fpu_double(void)
{
  ag__fpu_mode old, cw;
  __asm__ volatile("fnstcw %0" : "=m"(old) : : "memory");
  cw = (ag__fpu_mode)((old & ~0x300u) | 0x200u);   /* PC = 10b: 53-bit mantissa */
  __asm__ volatile("fldcw %0" : : "m"(cw) : "memory");
  return old;
}
static inline void ag__fpu_restore(ag__fpu_mode old)
{
  __asm__ volatile("fldcw %0" : : "m"(old) : "memory");
}
#else
typedef int ag__fpu_mode;
static inline ag__fpu_mode ag__fpu_double(void) { return 0; }
static inline void ag__fpu_restore(ag__fpu_mode old) { (void)old; }
#endif
double ag__exp(double x);
double ag__log(double x);
double ag__tanh(double x);

/* Sets up the stop test: the clock starts now; time_ms 0 means no deadline.
 * Returns AG_EINVAL (with a message) for a control whose size is too small. */
int ag__ai_stop_init(ag__ai_stop *s, long time_ms, const ag_control *ctl);

/* Nonzero when the search must stop now.  The calling thread (caller != 0)
 * also calls the poll callback, at most once a millisecond. */
int ag__ai_should_stop(ag__ai_stop *s, int caller);

/* Parses a player spec ("random", "perfect", "ai", "mcts", "alphabeta",
 * "expectimax", "expectimax1", each with an optional "(key=value,...)") for a
 * state of game g into p; NULL and "" mean "ai".  See the computer players'
 * section of ancientgames.h (ai_params.c). */
int ag__ai_parse_params(const char *s, const ag_game *g, ag__ai_params *p);

/* A search: for `player' at st (a decision node where it acts, or a
 * simultaneous node: both parts into moves[0..1] when player < 0), with
 * parameters p, fills moves[0] (and [1]), the analysis `out' (a full struct),
 * up to line_cap moves of the principal line and ms_cap root moves.  Returns
 * AG_OK, AG_EPHASE, AG_ENOMEM or AG_ECANCELED.  players.c chooses one by
 * kind from its table. */
typedef int (*ag__ai_search_fn)(const ag_state *st, int player, const ag__ai_params *p,
                                ag__ai_stop *stop, uint64_t *rng, ag_move *moves,
                                ag_analysis *out, ag_move *line, size_t line_cap,
                                ag_move_stat *ms, size_t ms_cap);

/* A uniform legal move of `player' (a weighted outcome at a chance node):
 * the random player, and MCTS's playouts (mcts.c). */
int ag__ai_random_move(const ag_state *st, int player, uint64_t *rng, ag_move *out);

/* Monte Carlo tree search, every game (mcts.c). */
int ag__mcts_search(const ag_state *st, int player, const ag__ai_params *p, ag__ai_stop *stop,
                    uint64_t *rng, ag_move *moves, ag_analysis *out, ag_move *line,
                    size_t line_cap, ag_move_stat *ms, size_t ms_cap);

/* Internal entry of the hare hunt's alpha-beta player (hare_search.c):
 * searches st for the player to act with parameters p, fills the analysis
 * `out' (a full struct; best is AG_MOVE_NONE when nothing was found before a
 * stop), up to line_cap moves of the principal line and moves_cap root
 * moves.  Returns AG_OK, AG_EPHASE, AG_ENOMEM or AG_ECANCELED (stopped by the
 * caller's control). */
int ag__hare_search(const ag_state *st, const ag__ai_params *p, ag__ai_stop *stop,
                    uint64_t *rng, ag_analysis *out, ag_move *line, size_t line_cap,
                    ag_move_stat *moves, size_t moves_cap);

/* Internal entry of liubo_sticks' expectimax players (liubo_sticks_search.c):
 * searches st (a sub-move of the player to act) with parameters p and fills
 * the analysis as ag__hare_search does.  Returns AG_OK, AG_EPHASE or
 * AG_ENOMEM; a stop keeps the last whole iteration's move. */
int ag__liubo_sticks_search(const ag_state *st, const ag__ai_params *p, ag__ai_stop *stop,
                            ag_analysis *out, ag_move *line, size_t line_cap,
                            ag_move_stat *moves, size_t moves_cap);

/* Test hook: the evaluation's features of a liubo_sticks position at a throw
 * into f (room for 32); returns their number, 0 when not at a throw. */
int ag__liubo_sticks_features(const ag_state *st, double *f);

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
