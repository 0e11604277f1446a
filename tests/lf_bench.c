/* SPDX-License-Identifier: MIT */
/*
 * lf_bench.c -- liubo_fingers' benchmark position set and the error rate of
 * its players, as GNU Backgammon's ER: the mean expected score lost per
 * action decision against the best candidate known for the position, and
 * the calibration of the ai's win probability.  A benchmark, not a test:
 * `make bench' prints it (the same measures as tests/liubo_sticks_bench.c,
 * for the game whose decisions are one action after a finger round).
 *
 *   lf_bench gen [-n POSITIONS] [-r ROLLOUTS] [-s SEED] [-p ROLLER] [-g SPEC]
 *                [-t ROUNDS] [-m ROUNDS,...] > FILE
 *   lf_bench er FILE PLAYER...
 *   lf_bench cal FILE PLAYER > PAIRS
 *
 * gen takes positions where a side spends a count (the action after a
 * finger round, with at least two different outcomes) from games of
 * "ai(depth=1)" with one action in six random (varied games), about one
 * round in five after the third; the candidates are the positions the
 * players below reach from it (the same RNG streams as er replays, so each
 * listed player's choice is among them; "ref" is tests/lf_match's reference,
 * whose action is the best one-ply one by its evaluation, copied below), and
 * each candidate's value is the mean of ROLLOUTS games played on by ROLLER
 * (default "ai", the strongest player; the sets before 0.4.1 used
 * "ai(depth=1)"), rollout j of every candidate with the same RNG streams
 * (common random numbers: the candidates' differences are sharper than
 * their values).  A
 * game that reaches the round cap is a draw, as in the library (half a
 * point).  With -t ROUNDS (truncated rollouts, as GNU Backgammon's), a
 * rollout still going after ROUNDS finger rounds past the candidate stops at
 * the next round and scores ROLLER's own win probability there for the side
 * that acted (ag_ai_analyse's value: ROLLER must analyse, e.g. "ai"); -t 0,
 * the default, plays every rollout to its end.  -m ROUNDS,... (the check of
 * a truncation's bias) adds after each candidate a "#" line with the value
 * each of those truncations would have given on the same streams:
 * "# at ROUNDS VALUE ...".  gen starts each run with a "#" line of its recipe.
 *
 * er plays each position's action with each PLAYER and looks the result up
 * among the candidates: ER = mean (best value - value of the play), x1000,
 * with its standard error over the positions ("+-", the spread of the
 * positions' losses only, not the rollouts' noise); a play not among them is
 * counted apart ("unrated").  It then checks the
 * first PLAYER's ag_ai_analyse win probability against the rollout results
 * of the play it chose: Brier score and a reliability table.  cal prints
 * those (probability, results) pairs instead, for the Platt scaling of the
 * reported value (tests/liubo_sticks_cal_fit.py with the fingers' header).
 *
 * File format: "G <game spec>" starts a game's positions; "P <position
 * text>", then per candidate either "C <wins> <draws> <losses> <candidate
 * text>" (rollouts played to the end) or, with -t, "E <rollouts> <sum>
 * <sum of squares> <candidate text>" (results in [0, 1]: 1 a win, 0.5 a
 * draw, 0 a loss, or the estimate where a rollout was truncated); results
 * for the side that acted.  Other lines ("#") are comments.  Calibration
 * counts a fractional result q as (p - q)^2 of the Brier score and q of the
 * observed mean.
 */
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <math.h>
#define BENCH_NAME "lf_bench"
#include "bench_common.h"
#include "lf_ref.h"

enum { TEXT = BENCH_TEXT, MAX_CAND = 8, MAX_POS = 1000, MAX_MOVES = 512, MAX_MARKS = 8 };

static const char *const cand_players[] = {
  "ai", "ai(depth=1)", "mcts(iterations=1000,rollout=40)", "random", "ref"};
#define NUM_CAND_PLAYERS (int)(sizeof cand_players / sizeof cand_players[0])

/* The RNG stream of candidate player i at position number pos. */
static uint64_t player_seed(long pos, int i)
{
  return bench_player_seed(pos, i, 4242);
}

/* "ref": tests/lf_match.c's reference player's action (lf_ref.h): the best
 * one-ply action by its evaluation. */
static ag_move ref_action(ag_state *st)
{
  static ref r;
  ag_move best = 0;
  double v;
  if (r.g != ag_state_game(st)) ref_init(&r, ag_state_game(st));
  if (ref_best_action(&r, st, &best, &v) != AG_OK) die("ref");
  return best;
}

/* One step of play by `player' for whoever is to move (both sides in a
 * finger round, each with its own stream). */
static void step(ag_state *st, const char *player, uint64_t rng[2])
{
  int cur = ag_state_current_player(st);
  ag_move mv[2];
  if (cur == AG_PLAYER_SIMULTANEOUS) {
    if (ag_ai_choose_player(st, 0, player, &rng[0], &mv[0]) != AG_OK ||
        ag_ai_choose_player(st, 1, player, &rng[1], &mv[1]) != AG_OK)
      die(player);
    if (ag_state_apply_joint(st, mv, 2) != AG_OK) die("apply");
  } else {
    if (ag_ai_choose(st, player, &rng[cur], &mv[0]) != AG_OK) die(player);
    if (ag_state_apply(st, mv[0]) != AG_OK) die("apply");
  }
}

/* The mover's action by `player'; the resulting position's text. */
static void act(ag_state *st, const char *player, uint64_t seed, char *out)
{
  ag_move m;
  uint64_t rng = seed;
  if (!strcmp(player, "ref")) m = ref_action(st);
  else if (ag_ai_choose(st, player, &rng, &m) != AG_OK) die(player);
  if (ag_state_apply(st, m) != AG_OK) die("apply");
  text_of(st, out);
}

/* `roller''s win probability for `side' at st (a finger round). */
static double estimate(const ag_state *st, const char *roller, int side)
{
  ag_analysis an;
  uint64_t rng = 1;
  memset(&an, 0, sizeof an);
  an.size = sizeof an;
  if (ag_ai_analyse(st, side, roller, &rng, NULL, &an, NULL, 0, NULL, 0) != AG_OK) die(roller);
  return an.value;
}

/* Plays on with `roller' for `side': 1 a win, 0.5 a draw, 0 a loss, or with
 * trunc > 0, when trunc finger rounds are played and the game goes on, the
 * roller's estimate there.  at[i] (i < nm) receives what the truncation
 * after marks[i] rounds would have given. */
static double roll(ag_state *st, const char *roller, uint64_t rng[2], int side, int trunc,
                   const int *marks, int nm, double *at)
{
  int winner = AG_PLAYER_NONE, rounds = 0, i;
  double v;
  for (i = 0; i < nm; i++) at[i] = -1;
  while (ag_state_is_terminal(st) != 1) {
    if (ag_state_current_player(st) == AG_PLAYER_SIMULTANEOUS) {
      for (i = 0; i < nm; i++)
        if (marks[i] == rounds) at[i] = estimate(st, roller, side);
      if (trunc > 0 && rounds == trunc) return estimate(st, roller, side);
      rounds++;
    }
    step(st, roller, rng);
  }
  v = ag_state_outcome(st, &winner, NULL) != AG_OUTCOME_WIN ? 0.5 : winner == side ? 1 : 0;
  for (i = 0; i < nm; i++)
    if (at[i] < 0) at[i] = v;
  return v;
}

/* Whether the mover's actions lead to at least two different positions. */
static int is_decision(ag_state *st)
{
  ag_move l[MAX_MOVES];
  size_t n = 0, i;
  char first[TEXT], t[TEXT];
  if (ag_state_legal_moves(st, ag_state_current_player(st), l, MAX_MOVES, &n) != AG_OK) die("legal");
  for (i = 0; i < n; i++) {
    if (ag_state_apply(st, l[i]) != AG_OK) die("apply");
    text_of(st, i ? t : first);
    ag_state_undo(st);
    if (i && strcmp(t, first)) return 1;
  }
  return 0;
}

static int gen(const char *spec, long npos, long rollouts, unsigned long long seed, const char *roller,
               int trunc, const int *marks, int nm)
{
  ag_game *g;
  ag_state *st, *w;
  uint64_t rng[2] = {seed * 0x9E3779B97F4A7C15ull + 1, seed * 0xD1B54A32D192ED03ull + 2};
  long got = 0, games = 0;
  char start[TEXT], cand[MAX_CAND][TEXT];
  if (ag_game_new(spec, &g) != AG_OK || ag_state_new(g, &st) != AG_OK || ag_state_new(g, &w) != AG_OK)
    die(spec);
  printf("G %s\n", spec);
  printf("# lf_bench gen -n %ld -r %ld -s %llu -p '%s' -t %d -g '%s'\n", npos, rollouts, seed, roller,
         trunc, spec);
  while (got < npos) {
    int taken = 0, rounds = 0, cur;
    ag_state_reset(st);
    games++;
    while (ag_state_is_terminal(st) != 1 && taken < 3 && got < npos) {
      cur = ag_state_current_player(st);
      if (cur == AG_PLAYER_SIMULTANEOUS) {
        step(st, "ai(depth=1)", rng);
        rounds++;
        continue;
      }
      if (rounds > 3 && ag_rng_below(&rng[0], 5) == 0 && is_decision(st)) {
        int nc = 0, i, j, k;
        text_of(st, start);
        for (i = 0; i < NUM_CAND_PLAYERS; i++) {
          char end[TEXT];
          if (ag_state_set_text(w, start) != AG_OK) die("set");
          act(w, cand_players[i], player_seed(got, i), end);
          for (j = 0; j < nc && strcmp(cand[j], end); j++) continue;
          if (j == nc) strcpy(cand[nc++], end);
        }
        printf("P %s\n", start);
        for (j = 0; j < nc; j++) {
          int res[3] = {0, 0, 0}, m;
          double sum = 0, sum2 = 0, at[MAX_MARKS], at_sum[MAX_MARKS] = {0};
          for (k = 0; k < rollouts; k++) {
            uint64_t r2[2] = {(uint64_t)(got * 100000 + k) * 0x9E3779B97F4A7C15ull + 7,
                              (uint64_t)(got * 100000 + k) * 0xD1B54A32D192ED03ull + 9};
            double v;
            if (ag_state_set_text(w, cand[j]) != AG_OK) die("set");
            v = roll(w, roller, r2, cur, trunc, marks, nm, at);
            sum += v, sum2 += v * v;
            res[v == 1 ? 2 : v == 0 ? 0 : 1]++;
            for (m = 0; m < nm; m++) at_sum[m] += at[m];
          }
          if (trunc > 0) printf("E %ld %.6f %.6f %s\n", rollouts, sum, sum2, cand[j]);
          else printf("C %d %d %d %s\n", res[2], res[1], res[0], cand[j]);
          if (nm) {
            printf("# at");
            for (m = 0; m < nm; m++) printf(" %d %.6f", marks[m], at_sum[m] / rollouts);
            printf("\n");
          }
        }
        fflush(stdout);
        got++, taken++;
      }
      {
        const char *p = ag_rng_below(&rng[0], 6) == 0 ? "random" : "ai(depth=1)";
        ag_move m;
        if (ag_ai_choose(st, p, &rng[cur], &m) != AG_OK) die(p);
        if (ag_state_apply(st, m) != AG_OK) die("apply");
      }
    }
  }
  fprintf(stderr, "%ld positions of %s from %ld games\n", got, spec, games);
  ag_state_free(st);
  ag_state_free(w);
  ag_game_free(g);
  return 0;
}

typedef struct pos_t {
  int game;              /* index of its game spec */
  int section;           /* index of its G line: gen numbers a run's positions from 0 */
  char text[TEXT];
  int n;
  cand_t c[MAX_CAND];
} pos_t;

/* The candidate of position p reached by player pl (its stream at number i); NULL if none. */
static const cand_t *play(ag_state *st, const pos_t *p, long i, const char *pl)
{
  char end[TEXT];
  int ci = bench_player_index(cand_players, NUM_CAND_PLAYERS, pl);
  if (ag_state_set_text(st, p->text) != AG_OK) die("set");
  act(st, pl, player_seed(i, ci), end);
  return bench_find(p->c, p->n, end);
}

/* Prints each player's ER (to `out'); with `dump', also one line per rated
 * play of the first player: its reported win probability and the rollout
 * results "P WINS DRAWS LOSSES" (tests/liubo_sticks_cal_fit.py reads them). */
static int er(const char *file, char **players, int np, FILE *out, FILE *dump)
{
  static pos_t pos[MAX_POS];
  static char specs[8][TEXT];
  ag_game *g[8];
  ag_state *st[8];
  FILE *f = fopen(file, "r");
  char line[2 * TEXT];
  int n = 0, ng = 0, nsec = 0, cur_game = -1, i, k;
  long index[64] = {0}, idx;
  bench_cal cal = {5, 0, 0, {0}, {0}, {0}};
  if (!f) {
    perror(file);
    return 2;
  }
  while (fgets(line, sizeof line, f)) {
    line[strcspn(line, "\n")] = '\0';
    if (line[0] == 'G' && nsec < 64) {
      for (cur_game = 0; cur_game < ng && strcmp(specs[cur_game], line + 2); cur_game++) continue;
      if (cur_game == ng && ng < 8) strcpy(specs[ng++], line + 2);
      if (cur_game < ng) nsec++;
    } else if (line[0] == 'P' && n < MAX_POS && nsec > 0 && cur_game < ng) {
      pos[n].game = cur_game;
      pos[n].section = nsec - 1;
      strcpy(pos[n].text, line + 2);
      pos[n++].n = 0;
    } else if (line[0] == 'C' && n > 0 && pos[n - 1].n < MAX_CAND) {
      pos[n - 1].n += bench_read_cand(line + 2, &pos[n - 1].c[pos[n - 1].n]);
    } else if (line[0] == 'E' && n > 0 && pos[n - 1].n < MAX_CAND) {
      pos[n - 1].n += bench_read_est(line + 2, &pos[n - 1].c[pos[n - 1].n]);
    }
  }
  fclose(f);
  for (i = 0; i < ng; i++)
    if (ag_game_new(specs[i], &g[i]) != AG_OK || ag_state_new(g[i], &st[i]) != AG_OK) die(specs[i]);
  fprintf(out, "liubo_fingers error rate over %d action decisions of %s (expected score lost per "
         "decision, x1000; lower is better)\n", n, file);
  fprintf(out, "  %-34s", "player");
  for (i = 0; i < ng; i++) fprintf(out, " %-28.28s", specs[i]);
  fprintf(out, "   all\n");
  for (k = 0; k < np; k++) {
    double lost[9] = {0}, lost2 = 0, se = 0;
    int rated[9] = {0}, unrated = 0;
    for (i = 0; i < nsec; i++) index[i] = 0;
    for (i = 0; i < n; i++) {
      const pos_t *p = &pos[i];
      const cand_t *c;
      double best = bench_best(p->c, p->n);
      idx = index[p->section]++;
      c = play(st[p->game], p, idx, players[k]);
      if (!c) {
        unrated++;
        continue;
      }
      lost[p->game] += best - c->value, rated[p->game]++;
      lost[8] += best - c->value, rated[8]++;
      lost2 += (best - c->value) * (best - c->value);
      if (k == 0) {
        ag_analysis an;
        uint64_t rng = 1;
        an.size = sizeof an;
        if (ag_state_set_text(st[p->game], p->text) != AG_OK) die("set");
        if (ag_ai_analyse(st[p->game], ag_state_current_player(st[p->game]), players[0], &rng,
                          NULL, &an, NULL, 0, NULL, 0) != AG_OK)
          die("analyse");
        /* an "E" candidate: its sum of results as wins, the rest as losses */
        if (dump && c->est) fprintf(dump, "%.6f %.6f 0 %.6f\n", an.value, c->sum, c->n - c->sum);
        else if (dump) fprintf(dump, "%.6f %d %d %d\n", an.value, c->w, c->d, c->l);
        bench_cal_add(&cal, an.value, c);
      }
    }
    fprintf(out, "  %-34s", players[k]);
    for (i = 0; i < ng; i++)
      fprintf(out, " ER %6.2f (%3d rated)        ", rated[i] ? 1000 * lost[i] / rated[i] : 0, rated[i]);
    if (rated[8] > 1) {
      double mean = lost[8] / rated[8], var = lost2 / rated[8] - mean * mean;
      se = var > 0 ? 1000 * sqrt(var / (rated[8] - 1)) : 0;
    }
    fprintf(out, " ER %6.2f +- %5.2f, %d unrated\n", rated[8] ? 1000 * lost[8] / rated[8] : 0, se,
            unrated);
  }
  if (cal.outcomes) {
    fprintf(out, "calibration of %s's win probability (ag_ai_analyse) against %ld rollout results "
           "of its play: Brier %.4f\n", players[0], cal.outcomes, cal.brier / (double)cal.outcomes);
    bench_cal_print(&cal, out);
  }
  for (i = 0; i < ng; i++) {
    ag_state_free(st[i]);
    ag_game_free(g[i]);
  }
  return 0;
}

int main(int argc, char **argv)
{
  static const struct option opts[] = {
    {"positions", required_argument, NULL, 'n'}, {"rollouts", required_argument, NULL, 'r'},
    {"seed", required_argument, NULL, 's'},      {"roller", required_argument, NULL, 'p'},
    {"spec", required_argument, NULL, 'g'},      {"truncate", required_argument, NULL, 't'},
    {"marks", required_argument, NULL, 'm'},     {NULL, 0, NULL, 0}};
  long npos = 150, rollouts = 16;
  unsigned long long seed = 1;
  const char *roller = "ai", *spec = "liubo_fingers";
  int c, trunc = 0, marks[MAX_MARKS], nm = 0;
  while ((c = getopt_long(argc, argv, "n:r:s:p:g:t:m:", opts, NULL)) != -1) {
    switch (c) {
    case 't': trunc = atoi(optarg); break;
    case 'm': {
      char *q = optarg;
      for (nm = 0; nm < MAX_MARKS && *q; nm++) {
        marks[nm] = (int)strtol(q, &q, 10);
        if (*q == ',') q++;
      }
      break;
    }
    case 'n': npos = atol(optarg); break;
    case 'r': rollouts = atol(optarg); break;
    case 's': seed = strtoull(optarg, NULL, 10); break;
    case 'p': roller = optarg; break;
    case 'g': spec = optarg; break;
    default: goto usage;
    }
  }
  if (argc - optind < 1) goto usage;
  if (!strcmp(argv[optind], "gen") && rollouts > 0 && npos > 0 && npos <= MAX_POS)
    return gen(spec, npos, rollouts, seed, roller, trunc, marks, nm);
  if (!strcmp(argv[optind], "er") && argc - optind >= 3)
    return er(argv[optind + 1], argv + optind + 2, argc - optind - 2, stdout, NULL);
  if (!strcmp(argv[optind], "cal") && argc - optind == 3)
    return er(argv[optind + 1], argv + optind + 2, 1, stderr, stdout);
usage:
  fprintf(stderr, "usage: lf_bench gen [-n N] [-r R] [-s SEED] [-p ROLLER] [-g SPEC] [-t ROUNDS]\n"
                  "                    [-m ROUNDS,...] > FILE\n"
                  "       lf_bench er FILE PLAYER...\n"
                  "       lf_bench cal FILE PLAYER > PAIRS\n");
  return 2;
}
