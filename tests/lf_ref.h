/* SPDX-License-Identifier: MIT */
/*
 * lf_ref.h -- liubo_fingers' reference player's evaluation and one-ply
 * action, shared by tests/lf_match.c (the whole reference player: these
 * plus its equilibrium fingers) and tests/lf_bench.c (its action, rated as
 * "ref").  Test programs only: a header of static functions, included once
 * per program.
 */
#ifndef LF_REF_H
#define LF_REF_H
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "ancientgames.h"

#define LF_REF_INF 99

typedef struct ref {
  const ag_game *g;
  int F, nodes;   /* F: fingers a hand (10 with hands=2, else 5) */
  int dist[64];   /* steps to TAIJI from each playing point, LF_REF_INF elsewhere */
} ref;

/* Steps to TAIJI along the edges, the inner eight one step away. */
static void ref_init(ref *r, const ag_game *g)
{
  static const char *const inner[] = {"Q_NE", "Q_NW", "Q_SW", "Q_SE", "M_N", "M_W", "M_S", "M_E"};
  int i, e, changed = 1, kind, taiji = -1;
  memset(r, 0, sizeof *r);
  r->g = g;
  r->nodes = ag_game_num_nodes(g);
  for (i = 0; i < 64; i++) r->dist[i] = LF_REF_INF;
  for (i = 0; i < 8; i++) {
    int v;
    if (ag_game_node_find(g, inner[i], &v) == AG_OK) r->dist[v] = 1;
  }
  if (ag_game_node_find(g, "TAIJI", &taiji) == AG_OK) r->dist[taiji] = 0;
  while (changed) {
    changed = 0;
    for (e = 0; e < ag_game_num_edges(g); e++) {
      int a, b;
      ag_game_edge(g, e, &a, &b, &kind);
      if (r->dist[b] + 1 < r->dist[a]) r->dist[a] = r->dist[b] + 1, changed = 1;
    }
  }
  if (taiji >= 0) r->dist[taiji] = LF_REF_INF;   /* pieces home count through the score */
  r->F = strstr(ag_game_spec(g), "hands=2") ? 10 : 5;
}

/* White's expected score by the reference's evaluation: pieces home,
 * captures and each piece's steps to TAIJI. */
static double ref_eval(const ref *r, const ag_state *st)
{
  int winner, p, v, idx, h[2], c[2];
  double prog[2] = {0, 0}, m;
  if (ag_state_is_terminal(st) == 1) {
    int o = ag_state_outcome(st, &winner, NULL);
    return o == AG_OUTCOME_WIN ? (winner == 0 ? 1 : 0) : 0.5;
  }
  for (p = 0; p < 2; p++) {
    ag_state_info(st, AG_INFO_SCORE, p, &h[p]);
    ag_state_info(st, AG_INFO_CAPTURED, p, &c[p]);
  }
  for (v = 0; v < r->nodes && v < 64; v++) {
    int owner, kind, count;
    if (r->dist[v] >= LF_REF_INF) continue;
    for (idx = 0; ag_state_piece(st, v, idx, &owner, &kind, &count) == 1; idx++)
      prog[owner] += count * (12 - r->dist[v]);
  }
  m = (h[0] - h[1]) + 0.3 * (c[0] - c[1]) + 0.03 * (prog[0] - prog[1]);
  return 1 / (1 + exp(-1.25 * m));
}

/* The mover's best one-ply action at st (an action node): *value is White's
 * value of it, *best its move.  Returns AG_OK or the failing call's code. */
static int ref_best_action(const ref *r, ag_state *st, ag_move *best, double *value)
{
  ag_move mv[512];
  size_t n = 0, i;
  int m = ag_state_current_player(st), rc;
  double top = m == 0 ? -1 : 2;
  if ((rc = ag_state_legal_moves(st, m, mv, 512, &n)) != AG_OK) return rc;
  for (i = 0; i < n; i++) {
    double v;
    if ((rc = ag_state_apply(st, mv[i])) != AG_OK) return rc;
    v = ref_eval(r, st);
    ag_state_undo(st);
    if (m == 0 ? v > top : v < top) top = v, *best = mv[i];
  }
  *value = top;
  return AG_OK;
}
#endif
