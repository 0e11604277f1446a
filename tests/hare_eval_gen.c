/* SPDX-License-Identifier: MIT */
/*
 * hare_eval_gen.c -- samples positions of the hare hunt with their solved
 * values, the training data of the hare AI's learned evaluation
 * (lib/ai/hare_eval_weights.h, fitted by tests/hare_eval_fit.py).  Built on
 * demand, never run by make check:
 *
 *   make tests/hare_eval_gen
 *   tests/hare_eval_gen SOLUTION OUT [GAMES [AI_GAMES [AI [AI_SEAT]]]]
 *
 * SOLUTION is a full solution file of the hare hunt (ag-solve -o FILE;
 * hare(hunters=12) answers 10, 11 and 12 hunters).  From every historical
 * start it answers (hunters = 10 .. max, first = hunters | hare) it plays
 * GAMES games (default 200) in which each side plays the perfect move, or a
 * random one with a probability that differs from game to game (0 to 1), so
 * that the games go through good lines and through the positions a search
 * meets a few plies off them.  Then AI_GAMES games (default 0) per start in
 * which the hare plays the player AI (default "alphabeta(nodes=20000)") and
 * the hunters the perfect move (a random one in 3% of their moves): the
 * positions the AI's own search meets against good hunters.  (The AI plays
 * with the library as built, i.e. with the evaluation being refitted.)  It
 * writes every position of these games at a
 * turn boundary, and every position one move after it, as fixed 12-byte
 * records (little endian):
 *
 *   uint32 hunters mask (bit p: a hunter on point p = 5*(row-1)+col)
 *   uint8  hare's point
 *   uint8  side to move (0 hunters, 1 hare)
 *   int8   solved value for the hunters (+1 win, 0 draw, -1 loss)
 *   uint8  0
 *   uint16 distance in turns to the end with best play (0 for a draw)
 *   uint16 0
 *
 * Duplicates are left in (the fit weighs positions by how often they come).
 * Deterministic: the same solution and GAMES give the same file.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ancientgames.h"
#include "hare_read_board.h"

static void die(const char *what)
{
  fprintf(stderr, "hare_eval_gen: %s: %s\n", what, ag_errmsg());
  exit(1);
}

/* Writes the record of st when it is a turn boundary the solution answers. */
static long emit(FILE *out, const ag_solution *sol, const ag_state *st)
{
  unsigned char r[12];
  int hare, stm = ag_state_current_player(st), v = 0, d = 0, hv;
  uint32_t hunters;
  if (stm != 0 && stm != 1) return 0;
  read_board(st, &hare, &hunters);
  if (hare < 0 || ag_solution_lookup(sol, hare, hunters, stm, &v, &d) != AG_OK) return 0;
  hv = stm == 0 ? v : -v;
  memset(r, 0, sizeof r);
  r[0] = (unsigned char)(hunters & 0xff);
  r[1] = (unsigned char)(hunters >> 8 & 0xff);
  r[2] = (unsigned char)(hunters >> 16 & 0xff);
  r[3] = (unsigned char)(hunters >> 24 & 0xff);
  r[4] = (unsigned char)hare;
  r[5] = (unsigned char)stm;
  r[6] = (unsigned char)(signed char)hv;
  r[8] = (unsigned char)(d & 0xff);
  r[9] = (unsigned char)(d >> 8 & 0xff);
  if (fwrite(r, sizeof r, 1, out) != 1) {
    perror("hare_eval_gen: write");
    exit(1);
  }
  return 1;
}

/* Whether st is in the middle of the hare's capture chain (the solution
 * answers turn boundaries only). */
static int mid_chain(const ag_state *st)
{
  ag_move last[1];
  size_t n = 0, ply = ag_state_ply(st);
  ag_move *h;
  int kind = 0;
  if (ply == 0 || ag_state_current_player(st) != 1) return 0;
  h = malloc(ply * sizeof *h);
  if (!h) die("memory");
  if (ag_state_history(st, h, ply, &n) != AG_OK || n == 0) die("history");
  last[0] = h[n - 1];
  free(h);
  ag_move_info(ag_state_game(st), last[0], &kind, NULL, NULL);
  return kind == AG_MOVE_JUMP;
}

int main(int argc, char **argv)
{
  ag_solution *sol;
  FILE *out;
  int games = argc > 3 ? atoi(argv[3]) : 200, ai_games = argc > 4 ? atoi(argv[4]) : 0;
  const char *ai = argc > 5 ? argv[5] : "alphabeta(nodes=20000)";
  int ai_seat = argc > 6 ? atoi(argv[6]) : 1;
  int chain = 1, maxh = 0, h, first, k;
  long written = 0;
  uint64_t rng = 20261201;
  if (argc < 3) {
    fprintf(stderr, "usage: hare_eval_gen SOLUTION OUT [GAMES [AI_GAMES [AI [AI_SEAT]]]]\n");
    return 2;
  }
  if (ag_solution_load(argv[1], &sol) != AG_OK) die(argv[1]);
  ag_solution_variant(sol, &chain, &maxh);
  out = fopen(argv[2], "wb");
  if (!out) {
    perror(argv[2]);
    return 1;
  }
  for (h = 10; h <= maxh; h++)
    for (first = 0; first < 2; first++)
      for (k = 0; k < games + ai_games; k++) {
        char spec[96];
        ag_game *g;
        ag_state *st, *child;
        /* The chance of a random move: none in a tenth of the games, up to
         * every move in a few; each side its own. */
        double eps[2];
        int i;
        for (i = 0; i < 2; i++) {
          uint64_t r = ag_rng_below(&rng, 10);
          eps[i] = r == 0 ? 0.0 : r < 8 ? 0.03 * (double)r : r == 8 ? 0.5 : 1.0;
        }
        if (k >= games) eps[!ai_seat] = 0.03;
        snprintf(spec, sizeof spec, "hare(hunters=%d,first=%s,chain=%d,max_plies=400)", h,
                 first ? "hare" : "hunters", chain);
        if (ag_game_new(spec, &g) != AG_OK || ag_state_new(g, &st) != AG_OK ||
            ag_state_new(g, &child) != AG_OK)
          die(spec);
        while (!ag_state_is_terminal(st)) {
          ag_move mv[64], m;
          size_t n = 0, j;
          int p = ag_state_current_player(st);
          if (!mid_chain(st)) {
            written += emit(out, sol, st);
            if (ag_state_legal_moves(st, p, mv, 64, &n) != AG_OK) die("moves");
            for (j = 0; j < n; j++) {
              if (ag_state_copy(child, st) != AG_OK || ag_state_apply(child, mv[j]) != AG_OK)
                die("child");
              if (!ag_state_is_terminal(child) && !mid_chain(child))
                written += emit(out, sol, child);
            }
          }
          if (k >= games && p == ai_seat) {
            if (ag_ai_choose(st, ai, &rng, &m) != AG_OK) die(ai);
          } else if ((double)ag_rng_below(&rng, 1000000) < eps[p] * 1e6) {
            if (ag_ai_choose(st, "random", &rng, &m) != AG_OK) die("random");
          } else if (ag_ai_choose_solved(st, sol, &rng, &m) != AG_OK)
            die("perfect");
          if (ag_state_apply(st, m) != AG_OK) die("apply");
        }
        ag_state_free(child);
        ag_state_free(st);
        ag_game_free(g);
      }
  if (fclose(out) != 0) {
    perror(argv[2]);
    return 1;
  }
  fprintf(stderr, "hare_eval_gen: %ld positions\n", written);
  ag_solution_free(sol);
  return 0;
}
