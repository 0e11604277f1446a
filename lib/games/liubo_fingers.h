/* SPDX-License-Identifier: MIT */
/*
 * liubo_fingers.h -- the position of liubo_fingers (lib/games/liubo_fingers.c)
 * for its computer player (lib/ai/liubo_fingers_search.c), which evaluates
 * positions field by field.  Internal: not installed, not exported.
 */
#ifndef LIUBO_FINGERS_H
#define LIUBO_FINGERS_H

#include <stdint.h>
#include "liubo_fingers_board.h"

/* The options, in the order of the game's option table (ag_game.opt[]). */
enum { AG__LF_OPT_HANDS, AG__LF_OPT_SCHEME, AG__LF_OPT_ENTRY, AG__LF_OPT_BOARD, AG__LF_OPT_RETURN,
       AG__LF_OPT_MAX_ROUNDS };
/* The phases of lf_pos.phase. */
enum { AG__LF_PH_GUESS = 0, AG__LF_PH_THROW = 1, AG__LF_PH_ACT = 2, AG__LF_PH_OVER = 3 };

/* The position: pointer-free, copied by the core for undo. */
typedef struct lf_pos {
  int8_t owner[AG__LF_NODES];     /* player whose pieces stand on a point, -1 none */
  uint8_t flat[AG__LF_NODES];     /* AT_START pieces (flat, unmoved since placed) */
  uint8_t cross[AG__LF_NODES];    /* ON_BOARD pieces (crosswise) */
  uint8_t held[2];                /* enemy pieces in player p's prisons */
  uint8_t home[2];                /* p's pieces standing in TAIJI */
  uint8_t plain[2], wired[2];     /* counting sticks held by p (the fish follow from home[]) */
  uint8_t phase;                  /* PH_* */
  uint8_t mover;                  /* PH_THROW: who moves next; PH_ACT: who moves */
  uint8_t count;                  /* PH_ACT: the count to spend */
  uint8_t pad;
  uint32_t rounds;                /* finger rounds played, void ones included */
} lf_pos;

#endif
