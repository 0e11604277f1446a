/*
 * ag-perft -- counts the leaf nodes of the game tree, depth by depth.
 *
 *   ag-perft SPEC DEPTH [--position TEXT]
 *
 * Prints one line "perft D N" for D = 1..DEPTH.  Every legal move, every
 * chance outcome and every joint choice of a simultaneous node is one edge;
 * a game that ends before depth D contributes nothing below that point.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ancientgames.h>

/* Leaf count below st at the given depth (>= 1), by apply and undo on one state. */
static unsigned long long perft(ag_state *st, int depth, size_t cap)
{
  ag_move *mv, *other, joint[2];
  size_t n = 0, n1 = 0, i, j;
  unsigned long long total = 0;
  int p = ag_state_current_player(st);
  if (p == AG_PLAYER_TERMINAL) return 0;
  mv = malloc(2 * cap * sizeof *mv);
  if (!mv) { fprintf(stderr, "ag-perft: out of memory\n"); exit(1); }
  other = mv + cap;
  if (p == AG_PLAYER_SIMULTANEOUS) {
    ag_state_legal_moves(st, 0, mv, cap, &n);
    ag_state_legal_moves(st, 1, other, cap, &n1);
    if (depth == 1) total = (unsigned long long)n * n1;  /* leaves are counted, not played */
    else for (i = 0; i < n; i++)
      for (j = 0; j < n1; j++) {
        joint[0] = mv[i], joint[1] = other[j];
        if (ag_state_apply_joint(st, joint, 2) != AG_OK) { fprintf(stderr, "ag-perft: %s\n", ag_errmsg()); exit(1); }
        total += perft(st, depth - 1, cap);
        ag_state_undo(st);
      }
  } else {
    ag_state_legal_moves(st, p, mv, cap, &n);
    if (depth == 1) total = n;
    else for (i = 0; i < n; i++) {
      if (ag_state_apply(st, mv[i]) != AG_OK) { fprintf(stderr, "ag-perft: %s\n", ag_errmsg()); exit(1); }
      total += perft(st, depth - 1, cap);
      ag_state_undo(st);
    }
  }
  free(mv);
  return total;
}

int main(int argc, char **argv)
{
  ag_game *g;
  ag_state *st = NULL;
  const char *position = NULL;
  size_t cap;
  char *end;
  long depth;
  int d, i;
  if (argc < 3) {
    fprintf(stderr, "usage: ag-perft SPEC DEPTH [--position TEXT]\n");
    return 2;
  }
  depth = strtol(argv[2], &end, 10);
  if (end == argv[2] || *end || depth < 0 || depth >= INT_MAX) {
    fprintf(stderr, "ag-perft: bad depth '%s' (a whole number >= 0)\n", argv[2]);
    return 2;
  }
  for (i = 3; i < argc; i++) {
    if (strcmp(argv[i], "--position") == 0 && i + 1 < argc) position = argv[++i];
    else { fprintf(stderr, "ag-perft: unknown argument '%s'\n", argv[i]); return 2; }
  }
  if (ag_game_new(argv[1], &g) != AG_OK) { fprintf(stderr, "ag-perft: %s\n", ag_errmsg()); return 1; }
  if (ag_state_new(g, &st) != AG_OK || (position && ag_state_set_text(st, position) != AG_OK)) {
    fprintf(stderr, "ag-perft: %s\n", ag_errmsg());
    ag_state_free(st);
    ag_game_free(g);
    return 1;
  }
  cap = ag_game_limit(g, AG_LIMIT_LEGAL_MOVES);
  if (ag_game_limit(g, AG_LIMIT_CHANCE_OUTCOMES) > cap) cap = ag_game_limit(g, AG_LIMIT_CHANCE_OUTCOMES);
  ag_state_reserve(st, (size_t)depth + 1);
  for (d = 1; d <= (int)depth; d++) printf("perft %d %llu\n", d, perft(st, d, cap));
  ag_state_free(st);
  ag_game_free(g);
  return 0;
}
