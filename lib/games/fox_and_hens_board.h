/* SPDX-License-Identifier: MIT */
/*
 * fox_and_hens_board.h -- the cross of 33 points of the fox and the hens as
 * 64-bit bitboard tables.
 *
 * Two numberings: a point's node (0..32, the geometry API's index and the
 * move's from/to: the cross read row by row from row 1, each row from
 * column a) and its cell (8 * (row - 1) + (column - 1), a bit of a 64-bit
 * word), in which a step along a line is a constant shift.  Nodes ascend
 * with cells, so a mask's bits come out in node order.  Built once per game
 * from the board's rule (rules header item 1), not from a drawing; the tests
 * pin its counts and an independent generator (tests/fox_and_hens_reference.py)
 * rebuilds it from the same rule.
 */
#ifndef FOX_AND_HENS_BOARD_H
#define FOX_AND_HENS_BOARD_H

#include <stdint.h>

#define FH_POINTS 33
#define FH_CELLS 64
#define FH_EDGES 72            /* undirected lines between neighbouring points */
#define FH_DIRECTIONS 8

typedef struct fh_board {
  uint8_t cell[FH_POINTS];           /* node -> cell */
  int8_t node[FH_CELLS];             /* cell -> node, -1 off the board */
  uint64_t all;                      /* every cell of the board */
  /* Per direction (offsets fh_offsets[]): the cells with a line one step,
   * and two steps, that way. */
  uint64_t step_from[FH_DIRECTIONS], jump_from[FH_DIRECTIONS];
  uint64_t neighbours[FH_POINTS];    /* cells adjacent to a node along a line */
  int edge_count;                    /* FH_EDGES */
  uint8_t edge_a[FH_EDGES], edge_b[FH_EDGES], edge_diagonal[FH_EDGES];
} fh_board;

/* The cell offsets of the eight directions, ascending: the step moves'
 * aux is the direction's index + 1, so they list in this order. */
extern const int ag__fh_offsets[FH_DIRECTIONS];

/* Fills b from the rule: the 7x7 grid without its 2x2 corners, orthogonal
 * lines everywhere, diagonal lines from points whose column + row is even. */
void ag__fh_board_build(fh_board *b);

/* A 64-bit shift by a signed cell offset (portable: no shift of a negative). */
static inline uint64_t ag__fh_shift(uint64_t m, int off)
{
  return off >= 0 ? m << off : m >> -off;
}

#endif
