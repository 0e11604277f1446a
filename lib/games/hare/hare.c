/* SPDX-License-Identifier: MIT */
/*
 * hare.c -- the hare hunt (cercar la liebre, Alfonso X, 1283), exactly as
 * stated by ancientgames-hare(7) (man/ancientgames-hare.7; its SOURCES
 * name the sources).
 *
 * Hunters are player 0, the hare player 1.  Positions are 25-bit bitboards.
 * One ply is one step or one jump; after a jump with another jump available
 * (chain=1) the hare moves again and may only jump or pass.  The hare wins the
 * moment the hunters are down to 9; the side to move with no move loses;
 * repetition at turn boundaries and the ply cap are draws.
 */
#include <stdlib.h>
#include <string.h>
#include "ag_internal.h"
#include "bits.h"
#include "hare.h"
#include "hare_board.h"

enum { HUNTERS = 0, HARE = 1 };
enum { RESULT_NONE, RESULT_HUNTERS, RESULT_HARE, RESULT_DRAW };

#define MAX_MOVES 96             /* 12 hunters x 8 neighbours bounds every move list */
/* Move counts seen by a playout's draws: the hunters have at most 38 moves
 * (every placement of 10-12 hunters and the hare, enumerated), the hare at
 * most 8 steps and jumps plus a pass. */
#define DRAW_MAX_BOUND 40
#define PASS_MOVE AG__MOVE(AG_MOVE_PASS, 0, 0, 0)
#define LAND_TABLE_SIZE 512      /* the sum over the points of 2^(jump directions) */

static const char *const first_words[] = {"hunters", "hare", NULL};

static const ag__optdef hare_options[] = {
  {"hunters", 12, 10, 12, NULL},
  {"first", 0, 0, 1, first_words},
  {"chain", 1, 0, 1, NULL},
  {"repetition", 3, 0, 3, NULL},
  {"max_plies", 1000, 0, 1000000, NULL},
};

/* select_in_byte[r][b]: the position of the r-th set bit of byte b (the
 * portable select, select_bit64; 8 where b has no r-th bit).  Constant
 * tables, not game data: they are the same for every game, and kept out of
 * hare_game they cost nothing at ag_game_new (a tools/ script is not needed:
 * check_hare_builds and the perft tests would fail on a wrong entry). */
static const uint8_t select_in_byte[8][256] = {
  {
    8, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0, 4, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0,
    5, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0, 4, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0,
    6, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0, 4, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0,
    5, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0, 4, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0,
    7, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0, 4, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0,
    5, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0, 4, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0,
    6, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0, 4, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0,
    5, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0, 4, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0,
  },
  {
    8, 8, 8, 1, 8, 2, 2, 1, 8, 3, 3, 1, 3, 2, 2, 1, 8, 4, 4, 1, 4, 2, 2, 1, 4, 3, 3, 1, 3, 2, 2, 1,
    8, 5, 5, 1, 5, 2, 2, 1, 5, 3, 3, 1, 3, 2, 2, 1, 5, 4, 4, 1, 4, 2, 2, 1, 4, 3, 3, 1, 3, 2, 2, 1,
    8, 6, 6, 1, 6, 2, 2, 1, 6, 3, 3, 1, 3, 2, 2, 1, 6, 4, 4, 1, 4, 2, 2, 1, 4, 3, 3, 1, 3, 2, 2, 1,
    6, 5, 5, 1, 5, 2, 2, 1, 5, 3, 3, 1, 3, 2, 2, 1, 5, 4, 4, 1, 4, 2, 2, 1, 4, 3, 3, 1, 3, 2, 2, 1,
    8, 7, 7, 1, 7, 2, 2, 1, 7, 3, 3, 1, 3, 2, 2, 1, 7, 4, 4, 1, 4, 2, 2, 1, 4, 3, 3, 1, 3, 2, 2, 1,
    7, 5, 5, 1, 5, 2, 2, 1, 5, 3, 3, 1, 3, 2, 2, 1, 5, 4, 4, 1, 4, 2, 2, 1, 4, 3, 3, 1, 3, 2, 2, 1,
    7, 6, 6, 1, 6, 2, 2, 1, 6, 3, 3, 1, 3, 2, 2, 1, 6, 4, 4, 1, 4, 2, 2, 1, 4, 3, 3, 1, 3, 2, 2, 1,
    6, 5, 5, 1, 5, 2, 2, 1, 5, 3, 3, 1, 3, 2, 2, 1, 5, 4, 4, 1, 4, 2, 2, 1, 4, 3, 3, 1, 3, 2, 2, 1,
  },
  {
    8, 8, 8, 8, 8, 8, 8, 2, 8, 8, 8, 3, 8, 3, 3, 2, 8, 8, 8, 4, 8, 4, 4, 2, 8, 4, 4, 3, 4, 3, 3, 2,
    8, 8, 8, 5, 8, 5, 5, 2, 8, 5, 5, 3, 5, 3, 3, 2, 8, 5, 5, 4, 5, 4, 4, 2, 5, 4, 4, 3, 4, 3, 3, 2,
    8, 8, 8, 6, 8, 6, 6, 2, 8, 6, 6, 3, 6, 3, 3, 2, 8, 6, 6, 4, 6, 4, 4, 2, 6, 4, 4, 3, 4, 3, 3, 2,
    8, 6, 6, 5, 6, 5, 5, 2, 6, 5, 5, 3, 5, 3, 3, 2, 6, 5, 5, 4, 5, 4, 4, 2, 5, 4, 4, 3, 4, 3, 3, 2,
    8, 8, 8, 7, 8, 7, 7, 2, 8, 7, 7, 3, 7, 3, 3, 2, 8, 7, 7, 4, 7, 4, 4, 2, 7, 4, 4, 3, 4, 3, 3, 2,
    8, 7, 7, 5, 7, 5, 5, 2, 7, 5, 5, 3, 5, 3, 3, 2, 7, 5, 5, 4, 5, 4, 4, 2, 5, 4, 4, 3, 4, 3, 3, 2,
    8, 7, 7, 6, 7, 6, 6, 2, 7, 6, 6, 3, 6, 3, 3, 2, 7, 6, 6, 4, 6, 4, 4, 2, 6, 4, 4, 3, 4, 3, 3, 2,
    7, 6, 6, 5, 6, 5, 5, 2, 6, 5, 5, 3, 5, 3, 3, 2, 6, 5, 5, 4, 5, 4, 4, 2, 5, 4, 4, 3, 4, 3, 3, 2,
  },
  {
    8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 3, 8, 8, 8, 8, 8, 8, 8, 4, 8, 8, 8, 4, 8, 4, 4, 3,
    8, 8, 8, 8, 8, 8, 8, 5, 8, 8, 8, 5, 8, 5, 5, 3, 8, 8, 8, 5, 8, 5, 5, 4, 8, 5, 5, 4, 5, 4, 4, 3,
    8, 8, 8, 8, 8, 8, 8, 6, 8, 8, 8, 6, 8, 6, 6, 3, 8, 8, 8, 6, 8, 6, 6, 4, 8, 6, 6, 4, 6, 4, 4, 3,
    8, 8, 8, 6, 8, 6, 6, 5, 8, 6, 6, 5, 6, 5, 5, 3, 8, 6, 6, 5, 6, 5, 5, 4, 6, 5, 5, 4, 5, 4, 4, 3,
    8, 8, 8, 8, 8, 8, 8, 7, 8, 8, 8, 7, 8, 7, 7, 3, 8, 8, 8, 7, 8, 7, 7, 4, 8, 7, 7, 4, 7, 4, 4, 3,
    8, 8, 8, 7, 8, 7, 7, 5, 8, 7, 7, 5, 7, 5, 5, 3, 8, 7, 7, 5, 7, 5, 5, 4, 7, 5, 5, 4, 5, 4, 4, 3,
    8, 8, 8, 7, 8, 7, 7, 6, 8, 7, 7, 6, 7, 6, 6, 3, 8, 7, 7, 6, 7, 6, 6, 4, 7, 6, 6, 4, 6, 4, 4, 3,
    8, 7, 7, 6, 7, 6, 6, 5, 7, 6, 6, 5, 6, 5, 5, 3, 7, 6, 6, 5, 6, 5, 5, 4, 6, 5, 5, 4, 5, 4, 4, 3,
  },
  {
    8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 4,
    8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 5, 8, 8, 8, 8, 8, 8, 8, 5, 8, 8, 8, 5, 8, 5, 5, 4,
    8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 6, 8, 8, 8, 8, 8, 8, 8, 6, 8, 8, 8, 6, 8, 6, 6, 4,
    8, 8, 8, 8, 8, 8, 8, 6, 8, 8, 8, 6, 8, 6, 6, 5, 8, 8, 8, 6, 8, 6, 6, 5, 8, 6, 6, 5, 6, 5, 5, 4,
    8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 7, 8, 8, 8, 8, 8, 8, 8, 7, 8, 8, 8, 7, 8, 7, 7, 4,
    8, 8, 8, 8, 8, 8, 8, 7, 8, 8, 8, 7, 8, 7, 7, 5, 8, 8, 8, 7, 8, 7, 7, 5, 8, 7, 7, 5, 7, 5, 5, 4,
    8, 8, 8, 8, 8, 8, 8, 7, 8, 8, 8, 7, 8, 7, 7, 6, 8, 8, 8, 7, 8, 7, 7, 6, 8, 7, 7, 6, 7, 6, 6, 4,
    8, 8, 8, 7, 8, 7, 7, 6, 8, 7, 7, 6, 7, 6, 6, 5, 8, 7, 7, 6, 7, 6, 6, 5, 7, 6, 6, 5, 6, 5, 5, 4,
  },
  {
    8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8,
    8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 5,
    8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 6,
    8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 6, 8, 8, 8, 8, 8, 8, 8, 6, 8, 8, 8, 6, 8, 6, 6, 5,
    8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 7,
    8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 7, 8, 8, 8, 8, 8, 8, 8, 7, 8, 8, 8, 7, 8, 7, 7, 5,
    8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 7, 8, 8, 8, 8, 8, 8, 8, 7, 8, 8, 8, 7, 8, 7, 7, 6,
    8, 8, 8, 8, 8, 8, 8, 7, 8, 8, 8, 7, 8, 7, 7, 6, 8, 8, 8, 7, 8, 7, 7, 6, 8, 7, 7, 6, 7, 6, 6, 5,
  },
  {
    8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8,
    8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8,
    8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8,
    8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 6,
    8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8,
    8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 7,
    8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 7,
    8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 7, 8, 8, 8, 8, 8, 8, 8, 7, 8, 8, 8, 7, 8, 7, 7, 6,
  },
  {
    8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8,
    8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8,
    8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8,
    8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8,
    8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8,
    8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8,
    8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8,
    8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 7,
  },
};

/* spread7[i]: bit b of i at bit 2b (hare_jumps_to). */
static const uint16_t spread7[128] = {
  0, 1, 4, 5, 16, 17, 20, 21, 64, 65, 68, 69, 80, 81, 84, 85,
  256, 257, 260, 261, 272, 273, 276, 277, 320, 321, 324, 325, 336, 337, 340, 341,
  1024, 1025, 1028, 1029, 1040, 1041, 1044, 1045, 1088, 1089, 1092, 1093, 1104, 1105, 1108, 1109,
  1280, 1281, 1284, 1285, 1296, 1297, 1300, 1301, 1344, 1345, 1348, 1349, 1360, 1361, 1364, 1365,
  4096, 4097, 4100, 4101, 4112, 4113, 4116, 4117, 4160, 4161, 4164, 4165, 4176, 4177, 4180, 4181,
  4352, 4353, 4356, 4357, 4368, 4369, 4372, 4373, 4416, 4417, 4420, 4421, 4432, 4433, 4436, 4437,
  5120, 5121, 5124, 5125, 5136, 5137, 5140, 5141, 5184, 5185, 5188, 5189, 5200, 5201, 5204, 5205,
  5376, 5377, 5380, 5381, 5392, 5393, 5396, 5397, 5440, 5441, 5444, 5445, 5456, 5457, 5460, 5461,
};

static const char *const point_names[HARE_POINTS] = {
  "a1", "b1", "c1", "d1", "e1", "a2", "b2", "c2", "d2", "e2", "a3", "b3", "c3",
  "d3", "e3", "a4", "b4", "c4", "d4", "e4", "a5", "b5", "c5", "d5", "e5",
};

/* The board's one mark: a frame 0.4 units outside the points. */
static const ag__mark hare_marks[] = {
  {AG_MARK_FRAME, AG_SHAPE_RECT, -1, -0.4, -0.4, 4.4, 4.4, 0, NULL, 0, NULL},
};

/* Private game data: board tables, geometry, Zobrist keys and options. */
typedef struct hare_game {
  hare_board board;
  ag__node nodes[HARE_POINTS];
  ag__edge edges[56];
  uint64_t key_hunter[HARE_POINTS], key_hare[HARE_POINTS], key_hare_to_move, key_chain;
  uint32_t step_from[8];      /* points with a line in each step direction */
  uint32_t jump_from[8];      /* points with two steps of a line in each direction */
  uint32_t step_move[HARE_POINTS][HARE_POINTS];  /* the step from -> to (its aux the
                                                    direction 1..8), 0 if none */
  /* The listing's tables.  pair_move[j][b]: the step of bit b of the j-th
   * pair of hunters' target words (see generate); hare_step_move[at][d]: the
   * hare's step from `at` in direction d, to hare_step_to[at][d], which is 31
   * (never empty) where there is no line that way. */
  uint32_t pair_move[4][64];
  /* step_low[d][b]: the low 16 bits (to, from) of the step of direction d
   * to point b; the high 16 bits (kind, direction) are the same for every
   * step of a direction (the AVX-512 listing). */
  uint16_t step_low[8][32];
  uint32_t step_high[8];
  uint32_t pair_flip[4][64];  /* the same steps as the hunters' from and to bits */
  /* The hare's jumps by table (BMI2 playout): from `at`, the hunters on
   * jump_over[at] (the points next to it with a landing beyond), gathered
   * with pext, index land_table[land_base[at] + ...]: their landings. */
  uint32_t jump_over[HARE_POINTS];
  uint16_t land_base[HARE_POINTS];
  uint32_t land_table[LAND_TABLE_SIZE];
  uint32_t hare_step_move[HARE_POINTS][8];
  uint8_t hare_step_to[HARE_POINTS][8];
  /* The AVX-512 listing of the hare's moves from `at`: its steps to its
   * neighbours (ascending, which is the direction order) and its jumps to
   * hare_land_points[at] (ascending), in 16-move rows that a compress by
   * the pext-gathered empty points (landings) turns into the list. */
  uint32_t hare_nbr_move[HARE_POINTS][16];
  uint32_t hare_jump_move[HARE_POINTS][16];
  uint32_t hare_land_points[HARE_POINTS];
#ifdef __SIZEOF_INT128__
  uint64_t mod_magic[DRAW_MAX_BOUND + 1];  /* ceil(2^64 / d), see draw_below */
#endif
  int playout_build;           /* AG__HARE_PLAYOUT_*, the best this CPU runs */
  int list_build;              /* AG__HARE_LIST_*, likewise */
  uint32_t start_hunters;
  int first, chain, repetition;
  uint32_t max_plies;
} hare_game;

/* The position.  ply and since_capture are clocks: in the text, not the hash. */
typedef struct hare_pos {
  uint64_t hash;
  uint32_t hunters;        /* bitboard of hunters */
  uint32_t ply;            /* plies played since the start */
  uint32_t since_capture;  /* plies since the last capture (repetition window) */
  uint8_t hare;            /* the hare's point */
  uint8_t to_move;         /* HUNTERS or HARE */
  uint8_t chain;           /* 1 while the hare is in the middle of a chain */
  uint8_t result;          /* RESULT_* */
  uint8_t reason;          /* AG_END_* */
  /* A counting filter of the turn-boundary positions since the last capture
   * (the repetition window): 128 two-bit counters, each the number of those
   * positions whose slot it is (saturating at 3), so that most plies need
   * not scan the history for repeats -- a position that has occurred k times
   * has a counter of k or more.  Derived from the history like the clocks;
   * not in the text, not in the hash. */
  uint64_t seen[4];
} hare_pos;

#define GAME(g) ((const hare_game *)(g)->data)

/* The largest ply count of the position text; the count stops there (a game
 * without a ply cap could otherwise wrap it). */
#define HARE_PLY_MAX 1000000000u


static uint64_t compute_hash(const hare_game *hg, const hare_pos *p)
{
  uint64_t h = hg->key_hare[p->hare];
  uint32_t m;
  for (m = p->hunters; m; m &= m - 1) h ^= hg->key_hunter[__builtin_ctz(m)];
  if (p->to_move == HARE) h ^= hg->key_hare_to_move;
  if (p->chain) h ^= hg->key_chain;
  return h;
}

/* ------------------------------------------------------------ move lists */

/* Steps are listed direction by direction (aux = direction 1..8, in the order
 * of step_offsets), so that a random pick can count each direction's targets
 * with one popcount instead of building the list. */
static const int step_offsets[8] = {-6, -5, -4, -1, 1, 4, 5, 6};


static inline __attribute__((always_inline)) uint32_t empty_of(uint32_t hunters, uint32_t hare)
{
  return ~(hunters | 1u << hare) & ALL_POINTS;
}

static inline __attribute__((always_inline)) uint32_t empty_points(const hare_pos *p)
{
  return empty_of(p->hunters, p->hare);
}

/* The points hunters can step to, per direction (constant shifts: this is
 * the innermost loop of every hunters' ply). */
static inline __attribute__((always_inline)) void hunter_targets(const hare_game *hg,
                                                                 uint32_t hunters, uint32_t empty,
                                                                 uint32_t t[8])
{
  t[0] = ((hunters & hg->step_from[0]) >> 6) & empty;
  t[1] = ((hunters & hg->step_from[1]) >> 5) & empty;
  t[2] = ((hunters & hg->step_from[2]) >> 4) & empty;
  t[3] = ((hunters & hg->step_from[3]) >> 1) & empty;
  t[4] = ((hunters & hg->step_from[4]) << 1) & empty;
  t[5] = ((hunters & hg->step_from[5]) << 4) & empty;
  t[6] = ((hunters & hg->step_from[6]) << 5) & empty;
  t[7] = ((hunters & hg->step_from[7]) << 6) & empty;
}

/* The landing points of the hare's jumps: per direction, over a hunter next
 * to it to the empty point beyond (constant shifts, no loop: this runs on
 * every hare ply of a playout).  For one origin, ascending landing order is
 * ascending (over, landing) order. */
static inline __attribute__((always_inline)) uint32_t hare_landings(const uint32_t jump_from[8],
                                                                     uint32_t hare,
                                                                     uint32_t hunters, uint32_t empty)
{
  uint32_t at = 1u << hare;
  return ((((at & jump_from[0]) >> 6 & hunters) >> 6) | (((at & jump_from[1]) >> 5 & hunters) >> 5) |
          (((at & jump_from[2]) >> 4 & hunters) >> 4) | (((at & jump_from[3]) >> 1 & hunters) >> 1) |
          (((at & jump_from[4]) << 1 & hunters) << 1) | (((at & jump_from[5]) << 4 & hunters) << 4) |
          (((at & jump_from[6]) << 5 & hunters) << 5) | (((at & jump_from[7]) << 6 & hunters) << 6)) &
         empty;
}

/* The k-th set bit of m, counting from the lowest. */
static inline __attribute__((always_inline)) int select_bit(uint32_t m, uint64_t k)
{
  for (; k; k--) m &= m - 1;
  return __builtin_ctz(m);
}

/* The portable bit counting of the playouts without BMI2 (what aarch64 and
 * WebAssembly run): plain 64-bit arithmetic, the same on every byte order
 * and word size.  BYTES_01 has 1 in every byte. */
#define BYTES_01 UINT64_C(0x0101010101010101)
#define BYTES_80 UINT64_C(0x8080808080808080)

/* The number of set bits of each byte of x, in that byte (0..8). */
static inline __attribute__((always_inline)) uint64_t byte_counts(uint64_t x)
{
  x = x - ((x >> 1) & UINT64_C(0x5555555555555555));
  x = (x & UINT64_C(0x3333333333333333)) + ((x >> 2) & UINT64_C(0x3333333333333333));
  return (x + (x >> 4)) & UINT64_C(0x0f0f0f0f0f0f0f0f);
}

/* The sum of the bytes of x (each byte count <= 31: no carry out of a byte). */
static inline __attribute__((always_inline)) uint64_t byte_sum(uint64_t x)
{
  return (x * BYTES_01) >> 56;
}

/* The position of the k-th set bit of x (k below its count), given x's
 * byte_counts: without a loop whose length is random.  The multiply gives
 * each byte the count up to and including it; one subtraction per byte,
 * all at once, finds the bytes whose count is <= k, which is the number of
 * the byte holding the bit; a table finds the bit within that byte
 * (broadword select, S. Vigna, "Broadword implementation of rank/select
 * queries", 2008).  Its twins, the same k-th bit: select_bit (a loop) and
 * select_bit64_bmi2 (pdep); tests/check_hare_builds plays each build's
 * playouts against the API loop, tests/check_fast_paths the batch. */
static inline __attribute__((always_inline)) int select_bit64(uint64_t x,
                                                               uint64_t counts, uint64_t k)
{
  uint64_t upto = counts * BYTES_01;                    /* byte i: bits of bytes 0..i */
  uint64_t le = ((k * BYTES_01 | BYTES_80) - upto) & BYTES_80;  /* upto_i <= k */
  unsigned place = (unsigned)(byte_sum(le >> 7) * 8);
  uint64_t rank = k - ((upto << 8) >> place & 0xff);
  return (int)place + select_in_byte[rank][(x >> place) & 0xff];
}

/* The landing points of the hare's jumps, as hare_landings, by arithmetic
 * instead of eight directions: a hunter on o next to the hare on h (o in
 * jump_over[h], which has a landing beyond) is jumped to 2o - h.  Each o is
 * first placed at o - h + 6 (0..12), its bit index doubled by spreading the
 * 13 bits to the even positions (two lookups of 7 and 6 bits), then moved
 * by h - 12.  Its twins: hare_landings
 * (by direction, which builds the tables) and hare_landings_bmi2 (pext and
 * the table); tests/check_hare_builds lists each build as the plain one,
 * check-hare-perft.sh (AG_CPU=generic and not) counts against the reference. */
static inline __attribute__((always_inline)) uint32_t hare_jumps_to(const hare_game *hg, uint32_t hare,
                                                                     uint32_t hunters, uint32_t empty)
{
  uint32_t v = ((hunters & hg->jump_over[hare]) << 6) >> hare;
  v = spread7[v & 127] | (uint32_t)spread7[v >> 7] << 14;
  return (uint32_t)(((uint64_t)v << hare) >> 12) & empty;
}

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#define HARE_HAVE_BMI2_PATH 1
/* The same with BMI2: pdep deposits bit k into the k-th set bit of m, without
 * a loop whose length is random.  Only called where the CPU has BMI2. */
static inline __attribute__((target("bmi2"))) int select_bit_bmi2(uint32_t m, uint64_t k)
{
  return __builtin_ctz(__builtin_ia32_pdep_si(1u << k, m));
}

static inline __attribute__((target("bmi2,popcnt"))) int select_bit64_bmi2(uint64_t m, uint64_t k)
{
#ifdef __x86_64__
  return __builtin_ctzll(__builtin_ia32_pdep_di(UINT64_C(1) << k, m));
#else
  /* 32-bit x86 has no 64-bit pdep: the low word's, or the high word's
   * after the low word's set bits. */
  uint32_t lo = (uint32_t)m, hi = (uint32_t)(m >> 32);
  int below = __builtin_popcount(lo);
  if (k < (uint64_t)below) return __builtin_ctz(__builtin_ia32_pdep_si(1u << k, lo));
  return 32 + __builtin_ctz(__builtin_ia32_pdep_si(1u << (k - (uint64_t)below), hi));
#endif
}

/* The hare's landings from `hare` by table: pext gathers the hunters next to
 * it that have a landing beyond (see jump_over). */
static inline __attribute__((target("bmi2"))) uint32_t hare_landings_bmi2(const hare_game *hg,
                                                                         uint32_t hare,
                                                                         uint32_t hunters,
                                                                         uint32_t empty)
{
  return hg->land_table[hg->land_base[hare] + __builtin_ia32_pext_si(hunters, hg->jump_over[hare])] &
         empty;
}

static inline __attribute__((target("popcnt"))) int popcount64(uint64_t m)
{
  return __builtin_popcountll(m);
}
#else
static inline int popcount64(uint64_t m)
{
  return __builtin_popcountll(m);
}
#endif

static inline __attribute__((always_inline)) int hare_can_jump(const hare_game *hg, uint32_t hare,
                                                                uint32_t hunters)
{
  return hare_jumps_to(hg, hare, hunters, ~(hunters | 1u << hare) & ALL_POINTS) != 0;
}

#if defined(__GNUC__) && defined(__x86_64__)
#define HARE_HAVE_AVX512_LIST 1
#include <immintrin.h>
/* The hunters' steps with AVX-512: each direction's targets pick the low
 * halves of their moves out of the direction's 32-entry row with one 16-bit
 * compress; widened, with the direction's high half added, they are stored
 * under a mask of their count.  Eight fixed steps, no loop whose length is
 * random (the scalar loops mispredict their exits), and one compress per
 * direction instead of two of 32-bit moves (the compresses and mask moves
 * share one port).  Only called where the CPU has AVX-512F, BW and VBMI2;
 * out has room for MAX_MOVES (the game's bound, which every caller of
 * legal() gives): entries past the list may be overwritten, none past that. */
#define HARE_AVX512_TARGET "avx512f,avx512bw,avx512vbmi2,popcnt,bmi,bmi2"
static inline __attribute__((always_inline, target(HARE_AVX512_TARGET))) size_t hunter_moves_avx512(
    const hare_game *hg, const uint32_t t[8], ag_move *out)
{
  size_t n = 0;
  int d;
#pragma GCC unroll 8
  for (d = 0; d < 8; d++) {
    /* At most 12 hunters, so at most 12 steps of one direction: one compress
     * of the direction's 16-bit halves, widened to 16 moves, is enough.  The
     * high halves are a broadcast from memory (a load, not a shuffle). */
    unsigned c = (unsigned)__builtin_popcount(t[d]);
    __m512i low = _mm512_maskz_compress_epi16((__mmask32)t[d], _mm512_loadu_si512(hg->step_low[d]));
    __m512i mv = _mm512_or_si512(_mm512_cvtepu16_epi32(_mm512_castsi512_si256(low)),
                                 _mm512_set1_epi32((int)hg->step_high[d]));
    /* A whole 16-move store where it stays within the bound: a later load of
     * one of these moves is then forwarded from the store (from a masked
     * store it waits until the store reaches the cache: 20 ns a ply). */
    if (n + 16 <= MAX_MOVES) _mm512_storeu_si512(out + n, mv);
    else _mm512_mask_storeu_epi32(out + n, (__mmask16)((1u << c) - 1), mv);
    n += c;
  }
  return n;
}

/* generate() with AVX-512, BMI2 and popcnt, the whole listing in one
 * function (the hunters' targets need no trip through memory to another):
 * the hunters' steps as above; the hare's steps and jumps each with one
 * compress of its row of moves from its point, by the empty neighbours and
 * the landings gathered with pext -- no loop whose length is random (the
 * jumps' loop mispredicted its exit).  Writes at most 16 moves past the
 * list, within MAX_MOVES. */
static __attribute__((target(HARE_AVX512_TARGET))) size_t generate_avx512(const hare_game *hg,
                                                                          const hare_pos *p,
                                                                          ag_move *out)
{
  uint32_t empty = empty_points(p), hare = p->hare, chain = p->chain, steps, jumps;
  size_t n;
  if (p->to_move == HUNTERS) {
    uint32_t targets[8];
    hunter_targets(hg, p->hunters, empty, targets);
    return hunter_moves_avx512(hg, targets, out);
  }
  steps = chain ? 0 : _pext_u32(empty, hg->board.neighbours[hare]);
  _mm512_storeu_si512(out, _mm512_maskz_compress_epi32((__mmask16)steps,
                                                      _mm512_loadu_si512(hg->hare_nbr_move[hare])));
  n = (size_t)__builtin_popcount(steps);
  jumps = _pext_u32(hare_landings_bmi2(hg, hare, p->hunters, empty), hg->hare_land_points[hare]);
  _mm512_storeu_si512(out + n, _mm512_maskz_compress_epi32((__mmask16)jumps,
                                                          _mm512_loadu_si512(hg->hare_jump_move[hare])));
  n += (size_t)__builtin_popcount(jumps);
  out[n] = PASS_MOVE;
  return n + chain;
}
#endif

/* Every legal move of the side to move, in ascending order: steps by
 * (direction, to), then jumps by (over, to), then pass (the plain build;
 * out of line, so that hare_legal's jump to the AVX-512 build saves no
 * registers for it). */
static __attribute__((noinline)) size_t generate(const hare_game *hg, const hare_pos *p, ag_move *out)
{
  uint32_t empty = empty_points(p), m;
  size_t n = 0;
  int d;
  if (p->result) return 0;
  if (p->to_move == HUNTERS) {
    uint32_t targets[8];
    hunter_targets(hg, p->hunters, empty, targets);
    /* Two directions per 64-bit word (d = 2j low, 2j + 1 high): half as many
     * loops whose length is random, so half the mispredicted loop exits; each
     * set bit's move is read from a table. */
    for (d = 0; d < 4; d++) {
      uint64_t w = targets[2 * d] | (uint64_t)targets[2 * d + 1] << 32;
      const uint32_t *move = hg->pair_move[d];
      for (; w; w &= w - 1) out[n++] = move[__builtin_ctzll(w)];
    }
    return n;
  }
  if (!p->chain) {
    /* Every direction written, counted only when it is a move: no branch
     * on the board (out has room: the bound is far above 8). */
    const uint32_t *move = hg->hare_step_move[p->hare];
    const uint8_t *to = hg->hare_step_to[p->hare];
#pragma GCC unroll 8
    for (d = 0; d < 8; d++) {
      out[n] = move[d];
      n += empty >> to[d] & 1;
    }
  }
  for (m = hare_jumps_to(hg, p->hare, p->hunters, empty); m; m &= m - 1) {
    int to = __builtin_ctz(m);
    out[n++] = AG__MOVE(AG_MOVE_JUMP, (p->hare + to) / 2, to, p->hare);
  }
  if (p->chain) out[n++] = PASS_MOVE;
  return n;
}

/* Whether `side` has a move by its cheapest test: the hare a step to an
 * empty neighbour, a hunter a sideways step.  Nearly always true; false
 * says nothing (the hare may jump, a hunter step another way). */
static inline __attribute__((always_inline)) int has_common_move(const hare_game *hg,
                                                                  uint32_t hunters, uint32_t hare,
                                                                  uint32_t side, uint32_t empty)
{
  if (side == HARE) return (hg->board.neighbours[hare] & empty) != 0;
  return (((hunters & hg->step_from[3]) >> 1 | (hunters & hg->step_from[4]) << 1) & empty) != 0;
}

/* Whether `side` to move at a turn boundary with these pieces has any move. */
static inline __attribute__((always_inline)) int can_move_at(const hare_game *hg, uint32_t hunters,
                                                              uint32_t hare, uint32_t side)
{
  uint32_t empty = empty_of(hunters, hare), t[8];
  /* The common move first: then the hare's jumps, or the hunters' other six
   * directions, need not be computed. */
  if (side == HARE)
    return has_common_move(hg, hunters, hare, HARE, empty) || hare_can_jump(hg, hare, hunters);
  if (has_common_move(hg, hunters, hare, HUNTERS, empty)) return 1;
  hunter_targets(hg, hunters, empty, t);
  return (t[0] | t[1] | t[2] | t[3] | t[4] | t[5] | t[6] | t[7]) != 0;
}

/* Whether the side to move at a turn boundary has any move. */
static inline __attribute__((always_inline)) int can_move(const hare_game *hg, const hare_pos *p)
{
  return can_move_at(hg, p->hunters, p->hare, p->to_move);
}

/* --------------------------------------------------------------- playing */

/* Plays one legal move on the board and the clocks; returns 1 when the ply
 * ends a turn (the next position is a turn boundary), 0 mid-chain. */
static inline __attribute__((always_inline)) int play(const hare_game *hg, hare_pos *p, ag_move m)
{
  int kind = AG__MOVE_KIND(m), from = AG__MOVE_FROM(m), to = AG__MOVE_TO(m);
  p->ply += p->ply < HARE_PLY_MAX;  /* stops at the largest count the text reads */
  p->since_capture++;
  if (kind == AG_MOVE_PASS) {
    p->chain = 0;
    p->hash ^= hg->key_chain;
  } else if (p->to_move == HUNTERS) {
    p->hunters ^= (1u << from) | (1u << to);
    p->hash ^= hg->key_hunter[from] ^ hg->key_hunter[to];
  } else {
    p->hare = (uint8_t)to;
    p->hash ^= hg->key_hare[from] ^ hg->key_hare[to];
    if (kind == AG_MOVE_JUMP) {
      int over = AG__MOVE_AUX(m);
      p->hunters &= ~(1u << over);
      p->hash ^= hg->key_hunter[over];
      p->since_capture = 0;
      if (ag__popcount32(p->hunters) <= WIN_THRESHOLD) {  /* over, even mid-chain */
        if (p->chain) p->hash ^= hg->key_chain;
        p->chain = 0;
        p->result = RESULT_HARE;
        p->reason = AG_END_CAPTURES;
        return 0;
      }
      if (hg->chain && hare_can_jump(hg, p->hare, p->hunters)) {
        if (!p->chain) p->hash ^= hg->key_chain;
        p->chain = 1;
        return 0;
      }
      if (p->chain) p->hash ^= hg->key_chain;
      p->chain = 0;
    }
  }
  p->to_move ^= 1;
  p->hash ^= hg->key_hare_to_move;
  return 1;
}

/* Decides the result after a ply: a blocked side to move loses; `repeats`
 * earlier occurrences of a turn-boundary position make a repetition draw;
 * then the ply cap. */
static inline __attribute__((always_inline)) void settle(const hare_game *hg, hare_pos *p, int boundary, int repeats)
{
  if (p->result) return;
  if (boundary && !can_move(hg, p)) {
    p->result = p->to_move == HARE ? RESULT_HUNTERS : RESULT_HARE;
    p->reason = AG_END_BLOCKED;
  } else if (boundary && hg->repetition && repeats + 1 >= hg->repetition) {
    p->result = RESULT_DRAW;
    p->reason = AG_END_REPETITION;
  } else if (hg->max_plies && p->ply >= hg->max_plies) {
    p->result = RESULT_DRAW;
    p->reason = AG_END_PLY_LIMIT;
  }
}

static inline __attribute__((always_inline)) int same_boundary(const hare_pos *a, const hare_pos *b)
{
  return !a->chain && a->hare == b->hare && a->hunters == b->hunters &&
         a->to_move == b->to_move;
}

/* The repetition key of a turn-boundary position, and its slot in seen[]:
 * counter `slot` is bits 2 (slot mod 32) and up of word slot / 32. */
static inline __attribute__((always_inline)) uint32_t boundary_key(uint32_t hunters, uint32_t hare,
                                                                    uint32_t side)
{
  return hunters | hare << 25 | side << 30;
}

static inline __attribute__((always_inline)) uint32_t seen_slot(uint32_t key)
{
  return (key * 0x9E3779B1u) >> 25;
}

/* The counter of key's slot: at least the number of key's occurrences. */
static inline __attribute__((always_inline)) uint32_t seen_count(const uint64_t seen[4], uint32_t key)
{
  uint32_t slot = seen_slot(key);
  return (uint32_t)(seen[slot >> 5] >> (slot & 31) * 2 & 3);
}

static inline __attribute__((always_inline)) int seen_has(const uint64_t seen[4], uint32_t key)
{
  return seen_count(seen, key) != 0;
}

/* Counts one more occurrence of key (the counter stops at 3). */
static inline __attribute__((always_inline)) void seen_add(uint64_t seen[4], uint32_t key)
{
  uint32_t slot = seen_slot(key), shift = (slot & 31) * 2;
  uint64_t word = seen[slot >> 5];
  seen[slot >> 5] = word + ((uint64_t)((word >> shift & 3) != 3) << shift);
}

/* Whether the boundary position of key may have occurred often enough
 * before to draw by repetition now (repetition - 1 times): if its counter
 * is lower, it has not, and the history need not be scanned. */
static inline __attribute__((always_inline)) int seen_may_draw(const hare_game *hg,
                                                               const uint64_t seen[4], uint32_t key)
{
  return hg->repetition && (int)seen_count(seen, key) + 1 >= hg->repetition;
}

/* Earlier occurrences of p among the positions since the last capture. */
static inline __attribute__((always_inline)) int
count_repeats_by(const hare_pos *p, const ag__past *past, int hashed)
{
  size_t back, window = p->since_capture < past->count ? p->since_capture : past->count;
  const unsigned char *at = past->base + (past->count - 1) * past->stride + past->offset;
  int n = 0;
  for (back = 0; back < window; back++, at -= past->stride) {  /* newest first */
    const hare_pos *q = (const hare_pos *)(const void *)at;
    if (!hashed || q->hash == p->hash) n += same_boundary(q, p);
  }
  return n;
}

static int count_repeats(const hare_pos *p, const ag__past *past)
{
  return count_repeats_by(p, past, 0);
}

/* The same for a played position p (apply's), whose hash is set: equal
 * boundary positions have equal hashes (the hash is a function of the fields
 * compared), so one 64-bit compare rejects nearly every entry and the fields
 * decide the rest exactly.  (The playout's positions have no hash.) */
static int count_repeats_hashed(const hare_pos *p, const ag__past *past)
{
  return count_repeats_by(p, past, 1);
}

static inline __attribute__((always_inline)) void apply_move(const hare_game *hg, hare_pos *p,
                                                             ag_move m0, const ag__past *past)
{
  int boundary, repeats = 0;
  if (!p->chain)  /* the position left joins the window (a capture empties it) */
    seen_add(p->seen, boundary_key(p->hunters, p->hare, p->to_move));
  boundary = play(hg, p, m0);
  if (!p->since_capture) memset(p->seen, 0, sizeof p->seen);
  /* Only a position counted often enough may draw: then count exactly. */
  if (boundary && seen_may_draw(hg, p->seen, boundary_key(p->hunters, p->hare, p->to_move)))
    repeats = count_repeats_hashed(p, past);
  settle(hg, p, boundary, repeats);
}

static void hare_apply(const ag_game *g, void *pos, const ag_move *m, size_t n,
                       const ag__past *past)
{
  (void)n;
  apply_move(GAME(g), pos, m[0], past);
}

/* Exactly whether m is in generate()'s list, from the move's fields: the
 * canonical value is rebuilt and compared, so any other 32-bit value is not. */
static inline __attribute__((always_inline)) int move_is_legal(const hare_game *hg,
                                                               const hare_pos *p, int player,
                                                               ag_move m)
{
  uint32_t empty = empty_points(p);
  int from = AG__MOVE_FROM(m), to = AG__MOVE_TO(m);
  if (p->result || player != p->to_move) return 0;
  if (m == PASS_MOVE) return p->chain;
  if (from >= HARE_POINTS || to >= HARE_POINTS || !(empty >> to & 1)) return 0;
  if (AG__MOVE_KIND(m) == AG_MOVE_JUMP)
    return p->to_move == HARE && from == p->hare &&
           m == AG__MOVE(AG_MOVE_JUMP, (from + to) / 2, to, from) &&
           (hare_jumps_to(hg, p->hare, p->hunters, empty) >> to & 1);
  if (!hg->step_move[from][to] || m != hg->step_move[from][to]) return 0;
  return p->to_move == HUNTERS ? (int)(p->hunters >> from & 1) : !p->chain && from == p->hare;
}

static int hare_is_legal(const ag_game *g, const void *pos, int player, ag_move m)
{
  return move_is_legal(GAME(g), pos, player, m);
}

/* hare_apply_legal for every ply but its common one: jumps, passes and
 * illegal values (out of line, so that the common ply saves no registers). */
static __attribute__((noinline)) int apply_legal_general(const hare_game *hg, hare_pos *p,
                                                         ag_move m, const ag__past *past)
{
  if (!move_is_legal(hg, p, p->to_move, m)) return 0;
  apply_move(hg, p, m, past);
  return 1;
}

/* settle() for the boundary position p after a step (hare_apply_legal's
 * rare ends: a side that may be blocked, a position that the filter may
 * have counted often enough to draw); returns 1, hare_apply_legal's result.
 * Out of line, and called last, so that the common step saves no registers. */
static __attribute__((noinline)) int settle_step(const hare_game *hg, hare_pos *p,
                                                 const ag__past *past)
{
  int repeats = 0;
  if (seen_may_draw(hg, p->seen, boundary_key(p->hunters, p->hare, p->to_move)))
    repeats = count_repeats_hashed(p, past);
  settle(hg, p, 1, repeats);
  return 1;
}

/* The per-ply loop's checked apply: the test and the move in one call.  The
 * common ply -- a step outside a chain in a game not over -- runs on local
 * copies of the position's fields (stores through p could alias the game's
 * tables, so the compiler would reload them), with the same test and the
 * same effects as move_is_legal and apply_move: a step captures nothing
 * (since_capture stays above 0, the window stays) and always ends a turn.
 * Jumps, passes and every illegal value take the general code. */
static int hare_apply_legal(const ag_game *g, void *pos, ag_move m, const ag__past *past)
{
  const hare_game *hg = GAME(g);
  hare_pos *p = pos;
  uint32_t from = (uint32_t)AG__MOVE_FROM(m), to = (uint32_t)AG__MOVE_TO(m);
  if (AG__MOVE_KIND(m) == AG_MOVE_STEP && !(p->result | p->chain) && from < HARE_POINTS &&
      to < HARE_POINTS) {
    uint32_t hunters = p->hunters, hare = p->hare, side = p->to_move, ply = p->ply, empty;
    uint32_t movers = side == HUNTERS ? hunters : 1u << hare;
    const uint64_t *keys = side == HUNTERS ? hg->key_hunter : hg->key_hare;
    empty = empty_of(hunters, hare);
    if (!(m == hg->step_move[from][to] && (movers >> from & 1) && (empty >> to & 1))) return 0;
    /* The position left joins the repetition window. */
    seen_add(p->seen, boundary_key(hunters, hare, side));
    p->hash ^= keys[from] ^ keys[to] ^ hg->key_hare_to_move;
    if (side == HUNTERS) hunters ^= 1u << from | 1u << to;
    else hare = to;
    side ^= 1;
    ply += ply < HARE_PLY_MAX;
    p->hunters = hunters;
    p->ply = ply;
    p->since_capture++;
    p->hare = (uint8_t)hare;
    p->to_move = (uint8_t)side;
    /* settle() at a boundary: blocked, repetition, the ply cap.  Nearly
     * always the side to move has a step (the hare to an empty neighbour, a
     * hunter sideways) and the filter rules out a draw; else settle_step. */
    if (!has_common_move(hg, hunters, hare, side, empty_of(hunters, hare)))
      return settle_step(hg, p, past);
    if (seen_may_draw(hg, p->seen, boundary_key(hunters, hare, side))) return settle_step(hg, p, past);
    if (hg->max_plies && ply >= hg->max_plies) {
      p->result = RESULT_DRAW;
      p->reason = AG_END_PLY_LIMIT;
    }
    return 1;
  }
  return apply_legal_general(hg, p, m, past);
}

/* Exactly ag_rng_below(rng, bound), without a division (its latency
 * dominated the playout).  r is first reduced to x = r mod lcm(1..40) < 2^53,
 * so x = r (mod bound) for every bound <= 40; this does not wait for bound
 * (r is known long before the position's move count).  Then x mod bound is
 * taken by multiplication (Lemire, Kaser, Kurz, "Faster remainder by direct
 * computation", 2019: exact when 64 >= bits(x) + bits(bound)).  A larger
 * bound cannot occur (DRAW_MAX_BOUND); it would take the division. */
#define LCM_1_TO_40 UINT64_C(5342931457063200)
static inline __attribute__((always_inline)) uint64_t draw_below(const hare_game *hg, uint64_t *rng,
                                                                 uint64_t bound)
{
#ifdef __SIZEOF_INT128__
  __extension__ typedef unsigned __int128 u128;
  uint64_t r;
  if (bound <= 1 || bound > DRAW_MAX_BOUND) return ag__rng_below(rng, bound);
  do r = ag__rng_next(rng); while (r < bound && r < (0 - bound) % bound);
  return (uint64_t)(((u128)(hg->mod_magic[bound] * (r % LCM_1_TO_40)) * bound) >> 64);
#else
  (void)hg;
  return ag__rng_below(rng, bound);
#endif
}

/* Repetition bookkeeping of a playout: the boundary positions since the last
 * capture.  A 1024-bit filter says which slots are in use; slot[b] holds the
 * first key whose filter bit is b (bit 31: it has occurred twice or more),
 * so the usual boundary -- a position not seen since the capture -- costs a
 * bit test and two stores.  A key whose bit is taken by another key goes to
 * a list (on the stack, moved to the heap only in very long capture-free
 * stretches) and is counted by a scan.  One key is always in one place: in
 * the slot (when it came first) or in the list. */
typedef struct seen_list {
  uint64_t filter[16];
  uint32_t slot[1024];
  uint32_t *keys, stack_keys[1024];
  size_t n, cap;
} seen_list;

#define SEEN_TWICE 0x80000000u   /* a slot's mark; keys use bits 0-30 */

static uint32_t filter_bit(uint32_t key) { return (key * 0x9E3779B1u) >> 22; }

/* Empties the list.  Sixteen plain stores: the compiler's memset of these
 * 128 bytes was a `rep stos`, whose start-up costs more than the stores
 * (it runs at every capture and every playout's start). */
static inline __attribute__((always_inline)) void seen_clear(seen_list *l)
{
  int i;
  l->n = 0;
#pragma GCC unroll 16
  for (i = 0; i < 16; i++) l->filter[i] = 0;
}

/* Doubles the list's room, moving it to the heap; 0 when out of memory.  Kept
 * out of line: it runs only in very long capture-free stretches. */
static __attribute__((noinline)) int seen_grow(seen_list *l)
{
  uint32_t *bigger = malloc(2 * l->cap * sizeof *bigger);
  if (!bigger) return 0;
  memcpy(bigger, l->keys, l->n * sizeof *bigger);
  if (l->keys != l->stack_keys) free(l->keys);
  l->keys = bigger;
  l->cap *= 2;
  return 1;
}

/* seen_count_add for a key whose slot is in use: its earlier occurrences
 * (2 stands for 2 or more: the rules' repetition counts are 2 and 3), then
 * remembers it.  -1 when out of memory. */
static __attribute__((noinline)) int seen_count_add_taken(seen_list *l, uint32_t bit, uint32_t key)
{
  uint32_t in_slot = l->slot[bit];
  size_t i;
  int repeats = 0;
  if ((in_slot & ~SEEN_TWICE) == key) {
    l->slot[bit] = in_slot | SEEN_TWICE;
    return in_slot & SEEN_TWICE ? 2 : 1;
  }
  for (i = 0; i < l->n; i++) repeats += l->keys[i] == key;
  if (l->n == l->cap && !seen_grow(l)) return -1;
  l->keys[l->n++] = key;
  return repeats;
}

/* Earlier occurrences of key since the last capture (2 for 2 or more); then
 * remembers it.  -1 when out of memory. */
static inline __attribute__((always_inline)) int seen_count_add(seen_list *l, uint32_t key)
{
  uint32_t bit = filter_bit(key);
  uint64_t word = l->filter[bit >> 6], mask = UINT64_C(1) << (bit & 63);
  if (word & mask) return seen_count_add_taken(l, bit, key);
  l->filter[bit >> 6] = word | mask;
  l->slot[bit] = key;
  return 0;
}

/* The playout's scalars as a turn-boundary position, for the helpers above
 * (only on the rare paths: a stop, or history before the playout). */
static hare_pos boundary_pos(uint32_t hunters, uint32_t hare, uint32_t side, uint32_t since_capture)
{
  hare_pos at = {0};
  at.hunters = hunters, at.hare = (uint8_t)hare, at.to_move = (uint8_t)side;
  at.since_capture = since_capture;
  return at;
}

/* At the ply limit of a playout: the game's cap ends the game in a draw; the
 * caller's limit just stops. */
static void reach_ply_limit(uint64_t ply, uint64_t cap, uint32_t *result, uint32_t *why)
{
  if (ply >= cap) *result = RESULT_DRAW, *why = AG_END_PLY_LIMIT;
}

/* The repetition part of boundary_stops, out of line: for a key whose
 * filter bit is taken, or when the game's history may hold it.  Counts and
 * remembers the key; returns 1 when the game ends here in a draw, 0 when it
 * goes on, AG_ENOMEM's error when out of memory.  (It returns its findings
 * rather than writing through pointers, so the callers' lanes can stay in
 * registers.) */
static __attribute__((noinline)) int repetition_stops(
    const hare_game *hg, seen_list *seen, const ag__past *past, uint32_t history_window,
    const uint64_t *start_seen, uint32_t key, uint32_t hunters, uint32_t hare, uint32_t mover)
{
  int repeats = seen_count_add(seen, key);
  if (repeats < 0) return ag__fail(AG_ENOMEM, "hare playout: out of memory");
  if (history_window && seen_has(start_seen, key)) {
    hare_pos at = boundary_pos(hunters, hare, mover, history_window);
    repeats += count_repeats(&at, past);
  }
  return repeats + 1 >= hg->repetition;
}

/* The ends decided at a turn boundary, `mover` to move, other than a blocked
 * side: repetition, then the game's cap; also the caller's limit.  Returns
 * nonzero when the playout stops here, with *result and *why set for an end
 * (and *rc for running out of memory).  The usual boundary -- a position not
 * seen since the last capture, no history to look at -- cannot repeat: its
 * key takes its free slot inline (what seen_count_add would do). */
static inline __attribute__((always_inline)) int boundary_stops(
    const hare_game *hg, seen_list *seen, const ag__past *past, uint32_t history_window,
    const uint64_t *start_seen, uint32_t hunters, uint32_t hare, uint32_t mover, uint64_t ply, uint64_t limit, uint64_t cap,
    uint32_t *result, uint32_t *why, int *rc)
{
  if (hg->repetition) {
    uint32_t key = boundary_key(hunters, hare, mover), bit = filter_bit(key);
    uint64_t word = seen->filter[bit >> 6], mask = UINT64_C(1) << (bit & 63);
    if (!(word & mask) && !history_window) {
      seen->filter[bit >> 6] = word | mask;
      seen->slot[bit] = key;
    } else {
      int stops = repetition_stops(hg, seen, past, history_window, start_seen, key, hunters, hare, mover);
      if (stops < 0) {
        *rc = stops;
        return 1;
      }
      if (stops) {
        *result = RESULT_DRAW, *why = AG_END_REPETITION;
        return 1;
      }
    }
  }
  if (ply < limit) return 0;
  reach_ply_limit(ply, cap, result, why);
  return 1;
}

/* The reference random playout on a copy of pos: the same moves, in the same
 * order, as hare_legal/hare_apply with moves[ag_rng_below(rng, n)], but on
 * scalars, counting moves instead of listing them, without the hash.  The
 * tests check it against the public API loop.  Repetition needs every
 * boundary position since the last capture: those from the real history are
 * counted through `past`, the playout's own in a seen_list. */
#ifdef HARE_HAVE_BMI2_PATH
#define SELECT_BIT(m, k) (bmi2 ? select_bit_bmi2((m), (k)) : select_bit((m), (k)))
#define LANDINGS(at, hunters, empty) \
  (bmi2 ? hare_landings_bmi2(hg, (at), (hunters), (empty)) : hare_jumps_to(hg, (at), (hunters), (empty)))
#else
#define LANDINGS(at, hunters, empty) hare_jumps_to(hg, (at), (hunters), (empty))
#define SELECT_BIT(m, k) select_bit((m), (k))
#endif
#define POPCOUNT(m) (popcnt ? popcount64(m) : ag__popcount32(m))
/* (Without popcnt the counts are byte_counts, see lane_ply.) */

/* One random playout in progress, a "lane": the position as scalars, the
 * clocks and limits, the RNG and the repetition list.  ag_state_playout()
 * runs one lane; a batch (ag_state_playouts) runs two side by side, one ply
 * of each in turn, so that the core overlaps their chains of dependent
 * instructions (one ply is one such chain: targets, popcounts, the draw, the
 * pick, the table load).  Both run the same lane_ply(), so they play the
 * same games. */
typedef struct lane {
  uint32_t hunters, hare, side, chain, result, why;
  uint32_t history_window;  /* plies of real history in the repetition window */
  int rc;
  uint64_t draws;           /* the RNG state */
  uint64_t ply, start_ply;
  uint64_t limit, cap;      /* the caller's limit or the game's cap; the game's cap */
  seen_list *seen;
} lane;

/* Sets lane l up for a playout from `start` with RNG state rng; returns
 * nonzero when it is over before its first ply (the game has ended). */
static inline __attribute__((always_inline)) int lane_start(const hare_game *hg, lane *l,
                                                            const hare_pos *start, const ag__past *past,
                                                            uint64_t rng, size_t max_plies, seen_list *seen)
{
  uint64_t stop;
  l->hunters = start->hunters, l->hare = start->hare, l->side = start->to_move;
  l->chain = start->chain, l->result = start->result, l->why = start->reason;
  l->history_window = past->count ? start->since_capture : 0;
  l->rc = AG_OK;
  l->draws = rng;
  l->ply = l->start_ply = start->ply;
  /* The caller's limit; one past UINT64_MAX (SIZE_MAX from a later ply) is no limit. */
  stop = max_plies && max_plies <= UINT64_MAX - l->ply ? l->ply + max_plies : UINT64_MAX;
  l->cap = hg->max_plies ? hg->max_plies : UINT64_MAX;
  l->limit = stop < l->cap ? stop : l->cap;
  l->seen = seen;
  seen->keys = seen->stack_keys;
  seen->cap = sizeof seen->stack_keys / sizeof seen->stack_keys[0];
  seen_clear(seen);
  if (!l->chain) seen_count_add(seen, boundary_key(l->hunters, l->hare, l->side));
  return l->result != RESULT_NONE;
}

/* Plays one ply of lane l; returns nonzero when the playout stops there (an
 * end, a limit, or out of memory in l->rc).  A side with no move at a
 * boundary is found when its ply comes (its move count is 0), so the
 * boundary need not count moves twice; the rarer ends that settle() ranks
 * below it (repetition, the cap) check it in lane_finish. */
static inline __attribute__((always_inline)) int lane_ply(const hare_game *hg, lane *l,
                                                          const ag__past *past, const uint64_t *start_seen,
                                                          const int bmi2, const int popcnt)
{
  uint32_t empty, to, hunters = l->hunters, hare = l->hare;
  (void)bmi2;  /* a constant that selects nothing where there is no BMI2 path */
  if (l->side == HUNTERS) {
    uint32_t t[8], flip;
    uint64_t k;
    /* Every step lands on the board: no mask of the board's points needed. */
    empty = ~(hunters | 1u << hare);
    hunter_targets(hg, hunters, empty, t);
    {
      /* Directions in pairs, one 64-bit word each (2j low, 2j+1 high): the
       * k-th set bit over the words is the k-th move, found with four
       * counts, three compares, masks instead of branches, and one select
       * (pdep with BMI2, select_bit64 without). */
      uint64_t w[4], before[4], total, p2, c[4] = {0, 0, 0, 0};
      unsigned j;
      int bit;
      w[0] = t[0] | (uint64_t)t[1] << 32, w[1] = t[2] | (uint64_t)t[3] << 32;
      w[2] = t[4] | (uint64_t)t[5] << 32, w[3] = t[6] | (uint64_t)t[7] << 32;
      if (popcnt) {
        before[0] = 0, before[1] = (uint64_t)popcount64(w[0]);
        before[2] = before[1] + (uint64_t)popcount64(w[1]);
        p2 = (uint64_t)popcount64(w[2]), before[3] = before[2] + p2;
        total = before[2] + (p2 + (uint64_t)popcount64(w[3]));  /* a tree: one add less on the path */
      } else {
        /* Byte counts added bytewise (at most 4 x 8 a byte), summed once each. */
        uint64_t s01, s012;
        c[0] = byte_counts(w[0]), c[1] = byte_counts(w[1]);
        c[2] = byte_counts(w[2]), c[3] = byte_counts(w[3]);
        s01 = c[0] + c[1], s012 = s01 + c[2];
        before[0] = 0, before[1] = byte_sum(c[0]), before[2] = byte_sum(s01);
        before[3] = byte_sum(s012), total = byte_sum(s012 + c[3]);
      }
      if (!total) {
        l->result = RESULT_HARE, l->why = AG_END_BLOCKED;
        return 1;
      }
      k = draw_below(hg, &l->draws, total);
      j = (unsigned)(k >= before[1]) + (unsigned)(k >= before[2]) + (unsigned)(k >= before[3]);
#ifdef HARE_HAVE_BMI2_PATH
      if (bmi2) bit = select_bit64_bmi2(w[j], k - before[j]);
      else
#endif
        bit = select_bit64(w[j], popcnt ? byte_counts(w[j]) : c[j], k - before[j]);
      flip = hg->pair_flip[j][bit];
    }
    l->ply++;
    l->hunters = hunters ^= flip;
    l->side = HARE;
    return boundary_stops(hg, l->seen, past, l->history_window, start_seen, hunters, hare, HARE,
                          l->ply, l->limit, l->cap, &l->result, &l->why, &l->rc);
  }
  /* The hare's ply: a step, a jump (then maybe more in a chain) or a pass. */
  {
    uint32_t steps, lands, chain = l->chain;
    uint64_t ns, nj, k, both = 0, counts = 0;
    empty = ~(hunters | 1u << hare) & ALL_POINTS;
    steps = chain ? 0 : hg->board.neighbours[hare] & empty;
    lands = LANDINGS(hare, hunters, empty);
    if (bmi2 || popcnt) {
      ns = (uint64_t)POPCOUNT(steps), nj = (uint64_t)POPCOUNT(lands);
    } else {
      /* Steps in the low word, landings in the high: one count, one select. */
      uint64_t upto;
      both = steps | (uint64_t)lands << 32, counts = byte_counts(both), upto = counts * BYTES_01;
      ns = upto >> 24 & 0xff, nj = (upto >> 56) - ns;
    }
    if (!(ns + nj + chain)) {
      l->result = RESULT_HUNTERS, l->why = AG_END_BLOCKED;
      return 1;
    }
    k = draw_below(hg, &l->draws, ns + nj + chain);
    l->ply++;
    if (k < ns) {
      l->hare = hare = (uint32_t)(bmi2 || popcnt ? SELECT_BIT(steps, k) : select_bit64(both, counts, k));
    } else if (k < ns + nj) {
      to = (uint32_t)(bmi2 || popcnt ? SELECT_BIT(lands, k - ns) : select_bit64(both, counts, k) - 32);
      l->hunters = hunters &= ~(1u << (hare + to) / 2);
      l->hare = hare = to;
      l->history_window = 0;
      seen_clear(l->seen);
      if (POPCOUNT(hunters) <= WIN_THRESHOLD) {
        l->result = RESULT_HARE, l->why = AG_END_CAPTURES;
        return 1;
      }
      l->chain = hg->chain && LANDINGS(hare, hunters, ~(hunters | 1u << hare) & ALL_POINTS) != 0;
      if (l->chain) {  /* the hare moves again: no boundary */
        if (l->ply < l->limit) return 0;
        reach_ply_limit(l->ply, l->cap, &l->result, &l->why);
        return 1;
      }
    } else {
      l->chain = 0;  /* pass */
    }
    l->side = HUNTERS;
    return boundary_stops(hg, l->seen, past, l->history_window, start_seen, hunters, hare, HUNTERS,
                          l->ply, l->limit, l->cap, &l->result, &l->why, &l->rc);
  }
}

/* The end of lane l's playout: its outcome (AG_OUTCOME_*, or the error) and
 * plies, winner and reason. */
static inline __attribute__((always_inline)) int lane_finish(const hare_game *hg, lane *l,
                                                             size_t *plies, int *winner, int *reason)
{
  uint32_t result = l->result;
  /* The cap ranks below a blocked side (settle's order), and a playout
   * stopped by max_plies must still see a blocked side.  (A repetition never
   * meets one: the same position was not blocked before.) */
  if (l->rc == AG_OK && l->ply != l->start_ply && !l->chain &&
      (result == RESULT_NONE || result == RESULT_DRAW)) {
    hare_pos at = boundary_pos(l->hunters, l->hare, l->side, 0);
    if (!can_move(hg, &at)) result = l->side == HARE ? RESULT_HUNTERS : RESULT_HARE, l->why = AG_END_BLOCKED;
  }
  if (l->seen->keys != l->seen->stack_keys) {
    free(l->seen->keys);
    l->seen->keys = l->seen->stack_keys;
  }
  *plies = (size_t)(l->ply - l->start_ply);
  *winner = result == RESULT_HUNTERS ? HUNTERS : result == RESULT_HARE ? HARE : AG_PLAYER_NONE;
  *reason = (int)l->why;
  if (l->rc < 0) return l->rc;
  return result == RESULT_NONE ? AG_OUTCOME_ONGOING
         : result == RESULT_DRAW ? AG_OUTCOME_DRAW : AG_OUTCOME_WIN;
}

static inline __attribute__((always_inline)) int playout_run(
    const ag_game *g, const void *pos, const ag__past *past, uint64_t *rng, size_t max_plies,
    size_t *plies, int *winner, int *reason, const int bmi2, const int popcnt)
{
  const hare_game *hg = GAME(g);
  const hare_pos *start = pos;
  seen_list seen;
  lane l;
  if (!lane_start(hg, &l, start, past, *rng, max_plies, &seen))
    while (!lane_ply(hg, &l, past, start->seen, bmi2, popcnt)) {}
  *rng = l.draws;
  return lane_finish(hg, &l, plies, winner, reason);
}

/* Ends lane l's playout and adds it to *sum; the error if it failed. */
static inline __attribute__((always_inline)) int lane_sum(const hare_game *hg, lane *l,
                                                          ag_playout_totals *sum)
{
  size_t plies;
  int winner, reason, rc = lane_finish(hg, l, &plies, &winner, &reason);
  if (rc < 0) return rc;
  sum->playouts++;
  sum->plies += plies;
  if (rc == AG_OUTCOME_WIN && (winner == 0 || winner == 1)) sum->wins[winner]++;
  else if (rc == AG_OUTCOME_DRAW) sum->draws++;
  else sum->unfinished++;
  return AG_OK;
}

/* Starts the next of the n playouts (the *next-th) in lane l: 1 when one
 * runs, 0 when none is left; playouts over before their first ply are
 * summed at once.  A negative error when one failed. */
static inline __attribute__((always_inline)) int lane_open(const hare_game *hg, lane *l,
                                                           const hare_pos *start, const ag__past *past,
                                                           const uint64_t *rngs, size_t n, size_t *next,
                                                           size_t max_plies, seen_list *seen,
                                                           ag_playout_totals *sum)
{
  int rc;
  while (*next < n)
    if (!lane_start(hg, l, start, past, rngs[(*next)++], max_plies, seen)) return 1;
    else if ((rc = lane_sum(hg, l, sum)) < 0) return rc;
  return 0;
}

/* n playouts from pos, the i-th from RNG state rngs[i], summed into *sum:
 * two lanes side by side, each taking the next playout when its own ends.
 * The lanes are two variables, never reached through a pointer chosen at
 * run time, so that the compiler keeps their fields in registers. */
static inline __attribute__((always_inline)) int playouts_run(
    const ag_game *g, const void *pos, const ag__past *past, const uint64_t *rngs, size_t n,
    size_t max_plies, ag_playout_totals *sum, const int bmi2, const int popcnt)
{
  const hare_game *hg = GAME(g);
  const hare_pos *start = pos;
  seen_list seen0, seen1;
  lane l0 = {0}, l1 = {0};  /* (set by lane_open; this quiets -Wmaybe-uninitialized) */
  size_t next = 0;
  int on0, on1 = 0, rc = AG_OK;
  seen0.keys = seen0.stack_keys, seen1.keys = seen1.stack_keys;
  if ((on0 = lane_open(hg, &l0, start, past, rngs, n, &next, max_plies, &seen0, sum)) < 0 ||
      (on1 = lane_open(hg, &l1, start, past, rngs, n, &next, max_plies, &seen1, sum)) < 0)
    goto fail;
  while (on0 && on1) {
    if (lane_ply(hg, &l0, past, start->seen, bmi2, popcnt) &&
        ((rc = lane_sum(hg, &l0, sum)) < 0 ||
         (on0 = lane_open(hg, &l0, start, past, rngs, n, &next, max_plies, &seen0, sum)) < 0))
      goto fail;
    if (lane_ply(hg, &l1, past, start->seen, bmi2, popcnt) &&
        ((rc = lane_sum(hg, &l1, sum)) < 0 ||
         (on1 = lane_open(hg, &l1, start, past, rngs, n, &next, max_plies, &seen1, sum)) < 0))
      goto fail;
  }
  /* No playout is left to start: the lane still running finishes alone. */
  if (on0) {
    while (!lane_ply(hg, &l0, past, start->seen, bmi2, popcnt)) {}
    return lane_sum(hg, &l0, sum);
  }
  if (on1) {
    while (!lane_ply(hg, &l1, past, start->seen, bmi2, popcnt)) {}
    return lane_sum(hg, &l1, sum);
  }
  return AG_OK;
fail:
  /* A lane ran out of memory: the other's list may be on the heap. */
  if (seen0.keys != seen0.stack_keys) free(seen0.keys);
  if (seen1.keys != seen1.stack_keys) free(seen1.keys);
  return rc < 0 ? rc : on0 < 0 ? on0 : on1;
}

#undef SELECT_BIT
#undef LANDINGS
#undef POPCOUNT

/* The playout, compiled three ways: with BMI1, BMI2 (pdep picks a step,
 * pext indexes the hare's jumps) and popcnt, with popcnt, and plain; hare_playout picks the best the CPU has.  All three play the same
 * moves (the tests run whichever this machine picks). */
#ifdef HARE_HAVE_BMI2_PATH
static __attribute__((target("popcnt,bmi,bmi2"))) int playout_bmi2(
    const ag_game *g, const void *pos, const ag__past *past, uint64_t *rng, size_t max_plies,
    size_t *plies, int *winner, int *reason)
{
  return playout_run(g, pos, past, rng, max_plies, plies, winner, reason, 1, 1);
}

static __attribute__((target("popcnt"))) int playout_popcnt(
    const ag_game *g, const void *pos, const ag__past *past, uint64_t *rng, size_t max_plies,
    size_t *plies, int *winner, int *reason)
{
  return playout_run(g, pos, past, rng, max_plies, plies, winner, reason, 0, 1);
}

static __attribute__((target("popcnt,bmi,bmi2"))) int playouts_bmi2(
    const ag_game *g, const void *pos, const ag__past *past, const uint64_t *rngs, size_t n,
    size_t max_plies, ag_playout_totals *sum)
{
  return playouts_run(g, pos, past, rngs, n, max_plies, sum, 1, 1);
}

static __attribute__((target("popcnt"))) int playouts_popcnt(
    const ag_game *g, const void *pos, const ag__past *past, const uint64_t *rngs, size_t n,
    size_t max_plies, ag_playout_totals *sum)
{
  return playouts_run(g, pos, past, rngs, n, max_plies, sum, 0, 1);
}
#endif

/* Whether this CPU can run a playout build. */
static int cpu_runs(int build)
{
#ifdef HARE_HAVE_BMI2_PATH
  /* libgcc fills the CPU feature table in a constructor, before any call. */
  if (build == AG__HARE_PLAYOUT_BMI2)
    return __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("popcnt");
  if (build == AG__HARE_PLAYOUT_POPCNT) return __builtin_cpu_supports("popcnt");
#endif
  return build == AG__HARE_PLAYOUT_PLAIN;
}

/* The fastest build this CPU runs.  AMD's Zen 1 and 2 have BMI2 but run pdep
 * in microcode (hundreds of cycles), so they get the popcnt build. */
static int best_playout_build(void)
{
#ifdef HARE_HAVE_BMI2_PATH
  int slow_pdep = __builtin_cpu_is("znver1") || __builtin_cpu_is("znver2");
  if (!slow_pdep && cpu_runs(AG__HARE_PLAYOUT_BMI2)) return AG__HARE_PLAYOUT_BMI2;
#endif
  return cpu_runs(AG__HARE_PLAYOUT_POPCNT) ? AG__HARE_PLAYOUT_POPCNT : AG__HARE_PLAYOUT_PLAIN;
}

/* Whether this CPU can run a listing build, and the best one it runs. */
static int cpu_lists(int build)
{
#ifdef HARE_HAVE_AVX512_LIST
  if (build == AG__HARE_LIST_AVX512)
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512vbmi2") && __builtin_cpu_supports("popcnt") &&
           __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2");
#endif
  return build == AG__HARE_LIST_PLAIN;
}

static int best_list_build(void)
{
  return cpu_lists(AG__HARE_LIST_AVX512) ? AG__HARE_LIST_AVX512 : AG__HARE_LIST_PLAIN;
}

int ag__hare_use_list(ag_game *g, int build)
{
  if (!g || g->vt != &ag__hare_vt || !cpu_lists(build))
    return ag__fail(AG_EINVAL, "hare listing build %d: not a hare game, or not on this CPU", build);
  ((hare_game *)g->data)->list_build = build;
  return AG_OK;
}

int ag__hare_builds(const ag_game *g, int *playout, int *list)
{
  if (!g || g->vt != &ag__hare_vt || !playout || !list)
    return ag__fail(AG_EINVAL, "hare builds: not a hare game");
  *playout = GAME(g)->playout_build;
  *list = GAME(g)->list_build;
  return AG_OK;
}

int ag__hare_use_playout(ag_game *g, int build)
{
  if (!g || g->vt != &ag__hare_vt || !cpu_runs(build))
    return ag__fail(AG_EINVAL, "hare playout build %d: not a hare game, or not on this CPU", build);
  ((hare_game *)g->data)->playout_build = build;
  return AG_OK;
}

static int hare_playout(const ag_game *g, const void *pos, const ag__past *past,
                        uint64_t *rng, size_t max_plies, size_t *plies, int *winner,
                        int *reason)
{
#ifdef HARE_HAVE_BMI2_PATH
  switch (GAME(g)->playout_build) {
  case AG__HARE_PLAYOUT_BMI2:
    return playout_bmi2(g, pos, past, rng, max_plies, plies, winner, reason);
  case AG__HARE_PLAYOUT_POPCNT:
    return playout_popcnt(g, pos, past, rng, max_plies, plies, winner, reason);
  }
#endif
  return playout_run(g, pos, past, rng, max_plies, plies, winner, reason, 0, 0);
}

/* The batch's playouts (ag__vt.playouts), in the same build as hare_playout. */
static int hare_playouts(const ag_game *g, const void *pos, const ag__past *past,
                         const uint64_t *rngs, size_t n, size_t max_plies, ag_playout_totals *sum)
{
#ifdef HARE_HAVE_BMI2_PATH
  switch (GAME(g)->playout_build) {
  case AG__HARE_PLAYOUT_BMI2:
    return playouts_bmi2(g, pos, past, rngs, n, max_plies, sum);
  case AG__HARE_PLAYOUT_POPCNT:
    return playouts_popcnt(g, pos, past, rngs, n, max_plies, sum);
  }
#endif
  return playouts_run(g, pos, past, rngs, n, max_plies, sum, 0, 0);
}

/* ----------------------------------------------------------------- vtable */

static int hare_setup(ag_game *g)
{
  hare_game *hg = g->data;
  uint64_t keys[2 * HARE_POINTS + 2];
  uint32_t base;
  int i;
  if (g->opt[OPT_REPETITION] == 1)
    return ag__fail(AG_EPARSE, "spec: repetition must be 0, 2 or 3 (1 would end every game at once)");
  ag__hare_board_build(&hg->board);
  for (i = 0; i < HARE_POINTS; i++) {
    int d;
    for (d = 0; d < 8; d++) {
      int to = i + step_offsets[d];
      int line = to >= 0 && to < HARE_POINTS && (hg->board.neighbours[i] >> to & 1);
      if (line) {
        hg->step_from[d] |= 1u << i;
        hg->step_move[i][to] = AG__MOVE(AG_MOVE_STEP, d + 1, to, i);
      }
      hg->hare_step_move[i][d] = AG__MOVE(AG_MOVE_STEP, d + 1, to & 31, i);
      hg->hare_step_to[i][d] = (uint8_t)(line ? to : 31);
    }
  }
  for (i = 0; i < 64; i++) {
    int j;
    for (j = 0; j < 4; j++) {
      int d = 2 * j + (i >> 5), to = i & 31;
      hg->pair_move[j][i] = AG__MOVE(AG_MOVE_STEP, d + 1, to, (to - step_offsets[d]) & 0xff);
      hg->step_low[d][to] = (uint16_t)(hg->pair_move[j][i] & 0xffffu);
      hg->step_high[d] = AG__MOVE(AG_MOVE_STEP, d + 1, 0, 0);
      hg->pair_flip[j][i] = 1u << to | 1u << ((to - step_offsets[d]) & 31);
    }
  }
  for (i = 0; i < HARE_POINTS; i++) {
    int d;
    for (d = 0; d < 8; d++)
      if ((hg->step_from[d] >> i & 1) && (hg->step_from[d] >> (i + step_offsets[d]) & 1))
        hg->jump_from[d] |= 1u << i;
  }
  for (i = 0; i < HARE_POINTS; i++) {  /* the AVX-512 listing's rows (see hare_nbr_move) */
    int to, k = 0, j = 0;
    for (to = 0; to < HARE_POINTS; to++) {
      if (hg->step_move[i][to]) hg->hare_nbr_move[i][k++] = hg->step_move[i][to];
      if (hare_landings(hg->jump_from, (uint32_t)i, ALL_POINTS, ALL_POINTS) >> to & 1) {
        hg->hare_land_points[i] |= 1u << to;
        hg->hare_jump_move[i][j++] = AG__MOVE(AG_MOVE_JUMP, (i + to) / 2, to, i);
      }
    }
  }
  for (i = 0, base = 0; i < HARE_POINTS; i++) {
    uint32_t over = 0, k, size;
    int d;
    for (d = 0; d < 8; d++)
      if (hg->jump_from[d] >> i & 1) over |= 1u << (i + step_offsets[d]);
    size = 1u << ag__popcount32(over);
    if (base + size > LAND_TABLE_SIZE) return ag__fail(AG_ENOMEM, "hare: jump table too small");
    hg->jump_over[i] = over;
    hg->land_base[i] = (uint16_t)base;
    for (k = 0; k < size; k++) {  /* k's bit j: the j-th point of `over` has a hunter */
      uint32_t hunters = 0, m = over, j;
      for (j = 0; m; j++, m &= m - 1)
        if (k >> j & 1) hunters |= m & -m;
      hg->land_table[base + k] = hare_landings(hg->jump_from, (uint32_t)i, hunters, ALL_POINTS);
    }
    base += size;
  }
  for (i = 0; i < HARE_POINTS; i++) {
    hg->nodes[i].name = point_names[i];
    hg->nodes[i].x = i % 5;
    hg->nodes[i].y = i / 5;
    hg->nodes[i].kind = AG_NODE_POINT;
  }
  for (i = 0; i < hg->board.edge_count; i++) {
    hg->edges[i].a = hg->board.edge_a[i];
    hg->edges[i].b = hg->board.edge_b[i];
    hg->edges[i].kind = hg->board.edge_diagonal[i] ? AG_EDGE_DIAGONAL : AG_EDGE_LINE;
  }
#ifdef __SIZEOF_INT128__
  for (i = 1; i <= DRAW_MAX_BOUND; i++) hg->mod_magic[i] = UINT64_MAX / (unsigned)i + 1;
#endif
  ag__zobrist_fill(keys, sizeof keys / sizeof keys[0], "hare");
  memcpy(hg->key_hunter, keys, sizeof hg->key_hunter);
  memcpy(hg->key_hare, keys + HARE_POINTS, sizeof hg->key_hare);
  hg->key_hare_to_move = keys[2 * HARE_POINTS];
  hg->key_chain = keys[2 * HARE_POINTS + 1];
  /* 12: rows 1-2, a3, e3; 11: without e3; 10: rows 1-2 (ancientgames-hare(7), SETUP). */
  hg->start_hunters = 0x3ffu | (g->opt[OPT_HUNTERS] >= 11 ? 1u << 10 : 0) |
                      (g->opt[OPT_HUNTERS] == 12 ? 1u << 14 : 0);
  hg->first = g->opt[OPT_FIRST];
  hg->chain = g->opt[OPT_CHAIN];
  hg->repetition = g->opt[OPT_REPETITION];
  hg->max_plies = (uint32_t)g->opt[OPT_MAX_PLIES];
  hg->playout_build = g->cpu_generic ? AG__HARE_PLAYOUT_PLAIN : best_playout_build();
  hg->list_build = g->cpu_generic ? AG__HARE_LIST_PLAIN : best_list_build();
  g->marks = hare_marks;
  g->num_marks = (int)(sizeof hare_marks / sizeof hare_marks[0]);
  g->nodes = hg->nodes;
  g->num_nodes = HARE_POINTS;
  g->edges = hg->edges;
  g->num_edges = hg->board.edge_count;
  g->width = 4;
  g->height = 4;
  g->limit[AG_LIMIT_LEGAL_MOVES] = MAX_MOVES;
  g->limit[AG_LIMIT_CHANCE_OUTCOMES] = 0;
  g->limit[AG_LIMIT_PLIES] = hg->max_plies;
  g->limit[AG_LIMIT_POSITION_TEXT] = 64;
  g->limit[AG_LIMIT_MOVE_TEXT] = 8;
  g->limit[AG_LIMIT_RENDER_TEXT] = 1024;
  return AG_OK;
}

static void hare_initial(const ag_game *g, void *pos)
{
  const hare_game *hg = GAME(g);
  hare_pos *p = pos;
  memset(p, 0, sizeof *p);
  p->hunters = hg->start_hunters;
  p->hare = 12;
  p->to_move = (uint8_t)(hg->first ? HARE : HUNTERS);
  p->hash = compute_hash(hg, p);
  settle(hg, p, 1, 0);
}

static int hare_current_player(const ag_game *g, const void *pos)
{
  const hare_pos *p = pos;
  (void)g;
  return p->result ? AG_PLAYER_TERMINAL : p->to_move;
}

static size_t hare_legal(const ag_game *g, const void *pos, int player, ag_move *out)
{
  const hare_pos *p = pos;
  if (p->result || player != p->to_move) return 0;
#ifdef HARE_HAVE_AVX512_LIST
  if (GAME(g)->list_build == AG__HARE_LIST_AVX512) return generate_avx512(GAME(g), p, out);
#endif
  return generate(GAME(g), p, out);
}

static int hare_outcome(const ag_game *g, const void *pos, int *winner, int *reason)
{
  const hare_pos *p = pos;
  (void)g;
  *reason = p->reason;
  *winner = p->result == RESULT_HUNTERS ? HUNTERS : p->result == RESULT_HARE ? HARE : AG_PLAYER_NONE;
  return p->result == RESULT_NONE ? AG_OUTCOME_ONGOING
         : p->result == RESULT_DRAW ? AG_OUTCOME_DRAW : AG_OUTCOME_WIN;
}

static uint64_t hare_hash(const ag_game *g, const void *pos)
{
  (void)g;
  return ((const hare_pos *)pos)->hash;
}

static int hare_piece(const ag_game *g, const void *pos, int node, int index, int *owner,
                      int *kind, int *count)
{
  const hare_pos *p = pos;
  (void)g;
  if (index > 0) return 0;
  if (node == p->hare) *owner = HARE, *kind = AG_PIECE_HARE;
  else if (p->hunters >> node & 1) *owner = HUNTERS, *kind = AG_PIECE_HUNTER;
  else return 0;
  *count = 1;
  return 1;
}

/* Counters: AG_INFO_COUNTER = plies played, AG_INFO_CHAIN, AG_INFO_CAPTURED[1]
 * = hunters taken by the hare, AG_INFO_RESERVE is not used by this game. */
static int hare_info(const ag_game *g, const void *pos, int key, int index, int *value)
{
  const hare_pos *p = pos;
  const hare_game *hg = GAME(g);
  switch (key) {
  case AG_INFO_COUNTER: *value = (int)p->ply; return AG_OK;
  case AG_INFO_CHAIN: *value = p->chain; return AG_OK;
  case AG_INFO_CAPTURED:
    if (index < 0 || index > 1) return ag__fail(AG_EINVAL, "hare: player %d out of range", index);
    *value = index == HARE ? ag__popcount32(hg->start_hunters) - ag__popcount32(p->hunters) : 0;
    return AG_OK;
  default:
    return ag__fail(AG_ENOTFOUND, "hare: no counter %d", key);
  }
}

/* Position text: rows 5..1 of '.', 'X' (hunter), 'O' (hare) separated by
 * '/', then the side to move (X or O), the chain mark (- or *), the ply
 * count, and " rep" when the game ended by repetition. */
static void hare_write(const ag_game *g, const void *pos, ag__buf *b)
{
  const hare_pos *p = pos;
  int row, col;
  (void)g;
  for (row = 4; row >= 0; row--) {
    for (col = 0; col < 5; col++) {
      int i = row * 5 + col;
      ag__putc(b, i == p->hare ? 'O' : (p->hunters >> i & 1) ? 'X' : '.');
    }
    if (row) ag__putc(b, '/');
  }
  ag__printf(b, " %c %c %u", p->to_move == HARE ? 'O' : 'X', p->chain ? '*' : '-', p->ply);
  if (p->reason == AG_END_REPETITION) ag__puts(b, " rep");
}

/* Checks what the board text cannot say by itself: counts, chain sanity, clocks. */
static int validate(const hare_game *hg, const hare_pos *p, int hares, size_t at)
{
  if (hares != 1) return ag__fail(AG_EPARSE, "hare position: %d hares on the board (byte %zu)", hares, at);
  if (ag__popcount32(p->hunters) > ag__popcount32(hg->start_hunters))
    return ag__fail(AG_EPARSE, "hare position: %d hunters, this game has %d (byte %zu)",
                    ag__popcount32(p->hunters), ag__popcount32(hg->start_hunters), at);
  if (p->chain && (!hg->chain || p->to_move != HARE || !hare_can_jump(hg, p->hare, p->hunters)))
    return ag__fail(AG_EPARSE, "hare position: a chain needs chain=1, the hare to move and a jump (byte %zu)", at);
  if (hg->max_plies && p->ply > hg->max_plies)
    return ag__fail(AG_EPARSE, "hare position: ply %u is past max_plies=%u (byte %zu)",
                    p->ply, hg->max_plies, at);
  return AG_OK;
}

static int hare_read(const ag_game *g, void *pos, const char *text)
{
  const hare_game *hg = GAME(g);
  hare_pos *p = pos;
  ag__scan sc = {text, 0};
  int row, col, hares = 0, rc;
  long ply;
  memset(p, 0, sizeof *p);
  for (row = 4; row >= 0; row--) {
    for (col = 0; col < 5; col++, sc.i++) {
      char c = text[sc.i];
      if (c == 'O') p->hare = (uint8_t)(row * 5 + col), hares++;
      else if (c == 'X') p->hunters |= 1u << (row * 5 + col);
      else if (c != '.') return ag__fail(AG_EPARSE, "hare position: '.', 'X' or 'O' expected at byte %zu", sc.i);
    }
    if (row && text[sc.i++] != '/') return ag__fail(AG_EPARSE, "hare position: '/' expected at byte %zu", sc.i - 1);
  }
  if (!ag__scan_lit(&sc, " X") && !ag__scan_lit(&sc, " O"))
    return ag__fail(AG_EPARSE, "hare position: ' X' or ' O' (side to move) expected at byte %zu", sc.i);
  p->to_move = text[sc.i - 1] == 'O' ? HARE : HUNTERS;
  if (ag__scan_lit(&sc, " *")) p->chain = 1;
  else if (!ag__scan_lit(&sc, " -"))
    return ag__fail(AG_EPARSE, "hare position: ' -' or ' *' (chain) expected at byte %zu", sc.i);
  if (!ag__scan_lit(&sc, " ") || !ag__scan_int(&sc, 0, HARE_PLY_MAX, &ply))
    return ag__fail(AG_EPARSE, "hare position: ply count expected at byte %zu", sc.i);
  p->ply = (uint32_t)ply;
  if ((rc = validate(hg, p, hares, sc.i)) < 0) return rc;
  p->hash = compute_hash(hg, p);
  if (ag__popcount32(p->hunters) <= WIN_THRESHOLD) {  /* captured down to 9 already */
    p->result = RESULT_HARE;
    p->reason = AG_END_CAPTURES;
  }
  settle(hg, p, !p->chain, 0);
  if (ag__scan_lit(&sc, " rep")) {
    /* Repetition ranks above the ply cap (rules header, item 5): a game drawn
     * by repetition on the ply that reaches max_plies says "rep". */
    if ((p->result && p->reason != AG_END_PLY_LIMIT) || p->chain || !hg->repetition)
      return ag__fail(AG_EPARSE, "hare position: 'rep' does not fit this position at byte %zu", sc.i - 4);
    p->result = RESULT_DRAW;
    p->reason = AG_END_REPETITION;
  }
  if (text[sc.i] != '\0')
    return ag__fail(AG_EPARSE, "hare position: unexpected '%c' at byte %zu", text[sc.i], sc.i);
  return AG_OK;
}

/* The aux value (direction 1..8) of a step from -> to, or 0 when the two
 * points are not adjacent. */
static int step_direction(const hare_game *hg, int from, int to)
{
  return AG__MOVE_AUX(hg->step_move[from][to]);
}

/* Whether (from, over, to) is one of the board's jumps. */
static int is_jump(const hare_board *b, int from, int over, int to)
{
  int k;
  for (k = 0; k < b->jump_count[from]; k++)
    if (b->jump_over[from][k] == over && b->jump_land[from][k] == to) return 1;
  return 0;
}

static int hare_move_info(const ag_game *g, ag_move m, int *kind, int *from, int *to)
{
  const hare_board *b = &GAME(g)->board;
  int k = AG__MOVE_KIND(m), f = AG__MOVE_FROM(m), t = AG__MOVE_TO(m), aux = AG__MOVE_AUX(m);
  if (m == PASS_MOVE) {
    *kind = AG_MOVE_PASS, *from = -1, *to = -1;
    return AG_OK;
  }
  if (f >= HARE_POINTS || t >= HARE_POINTS) return AG_EINVAL;
  if (k == AG_MOVE_STEP && aux != 0 && aux == step_direction(GAME(g), f, t)) {}
  else if (k == AG_MOVE_JUMP && aux < HARE_POINTS && is_jump(b, f, aux, t)) {}
  else return AG_EINVAL;
  *kind = k, *from = f, *to = t;
  return AG_OK;
}

static int hare_move_write(const ag_game *g, ag_move m, ag__buf *b)
{
  int kind, from, to;
  if (hare_move_info(g, m, &kind, &from, &to) != AG_OK) return AG_EINVAL;
  if (kind == AG_MOVE_PASS) ag__puts(b, "pass");
  else ag__printf(b, "%s%c%s", point_names[from], kind == AG_MOVE_JUMP ? 'x' : '-', point_names[to]);
  return AG_OK;
}

/* Reads a point name such as "c3" (either case) at s; -1 if none. */
static int read_point(const char *s)
{
  int col = s[0] | 0x20, row = s[1] - '1';
  if (col < 'a' || col > 'e' || row < 0 || row > 4) return -1;
  return row * 5 + (col - 'a');
}

static int hare_move_read(const ag_game *g, const char *text, ag_move *out)
{
  const hare_board *b = &GAME(g)->board;
  int from, to, over;
  char sep;
  if (strcmp(text, "pass") == 0) {
    *out = PASS_MOVE;
    return AG_OK;
  }
  if (strlen(text) != 5 || (from = read_point(text)) < 0 || (to = read_point(text + 3)) < 0 ||
      ((sep = text[2]) != '-' && sep != 'x'))
    return ag__fail(AG_EPARSE, "hare move '%.16s': expected like c3-d4, c3xe5 or pass", text);
  if (sep == '-') {
    int d = step_direction(GAME(g), from, to);
    if (!d)
      return ag__fail(AG_EPARSE, "hare move '%s': %s and %s are not adjacent", text,
                      point_names[from], point_names[to]);
    *out = AG__MOVE(AG_MOVE_STEP, d, to, from);
    return AG_OK;
  }
  over = (from + to) / 2;
  if ((from + to) % 2 || !is_jump(b, from, over, to))
    return ag__fail(AG_EPARSE, "hare move '%s': no jump from %s to %s on this board", text,
                    point_names[from], point_names[to]);
  *out = AG__MOVE(AG_MOVE_JUMP, over, to, from);
  return AG_OK;
}

/* The board with its lines, then who is to move and the score. */
static void hare_render(const ag_game *g, const void *pos, ag__buf *b)
{
  const hare_game *hg = GAME(g);
  const hare_pos *p = pos;
  int row, col, w, r;
  for (row = 4; row >= 0; row--) {
    ag__printf(b, "%d  ", row + 1);
    for (col = 0; col < 5; col++) {
      int i = row * 5 + col;
      ag__putc(b, i == p->hare ? 'O' : (p->hunters >> i & 1) ? 'X' : '.');
      if (col < 4) ag__puts(b, " - ");
    }
    ag__putc(b, '\n');
    if (row) {
      ag__puts(b, "   ");
      for (col = 0; col < 4; col++) ag__puts(b, (col + row - 1) % 2 ? "| \\ " : "| / ");
      ag__puts(b, "|\n");
    }
  }
  ag__puts(b, "   a   b   c   d   e\n");
  ag__printf(b, "hunters: %d of %d   ply %u   ", ag__popcount32(p->hunters),
             ag__popcount32(hg->start_hunters), p->ply);
  switch (hare_outcome(g, pos, &w, &r)) {
  case AG_OUTCOME_WIN: ag__printf(b, "%s win\n", w == HARE ? "hare" : "hunters"); break;
  case AG_OUTCOME_DRAW: ag__puts(b, "draw\n"); break;
  default: ag__printf(b, "%s to move%s\n", p->to_move == HARE ? "hare" : "hunters",
                      p->chain ? " (jump again or pass)" : "");
  }
}

/* ------------------------------------------------------ learning tensors */

/* Every move hare_move_info accepts: pass, then each step and jump between
 * points, with the only aux each can have (tensor.c sorts them). */
static size_t hare_all_moves(const ag_game *g, ag_move *out)
{
  size_t n = 0;
  int from, to, kind, f, t;
  out[n++] = PASS_MOVE;
  for (from = 0; from < HARE_POINTS; from++)
    for (to = 0; to < HARE_POINTS; to++) {
      ag_move step = AG__MOVE(AG_MOVE_STEP, step_direction(GAME(g), from, to), to, from);
      ag_move jump = AG__MOVE(AG_MOVE_JUMP, (from + to) / 2, to, from);
      if (hare_move_info(g, step, &kind, &f, &t) == AG_OK) out[n++] = step;
      if (hare_move_info(g, jump, &kind, &f, &t) == AG_OK) out[n++] = jump;
    }
  return n;
}

static const int hare_piece_kinds[] = {AG_PIECE_HUNTER, AG_PIECE_HARE};
static const ag__obs_counter hare_counters[] = {
  {AG_INFO_CAPTURED, 1, "info:captured/1"},
  {AG_INFO_CHAIN, 0, "info:chain"},
  {AG_INFO_COUNTER, 0, "info:counter"},
};

const ag__vt ag__hare_vt = {
  .name = "hare",
  .flags = AG_GAME_ASYMMETRIC | AG_GAME_ZERO_SUM,
  .options = hare_options,
  .num_options = (int)(sizeof hare_options / sizeof hare_options[0]),
  .player_names = {"hunters", "hare"},
  .game_size = sizeof(hare_game),
  .pos_size = sizeof(hare_pos),
  .setup = hare_setup,
  .initial = hare_initial,
  .current_player = hare_current_player,
  .legal = hare_legal,
  .apply = hare_apply,
  .outcome = hare_outcome,
  .hash = hare_hash,
  .piece = hare_piece,
  .info = hare_info,
  .write = hare_write,
  .read = hare_read,
  .move_write = hare_move_write,
  .move_read = hare_move_read,
  .move_info = hare_move_info,
  .render = hare_render,
  .playout = hare_playout,
  .is_legal = hare_is_legal,
  .all_moves = hare_all_moves,
  .piece_kinds = hare_piece_kinds,
  .num_piece_kinds = (int)(sizeof hare_piece_kinds / sizeof hare_piece_kinds[0]),
  .counters = hare_counters,
  .num_counters = (int)(sizeof hare_counters / sizeof hare_counters[0]),
  .playouts = hare_playouts,
  .apply_legal = hare_apply_legal,
};
