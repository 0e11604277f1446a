/* SPDX-License-Identifier: MIT */
/*
 * game.h -- the game contract: the one page a game's author reads; never
 * installed.
 *
 * A game is one file, lib/games/NAME.c (plus its board tables), that fills
 * one `const ag__vt ag__NAME_vt' with designated initializers (see
 * lib/games/liubo_sticks.c) and uses nothing of the library but this
 * header: the core (api.c and friends) owns argument checks, the undo
 * history, the buffer protocol and error messages; the game owns only its
 * rules.  It works on a fixed-size, pointer-free position struct ("pos")
 * that the core stores inline in the state and snapshots into the history
 * before every ply, so undo is a copy and games never write undo code.
 *
 * What a game provides: the members of ag__vt below (a NULL optional member
 * means the core's general path).  What a game may call: the text writer
 * (ag__buf), the scanners (ag__scan), ag__fail and ag__player_word, the
 * random draws and ag__zobrist_fill, all below.  What it must not do:
 * allocate in legal/apply/playout, keep global mutable state, or read
 * anything of the state beyond `pos' and `past'.  (Hooks that give a
 * game's own search or a test its position from an ag_state need
 * ag_internal.h, as liubo_sticks' do.)  Registering it, its tests and its
 * documentation: HACKING, "Adding a game".
 */
#ifndef AG_GAME_H
#define AG_GAME_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
/* Before the header: its AG_API exports (DLL) or means nothing (static). */
#define AG__BUILDING_LIBRARY 1
#include "ancientgames.h"

/* printf-like functions are checked as C99's printf (%zu, %llu): on Windows
 * the build uses mingw-w64's C99 printf (__USE_MINGW_ANSI_STDIO, see
 * configure.ac), whose format family is gnu_printf, not msvcrt's. */
#if defined(__MINGW32__)
#define AG__PRINTF gnu_printf
#else
#define AG__PRINTF printf
#endif

/* Bounds shared by the core and every game. */
#define AG__MAX_MOVES    512   /* most legal moves or choices in any state of any game */
#define AG__MAX_OPTIONS  12
#define AG__SPEC_MAX     256

/* Move layout common to all games: kind << 24 | aux << 16 | to << 8 | from. */
#define AG__MOVE(kind, aux, to, from) \
  ((ag_move)(((uint32_t)(kind) << 24) | ((uint32_t)(aux) << 16) | \
             ((uint32_t)(to) << 8) | (uint32_t)(from)))
#define AG__MOVE_KIND(m) ((int)(((m) >> 24) & 0xffu))
#define AG__MOVE_AUX(m)  ((int)(((m) >> 16) & 0xffu))
#define AG__MOVE_TO(m)   ((int)(((m) >> 8) & 0xffu))
#define AG__MOVE_FROM(m) ((int)((m) & 0xffu))

/* An option of a game's spec.  With words == NULL the value is an integer in
 * [min, max]; otherwise it is one of the NULL-terminated bare words and the
 * stored value is the word's index.  def is the default value (or index). */
typedef struct ag__optdef {
  const char *name;
  int def, min, max;
  const char *const *words;
} ag__optdef;

typedef struct ag__node { const char *name; int x, y, kind; } ag__node;
typedef struct ag__edge { int a, b, kind; } ag__edge;
/* Whose pieces a reserve or prison holds (a prison: the owner's pieces taken by
 * the other side), for the drawing's data-owner (svg.c), so that a client
 * labels the box without reading its name; a box not listed is nobody's. */
typedef struct ag__box { int node, owner; } ag__box;
/* A mark of the board (ag_game_mark()): AG_MARK_* kind, AG_SHAPE_* shape, the
 * node it belongs to or -1, and the coordinates as ag_mark documents them. */
typedef struct ag__mark {
  int kind, shape, node;
  double x0, y0, x1, y1, r;
  const double *points;
  int num_points;
  const char *text;
} ag__mark;

/* Bounded text writer: len counts every byte asked for, even past cap, so one
 * pass both writes and measures (the AG_EBUFS protocol). */
typedef struct ag__buf { char *p; size_t cap, len; } ag__buf;
void ag__putc(ag__buf *b, char c);
void ag__puts(ag__buf *b, const char *s);
void ag__buf_end(ag__buf *b);   /* NUL-terminates what fit (cap > 0) */
void ag__printf(ag__buf *b, const char *fmt, ...)
#if defined(__GNUC__)
  __attribute__((format(AG__PRINTF, 2, 3)))
#endif
  ;

/* Earlier positions of the game being played, for rules that look back
 * (repetition).  Entry count - 1 (at base + (count - 1) * stride + offset) is
 * the newest snapshot: during apply, the position the move is being applied
 * to; during a playout, the one before the playout's start. */
typedef struct ag__past {
  const unsigned char *base;  /* first history entry */
  size_t stride, offset;      /* entry size; offset of the position in an entry */
  size_t count;               /* number of earlier positions */
} ag__past;

/* A counter that the observation tensor shows as a constant plane (tensor.c):
 * ag_state_info(key, index), named e.g. "info:score/0". */
typedef struct ag__obs_counter { int key, index; const char *name; } ag__obs_counter;

#define AG__MAX_ACTIONS 8192   /* most moves ag_move_info accepts in any game */

typedef struct ag__vt {
  const char *name;                 /* "hare" */
  unsigned flags;                   /* AG_GAME_* */
  const ag__optdef *options;        /* in canonical order */
  int num_options;
  const char *player_names[2];
  size_t game_size;                 /* bytes of private game data (tables, keys) */
  size_t pos_size;                  /* bytes of the position struct */

  /* Validates option combinations, fills geometry, limits and private data.
   * On failure returns ag__fail(AG_EPARSE or AG_EINVAL, message). */
  int (*setup)(ag_game *g);
  void (*initial)(const ag_game *g, void *pos);
  int (*current_player)(const ag_game *g, const void *pos);
  /* Moves of `player` in ascending order; none for a player who does not act
   * now (the core relies on this: it does not ask current_player first).  out
   * has room for limit[AG_LIMIT_LEGAL_MOVES] moves; entries past the count
   * may be overwritten within that room, as ag_state_legal_moves() allows. */
  size_t (*legal)(const ag_game *g, const void *pos, int player, ag_move *out);
  /* Chance outcomes ascending with weights, at least one; called only at a
   * chance node; NULL for games without chance. */
  size_t (*chance)(const ag_game *g, const void *pos, ag_move *out, uint32_t *w,
                   uint32_t *total);
  /* Applies n pre-validated moves (n == 2 at a simultaneous node, else 1). */
  void (*apply)(const ag_game *g, void *pos, const ag_move *m, size_t n,
                const ag__past *past);
  int (*outcome)(const ag_game *g, const void *pos, int *winner, int *reason);
  uint64_t (*hash)(const ag_game *g, const void *pos);
  int (*piece)(const ag_game *g, const void *pos, int node, int index,
               int *owner, int *kind, int *count);
  int (*info)(const ag_game *g, const void *pos, int key, int index, int *value);
  void (*write)(const ag_game *g, const void *pos, ag__buf *b);
  /* Parses position text into pos; on failure ag__fail(AG_EPARSE, "... at byte N"). */
  int (*read)(const ag_game *g, void *pos, const char *text);
  /* AG_OK, or AG_EINVAL when m is not a move of this game. */
  int (*move_write)(const ag_game *g, ag_move m, ag__buf *b);
  int (*move_read)(const ag_game *g, const char *text, ag_move *m);
  int (*move_info)(const ag_game *g, ag_move m, int *kind, int *from, int *to);
  void (*render)(const ag_game *g, const void *pos, ag__buf *b);
  /* Reference random playout on a private copy (see ag_state_playout()). */
  int (*playout)(const ag_game *g, const void *pos, const ag__past *past,
                 uint64_t *rng, size_t max_plies, size_t *plies, int *winner,
                 int *reason);
  /* Optional (NULL: the core lists the moves and scans them): 1 when m is
   * one of legal(player) -- or of the chance outcomes for AG_PLAYER_CHANCE --
   * else 0, for ANY 32-bit m, exactly as listing and scanning would say, but
   * without building the list.  It is what makes the checked apply cheap. */
  int (*is_legal)(const ag_game *g, const void *pos, int player, ag_move m);

  /* Learning tensors (tensor.c). */
  /* Writes every move that move_info accepts, in any order; returns how many
   * (at most AG__MAX_ACTIONS).  Called once, by ag_game_new. */
  size_t (*all_moves)(const ag_game *g, ag_move *out);
  const int *piece_kinds;            /* AG_PIECE_* kinds that stand on nodes */
  int num_piece_kinds;
  const ag__obs_counter *counters;   /* counters shown as planes */
  int num_counters;
  /* The game's own planes, for what pieces and counters leave unsaid: their
   * names, and a writer of their values (plane k at values[k * nodes + node],
   * zeroed before the call). */
  const char *const *extra_planes;
  int num_extra_planes;
  void (*observe_extra)(const ag_game *g, const void *pos, float *values, size_t nodes);
  /* Optional (NULL: ag_state_playouts calls playout() n times): n playouts
   * from pos, the i-th exactly as playout() from RNG state rngs[i], their
   * results added to *sum; AG_OK, or a negative error (then *sum is
   * meaningless).  Lets a game interleave several playouts. */
  int (*playouts)(const ag_game *g, const void *pos, const ag__past *past,
                  const uint64_t *rngs, size_t n, size_t max_plies, ag_playout_totals *sum);
  /* Optional (NULL: ag_state_apply asks current_player, then is_legal, then
   * applies): the checked apply of the per-ply loop in one call.  When m is
   * legal for the player to move (a game that is over, or a chance or
   * simultaneous node, has none), applies it exactly as apply(pos, &m, 1,
   * past) and returns 1; else returns 0 with pos untouched, and the core's
   * general path names the error.  past already ends with the position
   * before the ply, as for apply. */
  int (*apply_legal)(const ag_game *g, void *pos, ag_move m, const ag__past *past);
} ag__vt;

struct ag_game {
  const ag__vt *vt;
  char spec[AG__SPEC_MAX];
  int opt[AG__MAX_OPTIONS];         /* option values in the vt->options order */
  const ag__node *nodes;
  int num_nodes;
  const ag__edge *edges;
  int num_edges;
  const ag__mark *marks;            /* set by setup like nodes and edges; may stay NULL */
  int num_marks;
  const ag__box *boxes;             /* set by setup; NULL when no box has an owner */
  int num_boxes;
  int width, height;
  size_t limit[AG_LIMIT_RENDER_TEXT + 1]; /* indexed by ag_limit (the last selector) */
  ag_move *actions;                 /* every move of the game, ascending (tensor.c) */
  size_t num_actions;
  unsigned long live_states;        /* states not yet freed (atomic); checked by ag_game_free */
  void *data;                       /* vt->game_size bytes, max-aligned, zeroed */
  int cpu_generic;                  /* AG_CPU=generic at ag_game_new: plain paths only */
};

/* Errors: sets this thread's message and returns code. */
/* A player's name for messages a person may see: the game's word ("hunters",
 * "hare", "white", "black"), "the throw" for the chance player, else "nobody". */
const char *ag__player_word(const ag_game *g, int player);
int ag__fail(int code, const char *fmt, ...)
#if defined(__GNUC__)
  __attribute__((format(AG__PRINTF, 2, 3)))
#endif
  ;

/* Zobrist keys: n keys from SplitMix64 seeded by a constant derived from name. */
void ag__zobrist_fill(uint64_t *keys, size_t n, const char *name);

/* The same draws as ag_rng_next() and ag_rng_below(), inlined for playouts. */
static inline uint64_t ag__rng_next(uint64_t *state)
{
  uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
  z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
  return z ^ (z >> 31);
}

/* r mod d for 2 <= d <= AG__FASTMOD_MAX without a division, whose latency
 * dominated the per-ply loops: r is first reduced to x = r mod lcm(1..40) <
 * 2^53 (a constant modulus: multiplications), then x mod d is taken with
 * ag__mod_magic[d] = ceil(2^64 / d) (Lemire, Kaser, Kurz, "Faster remainder
 * by direct computation", 2019: exact when 64 >= bits(x) + bits(d)). */
#define AG__FASTMOD_MAX 40
#define AG__LCM_1_TO_40 UINT64_C(5342931457063200)
extern const uint64_t ag__mod_magic[AG__FASTMOD_MAX + 1];  /* util.c */

static inline uint64_t ag__rng_below(uint64_t *state, uint64_t bound)
{
  uint64_t r;
  if (bound <= 1) return 0;
  /* 2^64 mod bound < bound: a draw r >= bound is always accepted. */
  do r = ag__rng_next(state);
  while (r < bound && r < (0 - bound) % bound);
#ifdef __SIZEOF_INT128__
  if (bound <= AG__FASTMOD_MAX) {
    __extension__ typedef unsigned __int128 ag__u128;
    return (uint64_t)(((ag__u128)(ag__mod_magic[bound] * (r % AG__LCM_1_TO_40)) * bound) >> 64);
  }
#endif
  return r % bound;
}

/* Weighted pick used by ag_state_sample_chance() and every playout. */
size_t ag__pick_weighted(uint64_t *rng, const uint32_t *w, size_t n, uint32_t total);

/* Bounded text parsing helpers for the games' read functions. */
typedef struct ag__scan { const char *s; size_t i; } ag__scan;
int ag__scan_int(ag__scan *sc, long lo, long hi, long *out);   /* 1 ok, 0 no */
/* Like ag__scan_int, canonical only: "0" or no leading zero ("07" fails). */
int ag__scan_num(ag__scan *sc, long lo, long hi, long *out);   /* 1 ok, 0 no */
int ag__scan_lit(ag__scan *sc, const char *lit);                /* 1 ok, 0 no */

#endif /* AG_GAME_H */
