/* SPDX-License-Identifier: MIT */
/*
 * hare_game.h -- private to the hare hunt's own files (hare.c: rules and
 * text; hare_moves.c: the listing and the checked apply; hare_playout.c: the
 * playouts): the game's tables and the rule helpers they all inline.  The
 * search and the solver see only hare_board.h (the board, the position and
 * the helpers the three of them share).
 *
 * Where a rule has more than one form, the comment above each form names its
 * twins and the tests that keep them equal (grep "twins").
 */
#ifndef HARE_GAME_H
#define HARE_GAME_H

#include <string.h>
#include "ag_internal.h"
#include "bits.h"
#include "hare.h"
#include "hare_board.h"

#define MAX_MOVES 96             /* 12 hunters x 8 neighbours bounds every move list */
/* Move counts seen by a playout's draws: the hunters have at most 38 moves
 * (every placement of 10-12 hunters and the hare, enumerated), the hare at
 * most 8 steps and jumps plus a pass. */
#define DRAW_MAX_BOUND 40
#define PASS_MOVE AG__MOVE(AG_MOVE_PASS, 0, 0, 0)
#define LAND_TABLE_SIZE 512      /* the sum over the points of 2^(jump directions) */

/* spread7[i]: bit b of i at bit 2b (hare_jumps_to).  A static table in
 * each file that uses it (256 bytes), not one extern table: with the extern
 * one the plain playout ran 0.5% more instructions (callgrind). */
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

#define GAME(g) ((const hare_game *)(g)->data)

/* The largest ply count of the position text; the count stops there (a game
 * without a ply cap could otherwise wrap it). */
#define HARE_PLY_MAX 1000000000u

static inline __attribute__((always_inline)) uint32_t empty_points(const hare_pos *p)
{
  return hare_empty(p->hunters, p->hare);
}

/* Twins (the hunters' steps): hunter_targets here (the plain listing, the
 * playouts, can_move_at), hunter_moves_avx512 (hare_moves.c), the solver's
 * hunter_moves and propagate_hare (lib/ai/hare_solver.c).  Kept equal by
 * check_hare_builds (test_list_build_lists_as_plain, test_build_plays_the_api_loop),
 * check-hare-perft.sh (default and AG_CPU=generic, against hare_reference.py),
 * check_solver's every_value_* (a reference solver). */
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

/* Twins (the hare's jumps): hare_landings (by direction: it builds the
 * tables), hare_jumps_to (the plain listing and playout), hare_landings_bmi2
 * (the BMI2 playout, the AVX-512 listing), the search's hare_jumps and the
 * solver's add_captures (lib/ai/).  Kept equal by check_hare_builds,
 * check-hare-perft.sh and check_solver (see hare_jumps_to). */
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
/* Twins: hare_landings and hare_jumps_to above; check_hare_builds runs the
 * BMI2 playout and the AVX-512 listing against the plain ones. */
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
#endif

static inline __attribute__((always_inline)) int hare_can_jump(const hare_game *hg, uint32_t hare,
                                                                uint32_t hunters)
{
  return hare_jumps_to(hg, hare, hunters, ~(hunters | 1u << hare) & ALL_POINTS) != 0;
}

/* Twins (is the side to move blocked?): has_common_move + can_move_at here
 * (settle, the checked apply), the playout's count of 0 moves (lane_ply) and
 * lane_finish's check at a stop.  Kept equal by check_hare_builds
 * (test_build_ranks_ends_as_apply) and check_hare (test_immobilised_hare). */
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
  uint32_t empty = hare_empty(hunters, hare), t[8];
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

/* Twins (the end checks, in this order): settle here; its fused form in
 * ag__hare_apply_legal and settle_step (hare_moves.c); the playout's
 * boundary_stops, lane_ply and lane_finish (hare_playout.c); the fox and
 * the hens' settle (lib/games/fox_and_hens.c).  Kept equal by check_hare
 * (test_end_order_at_the_ply_cap, test_repetition*), check_hare_builds
 * (test_build_ranks_ends_as_apply), check-golden.sh and check-probe.sh, and
 * check_fox_and_hens's same_rules_as_hare. */
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

/* Twins (repetition): the position's counting filter seen[] with an exact
 * scan (count_repeats_by) here; the playout's seen_list (hare_playout.c).
 * Kept equal by check_hare's test_repetition_matches_a_scan and
 * check_hare_builds (test_build_plays_the_api_loop).  (The search's seen
 * table in lib/ai/hare_search.c is its own draw heuristic, not the rule.) */
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

/* ------------------------------------------------ between the game's files */

/* hare_moves.c: the vtable's listing, apply, legality and checked apply, and
 * the listing builds this CPU runs (AG__HARE_LIST_*). */
size_t ag__hare_legal(const ag_game *g, const void *pos, int player, ag_move *out);
void ag__hare_apply(const ag_game *g, void *pos, const ag_move *m, size_t n, const ag__past *past);
int ag__hare_is_legal(const ag_game *g, const void *pos, int player, ag_move m);
int ag__hare_apply_legal(const ag_game *g, void *pos, ag_move m, const ag__past *past);
int ag__hare_cpu_lists(int build);
int ag__hare_best_list_build(void);

/* hare_playout.c: the vtable's playouts, and the playout builds this CPU
 * runs (AG__HARE_PLAYOUT_*). */
int ag__hare_playout(const ag_game *g, const void *pos, const ag__past *past, uint64_t *rng,
                     size_t max_plies, size_t *plies, int *winner, int *reason);
int ag__hare_playouts(const ag_game *g, const void *pos, const ag__past *past,
                      const uint64_t *rngs, size_t n, size_t max_plies, ag_playout_totals *sum);
int ag__hare_cpu_runs(int build);
int ag__hare_best_playout_build(void);

#endif
