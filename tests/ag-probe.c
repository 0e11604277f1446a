/* SPDX-License-Identifier: MIT */
/*
 * ag-probe -- the determinism probe: prints, for several specs and seeds,
 * everything the library promises to compute the same on every platform
 * (x86-64, i686, aarch64, s390x, Windows, WebAssembly): each ply's hash,
 * position text, legal moves, observation tensor (a digest of its float
 * bits), action mask (a digest), chance outcomes and weights, the move
 * played, seeded random, mcts and alphabeta choices (with the analysis'
 * value to the last bit), ag_state_playouts totals and the game record.
 * tests/check-probe.sh compares the output with tests/probe.expected; a
 * cross build runs the same program under its emulator (.ci/cross.sh).
 *
 * Output is plain ASCII, "\n" line ends, no locale, no pointers, no times.
 *
 * `ag-probe --golden SPEC --seed N --plies P' prints one golden playthrough
 * (tests/golden/, tests/check-golden.sh): the same lines per ply, without
 * the searches and playouts, and the whole record at the end.
 */
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ancientgames.h>

/* FNV-1a over bytes given in a fixed order (never a value's memory as such:
 * the byte order differs between platforms). */
static uint64_t fnv_byte(uint64_t h, unsigned char b)
{
  return (h ^ b) * UINT64_C(0x100000001b3);
}

static uint64_t fnv_u32(uint64_t h, uint32_t v)
{
  int i;
  for (i = 0; i < 4; i++) h = fnv_byte(h, (unsigned char)(v >> (8 * i)));
  return h;
}

#define FNV0 UINT64_C(0xcbf29ce484222325)

/* A double's bits as hex: two platforms agree only when every bit does. */
static uint64_t bits64(double d)
{
  uint64_t u;
  memcpy(&u, &d, sizeof u);
  return u;
}

static int die(const char *what)
{
  printf("FAIL %s: %s\n", what, ag_errmsg());
  fflush(stdout);
  exit(1);
}

static void print_move(const ag_game *g, ag_move m)
{
  char t[64];
  size_t len;
  if (m == AG_MOVE_NONE) {
    fputs(" -", stdout);
    return;
  }
  if (ag_move_to_text(g, m, t, sizeof t, &len) != AG_OK) die("ag_move_to_text");
  printf(" %s", t);
}

static void print_legal(const ag_state *st, int player)
{
  ag_move mv[512];
  size_t n = 0, i;
  if (ag_state_legal_moves(st, player, mv, 512, &n) != AG_OK) die("ag_state_legal_moves");
  printf("legal%d %zu:", player, n);
  for (i = 0; i < n; i++) print_move(ag_state_game(st), mv[i]);
  putchar('\n');
}

/* The observation's float bits and the action masks, as digests. */
static void print_tensors(const ag_state *st)
{
  static float obs[1 << 16];
  static unsigned char mask[1 << 16];
  size_t len = 0, i, ones;
  uint64_t h = FNV0;
  int p;
  if (ag_state_observation(st, obs, sizeof obs / sizeof *obs, &len) != AG_OK)
    die("ag_state_observation");
  for (i = 0; i < len; i++) {
    uint32_t u;
    memcpy(&u, &obs[i], sizeof u);
    h = fnv_u32(h, u);
  }
  printf("obs %zu %016" PRIx64, len, h);
  for (p = 0; p < 2; p++) {
    if (ag_state_action_mask(st, p, mask, sizeof mask, &len) != AG_OK) die("ag_state_action_mask");
    for (h = FNV0, ones = 0, i = 0; i < len; i++) h = fnv_byte(h, mask[i]), ones += mask[i] != 0;
    printf(" mask%d %zu/%zu %016" PRIx64, p, ones, len, h);
  }
  putchar('\n');
}

static void print_chance(const ag_state *st)
{
  ag_move mv[512];
  uint32_t w[512], total = 0;
  size_t n = 0, i;
  if (ag_state_chance_outcomes(st, mv, w, 512, &n, &total) != AG_OK) die("ag_state_chance_outcomes");
  printf("chance %zu total %" PRIu32 ":", n, total);
  for (i = 0; i < n; i++) {
    print_move(ag_state_game(st), mv[i]);
    printf("=%" PRIu32, w[i]);
  }
  putchar('\n');
}

/* A seeded search for the player to move (both at a simultaneous node):
 * the choice, and the analysis (value bits, work, depth). */
static void print_ai(const ag_state *st, const char *params, uint64_t seed)
{
  const ag_game *g = ag_state_game(st);
  int cur = ag_state_current_player(st);
  uint64_t rng = seed;
  ag_move m[2] = {AG_MOVE_NONE, AG_MOVE_NONE};
  printf("ai %s:", params);
  if (cur == AG_PLAYER_SIMULTANEOUS) {
    if (ag_ai_choose_joint(st, params, &rng, m, 2) != AG_OK) die("ag_ai_choose_joint");
    print_move(g, m[0]);
    print_move(g, m[1]);
  } else {
    ag_analysis an;
    ag_move_stat ms[64];
    size_t i;
    if (ag_ai_choose(st, params, &rng, &m[0]) != AG_OK) die("ag_ai_choose");
    print_move(g, m[0]);
    if (strncmp(params, "random", 6) != 0 && cur >= 0) {
      memset(&an, 0, sizeof an);
      an.size = sizeof an;
      rng = seed;
      if (ag_ai_analyse(st, cur, params, &rng, NULL, &an, NULL, 0, ms, 64) != AG_OK)
        die("ag_ai_analyse");
      printf(" | best");
      print_move(g, an.best);
      printf(" value %016" PRIx64 " proven %d distance %d depth %d work %" PRIu64 " moves %zu",
             bits64(an.value), an.proven, an.distance, an.depth, an.work, an.num_moves);
      for (i = 0; i < an.num_moves && i < 64; i++)
        printf(" %016" PRIx64 "/%016" PRIx64, bits64(ms[i].share), bits64(ms[i].value));
    }
  }
  printf(" rng %016" PRIx64 "\n", rng);
}

static void print_playouts(const ag_state *st, uint64_t seed)
{
  ag_playout_totals t;
  int threads;
  for (threads = 1; threads <= 2; threads++) {
    if (ag_state_playouts(st, seed, 100, 200, threads, &t) != AG_OK) die("ag_state_playouts");
    printf("playouts threads=%d: %" PRIu64 " plies %" PRIu64 " wins %" PRIu64 " %" PRIu64
           " draws %" PRIu64 " unfinished %" PRIu64 "\n",
           threads, t.playouts, t.plies, t.wins[0], t.wins[1], t.draws, t.unfinished);
  }
}

typedef struct probe_case {
  const char *spec;
  uint64_t seed;
  int plies;            /* plies to play at most */
  const char *ai[3];    /* searches shown every `every` plies */
  int every;
} probe_case;

static const probe_case cases[] = {
  {"hare", 1, 40, {"mcts(iterations=300,threads=1)", "alphabeta(depth=4)", "random"}, 10},
  {"hare(hunters=10)", 3000009, 30, {"mcts(iterations=300,threads=1)", "alphabeta(depth=5)", NULL}, 6},
  {"hare(hunters=11,chain=0,first=hare,repetition=2)", 7, 30,
   {"mcts(iterations=200,threads=2)", "alphabeta(depth=3)", NULL}, 10},
  {"liubo_sticks", 11, 40, {"mcts(iterations=200,threads=1)", NULL, NULL}, 13},
  {"liubo_sticks(promotion=forced,rethrow=bead,loop=pass)", 12, 30,
   {"mcts(iterations=100,threads=2,rollout=40)", NULL, NULL}, 10},
  {"liubo_fingers", 21, 30, {"mcts(iterations=200,threads=1)", NULL, NULL}, 10},
  {"liubo_fingers(hands=2,scheme=guess,board=48)", 22, 24,
   {"mcts(iterations=40,threads=1,rollout=10)", "random", NULL}, 12},
  /* Appended: the cases above keep their output. */
  {"fox_and_hens", 31, 30, {"mcts(iterations=200,threads=1)", "random", NULL}, 10},
  {"fox_and_hens(hens=17,first=fox,chain=0,threshold=14)", 32, 24,
   {"mcts(iterations=100,threads=2,rollout=40)", NULL, NULL}, 8},
};

/* One case; golden: no searches nor playouts, the record in full. */
static void run_case(const probe_case *c, int golden)
{
  ag_game *g;
  ag_state *st;
  uint64_t rng = c->seed;
  static char text[1 << 16];
  size_t len;
  int ply, k;
  if (ag_game_new(c->spec, &g) != AG_OK) {
    printf("spec %s: %s (%s)\n", c->spec, ag_strerror(AG_EPARSE), ag_errmsg());
    return;
  }
  if (ag_state_new(g, &st) != AG_OK) die("ag_state_new");
  printf("== %s seed %" PRIu64 "\n", ag_game_spec(g), c->seed);
  if (golden) {   /* the game's limits, as ag_game_limit reports them */
    printf("limits");
    for (k = AG_LIMIT_LEGAL_MOVES; k <= AG_LIMIT_RENDER_TEXT; k++)
      printf(" %zu", ag_game_limit(g, (ag_limit)k));
    printf("\n");
  }
  for (ply = 0; ply < c->plies && !ag_state_is_terminal(st); ply++) {
    int cur = ag_state_current_player(st);
    ag_move m[2] = {AG_MOVE_NONE, AG_MOVE_NONE};
    if (ag_state_to_text(st, text, sizeof text, &len) != AG_OK) die("ag_state_to_text");
    printf("ply %d player %d hash %016" PRIx64 " %s\n", ply, cur, ag_state_hash(st), text);
    print_tensors(st);
    if (cur == AG_PLAYER_CHANCE) {
      print_chance(st);
      if (ag_state_sample_chance(st, &rng, &m[0]) != AG_OK) die("ag_state_sample_chance");
    } else {
      if (cur == AG_PLAYER_SIMULTANEOUS) print_legal(st, 0), print_legal(st, 1);
      else print_legal(st, cur);
      if (ply % c->every == 0)
        for (k = 0; k < 3 && c->ai[k]; k++)
          print_ai(st, c->ai[k], c->seed + (uint64_t)ply);
      if (cur == AG_PLAYER_SIMULTANEOUS) {
        if (ag_ai_choose_joint(st, "random", &rng, m, 2) != AG_OK) die("random joint");
      } else if (ag_ai_choose(st, "random", &rng, &m[0]) != AG_OK) {
        die("random");
      }
    }
    printf("play");
    print_move(g, m[0]);
    if (cur == AG_PLAYER_SIMULTANEOUS) print_move(g, m[1]);
    putchar('\n');
    if ((cur == AG_PLAYER_SIMULTANEOUS ? ag_state_apply_joint(st, m, 2) : ag_state_apply(st, m[0])) != AG_OK)
      die("apply");
  }
  {
    int winner = AG_PLAYER_NONE, reason = 0, oc = ag_state_outcome(st, &winner, &reason);
    double ret[2] = {0, 0};
    ag_state_returns(st, ret, 2);
    printf("end ply %zu hash %016" PRIx64 " outcome %s winner %d reason %s returns %016" PRIx64
           " %016" PRIx64 "\n", ag_state_ply(st), ag_state_hash(st), ag_outcome_name(oc), winner,
           ag_end_reason_name(reason), bits64(ret[0]), bits64(ret[1]));
  }
  if (!golden) print_playouts(st, c->seed);
  if (ag_state_record(st, text, sizeof text, &len) != AG_OK) die("ag_state_record");
  if (golden) printf("record %zu bytes:\n%s", len, text);
  else {
    uint64_t h = FNV0;
    size_t i;
    for (i = 0; i < len; i++) h = fnv_byte(h, (unsigned char)text[i]);
    printf("record %zu bytes %016" PRIx64 "\n", len, h);
  }
  {
    /* The record read back gives the same position. */
    ag_state *back;
    if (ag_state_new(g, &back) != AG_OK || ag_state_set_record(back, text) != AG_OK)
      die("ag_state_set_record");
    printf("record replay %s\n", ag_state_equal(back, st) == 1 ? "equal" : "DIFFERENT");
    ag_state_free(back);
  }
  if (!golden) {
    ag_state_reset(st);
    print_playouts(st, c->seed + 1);
  }
  ag_state_free(st);
  ag_game_free(g);
}

int main(int argc, char **argv)
{
  static const struct option opts[] = {
    {"golden", required_argument, NULL, 'g'}, {"seed", required_argument, NULL, 's'},
    {"plies", required_argument, NULL, 'p'}, {NULL, 0, NULL, 0}};
  probe_case golden = {NULL, 1, 1000, {NULL, NULL, NULL}, 1};
  size_t i;
  int c;
  char *end;
  while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
    switch (c) {
    case 'g': golden.spec = optarg; break;
    case 's': golden.seed = strtoull(optarg, &end, 10); if (*end) goto usage; break;
    case 'p': golden.plies = (int)strtol(optarg, &end, 10); if (*end) goto usage; break;
    default: goto usage;
    }
  }
  if (optind < argc) goto usage;
  if (golden.spec) {
    printf("ag-probe golden 1: seed %" PRIu64 ", at most %d plies\n", golden.seed, golden.plies);
    run_case(&golden, 1);
    return 0;
  }
  printf("ag-probe 1\n");
  for (i = 0; i < sizeof cases / sizeof *cases; i++) run_case(&cases[i], 0);
  return 0;
usage:
  fprintf(stderr, "usage: ag-probe (compare its output with tests/probe.expected)\n"
                  "       ag-probe --golden SPEC [--seed N] [--plies P] (tests/golden/)\n");
  return 2;
}
