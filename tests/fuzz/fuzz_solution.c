/* SPDX-License-Identifier: MIT */
/*
 * fuzz_solution.c -- solution files.  Input: byte 0 holds flags, the rest is
 * the file.  With flag bit 0 the target appends the file's correct checksum,
 * so that the fuzzer gets past it and reaches the tables themselves (the
 * seeds, tests/fuzz/corpus/solution/, are small reduced-variant solutions
 * written through the internal test hook, see gen_solution_seeds.c).  With
 * flag bit 1 the file is read by ag_solution_load() itself, which refuses
 * every reduced variant; else by the internal hook ag__hare_solution_load()
 * that reads them too (the same reader past the variant check), so this
 * target links the library's objects.
 * ag_solution_load() either fails with a documented code, a message and no
 * solution, or gives one that saves back to the same bytes and answers
 * every query (stats, lookups, probes) without harm.
 */
#define _POSIX_C_SOURCE 200809L
#include <unistd.h>
#include "fuzz.h"
#include "ai/hare_solver.h"

/* A new temporary file holding n bytes of p (its name in name). */
static void write_temp(char *name, size_t cap, const uint8_t *p, size_t n, const uint8_t *tail)
{
  const char *dir = getenv("TMPDIR");
  FILE *f;
  int fd;
  snprintf(name, cap, "%s/ag-fuzz-solution-XXXXXX", dir && *dir ? dir : "/tmp");
  fd = mkstemp(name);
  FUZZ_CHECK(fd >= 0, "mkstemp %s", name);
  f = fdopen(fd, "wb");
  FUZZ_CHECK(f != NULL, "fdopen");
  FUZZ_CHECK(fwrite(p, 1, n, f) == n, "write");
  if (tail) FUZZ_CHECK(fwrite(tail, 1, 8, f) == 8, "write");
  FUZZ_CHECK(fclose(f) == 0, "close");
}

/* Whether the file `name` holds exactly n bytes of p then tail (if any). */
static int same_file(const char *name, const uint8_t *p, size_t n, const uint8_t *tail)
{
  FILE *f = fopen(name, "rb");
  uint8_t buf[4096];
  size_t done = 0, got;
  int same = 1;
  FUZZ_CHECK(f != NULL, "reopen %s", name);
  while (same && (got = fread(buf, 1, sizeof buf, f)) > 0) {
    size_t i;
    for (i = 0; i < got && same; i++, done++) {
      uint8_t want = done < n ? p[done] : tail && done < n + 8 ? tail[done - n] : 0;
      same = done < n + (tail ? 8 : 0) && buf[i] == want;
    }
  }
  fclose(f);
  return same && done == n + (tail ? 8 : 0);
}

static void query(const ag_solution *sol, const uint8_t *data, size_t size)
{
  uint64_t w, l, d, seed = ag__hare_solution_checksum(0, data, size);
  int chain = -1, hunters = -1, k, player, v, dist, i;
  ag_game *g = NULL;
  ag_state *st = NULL;
  ag_move m;
  FUZZ_CHECK(ag_solution_variant(sol, &chain, &hunters) == AG_OK, "variant");
  FUZZ_CHECK((chain == 0 || chain == 1) && hunters >= 1 && hunters <= 24, "variant %d %d",
             chain, hunters);
  for (k = 0; k <= 25; k++)
    for (player = 0; player < 2; player++) {
      int lw, ll, rc = ag_solution_stats(sol, k, player, &w, &l, &d, &lw, &ll);
      FUZZ_CHECK(rc == AG_OK || rc == AG_ENOTFOUND, "stats gave %d", rc);
      if (rc == AG_OK) FUZZ_CHECK(lw >= 0 && ll >= 0, "negative distance");
    }
  for (i = 0; i < 64; i++) {
    int hare = (int)ag_rng_below(&seed, 25), rc;
    uint32_t mask = (uint32_t)ag_rng_next(&seed) & 0x1FFFFFFu & ~(1u << hare);
    if (i & 1) mask &= (uint32_t)ag_rng_next(&seed);
    rc = ag_solution_lookup(sol, hare, mask, i >> 1 & 1, &v, &dist);
    FUZZ_CHECK(rc == AG_OK || rc == AG_ENOTFOUND, "lookup gave %d", rc);
    if (rc == AG_OK) FUZZ_CHECK(v >= -1 && v <= 1 && dist >= 0, "value %d distance %d", v, dist);
  }
  /* A real game: answered (a full solution) or refused as another variant. */
  FUZZ_CHECK(ag_game_new(chain ? "hare(hunters=10)" : "hare(hunters=10,chain=0)", &g) == AG_OK, "game");
  FUZZ_CHECK(ag_state_new(g, &st) == AG_OK, "state");
  for (i = 0; i < 4 && !ag_state_is_terminal(st); i++) {
    int rc = ag_solution_probe(sol, st, &v, &dist);
    FUZZ_CHECK(rc == AG_OK || rc == AG_EMISMATCH || rc == AG_ENOTFOUND, "probe gave %d", rc);
    rc = ag_ai_choose_solved(st, sol, &seed, &m);
    FUZZ_CHECK(rc == AG_OK || rc == AG_EMISMATCH || rc == AG_ENOTFOUND, "choose_solved gave %d", rc);
    if (rc == AG_OK) FUZZ_CHECK(ag_state_apply(st, m) == AG_OK, "the perfect move is illegal");
    else fuzz_advance(st, &seed, 1);
  }
  ag_state_free(st);
  ag_game_free(g);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  char name[4096], copy[4200];
  uint8_t tail[8];
  ag_solution *sol = (ag_solution *)&name;
  int rc, i;
  if (size < 1) return 0;
  if (data[0] & 1) {
    uint64_t h = ag__hare_solution_checksum(0, data + 1, size - 1);
    for (i = 0; i < 8; i++) tail[i] = (uint8_t)(h >> (8 * i));
  }
  write_temp(name, sizeof name, data + 1, size - 1, data[0] & 1 ? tail : NULL);
  rc = data[0] & 2 ? ag_solution_load(name, &sol) : ag__hare_solution_load(name, 1, &sol);
  if (rc == AG_OK) {
    FUZZ_CHECK(sol != NULL, "AG_OK without a solution");
    snprintf(copy, sizeof copy, "%s.copy", name);
    FUZZ_CHECK(ag_solution_save(sol, copy) == AG_OK, "save");
    FUZZ_CHECK(same_file(copy, data + 1, size - 1, data[0] & 1 ? tail : NULL),
               "a loaded solution saves to other bytes");
    unlink(copy);
    query(sol, data + 1, size - 1);
    ag_solution_free(sol);
  } else {
    FUZZ_CHECK(rc == AG_EPARSE, "load gave %d", rc);
    FUZZ_CHECK(sol == NULL, "failed load set a solution");
    FUZZ_CHECK(strstr(ag_errmsg(), name) != NULL, "message without the file name: %s", ag_errmsg());
  }
  unlink(name);
  return 0;
}
