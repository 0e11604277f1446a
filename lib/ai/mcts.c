/* SPDX-License-Identifier: MIT */
/*
 * mcts.c -- the Monte Carlo tree search player ("mcts", and "ai" where a game
 * has no search of its own, players.c), for every game through the public
 * API; the internal ag__state_apply_trusted applies moves just taken from a
 * legal list.
 *
 * UCT at decision nodes; at chance nodes the outcome is drawn with
 * ag_state_sample_chance() (exact weights), so a node's mean is an
 * expectation; at simultaneous nodes both players pick by regret matching
 * (outcome-sampling SM-MCTS, Lanctot et al. 2013) and the final choice is
 * drawn from the average strategy.  Playouts are random, cut after
 * `rollout' plies and then scored by a small material heuristic (score and
 * captures as ag_state_info() reports them).  Values are kept for player 0
 * in [0, 1]: win 1, draw 0.5, loss 0.  With threads=N, N independent trees
 * are grown on N threads (root parallelisation) and their root statistics
 * added up: no shared tree, so no locks, and the result does not depend on
 * the threads' timing unless a time budget cuts them.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "ag_internal.h"
#include "ai/ai_common.h"

/* ------------------------------------------------------------------ random */

/* A uniform legal move of `player` (or a weighted outcome at a chance node). */
int ag__ai_random_move(const ag_state *st, int player, uint64_t *rng, ag_move *out)
{
  ag_move mv[AG__MAX_MOVES];
  size_t n = 0;
  int rc;
  if (player == AG_PLAYER_CHANCE) return ag_state_sample_chance(st, rng, out);
  rc = ag_state_legal_moves(st, player, mv, AG__MAX_MOVES, &n);
  if (rc != AG_OK) return rc;
  if (n == 0)
    return ag__fail(AG_EPHASE, "ai: no legal move for %s now",
                    ag__player_word(ag_state_game(st), player));
  *out = mv[ag_rng_below(rng, n)];
  return AG_OK;
}

/* ------------------------------------------------------------------ public */

/* ------------------------------------------------------------------ tree */

enum { NODE_DECISION, NODE_CHANCE, NODE_SIMULTANEOUS, NODE_TERMINAL };

/* A child link: the move (or outcome, or joint pair) and the child node. */
typedef struct edge {
  ag_move move[2];
  uint32_t child;                   /* 0 while never tried */
  uint32_t next;                    /* simultaneous nodes: next joint edge */
} edge;

typedef struct node {
  int kind, player;
  uint32_t visits;
  double value0;                    /* sum of player 0's results */
  uint32_t edges, num_edges;        /* decision, chance: edges[edges .. +num) */
  uint32_t joint;                   /* simultaneous: first joint edge (list) */
  uint32_t sim;                     /* simultaneous: offset in the doubles pool */
  uint32_t n[2];                    /* simultaneous: choices per player */
} node;

typedef struct tree {
  node *nodes; size_t num_nodes, cap_nodes;
  edge *edges; size_t num_edges, cap_edges;
  double *dbl; size_t num_dbl, cap_dbl;      /* regrets and average strategies */
  ag_move *choices; size_t num_choices, cap_choices;  /* simultaneous choice lists */
  double sigma[2][AG__MAX_MOVES];    /* scratch: strategies at one simultaneous node */
  ag_state *st;                     /* working state */
  double draw0;                     /* player 0's value of a draw (contempt) */
  const ag__ai_params *prm;
  uint64_t *rng;
  int failed;
  int max_depth;                    /* deepest node added, plies below the root */
  long done;                        /* iterations run */
} tree;

/* Grows a pool so that `more' items fit; sets t->failed on allocation failure. */
static int grow(tree *t, void **pool, size_t *cap, size_t used, size_t more, size_t size)
{
  size_t want = *cap ? *cap : 1024;
  void *p;
  if (used + more <= *cap) return 1;
  while (want < used + more) want *= 2;
  p = realloc(*pool, want * size);
  if (!p) { t->failed = 1; return 0; }
  *pool = p;
  *cap = want;
  return 1;
}

/* Adds the tree node of the working state; returns its index (0 on failure). */
static uint32_t node_add(tree *t)
{
  ag_move mv[AG__MAX_MOVES], mv1[AG__MAX_MOVES];
  size_t n = 0, n1 = 0, i;
  node *nd;
  uint32_t id;
  int player = ag_state_current_player(t->st);
  if (!grow(t, (void **)&t->nodes, &t->cap_nodes, t->num_nodes, 1, sizeof *t->nodes)) return 0;
  id = (uint32_t)t->num_nodes++;
  nd = &t->nodes[id];
  memset(nd, 0, sizeof *nd);
  nd->player = player;
  if (player <= AG_PLAYER_TERMINAL) {
    nd->kind = NODE_TERMINAL;
    return id;
  }
  if (player == AG_PLAYER_SIMULTANEOUS) {
    nd->kind = NODE_SIMULTANEOUS;
    ag_state_legal_moves(t->st, 0, mv, AG__MAX_MOVES, &n);
    ag_state_legal_moves(t->st, 1, mv1, AG__MAX_MOVES, &n1);
    if (!grow(t, (void **)&t->dbl, &t->cap_dbl, t->num_dbl, 2 * (n + n1), sizeof *t->dbl) ||
        !grow(t, (void **)&t->choices, &t->cap_choices, t->num_choices, n + n1,
              sizeof *t->choices))
      return 0;
    nd = &t->nodes[id];
    nd->n[0] = (uint32_t)n;
    nd->n[1] = (uint32_t)n1;
    nd->sim = (uint32_t)t->num_dbl;
    memset(t->dbl + t->num_dbl, 0, 2 * (n + n1) * sizeof *t->dbl);
    t->num_dbl += 2 * (n + n1);
    nd->edges = (uint32_t)t->num_choices;
    memcpy(t->choices + t->num_choices, mv, n * sizeof *mv);
    memcpy(t->choices + t->num_choices + n, mv1, n1 * sizeof *mv1);
    t->num_choices += n + n1;
    return id;
  }
  if (player == AG_PLAYER_CHANCE) {
    uint32_t w[AG__MAX_MOVES], total;
    nd->kind = NODE_CHANCE;
    ag_state_chance_outcomes(t->st, mv, w, AG__MAX_MOVES, &n, &total);
  } else {
    nd->kind = NODE_DECISION;
    ag_state_legal_moves(t->st, player, mv, AG__MAX_MOVES, &n);
  }
  if (!grow(t, (void **)&t->edges, &t->cap_edges, t->num_edges, n, sizeof *t->edges)) return 0;
  nd = &t->nodes[id];
  nd->edges = (uint32_t)t->num_edges;
  nd->num_edges = (uint32_t)n;
  for (i = 0; i < n; i++) {
    edge *e = &t->edges[t->num_edges++];
    e->move[0] = mv[i];
    e->move[1] = 0;
    e->child = 0;
    e->next = 0;
  }
  return id;
}

/* ------------------------------------------------------------------ evaluation */

/* Player 0's result of a finished game; a draw is worth draw0. */
static double terminal_value(const ag_state *st, double draw0)
{
  int winner = AG_PLAYER_NONE, outcome = ag_state_outcome(st, &winner, NULL);
  if (outcome == AG_OUTCOME_WIN) return winner == 0 ? 1.0 : 0.0;
  return draw0;
}

/* A counter of ag_state_info() for player p, 0 when the game has none. */
static int info_or_zero(const ag_state *st, ag_info key, int p)
{
  int v = 0;
  return ag_state_info(st, key, p, &v) == AG_OK ? v : 0;
}

/* Player 0's expected result of an unfinished game, from material: score
 * (sticks, pieces home) and enemy pieces captured. */
static double heuristic_value(const ag_state *st)
{
  static const double spread = 0.45;   /* a double object: no excess precision */
  double h = 1.0 * (info_or_zero(st, AG_INFO_SCORE, 0) - info_or_zero(st, AG_INFO_SCORE, 1)) +
             0.5 * (info_or_zero(st, AG_INFO_CAPTURED, 0) - info_or_zero(st, AG_INFO_CAPTURED, 1));
  return 0.5 + spread * ag__tanh(h / 2.0);
}

/* Shrinks a result towards a draw by 0.1% per ply from the root, so that
 * of two wins the faster counts more, and of two losses the slower. */
static double discount(double v0, long plies)
{
  static const double per_ply = 0.001;
  if (plies > 500) plies = 500;
  return 0.5 + (v0 - 0.5) * (1.0 - per_ply * (double)plies);
}

/* Plays random plies from the working state (depth plies below the root),
 * scores the end, and takes the plies back. */
static double rollout(tree *t, int depth)
{
  long plies = 0;
  double v;
  while (plies < t->prm->rollout) {
    int player = ag_state_current_player(t->st), rc;
    ag_move m[2];
    if (player <= AG_PLAYER_TERMINAL) break;
    if (player == AG_PLAYER_SIMULTANEOUS) {
      if (ag__ai_random_move(t->st, 0, t->rng, &m[0]) != AG_OK ||
          ag__ai_random_move(t->st, 1, t->rng, &m[1]) != AG_OK) break;
      rc = ag__state_apply_trusted(t->st, m, 2);
    } else {
      if (ag__ai_random_move(t->st, player, t->rng, &m[0]) != AG_OK) break;
      rc = ag__state_apply_trusted(t->st, m, 1);
    }
    if (rc != AG_OK) break;
    plies++;
  }
  v = ag_state_is_terminal(t->st) == 1 ? terminal_value(t->st, t->draw0) : heuristic_value(t->st);
  v = discount(v, depth + plies);
  while (plies-- > 0) ag_state_undo(t->st);
  return v;
}

/* ------------------------------------------------------------------ selection */

/* Regret-matching strategy of player p at a simultaneous node, mixed with
 * exploration gamma; writes sigma[0 .. n-1]. */
static void rm_strategy(const tree *t, const node *nd, int p, double *sigma)
{
  const double gamma = 0.1;
  const double *regret = t->dbl + nd->sim + (p ? 2 * nd->n[0] : 0);
  uint32_t i, n = nd->n[p];
  double pos = 0;
  for (i = 0; i < n; i++) pos += regret[i] > 0 ? regret[i] : 0;
  for (i = 0; i < n; i++) {
    double rm = pos > 0 ? (regret[i] > 0 ? regret[i] : 0) / pos : 1.0 / n;
    sigma[i] = gamma / n + (1 - gamma) * rm;
  }
}

/* Draws an index from a distribution. */
uint32_t ag__ai_draw_index(uint64_t *rng, const double *p, uint32_t n)
{
  double r = (double)(ag_rng_next(rng) >> 11) / 9007199254740992.0, acc = 0, total = 0;
  uint32_t i;
  for (i = 0; i < n; i++) total += p[i];
  r *= total;
  for (i = 0; i + 1 < n; i++) {
    acc += p[i];
    if (r < acc) return i;
  }
  return n - 1;
}

/* UCT choice among the edges of a decision node: untried edges first (from
 * a random start), then the best upper confidence bound for the mover. */
static uint32_t uct_edge(tree *t, const node *nd)
{
  uint32_t i, best = nd->edges, start = (uint32_t)ag_rng_below(t->rng, nd->num_edges);
  double best_score = -1, logn = ag__log((double)nd->visits + 1);
  for (i = 0; i < nd->num_edges; i++) {
    uint32_t e = nd->edges + (start + i) % nd->num_edges;
    const node *ch;
    double mean, score;
    if (!t->edges[e].child) return e;
    ch = &t->nodes[t->edges[e].child];
    mean = ch->value0 / ch->visits;
    if (nd->player == 1) mean = 1 - mean;
    score = mean + t->prm->c * sqrt(logn / ch->visits);
    if (score > best_score) { best_score = score; best = e; }
  }
  return best;
}

/* The edge of a chance node for a sampled outcome. */
static uint32_t chance_edge(tree *t, const node *nd)
{
  ag_move m = 0;
  uint32_t i;
  ag_state_sample_chance(t->st, t->rng, &m);
  for (i = 0; i < nd->num_edges; i++)
    if (t->edges[nd->edges + i].move[0] == m) return nd->edges + i;
  return nd->edges;
}

/* The joint edge (i0, i1) of a simultaneous node, created when missing. */
static uint32_t joint_edge(tree *t, uint32_t id, uint32_t i0, uint32_t i1)
{
  node *nd = &t->nodes[id];
  ag_move m0 = t->choices[nd->edges + i0], m1 = t->choices[nd->edges + nd->n[0] + i1];
  uint32_t e;
  for (e = nd->joint; e; e = t->edges[e].next)
    if (t->edges[e].move[0] == m0 && t->edges[e].move[1] == m1) return e;
  if (!grow(t, (void **)&t->edges, &t->cap_edges, t->num_edges, 1, sizeof *t->edges)) return 0;
  e = (uint32_t)t->num_edges++;
  t->edges[e].move[0] = m0;
  t->edges[e].move[1] = m1;
  t->edges[e].child = 0;
  t->edges[e].next = t->nodes[id].joint;
  t->nodes[id].joint = e;
  return e;
}

static double iterate(tree *t, uint32_t id, int depth);

/* Regret and average-strategy update of a simultaneous node after a result
 * v0 for player 0, when pick[p] was played (strategies recomputed: they
 * have not changed since the choice). */
static void rm_update(tree *t, const node *nd, const uint32_t *pick, double v0)
{
  int p;
  for (p = 0; p < 2; p++) {
    uint32_t i, n = nd->n[p];
    double *regret = t->dbl + nd->sim + (p ? 2 * nd->n[0] : 0), *avg = regret + n;
    double u = p == 0 ? v0 : 1 - v0, *sigma = t->sigma[p];
    rm_strategy(t, nd, p, sigma);
    for (i = 0; i < n; i++) {
      regret[i] += (i == pick[p] ? u / sigma[i] : 0) - u;
      avg[i] += sigma[i];
    }
  }
}

/* Picks the edge to follow from node id; 0 when none can be made. */
static uint32_t select_edge(tree *t, uint32_t id, uint32_t *pick)
{
  const node *nd = &t->nodes[id];
  if (nd->kind == NODE_DECISION) return uct_edge(t, nd);
  if (nd->kind == NODE_CHANCE) return chance_edge(t, nd);
  rm_strategy(t, nd, 0, t->sigma[0]);
  rm_strategy(t, nd, 1, t->sigma[1]);
  pick[0] = ag__ai_draw_index(t->rng, t->sigma[0], nd->n[0]);
  pick[1] = ag__ai_draw_index(t->rng, t->sigma[1], nd->n[1]);
  return joint_edge(t, id, pick[0], pick[1]);
}

/* Evaluates the working state just reached through edge e: a new node
 * scored by a playout, or a deeper iteration. */
static double descend(tree *t, uint32_t e, int depth)
{
  uint32_t child = t->edges[e].child;
  double v;
  if (child) return iterate(t, child, depth + 1);
  child = node_add(t);
  if (!child) return 0.5;
  if (depth + 1 > t->max_depth) t->max_depth = depth + 1;
  t->edges[e].child = child;
  v = t->nodes[child].kind == NODE_TERMINAL ? discount(terminal_value(t->st, t->draw0), depth + 1)
                                            : rollout(t, depth + 1);
  t->nodes[child].visits++;
  t->nodes[child].value0 += v;
  return v;
}

/* One MCTS iteration from node id (the working state is at that node);
 * returns player 0's result and leaves the working state unchanged. */
static double iterate(tree *t, uint32_t id, int depth)
{
  node *nd = &t->nodes[id];
  uint32_t e, pick[2] = {0, 0};
  double v;
  int rc;
  if (nd->kind == NODE_TERMINAL) v = discount(terminal_value(t->st, t->draw0), depth);
  else if (depth > 200 || (nd->kind != NODE_SIMULTANEOUS && nd->num_edges == 0))
    v = rollout(t, depth);
  else if ((e = select_edge(t, id, pick)) == 0) v = 0.5;
  else {
    rc = ag__state_apply_trusted(t->st, t->edges[e].move, nd->kind == NODE_SIMULTANEOUS ? 2 : 1);
    if (rc != AG_OK) { t->failed = 1; return 0.5; }
    v = descend(t, e, depth);
    ag_state_undo(t->st);
    nd = &t->nodes[id];                       /* the pool may have moved */
    if (nd->kind == NODE_SIMULTANEOUS) rm_update(t, nd, pick, v);
  }
  nd->visits++;
  nd->value0 += v;
  return v;
}

/* Prepares t for a search from st (node 1 is the root); the working state
 * is a clone.  Called on the calling thread, so that errors are reported
 * there. */
static int tree_start(tree *t, const ag_state *st, const ag__ai_params *prm, uint64_t *rng)
{
  int rc = ag_state_clone(st, &t->st);
  if (rc != AG_OK) return rc;
  t->prm = prm;
  t->rng = rng;
  /* The searching side counts a draw (repetition, ply cap) a little below
   * even, so that it plays on for a win rather than repeat. */
  rc = ag_state_current_player(st);
  t->draw0 = rc == 0 ? 0.5 - prm->contempt : rc == 1 ? 0.5 + prm->contempt : 0.5;
  t->num_nodes = 1;                           /* index 0 means "no child" */
  t->num_edges = 1;                           /* and "no edge" */
  if (!grow(t, (void **)&t->nodes, &t->cap_nodes, 0, 1, sizeof *t->nodes) ||
      !grow(t, (void **)&t->edges, &t->cap_edges, 0, 1, sizeof *t->edges) || !node_add(t))
    return ag__fail(AG_ENOMEM, "ai: out of memory");
  return AG_OK;
}

static void tree_free(tree *t)
{
  ag_state_free(t->st);
  free(t->nodes);
  free(t->edges);
  free(t->dbl);
  free(t->choices);
}

/* One tree of a (possibly multi-threaded) search. */
typedef struct worker {
  tree t;
  uint64_t rng;                     /* its own stream when threads > 1 */
  long budget;                      /* iterations; 0: until stopped */
  ag__ai_stop *stop;
  int caller;                       /* 1 on the calling thread */
  pthread_t tid;
  int started;
} worker;

/* Grows one tree until its budget is spent or the search is stopped (at
 * least one iteration, so that there is always a move). */
static void *worker_run(void *arg)
{
  worker *w = arg;
  long i;
  ag__fpu_mode fpu = ag__fpu_double();   /* this thread's x87, if any */
  for (i = 0; (w->budget == 0 || i < w->budget) && !w->t.failed; i++) {
    if (i > 0 && ag__ai_should_stop(w->stop, w->caller)) break;
    iterate(&w->t, 1, 0);
  }
  w->t.done = i;
  ag__fpu_restore(fpu);
  return NULL;
}

/* The merged statistics of the root over every tree: per root edge (decision
 * and chance roots) or per choice of each player (simultaneous roots). */
typedef struct merged {
  int kind;                          /* NODE_DECISION or NODE_SIMULTANEOUS */
  uint32_t n[2];                     /* edges, or choices per player */
  double visits, value0;             /* the root's */
  double ev[AG__MAX_MOVES];          /* decision: child visits per edge */
  double evalue[AG__MAX_MOVES];      /* decision: child value0 sums */
  int ewin[AG__MAX_MOVES];           /* decision: a child that wins at once */
  double avg[2][AG__MAX_MOVES];      /* simultaneous: average strategies */
  double cv[2][AG__MAX_MOVES];       /* simultaneous: visits through each choice */
  double cvalue[2][AG__MAX_MOVES];   /* simultaneous: value0 sums through each choice */
} merged;

/* Adds up the root statistics of the trees. */
static void merge_roots(const worker *w, int nw, merged *m)
{
  int k, p;
  uint32_t i;
  memset(m, 0, sizeof *m);
  for (k = 0; k < nw; k++) {
    const tree *t = &w[k].t;
    const node *root = &t->nodes[1];
    m->kind = root->kind;
    m->visits += root->visits;
    m->value0 += root->value0;
    if (root->kind == NODE_SIMULTANEOUS) {
      uint32_t e;
      for (p = 0; p < 2; p++) {
        const double *avg = t->dbl + root->sim + (p ? 2 * root->n[0] : 0) + root->n[p];
        m->n[p] = root->n[p];
        for (i = 0; i < root->n[p]; i++) m->avg[p][i] += avg[i];
      }
      for (e = root->joint; e; e = t->edges[e].next) {
        const node *ch = &t->nodes[t->edges[e].child];
        if (!t->edges[e].child) continue;
        for (p = 0; p < 2; p++)
          for (i = 0; i < root->n[p]; i++)
            if (t->choices[root->edges + (p ? root->n[0] : 0) + i] == t->edges[e].move[p]) {
              m->cv[p][i] += ch->visits;
              m->cvalue[p][i] += ch->value0;
            }
      }
      continue;
    }
    m->n[0] = root->num_edges;
    for (i = 0; i < root->num_edges; i++) {
      const edge *e = &t->edges[root->edges + i];
      const node *ch = e->child ? &t->nodes[e->child] : NULL;
      if (!ch) continue;
      m->ev[i] += ch->visits;
      m->evalue[i] += ch->value0;
      if (ch->kind == NODE_TERMINAL && ch->visits &&
          (root->player == 0 ? ch->value0 / ch->visits > 0.99 : ch->value0 / ch->visits < 0.01))
        m->ewin[i] = 1;
    }
  }
}

/* The root edge to play at a decision root: one that wins at once, else
 * the most visited (the first of equals). */
static uint32_t best_edge(const merged *m)
{
  uint32_t i, best = 0;
  for (i = 0; i < m->n[0]; i++)
    if (m->ewin[i]) return i;
  for (i = 1; i < m->n[0]; i++)
    if (m->ev[i] > m->ev[best]) best = i;
  return best;
}

/* Player p's mean of a sum of player-0 results over `visits'; -1 without visits. */
static double mean_for(double value0, double visits, int p)
{
  if (visits <= 0) return -1;
  return p == 0 ? value0 / visits : 1 - value0 / visits;
}

/* The principal line of tree t below its root's edge `first' (a decision
 * root): the most visited child each time, while visited at least twice. */
static size_t tree_line(const tree *t, uint32_t first, ag_move *line, size_t cap)
{
  const node *root = &t->nodes[1];
  uint32_t e = root->edges + first, id;
  size_t len = 0;
  for (;;) {
    const node *nd;
    uint32_t i, best = 0, best_visits = 0;
    if (len < cap) line[len] = t->edges[e].move[0];
    len++;
    id = t->edges[e].child;
    if (!id || len >= 1000) break;
    nd = &t->nodes[id];
    if (nd->kind != NODE_DECISION && nd->kind != NODE_CHANCE) break;
    for (i = 0; i < nd->num_edges; i++) {
      uint32_t c = t->edges[nd->edges + i].child;
      if (c && t->nodes[c].visits > best_visits) {
        best_visits = t->nodes[c].visits;
        best = nd->edges + i;
      }
    }
    if (best_visits < 2) break;
    e = best;
  }
  return len;
}

/* Fills the analysis, line and root moves of a finished search, and the
 * choice: moves[0] for `player', or both parts (player < 0) at a
 * simultaneous root. */
static void mcts_result(const worker *w, int nw, const merged *m, int player, uint64_t *rng,
                        ag_move *moves, ag_analysis *an, ag_move *line, size_t line_cap,
                        ag_move_stat *ms, size_t ms_cap)
{
  const tree *t0 = &w[0].t;
  const node *root = &t0->nodes[1];
  int k, p = player < 0 ? 0 : player;
  uint32_t i;
  double total = 0;
  for (k = 0; k < nw; k++) {
    an->work += (uint64_t)w[k].t.done;
    if (w[k].t.max_depth > an->depth) an->depth = w[k].t.max_depth;
  }
  an->value = mean_for(m->value0, m->visits, p);
  if (an->value < 0) an->value = 0.5;
  if (m->kind == NODE_SIMULTANEOUS) {
    int q;
    for (q = 0; q < 2; q++) {
      if (player >= 0 && q != player) continue;
      i = ag__ai_draw_index(rng, m->avg[q], m->n[q]);
      moves[player < 0 ? q : 0] = t0->choices[root->edges + (q ? root->n[0] : 0) + i];
    }
    an->best = moves[0];
    if (line_cap > 0) line[0] = an->best;
    an->line_len = 1;
    for (i = 0; i < m->n[p]; i++) total += m->avg[p][i];
    an->num_moves = m->n[p];
    for (i = 0; i < m->n[p] && i < ms_cap; i++) {
      ms[i].move = t0->choices[root->edges + (p ? root->n[0] : 0) + i];
      ms[i].visits = (uint32_t)m->cv[p][i];
      ms[i].share = total > 0 ? m->avg[p][i] / total : 0;
      ms[i].value = mean_for(m->cvalue[p][i], m->cv[p][i], p);
    }
    return;
  }
  i = best_edge(m);
  moves[0] = an->best = t0->edges[root->edges + i].move[0];
  {
    /* The line of the tree that looked at the chosen move the most. */
    int bt = 0;
    for (k = 1; k < nw; k++)
      if (w[k].t.edges[w[k].t.nodes[1].edges + i].child &&
          (!w[bt].t.edges[w[bt].t.nodes[1].edges + i].child ||
           w[k].t.nodes[w[k].t.edges[w[k].t.nodes[1].edges + i].child].visits >
               w[bt].t.nodes[w[bt].t.edges[w[bt].t.nodes[1].edges + i].child].visits))
        bt = k;
    an->line_len = tree_line(&w[bt].t, i, line, line_cap);
  }
  for (i = 0; i < m->n[0]; i++) total += m->ev[i];
  an->num_moves = m->n[0];
  for (i = 0; i < m->n[0] && i < ms_cap; i++) {
    ms[i].move = t0->edges[root->edges + i].move[0];
    ms[i].visits = (uint32_t)m->ev[i];
    ms[i].share = total > 0 ? m->ev[i] / total : 0;
    ms[i].value = mean_for(m->evalue[i], m->ev[i], p);
  }
}

/* MCTS for `player' (both players at a simultaneous node when player < 0,
 * moves then having room for two), with prm->threads trees. */
int ag__mcts_search(const ag_state *st, int player, const ag__ai_params *prm,
                    ag__ai_stop *stop, uint64_t *rng, ag_move *moves, ag_analysis *an,
                    ag_move *line, size_t line_cap, ag_move_stat *ms, size_t ms_cap)
{
  int nw = prm->threads, k, rc = AG_OK, failed = 0;
  worker *w;
  merged *m;
  if (prm->iterations > 0 && prm->iterations < nw) nw = (int)prm->iterations;
  w = calloc((size_t)nw, sizeof *w);
  m = malloc(sizeof *m);
  if (!w || !m) {
    free(w);
    free(m);
    return ag__fail(AG_ENOMEM, "ai: out of memory");
  }
  for (k = 0; k < nw && rc == AG_OK; k++) {
    /* One tree keeps the caller's stream, as without threads; more trees
     * each get a stream seeded from it, in order. */
    if (nw > 1) w[k].rng = ag_rng_next(rng);
    w[k].budget = prm->iterations / nw + (k < prm->iterations % nw);
    w[k].stop = stop;
    w[k].caller = k == 0;
    rc = tree_start(&w[k].t, st, prm, nw > 1 ? &w[k].rng : rng);
  }
  if (rc == AG_OK) {
    for (k = 1; k < nw; k++)
      w[k].started = pthread_create(&w[k].tid, NULL, worker_run, &w[k]) == 0;
    worker_run(&w[0]);
    for (k = 1; k < nw; k++) {
      if (w[k].started) pthread_join(w[k].tid, NULL);
      else worker_run(&w[k]);            /* no thread: its share on this one */
    }
    for (k = 0; k < nw; k++) failed |= w[k].t.failed;
    if (failed) rc = ag__fail(AG_ENOMEM, "ai: out of memory in the search");
  }
  if (rc == AG_OK) {
    merge_roots(w, nw, m);
    mcts_result(w, nw, m, player, rng, moves, an, line, line_cap, ms, ms_cap);
  }
  for (k = 0; k < nw; k++) tree_free(&w[k].t);
  free(w);
  free(m);
  return rc;
}
