/*
 * players.c -- computer players: random, Monte Carlo tree search, and the
 * perfect hare player.  They read games through the public API; the internal
 * ag__state_apply_trusted applies moves just taken from a legal list, and
 * ag__hare_read_board (hare_solver.c) reads the hare hunt's board.
 *
 * MCTS: UCT at decision nodes; at chance nodes the outcome is drawn with
 * ag_state_sample_chance() (exact weights), so a node's mean is an
 * expectation; at simultaneous nodes both players pick by regret matching
 * (outcome-sampling SM-MCTS, Lanctot et al. 2013) and the final choice is
 * drawn from the average strategy.  Playouts are random, cut after
 * `rollout' plies and then scored by a small material heuristic (score and
 * captures as ag_state_info() reports them).  Values are kept for player 0
 * in [0, 1]: win 1, draw 0.5, loss 0.
 *
 * The hare hunt is the exception: there the "mcts" player runs an
 * iterative-deepening alpha-beta search with a board evaluation (the hare's
 * room, open captures, hunters taken), because random playouts cannot see
 * the hunters' traps (see "alpha-beta" below).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "ag_internal.h"
#include "ai/hare_solver.h"

/* ------------------------------------------------------------------ params */

enum { KIND_RANDOM, KIND_MCTS, KIND_PERFECT };

typedef struct ai_params {
  int kind;
  long iterations;    /* MCTS iterations per decision */
  double c;           /* UCT exploration constant */
  long rollout;       /* plies of a playout before the heuristic decides */
  double contempt;    /* how much less than 0.5 the searcher values a draw */
} ai_params;

/* Parses one "key=value" of an mcts(...) spec. */
static int parse_option(ai_params *p, const char *key, size_t klen, const char *val)
{
  char *end;
  if (klen == 10 && strncmp(key, "iterations", 10) == 0) {
    p->iterations = strtol(val, &end, 10);
    if (p->iterations < 1 || p->iterations > 10000000) return AG_EPARSE;
  } else if (klen == 1 && key[0] == 'c') {
    p->c = strtod(val, &end);
    if (!(p->c >= 0 && p->c <= 100)) return AG_EPARSE;
  } else if (klen == 8 && strncmp(key, "contempt", 8) == 0) {
    p->contempt = strtod(val, &end);
    if (!(p->contempt >= 0 && p->contempt <= 0.5)) return AG_EPARSE;
  } else if (klen == 7 && strncmp(key, "rollout", 7) == 0) {
    p->rollout = strtol(val, &end, 10);
    if (p->rollout < 0 || p->rollout > 1000000) return AG_EPARSE;
  } else {
    return AG_ENOTFOUND;
  }
  return (*end == ',' || *end == ')') ? AG_OK : AG_EPARSE;
}

/* Parses "random", "perfect", "mcts" or "mcts(key=value,...)". */
static int parse_params(const char *s, ai_params *p)
{
  const char *q;
  p->iterations = 2000;
  p->c = 1.0;
  p->rollout = 200;
  p->contempt = 0.1;
  if (!s) return ag__fail(AG_EINVAL, "ai: params is NULL");
  if (strcmp(s, "random") == 0) { p->kind = KIND_RANDOM; return AG_OK; }
  if (strcmp(s, "perfect") == 0) { p->kind = KIND_PERFECT; return AG_OK; }
  if (strncmp(s, "mcts", 4) != 0 || (s[4] != '\0' && s[4] != '('))
    return ag__fail(AG_ENOTFOUND, "ai: unknown player \"%s\" (random, mcts, perfect)", s);
  p->kind = KIND_MCTS;
  if (s[4] == '\0' || strcmp(s + 4, "()") == 0) return AG_OK;
  for (q = s + 5; *q;) {
    const char *eq = strchr(q, '=');
    int rc;
    if (!eq) return ag__fail(AG_EPARSE, "ai: expected key=value at byte %zu of \"%s\"", (size_t)(q - s), s);
    rc = parse_option(p, q, (size_t)(eq - q), eq + 1);
    if (rc == AG_ENOTFOUND)
      return ag__fail(rc, "ai: unknown mcts option at byte %zu of \"%s\"", (size_t)(q - s), s);
    if (rc != AG_OK)
      return ag__fail(rc, "ai: bad mcts value at byte %zu of \"%s\"", (size_t)(eq + 1 - s), s);
    q = strpbrk(eq, ",)");
    if (*q == ')') return q[1] == '\0' ? AG_OK
                                       : ag__fail(AG_EPARSE, "ai: text after ')' in \"%s\"", s);
    q++;
  }
  return ag__fail(AG_EPARSE, "ai: missing ')' in \"%s\"", s);
}

/* ------------------------------------------------------------------ random */

/* A uniform legal move of `player` (or a weighted outcome at a chance node). */
static int random_move(const ag_state *st, int player, uint64_t *rng, ag_move *out)
{
  ag_move mv[AG__MAX_MOVES];
  size_t n = 0;
  int rc;
  if (player == AG_PLAYER_CHANCE) return ag_state_sample_chance(st, rng, out);
  rc = ag_state_legal_moves(st, player, mv, AG__MAX_MOVES, &n);
  if (rc != AG_OK) return rc;
  if (n == 0) return ag__fail(AG_EPHASE, "ai: player %d has no move now", player);
  *out = mv[ag_rng_below(rng, n)];
  return AG_OK;
}

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
  const ai_params *prm;
  uint64_t *rng;
  int failed;
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
  double h = 1.0 * (info_or_zero(st, AG_INFO_SCORE, 0) - info_or_zero(st, AG_INFO_SCORE, 1)) +
             0.5 * (info_or_zero(st, AG_INFO_CAPTURED, 0) - info_or_zero(st, AG_INFO_CAPTURED, 1));
  return 0.5 + 0.45 * tanh(h / 2.0);
}

/* Shrinks a result towards a draw by 0.1% per ply from the root, so that
 * of two wins the faster counts more, and of two losses the slower. */
static double discount(double v0, long plies)
{
  if (plies > 500) plies = 500;
  return 0.5 + (v0 - 0.5) * (1.0 - 0.001 * (double)plies);
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
      if (random_move(t->st, 0, t->rng, &m[0]) != AG_OK ||
          random_move(t->st, 1, t->rng, &m[1]) != AG_OK) break;
      rc = ag__state_apply_trusted(t->st, m, 2);
    } else {
      if (random_move(t->st, player, t->rng, &m[0]) != AG_OK) break;
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
static uint32_t draw_index(uint64_t *rng, const double *p, uint32_t n)
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
  double best_score = -1, logn = log((double)nd->visits + 1);
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
  pick[0] = draw_index(t->rng, t->sigma[0], nd->n[0]);
  pick[1] = draw_index(t->rng, t->sigma[1], nd->n[1]);
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

/* Runs the search from st; the root is node 0 of t. */
static int search(tree *t, const ag_state *st, const ai_params *prm, uint64_t *rng)
{
  long i;
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
  for (i = 0; i < prm->iterations && !t->failed; i++) iterate(t, 1, 0);
  return t->failed ? ag__fail(AG_ENOMEM, "ai: out of memory in the search") : AG_OK;
}

static void tree_free(tree *t)
{
  ag_state_free(t->st);
  free(t->nodes);
  free(t->edges);
  free(t->dbl);
  free(t->choices);
}

/* The move of the root (a decision node): one that wins at once, else the
 * most visited. */
static ag_move most_visited(const tree *t)
{
  const node *root = &t->nodes[1];
  uint32_t i, best_visits = 0;
  ag_move best = t->edges[root->edges].move[0];
  for (i = 0; i < root->num_edges; i++) {
    const edge *e = &t->edges[root->edges + i];
    const node *ch = e->child ? &t->nodes[e->child] : NULL;
    if (ch && ch->kind == NODE_TERMINAL && ch->visits &&
        (root->player == 0 ? ch->value0 / ch->visits > 0.99 : ch->value0 / ch->visits < 0.01))
      return e->move[0];
    if (ch && ch->visits > best_visits) {
      best_visits = t->nodes[e->child].visits;
      best = e->move[0];
    }
  }
  return best;
}

/* Draws player p's choice at the root from its average strategy. */
static ag_move average_choice(const tree *t, int p, uint64_t *rng)
{
  const node *root = &t->nodes[1];
  const double *avg = t->dbl + root->sim + (p ? 2 * root->n[0] : 0) + root->n[p];
  uint32_t i = draw_index(rng, avg, root->n[p]);
  return t->choices[root->edges + (p ? root->n[0] : 0) + i];
}

/* MCTS choice for `player' (both players at a simultaneous node when moves
 * has room for two). */
static int mcts_choose(const ag_state *st, int player, const ai_params *prm, uint64_t *rng,
                       ag_move *moves)
{
  tree t;
  int rc, cur = ag_state_current_player(st);
  memset(&t, 0, sizeof t);
  rc = search(&t, st, prm, rng);
  if (rc == AG_OK) {
    if (cur == AG_PLAYER_SIMULTANEOUS && player < 0) {
      moves[0] = average_choice(&t, 0, rng);
      moves[1] = average_choice(&t, 1, rng);
    } else if (cur == AG_PLAYER_SIMULTANEOUS) {
      moves[0] = average_choice(&t, player, rng);
    } else {
      moves[0] = most_visited(&t);
    }
  }
  tree_free(&t);
  return rc;
}

/* ------------------------------------------------------------------ hare-hunt board */

/* Random playouts cannot see a trap in the hare hunt: the hunters win by a
 * forced line several turns deep, and a random hunter move mostly spoils the
 * formation.  So for this game the "mcts" player searches with alpha-beta
 * and a board evaluation instead (below).  What it knows of the board it
 * reads through the public API: points and lines from the geometry
 * (ag_game_node, ag_game_edge), pieces from ag_state_piece, moves from
 * ag_move_info; nothing of the rules engine's own structures. */

enum { HARE_MAX_POINTS = 32, HARE_MAX_JUMPS = 8 };

/* The board: step neighbours (bit masks), jumps and distances of each point. */
typedef struct hare_geometry {
  int points;                              /* nodes 0 .. points-1 are the points */
  uint32_t all;                            /* mask of every point */
  uint32_t adj[HARE_MAX_POINTS];           /* step neighbours */
  int num_jumps[HARE_MAX_POINTS];          /* jumps from a point: over -> land */
  uint8_t over[HARE_MAX_POINTS][HARE_MAX_JUMPS], land[HARE_MAX_POINTS][HARE_MAX_JUMPS];
  uint8_t dist[HARE_MAX_POINTS][HARE_MAX_POINTS];  /* steps between points, empty board */
} hare_geometry;

/* A position of the search: the hare's point and the hunters' mask. */
typedef struct hare_board {
  int hare;
  uint32_t hunters;
} hare_board;

/* The number of set bits of x. */
static int popcount32(uint32_t x)
{
  int n = 0;
  for (; x; x &= x - 1) n++;
  return n;
}

/* The index of the lowest set bit of x (x != 0), by a de Bruijn sequence. */
static int lowest_bit(uint32_t x)
{
  static const unsigned char index[32] = {0,  1,  28, 2,  29, 14, 24, 3,  30, 22, 20,
                                          15, 25, 17, 4,  8,  31, 27, 13, 23, 21, 19,
                                          16, 7,  26, 12, 18, 6,  11, 5,  10, 9};
  return index[((x & (0u - x)) * 0x077CB531u) >> 27];
}

/* Adds the jumps from point a: over a neighbour m to the point c beyond it
 * on the same straight line (c - m == m - a in drawing coordinates). */
static void hare_add_jumps(hare_geometry *k, int a, const int *x, const int *y)
{
  uint32_t ms = k->adj[a];
  while (ms) {
    int m = lowest_bit(ms);
    uint32_t cs = k->adj[m];
    ms &= ms - 1;
    while (cs) {
      int c = lowest_bit(cs);
      cs &= cs - 1;
      if (c != a && x[c] - x[m] == x[m] - x[a] && y[c] - y[m] == y[m] - y[a] &&
          k->num_jumps[a] < HARE_MAX_JUMPS) {
        k->over[a][k->num_jumps[a]] = (uint8_t)m;
        k->land[a][k->num_jumps[a]++] = (uint8_t)c;
      }
    }
  }
}

/* Steps from point a to every point of the empty board (breadth first). */
static void hare_add_distances(hare_geometry *k, int a)
{
  uint32_t seen = 1u << a, front = seen;
  int d = 0;
  memset(k->dist[a], 255, sizeof k->dist[a]);
  while (front) {
    uint32_t next = 0, f = front;
    for (; f; f &= f - 1) {
      k->dist[a][lowest_bit(f)] = (uint8_t)d;
      next |= k->adj[lowest_bit(f)];
    }
    front = next & k->all & ~seen;
    seen |= front;
    d++;
  }
}

/* Reads the board of a "hare" game from its public geometry; 0 when st is
 * not a hare hunt or its board does not look as expected. */
static int hare_geometry_init(hare_geometry *k, const ag_state *st)
{
  const ag_game *g = ag_state_game(st);
  const char *name = ag_game_name(g);
  int n = ag_game_num_nodes(g), ne = ag_game_num_edges(g), i;
  int x[HARE_MAX_POINTS], y[HARE_MAX_POINTS];
  memset(k, 0, sizeof *k);
  if (!name || strcmp(name, "hare") != 0 || n <= 0 || n >= HARE_MAX_POINTS || ne <= 0) return 0;
  k->points = n;
  k->all = (1u << n) - 1;
  for (i = 0; i < n; i++) {
    int kind = 0;
    if (ag_game_node(g, i, &x[i], &y[i], &kind) != AG_OK || kind != AG_NODE_POINT) return 0;
  }
  for (i = 0; i < ne; i++) {
    int a = -1, b = -1;
    if (ag_game_edge(g, i, &a, &b, NULL) != AG_OK || a < 0 || b < 0 || a >= n || b >= n) return 0;
    k->adj[a] |= 1u << b;
    k->adj[b] |= 1u << a;
  }
  for (i = 0; i < n; i++) {
    hare_add_jumps(k, i, x, y);
    hare_add_distances(k, i);
  }
  return 1;
}

/* Reads the hare's point (-1 if none) and the hunters of a state. */
static hare_board hare_board_read(const ag_state *st)
{
  hare_board b = {-1, 0};
  ag__hare_read_board(st, &b.hare, &b.hunters);
  return b;
}

/* The board after `player' plays m: a hunter's step, or the hare's step or
 * jump (the hunter jumped over leaves). */
static hare_board hare_board_after(const hare_geometry *k, const ag_game *g, const hare_board *b,
                                   int player, ag_move m)
{
  hare_board a = *b;
  int kind = 0, from = -1, to = -1, i;
  if (ag_move_info(g, m, &kind, &from, &to) != AG_OK || from < 0 || to < 0 || from >= k->points ||
      to >= k->points)
    return a;                                  /* pass */
  if (player == 0) {
    a.hunters = (a.hunters & ~(1u << from)) | 1u << to;
    return a;
  }
  a.hare = to;
  if (kind == AG_MOVE_JUMP)
    for (i = 0; i < k->num_jumps[from]; i++)
      if (k->land[from][i] == to) a.hunters &= ~(1u << k->over[from][i]);
  return a;
}

/* The number of captures the hare on h could make now. */
static int hare_jumps(const hare_geometry *k, int h, uint32_t hunters)
{
  uint32_t empty = k->all & ~hunters & ~(1u << h);
  int i, n = 0;
  for (i = 0; i < k->num_jumps[h]; i++)
    n += (hunters >> k->over[h][i] & 1) && (empty >> k->land[h][i] & 1);
  return n;
}

/* The hare's room: the empty points it reaches by steps from h. */
static int hare_room(const hare_geometry *k, int h, uint32_t hunters)
{
  uint32_t empty = k->all & ~hunters & ~(1u << h), seen = 1u << h, front = seen;
  while (front) {
    uint32_t next = 0, f = front;
    for (; f; f &= f - 1) next |= k->adj[lowest_bit(f)];
    front = next & empty & ~seen;
    seen |= front;
  }
  return popcount32(seen) - 1;
}

/* The hunters' total distance (in steps) to the hare on h. */
static int hare_spread(const hare_geometry *k, int h, uint32_t hunters)
{
  int n = 0;
  for (; hunters; hunters &= hunters - 1) n += k->dist[h][lowest_bit(hunters)];
  return n;
}

/* ------------------------------------------------------------------ alpha-beta */

/* Iterative-deepening minimax with alpha-beta pruning and a transposition
 * table, for the hare hunt: the hunters (player 0) maximise, the hare
 * minimises (a capture chain is several plies of the same side).  Values are
 * the hunters', in thousandths of a game: a win is AB_WIN less the plies to
 * it, a draw is worth contempt x 1000 less than even to the searcher, and an
 * unfinished position gets the evaluation below.  The search stops at
 * AB_NODES_PER_ITERATION nodes per "iteration" of the params, after the last
 * depth it completed; equal best moves are drawn with the RNG. */

enum { AB_WIN = 100000, AB_SURE = AB_WIN - 10000, AB_INF = AB_WIN + 1, AB_TT_SIZE = 1 << 16,
       AB_MAX_DEPTH = 64, AB_NODES_PER_ITERATION = 40 };
enum { TT_EXACT = 1, TT_LOWER = 2, TT_UPPER = 3 };

/* Weights of the evaluation, in thousandths of a game. */
enum {
  EVAL_BASE = 200,           /* so that the start is about even */
  EVAL_TAKEN = 300,          /* each hunter taken */
  EVAL_CAPTURE_NOW = 250,    /* the hare to move and a capture open */
  EVAL_THREAT = 10,          /* the hunters to move, one capture open */
  EVAL_THREATS = 200,        /* the hunters to move, two or more open */
  EVAL_ROOM = 10,            /* each empty point the hare can reach */
  EVAL_STEP = 5,             /* each step the hare has */
  EVAL_SPREAD = 2            /* each step between a hunter and the hare */
};

/* A transposition-table entry: the position's hash, its best move, and a
 * value (exact or a bound) found by a search of `depth' plies. */
typedef struct tt_entry {
  uint64_t key;
  ag_move move;
  int32_t value;
  int16_t depth;
  int16_t flag;
} tt_entry;

typedef struct ab_search {
  hare_geometry geo;
  ag_state *st;                            /* working state */
  const ag_game *game;
  tt_entry *tt;
  ag_move *moves;                          /* move lists, cap per ply below the root */
  size_t cap;
  long nodes, budget;
  int aborted;
  int draw;                                /* the hunters' value of a draw */
  int taken0, hunters0;                    /* hunters taken and left at the root */
} ab_search;

/* The hunters' value of an unfinished position: hunters taken, captures the
 * hare has open, the hare's room and steps, and how far the hunters are. */
static int hare_eval(const ab_search *s, const hare_board *b)
{
  const hare_geometry *k = &s->geo;
  int h = b->hare, jumps, v, taken = s->taken0 + s->hunters0 - popcount32(b->hunters);
  if (h < 0) return 0;
  jumps = hare_jumps(k, h, b->hunters);
  v = EVAL_BASE - EVAL_TAKEN * taken - EVAL_ROOM * hare_room(k, h, b->hunters) -
      EVAL_STEP * popcount32(k->adj[h] & k->all & ~b->hunters) -
      EVAL_SPREAD * hare_spread(k, h, b->hunters);
  if (jumps)
    v -= ag_state_current_player(s->st) == 1 ? EVAL_CAPTURE_NOW
                                             : jumps > 1 ? EVAL_THREATS : EVAL_THREAT;
  return v;
}

/* The hunters' value of a finished game `ply' plies below the root. */
static int ab_terminal(const ab_search *s, int ply)
{
  int winner = AG_PLAYER_NONE;
  if (ag_state_outcome(s->st, &winner, NULL) != AG_OUTCOME_WIN) return s->draw;
  return winner == 0 ? AB_WIN - ply : -AB_WIN + ply;
}

/* Orders moves best-first: the table's move, then captures, then hunter
 * steps that leave the hare no capture, nearest the hare first. */
static void ab_order(const ab_search *s, const hare_board *b, ag_move *mv, size_t n, int player,
                     ag_move first)
{
  const hare_geometry *k = &s->geo;
  int score[AG__MAX_MOVES];
  size_t i, j;
  for (i = 0; i < n; i++) {
    int kind = 0, from = -1, to = -1, sc = 0;
    ag_move_info(s->game, mv[i], &kind, &from, &to);
    if (mv[i] == first) sc = 1000000;
    else if (kind == AG_MOVE_JUMP) sc = 10000;
    else if (b->hare >= 0 && player == 0 && kind == AG_MOVE_STEP && from >= 0 && to >= 0 &&
             from < k->points && to < k->points) {
      uint32_t after = (b->hunters & ~(1u << from)) | 1u << to;
      sc = (hare_jumps(k, b->hare, after) ? 0 : 1000) - k->dist[b->hare][to];
    }
    score[i] = sc;
  }
  for (i = 1; i < n; i++) {                    /* insertion sort, stable */
    ag_move m = mv[i];
    int sc = score[i];
    for (j = i; j > 0 && score[j - 1] < sc; j--) {
      mv[j] = mv[j - 1];
      score[j] = score[j - 1];
    }
    mv[j] = m;
    score[j] = sc;
  }
}

/* The table entry of a position, and whether its value settles the node. */
static tt_entry *ab_probe(ab_search *s, uint64_t key, int depth, int alpha, int beta, int *hit)
{
  tt_entry *e = &s->tt[key & (AB_TT_SIZE - 1)];
  *hit = e->key == key && e->depth >= depth &&
         (e->flag == TT_EXACT || (e->flag == TT_LOWER && e->value >= beta) ||
          (e->flag == TT_UPPER && e->value <= alpha));
  return e;
}

/* The minimax value of the working state (board b) searched `depth' plies
 * deep within the window (alpha, beta); 0 with s->aborted set when the node
 * budget runs out. */
static int ab_node(ab_search *s, const hare_board *b, int depth, int ply, int alpha, int beta)
{
  ag_move *mv = s->moves + (size_t)ply * s->cap, best_move = 0;
  size_t n = 0, i;
  int player, best, hit, a0 = alpha, b0 = beta;
  uint64_t key;
  tt_entry *e;
  player = ag_state_current_player(s->st);
  if (player == AG_PLAYER_TERMINAL) return ab_terminal(s, ply);
  if (depth <= 0) return hare_eval(s, b);
  if (++s->nodes > s->budget) { s->aborted = 1; return 0; }
  key = ag_state_hash(s->st);
  e = ab_probe(s, key, depth, alpha, beta, &hit);
  if (hit) return e->value;
  if (ag_state_legal_moves(s->st, player, mv, s->cap, &n) != AG_OK || n == 0)
    return hare_eval(s, b);
  ab_order(s, b, mv, n, player, e->key == key ? e->move : 0);
  best = player == 0 ? -AB_INF : AB_INF;
  for (i = 0; i < n && alpha < beta; i++) {
    hare_board next = hare_board_after(&s->geo, s->game, b, player, mv[i]);
    int v;
    if (ag__state_apply_trusted(s->st, &mv[i], 1) != AG_OK) continue;
    v = ab_node(s, &next, depth - 1, ply + 1, alpha, beta);
    ag_state_undo(s->st);
    if (s->aborted) return 0;
    if (player == 0 ? v > best : v < best) { best = v; best_move = mv[i]; }
    if (player == 0 && v > alpha) alpha = v;
    if (player != 0 && v < beta) beta = v;
  }
  e->key = key;
  e->move = best_move;
  e->value = best;
  e->depth = (int16_t)depth;
  e->flag = best <= a0 ? TT_UPPER : best >= b0 ? TT_LOWER : TT_EXACT;
  return best;
}

/* One root iteration of `depth' plies: lists in ties the moves of the best
 * value for the mover (each later move is searched with a window just below
 * the best so far, so ties are exact), stores that value in *best, returns
 * the number of ties; 0 when the budget ran out. */
static size_t ab_root(ab_search *s, const hare_board *b, const ag_move *mv, size_t n, int depth,
                      ag_move *ties, int *best)
{
  int player = ag_state_current_player(s->st), sign = player == 0 ? 1 : -1, top = -AB_INF;
  size_t i, nties = 0;
  for (i = 0; i < n; i++) {
    hare_board next = hare_board_after(&s->geo, s->game, b, player, mv[i]);
    int v, bound = top == -AB_INF ? -AB_INF : top - 1;    /* in the mover's terms */
    if (ag__state_apply_trusted(s->st, &mv[i], 1) != AG_OK) continue;
    v = player == 0 ? ab_node(s, &next, depth - 1, 1, bound, AB_INF)
                    : ab_node(s, &next, depth - 1, 1, -AB_INF, -bound);
    ag_state_undo(s->st);
    if (s->aborted) return 0;
    v *= sign;
    if (v > top) { top = v; nties = 0; }
    if (v == top) ties[nties++] = mv[i];
  }
  *best = sign * top;
  return nties;
}

/* Prepares a search from st: the working copy, the table, the move lists,
 * the budget and the value of a draw; returns the board at the root. */
static int ab_start(ab_search *s, const ag_state *st, const ai_params *prm, hare_board *board)
{
  int player = ag_state_current_player(st), rc;
  s->game = ag_state_game(st);
  s->cap = ag_game_limit(s->game, AG_LIMIT_LEGAL_MOVES);
  if (s->cap == 0 || s->cap > AG__MAX_MOVES) s->cap = AG__MAX_MOVES;
  s->tt = calloc(AB_TT_SIZE, sizeof *s->tt);
  s->moves = malloc((AB_MAX_DEPTH + 1) * s->cap * sizeof *s->moves);
  if (!s->tt || !s->moves) return ag__fail(AG_ENOMEM, "ai: out of memory");
  rc = ag_state_clone(st, &s->st);
  if (rc != AG_OK) return rc;
  s->draw = (int)(prm->contempt * 1000) * (player == 0 ? -1 : 1);
  s->budget = prm->iterations * AB_NODES_PER_ITERATION;
  *board = hare_board_read(st);
  s->hunters0 = popcount32(board->hunters);
  s->taken0 = info_or_zero(st, AG_INFO_CAPTURED, 1);
  return AG_OK;
}

/* Deepens the search one ply at a time until the budget runs out or the
 * result is known; returns the number of equal best moves of the deepest
 * completed depth, written to pick (the n root moves mv are reordered). */
static size_t ab_deepen(ab_search *s, const hare_board *board, ag_move *mv, size_t n,
                        ag_move *pick)
{
  ag_move ties[AG__MAX_MOVES];
  size_t npick = n, nties;
  int depth, best = 0, player = ag_state_current_player(s->st);
  memcpy(pick, mv, n * sizeof *mv);
  for (depth = 1; depth <= AB_MAX_DEPTH; depth++) {
    ab_order(s, board, mv, n, player, pick[0]);
    nties = ab_root(s, board, mv, n, depth, ties, &best);
    if (s->aborted || nties == 0) break;
    memcpy(pick, ties, nties * sizeof *ties);
    npick = nties;
    if (best >= AB_SURE || best <= -AB_SURE) break;    /* the result is known */
  }
  return npick;
}

/* The alpha-beta choice of the player to act in a hare hunt (geometry read
 * into s->geo): the deepest completed search's best move, ties drawn with
 * the RNG. */
static int ab_choose(ab_search *s, const ag_state *st, const ai_params *prm, uint64_t *rng,
                     ag_move *out)
{
  ag_move mv[AG__MAX_MOVES], pick[AG__MAX_MOVES];
  size_t n = 0;
  int player = ag_state_current_player(st), rc;
  hare_board board;
  rc = ag_state_legal_moves(st, player, mv, AG__MAX_MOVES, &n);
  if (rc == AG_OK && n == 0) rc = ag__fail(AG_EPHASE, "ai: player %d has no move now", player);
  if (rc == AG_OK) rc = ab_start(s, st, prm, &board);
  if (rc == AG_OK) *out = pick[ag_rng_below(rng, ab_deepen(s, &board, mv, n, pick))];
  ag_state_free(s->st);
  free(s->tt);
  free(s->moves);
  return rc;
}

/* ------------------------------------------------------------------ public */

/* Checks the common arguments and parses the params. */
static int check_args(const ag_state *st, const char *params, uint64_t *rng, const void *out,
                      ai_params *prm)
{
  if (!st || !rng || !out) return ag__fail(AG_EINVAL, "ai: NULL argument");
  return parse_params(params, prm);
}

/* One player's move with parsed params. */
static int choose_for(const ag_state *st, int player, const ai_params *prm, uint64_t *rng,
                      ag_move *out)
{
  int cur = ag_state_current_player(st);
  if (cur == AG_PLAYER_TERMINAL) return ag__fail(AG_EPHASE, "ai: the game is over");
  if (cur != AG_PLAYER_SIMULTANEOUS && cur != player)
    return ag__fail(AG_EPHASE, "ai: player %d does not act now", player);
  if (prm->kind == KIND_PERFECT)
    return ag__fail(AG_EINVAL, "ai: the perfect player needs a solution (ag_ai_choose_solved)");
  if (prm->kind == KIND_RANDOM || cur == AG_PLAYER_CHANCE) return random_move(st, player, rng, out);
  if (cur >= 0) {
    ab_search s;
    memset(&s, 0, sizeof s);
    if (hare_geometry_init(&s.geo, st)) return ab_choose(&s, st, prm, rng, out);
  }
  return mcts_choose(st, player, prm, rng, out);
}

AG_API int ag_ai_choose(const ag_state *st, const char *params, uint64_t *rng, ag_move *out)
{
  ai_params prm;
  int rc = check_args(st, params, rng, out, &prm), cur;
  if (rc != AG_OK) return rc;
  cur = ag_state_current_player(st);
  if (cur == AG_PLAYER_SIMULTANEOUS)
    return ag__fail(AG_EPHASE, "ai: simultaneous node: use ag_ai_choose_player or _joint");
  return choose_for(st, cur, &prm, rng, out);
}

AG_API int ag_ai_choose_player(const ag_state *st, int player, const char *params,
                               uint64_t *rng, ag_move *out)
{
  ai_params prm;
  int rc = check_args(st, params, rng, out, &prm);
  if (rc != AG_OK) return rc;
  if (player != 0 && player != 1) return ag__fail(AG_EINVAL, "ai: player %d out of range", player);
  return choose_for(st, player, &prm, rng, out);
}

AG_API int ag_ai_choose_joint(const ag_state *st, const char *params, uint64_t *rng,
                              ag_move *moves, size_t n)
{
  ai_params prm;
  int rc = check_args(st, params, rng, moves, &prm);
  if (rc != AG_OK) return rc;
  if (n < 2) return ag__fail(AG_EINVAL, "ai: room for %zu moves, 2 needed", n);
  if (ag_state_current_player(st) != AG_PLAYER_SIMULTANEOUS)
    return ag__fail(AG_EPHASE, "ai: not a simultaneous node");
  if (prm.kind == KIND_PERFECT)
    return ag__fail(AG_EINVAL, "ai: the perfect player is for the hare hunt only");
  if (prm.kind == KIND_RANDOM) {
    rc = random_move(st, 0, rng, &moves[0]);
    return rc == AG_OK ? random_move(st, 1, rng, &moves[1]) : rc;
  }
  return mcts_choose(st, -1, &prm, rng, moves);
}

/* ------------------------------------------------------------------ perfect */

/* Rank of a move's result for the mover: wins first (shortest), then draws,
 * then losses (longest); larger is better. */
static long result_rank(int value, int turns)
{
  return value > 0 ? 1000000L - turns : value == 0 ? 0 : -1000000L + turns;
}

/* Value and remaining turns, for the mover, of the position after a move. */
static int after_move(const ag_solution *sol, ag_state *st, int mover, int *value, int *turns)
{
  int winner = AG_PLAYER_NONE, v = 0, d = 0, rc, next;
  if (ag_state_is_terminal(st) == 1) {
    int outcome = ag_state_outcome(st, &winner, NULL);
    *value = outcome == AG_OUTCOME_WIN ? (winner == mover ? 1 : -1) : 0;
    *turns = 1;
    return AG_OK;
  }
  rc = ag_solution_probe(sol, st, &v, &d);
  if (rc != AG_OK) return rc;
  next = ag_state_current_player(st);
  if (next == mover) { *value = v; *turns = d; }           /* the chain goes on */
  else { *value = -v; *turns = d + 1; }
  return AG_OK;
}

AG_API int ag_ai_choose_solved(const ag_state *st, const ag_solution *sol, uint64_t *rng,
                               ag_move *out)
{
  ag_move mv[AG__MAX_MOVES], best[AG__MAX_MOVES];
  size_t n = 0, nbest = 0, i;
  long best_rank = -2000000L;
  int mover, rc, v, d;
  ag_state *work = NULL;
  if (!st || !sol || !rng || !out) return ag__fail(AG_EINVAL, "ai: NULL argument");
  rc = ag_solution_probe(sol, st, &v, &d);             /* checks game, variant, phase */
  if (rc != AG_OK) return rc;
  mover = ag_state_current_player(st);
  rc = ag_state_legal_moves(st, mover, mv, AG__MAX_MOVES, &n);
  if (rc == AG_OK) rc = ag_state_clone(st, &work);
  for (i = 0; rc == AG_OK && i < n; i++) {
    long r;
    rc = ag_state_apply(work, mv[i]);
    if (rc == AG_OK) rc = after_move(sol, work, mover, &v, &d);
    if (rc != AG_OK) break;
    ag_state_undo(work);
    r = result_rank(v, d);
    if (r > best_rank) { best_rank = r; nbest = 0; }
    if (r == best_rank) best[nbest++] = mv[i];
  }
  ag_state_free(work);
  if (rc != AG_OK) return rc;
  if (nbest == 0) return ag__fail(AG_EPHASE, "ai: no legal move");
  *out = best[ag_rng_below(rng, nbest)];
  return AG_OK;
}
