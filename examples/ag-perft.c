/* SPDX-License-Identifier: MIT */
/*
 * ag-perft -- counts the leaf nodes of the game tree, depth by depth.
 *
 *   ag-perft SPEC DEPTH [--position TEXT]
 *   ag-perft -h|--help, ag-perft --version
 *
 * Prints one line "perft D N" for D = 1..DEPTH.  Every legal move, every
 * chance outcome and every joint choice of a simultaneous node is one edge;
 * a game that ends before depth D contributes nothing below that point.
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ancientgames.h>
#include "cli.h"

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

static const cli_prog prog = {
  "ag-perft",
  "usage: ag-perft SPEC DEPTH [--position TEXT]\n"
  "       ag-perft -h|--help | --version\n"
  "Prints \"perft D N\", the number of move sequences of length D, for D = 1..DEPTH.\n"
  "  -p, --position TEXT  start from this position text instead of the initial one\n"
  "  -h, --help           this text;   --version  program and library versions\n"
  "Exit status: 0 done, 1 bad spec or position, 2 bad usage.\n",
  NULL};

int main(int argc, char **argv)
{
  static const struct option longopts[] = {
    {"position", required_argument, NULL, 'p'}, CLI_STD_OPTIONS, {NULL, 0, NULL, 0}};
  ag_game *g;
  ag_state *st = NULL;
  const char *position = NULL;
  size_t cap;
  int64_t depth;
  int d, c;
  while ((c = cli_getopt(&prog, argc, argv, "p:", longopts)) != -1) {
    if (c == 'p') position = optarg;
  }
  if (argc - optind != 2)
    cli_usage_error(&prog, "expected SPEC and DEPTH, got %d argument%s", argc - optind,
                    argc - optind == 1 ? "" : "s");
  depth = cli_i64(&prog, "DEPTH", argv[optind + 1], 0, INT_MAX - 1);
  if (ag_game_new(argv[optind], &g) != AG_OK) { fprintf(stderr, "ag-perft: %s\n", ag_errmsg()); return 1; }
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
