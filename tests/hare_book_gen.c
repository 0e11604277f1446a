/* SPDX-License-Identifier: MIT */
/*
 * hare_book_gen.c -- makes the hunters' opening book of the hare AI,
 * lib/ai/hare_book.h, from a full solution of the hare hunt.  Built on
 * demand, never run by make check:
 *
 *   make tests/hare_book_gen
 *   tests/hare_book_gen SOLUTION OUT [MOVES [TIES]]
 *
 * SOLUTION is a full solution file (ag-solve "hare(hunters=12)" -o FILE:
 * it answers 10, 11 and 12 hunters).  From every historical start it
 * answers (hunters = 10 .. max, first = hunters | hare; chain as solved) it
 * walks every line in which the hare plays any legal move and the hunters
 * play the book's move, for the hunters' first MOVES moves (default 8), and
 * writes one entry per position with the hunters to move: their perfect
 * move, the one that wins in the fewest turns against the hare's best
 * defence.  Among equally short wins TIES picks: "first" (default) the
 * first in the game's move order, or an AI spec (e.g. "ai"): the move
 * that player chooses when it is one of them, so that the book's lines stay
 * near the search's own.  The AI plays with the library as built (with its
 * book, if it has one: a regenerated book then keeps its moves).
 *
 * Why a book: the learned evaluation is worth about six turns of error
 * (rms) in the opening, where the perfect line is longest; a wrong first
 * or second move costs up to six turns of the win, and the search, which
 * sees a dozen plies, cannot see that far.  Deterministic: the same solution
 * and arguments give the same file.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ancientgames.h"
#include "hare_read_board.h"

static void die(const char *what)
{
  fprintf(stderr, "hare_book_gen: %s: %s\n", what, ag_errmsg());
  exit(1);
}

typedef struct entry {
  uint32_t hunters;
  int hare, from, to, turns, moves_left;
} entry;

static entry *book;
static size_t nbook, capbook;
static const ag_solution *sol;
static const char *ties = "first";
static long probes;

static entry *find(uint32_t hunters, int hare)
{
  size_t i;
  for (i = 0; i < nbook; i++)      /* a few thousand entries: a scan will do */
    if (book[i].hunters == hunters && book[i].hare == hare) return &book[i];
  return NULL;
}

/* The hunters' turns to their win after they play m in st (large when m
 * does not win). */
static int turns_after(ag_state *st, ag_move m)
{
  int v = 0, d = 0, winner = AG_PLAYER_NONE, r;
  if (ag_state_apply(st, m) != AG_OK) die("apply");
  if (ag_state_is_terminal(st) == 1) {
    r = ag_state_outcome(st, &winner, NULL) == AG_OUTCOME_WIN && winner == 0 ? 0 : 100000;
  } else {
    if (ag_solution_probe(sol, st, &v, &d) != AG_OK) die("probe");
    probes++;
    /* the side to move now is the hare (or the hunters again: never, they
     * have no chains) */
    r = ag_state_current_player(st) == 1 ? (v < 0 ? d : 100000) : (v > 0 ? d : 100000);
  }
  ag_state_undo(st);
  return r;
}

/* The book's move for the hunters in st: the shortest win, ties by `ties'. */
static void choose(ag_state *st, int *from, int *to, int *turns)
{
  ag_move mv[64], pick = 0, best[64];
  size_t n = 0, i, nbest = 0;
  int bt = 100000;
  const ag_game *g = ag_state_game(st);
  if (ag_state_legal_moves(st, 0, mv, 64, &n) != AG_OK || n == 0) die("legal moves");
  for (i = 0; i < n; i++) {
    int t = turns_after(st, mv[i]);
    if (t < bt) { bt = t; nbest = 0; }
    if (t == bt) best[nbest++] = mv[i];
  }
  if (bt >= 100000) die("a start the hunters do not win");
  pick = best[0];
  if (nbest > 1 && strcmp(ties, "first") != 0) {
    uint64_t rng = 1;
    ag_move m = 0;
    if (ag_ai_choose(st, ties, &rng, &m) != AG_OK) die(ties);
    for (i = 0; i < nbest; i++)
      if (best[i] == m) pick = m;
  }
  if (ag_move_info(g, pick, NULL, from, to) != AG_OK) die("move info");
  *turns = bt;
}

/* Every line from st: the hare's every move, the hunters' book move, while
 * the hunters have moves_left moves of the book to play. */
static void walk(ag_state *st, int moves_left)
{
  ag_move mv[64];
  size_t n = 0, i;
  if (ag_state_is_terminal(st) == 1) return;
  if (ag_state_current_player(st) == 1) {
    if (ag_state_legal_moves(st, 1, mv, 64, &n) != AG_OK) die("legal moves");
    for (i = 0; i < n; i++) {
      if (ag_state_apply(st, mv[i]) != AG_OK) die("apply");
      walk(st, moves_left);
      ag_state_undo(st);
    }
    return;
  }
  if (moves_left == 0) return;
  {
    uint32_t hunters;
    int hare, from, to, turns;
    entry *e;
    ag_move m;
    char text[48];
    read_board(st, &hare, &hunters);
    e = find(hunters, hare);
    if (e && e->moves_left >= moves_left) return;      /* walked as far already */
    if (!e) {
      choose(st, &from, &to, &turns);
      if (nbook == capbook) {
        capbook = capbook ? 2 * capbook : 1024;
        book = realloc(book, capbook * sizeof *book);
        if (!book) die("out of memory");
      }
      e = &book[nbook++];
      e->hunters = hunters, e->hare = hare, e->from = from, e->to = to, e->turns = turns;
    }
    e->moves_left = moves_left;
    snprintf(text, sizeof text, "%c%d-%c%d", 'a' + e->from % 5, e->from / 5 + 1, 'a' + e->to % 5,
             e->to / 5 + 1);
    if (ag_move_from_text(ag_state_game(st), text, &m) != AG_OK) die(text);
    if (ag_state_apply(st, m) != AG_OK) die("apply");
    walk(st, moves_left - 1);
    ag_state_undo(st);
  }
}

static int by_key(const void *a, const void *b)
{
  const entry *x = a, *y = b;
  if (x->hunters != y->hunters) return x->hunters < y->hunters ? -1 : 1;
  return (x->hare > y->hare) - (x->hare < y->hare);
}

int main(int argc, char **argv)
{
  ag_solution *s = NULL;
  int chain = 1, maxh = 0, h, first, moves = argc > 3 ? atoi(argv[3]) : 8;
  size_t i;
  FILE *out;
  if (argc < 3) {
    fprintf(stderr, "usage: hare_book_gen SOLUTION OUT [MOVES [TIES]]\n");
    return 2;
  }
  if (argc > 4) ties = argv[4];
  if (ag_solution_load(argv[1], &s) != AG_OK) die(argv[1]);
  sol = s;
  if (ag_solution_variant(s, &chain, &maxh) != AG_OK) die("variant");
  for (h = 10; h <= maxh; h++)
    for (first = 0; first < 2; first++) {
      char spec[64];
      ag_game *g = NULL;
      ag_state *st = NULL;
      size_t before = nbook;
      snprintf(spec, sizeof spec, "hare(hunters=%d,first=%s,chain=%d)", h,
               first ? "hare" : "hunters", chain);
      if (ag_game_new(spec, &g) != AG_OK || ag_state_new(g, &st) != AG_OK) die(spec);
      walk(st, moves);
      fprintf(stderr, "%s: %zu new positions\n", spec, nbook - before);
      ag_state_free(st);
      ag_game_free(g);
    }
  qsort(book, nbook, sizeof *book, by_key);
  out = fopen(argv[2], "w");
  if (!out) die(argv[2]);
  fprintf(out,
          "/* SPDX-License-Identifier: MIT */\n"
          "/* Generated by tests/hare_book_gen (HACKING: \"The hare AI's opening book\"):\n"
          " * %s SOLUTION OUT %d %s, chain=%d, %d to %d hunters.  Do not edit.\n"
          " * Per position with the hunters to move: the hunters' mask, the hare's\n"
          " * point, the perfect move (from, to) and its win's length in turns;\n"
          " * sorted by mask, then point. */\n",
          "tests/hare_book_gen", moves, ties, chain, 10, maxh);
  fprintf(out,
          "#ifndef AG_HARE_BOOK_H\n#define AG_HARE_BOOK_H\n#include <stdint.h>\n"
          "typedef struct hare_book_entry {\n"
          "  uint32_t hunters;                     /* the hunters' mask (bit p: point p) */\n"
          "  uint8_t hare, from, to, turns;        /* the hare's point, the move, the win's turns */\n"
          "} hare_book_entry;\n");
  fprintf(out, "#define HARE_BOOK_CHAIN %d\n#define HARE_BOOK_SIZE %zu\n", chain, nbook);
  fprintf(out, "static const hare_book_entry hare_book[HARE_BOOK_SIZE] = {\n");
  for (i = 0; i < nbook; i++)
    fprintf(out, "  {0x%07lxu, %2d, %2d, %2d, %3d},\n", (unsigned long)book[i].hunters,
            book[i].hare, book[i].from, book[i].to, book[i].turns);
  fprintf(out, "};\n#endif\n");
  if (fclose(out) != 0) die(argv[2]);
  fprintf(stderr, "%zu entries, %ld probes\n", nbook, probes);
  ag_solution_free(s);
  free(book);
  return 0;
}
