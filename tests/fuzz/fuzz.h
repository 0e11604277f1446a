/* SPDX-License-Identifier: MIT */
/*
 * fuzz.h -- what the fuzz targets of tests/fuzz/ share.
 *
 * Each target is one file defining LLVMFuzzerTestOneInput().  It is built
 * twice: with clang -fsanitize=fuzzer,address,undefined by `make fuzz'
 * (tests/fuzz/run-fuzz.sh), and with tests/fuzz/replay.c as a plain main()
 * that replays the committed corpus tests/fuzz/corpus/NAME/ under `make
 * check', so that gcc builds without libFuzzer run the same inputs.
 *
 * A broken invariant calls FUZZ_CHECK's abort(): libFuzzer saves the input
 * as a crash, the replay driver fails its test.  No global mutable state:
 * every input starts from nothing and frees all it made (LeakSanitizer).
 */
#ifndef AG_FUZZ_H
#define AG_FUZZ_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ancientgames.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_CHECK(cond, ...)                                                   \
  do {                                                                          \
    if (!(cond)) {                                                              \
      fprintf(stderr, "%s:%d: invariant failed: %s: ", __FILE__, __LINE__, #cond); \
      fprintf(stderr, __VA_ARGS__);                                             \
      fprintf(stderr, " (last error: %s)\n", ag_errmsg());                     \
      abort();                                                                  \
    }                                                                           \
  } while (0)

/* A NUL-terminated copy of data (the caller frees it). */
static inline char *fuzz_strndup(const uint8_t *data, size_t size)
{
  char *s = malloc(size + 1);
  FUZZ_CHECK(s != NULL, "out of memory");
  if (size) memcpy(s, data, size);
  s[size] = '\0';
  return s;
}

/* The state's record into a new string (the caller frees it). */
static inline char *fuzz_record_of(const ag_state *st)
{
  size_t len = 0;
  char *buf;
  int rc = ag_state_record(st, NULL, 0, &len);
  FUZZ_CHECK(rc == AG_EBUFS || rc == AG_OK, "record size gave %d", rc);
  buf = malloc(len + 1);
  FUZZ_CHECK(buf != NULL, "out of memory");
  FUZZ_CHECK(ag_state_record(st, buf, len + 1, NULL) == AG_OK, "record");
  return buf;
}

/* Reads input bytes one at a time; past the end every read gives 0. */
typedef struct fuzz_in { const uint8_t *p; size_t n, i; } fuzz_in;

static inline unsigned fuzz_byte(fuzz_in *in)
{
  return in->i < in->n ? in->p[in->i++] : 0u;
}

static inline uint32_t fuzz_u32(fuzz_in *in)
{
  uint32_t v = 0;
  int k;
  for (k = 0; k < 4; k++) v = v << 8 | fuzz_byte(in);
  return v;
}

static inline int fuzz_more(const fuzz_in *in) { return in->i < in->n; }

/* The game specs the targets play: every game with its defaults, and a few
 * variants whose rules take other code paths. */
static const char *const fuzz_specs[] = {
  "hare", "hare(chain=0)", "hare(hunters=10,first=hare,repetition=0,max_plies=40)",
  "liubo_sticks",
  "liubo_sticks(first=1,promotion=forced,stone_capture=reserve,owl_capture=removed,loop=pass,"
  "five=immediate,rethrow=bead,max_turns=30)",
  "liubo_fingers", "liubo_fingers(hands=2,scheme=guess,entry=exact,board=48,return=free)",
  "fox_and_hens", "fox_and_hens(hens=17,first=fox,chain=0,threshold=14,repetition=2,max_plies=60)",
};
#define FUZZ_NSPECS (sizeof fuzz_specs / sizeof fuzz_specs[0])

/* The game of fuzz_specs[i % FUZZ_NSPECS], made once and kept for every
 * input (games are immutable; making one costs more than most inputs). */
static inline const ag_game *fuzz_game(size_t i)
{
  static ag_game *games[FUZZ_NSPECS];
  i %= FUZZ_NSPECS;
  if (!games[i]) FUZZ_CHECK(ag_game_new(fuzz_specs[i], &games[i]) == AG_OK, "game %s", fuzz_specs[i]);
  return games[i];
}

/* The game an input plays, by name: an input of the targets that play a game
 * starts with the spec of one of fuzz_specs and a NUL byte
 * ("hare(chain=0)\0..."); *data and *size then skip the name, and the index
 * in fuzz_specs is returned.  So a committed seed keeps its game when a spec
 * is added or the list reordered (HACKING, "Adding a game").  An input that
 * names no spec of the list -- a mutation by libFuzzer, which may break the
 * name -- plays fuzz_specs[first byte % FUZZ_NSPECS], that byte skipped;
 * replaying the committed corpus (FUZZ_NAME defined, replay.c) refuses it,
 * so that no seed depends on the list's length.  -1 for an empty input. */
static inline long fuzz_spec_of(const uint8_t **data, size_t *size)
{
  const uint8_t *nul = memchr(*data, 0, *size < 256 ? *size : 256);
  size_t i, n;
  if (nul) {
    n = (size_t)(nul - *data);
    for (i = 0; i < FUZZ_NSPECS; i++)
      if (strlen(fuzz_specs[i]) == n && memcmp(fuzz_specs[i], *data, n) == 0) {
        *data += n + 1;
        *size -= n + 1;
        return (long)i;
      }
  }
#ifdef FUZZ_NAME
  FUZZ_CHECK(0, "the input names no spec of fuzz_specs (a seed starts with one and a NUL byte)");
#endif
  if (*size == 0) return -1;
  i = (*data)[0] % FUZZ_NSPECS;
  *data += 1;
  *size -= 1;
  return (long)i;
}

/* Whether rc is one of the codes a parser documents for bad text. */
static inline int fuzz_parse_error(int rc)
{
  return rc == AG_EPARSE || rc == AG_ENOTFOUND || rc == AG_EINVAL;
}

/* What a state shows: its position text, hash, ply and history. */
typedef struct fuzz_snap {
  char text[8192];
  uint64_t hash;
  size_t ply, n;
  ag_move hist[8192];
} fuzz_snap;

static inline void fuzz_snap_take(const ag_state *st, fuzz_snap *s)
{
  FUZZ_CHECK(ag_state_to_text(st, s->text, sizeof s->text, NULL) == AG_OK, "to_text");
  s->hash = ag_state_hash(st);
  s->ply = ag_state_ply(st);
  FUZZ_CHECK(ag_state_history(st, s->hist, sizeof s->hist / sizeof s->hist[0], &s->n) == AG_OK,
             "history");
}

/* Aborts unless st still shows exactly what s recorded. */
static inline void fuzz_snap_expect(const ag_state *st, const fuzz_snap *s, const char *what)
{
  static _Thread_local fuzz_snap now;   /* too big for some stacks; one per thread */
  fuzz_snap_take(st, &now);
  FUZZ_CHECK(strcmp(now.text, s->text) == 0, "%s: text '%s' became '%s'", what, s->text, now.text);
  FUZZ_CHECK(now.hash == s->hash, "%s: hash changed", what);
  FUZZ_CHECK(now.ply == s->ply, "%s: ply %zu became %zu", what, s->ply, now.ply);
  FUZZ_CHECK(now.n == s->n && memcmp(now.hist, s->hist, s->n * sizeof s->hist[0]) == 0,
             "%s: history changed", what);
}

/* One random legal move of `player` (who must have one). */
static inline ag_move fuzz_pick(const ag_state *st, int player, uint64_t *rng)
{
  ag_move mv[512];
  size_t n = 0;
  FUZZ_CHECK(ag_state_legal_moves(st, player, mv, 512, &n) == AG_OK, "legal_moves");
  FUZZ_CHECK(n > 0, "player %d acts but has no move", player);
  return mv[ag_rng_below(rng, n)];
}

/* Plays up to `plies` random plies; every call must succeed. */
static inline void fuzz_advance(ag_state *st, uint64_t *rng, int plies)
{
  ag_move m, joint[2];
  int p;
  while (plies-- > 0 && (p = ag_state_current_player(st)) != AG_PLAYER_TERMINAL) {
    if (p == AG_PLAYER_SIMULTANEOUS) {
      joint[0] = fuzz_pick(st, 0, rng);
      joint[1] = fuzz_pick(st, 1, rng);
      FUZZ_CHECK(ag_state_apply_joint(st, joint, 2) == AG_OK, "apply_joint of legal moves");
      continue;
    }
    if (p == AG_PLAYER_CHANCE)
      FUZZ_CHECK(ag_state_sample_chance(st, rng, &m) == AG_OK, "sample_chance");
    else
      m = fuzz_pick(st, p, rng);
    FUZZ_CHECK(ag_state_apply(st, m) == AG_OK, "apply of a legal move");
  }
}

#endif
