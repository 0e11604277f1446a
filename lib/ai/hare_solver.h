/* SPDX-License-Identifier: MIT */
/*
 * hare_solver.h -- internal entry points of the hare-hunt solver
 * (lib/ai/hare_solver.c).  The public face is the ag_solution_* group of
 * ancientgames.h; this header adds the test hook that solves reduced
 * variants (another win threshold, other hunter counts), which is not a
 * public option.
 */
#ifndef HARE_SOLVER_H
#define HARE_SOLVER_H

#include <stdint.h>
#include "ancientgames.h"

/* Solves every turn-boundary position with threshold+1 .. max_hunters
 * hunters, for chained (chain=1) or single (chain=0) captures; the hare wins
 * the moment the hunters are down to `threshold`.  threads <= 0 means one per
 * online CPU.  The real game is threshold 9, max_hunters 10..12. */
int ag__hare_solve(int chain, int threshold, int max_hunters, int threads,
                   ag_progress_fn progress, void *user, ag_solution **out);

/* The same with the 0.2 progress callback (nonzero stops) and the caller's
 * control (stop flag, poll callback); AG_ECANCELED when stopped. */
int ag__hare_solve_ex(int chain, int threshold, int max_hunters, int threads,
                      ag_solve_progress_fn progress, void *user, const ag_control *ctl,
                      ag_solution **out);

/* ag_solution_load(), and with any_variant != 0 the test hook that also reads
 * the reduced variants ag__hare_solve writes (ag_solution_load refuses them:
 * the library itself never writes one). */
int ag__hare_solution_load(const char *path, int any_variant, ag_solution **out);

/* Folds n bytes at p into the running checksum h of a solution file (start
 * with h = 0; the file ends with the little-endian checksum of all bytes
 * before it): the tests' hook to write files whose tables they changed. */
uint64_t ag__hare_solution_checksum(uint64_t h, const uint8_t *p, size_t n);

/* Reads the hare's point (-1 when it has none) and the mask of the hunters'
 * points of a hare-hunt state. */
void ag__hare_read_board(const ag_state *st, int *hare, uint32_t *hunters);

/* Value (+1 win, 0 draw, -1 loss for the side to move) and distance in turns
 * of a position in the middle of the hare's capture chain: the hare stands on
 * `hare`, may pass or jump on. */
int ag__hare_solution_chain_value(const ag_solution *sol, int hare, uint32_t hunters,
                                  int *value, int *distance);

#endif
