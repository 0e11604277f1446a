/* SPDX-License-Identifier: MIT */
/*
 * hare_board.h -- the 5x5 alquerque board of the hare hunt as bitboard
 * tables: point i = 5*(row-1) + col, bit i of a 25-bit mask.  Shared by the
 * game (hare.c) and the solver; built once per game from the 16 lines.  Also
 * the constants both need: the board mask, the hare's winning threshold and
 * the index of each option in the game's opt[].
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

#endif
