/* SPDX-License-Identifier: MIT */
/*
 * hare_board.c -- builds the alquerque tables from the list of the board's
 * lines, so that adjacency and jumps cannot disagree with the drawing.
 */
#include <string.h>
#include "hare_board.h"

/* Each line as its points in order: 5 rows, 5 columns, 2 long diagonals and
 * the 4 short diagonals of the central diamond (C1-B2-A3, C1-D2-E3, A3-B4-C5,
 * E3-D4-C5). */
static const signed char board_lines[16][6] = {
  {0, 1, 2, 3, 4, -1},      {5, 6, 7, 8, 9, -1},      {10, 11, 12, 13, 14, -1},
  {15, 16, 17, 18, 19, -1}, {20, 21, 22, 23, 24, -1},
  {0, 5, 10, 15, 20, -1},   {1, 6, 11, 16, 21, -1},   {2, 7, 12, 17, 22, -1},
  {3, 8, 13, 18, 23, -1},   {4, 9, 14, 19, 24, -1},
  {0, 6, 12, 18, 24, -1},   {4, 8, 12, 16, 20, -1},
  {2, 6, 10, -1, 0, 0},     {2, 8, 14, -1, 0, 0},     {10, 16, 22, -1, 0, 0},
  {14, 18, 22, -1, 0, 0},
};

/* Inserts a jump keeping the point's list sorted by (over, landing), the
 * order in which the game lists jump moves. */
static void add_jump(hare_board *b, int from, int over, int land)
{
  int k = b->jump_count[from]++;
  while (k > 0 && (b->jump_over[from][k - 1] > over ||
                   (b->jump_over[from][k - 1] == over && b->jump_land[from][k - 1] > land))) {
    b->jump_over[from][k] = b->jump_over[from][k - 1];
    b->jump_land[from][k] = b->jump_land[from][k - 1];
    k--;
  }
  b->jump_over[from][k] = (uint8_t)over;
  b->jump_land[from][k] = (uint8_t)land;
}

void ag__hare_board_build(hare_board *b)
{
  int l, i, n;
  memset(b, 0, sizeof *b);
  for (l = 0; l < 16; l++) {
    const signed char *p = board_lines[l];
    for (n = 0; n < 6 && p[n] >= 0; n++) {}
    for (i = 0; i + 1 < n; i++) {
      b->neighbours[p[i]] |= 1u << p[i + 1];
      b->neighbours[p[i + 1]] |= 1u << p[i];
      b->edge_a[b->edge_count] = p[i];
      b->edge_b[b->edge_count] = p[i + 1];
      b->edge_diagonal[b->edge_count] = l >= 10;
      b->edge_count++;
    }
    for (i = 0; i + 2 < n; i++) {
      add_jump(b, p[i], p[i + 1], p[i + 2]);
      add_jump(b, p[i + 2], p[i + 1], p[i]);
    }
  }
}
