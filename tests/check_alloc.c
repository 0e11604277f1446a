/* SPDX-License-Identifier: MIT */
/*
 * check_alloc.c -- every allocation of the library can fail.
 *
 * The library calls malloc, calloc and realloc directly.  This suite links
 * the library's objects (not the shared library) with
 * -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free, so that every
 * allocation the library makes goes through the wrappers below: armed with
 * N, they make the N-th allocation of this thread fail.  Each scenario (every
 * game's ag_game_new, state creation, clone, copy, history growth, set_text,
 * equal, playouts, the players, record write and read, tags, a small solve,
 * solution load, fox_and_hens' long capture-free playouts; a clone with
 * tags, a record refused in a tag value, the fox_and_hens playout's stack of
 * 256 positions) runs
 * its call with N = 1, 2, ... until the call succeeds without reaching the
 * N-th allocation, and checks after every failed call: the documented
 * AG_ENOMEM, a message, no output handle, the state exactly as it was, and
 * no leak (the wrappers count live blocks; the sanitizer build adds
 * LeakSanitizer).  The counter is thread-local and lives in this test only:
 * nothing in the library knows about it.  The realloc wrapper also keeps
 * the size last asked for (and, while `logging', every size): the tag
 * blocks' growth is checked to the byte.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "ancientgames.h"
#include "ai/hare_solver.h"
#include "check_main.h"

/* ------------------------------------------------------------ wrappers */

void *__real_malloc(size_t n);
void *__real_calloc(size_t k, size_t n);
void *__real_realloc(void *p, size_t n);
void __real_free(void *p);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t k, size_t n);
void *__wrap_realloc(void *p, size_t n);
void __wrap_free(void *p);

static _Thread_local long fail_at;    /* 0: never; else the allocation number to fail */
static _Thread_local long count;      /* allocations since arming */
static _Thread_local int tracking;    /* count live blocks (only around library calls:
                                         Check itself may be linked in statically) */
static _Thread_local long live;       /* blocks allocated minus freed while tracking */
static _Thread_local size_t last_realloc;  /* the size the last realloc asked for */
static _Thread_local size_t realloc_log[64];  /* sizes asked while logging */
static _Thread_local int logging, logged;

/* Whether this allocation is the one to fail. */
static int fail_now(void)
{
  return fail_at > 0 && ++count == fail_at;
}

void *__wrap_malloc(size_t n)
{
  void *p;
  if (fail_now()) return NULL;
  p = __real_malloc(n);
  if (p && tracking) live++;
  return p;
}

void *__wrap_calloc(size_t k, size_t n)
{
  void *p;
  if (fail_now()) return NULL;
  p = __real_calloc(k, n);
  if (p && tracking) live++;
  return p;
}

void *__wrap_realloc(void *p, size_t n)
{
  void *q;
  last_realloc = n;
  if (logging && logged < 64) realloc_log[logged++] = n;
  if (fail_now()) return NULL;
  q = __real_realloc(p, n);
  if (q && !p && tracking) live++;
  return q;
}

void __wrap_free(void *p)
{
  if (p && tracking) live--;
  __real_free(p);
}

static void arm(long n) { fail_at = n; count = 0; tracking = 1; }
static void disarm(void) { fail_at = 0; tracking = 0; }

/* ------------------------------------------------------------ helpers */

/* What a state shows. */
typedef struct snap { char text[4096]; uint64_t hash; size_t ply, n; ag_move hist[8192]; } snap;

static void take(const ag_state *st, snap *s)
{
  ck_assert_int_eq(ag_state_to_text(st, s->text, sizeof s->text, NULL), AG_OK);
  s->hash = ag_state_hash(st);
  s->ply = ag_state_ply(st);
  ck_assert_int_eq(ag_state_history(st, s->hist, 8192, &s->n), AG_OK);
}

static void expect_same(const ag_state *st, const snap *s, const char *what, long n)
{
  snap now;
  take(st, &now);
  ck_assert_msg(strcmp(now.text, s->text) == 0, "%s, allocation %ld failed: text changed", what, n);
  ck_assert_msg(now.hash == s->hash && now.ply == s->ply && now.n == s->n &&
                memcmp(now.hist, s->hist, s->n * sizeof s->hist[0]) == 0,
                "%s, allocation %ld failed: state changed", what, n);
}

/* Plays `plies` seeded random plies. */
static void play(ag_state *st, int plies, uint64_t seed)
{
  while (plies-- > 0 && !ag_state_is_terminal(st)) {
    ag_move m[2];
    if (ag_state_current_player(st) == AG_PLAYER_SIMULTANEOUS) {
      ck_assert_int_eq(ag_ai_choose_joint(st, "random", &seed, m, 2), AG_OK);
      ck_assert_int_eq(ag_state_apply_joint(st, m, 2), AG_OK);
    } else {
      ck_assert_int_eq(ag_ai_choose(st, "random", &seed, m), AG_OK);
      ck_assert_int_eq(ag_state_apply(st, m[0]), AG_OK);
    }
  }
}

/* Runs op with the N-th allocation failing for N = 1, 2, ... until op
 * succeeds having made fewer than N allocations.  op returns its AG_ code;
 * after a failure `after_fail' checks the state (may be NULL); after the
 * success `cleanup' frees what op made.  Returns how many allocations the
 * successful call made. */
typedef struct scenario {
  const char *name;
  int (*op)(void *ctx);
  void (*after_fail)(void *ctx, long n);
  void (*cleanup)(void *ctx);
  void *ctx;
  int other_code;          /* a code other than AG_ENOMEM that is fine too (0: none) */
  int keeps;               /* a success leaves blocks the state owns (tags, start text):
                              the success is not checked for leaks, the failures are */
} scenario;

static long run_scenario(const scenario *sc)
{
  long n, base;
  for (n = 1; n < 100000; n++) {
    int rc;
    base = live;
    arm(n);
    rc = sc->op(sc->ctx);
    disarm();
    if (count < n) {   /* no allocation failed: the call must have worked */
      ck_assert_msg(rc >= 0, "%s: %d with no failed allocation (%s)", sc->name, rc, ag_errmsg());
      tracking = 1;
      if (sc->cleanup) sc->cleanup(sc->ctx);
      tracking = 0;
      ck_assert_msg(sc->keeps || live == base, "%s: %ld blocks leaked by the successful call",
                    sc->name, live - base);
      return count;
    }
    if (rc >= 0) {
      /* The call did without that block (a shrinking realloc that failed
       * keeps the larger one): fine, when what it made is whole and freed. */
      tracking = 1;
      if (sc->cleanup) sc->cleanup(sc->ctx);
      tracking = 0;
      ck_assert_msg(sc->keeps || live == base, "%s: allocation %ld failed, the call worked and "
                    "%ld blocks leaked", sc->name, n, live - base);
      continue;
    }
    ck_assert_msg(rc == AG_ENOMEM || (sc->other_code && rc == sc->other_code),
                  "%s: allocation %ld failed, the call gave %d (%s)", sc->name, n, rc, ag_errmsg());
    ck_assert_msg(ag_errmsg()[0] != '\0', "%s: no message", sc->name);
    ck_assert_msg(live == base, "%s: allocation %ld failed, %ld blocks leaked", sc->name, n, live - base);
    if (sc->after_fail) sc->after_fail(sc->ctx, n);
  }
  ck_abort_msg("%s: never succeeded", sc->name);
  return 0;
}

static const char *const specs[] = {
  "hare", "hare(chain=0,hunters=10)", "liubo_sticks",
  "liubo_sticks(stone_capture=reserve,rethrow=bead)", "liubo_fingers",
  "liubo_fingers(hands=2,scheme=guess,board=48)",
};
#define NSPECS (sizeof specs / sizeof specs[0])

/* ------------------------------------------------------------ games */

typedef struct game_ctx { const char *spec; ag_game *g; } game_ctx;

static int op_game_new(void *c)
{
  game_ctx *x = c;
  int rc;
  x->g = (ag_game *)x;
  rc = ag_game_new(x->spec, &x->g);
  return rc != AG_OK && x->g ? AG_ERROR : rc;   /* a failure must not set *out */
}

static void free_game(void *c) { game_ctx *x = c; ag_game_free(x->g); x->g = NULL; }

START_TEST(game_new)
{
  game_ctx x = {specs[_i], NULL};
  scenario sc = {"ag_game_new", op_game_new, NULL, free_game, &x, 0, 0};
  fprintf(stderr, "ag_game_new(%s): %ld allocations\n", specs[_i], run_scenario(&sc));
}
END_TEST

/* ------------------------------------------------------------ states */

typedef struct state_ctx {
  ag_game *g;
  ag_state *st, *other, *out;
  snap before, other_before;
  const char *text;
  ag_move m[2];
  size_t nm;
  uint64_t rng;
  const char *params;
  int player;
} state_ctx;

static void setup(state_ctx *x, const char *spec, int plies)
{
  memset(x, 0, sizeof *x);
  x->g = new_game(spec);
  x->st = new_state(x->g, NULL);
  play(x->st, plies, 99);
  take(x->st, &x->before);
}

static void teardown(state_ctx *x)
{
  ag_state_free(x->st);
  ag_state_free(x->other);
  ag_game_free(x->g);
}

static void st_unchanged(void *c, long n)
{
  state_ctx *x = c;
  expect_same(x->st, &x->before, "state", n);
}

static void free_out(void *c) { state_ctx *x = c; ag_state_free(x->out); x->out = NULL; }

static int op_state_new(void *c)
{
  state_ctx *x = c;
  int rc;
  x->out = (ag_state *)x;
  rc = ag_state_new(x->g, &x->out);
  return rc != AG_OK && x->out ? AG_ERROR : rc;
}

static int op_clone(void *c)
{
  state_ctx *x = c;
  int rc;
  x->out = (ag_state *)x;
  rc = ag_state_clone(x->st, &x->out);
  return rc != AG_OK && x->out ? AG_ERROR : rc;
}

START_TEST(state_new_and_clone)
{
  state_ctx x;
  scenario a = {"ag_state_new", op_state_new, st_unchanged, free_out, &x, 0, 0};
  scenario b = {"ag_state_clone", op_clone, st_unchanged, free_out, &x, 0, 0};
  setup(&x, specs[_i], 40);
  fprintf(stderr, "%s: ag_state_new %ld, ag_state_clone %ld allocations\n", specs[_i],
          run_scenario(&a), run_scenario(&b));
  teardown(&x);
}
END_TEST

/* copy into a fresh state (its history too small): dst unchanged on failure */
static int op_copy(void *c)
{
  state_ctx *x = c;
  return ag_state_copy(x->other, x->st);
}

static void other_unchanged(void *c, long n)
{
  state_ctx *x = c;
  expect_same(x->other, &x->other_before, "copy destination", n);
  expect_same(x->st, &x->before, "copy source", n);
}

static void reset_other(void *c)
{
  state_ctx *x = c;
  x->nm = ag_state_equal(x->other, x->st) == 1;   /* checked after the scenario */
}

/* Only finger-guessing games are long enough (thousands of plies) to outgrow
 * a new state's history (1024 plies); the others must copy without any. */
START_TEST(copy)
{
  state_ctx x;
  scenario sc = {"ag_state_copy", op_copy, other_unchanged, reset_other, &x, 0, 0};
  long made;
  setup(&x, specs[_i], 1500);
  x.other = new_state(x.g, NULL);
  play(x.other, 3, 5);
  take(x.other, &x.other_before);
  made = run_scenario(&sc);
  fprintf(stderr, "%s: ag_state_copy of %zu plies: %ld allocations\n", specs[_i],
          ag_state_ply(x.st), made);
  ck_assert_int_eq(made, ag_state_ply(x.st) > 1024 ? 1 : 0);
  ck_assert_int_eq(x.nm, 1);
  teardown(&x);
}
END_TEST

/* history growth: apply at a full history, and reserve */
static int op_apply(void *c)
{
  state_ctx *x = c;
  return x->nm == 2 ? ag_state_apply_joint(x->st, x->m, 2) : ag_state_apply(x->st, x->m[0]);
}

static int op_reserve(void *c)
{
  state_ctx *x = c;
  return ag_state_reserve(x->st, 100000);
}

static void undo_one(void *c) { state_ctx *x = c; ag_state_undo(x->st); }

START_TEST(history_growth)
{
  state_ctx x;
  scenario sc = {"ag_state_apply (history growth)", op_apply, st_unchanged, undo_one, &x, 0, 0};
  scenario rs = {"ag_state_reserve", op_reserve, st_unchanged, NULL, &x, 0, 0};
  long most = 0, k;
  setup(&x, specs[_i], 0);
  /* apply ply after ply: whenever the history grows (past 1024 plies, which
   * only finger-guessing games reach), that apply must survive a failed
   * allocation */
  for (k = 0; k < 1500 && !ag_state_is_terminal(x.st); k++) {
    uint64_t seed = (uint64_t)k;
    long made;
    if (ag_state_current_player(x.st) == AG_PLAYER_SIMULTANEOUS) {
      ck_assert_int_eq(ag_ai_choose_joint(x.st, "random", &seed, x.m, 2), AG_OK);
      x.nm = 2;
    } else {
      ck_assert_int_eq(ag_ai_choose(x.st, "random", &seed, x.m), AG_OK);
      x.nm = 1;
    }
    take(x.st, &x.before);
    made = run_scenario(&sc);
    if (made > most) most = made;
    ck_assert_int_eq(op_apply(&x), AG_OK);
  }
  if (ag_state_ply(x.st) > 1024) ck_assert_int_gt(most, 0);   /* it did grow on the way */
  take(x.st, &x.before);
  run_scenario(&rs);
  teardown(&x);
}
END_TEST

/* set_text, equal, render, playout: what allocates must fail cleanly */
static int op_set_text(void *c)
{
  state_ctx *x = c;
  return ag_state_set_text(x->st, x->text);
}

static void restore_text(void *c)
{
  state_ctx *x = c;
  ag_state_copy(x->st, x->other);   /* no new block: st's history is big enough */
}

static int op_equal(void *c)
{
  state_ctx *x = c;
  int rc = ag_state_equal(x->st, x->other);
  return rc == 1 ? AG_OK : rc == 0 ? AG_ERROR : rc;
}

/* ag_state_playouts by three threads: the worker table is allocated, and
 * a failed allocation of it leaves every chunk to the calling thread: the
 * same totals as one thread's, not a failure. */
static int op_playouts3(void *c)
{
  state_ctx *x = c;
  ag_playout_totals one, three;
  int rc = ag_state_playouts(x->st, 9, 100, 50, 1, &one);
  if (rc != AG_OK) return AG_ERROR;   /* one thread allocates nothing */
  rc = ag_state_playouts(x->st, 9, 100, 50, 3, &three);
  if (rc == AG_OK && memcmp(&one, &three, sizeof one) != 0) return AG_ERROR;
  return rc;
}

static int op_playout(void *c)
{
  state_ctx *x = c;
  uint64_t rng = 5;
  size_t plies;
  int winner, reason, rc = ag_state_playout(x->st, &rng, 0, &plies, &winner, &reason);
  return rc >= 0 ? AG_OK : rc;
}

/* Measures the drawing (AG_EBUFS is its success here). */
static int op_svg(void *c)
{
  state_ctx *x = c;
  size_t len;
  int rc = ag_state_svg(x->st, 0, NULL, 0, &len);
  return rc == AG_EBUFS && len > 0 ? AG_OK : rc;
}

START_TEST(text_equal_playout)
{
  state_ctx x;
  snap mid;
  scenario st = {"ag_state_set_text", op_set_text, st_unchanged, restore_text, &x, 0, 0};
  scenario eq = {"ag_state_equal", op_equal, st_unchanged, NULL, &x, 0, 0};
  scenario po = {"ag_state_playout", op_playout, st_unchanged, NULL, &x, 0, 0};
  scenario sv = {"ag_state_svg", op_svg, st_unchanged, NULL, &x, 0, 0};
  scenario p3 = {"ag_state_playouts (3 threads)", op_playouts3, st_unchanged, NULL, &x, 0, 0};
  ag_state *probe;
  setup(&x, specs[_i], 0);
  probe = new_state(x.g, NULL);
  play(probe, 25, 7);
  take(probe, &mid);
  x.text = mid.text;
  x.other = new_state(x.g, NULL);
  play(x.st, 10, 3);
  ck_assert_int_eq(ag_state_copy(x.other, x.st), AG_OK);
  take(x.st, &x.before);
  fprintf(stderr, "%s: set_text %ld, equal %ld, playout %ld, svg %ld allocations\n", specs[_i],
          run_scenario(&st), run_scenario(&eq), run_scenario(&po), run_scenario(&sv));
  run_scenario(&p3);
  ag_state_free(probe);
  teardown(&x);
}
END_TEST

/* ------------------------------------------------------------ records */

typedef struct record_ctx {
  state_ctx s;
  char *rec;                 /* the record of s.st */
  size_t len;
  char buf[65536];
} record_ctx;

static int op_record_write(void *c)
{
  record_ctx *x = c;
  return ag_state_record(x->s.st, x->buf, sizeof x->buf, &x->len);
}

static int op_record_read(void *c)
{
  record_ctx *x = c;
  return ag_state_set_record(x->s.other, x->rec);
}

static int op_set_tag(void *c)
{
  record_ctx *x = c;
  return ag_state_set_tag(x->s.st, "Event", "allocation failure test");
}

static void record_unchanged(void *c, long n)
{
  record_ctx *x = c;
  expect_same(x->s.st, &x->s.before, "record source", n);
  expect_same(x->s.other, &x->s.other_before, "record destination", n);
}

static void other_back(void *c)
{
  record_ctx *x = c;
  x->s.nm = ag_state_equal(x->s.other, x->s.st) == 1;
  ag_state_reset(x->s.other);
  ag_state_set_tag(x->s.other, "Site", NULL);   /* the tag the record gave it */
}

static void untag(void *c)
{
  record_ctx *x = c;
  ag_state_set_tag(x->s.st, "Event", NULL);
}

static int op_record_open(void *c)
{
  record_ctx *x = c;
  ag_game *g = (ag_game *)x;
  ag_state *st = (ag_state *)x;   /* not NULL: a failure must clear both */
  int rc = ag_state_new_from_record(x->rec, &g, &st);
  if (rc < 0)   /* no ck_assert here: Check allocates while the counter runs */
    return g || st ? AG_ERROR : rc;
  x->s.nm = ag_state_hash(st) == ag_state_hash(x->s.st) && ag_state_ply(st) == ag_state_ply(x->s.st);
  ag_state_free(st);
  ag_game_free(g);
  return rc;
}

START_TEST(records)
{
  static record_ctx x;
  scenario w = {"ag_state_record", op_record_write, record_unchanged, NULL, &x, 0, 0};
  scenario r = {"ag_state_set_record", op_record_read, record_unchanged, other_back, &x, 0, 1};
  scenario t = {"ag_state_set_tag", op_set_tag, record_unchanged, untag, &x, 0, 1};
  scenario o = {"ag_state_new_from_record", op_record_open, record_unchanged, NULL, &x, 0, 0};
  long nw, nr, nt;
  memset(&x, 0, sizeof x);
  setup(&x.s, specs[_i], 0);
  ck_assert_int_eq(ag_state_set_text(x.s.st, x.s.before.text), AG_OK);   /* a [Start] tag */
  play(x.s.st, 30, 4);
  ck_assert_int_eq(ag_state_set_tag(x.s.st, "Site", "here"), AG_OK);
  take(x.s.st, &x.s.before);
  x.s.other = new_state(x.s.g, NULL);
  take(x.s.other, &x.s.other_before);
  ck_assert_int_eq(ag_state_record(x.s.st, x.buf, sizeof x.buf, &x.len), AG_OK);
  x.rec = strcpy(malloc(x.len + 1), x.buf);
  ck_assert_ptr_nonnull(x.rec);
  nw = run_scenario(&w);
  nr = run_scenario(&r);
  ck_assert_int_eq(x.s.nm, 1);
  nt = run_scenario(&t);
  x.s.nm = 0;
  fprintf(stderr, "%s: new_from_record %ld allocations\n", specs[_i], run_scenario(&o));
  ck_assert_int_eq(x.s.nm, 1);
  fprintf(stderr, "%s: record %ld, set_record %ld, set_tag %ld allocations\n", specs[_i], nw, nr, nt);
  free(x.rec);
  teardown(&x.s);
}
END_TEST

/* ------------------------------------------------------------ players */

static int op_ai(void *c)
{
  state_ctx *x = c;
  uint64_t rng = 11;
  int p = ag_state_current_player(x->st);
  if (p == AG_PLAYER_SIMULTANEOUS && x->player < 0) return ag_ai_choose_joint(x->st, x->params, &rng, x->m, 2);
  if (p == AG_PLAYER_SIMULTANEOUS) return ag_ai_choose_player(x->st, x->player, x->params, &rng, x->m);
  return ag_ai_choose(x->st, x->params, &rng, x->m);
}

START_TEST(players)
{
  static const char *const params[] = {"random", "mcts(iterations=60,rollout=20)"};
  state_ctx x;
  scenario sc = {"ag_ai_choose", op_ai, st_unchanged, NULL, &x, 0, 0};
  size_t k;
  int plies;
  for (plies = 0; plies < 40; plies += 13) {
    setup(&x, specs[_i], plies);
    for (k = 0; k < 2; k++) {
      x.params = params[k];
      for (x.player = -1; x.player < 2; x.player++) {
        if (ag_state_is_terminal(x.st)) break;
        if (x.player >= 0 && ag_state_current_player(x.st) != AG_PLAYER_SIMULTANEOUS) break;
        run_scenario(&sc);
      }
    }
    teardown(&x);
  }
}
END_TEST

/* The games' own searches ("ai": the hare hunt's alpha-beta, liubo_sticks'
 * expectimax, liubo_fingers' round search): a failed allocation anywhere in
 * one gives AG_ENOMEM with every block freed (their tables are allocated
 * one after the other: a later one failing frees the earlier). */
START_TEST(own_searches)
{
  static const struct { const char *spec, *text, *params; int player; } cases[] = {
    {"hare", NULL, "ai(nodes=200)", 0},
    {"liubo_sticks", "white 3*2 owl - reserve 3 held 1 removed 0; black 2,4 owl - reserve 4 held 0 "
     "removed 0; black move 1+2; turns 3", "ai(depth=2)", 1},
    {"liubo_fingers", NULL, "ai(depth=1)", 0},
  };
  state_ctx x;
  scenario sc = {"ag_ai_choose", op_ai, st_unchanged, NULL, &x, 0, 0};
  size_t k;
  for (k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    long n;
    setup(&x, cases[k].spec, 0);
    if (cases[k].text) {
      ck_assert_int_eq(ag_state_set_text(x.st, cases[k].text), AG_OK);
      take(x.st, &x.before);
    }
    x.params = cases[k].params;
    x.player = cases[k].player;
    n = run_scenario(&sc);
    ck_assert_int_ge(n, 2);
    teardown(&x);
  }
}
END_TEST

/* A search whose tree outgrows its first pool (1024 nodes): a failed
 * allocation anywhere in it -- at the start or while the pool grows in the
 * middle of the search -- must give AG_ENOMEM, never a move chosen from a
 * tree cut short (a pool growth is never a shrinking realloc, so here a
 * success after a failed allocation is wrong).  One tree, then two. */
START_TEST(search_pool_growth)
{
  static const char *const params[] = {"mcts(iterations=2500,rollout=0)",
                                       "mcts(iterations=5000,rollout=0,threads=2)"};
  state_ctx x;
  size_t k;
  long n;
  for (k = 0; k < 2; k++) {
    setup(&x, "hare", 0);
    x.params = params[k];
    for (n = 1; n < 10000; n++) {
      int rc;
      long base = live;
      arm(n);
      rc = op_ai(&x);
      disarm();
      if (count < n) {
        ck_assert_int_eq(rc, AG_OK);
        break;
      }
      ck_assert_msg(rc == AG_ENOMEM, "%s: allocation %ld failed, the call gave %d", params[k], n,
                    rc);
      ck_assert_msg(live == base, "%s: allocation %ld failed, %ld blocks leaked", params[k], n,
                    live - base);
      expect_same(x.st, &x.before, params[k], n);
    }
    ck_assert_int_gt(n, 3);        /* the growths were among the failures */
    teardown(&x);
  }
}
END_TEST

/* fox_and_hens' playout keeps the turn-boundary positions since the last
 * capture (for repetition) in a list on its stack, moved to the heap, and
 * doubled there, in a long capture-free stretch: the only allocations of a
 * one-thread ag_state_playouts.  With threshold=1 and chain=0 random games
 * have such stretches: of ag_state_playouts(seed 1, 128 playouts), playout
 * 124 has 278 boundary positions after its last capture; with hens=17 the
 * playout from RNG state 5363 has 586 (the list grows twice).
 *  - a failed allocation in that playout fails the batch with AG_ENOMEM and
 *    all-zero totals (124 playouts had finished), no leak;
 *  - with repetition=0 no list is kept: the same batch allocates nothing;
 *  - the long playout is the replay of its moves, leaks nothing, and a
 *    failed allocation at either growth gives AG_ENOMEM without a leak. */
START_TEST(fox_long_capture_free_playouts)
{
  static const ag_playout_totals zero;
  ag_game *g = NULL, *g0 = NULL, *g2 = NULL;
  ag_state *st, *st0, *st2, *replay;
  ag_playout_totals all, out;
  size_t plies = 0, n_replay = 0;
  uint64_t rng;
  int winner = -9, reason = -9, rc, w2 = -9, r2 = -9, outcome;
  long n, base;
  ck_assert_int_eq(ag_game_new("fox_and_hens(threshold=1,chain=0,max_plies=0)", &g), AG_OK);
  ck_assert_int_eq(ag_game_new("fox_and_hens(threshold=1,chain=0,max_plies=0,repetition=0)", &g0),
                   AG_OK);
  ck_assert_int_eq(ag_game_new("fox_and_hens(hens=17,threshold=1,chain=0,max_plies=0)", &g2),
                   AG_OK);
  ck_assert_int_eq(ag_state_new(g, &st), AG_OK);
  ck_assert_int_eq(ag_state_new(g0, &st0), AG_OK);
  ck_assert_int_eq(ag_state_new(g2, &st2), AG_OK);
  ck_assert_int_eq(ag_state_playouts(st, 1, 128, 0, 1, &all), AG_OK);
  ck_assert_uint_eq(all.playouts, 128);
  base = live;
  arm(1);
  rc = ag_state_playouts(st, 1, 128, 0, 1, &out);
  disarm();
  ck_assert_int_eq(count, 1);
  ck_assert_int_eq(rc, AG_ENOMEM);
  ck_assert_str_eq(ag_errmsg(), "ag_state_playouts: a playout ran out of memory");
  ck_assert_msg(memcmp(&out, &zero, sizeof out) == 0, "totals not zeroed: %llu playouts",
                (unsigned long long)out.playouts);
  ck_assert_int_eq(live, base);
  /* repetition=0: nothing to allocate */
  arm(1);
  rc = ag_state_playouts(st0, 1, 128, 0, 1, &out);
  disarm();
  ck_assert_int_eq(rc, AG_OK);
  ck_assert_int_eq(count, 0);
  ck_assert_uint_eq(out.playouts, 128);
  /* the playout whose list grows twice */
  ck_assert_int_eq(ag_state_new(g2, &replay), AG_OK);
  rng = 5363;
  while (ag_test_random_ply(replay, &rng)) n_replay++;
  outcome = ag_state_outcome(replay, &w2, &r2);
  ck_assert_int_ne(outcome, AG_OUTCOME_ONGOING);
  for (n = 1; n < 100; n++) {
    rng = 5363;
    base = live;
    arm(n);
    rc = ag_state_playout(st2, &rng, 0, &plies, &winner, &reason);
    disarm();
    ck_assert_int_eq(live, base);
    if (count < n) break;
    ck_assert_int_eq(rc, AG_ENOMEM);
    ck_assert_str_eq(ag_errmsg(), "fox_and_hens playout: out of memory");
  }
  ck_assert_int_gt(n, 2);   /* both growths failed once */
  ck_assert_int_eq(rc, outcome);
  ck_assert_uint_eq(plies, n_replay);
  ck_assert_int_eq(winner, w2);
  ck_assert_int_eq(reason, r2);
  ag_state_free(replay);
  ag_state_free(st);
  ag_state_free(st0);
  ag_state_free(st2);
  ag_game_free(g);
  ag_game_free(g0);
  ag_game_free(g2);
}
END_TEST

/* ------------------------------------------------------------ solutions */

typedef struct sol_ctx { ag_solution *sol; char path[64]; } sol_ctx;

static int op_solve(void *c)
{
  sol_ctx *x = c;
  int rc;
  x->sol = (ag_solution *)x;
  rc = ag__hare_solve(1, 3, 4, 1, NULL, NULL, &x->sol);
  return rc != AG_OK && x->sol ? AG_EINVAL : rc;
}

static int op_load(void *c)
{
  sol_ctx *x = c;
  int rc;
  x->sol = (ag_solution *)x;
  rc = ag__hare_solution_load(x->path, 1, &x->sol);   /* ag_solution_load, reduced variants too */
  return rc != AG_OK && x->sol ? AG_EINVAL : rc;
}

static void free_sol(void *c) { sol_ctx *x = c; ag_solution_free(x->sol); x->sol = NULL; }

START_TEST(solve_and_load)
{
  sol_ctx x;
  scenario solve = {"ag__hare_solve (small)", op_solve, NULL, free_sol, &x, AG_ERROR, 0};
  scenario load = {"ag_solution_load (hook)", op_load, NULL, free_sol, &x, AG_ERROR, 0};
  ag_solution *sol = NULL;
  int fd;
  memset(&x, 0, sizeof x);
  fprintf(stderr, "solve: %ld allocations\n", run_scenario(&solve));
  strcpy(x.path, "/tmp/ag-alloc-XXXXXX");
  fd = mkstemp(x.path);
  ck_assert_int_ge(fd, 0);
  close(fd);
  ck_assert_int_eq(ag__hare_solve(0, 3, 4, 1, NULL, NULL, &sol), AG_OK);
  ck_assert_int_eq(ag_solution_save(sol, x.path), AG_OK);
  ag_solution_free(sol);
  fprintf(stderr, "load: %ld allocations\n", run_scenario(&load));
  unlink(x.path);
}
END_TEST


/* ------------------------------------------------------------ vec */

typedef struct vec_ctx {
  ag_game *g;
  ag_vec *v;
  int32_t act[8];
  uint64_t hash[4];
  size_t ply[4];
  float *obs1, *obs3;   /* observations by one thread and by three */
  size_t nobs;
} vec_ctx;

static int op_vec_new(void *c)
{
  vec_ctx *x = c;
  int rc;
  x->v = (ag_vec *)x;
  rc = ag_vec_new(x->g, 4, 3, AG_VEC_AUTORESET, &x->v);
  return rc != AG_OK && x->v ? AG_ERROR : rc;   /* a failure must not set *out */
}

static void free_vec(void *c) { vec_ctx *x = c; ag_vec_free(x->v); x->v = NULL; }

static int op_vec_step(void *c)
{
  vec_ctx *x = c;
  return ag_vec_step(x->v, x->act, NULL, NULL, 1);
}

/* Observations by three threads: the job table is allocated, and a failed
 * allocation of it leaves every lane to the calling thread: the same
 * observations as one thread's (obs1), not a failure. */
static int op_vec_obs3(void *c)
{
  vec_ctx *x = c;
  int rc;
  memset(x->obs3, 0xff, x->nobs * sizeof *x->obs3);
  rc = ag_vec_observations(x->v, x->obs3, x->nobs, 3);
  if (rc == AG_OK && memcmp(x->obs1, x->obs3, x->nobs * sizeof *x->obs3) != 0) return AG_ERROR;
  return rc;
}

static void vec_unchanged(void *c, long n)
{
  vec_ctx *x = c;
  size_t i;
  for (i = 0; i < 4; i++) {
    ck_assert_msg(ag_state_hash(ag_vec_lane(x->v, i)) == x->hash[i] &&
                  ag_state_ply(ag_vec_lane(x->v, i)) == x->ply[i],
                  "ag_vec_step, allocation %ld failed: lane %zu moved", n, i);
  }
}

/* ag_vec_new with every allocation failing in turn; then ag_vec_step of
 * finger-guessing games past a new state's history (1024 plies), where a
 * lane's history grows: a failed step leaves every lane where it was. */
START_TEST(vec_new_and_step)
{
  vec_ctx x;
  scenario mk = {"ag_vec_new", op_vec_new, NULL, free_vec, &x, 0, 0};
  scenario st = {"ag_vec_step", op_vec_step, vec_unchanged, NULL, &x, 0, 0};
  scenario ob3 = {"ag_vec_observations (3 threads)", op_vec_obs3, NULL, NULL, &x, 0, 0};
  size_t planes, nodes;
  long most = 0, k, made;
  size_t i, deepest = 0;
  memset(&x, 0, sizeof x);
  x.g = new_game(specs[_i]);
  run_scenario(&mk);
  ck_assert_int_eq(ag_vec_new(x.g, 4, 3, AG_VEC_AUTORESET, &x.v), AG_OK);
  for (k = 0; k < (strstr(specs[_i], "fingers") ? 1300 : 300); k++) {
    ck_assert_int_eq(ag_vec_random_actions(x.v, x.act), AG_OK);
    for (i = 0; i < 4; i++) {
      x.hash[i] = ag_state_hash(ag_vec_lane(x.v, i));
      x.ply[i] = ag_state_ply(ag_vec_lane(x.v, i));
      if (x.ply[i] > deepest) deepest = x.ply[i];
    }
    made = run_scenario(&st);
    if (made > most) most = made;
  }
  ck_assert_int_eq(ag_game_observation_shape(x.g, &planes, &nodes), AG_OK);
  x.nobs = 4 * planes * nodes;
  x.obs1 = calloc(x.nobs, sizeof *x.obs1);
  x.obs3 = calloc(x.nobs, sizeof *x.obs3);
  ck_assert(x.obs1 && x.obs3);
  ck_assert_int_eq(ag_vec_observations(x.v, x.obs1, x.nobs, 1), AG_OK);
  run_scenario(&ob3);
  free(x.obs1);
  free(x.obs3);
  if (strstr(specs[_i], "fingers")) {
    ck_assert_uint_ge(deepest, 1024);   /* some lane went past a new state's history */
    ck_assert_int_gt(most, 0);          /* and it did grow */
  }
  ag_vec_free(x.v);
  ag_game_free(x.g);
}
END_TEST

static Suite *alloc_suite(void)
{
  Suite *s = suite_create("alloc");
  TCase *tc = tcase_create("every_allocation");
  tcase_add_loop_test(tc, game_new, 0, NSPECS);
  tcase_add_loop_test(tc, state_new_and_clone, 0, NSPECS);
  tcase_add_loop_test(tc, copy, 0, NSPECS);
  tcase_add_loop_test(tc, history_growth, 0, NSPECS);
  tcase_add_loop_test(tc, text_equal_playout, 0, NSPECS);
  tcase_add_loop_test(tc, players, 0, NSPECS);
  tcase_add_loop_test(tc, records, 0, NSPECS);
  tcase_add_loop_test(tc, vec_new_and_step, 0, NSPECS);
  tcase_add_test(tc, solve_and_load);
  tcase_add_test(tc, search_pool_growth);
  tcase_add_test(tc, own_searches);
  tcase_add_test(tc, fox_long_capture_free_playouts);
  suite_add_tcase(s, tc);
  return s;
}


/* ------------------------------------------------------------------------
 * mutcore: survivors of the seed-37 campaign (issue 27). */

/* Cloning a state with tags: the copy's tag block is an allocation of its
 * own, whose failure frees the half-made clone (lib/api.c ag_state_clone). */
START_TEST(clone_with_tags)
{
  state_ctx x;
  scenario sc = {"ag_state_clone (tags)", op_clone, st_unchanged, free_out, &x, 0, 0};
  setup(&x, "hare", 3);
  ck_assert_int_eq(ag_state_set_tag(x.st, "Event", "mutcore"), AG_OK);
  take(x.st, &x.before);
  ck_assert_int_ge(run_scenario(&sc), 3);   /* the state, its position, its tags at least */
  teardown(&x);
}
END_TEST

/* A record refused in the middle of a tag value frees the value read so
 * far (lib/record.c read_tag), whichever way the line ends. */
START_TEST(refused_tag_value_is_freed)
{
  static const char *const bad_records[] = {
    "[Game \"hare\"]\n[Event \"a long value not closed\n1. e3-d4\n",
    "[Game \"hare\"]\n[Event \"a long value not closed",
    "[Game \"hare\"]\n[Event \"a long value \\x\"]\n",
    "[Game \"hare\"]\n[Event \"a long value \x01\"]\n",
    "[Game \"hare\"]\n[Event \"a long value\" x]\n",
  };
  size_t i;
  for (i = 0; i < sizeof bad_records / sizeof bad_records[0]; i++) {
    ag_game *g = (ag_game *)bad_records;
    ag_state *st = (ag_state *)bad_records;
    long base = live;
    int rc;
    arm(0);   /* no allocation fails: only count the blocks */
    rc = ag_state_new_from_record(bad_records[i], &g, &st);
    disarm();
    ck_assert_msg(rc == AG_EPARSE, "record %zu: %d (%s)", i, rc, ag_errmsg());
    ck_assert_ptr_null(g);
    ck_assert_ptr_null(st);
    ck_assert_msg(live == base, "record %zu: %ld blocks leaked", i, live - base);
  }
}
END_TEST

/* fox_and_hens' playout keeps the positions since the last capture in a list
 * of 256 keys on the stack; the 257th goes to the heap.  From this position
 * (3 hens, the fox wins by the first capture), seed 1196 plays 257 plies
 * without a capture or an end. */
START_TEST(fox_playout_keeps_256_positions_on_the_stack)
{
  ag_game *g = new_game("fox_and_hens(chain=0,threshold=2)");
  ag_state *st = new_state(g, "HHH/.../......./......./......./.../..F H - 0");
  uint64_t rng = 1196;
  size_t plies = 0;
  int rc, winner, reason;
  arm(1);
  rc = ag_state_playout(st, &rng, 256, &plies, &winner, &reason);
  disarm();
  ck_assert_msg(rc == AG_OUTCOME_ONGOING, "256 plies: %d (%s) after %ld allocations", rc, ag_errmsg(), count);
  ck_assert_uint_eq(plies, 256);
  ck_assert_int_eq(count, 0);   /* no allocation */
  rng = 1196;
  arm(1);
  rc = ag_state_playout(st, &rng, 257, &plies, &winner, &reason);
  disarm();
  ck_assert_int_eq(rc, AG_ENOMEM);
  ck_assert_int_eq(count, 1);
  rng = 1196;
  ck_assert_int_eq(ag_state_playout(st, &rng, 257, &plies, &winner, &reason), AG_OUTCOME_ONGOING);
  ck_assert_uint_eq(plies, 257);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* The tag block grows to the tags it must hold: doubling when twice the old
 * block is enough, else exactly what is needed (lib/api.c ag__tags_room).
 * Tag "Aa" of 100 bytes takes 3 + 101 = 104 bytes; adding "Bb" of 200 bytes
 * needs 104 + 3 + 201 = 308 > 2 * 104, so the block grows to 308 (the
 * seed-39 survivor api.c:171, `cap * 3 < need', grew it to 208 and wrote
 * 100 bytes past it); a third tag of 2 bytes then doubles it to 616. */
START_TEST(tag_block_grows_to_what_it_holds)
{
  ag_game *g = NULL;
  ag_state *st = NULL;
  char a[101], b[201], buf[256];
  memset(a, 'x', 100), a[100] = '\0';
  memset(b, 'y', 200), b[200] = '\0';
  ck_assert_int_eq(ag_game_new("hare", &g), AG_OK);
  ck_assert_int_eq(ag_state_new(g, &st), AG_OK);
  last_realloc = 0;
  ck_assert_int_eq(ag_state_set_tag(st, "Aa", a), AG_OK);
  ck_assert_uint_eq(last_realloc, 104);
  ck_assert_int_eq(ag_state_set_tag(st, "Bb", b), AG_OK);
  ck_assert_uint_eq(last_realloc, 308);
  ck_assert_int_eq(ag_state_set_tag(st, "Cc", "z"), AG_OK);
  ck_assert_uint_eq(last_realloc, 616);
  ck_assert_int_eq(ag_state_tag(st, "Aa", buf, sizeof buf, NULL), AG_OK);
  ck_assert_str_eq(buf, a);
  ck_assert_int_eq(ag_state_tag(st, "Bb", buf, sizeof buf, NULL), AG_OK);
  ck_assert_str_eq(buf, b);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

/* A record's tag value is read into a block that always has room for its
 * NUL: the 64th byte of a value makes the 64-byte block grow to 128 (the
 * seed-39 survivor record.c:118, `cap < b->len + n + 0', asked realloc for
 * 64 bytes again there and wrote the NUL one byte past the block). */
START_TEST(tag_value_block_has_room_for_its_nul)
{
  ag_game *g = NULL;
  ag_state *st = NULL;
  /* After the scratch state's history: the Game value's block (64), the
   * Event value's (64, then 128 at its 64th byte), the block of other tags
   * (64, then 128 for "Event\0" and the value) and the state's tags (71). */
  static const size_t want[6] = {64, 64, 128, 64, 128, 71};
  char rec[256], x[65], buf[128];
  int i;
  memset(x, 'x', 64), x[64] = '\0';
  snprintf(rec, sizeof rec, "[Game \"hare\"]\n[Event \"%s\"]\n", x);
  ck_assert_int_eq(ag_game_new("hare", &g), AG_OK);
  ck_assert_int_eq(ag_state_new(g, &st), AG_OK);
  logging = 1, logged = 0;
  ck_assert_int_eq(ag_state_set_record(st, rec), AG_OK);
  logging = 0;
  ck_assert_int_eq(logged, 7);
  for (i = 0; i < 6; i++)
    ck_assert_msg(realloc_log[i + 1] == want[i], "realloc %d asked for %zu bytes, not %zu", i + 1,
                  realloc_log[i + 1], want[i]);
  ck_assert_int_eq(ag_state_tag(st, "Event", buf, sizeof buf, NULL), AG_OK);
  ck_assert_str_eq(buf, x);
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

static Suite *mutcore_suite(void)
{
  Suite *s = alloc_suite();
  TCase *tc = tcase_create("mutcore");
  tcase_add_test(tc, clone_with_tags);
  tcase_add_test(tc, refused_tag_value_is_freed);
  tcase_add_test(tc, fox_playout_keeps_256_positions_on_the_stack);
  tcase_add_test(tc, tag_block_grows_to_what_it_holds);
  tcase_add_test(tc, tag_value_block_has_room_for_its_nul);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) { return ag_test_run(mutcore_suite()); }
