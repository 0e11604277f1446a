/* SPDX-License-Identifier: MIT */
/*
 * hare_playout.c -- the hare hunt's random playouts (ag_state_playout and
 * the batch, ag_state_playouts): the moves of hare_moves.c's listing and
 * apply, drawn with the same RNG calls, on scalars, counting moves instead
 * of listing them.  Compiled three ways (plain, popcnt, BMI2); the plain
 * build is what aarch64 and WebAssembly run.  tests/check_hare_builds plays
 * each build against the API loop, tests/check_fast_paths the batch against
 * single playouts.
 */
#include <stdlib.h>
#include <string.h>
#include "hare_game.h"

/* select_in_byte[r][b]: the position of the r-th set bit of byte b (the
 * portable select, select_bit64; 8 where b has no r-th bit).  Constant
 * tables, not game data: they are the same for every game, and kept out of
 * hare_game they cost nothing at ag_game_new.  The entries are computed by
 * the compiler from that definition (SIB below) rather than written out as
 * 2048 numbers: half of them (rank >= the byte's count) are never read, so
 * no test could tell a mistyped one (the mutation campaign of issue 27 drew
 * such entries); check_hare_builds and the perft tests check the rest. */
#define SIB_BIT(b, i) (((b) >> (i)) & 1)
/* The set bits of b below bit i. */
#define SIB_LOW(b, i) ((b) & ((1 << (i)) - 1))
#define SIB_BELOW(b, i) \
  (SIB_BIT(SIB_LOW(b, i), 0) + SIB_BIT(SIB_LOW(b, i), 1) + SIB_BIT(SIB_LOW(b, i), 2) + \
   SIB_BIT(SIB_LOW(b, i), 3) + SIB_BIT(SIB_LOW(b, i), 4) + SIB_BIT(SIB_LOW(b, i), 5) + \
   SIB_BIT(SIB_LOW(b, i), 6))
/* Bit i of b is its r-th set bit. */
#define SIB_AT(b, r, i) (SIB_BIT(b, i) && SIB_BELOW(b, i) == (r))
#define SIB(b, r) \
  (SIB_AT(b, r, 0) ? 0 : SIB_AT(b, r, 1) ? 1 : SIB_AT(b, r, 2) ? 2 : SIB_AT(b, r, 3) ? 3 : \
   SIB_AT(b, r, 4) ? 4 : SIB_AT(b, r, 5) ? 5 : SIB_AT(b, r, 6) ? 6 : SIB_AT(b, r, 7) ? 7 : 8)
#define SIB4(r, b) SIB(b, r), SIB((b) + 1, r), SIB((b) + 2, r), SIB((b) + 3, r)
#define SIB16(r, b) SIB4(r, b), SIB4(r, (b) + 4), SIB4(r, (b) + 8), SIB4(r, (b) + 12)
#define SIB64(r, b) SIB16(r, b), SIB16(r, (b) + 16), SIB16(r, (b) + 32), SIB16(r, (b) + 48)
#define SIB256(r) { SIB64(r, 0), SIB64(r, 64), SIB64(r, 128), SIB64(r, 192) }
static const uint8_t select_in_byte[8][256] = {
  SIB256(0), SIB256(1), SIB256(2), SIB256(3), SIB256(4), SIB256(5), SIB256(6), SIB256(7)
};

/* Twins (the k-th set bit): select_bit (a loop), select_bit64 (broadword),
 * select_bit_bmi2 and select_bit64_bmi2 (pdep).  Kept equal by
 * check_hare_builds (each build against the API loop) and check_fast_paths. */
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

#ifdef HARE_HAVE_BMI2_PATH
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

static int count_repeats(const hare_pos *p, const ag__past *past)
{
  return count_repeats_by(p, past, 0);
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
  at.hunters = hunters, at.hare = (int8_t)hare, at.to_move = (uint8_t)side;
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

/* Twins: the listing and apply of hare_moves.c (generate, play, settle),
 * which this ply plays by counts; tests/check_hare_builds plays every build
 * against the API loop, check_fast_paths the batch against single playouts,
 * and ag-bench -s 0 totals must not change (AG_CPU=generic and not). */
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
int ag__hare_cpu_runs(int build)
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
int ag__hare_best_playout_build(void)
{
#ifdef HARE_HAVE_BMI2_PATH
  int slow_pdep = __builtin_cpu_is("znver1") || __builtin_cpu_is("znver2");
  if (!slow_pdep && ag__hare_cpu_runs(AG__HARE_PLAYOUT_BMI2)) return AG__HARE_PLAYOUT_BMI2;
#endif
  return ag__hare_cpu_runs(AG__HARE_PLAYOUT_POPCNT) ? AG__HARE_PLAYOUT_POPCNT : AG__HARE_PLAYOUT_PLAIN;
}

int ag__hare_playout(const ag_game *g, const void *pos, const ag__past *past,
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
int ag__hare_playouts(const ag_game *g, const void *pos, const ag__past *past,
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

/* select_bit64 for the tests (hare.h): every entry of select_in_byte that
 * is read, and the place of the byte, against a plain loop. */
int ag__hare_select_bit64(uint64_t x, uint64_t k)
{
  return select_bit64(x, byte_counts(x), k);
}
