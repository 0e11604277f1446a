/* SPDX-License-Identifier: MIT */
/*
 * hare_moves.c -- the hare hunt's moves (ancientgames-hare(7), RULES): the
 * legal-move listing (plain, and AVX-512 where the CPU has it), the legality
 * test, apply, and the per-ply loop's checked apply.  The rules' other
 * forms: the playouts (hare_playout.c, on scalars), the search's apply
 * (lib/ai/hare_search.c) and the solver's moves (lib/ai/hare_solver.c); each
 * form's comment names its twins and the tests that keep them equal.
 */
#include <stdlib.h>
#include <string.h>
#include "hare_game.h"


#if defined(__GNUC__) && defined(__x86_64__)
#define HARE_HAVE_AVX512_LIST 1
#include <immintrin.h>
/* Twins: hunter_targets (hare_game.h) with generate()'s pair loop; see there. */
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

/* Twins (the listing): generate here, generate_avx512 above, and the
 * playout's counts (hare_playout.c: the same moves in the same order, drawn
 * by index).  Kept equal by check_hare_builds (test_list_build_lists_as_plain,
 * test_build_plays_the_api_loop), check-hare-perft.sh (reference generator,
 * default and AG_CPU=generic) and check_fast_paths (test_legal_in_place). */
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

/* --------------------------------------------------------------- playing */

/* Twins (a move on the board): play here; the fused step of
 * ag__hare_apply_legal below; the playout's lane_ply (hare_playout.c); the
 * search's hare_pos_after (lib/ai/hare_search.c).  Kept equal by check_hare
 * (test_apply_takes_exactly_the_list), check_fast_paths
 * (test_is_legal_matches_list), check_hare_builds (test_build_plays_the_api_loop)
 * and check-probe.sh. */
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
    p->hare = (int8_t)to;
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

void ag__hare_apply(const ag_game *g, void *pos, const ag_move *m, size_t n,
                       const ag__past *past)
{
  (void)n;
  apply_move(GAME(g), pos, m[0], past);
}

/* Twins (legality): move_is_legal here, the fused test of
 * ag__hare_apply_legal, and membership in generate()'s list.  Kept equal by
 * check_fast_paths (test_is_legal_matches_list) and check_hare
 * (test_apply_takes_exactly_the_list: every value 0-31 of every field). */
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

int ag__hare_is_legal(const ag_game *g, const void *pos, int player, ag_move m)
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
int ag__hare_apply_legal(const ag_game *g, void *pos, ag_move m, const ag__past *past)
{
  const hare_game *hg = GAME(g);
  hare_pos *p = pos;
  uint32_t from = (uint32_t)AG__MOVE_FROM(m), to = (uint32_t)AG__MOVE_TO(m);
  if (AG__MOVE_KIND(m) == AG_MOVE_STEP && !(p->result | p->chain) && from < HARE_POINTS &&
      to < HARE_POINTS) {
    uint32_t hunters = p->hunters, hare = p->hare, side = p->to_move, ply = p->ply, empty;
    uint32_t movers = side == HUNTERS ? hunters : 1u << hare;
    const uint64_t *keys = side == HUNTERS ? hg->key_hunter : hg->key_hare;
    empty = hare_empty(hunters, hare);
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
    p->hare = (int8_t)hare;
    p->to_move = (uint8_t)side;
    /* settle() at a boundary: blocked, repetition, the ply cap.  Nearly
     * always the side to move has a step (the hare to an empty neighbour, a
     * hunter sideways) and the filter rules out a draw; else settle_step. */
    if (!has_common_move(hg, hunters, hare, side, hare_empty(hunters, hare)))
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

/* Whether this CPU can run a listing build, and the best one it runs. */
int ag__hare_cpu_lists(int build)
{
#ifdef HARE_HAVE_AVX512_LIST
  if (build == AG__HARE_LIST_AVX512)
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512vbmi2") && __builtin_cpu_supports("popcnt") &&
           __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2");
#endif
  return build == AG__HARE_LIST_PLAIN;
}

int ag__hare_best_list_build(void)
{
  return ag__hare_cpu_lists(AG__HARE_LIST_AVX512) ? AG__HARE_LIST_AVX512 : AG__HARE_LIST_PLAIN;
}

size_t ag__hare_legal(const ag_game *g, const void *pos, int player, ag_move *out)
{
  const hare_pos *p = pos;
  if (p->result || player != p->to_move) return 0;
#ifdef HARE_HAVE_AVX512_LIST
  if (GAME(g)->list_build == AG__HARE_LIST_AVX512) return generate_avx512(GAME(g), p, out);
#endif
  return generate(GAME(g), p, out);
}

