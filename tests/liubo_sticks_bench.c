/* SPDX-License-Identifier: MIT */
/*
 * liubo_sticks_bench.c -- liubo_sticks' benchmark position set and the error
 * rate of its players, as GNU Backgammon's ER: the mean win probability lost
 * per decision (one decision = one whole turn's play) against the best play
 * known for the position.  A benchmark, not a test: `make bench' prints it.
 *
 *   liubo_sticks_bench gen [-n POSITIONS] [-r ROLLOUTS] [-s SEED] [-p ROLLER] > FILE
 *   liubo_sticks_bench er FILE PLAYER...
 *   liubo_sticks_bench cal FILE PLAYER > PAIRS
 *
 * gen takes positions at the start of a turn (the throw made) from games of
 * "expectimax(depth=1)" with a share of random sub-moves (varied games), every
 * few turns; each candidate play is the end-of-turn position that one of the
 * players below reaches; each candidate's value (for the side that played) is
 * the mean of ROLLOUTS games played on by ROLLER from it, rollout j of every
 * candidate of a position using the same throws (common random numbers, so
 * that the candidates' differences are sharper than their values).
 *
 * er plays each position's turn with each PLAYER and looks its end position
 * up among the candidates: ER = mean (best value - value of the play); a play
 * not among the candidates is counted apart ("unrated").  It also prints the
 * calibration of the first PLAYER's ag_ai_analyse win probability against the
 * rollout results of the play it chose: Brier score and a reliability table.
 * cal prints those (probability, results) pairs instead, for
 * tests/liubo_sticks_cal_fit.py (the Platt scaling of the reported value).
 *
 * File format: "P <position text>" then "C <wins> <draws> <losses> <end
 * position text>" per candidate.
 */
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#define BENCH_NAME "liubo_sticks_bench"
#include "bench_common.h"

enum { TEXT = BENCH_TEXT, MAX_CAND = 16, MAX_POS = 2000 };

static const char *const cand_players[] = {
  "ai", "expectimax(depth=2)", "expectimax1", "expectimax(depth=1)",
  "ai(iterations=1000,rollout=40)", "random"};
#define NUM_CAND_PLAYERS (int)(sizeof cand_players / sizeof cand_players[0])

/* The RNG stream of candidate player i at position number pos. */
static uint64_t player_seed(long pos, int i)
{
  return bench_player_seed(pos, i, 12345);
}

/* Plays the rest of the mover's turn with `player'; the end position's text. */
static void play_turn(ag_state *st, const char *player, uint64_t *rng, char *out)
{
  int mover = ag_state_current_player(st), cur;
  ag_move m;
  while ((cur = ag_state_current_player(st)) == mover) {
    if (ag_ai_choose(st, player, rng, &m) != AG_OK) die(player);
    if (ag_state_apply(st, m) != AG_OK) die("apply");
  }
  text_of(st, out);
}

/* Plays a game on from st with `roller' (throws from *throws); the result for
 * `side': 2 win, 1 draw, 0 loss. */
static int roll(ag_state *st, const char *roller, uint64_t *throws, uint64_t *rng, int side)
{
  int cur, winner = AG_PLAYER_NONE;
  ag_move m;
  while ((cur = ag_state_current_player(st)) != AG_PLAYER_TERMINAL) {
    if (ag_ai_choose(st, cur == AG_PLAYER_CHANCE ? "random" : roller,
                     cur == AG_PLAYER_CHANCE ? throws : rng, &m) != AG_OK)
      die("rollout");
    if (ag_state_apply(st, m) != AG_OK) die("apply");
  }
  if (ag_state_outcome(st, &winner, NULL) != AG_OUTCOME_WIN) return 1;
  return winner == side ? 2 : 0;
}

static int gen(ag_game *g, long npos, long rollouts, unsigned long long seed, const char *roller)
{
  ag_state *st, *w;
  uint64_t rng = seed * 0x9E3779B97F4A7C15ull + 1;
  long got = 0, game = 0;
  char start[TEXT], cand[MAX_CAND][TEXT];
  if (ag_state_new(g, &st) != AG_OK || ag_state_new(g, &w) != AG_OK) die("state");
  while (got < npos) {
    int cur, taken = 0, turn = 0;
    ag_state_reset(st);
    game++;
    while ((cur = ag_state_current_player(st)) != AG_PLAYER_TERMINAL && taken < 3) {
      ag_move m;
      if (cur == AG_PLAYER_CHANCE) {
        if (ag_ai_choose(st, "random", &rng, &m) != AG_OK) die("throw");
        if (ag_state_apply(st, m) != AG_OK) die("apply");
        turn++;
        if (turn >= 3 && ag_rng_below(&rng, 4) == 0) {
          int nc = 0, i, j, k;
          text_of(st, start);
          for (i = 0; i < NUM_CAND_PLAYERS; i++) {
            uint64_t prng = player_seed(got, i);
            char end[TEXT];
            if (ag_state_set_text(w, start) != AG_OK) die("set");
            play_turn(w, cand_players[i], &prng, end);
            for (j = 0; j < nc && strcmp(cand[j], end); j++) continue;
            if (j == nc) strcpy(cand[nc++], end);
          }
          printf("P %s\n", start);
          for (j = 0; j < nc; j++) {
            int res[3] = {0, 0, 0}, side = cur = ag_state_current_player(st);
            for (k = 0; k < rollouts; k++) {
              uint64_t throws = (uint64_t)(got * 100000 + k) * 0x9E3779B97F4A7C15ull + 7;
              uint64_t r2 = (uint64_t)k + 1;
              if (ag_state_set_text(w, cand[j]) != AG_OK) die("set");
              res[roll(w, roller, &throws, &r2, side)]++;
            }
            printf("C %d %d %d %s\n", res[2], res[1], res[0], cand[j]);
          }
          fflush(stdout);
          got++, taken++;
          if (got >= npos) break;
        }
      } else {
        const char *p = ag_rng_below(&rng, 6) == 0 ? "random" : "expectimax(depth=1)";
        if (ag_ai_choose(st, p, &rng, &m) != AG_OK) die(p);
        if (ag_state_apply(st, m) != AG_OK) die("apply");
      }
    }
  }
  ag_state_free(st);
  ag_state_free(w);
  fprintf(stderr, "%ld positions from %ld games\n", got, game);
  return 0;
}

typedef struct pos_t {
  char text[TEXT];
  int n;
  cand_t c[MAX_CAND];
} pos_t;

/* Prints each player's ER (to `out'); with `dump', also one line per rated
 * play of the first player: its reported win probability and the rollout
 * results "P WINS DRAWS LOSSES" (tests/liubo_sticks_cal_fit.py reads them). */
static int er(ag_game *g, const char *file, char **players, int np, FILE *out, FILE *dump)
{
  static pos_t pos[MAX_POS];
  FILE *f = fopen(file, "r");
  char line[2 * TEXT];
  int n = 0, i, k;
  ag_state *st;
  bench_cal cal = {10, 0, 0, {0}, {0}, {0}};
  if (!f) {
    perror(file);
    return 2;
  }
  while (fgets(line, sizeof line, f)) {
    line[strcspn(line, "\n")] = '\0';
    if (line[0] == 'P' && n < MAX_POS) {
      strcpy(pos[n].text, line + 2);
      pos[n++].n = 0;
    } else if (line[0] == 'C' && n > 0 && pos[n - 1].n < MAX_CAND) {
      pos[n - 1].n += bench_read_cand(line + 2, &pos[n - 1].c[pos[n - 1].n]);
    }
  }
  fclose(f);
  if (ag_state_new(g, &st) != AG_OK) die("state");
  fprintf(out, "liubo_sticks error rate over %d positions of %s (win probability lost per turn, "
         "x1000; lower is better)\n", n, file);
  for (k = 0; k < np; k++) {
    double lost = 0;
    int rated = 0;
    int ci = bench_player_index(cand_players, NUM_CAND_PLAYERS, players[k]);
    for (i = 0; i < n; i++) {
      char end[TEXT];
      const cand_t *c;
      uint64_t rng = player_seed(i, ci);
      if (ag_state_set_text(st, pos[i].text) != AG_OK) die("set");
      if (k == 0) {
        ag_analysis an;
        an.size = sizeof an;
        if (ag_ai_analyse(st, ag_state_current_player(st), players[0], &rng, NULL, &an, NULL,
                          0, NULL, 0) != AG_OK)
          die("analyse");
        rng = player_seed(i, ci);
        play_turn(st, players[0], &rng, end);
        if ((c = bench_find(pos[i].c, pos[i].n, end)) != NULL) {
          if (dump) fprintf(dump, "%.6f %d %d %d\n", an.value, c->w, c->d, c->l);
          bench_cal_add(&cal, an.value, c);
        }
        if (ag_state_set_text(st, pos[i].text) != AG_OK) die("set");
        rng = player_seed(i, ci);
      }
      play_turn(st, players[k], &rng, end);
      if ((c = bench_find(pos[i].c, pos[i].n, end)) != NULL) {
        lost += bench_best(pos[i].c, pos[i].n) - c->value;
        rated++;
      }
    }
    fprintf(out, "  %-34s ER %6.2f  (%d rated, %d unrated)\n", players[k],
           rated ? 1000 * lost / rated : 0, rated, n - rated);
  }
  if (cal.outcomes) {
    fprintf(out, "calibration of %s's win probability against %ld rollout results: Brier %.4f\n",
           players[0], cal.outcomes, cal.brier / (double)cal.outcomes);
    bench_cal_print(&cal, out);
  }
  ag_state_free(st);
  return 0;
}

int main(int argc, char **argv)
{
  static const struct option opts[] = {
    {"positions", required_argument, NULL, 'n'}, {"rollouts", required_argument, NULL, 'r'},
    {"seed", required_argument, NULL, 's'},      {"roller", required_argument, NULL, 'p'},
    {NULL, 0, NULL, 0}};
  long npos = 150, rollouts = 24;
  unsigned long long seed = 1;
  const char *roller = "expectimax(depth=2)";
  ag_game *g;
  int c, rc;
  while ((c = getopt_long(argc, argv, "n:r:s:p:", opts, NULL)) != -1) {
    switch (c) {
    case 'n': npos = atol(optarg); break;
    case 'r': rollouts = atol(optarg); break;
    case 's': seed = strtoull(optarg, NULL, 10); break;
    case 'p': roller = optarg; break;
    default: goto usage;
    }
  }
  if (argc - optind < 1) goto usage;
  if (ag_game_new("liubo_sticks(max_turns=400)", &g) != AG_OK) die("game");
  if (!strcmp(argv[optind], "gen") && rollouts > 0 && npos > 0)
    rc = gen(g, npos, rollouts, seed, roller);
  else if (!strcmp(argv[optind], "er") && argc - optind >= 3)
    rc = er(g, argv[optind + 1], argv + optind + 2, argc - optind - 2, stdout, NULL);
  else if (!strcmp(argv[optind], "cal") && argc - optind == 3)
    rc = er(g, argv[optind + 1], argv + optind + 2, 1, stderr, stdout);
  else
    goto usage;
  ag_game_free(g);
  return rc;
usage:
  fprintf(stderr, "usage: liubo_sticks_bench gen [-n N] [-r R] [-s SEED] [-p ROLLER] > FILE\n"
                  "       liubo_sticks_bench er FILE PLAYER...\n"
                  "       liubo_sticks_bench cal FILE PLAYER > PAIRS\n");
  return 2;
}
