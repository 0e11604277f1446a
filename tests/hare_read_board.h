/* SPDX-License-Identifier: MIT */
/* The hare hunt's board through the public API, for the programs that make
 * the hare AI's generated tables (hare_eval_gen.c, hare_book_gen.c). */
#ifndef AG_TESTS_HARE_READ_BOARD_H
#define AG_TESTS_HARE_READ_BOARD_H
#include <stdint.h>
#include "ancientgames.h"

/* Reads the hare's point (-1 if none) and the hunters' mask (bit p: point
 * p = 5*(row-1)+col) of st: nodes are the points. */
static void read_board(const ag_state *st, int *hare, uint32_t *hunters)
{
  int node;
  *hare = -1;
  *hunters = 0;
  for (node = 0; node < 25; node++) {
    int owner = -1;
    if (ag_state_piece(st, node, 0, &owner, NULL, NULL) != 1) continue;
    if (owner == 0) *hunters |= 1u << node;
    else if (owner == 1) *hare = node;
  }
}
#endif
