/* SPDX-License-Identifier: MIT */
/*
 * liubo_sticks.h -- the position and private tables of liubo_sticks, for the
 * game (liubo_sticks.c) and its whole-turn search (ai/liubo_sticks_search.c),
 * which plays on copies of the position with the game's own move generator
 * and apply.  Internal, not installed.
 */
#ifndef AG_LIUBO_STICKS_H
#define AG_LIUBO_STICKS_H

#include "ag_internal.h"

/* ------------------------------------------------------------ board tables */

enum {
  LS_NST = 29,         /* stations, ids 0..28 */
  LS_X = 28,           /* the centre */
  LS_NSLOT = 30,       /* stone slots: 0..27 = stations, 28 = X (H6), 29 = X (H11) */
  LS_XH6 = 28,
  LS_XH11 = 29,
  LS_ST_A = 20, LS_ST_B = 21, LS_ST_C = 22, LS_ST_D = 23,
  LS_ST_R = 24, LS_ST_S = 25, LS_ST_T = 26, LS_ST_U = 27,
  LS_NNODE = 33,       /* stations + two reserves + two prisons */
  LS_NEDGE = 32,
  LS_NMARK = 14        /* frame, square, four T bars, four Vs of two strokes */
};

/* Move aux flags. */
#define LS_PROMOTE 0x08
#define LS_H11     0x10
#define LS_OWL     0x20
#define LS_RESERVE 0xff  /* the from byte of an entry */

/* Option indexes, in the canonical order of the rules header. */
enum { OPT_FIRST, OPT_PROMOTION, OPT_STONE_CAPTURE, OPT_OWL_CAPTURE, OPT_LOOP, OPT_FIVE,
       OPT_RETHROW, OPT_MAX_TURNS, LS_NOPT };
enum { PROMO_OPTIONAL, PROMO_FORCED };
enum { SCAP_PRISONER, SCAP_RESERVE, SCAP_NONE };
enum { OCAP_PRISONER, OCAP_REMOVED };
enum { LOOP_REACH, LOOP_PASS };
enum { FIVE_END_OF_TURN, FIVE_IMMEDIATE, FIVE_OFF };
enum { RETHROW_NONE, RETHROW_BEAD };

/* --------------------------------------------------------------- position */

enum { PH_THROW, PH_MOVE, PH_OVER };
#define LS_NONE 0xff       /* no lock / no previous station / no winner */
#define LS_TURNS_MAX 1000000000L  /* the largest turn count of the text; the count stops there */
#define LS_LOCK_OWL 30     /* the lock names the owl (a stone promoted this throw) */

typedef struct ls_pos {
  uint8_t stones[2][32];        /* stones of each side per slot (30 used, 2 always 0) */
  uint8_t owl[2];               /* station of each side's owl, LS_NONE if none */
  uint8_t reserve[2];           /* stones waiting to enter */
  uint8_t held[2];              /* freeable prisoners of this side held by the opponent */
  uint8_t removed[2];           /* stones of this side removed for good by the enemy owl */
  uint8_t board[2];             /* cached: stones (not the owl) on the board */
  uint8_t turn;                 /* the side whose turn it is */
  uint8_t phase;                /* PH_* */
  uint8_t val[2];               /* pending values, ascending, 0 = spent */
  uint8_t lone;                 /* the mover had one available piece at the throw */
  uint8_t lock;                 /* piece moved by the first sub-move (slot or LS_LOCK_OWL) */
  uint8_t prev;                 /* station the owl last came from in this throw */
  uint8_t bead;                 /* rethrow=bead: this throw earned an extra throw */
  uint8_t winner;               /* 0, 1 or LS_NONE (draw) once over */
  uint8_t reason;               /* AG_END_* once over */
  uint32_t turns;               /* complete turns played */
} ls_pos;

/* Zobrist key layout. */
enum {
  ZK_STONES = 0,                          /* [side][slot][count 0..6] */
  ZK_OWL = ZK_STONES + 2 * LS_NSLOT * 7,  /* [side][station] */
  ZK_RES = ZK_OWL + 2 * LS_NST,           /* [side][0..6] */
  ZK_HELD = ZK_RES + 14,
  ZK_REM = ZK_HELD + 14,
  ZK_TURN = ZK_REM + 14,                  /* [side] */
  ZK_PHASE = ZK_TURN + 2,                 /* [phase] */
  ZK_VAL = ZK_PHASE + 3,                  /* [index][0..4] */
  ZK_LONE = ZK_VAL + 10,
  ZK_LOCK = ZK_LONE + 1,                  /* [0..30] */
  ZK_PREV = ZK_LOCK + 31,                 /* [station] */
  ZK_BEAD = ZK_PREV + LS_NST,
  ZK_WINNER = ZK_BEAD + 1,                /* [0, 1, 2 = draw] */
  ZK_REASON = ZK_WINNER + 3,              /* [0..15] */
  ZK_COUNT = ZK_REASON + 16
};

/* Private per-game tables, computed once in setup. */
typedef struct ls_game {
  uint64_t keys[ZK_COUNT];
  /* Stones: destination slot of a move by v from a slot, round [0] or across [1];
   * LS_NONE when there is no such path.  loop[...] is 1 when the path completes a
   * loop under the game's `loop` option. */
  uint8_t stone_dest[LS_NSLOT][5][2];
  uint8_t stone_loop[LS_NSLOT][5][2];
  /* Owl: [start][previous station, LS_NST = none][v]: the ends of every walk of v
   * steps that never steps straight back, and the station before each end. */
  uint8_t owl_n[LS_NST][LS_NST + 1][5];
  uint8_t owl_end[LS_NST][LS_NST + 1][5][8];
  uint8_t owl_last[LS_NST][LS_NST + 1][5][8];
  uint8_t adj[LS_NST][4];
  uint8_t deg[LS_NST];
} ls_game;

#define LS_G(g) ((const ls_game *)(g)->data)

/* The ten throws {a, b}, a <= b, ascending, as moves, and their weights out of 64. */
extern const ag_move ag__ls_throw_moves[10];
extern const uint32_t ag__ls_throw_w[10];

/* The sub-moves of the side to move of a position in its move phase, ascending
 * (at most 40); 0 in any other phase. */
size_t ag__ls_moves(const ag_game *g, const ls_pos *p, ag_move *out);

/* Applies a throw (at the throw phase) or a legal sub-move, with every check
 * that follows it, as ag_state_apply would. */
void ag__ls_apply(const ag_game *g, ls_pos *p, ag_move m);

/* The position of a liubo_sticks state (read only). */
const ls_pos *ag__ls_position(const ag_state *st);

#endif
