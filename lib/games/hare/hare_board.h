/* SPDX-License-Identifier: MIT */
/*
 * hare_board.h -- the one header the hare hunt's game (lib/games/hare/), its
 * search (lib/ai/hare_search.c) and its solver (lib/ai/hare_solver.c)
 * share: the 5x5 alquerque board as bitboard tables (point i = 5*(row-1) +
 * col, bit i of a 25-bit mask; built from the 16 lines by hare_board.c), the
 * constants (the board mask, the hare's winning threshold, the options'
 * indices in the game's opt[]), the one position type, hare_pos, and the
 * static inline rule helpers more than one of them uses.
 *
 * A rule written more than once says so above each form ("twins"), with the
 * test that keeps the forms equal.
 */
#ifndef HARE_BOARD_H
#define HARE_BOARD_H

#include <stdint.h>

#define HARE_POINTS 25
#define HARE_MAX_JUMPS 8
#define ALL_POINTS 0x1ffffffu    /* every point of the board */
#define WIN_THRESHOLD 9          /* the hare wins when this many hunters are left */

/* The hare's options, in the order of its spec (ag_game.opt[]). */
enum { OPT_HUNTERS, OPT_FIRST, OPT_CHAIN, OPT_REPETITION, OPT_MAX_PLIES };
/* The default ply cap (max_plies): the spec's default, and the least cap
 * under which the AI's opening book still plays (lib/ai/hare_search.c). */
#define HARE_MAX_PLIES_DEFAULT 1000

typedef struct hare_board {
  uint32_t neighbours[HARE_POINTS];          /* adjacent points along a line */
  uint8_t jump_count[HARE_POINTS];
  uint8_t jump_over[HARE_POINTS][HARE_MAX_JUMPS];  /* sorted by (over, landing) */
  uint8_t jump_land[HARE_POINTS][HARE_MAX_JUMPS];
  int edge_count;                            /* 56 */
  int edge_a[56], edge_b[56], edge_diagonal[56];
} hare_board;

/* Fills b from the 16 lines of the board (rows, columns, 2 long, 4 short diagonals). */
void ag__hare_board_build(hare_board *b);

/* The sides (the game's players and the solver's side to move), and a
 * finished game's result. */
enum { HUNTERS = 0, HARE = 1 };
enum { RESULT_NONE, RESULT_HUNTERS, RESULT_HARE, RESULT_DRAW };

/* The position: the game's (ag__vt.pos_size, what a state holds) and the
 * search's.  ply and since_capture are clocks: in the text, not the hash.
 * The search reads hare and hunters from a state and keeps only those two
 * up to date (its working state has the rest); the solver indexes positions
 * by (side, hare, hunters) and needs no struct. */
typedef struct hare_pos {
  uint64_t hash;
  uint32_t hunters;        /* bitboard of hunters */
  uint32_t ply;            /* plies played since the start */
  uint32_t since_capture;  /* plies since the last capture (repetition window) */
  int8_t hare;             /* the hare's point (-1: none, in a reader's copy only) */
  uint8_t to_move;         /* HUNTERS or HARE */
  uint8_t chain;           /* 1 while the hare is in the middle of a chain */
  uint8_t result;          /* RESULT_* */
  uint8_t reason;          /* AG_END_* */
  /* A counting filter of the turn-boundary positions since the last capture
   * (the repetition window): 128 two-bit counters, each the number of those
   * positions whose slot it is (saturating at 3), so that most plies need
   * not scan the history for repeats -- a position that has occurred k times
   * has a counter of k or more.  Derived from the history like the clocks;
   * not in the text, not in the hash. */
  uint64_t seen[4];
} hare_pos;

/* The empty points of a board with these hunters and the hare on `hare`. */
static inline __attribute__((always_inline)) uint32_t hare_empty(uint32_t hunters, uint32_t hare)
{
  return ~(hunters | 1u << hare) & ALL_POINTS;
}

/* The point jumped over from `from` to `to`, or -1 when that is no jump of
 * the board: by the board's jump lists.  Its twin: the game's jump moves
 * name the midpoint (from + to) / 2 (hare_moves.c, hare.c's move text);
 * check_hare's move tests and check-hare-perft.sh keep them equal. */
static inline int hare_jump_over(const hare_board *b, int from, int to)
{
  int k;
  for (k = 0; k < b->jump_count[from]; k++)
    if (b->jump_land[from][k] == to) return b->jump_over[from][k];
  return -1;
}

#endif
