/* SPDX-License-Identifier: MIT */
/*
 * hare.h -- internal hooks of the hare hunt (lib/games/hare/) for tests.
 * Not part of the public API and not exported.
 */
#ifndef HARE_H
#define HARE_H

#include "ag_internal.h"

/* The builds of the random playout: plain C, with popcnt, with popcnt, BMI1 and BMI2. */
enum { AG__HARE_PLAYOUT_PLAIN, AG__HARE_PLAYOUT_POPCNT, AG__HARE_PLAYOUT_BMI2 };

/* Makes game g (a hare hunt with no states yet) run playouts with `build`, so
 * that the tests can run every build on one machine.  Returns AG_OK, or
 * AG_EINVAL when g is not a hare hunt or this CPU cannot run the build. */
int ag__hare_use_playout(ag_game *g, int build);

/* The builds of the legal-move listing: plain C, and one with AVX-512 (F, BW
 * and VBMI2), BMI1 and BMI2 (compresses of move rows for both sides).
 * ag__hare_use_list makes game g list with `build` (AG_OK), or fails with
 * AG_EINVAL like ag__hare_use_playout. */
enum { AG__HARE_LIST_PLAIN, AG__HARE_LIST_AVX512 };
int ag__hare_use_list(ag_game *g, int build);

/* The builds game g runs (AG_OK), or AG_EINVAL when g is not a hare hunt. */
int ag__hare_builds(const ag_game *g, int *playout, int *list);

/* The position of the k-th set bit of x (k below its count), as the
 * portable playouts find it (broadword, a table per byte). */
int ag__hare_select_bit64(uint64_t x, uint64_t k);

#endif
