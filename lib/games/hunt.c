/* SPDX-License-Identifier: MIT */
/*
 * hunt.c -- the hunts' shared move text (hunt.h).
 *
 * Only the text is shared.  The rules the two games have in common (steps
 * along the lines, the hare's or fox's jumps and chains, the end checks in
 * the same order, repetition at turn boundaries) stay written once per
 * board, because a shared form would slow the hare: its rules run on a
 * 25-point board in one 32-bit word with constant shifts per direction
 * (hunter_targets, hare_jumps_to), table forms for BMI2 and AVX-512, and a
 * position whose layout its fused checked apply and playouts are tuned to;
 * the cross of 33 points needs 64-bit words of an 8-wide grid and is plain
 * C.  A rule generic over the word, the offsets and the position would be
 * either calls through pointers or a macro template in the hare's hottest
 * loops.  The forms are kept equal by tests/check_fox_and_hens.c's
 * "same_rules_as_hare" (both games played move for move on the cross's
 * middle 5x5 square) and each game's perft against its own reference.
 */
#include <string.h>
#include "hunt.h"

void ag__hunt_move_write(ag__buf *b, const char *const *names, int kind, int from, int to)
{
  if (kind == AG_MOVE_PASS) ag__puts(b, "pass");
  else ag__printf(b, "%s%c%s", names[from], kind == AG_MOVE_JUMP ? 'x' : '-', names[to]);
}

int ag__hunt_move_parse(const char *game, const char *text,
                        int (*point)(const void *data, const char *s), const void *data,
                        int *from, int *to, char *sep)
{
  if (strcmp(text, "pass") == 0) {
    *sep = 'p';
    return AG_OK;
  }
  if (strlen(text) != 5 || (*from = point(data, text)) < 0 || (*to = point(data, text + 3)) < 0 ||
      ((*sep = text[2]) != '-' && *sep != 'x'))
    return ag__fail(AG_EPARSE, "%s move '%.16s': expected like c3-d4, c3xe5 or pass", game, text);
  return AG_OK;
}
