/* SPDX-License-Identifier: MIT */
/*
 * hunt.h -- what the hunts share as code: the hare hunt (lib/games/hare/)
 * and the fox and the hens (lib/games/fox_and_hens.c) write and read their
 * moves alike ("c3-d4" a step, "c3xe5" a jump, "pass").  Their rules are the
 * same too, but stay written once per board: see hunt.c for why.
 */
#ifndef AG_HUNT_H
#define AG_HUNT_H

#include "ag_internal.h"

/* Writes a move of kind AG_MOVE_PASS ("pass"), AG_MOVE_STEP (FROM-TO) or
 * AG_MOVE_JUMP (FROMxTO), by the board's point names. */
void ag__hunt_move_write(ag__buf *b, const char *const *names, int kind, int from, int to);

/* The syntax of a move text: "pass" (*sep = 'p'), or two point names around
 * '-' (a step) or 'x' (a jump), read by point() (the point a name at s
 * names, -1 if none; data is its board).  AG_OK, or AG_EPARSE with the
 * message "GAME move '...': expected like c3-d4, c3xe5 or pass".  The caller
 * then checks the step or jump on its board. */
int ag__hunt_move_parse(const char *game, const char *text,
                        int (*point)(const void *data, const char *s), const void *data,
                        int *from, int *to, char *sep);

#endif
