/* SPDX-License-Identifier: MIT */
/*
 * liubo_sticks_oracle.c -- how much of a duplicate-throw match against one
 * opponent is decided before the players choose: an upper bound on what ANY
 * player can score against opponent B over the throws of a
 * tests/liubo_sticks_match run.
 *
 *   tests/liubo_sticks_oracle [-n PAIRS] [-s SEED] [-b CALLS] [-v] A B
 *
 * Each game is the one liubo_sticks_match plays (pair i: throw stream and
 * player streams from SEED + i, A in seat 0 then seat 1, the game
 * liubo_sticks(max_turns=400)).  B's moves are a fixed function of the
 * positions it is shown (its stream is its own), and the throws are fixed by
 * their order, so the game's result is a function of the seat's choices
 * alone.  Where A lost, a clairvoyant search tries every distinct end of
 * every turn of that seat (depth first, expectimax1's choice first), with B's
 * real replies, and stops at the first won or drawn line.  Verdicts:
 *   won     A won (or drew): counted as 1 (or 1/2);
 *   saved   a better line exists: A's loss was avoidable;
 *   lost    every line loses: no player scores here (the throws and B decide);
 *   unknown the budget of CALLS calls of B ran out: counted as a possible win.
 * The bound is the score counting saved and unknown games as wins (each a
 * possible win) with its 95% Wilson interval; if that interval lies below a
 * target, no player reaches the target against B on this throw law.
 */
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ancientgames.h"

enum { MAXMV = 256, MAXLEAF = 4096, MAXSUB = 8, TEXT = 512 };

typedef struct leaf {
  ag_move seq[MAXSUB];
  int n;
} leaf;

typedef struct oracle {
  const char *opp;
  int seat;
  long calls, budget;
  int out_of_budget;
} oracle;

static void die(const char *what)
{
  fprintf(stderr, "liubo_sticks_oracle: %s: %s\n", what, ag_errmsg());
  exit(2);
}

static double result_for(const ag_state *s, int seat)
{
  int winner = AG_PLAYER_NONE;
  if (ag_state_outcome(s, &winner, NULL) != AG_OUTCOME_WIN) return 0.5;
  return winner == seat ? 1.0 : 0.0;
}

/* Collects the distinct positions at the end of the seat's turn (the move
 * sequences leading there) into L[*n]; texts[] holds their keys. */
static void turn_ends(ag_state *s, int seat, leaf *path, leaf *L, char (*texts)[TEXT], int *n)
{
  ag_move mv[MAXMV];
  size_t k = 0, i;
  int j;
  if (ag_state_current_player(s) != seat || path->n == MAXSUB) {
    size_t len;
    if (ag_state_to_text(s, texts[*n], TEXT, &len) != AG_OK) die("text");
    for (j = 0; j < *n; j++)
      if (strcmp(texts[j], texts[*n]) == 0) return;
    if (*n == MAXLEAF) die("too many turn ends");
    L[(*n)++] = *path;
    return;
  }
  if (ag_state_legal_moves(s, seat, mv, MAXMV, &k) != AG_OK) die("moves");
  for (i = 0; i < k; i++) {
    if (ag_state_apply(s, mv[i]) != AG_OK) die("apply");
    path->seq[path->n++] = mv[i];
    turn_ends(s, seat, path, L, texts, n);
    path->n--;
    ag_state_undo(s);
  }
}

/* The seat's best result from s (restored on return) with throws from *t and
 * B's stream r, both taken by value along each line. */
static double best(oracle *o, ag_state *s, uint64_t t, uint64_t r)
{
  int plies = 0, cur, i, n = 0, first = 0;
  double v = 0;
  leaf *L, path;
  char (*texts)[TEXT];
  while ((cur = ag_state_current_player(s)) != AG_PLAYER_TERMINAL && cur != o->seat) {
    ag_move m;
    if (cur == AG_PLAYER_CHANCE) {
      if (ag_ai_choose(s, "random", &t, &m) != AG_OK) die("throw");
    } else {
      if (o->calls >= o->budget) {
        o->out_of_budget = 1;
        v = 1;   /* unknown: counted as a possible win */
        goto out;
      }
      o->calls++;
      if (ag_ai_choose(s, o->opp, &r, &m) != AG_OK) die(o->opp);
    }
    if (ag_state_apply(s, m) != AG_OK) die("apply");
    plies++;
  }
  if (cur == AG_PLAYER_TERMINAL) {
    v = result_for(s, o->seat);
    goto out;
  }
  L = malloc(sizeof *L * MAXLEAF);
  texts = malloc(sizeof *texts * MAXLEAF);
  if (!L || !texts) die("memory");
  path.n = 0;
  turn_ends(s, o->seat, &path, L, texts, &n);
  /* expectimax1's turn first: good lines early, wins found sooner. */
  {
    uint64_t z = 1;
    int k = 0;
    char key[TEXT];
    size_t len;
    while (ag_state_current_player(s) == o->seat && k < MAXSUB) {
      ag_move m;
      if (ag_ai_choose(s, "expectimax1", &z, &m) != AG_OK || ag_state_apply(s, m) != AG_OK)
        die("expectimax1");
      k++;
    }
    if (ag_state_to_text(s, key, TEXT, &len) != AG_OK) die("text");
    while (k-- > 0) ag_state_undo(s);
    for (i = 0; i < n; i++)
      if (strcmp(texts[i], key) == 0) first = i;
  }
  free(texts);
  for (i = 0; i < n && v < 1 && !o->out_of_budget; i++) {
    const leaf *f = &L[i == 0 ? first : i == first ? 0 : i];
    int j;
    double x;
    for (j = 0; j < f->n; j++)
      if (ag_state_apply(s, f->seq[j]) != AG_OK) die("apply");
    x = best(o, s, t, r);
    for (j = 0; j < f->n; j++) ag_state_undo(s);
    if (x > v) v = x;
  }
  free(L);
out:
  while (plies-- > 0) ag_state_undo(s);
  return v;
}

/* The start of one of A's turns in the game played: the ply, the throw
 * stream and B's stream there. */
typedef struct turn_start {
  long ply;
  uint64_t t, r;
} turn_start;

typedef struct record {
  ag_move *moves;
  long n, cap;
  turn_start *turns;
  long num_turns, cap_turns;
} record;

static void *grow(void *p, long *cap, long need, size_t size)
{
  if (need <= *cap) return p;
  *cap = need * 2;
  p = realloc(p, (size_t)*cap * size);
  if (!p) die("memory");
  return p;
}

/* The game liubo_sticks_match plays: A (seat a_seat, stream seed*2+1) and B
 * (stream seed*2+2); returns A's score and records the moves and A's turns. */
static double play(const ag_game *g, const char *a, const char *b, int a_seat, uint64_t t,
                   uint64_t seed, record *rec)
{
  ag_state *s;
  uint64_t rng[2] = {seed * 2 + 1, seed * 2 + 2};
  int cur, prev = AG_PLAYER_NONE;
  double v;
  rec->n = rec->num_turns = 0;
  if (ag_state_new(g, &s) != AG_OK) die("state");
  while ((cur = ag_state_current_player(s)) != AG_PLAYER_TERMINAL) {
    ag_move m;
    int who = cur == a_seat ? 0 : 1;
    if (cur == a_seat && prev != a_seat) {
      rec->turns = grow(rec->turns, &rec->cap_turns, rec->num_turns + 1, sizeof *rec->turns);
      rec->turns[rec->num_turns].ply = rec->n;
      rec->turns[rec->num_turns].t = t;
      rec->turns[rec->num_turns++].r = rng[1];
    }
    if (cur == AG_PLAYER_CHANCE) {
      if (ag_ai_choose(s, "random", &t, &m) != AG_OK) die("throw");
    } else if (ag_ai_choose(s, who ? b : a, &rng[who], &m) != AG_OK) {
      die(who ? b : a);
    }
    if (ag_state_apply(s, m) != AG_OK) die("apply");
    rec->moves = grow(rec->moves, &rec->cap, rec->n + 1, sizeof *rec->moves);
    rec->moves[rec->n++] = m;
    prev = cur;
  }
  v = result_for(s, a_seat);
  ag_state_free(s);
  return v;
}

/* The best result of A's seat when it keeps the played moves up to its
 * k-th last turn and searches from there; *calls adds B's calls. */
static double best_from(const ag_game *g, const record *rec, long k, oracle *o)
{
  const turn_start *ts = &rec->turns[rec->num_turns - k];
  ag_state *s;
  long i;
  double y;
  if (ag_state_new(g, &s) != AG_OK) die("state");
  for (i = 0; i < ts->ply; i++)
    if (ag_state_apply(s, rec->moves[i]) != AG_OK) die("replay");
  y = best(o, s, ts->t, ts->r);
  ag_state_free(s);
  return y;
}

static void wilson(double x, double n, double *lo, double *hi)
{
  double p = x / n, z = 1.96, d = 1 + z * z / n, c = p + z * z / (2 * n),
         h = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n));
  *lo = (c - h) / d;
  *hi = (c + h) / d;
}

int main(int argc, char **argv)
{
  static const struct option opts[] = {
    {"pairs", required_argument, NULL, 'n'}, {"seed", required_argument, NULL, 's'},
    {"budget", required_argument, NULL, 'b'}, {"verbose", no_argument, NULL, 'v'},
    {"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0}};
  long pairs = 100, i, budget = 20000, count[4] = {0, 0, 0, 0};
  unsigned long long seed = 1;
  double score = 0, bound = 0, lo, hi, games;
  int c, verbose = 0, seat;
  ag_game *g;
  record rec = {NULL, 0, 0, NULL, 0, 0};
  static const char *const verdict[4] = {"won", "saved", "lost", "unknown"};
  while ((c = getopt_long(argc, argv, "n:s:b:vh", opts, NULL)) != -1) {
    char *end = NULL;
    switch (c) {
    case 'n': pairs = strtol(optarg, &end, 10); if (*end || pairs < 1) return 2; break;
    case 's': seed = strtoull(optarg, &end, 10); if (*end) return 2; break;
    case 'b': budget = strtol(optarg, &end, 10); if (*end || budget < 0) return 2; break;
    case 'v': verbose = 1; break;
    case 'h':
      printf("usage: liubo_sticks_oracle [-n PAIRS] [-s SEED] [-b CALLS] [-v] A B\n");
      return 0;
    default: return 2;
    }
  }
  if (argc - optind != 2) {
    fprintf(stderr, "usage: liubo_sticks_oracle [-n PAIRS] [-s SEED] [-b CALLS] [-v] A B\n");
    return 2;
  }
  if (ag_game_new("liubo_sticks(max_turns=400)", &g) != AG_OK) die("game");
  for (i = 0; i < pairs; i++) {
    uint64_t base = seed + (uint64_t)i, t = base * 0x9E3779B97F4A7C15ull;
    for (seat = 0; seat < 2; seat++) {
      record rec0 = rec;
      double x = play(g, argv[optind], argv[optind + 1], seat, t, base, &rec0), y = x;
      int k = 0;
      long back = 0, calls = 0;
      oracle o = {argv[optind + 1], seat, 0, budget, 0};
      rec = rec0;
      /* Searches from ever earlier turns of A: the last one that could be
       * changed to save the game, or the whole game. */
      for (back = 1; x < 1 && back <= rec.num_turns && y <= x && !o.out_of_budget; back++) {
        y = best_from(g, &rec, back, &o);
        calls = o.calls;
      }
      back--;
      if (x < 1) k = o.out_of_budget ? 3 : y > x ? 1 : 2;
      count[k]++;
      score += x;
      bound += k == 0 ? x : k == 2 ? y : 1;
      if (verbose && x < 1)
        fprintf(stderr, "pair %llu seat %d: A scored %.1f in %ld turns, %s (best %.1f from its "
                "turn %ld of the end; %ld calls of B)\n", (unsigned long long)base, seat, x,
                rec.num_turns, verdict[k], y, back, calls);
    }
  }
  games = 2.0 * (double)pairs;
  wilson(score, games, &lo, &hi);
  printf("%s vs %s: %.0f games, A scored %.4f [%.4f, %.4f]\n", argv[optind], argv[optind + 1],
         games, score / games, lo, hi);
  wilson(bound, games, &lo, &hi);
  printf("games won %ld, losses saved %ld, lost whatever the seat plays %ld, unknown %ld "
         "(budget %ld calls of B)\nbound on any player's score against B: %.4f [%.4f, %.4f]\n",
         count[0], count[1], count[2], count[3], budget, bound / games, lo, hi);
  ag_game_free(g);
  free(rec.moves);
  free(rec.turns);
  return 0;
}
