/*
 * players.c -- computer players: random, Monte Carlo tree search, and the
 * perfect hare player.  They read games through the public API; the internal
 * ag__state_apply_trusted applies moves just taken from a legal list.
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
 * the hunters' traps: ag__hare_search_choose (hare_search.c), chosen by the
 * game's vtable (ag__hare_vt).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "ag_internal.h"
#include "ai/hare_search.h"

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
  if (cur >= 0 && ag_state_game(st)->vt == &ag__hare_vt)
    return ag__hare_search_choose(st, prm->iterations, prm->contempt, rng, out);
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
