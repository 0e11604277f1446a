/* SPDX-License-Identifier: MIT */
/*
 * fox_and_hens_board.c -- builds the cross's tables from the board's rule
 * (see fox_and_hens_board.h).
 */
#include <string.h>
#include "fox_and_hens_board.h"

/* (dcol, drow) of each direction in the order of the offsets below. */
static const signed char dir_dc[FH_DIRECTIONS] = {-1, 0, 1, -1, 1, -1, 0, 1};
static const signed char dir_dr[FH_DIRECTIONS] = {-1, -1, -1, 0, 0, 1, 1, 1};
const int ag__fh_offsets[FH_DIRECTIONS] = {-9, -8, -7, -1, 1, 7, 8, 9};

/* Column and row 1..7: the cross is the grid without its four 2x2 corners. */
static int on_board(int col, int row)
{
  return col >= 1 && col <= 7 && row >= 1 && row <= 7 &&
         ((col >= 3 && col <= 5) || (row >= 3 && row <= 5));
}

/* Whether a line leaves (col, row) in direction d: orthogonal lines always,
 * diagonal ones from points whose column + row is even (the alquerque
 * pattern carried over the cross), and the neighbour is on the board. */
static int has_line(int col, int row, int d)
{
  if (dir_dc[d] && dir_dr[d] && (col + row) % 2) return 0;
  return on_board(col, row) && on_board(col + dir_dc[d], row + dir_dr[d]);
}

void ag__fh_board_build(fh_board *b)
{
  int col, row, d, n = 0;
  memset(b, 0, sizeof *b);
  memset(b->node, -1, sizeof b->node);
  for (row = 1; row <= 7; row++)
    for (col = 1; col <= 7; col++) {
      int cell = 8 * (row - 1) + (col - 1);
      if (!on_board(col, row)) continue;
      b->cell[n] = (uint8_t)cell;
      b->node[cell] = (int8_t)n++;
      b->all |= UINT64_C(1) << cell;
    }
  for (row = 1; row <= 7; row++)
    for (col = 1; col <= 7; col++)
      for (d = 0; d < FH_DIRECTIONS; d++) {
        int cell = 8 * (row - 1) + (col - 1), to = cell + ag__fh_offsets[d];
        if (!has_line(col, row, d)) continue;
        b->step_from[d] |= UINT64_C(1) << cell;
        b->neighbours[b->node[cell]] |= UINT64_C(1) << to;
        /* The middle of a diagonal jump has the origin's parity: its line goes on. */
        if (has_line(col + dir_dc[d], row + dir_dr[d], d)) b->jump_from[d] |= UINT64_C(1) << cell;
        if (d >= 4) {  /* each undirected line once, from its lower cell */
          b->edge_a[b->edge_count] = (uint8_t)b->node[cell];
          b->edge_b[b->edge_count] = (uint8_t)b->node[to];
          b->edge_diagonal[b->edge_count] = dir_dc[d] && dir_dr[d];
          b->edge_count++;
        }
      }
}
