/* SPDX-License-Identifier: MIT */
/*
 * liubo_fingers.c -- liubo with finger-guessing (morra) and six counting
 * sticks, the Chinese reconstruction, as ancientgames-liubo-fingers(7) states
 * it (man/ancientgames-liubo-fingers.7; its SOURCES name the sources).
 *
 * Flow: finger rounds are simultaneous nodes (both players choose; one joint
 * ply); a round that gives a count n to a mover is followed by the mover's
 * action ply (ordinary move, centre entry, prisoner return or pass).  Pieces
 * walk the forward graph of liubo_fingers_board.c; a piece met before the
 * last step blocks the walk and allows a retreat to any node passed.  The
 * first side with 4 pieces in TAIJI wins (4:0, 4:1, 4:2); 3:3 is a draw.
 */
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#include "ag_internal.h"
#include "bits.h"
#include "liubo_fingers_board.h"
#include "liubo_fingers.h"

enum { OPT_HANDS = AG__LF_OPT_HANDS, OPT_SCHEME = AG__LF_OPT_SCHEME, OPT_ENTRY = AG__LF_OPT_ENTRY,
       OPT_BOARD = AG__LF_OPT_BOARD, OPT_RETURN = AG__LF_OPT_RETURN,
       OPT_MAX_ROUNDS = AG__LF_OPT_MAX_ROUNDS };
enum { WHITE = 0, BLACK = 1 };
enum { PH_GUESS = AG__LF_PH_GUESS, PH_THROW = AG__LF_PH_THROW, PH_ACT = AG__LF_PH_ACT,
       PH_OVER = AG__LF_PH_OVER };
enum { ON_BOARD = 0, AT_START = 1 };   /* the aux byte of an ordinary move or entry */

#define PIECES       6        /* pieces per side */
#define TO_WIN       4        /* pieces home that win */
#define NO_CALL      0xff     /* the call byte of a fingers-only choice */
#define MAX_OUT      4        /* most forward edges out of one node */
#define MAX_COUNT    20       /* largest count (two hands) */
#define MAX_ROUNDS_TEXT 2147483647L
#define PASS_MOVE    AG__MOVE(AG_MOVE_PASS, 0, 0, 0)
#define BIT(i)       ((uint64_t)1 << (i))
#define STEP_BYTES   ((AG__LF_NODES + 7) / 8)   /* bytes of a node mask */

static const char *const scheme_words[] = {"alternate", "guess", NULL};
static const char *const entry_words[] = {"one", "exact", NULL};
static const char *const board_words[] = {"32", "48", NULL};
static const char *const return_words[] = {"move", "free", NULL};

static const ag__optdef lf_options[] = {
  {"hands", 1, 1, 2, NULL},
  {"scheme", 0, 0, 1, scheme_words},
  {"entry", 0, 0, 1, entry_words},
  {"board", 0, 0, 1, board_words},
  {"return", 0, 0, 1, return_words},
  {"max_rounds", 2000, 0, 100000, NULL},
};


/* Zobrist keys, filled in one go from the game name. */
typedef struct lf_keys {
  uint64_t piece[AG__LF_NODES][2][2][PIECES + 1];   /* node, owner, AT_START?, count */
  uint64_t held[2][PIECES + 1];
  uint64_t home[2][TO_WIN + 1];
  uint64_t sticks[2][4][4];                         /* player, plain, wired */
  uint64_t phase[4][2][MAX_COUNT + 1];              /* phase, mover, count */
} lf_keys;

/* Private per-game data: options, walk tables, geometry and keys. */
typedef struct lf_game {
  int fingers_max;                /* F = 5 * hands */
  int call_max;                   /* 2F */
  int scheme_guess, entry_exact, return_free;
  uint32_t max_rounds;            /* 0 = no cap */
  int num_points;                 /* 32 or 48 */
  uint8_t points[AG__LF_NODES];   /* playing point ids, ascending */
  uint64_t point_mask, inner_mask, stem_mask, corner_mask[2];
  uint8_t out_count[AG__LF_NODES];
  uint8_t out[AG__LF_NODES][MAX_OUT];
  uint64_t out_mask[AG__LF_NODES];              /* the out[] nodes as a mask */
  uint64_t in_mask[AG__LF_NODES];               /* the nodes with an edge to this one */
  /* One step of a whole set at once: succ_byte[i][b] is the union of
   * out_mask[] over the nodes of bit pattern b in byte i of a mask,
   * pred_byte the same of in_mask[]; step_bytes: the bytes that can hold a
   * playing point of this board.  Built at setup, read-only after. */
  int step_bytes;
  uint64_t succ_byte[STEP_BYTES][256], pred_byte[STEP_BYTES][256];
  int girth;                      /* the shortest cycle of the walk graph, in steps */
  uint64_t reach[AG__LF_NODES][MAX_COUNT + 1];  /* nodes 1..r forward steps away */
  ag__node nodes[AG__LF_NODES];
  ag__mark marks[AG__LF_MARKS];                /* ag__lf_marks moved to 0..24 */
  ag__edge edges[AG__LF_EDGES32 + AG__LF_EDGES48 + AG__LF_STEM_EDGES];
  lf_keys keys;
} lf_game;

#define GAME(g) ((const lf_game *)(g)->data)

/* ------------------------------------------------------------ small helpers */

/* Index of the lowest set bit of a non-zero mask. */
static int lowest_bit(uint64_t m) { return __builtin_ctzll(m); }

/* The union of t's entries over the bytes of m: one table load per byte
 * instead of one per node (no loop whose length depends on m, so nothing
 * to mispredict).  `bytes` is lg->step_bytes or more (bytes past it are
 * zero in every mask of the game), a constant where it is inlined. */
#define INLINE static inline __attribute__((always_inline))
INLINE uint64_t step_set(const uint64_t (*t)[256], uint64_t m, int bytes)
{
  uint64_t r = t[0][m & 0xff] | t[1][m >> 8 & 0xff] | t[2][m >> 16 & 0xff] | t[3][m >> 24 & 0xff];
  if (bytes > 4)
    r |= t[4][m >> 32 & 0xff] | t[5][m >> 40 & 0xff] | t[6][m >> 48 & 0xff] |
         (STEP_BYTES > 7 ? t[STEP_BYTES - 1][m >> 56 & 0xff] : 0);
  return r;
}

/* The nodes one forward step after some node of m, and before. */
INLINE uint64_t succ_set(const lf_game *lg, uint64_t m, int bytes) { return step_set(lg->succ_byte, m, bytes); }
INLINE uint64_t pred_set(const lf_game *lg, uint64_t m, int bytes) { return step_set(lg->pred_byte, m, bytes); }

/* Number of p's pieces standing flat on a start corner. */
static int flat_count(const lf_pos *p, int player)
{
  const int *c = ag__lf_start_corner[player];
  return (p->owner[c[0]] == player ? p->flat[c[0]] : 0) +
         (p->owner[c[1]] == player ? p->flat[c[1]] : 0);
}

/* Scoring and the end: the holder of fish c (0 white, 1 black), or -1 while in TAIJI: the
 * other side took it with its 4th piece home, else its own side with its 2nd. */
static int fish_holder(const lf_pos *p, int c)
{
  return p->home[1 - c] >= TO_WIN ? 1 - c : p->home[c] >= 2 ? c : -1;
}

/* Whether the score has ended the game: someone has 4 home, or 3:3. */
static int score_decided(const lf_pos *p)
{
  return p->home[0] >= TO_WIN || p->home[1] >= TO_WIN || (p->home[0] == 3 && p->home[1] == 3);
}

/* -------------------------------------------------------- guess resolution */

/* Finger rounds: the winner of a guess round (0 or 1), or -1 for a VOID round.  A call
 * above own fingers + F or below own fingers is impossible and loses at once;
 * both impossible, both right or both wrong is VOID. */
static int resolve_guess(int fmax, int f0, int c0, int f1, int c1)
{
  int imp0 = c0 > f0 + fmax || c0 < f0, imp1 = c1 > f1 + fmax || c1 < f1;
  int sum = f0 + f1, ok0 = c0 == sum, ok1 = c1 == sum;
  if (imp0 && imp1) return -1;
  if (imp0) return BLACK;
  if (imp1) return WHITE;
  if (ok0 != ok1) return ok0 ? WHITE : BLACK;
  return -1;
}

/* ------------------------------------------------------------ move making */

/* Ends the game (by the score or the round cap). */
static void end_game(lf_pos *p)
{
  p->phase = PH_OVER;
  p->mover = 0;
  p->count = 0;
}

/* Ends the game when the round cap is reached as a round would begin. */
static void check_round_cap(const lf_game *lg, lf_pos *p)
{
  if (lg->max_rounds && p->rounds >= lg->max_rounds) end_game(p);
}

/* Sets up the next finger round after `last` acted (or after a void round). */
static void begin_round(const lf_game *lg, lf_pos *p, int last)
{
  if (lg->scheme_guess || last < 0) {
    p->phase = PH_GUESS;
    p->mover = 0;
  } else {
    p->phase = PH_THROW;
    p->mover = (uint8_t)(1 - last);
  }
  p->count = 0;
  check_round_cap(lg, p);
}

/* Whether p's start corner c holds no enemy piece (a prisoner may return there). */
static int corner_open(const lf_pos *p, int player, int c)
{
  return p->owner[c] != 1 - player;
}

/* The lower-numbered own start corner holding no enemy piece, or -1. */
static int free_start_corner(const lf_pos *p, int player)
{
  int i;
  for (i = 0; i < 2; i++) {
    int c = ag__lf_start_corner[player][i];
    if (corner_open(p, player, c)) return c;
  }
  return -1;
}

/* Whether S60-S61 let a prisoner of `player` return with count n now. */
static int may_return(const lf_pos *p, int player, int n)
{
  return p->held[1 - player] > 0 && (n == 1 || flat_count(p, player) == 0);
}

/* Puts one prisoner of `player` back flat on start corner c. */
static void return_prisoner(lf_pos *p, int player, int c)
{
  p->held[1 - player]--;
  p->flat[c]++;
  p->owner[c] = (int8_t)player;
}

/* Gives the action with count n to `player`; return=free brings a prisoner
 * back first (header, further point 5). */
static void begin_action(const lf_game *lg, lf_pos *p, int player, int n)
{
  p->phase = PH_ACT;
  p->mover = (uint8_t)player;
  p->count = (uint8_t)n;
  if (lg->return_free && may_return(p, player, n)) {
    int c = free_start_corner(p, player);
    if (c >= 0) return_prisoner(p, player, c);
  }
}

/* Applies one finger round: choice m0 of White, m1 of Black. */
static void play_round(const lf_game *lg, lf_pos *p, ag_move m0, ag_move m1)
{
  int f0 = AG__MOVE_AUX(m0), f1 = AG__MOVE_AUX(m1), winner;
  p->rounds += p->rounds < MAX_ROUNDS_TEXT;  /* stops at the largest count the text reads */
  if (p->phase == PH_THROW) {
    begin_action(lg, p, p->mover, f0 + f1);
    return;
  }
  winner = resolve_guess(lg->fingers_max, f0, AG__MOVE_TO(m0), f1, AG__MOVE_TO(m1));
  if (winner < 0) begin_round(lg, p, -1);
  else begin_action(lg, p, winner, f0 + f1);
}

/* Lifts one piece in state `state` off node v. */
static void lift_piece(lf_pos *p, int v, int state)
{
  if (state == AT_START) p->flat[v]--;
  else p->cross[v]--;
  if (!p->flat[v] && !p->cross[v]) p->owner[v] = -1;
}

/* Sets a piece of `player` crosswise on v, capturing any enemy stack there. */
static void land_piece(lf_pos *p, int player, int v)
{
  if (p->owner[v] == 1 - player) {
    p->held[player] = (uint8_t)(p->held[player] + p->flat[v] + p->cross[v]);
    p->flat[v] = 0;
    p->cross[v] = 0;
  }
  p->owner[v] = (int8_t)player;
  p->cross[v]++;
}

/* Scoring and the end: the k-th piece of `player` reaches TAIJI: a stick (odd k plain, even
 * k wired, the other kind when none is left); the fish taken at k = 2 and 4
 * follow from home[] (fish_holder). */
static void score_entry(lf_pos *p, int player)
{
  int k = ++p->home[player];
  int plain_left = 3 - p->plain[0] - p->plain[1], wired_left = 3 - p->wired[0] - p->wired[1];
  int want_plain = k & 1;
  if (want_plain && !plain_left) want_plain = 0;
  else if (!want_plain && !wired_left) want_plain = 1;
  if (want_plain) p->plain[player]++;
  else p->wired[player]++;
}

/* Applies the mover's action m, then sets up what follows.  Only an entry
 * changes the score, so only an entry can end the game by it (a position
 * whose score is decided is always over: play and check_position keep it so). */
static void play_action(const lf_game *lg, lf_pos *p, ag_move m)
{
  int player = p->mover, kind = AG__MOVE_KIND(m);
  int from = AG__MOVE_FROM(m), to = AG__MOVE_TO(m), state = AG__MOVE_AUX(m);
  if (kind == AG_MOVE_STEP) {
    lift_piece(p, from, state);
    land_piece(p, player, to);
  } else if (kind == AG_MOVE_ENTER) {
    lift_piece(p, from, state);
    score_entry(p, player);
    if (score_decided(p)) {
      end_game(p);
      return;
    }
  } else if (kind == AG_MOVE_RETURN) {
    return_prisoner(p, player, to);
  }
  begin_round(lg, p, player);
}

/* ------------------------------------------------------- move generation */

/* The search of one action: board occupancy, the count, and a memo of
 * sub-walk results that do not depend on the nodes visited before them. */
#define CACHE_SLOTS 512     /* the cache of visited-dependent sub-walks */

typedef struct lf_walk {
  const lf_game *lg;
  uint64_t occupied;
  uint32_t known[AG__LF_NODES];                 /* bit r: memo[v][r] is valid */
  uint64_t memo_dest[AG__LF_NODES][MAX_COUNT + 1];
  uint8_t memo_flags[AG__LF_NODES][MAX_COUNT + 1];
  /* Sub-walks that do depend on the nodes visited before them, keyed by
   * (node, r, the visited nodes they could meet): a cache, overwritten on a
   * collision, so it bounds the work without changing any result. */
  uint16_t cache_tag[CACHE_SLOTS];              /* 0 empty, else node | r << 6 | 1 << 11 */
  uint8_t cache_flags[CACHE_SLOTS];
  uint64_t cache_seen[CACHE_SLOTS], cache_dest[CACHE_SLOTS];
} lf_walk;

/* Makes w ready for one action's walks. */
static void walk_init(lf_walk *w, const lf_game *lg, uint64_t occupied)
{
  w->lg = lg;
  w->occupied = occupied;
  memset(w->known, 0, sizeof w->known);
  memset(w->cache_tag, 0, sizeof w->cache_tag);
}

/* What the walks below one node give: destinations strictly after it, and
 * whether some walk was blocked (allowing a retreat to the node and before)
 * or reached TAIJI's stem at the last step but one. */
typedef struct lf_sub { uint64_t dest; int blocked, enter; } lf_sub;

enum { SUB_BLOCKED = 1, SUB_ENTER = 2 };

/* walk_on() for r <= girth: the walk from node cannot meet its own points
 * again (that takes a cycle, at least girth steps, and would end on node,
 * which is visited), so only the points visited before it are in the way and
 * the walks are sets: layer[k], the free unvisited points k steps on.
 * Destinations: the unvisited successors of layer[r-1] (the last step lands
 * anywhere), and the points of layer[k], 1 <= k <= r-2, that are blockers
 * (an occupied unvisited successor) or lead to one within the steps left:
 * a walk standing there with 2 or more steps to go is blocked and may
 * retreat to any point it passed.  Blocked (for the caller's retreat): node
 * itself is a blocker, or some layer-1 point leads to one. */
INLINE lf_sub walk_tail_b(const lf_game *lg, uint64_t occupied, int node, int r, uint64_t visited,
                          int bytes)
{
  lf_sub res = {0, 0, 0};
  uint64_t layer[MAX_COUNT + 1], back;
  uint64_t open = lg->point_mask & ~occupied & ~visited;
  uint64_t blockers = pred_set(lg, occupied & ~visited, bytes);
  int k;
  layer[0] = BIT(node);
  for (k = 1; k < r; k++) layer[k] = succ_set(lg, layer[k - 1], bytes) & open;
  res.dest = succ_set(lg, layer[r - 1], bytes) & ~visited;
  res.enter = (lg->stem_mask & layer[r - 1]) != 0;
  if (r < 3) {
    res.blocked = r == 2 && (blockers >> node & 1);
    return res;
  }
  /* back: the retreat points found so far, layers r-2 down to k+1; a point
   * of layer k leading to one of them leads to one of layer k+1 too (the
   * same walk, a step earlier), so one set serves every layer. */
  back = layer[r - 2] & blockers;
  for (k = r - 3; k >= 1; k--) back |= layer[k] & (blockers | pred_set(lg, back, bytes));
  res.dest |= back;
  res.blocked = (back & layer[1]) != 0 || (blockers >> node & 1);
  return res;
}

static lf_sub walk_tail(const lf_game *lg, uint64_t occupied, int node, int r, uint64_t visited)
{
  if (lg->step_bytes <= 4) return walk_tail_b(lg, occupied, node, r, visited, 4);
  return walk_tail_b(lg, occupied, node, r, visited, STEP_BYTES);
}

/* walk_tail() of every origin of an action at once (r <= girth, each
 * origin its only visited node), origin by origin within each layer, so the
 * origins' chains of table loads overlap.  The retreats come from sets
 * shared by all origins: near[j], the points from which a blocker (a point
 * with an occupied successor) is at most j free steps on; a point of layer
 * k is a retreat when it is in near[r-2-k] (it leads to a blocker that a
 * walk still meets with 2 or more steps to go).  Blockers are of every
 * occupied point, the origin's own included, although stepping back onto
 * the origin is a dead end, not a block: a point leading to the origin
 * within r-2 steps of it would close a cycle shorter than the girth, so no
 * walk of the origin meets such a point in time. */
INLINE void walk_tails_b(const lf_game *lg, uint64_t occupied, const int *nodes, int nn, int r,
                         lf_sub *out, int bytes)
{
  /* layer[i]: origin i's layer k; near1[j] = near[j-1], near1[0] empty */
  uint64_t layer[PIECES], back[PIECES], near1[MAX_COUNT + 1];
  uint64_t open = lg->point_mask & ~occupied, blockers = pred_set(lg, occupied, bytes);
  int i, k;
  if (r == 1) {
    for (i = 0; i < nn; i++) {
      out[i].dest = lg->out_mask[nodes[i]] & ~BIT(nodes[i]);
      out[i].enter = (int)(lg->stem_mask >> nodes[i] & 1);
      out[i].blocked = 0;
    }
    return;
  }
  near1[0] = 0;
  near1[1] = blockers;
  for (k = 2; k <= r - 2; k++) near1[k] = blockers | pred_set(lg, near1[k - 1] & open, bytes);
  for (i = 0; i < nn; i++) {
    layer[i] = lg->out_mask[nodes[i]] & open;
    back[i] = layer[i] & near1[r - 2];
  }
  for (k = 2; k < r; k++)
    for (i = 0; i < nn; i++) {
      layer[i] = succ_set(lg, layer[i], bytes) & open;
      back[i] |= layer[i] & near1[r - 1 - k];
    }
  for (i = 0; i < nn; i++) {
    out[i].dest = (succ_set(lg, layer[i], bytes) & ~BIT(nodes[i])) | back[i];
    out[i].enter = (lg->stem_mask & layer[i]) != 0;
    out[i].blocked = 0;   /* not needed by the callers */
  }
}

/* The action: all simple forward walks that stand on `node` with r steps to go.
 * A node met before the last step blocks the walk, which may then retreat
 * to any node passed; at the last step any node is a destination (empty,
 * own stack, enemy capture); with entry=exact a stem node with one step to
 * go may slide into TAIJI.  The result depends on `visited` only when the
 * walks can meet a visited node, so it is memoised otherwise.  With tail set
 * the last girth steps are done by walk_tail() (the fast search); without,
 * step by step (the plain search, kept as the reference for the test hook
 * ag__lf_check_walks). */
static lf_sub walk_search(lf_walk *w, int node, int r, uint64_t visited, int tail)
{
  const lf_game *lg = w->lg;
  lf_sub res = {0, 0, 0};
  uint64_t next, free_next, seen;
  unsigned slot = 0;
  uint16_t tag = 0;
  int memo;
  if (tail && r <= lg->girth) return walk_tail(lg, w->occupied, node, r, visited);
  if (r == 1) {   /* the last step: every successor not yet visited */
    res.dest = lg->out_mask[node] & ~visited;
    res.enter = (int)(lg->stem_mask >> node & 1);
    return res;
  }
  if (r == 2) {   /* the same, one step further, with the blocks; no memo */
    next = lg->out_mask[node] & ~visited;
    free_next = next & ~w->occupied;
    res.blocked = free_next != next;
    for (; free_next; free_next &= free_next - 1) {
      int v = lowest_bit(free_next);
      res.dest |= lg->out_mask[v] & ~(visited | BIT(v));
      res.enter |= (int)(lg->stem_mask >> v & 1);
    }
    return res;
  }
  seen = lg->reach[node][r] & visited & ~BIT(node);
  memo = !seen;
  if (memo && (w->known[node] >> r & 1)) {
    res.dest = w->memo_dest[node][r];
    res.blocked = w->memo_flags[node][r] & SUB_BLOCKED;
    res.enter = (w->memo_flags[node][r] & SUB_ENTER) != 0;
    return res;
  }
  if (!memo) {
    tag = (uint16_t)(node | r << 6 | 1 << 11);
    slot = (unsigned)(((seen ^ (uint64_t)tag * UINT64_C(0x9E3779B97F4A7C15)) *
                       UINT64_C(0xBF58476D1CE4E5B9)) >> 55) & (CACHE_SLOTS - 1);
    if (w->cache_tag[slot] == tag && w->cache_seen[slot] == seen) {
      res.dest = w->cache_dest[slot];
      res.blocked = w->cache_flags[slot] & SUB_BLOCKED;
      res.enter = (w->cache_flags[slot] & SUB_ENTER) != 0;
      return res;
    }
  }
  next = lg->out_mask[node] & ~visited;
  free_next = next & ~w->occupied;
  res.blocked = free_next != next;
  while (free_next) {
    uint64_t bit = free_next & (0 - free_next);
    lf_sub s = walk_search(w, lowest_bit(free_next), r - 1, visited | bit, tail);
    free_next &= free_next - 1;
    res.dest |= s.dest;
    res.enter |= s.enter;
    if (s.blocked) res.dest |= bit, res.blocked = 1;
  }
  if (memo) {
    w->known[node] |= 1u << r;
    w->memo_dest[node][r] = res.dest;
    w->memo_flags[node][r] = (uint8_t)((res.blocked ? SUB_BLOCKED : 0) | (res.enter ? SUB_ENTER : 0));
  } else {
    w->cache_tag[slot] = tag;
    w->cache_seen[slot] = seen;
    w->cache_dest[slot] = res.dest;
    w->cache_flags[slot] = (uint8_t)((res.blocked ? SUB_BLOCKED : 0) | (res.enter ? SUB_ENTER : 0));
  }
  return res;
}

/* The search of the move generator. */
static lf_sub walk_on(lf_walk *w, int node, int r, uint64_t visited)
{
  return walk_search(w, node, r, visited, 1);
}

/* The occupied playing points, and those of `player`, as masks.  owner[] is
 * read eight bytes at a time: a byte is -1 (0xff) on an empty node, else the
 * owner 0 or 1; the high bits, gathered by one multiplication, are the
 * empty nodes, and the zero bytes of owner ^ player the player's. */
static void occupancy(const lf_game *lg, const lf_pos *p, int player, uint64_t *occupied,
                      uint64_t *own)
{
#if defined(__SSE2__) && AG__LF_NODES > 48 && AG__LF_NODES <= 64
  /* SSE2 (every x86-64): sixteen owner bytes per compare, their high bits
   * gathered by one movemask; the last load ends at the last node (bytes
   * 48.. are its high bits from AG__LF_NODES - 48 on).  The 32-point board
   * needs the first two loads only. */
  const __m128i mover = _mm_set1_epi8((char)player);
  const int last = AG__LF_NODES - 16;
  uint64_t occ = 0, mine = 0;
  int i;
  for (i = 0; i < 2; i++) {
    __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(p->owner + 16 * i));
    occ |= (uint64_t)(~(unsigned)_mm_movemask_epi8(v) & 0xffffu) << (16 * i);
    mine |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, mover)) << (16 * i);
  }
  if (lg->step_bytes > 4) {   /* points above 31: the 48-point board */
    __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(p->owner + 32));
    occ |= (uint64_t)(~(unsigned)_mm_movemask_epi8(v) & 0xffffu) << 32;
    mine |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, mover)) << 32;
    v = _mm_loadu_si128((const __m128i *)(const void *)(p->owner + last));
    occ |= (uint64_t)((~(unsigned)_mm_movemask_epi8(v) & 0xffffu) >> (48 - last)) << 48;
    mine |= (uint64_t)((unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, mover)) >> (48 - last)) << 48;
  }
  *occupied = occ & lg->point_mask;
  *own = mine & lg->point_mask;
#elif defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  const uint64_t high = UINT64_C(0x8080808080808080), low7 = UINT64_C(0x7f7f7f7f7f7f7f7f);
  const uint64_t gather = UINT64_C(0x0102040810204080);
  unsigned char bytes[64];
  uint64_t occ = 0, mine = 0, pl = (uint64_t)(uint8_t)player * UINT64_C(0x0101010101010101);
  int i;
  memcpy(bytes, p->owner, AG__LF_NODES);
  memset(bytes + AG__LF_NODES, 0xff, sizeof bytes - AG__LF_NODES);
  for (i = 0; i < 8; i++) {
    uint64_t w, y, nonzero;
    memcpy(&w, bytes + 8 * i, 8);
    y = w ^ pl;
    nonzero = (((y & low7) + low7) | y) & high;          /* high bit: byte != player */
    occ |= ((~w & high) >> 7) * gather >> 56 << (8 * i);
    mine |= ((~nonzero & high) >> 7) * gather >> 56 << (8 * i);
  }
  *occupied = occ & lg->point_mask;
  *own = mine & lg->point_mask;
#else
  int i;
  *occupied = *own = 0;
  for (i = 0; i < lg->num_points; i++) {
    int v = lg->points[i];
    if (p->owner[v] < 0) continue;
    *occupied |= BIT(v);
    if (p->owner[v] == player) *own |= BIT(v);
  }
#endif
}

/* The walks of one action with a count > 0: per state (ON_BOARD =
 * crosswise, AT_START = flat), the mover's origins ascending, their
 * destinations and whether they may enter TAIJI. */
typedef struct lf_actions {
  int no[2], origin[2][PIECES], enter[2][PIECES];
  uint64_t dest[2][PIECES], all[2];   /* all: the union of the destinations */
} lf_actions;

static void action_walks(const lf_game *lg, const lf_pos *p, lf_actions *a)
{
  int n = p->count, i, nodes[PIECES], nn = 0;
  lf_sub sub[PIECES];
  lf_walk w;
  uint64_t own, o;
  a->no[0] = a->no[1] = 0;
  a->all[0] = a->all[1] = 0;
  w.lg = lg;
  occupancy(lg, p, p->mover, &w.occupied, &own);
  for (o = own; o && nn < PIECES; o &= o - 1) nodes[nn++] = lowest_bit(o);
  if (n <= lg->girth) {   /* no walk can meet a node twice: sets, every origin at once */
    if (lg->step_bytes <= 4) walk_tails_b(lg, w.occupied, nodes, nn, n, sub, 4);
    else walk_tails_b(lg, w.occupied, nodes, nn, n, sub, STEP_BYTES);
  } else {
    walk_init(&w, lg, w.occupied);  /* the memos of longer walks */
    for (i = 0; i < nn; i++) sub[i] = walk_on(&w, nodes[i], n, BIT(nodes[i]));
  }
  for (i = 0; i < nn; i++) {
    int v = nodes[i];
    lf_sub s = sub[i];
    int e = s.enter || (n == 1 && (lg->inner_mask >> v & 1));
    if (p->cross[v]) {
      a->origin[ON_BOARD][a->no[ON_BOARD]] = v, a->dest[ON_BOARD][a->no[ON_BOARD]] = s.dest;
      a->enter[ON_BOARD][a->no[ON_BOARD]++] = e;
      a->all[ON_BOARD] |= s.dest;
    }
    if (p->flat[v]) {
      a->origin[AT_START][a->no[AT_START]] = v, a->dest[AT_START][a->no[AT_START]] = s.dest;
      a->enter[AT_START][a->no[AT_START]++] = e;
      a->all[AT_START] |= s.dest;
    }
  }
}

/* The corners a prisoner may return to now (at most 2), into c; their count. */
static int return_corners(const lf_game *lg, const lf_pos *p, int c[2])
{
  int player = p->mover, i, k = 0;
  if (lg->return_free || !p->held[1 - player]) return 0;   /* the usual case, first */
  if (may_return(p, player, p->count))
    for (i = 0; i < 2; i++)
      if (corner_open(p, player, ag__lf_start_corner[player][i])) c[k++] = ag__lf_start_corner[player][i];
  return k;
}

/* The mover's actions with the pending count, ascending; pass when none.
 * Ascending means: ordinary moves by (state, destination, origin), then
 * entries by (state, origin), then returns by corner. */
static size_t action_moves(const lf_game *lg, const lf_pos *p, ag_move *out)
{
  int player = p->mover, i, state;
  size_t k = 0;
  if (p->count > 0) {
    lf_actions a;
    int c[2], nc;
    uint8_t from_at[64];   /* per destination: a bit per origin index */
    action_walks(lg, p, &a);
    /* Ascending (to, origin): the origins of each destination as a small
     * mask, so the work is one step per move, not per (destination, origin). */
    for (state = ON_BOARD; state <= AT_START; state++) {
      uint64_t all, d;
      for (all = a.all[state]; all; all &= all - 1) from_at[lowest_bit(all)] = 0;
      for (i = 0; i < a.no[state]; i++)
        for (d = a.dest[state][i]; d; d &= d - 1) from_at[lowest_bit(d)] |= (uint8_t)(1u << i);
      for (all = a.all[state]; all; all &= all - 1) {
        int to = lowest_bit(all);
        unsigned m;
        for (m = from_at[to]; m; m &= m - 1)
          out[k++] = AG__MOVE(AG_MOVE_STEP, state, to, a.origin[state][__builtin_ctz(m)]);
      }
    }
    for (state = ON_BOARD; state <= AT_START; state++)
      for (i = 0; i < a.no[state]; i++)
        if (a.enter[state][i]) out[k++] = AG__MOVE(AG_MOVE_ENTER, state, AG__LF_TAIJI, a.origin[state][i]);
    nc = return_corners(lg, p, c);
    for (i = 0; i < nc; i++) out[k++] = AG__MOVE(AG_MOVE_RETURN, 0, c[i], ag__lf_prison_dot[1 - player][0]);
  }
  if (!k) out[k++] = PASS_MOVE;
  return k;
}

/* Branch-free counting and selection in the destination planes (SWAR in
 * 64-bit words: a loop over destinations ends at a random point, which the
 * CPU mispredicts every time).  8-bit lanes: bytes; 16-bit lanes: four
 * bytes' counts each, so the sums of up to 4 * 56 never carry. */
#define ONES8  UINT64_C(0x0101010101010101)
#define HIGH8  UINT64_C(0x8080808080808080)
#define ONES16 UINT64_C(0x0001000100010001)
#define HIGH16 UINT64_C(0x8000800080008000)

/* The four bytes of x in four 16-bit lanes, as prefix sums (lane i: bytes
 * 0..i; lane 3: all four). */
static inline uint64_t lane_prefix(uint32_t x)
{
  uint64_t l = x;
  l = (l | l << 16) & UINT64_C(0x0000ffff0000ffff);
  l = (l | l << 8) & UINT64_C(0x00ff00ff00ff00ff);
  return l * ONES16;
}

/* Given 16-bit prefix sums p whose last lane is above k: the first lane
 * above k (how many lanes are k or less). */
static inline int lane16_past(uint64_t p, uint64_t k)
{
  uint64_t above = ((p | HIGH16) - (k + 1) * ONES16) & HIGH16;
  return 4 - (int)(((above >> 15) * ONES16) >> 48);
}

/* The same for 8-bit prefix sums below 128. */
static inline int lane8_past(uint64_t p, uint64_t k)
{
  uint64_t above = ((p | HIGH8) - (k + 1) * ONES8) & HIGH8;
  return 8 - (int)(((above >> 7) * ONES8) >> 56);
}

/* Bit t of the byte x as byte t (0 or 1). */
static inline uint64_t bits_to_bytes(uint64_t x)
{
  uint64_t y = (x * ONES8) & UINT64_C(0x8040201008040201);
  return ((y + UINT64_C(0x7f7f7f7f7f7f7f7f)) & HIGH8) >> 7;
}

/* What the playout plays: action_moves(lg, p, mv)[ag__rng_below(rng, n)],
 * with the same draw, found by counting instead of listing (the list is
 * half the work of a ply).  The ordinary moves of a state are counted per
 * destination in three bit planes (bit t of c0, c1, c2: the 1s, 2s and 4s
 * of how many origins reach t; at most PIECES = 6); the k-th is found by
 * prefix sums of the counts per byte (lo: bytes 0-3, hi: bytes 4-7), then
 * per destination in its byte, then origin by origin. */
static ag_move action_draw(const lf_game *lg, const lf_pos *p, uint64_t *rng)
{
  int player = p->mover, i, state, c[2], nc;
  uint64_t steps[2], lo[2], plo[2], phi[2], c0[2] = {0, 0}, c1[2] = {0, 0}, c2[2] = {0, 0};
  uint64_t enters = 0, k;
  lf_actions a;
  if (p->count <= 0) return PASS_MOVE;
  action_walks(lg, p, &a);
  for (state = ON_BOARD; state <= AT_START; state++) {
    uint64_t per_byte;
    for (i = 0; i < a.no[state]; i++) {
      uint64_t d = a.dest[state][i], carry = c0[state] & d, carry2 = c1[state] & carry;
      c0[state] ^= d, c1[state] ^= carry, c2[state] |= carry2;
      enters += a.enter[state][i] != 0;
    }
    per_byte = ag__popcount_bytes64(c0[state]) + 2 * ag__popcount_bytes64(c1[state]) +
               4 * ag__popcount_bytes64(c2[state]);
    plo[state] = lane_prefix((uint32_t)per_byte);
    phi[state] = lane_prefix((uint32_t)(per_byte >> 32));
    lo[state] = plo[state] >> 48;
    steps[state] = lo[state] + (phi[state] >> 48);
  }
  nc = return_corners(lg, p, c);
  if (!(steps[0] + steps[1] + enters + (uint64_t)nc)) return PASS_MOVE;  /* a list of 1: no draw */
  k = ag__rng_below(rng, steps[0] + steps[1] + enters + (uint64_t)nc);
  for (state = ON_BOARD; state <= AT_START; state++) {
    uint64_t pre, in_byte;
    int hi, byte, t, to;
    unsigned shift;
    if (k >= steps[state]) {
      k -= steps[state];
      continue;
    }
    hi = k >= lo[state];
    pre = hi ? phi[state] : plo[state];
    k -= hi ? lo[state] : 0;
    byte = lane16_past(pre, k);
    k -= (pre << 16) >> (16 * byte) & 0xffff;   /* the moves of the bytes before */
    byte += 4 * hi;
    shift = 8u * (unsigned)byte;
    in_byte = (bits_to_bytes(c0[state] >> shift & 0xff) + 2 * bits_to_bytes(c1[state] >> shift & 0xff) +
               4 * bits_to_bytes(c2[state] >> shift & 0xff)) * ONES8;
    t = lane8_past(in_byte, k);
    k -= (in_byte << 8) >> (8 * t) & 0xff;      /* the moves of the destinations before */
    to = 8 * byte + t;
    for (i = 0;; i++)   /* the k-th origin (ascending) that reaches `to` */
      if ((a.dest[state][i] >> to & 1) && !k--) return AG__MOVE(AG_MOVE_STEP, state, to, a.origin[state][i]);
  }
  for (state = ON_BOARD; state <= AT_START; state++)
    for (i = 0; i < a.no[state]; i++)
      if (a.enter[state][i] && !k--) return AG__MOVE(AG_MOVE_ENTER, state, AG__LF_TAIJI, a.origin[state][i]);
  return AG__MOVE(AG_MOVE_RETURN, 0, c[k], ag__lf_prison_dot[1 - player][0]);
}

/* The walks of count n from one origin v (as action_moves finds them). */
static lf_sub origin_walk(const lf_game *lg, const lf_pos *p, int v, int n)
{
  lf_walk w;
  uint64_t own;
  occupancy(lg, p, p->mover, &w.occupied, &own);
  if (n > lg->girth) walk_init(&w, lg, w.occupied);
  w.lg = lg;
  return walk_on(&w, v, n, BIT(v));
}

/* Test hook: whether walk_on (the last girth steps as sets), walk_tails_b
 * (every origin at once, counts up to the girth) and the plain step-by-step
 * walk_search agree for every occupied point as the origin and every count
 * of the game, in the position of st: the board's girth when they do, 0
 * when they do not. */
int ag__lf_check_walks(const ag_state *st)
{
  const lf_game *lg = GAME(st->game);
  const lf_pos *p = st->pos;
  uint64_t occupied, own, o;
  int n;
  occupancy(lg, p, 0, &occupied, &own);
  for (n = 1; n <= 2 * lg->fingers_max; n++) {
    int nodes[PIECES], nn = 0, i;
    lf_sub plain[PIECES];
    for (o = occupied; o; o &= o - 1) {
      int v = __builtin_ctzll(o);
      lf_walk w1, w2;
      lf_sub a, b;
      walk_init(&w1, lg, occupied);
      walk_init(&w2, lg, occupied);
      a = walk_on(&w1, v, n, BIT(v));
      b = walk_search(&w2, v, n, BIT(v), 0);
      if (a.dest != b.dest || !a.enter != !b.enter) return 0;
      /* walk_tails_b as action_walks uses it: up to PIECES origins at once */
      nodes[nn] = v, plain[nn++] = b;
      if (n <= lg->girth && (nn == PIECES || !(o & (o - 1)))) {
        lf_sub t[PIECES];
        if (lg->step_bytes <= 4) walk_tails_b(lg, occupied, nodes, nn, n, t, 4);
        else walk_tails_b(lg, occupied, nodes, nn, n, t, STEP_BYTES);
        for (i = 0; i < nn; i++)
          if (t[i].dest != plain[i].dest || !t[i].enter != !plain[i].enter) return 0;
      }
      if (nn == PIECES) nn = 0;
    }
  }
  return lg->girth;
}

/* Number of choices of each player in the current finger round. */
static size_t choice_count(const lf_game *lg, const lf_pos *p)
{
  size_t f = (size_t)lg->fingers_max + 1;
  return p->phase == PH_GUESS ? f * (size_t)(lg->call_max + 1) : f;
}

/* The i-th choice (ascending) of the current finger round. */
static ag_move choice_at(const lf_game *lg, const lf_pos *p, size_t i)
{
  size_t calls = (size_t)lg->call_max + 1;
  if (p->phase == PH_THROW) return AG__MOVE(AG_MOVE_CHOICE, i, NO_CALL, 0);
  return AG__MOVE(AG_MOVE_CHOICE, i / calls, i % calls, 0);
}

/* ------------------------------------------------------------- vtable: play */

static int lf_current_player(const ag_game *g, const void *pos)
{
  const lf_pos *p = pos;
  (void)g;
  if (p->phase == PH_OVER) return AG_PLAYER_TERMINAL;
  if (p->phase == PH_ACT) return p->mover;
  return AG_PLAYER_SIMULTANEOUS;
}

static size_t lf_legal(const ag_game *g, const void *pos, int player, ag_move *out)
{
  const lf_game *lg = GAME(g);
  const lf_pos *p = pos;
  size_t i, n;
  if (p->phase == PH_OVER || player < 0 || player > 1) return 0;
  if (p->phase == PH_ACT) return player == p->mover ? action_moves(lg, p, out) : 0;
  n = choice_count(lg, p);
  for (i = 0; i < n; i++) out[i] = choice_at(lg, p, i);
  return n;
}

/* Exactly whether m is in lf_legal(player)'s list, without listing it: a
 * finger choice is checked field by field; an ordinary move or an entry
 * walks from its own origin only (the walks of one origin do not depend on
 * the others'); a pass needs the whole list (it exists only when it is
 * empty). */
static int lf_is_legal(const ag_game *g, const void *pos, int player, ag_move m)
{
  const lf_game *lg = GAME(g);
  const lf_pos *p = pos;
  int kind = AG__MOVE_KIND(m), aux = AG__MOVE_AUX(m), to = AG__MOVE_TO(m), from = AG__MOVE_FROM(m);
  int n = p->count, i;
  if (p->phase == PH_OVER || player < 0 || player > 1) return 0;
  if (p->phase != PH_ACT)
    return kind == AG_MOVE_CHOICE && from == 0 && aux <= lg->fingers_max &&
           (p->phase == PH_THROW ? to == NO_CALL : to <= lg->call_max);
  if (player != p->mover) return 0;
  if (m == PASS_MOVE) {
    ag_move mv[AG__MAX_MOVES];
    return action_moves(lg, p, mv) == 1 && mv[0] == PASS_MOVE;
  }
  if (n <= 0) return 0;
  if (kind == AG_MOVE_RETURN) {
    if (lg->return_free || aux != 0 || !may_return(p, player, n) ||
        from != ag__lf_prison_dot[1 - player][0])
      return 0;
    for (i = 0; i < 2; i++)
      if (to == ag__lf_start_corner[player][i]) return corner_open(p, player, to);
    return 0;
  }
  if ((kind != AG_MOVE_STEP && kind != AG_MOVE_ENTER) || aux > AT_START || from >= 64 ||
      !(lg->point_mask >> from & 1) || p->owner[from] != player ||
      !(aux == ON_BOARD ? p->cross[from] : p->flat[from]))
    return 0;
  if (kind == AG_MOVE_ENTER) {
    if (to != AG__LF_TAIJI) return 0;
    if (n == 1 && (lg->inner_mask >> from & 1)) return 1;
    return origin_walk(lg, p, from, n).enter != 0;
  }
  return to < 64 && (origin_walk(lg, p, from, n).dest >> to & 1);
}

static void lf_apply(const ag_game *g, void *pos, const ag_move *m, size_t n,
                     const ag__past *past)
{
  lf_pos *p = pos;
  (void)past;
  if (n == 2) play_round(GAME(g), p, m[0], m[1]);
  else play_action(GAME(g), p, m[0]);
}

static int lf_outcome(const ag_game *g, const void *pos, int *winner, int *reason)
{
  const lf_pos *p = pos;
  (void)g;
  *winner = AG_PLAYER_NONE;
  *reason = AG_END_NONE;
  if (p->phase != PH_OVER) return AG_OUTCOME_ONGOING;
  if (p->home[0] >= TO_WIN || p->home[1] >= TO_WIN) {
    *winner = p->home[0] >= TO_WIN ? WHITE : BLACK;
    *reason = AG_END_SCORE;
    return AG_OUTCOME_WIN;
  }
  *reason = score_decided(p) ? AG_END_SCORE : AG_END_PLY_LIMIT;
  return AG_OUTCOME_DRAW;
}

/* Reference random playout on a stack copy (same draws as the public loop). */
static int lf_playout(const ag_game *g, const void *pos, const ag__past *past, uint64_t *rng,
                      size_t max_plies, size_t *plies, int *winner, int *reason)
{
  const lf_game *lg = GAME(g);
  lf_pos p = *(const lf_pos *)pos;
  size_t k = 0;
  (void)past;
  while (p.phase != PH_OVER && (!max_plies || k < max_plies)) {
    if (p.phase == PH_ACT) {
      play_action(lg, &p, action_draw(lg, &p, rng));
    } else {
      size_t n = choice_count(lg, &p);
      ag_move m0 = choice_at(lg, &p, (size_t)ag__rng_below(rng, n));
      ag_move m1 = choice_at(lg, &p, (size_t)ag__rng_below(rng, n));
      play_round(lg, &p, m0, m1);
    }
    k++;
  }
  *plies = k;
  return lf_outcome(g, &p, winner, reason);
}

/* -------------------------------------------------------- vtable: queries */

static uint64_t lf_hash(const ag_game *g, const void *pos)
{
  const lf_game *lg = GAME(g);
  const lf_keys *K = &lg->keys;
  const lf_pos *p = pos;
  uint64_t h = 0;
  int i, pl;
  for (i = 0; i < lg->num_points; i++) {
    int v = lg->points[i], o = p->owner[v];
    if (o < 0) continue;
    if (p->flat[v]) h ^= K->piece[v][o][1][p->flat[v]];
    if (p->cross[v]) h ^= K->piece[v][o][0][p->cross[v]];
  }
  for (pl = 0; pl < 2; pl++)
    h ^= K->held[pl][p->held[pl]] ^ K->home[pl][p->home[pl]] ^
         K->sticks[pl][p->plain[pl]][p->wired[pl]];
  return h ^ K->phase[p->phase][p->mover][p->count];
}

/* Groups on a node: a point's flat group then its crosswise group; TAIJI's
 * home pieces (White, Black) then the fish still there; a captor's first dot
 * holds all its prisoners (the second dot stays empty). */
static int lf_piece(const ag_game *g, const void *pos, int node, int index, int *owner,
                    int *kind, int *count)
{
  const lf_pos *p = pos;
  int owners[4], kinds[4], counts[4], n = 0, c;
  (void)g;
  if (node == AG__LF_TAIJI) {
    for (c = 0; c < 2; c++)
      if (p->home[c]) owners[n] = c, kinds[n] = AG_PIECE_STONE, counts[n++] = p->home[c];
    for (c = 0; c < 2; c++)
      if (fish_holder(p, c) < 0) owners[n] = c, kinds[n] = AG_PIECE_FISH, counts[n++] = 1;
  } else if (node >= AG__LF_FIRST_DOT && node < AG__LF_FIRST_OUTER) {
    for (c = 0; c < 2; c++)
      if (node == ag__lf_prison_dot[c][0] && p->held[c])
        owners[n] = 1 - c, kinds[n] = AG_PIECE_STONE, counts[n++] = p->held[c];
  } else if (p->owner[node] >= 0) {
    if (p->flat[node]) owners[n] = p->owner[node], kinds[n] = AG_PIECE_STONE, counts[n++] = p->flat[node];
    if (p->cross[node]) owners[n] = p->owner[node], kinds[n] = AG_PIECE_STONE, counts[n++] = p->cross[node];
  }
  if (index >= n) return 0;
  *owner = owners[index], *kind = kinds[index], *count = counts[index];
  return 1;
}

/* Counters, per player index 0/1 where it applies: PENDING_STEPS (index 0:
 * the count the mover spends, 0 outside an action), SCORE (sticks held =
 * pieces home), CAPTURED (enemy pieces in p's prisons), PRISONERS (p's pieces
 * held by the enemy), RESERVE (p's pieces flat on start corners), COUNTER
 * (finger rounds played). */
static int lf_info(const ag_game *g, const void *pos, int key, int index, int *value)
{
  const lf_pos *p = pos;
  (void)g;
  if (key == AG_INFO_COUNTER) {
    *value = (int)p->rounds;
    return AG_OK;
  }
  if (key == AG_INFO_PENDING_STEPS) {
    if (index != 0) return ag__fail(AG_EINVAL, "liubo_fingers: pending count has index 0 only");
    *value = p->phase == PH_ACT ? p->count : 0;
    return AG_OK;
  }
  if (key < AG_INFO_SCORE || key > AG_INFO_RESERVE)
    return ag__fail(AG_ENOTFOUND, "liubo_fingers: no counter %d", key);
  if (index < 0 || index > 1) return ag__fail(AG_EINVAL, "liubo_fingers: player %d out of range", index);
  switch (key) {
  case AG_INFO_SCORE: *value = p->plain[index] + p->wired[index]; break;
  case AG_INFO_CAPTURED: *value = p->held[index]; break;
  case AG_INFO_PRISONERS: *value = p->held[1 - index]; break;
  default: *value = flat_count(p, index); break;
  }
  return AG_OK;
}

/* ---------------------------------------------------------- position text */

static const char player_letter[2] = {'w', 'b'};

/* Writes one side's points as NAME*:n (flat) and NAME:n (crosswise), or '-'. */
static void write_side(const lf_game *lg, const lf_pos *p, int player, ag__buf *b)
{
  int i, any = 0;
  for (i = 0; i < lg->num_points; i++) {
    int v = lg->points[i];
    if (p->owner[v] != player) continue;
    if (p->flat[v]) {
      ag__printf(b, "%s%s*:%d", any ? "," : "", ag__lf_nodes[v].name, p->flat[v]);
      any = 1;
    }
    if (p->cross[v]) {
      ag__printf(b, "%s%s:%d", any ? "," : "", ag__lf_nodes[v].name, p->cross[v]);
      any = 1;
    }
  }
  if (!any) ag__putc(b, '-');
}

/* The letter of a fish holder: c (TAIJI), w or b. */
static char fish_letter(int holder) { return holder < 0 ? 'c' : player_letter[holder]; }

/* "white=LIST black=LIST prisoners=W,B home=W,B sticks=P+W,P+W fish=F,F
 *  phase=PHASE rounds=N" -- see ancientgames-liubo-fingers(7). */
static void lf_write(const ag_game *g, const void *pos, ag__buf *b)
{
  const lf_game *lg = GAME(g);
  const lf_pos *p = pos;
  ag__puts(b, "white=");
  write_side(lg, p, WHITE, b);
  ag__puts(b, " black=");
  write_side(lg, p, BLACK, b);
  ag__printf(b, " prisoners=%d,%d home=%d,%d sticks=%d+%d,%d+%d fish=%c,%c phase=",
             p->held[0], p->held[1], p->home[0], p->home[1], p->plain[0], p->wired[0],
             p->plain[1], p->wired[1], fish_letter(fish_holder(p, 0)),
             fish_letter(fish_holder(p, 1)));
  if (p->phase == PH_GUESS) ag__puts(b, "guess");
  else if (p->phase == PH_THROW) ag__printf(b, "throw:%c", player_letter[p->mover]);
  else if (p->phase == PH_ACT) ag__printf(b, "act:%c:%d", player_letter[p->mover], p->count);
  else ag__puts(b, "over");
  ag__printf(b, " rounds=%lu", (unsigned long)p->rounds);
}

/* Fails with a byte offset of the text. */
static int parse_error_at(size_t at, const char *what)
{
  return ag__fail(AG_EPARSE, "liubo_fingers: %s at byte %zu", what, at);
}

/* Fails with the byte offset of the cursor. */
static int parse_error(const ag__scan *sc, const char *what) { return parse_error_at(sc->i, what); }

/* Whether a..a+len equals name, ignoring ASCII case. */
static int same_name(const char *a, size_t len, const char *name)
{
  size_t i;
  for (i = 0; i < len; i++) {
    char x = a[i], y = name[i];
    if (!y) return 0;
    if (x >= 'A' && x <= 'Z') x = (char)(x + 32);
    if (y >= 'A' && y <= 'Z') y = (char)(y + 32);
    if (x != y) return 0;
  }
  return name[len] == '\0';
}

/* Consumes a node name of this board; returns its id or -1 (cursor kept). */
static int scan_node(ag__scan *sc, int num_nodes)
{
  size_t len = 0;
  int v;
  const char *s = sc->s + sc->i;
  while ((s[len] >= 'A' && s[len] <= 'Z') || (s[len] >= 'a' && s[len] <= 'z') || s[len] == '_')
    len++;
  for (v = 0; v < num_nodes; v++)
    if (same_name(s, len, ag__lf_nodes[v].name)) {
      sc->i += len;
      return v;
    }
  return -1;
}

/* Parses one side's list into p (canonical order: ascending node id, the
 * flat entry before the crosswise one on the same node). */
static int read_side(const lf_game *lg, lf_pos *p, ag__scan *sc, int player, int num_nodes)
{
  int last_key = -1;
  if (ag__scan_lit(sc, "-")) return AG_OK;
  for (;;) {
    size_t at = sc->i;
    long n;
    int v = scan_node(sc, num_nodes), flat, key;
    if (v < 0 || !(lg->point_mask >> v & 1)) return parse_error(sc, "expected a playing point");
    flat = ag__scan_lit(sc, "*");
    if (!ag__scan_lit(sc, ":") || !ag__scan_num(sc, 0, PIECES, &n) || n < 1)
      return parse_error(sc, "expected ':' and a count 1..6");
    key = v * 2 + !flat;
    if (key <= last_key) {
      sc->i = at;
      return parse_error(sc, "points out of order or repeated");
    }
    if (p->owner[v] >= 0 && p->owner[v] != player) {
      sc->i = at;
      return parse_error(sc, "point held by both sides");
    }
    if (flat && v != ag__lf_start_corner[player][0] && v != ag__lf_start_corner[player][1]) {
      sc->i = at;
      return parse_error(sc, "flat (AT_START) pieces only stand on own start corners");
    }
    last_key = key;
    p->owner[v] = (int8_t)player;
    if (flat) p->flat[v] = (uint8_t)n;
    else p->cross[v] = (uint8_t)n;
    if (!ag__scan_lit(sc, ",")) return AG_OK;
  }
}

/* Parses "A,B" of small numbers in [0, hi]. */
static int read_pair(ag__scan *sc, long hi, uint8_t out[2])
{
  long a, b;
  if (!ag__scan_num(sc, 0, hi, &a) || !ag__scan_lit(sc, ",") || !ag__scan_num(sc, 0, hi, &b)) return 0;
  out[0] = (uint8_t)a, out[1] = (uint8_t)b;
  return 1;
}

/* Parses a fish holder letter c/w/b. */
static int read_fish(ag__scan *sc, int8_t *out)
{
  if (ag__scan_lit(sc, "c")) *out = -1;
  else if (ag__scan_lit(sc, "w")) *out = WHITE;
  else if (ag__scan_lit(sc, "b")) *out = BLACK;
  else return 0;
  return 1;
}

/* Parses a player letter w/b. */
static int read_player(ag__scan *sc, uint8_t *out)
{
  if (ag__scan_lit(sc, "w")) *out = WHITE;
  else if (ag__scan_lit(sc, "b")) *out = BLACK;
  else return 0;
  return 1;
}

/* Parses the phase word. */
static int read_phase(const lf_game *lg, ag__scan *sc, lf_pos *p)
{
  long n;
  if (ag__scan_lit(sc, "guess")) p->phase = PH_GUESS;
  else if (ag__scan_lit(sc, "over")) p->phase = PH_OVER;
  else if (ag__scan_lit(sc, "throw:")) {
    p->phase = PH_THROW;
    if (!read_player(sc, &p->mover)) return parse_error(sc, "expected w or b");
  } else if (ag__scan_lit(sc, "act:")) {
    p->phase = PH_ACT;
    if (!read_player(sc, &p->mover) || !ag__scan_lit(sc, ":") || !ag__scan_num(sc, 0, lg->call_max, &n))
      return parse_error(sc, "expected w or b, ':' and a count in range");
    p->count = (uint8_t)n;
  } else {
    return parse_error(sc, "expected guess, throw:, act: or over");
  }
  return AG_OK;
}

/* Checks the sticks and the fish read (fish[c]: holder of fish c, -1 TAIJI)
 * against the pieces home (ancientgames-liubo-fingers(7), Scoring and the end). */
static int scores_consistent(const lf_pos *p, const int8_t fish[2])
{
  int c;
  if (p->home[0] + p->home[1] > 7 || (p->home[0] == TO_WIN && p->home[1] >= 3) ||
      (p->home[1] == TO_WIN && p->home[0] >= 3))
    return 0;
  for (c = 0; c < 2; c++) {
    int h = p->home[c], plain = (h + 1) / 2, wired = h / 2;
    int swapped = p->home[0] == 3 && p->home[1] == 3 && p->plain[c] == 1 && p->wired[c] == 2;
    if (!swapped && (p->plain[c] != plain || p->wired[c] != wired)) return 0;
    if (fish[c] != fish_holder(p, c)) return 0;
  }
  /* 3:3: exactly one side (the later) took a wired stick for its third. */
  if (p->home[0] == 3 && p->home[1] == 3 && p->plain[0] + p->plain[1] != 3) return 0;
  return 1;
}

/* Whole-position checks after parsing; `at` holds field offsets for messages. */
static int check_position(const lf_game *lg, const lf_pos *p, const int8_t fish[2],
                          const size_t at[4])
{
  int c, i, decided = score_decided(p);
  for (c = 0; c < 2; c++) {
    int total = p->held[1 - c] + p->home[c];
    for (i = 0; i < lg->num_points; i++) {
      int v = lg->points[i];
      if (p->owner[v] == c) total += p->flat[v] + p->cross[v];
    }
    if (total != PIECES)
      return parse_error_at(at[0], c ? "Black does not have 6 pieces" : "White does not have 6 pieces");
  }
  if (!scores_consistent(p, fish)) return parse_error_at(at[1], "home, sticks and fish disagree");
  if (decided != (p->phase == PH_OVER) &&
      !(p->phase == PH_OVER && lg->max_rounds && p->rounds == lg->max_rounds))
    return parse_error_at(at[2], "phase disagrees with the score");
  if (p->phase == PH_THROW && lg->scheme_guess) return parse_error_at(at[2], "no throws under scheme=guess");
  if ((p->phase == PH_THROW || p->phase == PH_ACT) && p->rounds == 0)
    return parse_error_at(at[2], "an action or throw needs a round played");
  if (lg->max_rounds && (p->rounds > lg->max_rounds ||
                         (p->rounds == lg->max_rounds && p->phase != PH_ACT && p->phase != PH_OVER)))
    return parse_error_at(at[3], "rounds beyond max_rounds");
  return AG_OK;
}

static int lf_read(const ag_game *g, void *pos, const char *text)
{
  const lf_game *lg = GAME(g);
  lf_pos *p = pos;
  ag__scan sc = {text, 0};
  size_t at[4];
  int8_t fish[2];
  long rounds;
  int rc;
  memset(p, 0, sizeof *p);
  memset(p->owner, -1, sizeof p->owner);
  at[0] = 0;
  if (!ag__scan_lit(&sc, "white=")) return parse_error(&sc, "expected 'white='");
  if ((rc = read_side(lg, p, &sc, WHITE, g->num_nodes)) != AG_OK) return rc;
  if (!ag__scan_lit(&sc, " black=")) return parse_error(&sc, "expected ' black='");
  if ((rc = read_side(lg, p, &sc, BLACK, g->num_nodes)) != AG_OK) return rc;
  if (!ag__scan_lit(&sc, " prisoners=") || !read_pair(&sc, PIECES, p->held))
    return parse_error(&sc, "expected ' prisoners=W,B'");
  at[1] = sc.i;
  if (!ag__scan_lit(&sc, " home=") || !read_pair(&sc, TO_WIN, p->home))
    return parse_error(&sc, "expected ' home=W,B' (0..4)");
  if (!ag__scan_lit(&sc, " sticks=")) return parse_error(&sc, "expected ' sticks='");
  for (rc = 0; rc < 2; rc++) {
    long a, b;
    if ((rc && !ag__scan_lit(&sc, ",")) || !ag__scan_num(&sc, 0, 3, &a) || !ag__scan_lit(&sc, "+") ||
        !ag__scan_num(&sc, 0, 3, &b))
      return parse_error(&sc, "expected sticks as PLAIN+WIRED,PLAIN+WIRED");
    p->plain[rc] = (uint8_t)a, p->wired[rc] = (uint8_t)b;
  }
  if (!ag__scan_lit(&sc, " fish=") || !read_fish(&sc, &fish[0]) || !ag__scan_lit(&sc, ",") ||
      !read_fish(&sc, &fish[1]))
    return parse_error(&sc, "expected ' fish=F,F' with F one of c, w, b");
  if (!ag__scan_lit(&sc, " phase=")) return parse_error(&sc, "expected ' phase='");
  at[2] = sc.i;
  if ((rc = read_phase(lg, &sc, p)) != AG_OK) return rc;
  at[3] = sc.i;
  if (!ag__scan_lit(&sc, " rounds=") || !ag__scan_num(&sc, 0, MAX_ROUNDS_TEXT, &rounds))
    return parse_error(&sc, "expected ' rounds=N'");
  if (sc.s[sc.i]) return parse_error(&sc, "unexpected text after the rounds");
  p->rounds = (uint32_t)rounds;
  return check_position(lg, p, fish, at);
}

/* ----------------------------------------------------------- move notation */

/* Whether v is a start corner of either side. */
static int is_start_corner(const lf_game *lg, int v)
{
  return v < 64 && ((lg->corner_mask[0] | lg->corner_mask[1]) >> v & 1);
}

/* Checks that m is a move of this game and decodes it. */
static int lf_move_info(const ag_game *g, ag_move m, int *kind, int *from, int *to)
{
  const lf_game *lg = GAME(g);
  int k = AG__MOVE_KIND(m), f = AG__MOVE_FROM(m), t = AG__MOVE_TO(m), aux = AG__MOVE_AUX(m);
  int f_point = f < 64 && (lg->point_mask >> f & 1), t_point = t < 64 && (lg->point_mask >> t & 1);
  int ok = 0;
  *kind = k, *from = f, *to = t;
  switch (k) {
  case AG_MOVE_PASS:
    ok = m == PASS_MOVE;
    *from = *to = -1;
    break;
  case AG_MOVE_CHOICE:
    ok = f == 0 && aux <= lg->fingers_max &&
         (t <= lg->call_max || (t == NO_CALL && !lg->scheme_guess));
    *from = *to = -1;
    break;
  case AG_MOVE_STEP:
    ok = f_point && t_point && f != t && (aux == ON_BOARD || (aux == AT_START && is_start_corner(lg, f)));
    break;
  case AG_MOVE_ENTER:
    ok = f_point && t == AG__LF_TAIJI &&
         (aux == ON_BOARD || (aux == AT_START && is_start_corner(lg, f) && lg->entry_exact)) &&
         (lg->entry_exact || (lg->inner_mask >> f & 1));
    break;
  case AG_MOVE_RETURN:
    ok = aux == 0 && t < 64 && ((f == ag__lf_prison_dot[0][0] && (lg->corner_mask[1] >> t & 1)) ||
                      (f == ag__lf_prison_dot[1][0] && (lg->corner_mask[0] >> t & 1)));
    break;
  default:
    break;
  }
  return ok ? AG_OK : AG_EINVAL;
}

/* "pass", "F/C" (guess choice), "F" (throw), "FROM-TO" or "FROM*-TO" (an
 * AT_START piece), "FROM-TAIJI" (entry), "DOT-CORNER" (prisoner return). */
static int lf_move_write(const ag_game *g, ag_move m, ag__buf *b)
{
  int kind, from, to;
  if (lf_move_info(g, m, &kind, &from, &to) != AG_OK) return AG_EINVAL;
  if (kind == AG_MOVE_PASS) ag__puts(b, "pass");
  else if (kind == AG_MOVE_CHOICE && AG__MOVE_TO(m) == NO_CALL) ag__printf(b, "%d", AG__MOVE_AUX(m));
  else if (kind == AG_MOVE_CHOICE) ag__printf(b, "%d/%d", AG__MOVE_AUX(m), AG__MOVE_TO(m));
  else
    ag__printf(b, "%s%s-%s", ag__lf_nodes[from].name, AG__MOVE_AUX(m) == AT_START ? "*" : "",
               ag__lf_nodes[to].name);
  return AG_OK;
}

/* Parses a choice "F" or "F/C" at the start of text. */
static int read_choice(const lf_game *lg, ag__scan *sc, ag_move *out)
{
  long f, c = NO_CALL;
  if (!ag__scan_num(sc, 0, lg->fingers_max, &f)) return parse_error(sc, "fingers out of range");
  if (ag__scan_lit(sc, "/") && !ag__scan_num(sc, 0, lg->call_max, &c)) return parse_error(sc, "call out of range");
  if (sc->s[sc->i]) return parse_error(sc, "unexpected text after the choice");
  if (c == NO_CALL && lg->scheme_guess) return parse_error(sc, "every round needs a call under scheme=guess");
  *out = AG__MOVE(AG_MOVE_CHOICE, f, c, 0);
  return AG_OK;
}

static int lf_move_read(const ag_game *g, const char *text, ag_move *out)
{
  const lf_game *lg = GAME(g);
  ag__scan sc = {text, 0};
  int from, to, kind, state;
  ag_move m;
  if (strcmp(text, "pass") == 0) {
    *out = PASS_MOVE;
    return AG_OK;
  }
  if (text[0] >= '0' && text[0] <= '9') return read_choice(lg, &sc, out);
  from = scan_node(&sc, g->num_nodes);
  if (from < 0) return parse_error(&sc, "expected a node name, a choice or 'pass'");
  state = ag__scan_lit(&sc, "*") ? AT_START : ON_BOARD;
  if (!ag__scan_lit(&sc, "-")) return parse_error(&sc, "expected '-'");
  to = scan_node(&sc, g->num_nodes);
  if (to < 0) return parse_error(&sc, "expected a node name");
  if (sc.s[sc.i]) return parse_error(&sc, "unexpected text after the move");
  kind = to == AG__LF_TAIJI ? AG_MOVE_ENTER
         : from >= AG__LF_FIRST_DOT && from < AG__LF_FIRST_OUTER ? AG_MOVE_RETURN : AG_MOVE_STEP;
  m = AG__MOVE(kind, state, to, from);
  if (lf_move_info(g, m, &kind, &from, &to) != AG_OK) return parse_error_at(0, "not a move of this game");
  *out = m;
  return AG_OK;
}

/* ---------------------------------------------------------------- render */

#define CANVAS_W 76
#define CANVAS_H 25

/* Writes a cell's text at the node's place on the canvas. */
static void put_cell(char canvas[CANVAS_H][CANVAS_W + 1], int x, int y, const char *cell)
{
  int row = 12 - y, col = (x + 12) * 3, i;
  for (i = 0; cell[i] && col + i < CANVAS_W; i++) canvas[row][col + i] = cell[i];
}

/* The cell of a playing point: '.' empty, W3/B3 flat, w3/b3 crosswise,
 * W3+ / B3+ both kinds (3 in all). */
static void point_cell(const lf_pos *p, int v, char cell[5])
{
  int o = p->owner[v], n;
  if (o < 0) {
    strcpy(cell, ".");
    return;
  }
  n = p->flat[v] + p->cross[v];
  cell[0] = (char)(p->flat[v] ? (o ? 'B' : 'W') : (o ? 'b' : 'w'));
  cell[1] = (char)('0' + n);
  cell[2] = (char)(p->flat[v] && p->cross[v] ? '+' : '\0');
  cell[3] = '\0';
}

static void lf_render(const ag_game *g, const void *pos, ag__buf *b)
{
  const lf_game *lg = GAME(g);
  const lf_pos *p = pos;
  char canvas[CANVAS_H][CANVAS_W + 1], cell[5];
  int i, c;
  static const char *const phase_text[] = {"guess round", "throw", "action", "game over"};
  static const char *const fish_text[] = {"in TAIJI", "with White", "with Black"};
  memset(canvas, ' ', sizeof canvas);
  for (i = 0; i < lg->num_points; i++) {
    int v = lg->points[i];
    point_cell(p, v, cell);
    put_cell(canvas, ag__lf_nodes[v].x, ag__lf_nodes[v].y, cell);
  }
  put_cell(canvas, 0, 0, "@@");
  for (c = 0; c < 2; c++) {
    const ag__lf_node *d = &ag__lf_nodes[ag__lf_prison_dot[c][0]];
    cell[0] = '(', cell[1] = (char)('0' + p->held[c]), cell[2] = ')', cell[3] = '\0';
    put_cell(canvas, d->x, d->y, cell);
    d = &ag__lf_nodes[ag__lf_prison_dot[c][1]];
    put_cell(canvas, d->x, d->y, "()");
  }
  for (i = 0; i < CANVAS_H; i++) {
    int end = CANVAS_W;
    while (end > 0 && canvas[i][end - 1] == ' ') end--;
    canvas[i][end] = '\0';
    ag__printf(b, "%s\n", canvas[i]);
  }
  ag__puts(b, "W3/B3 flat (at start), w3/b3 crosswise, W3+ both; (n) prisoners; @@ TAIJI\n");
  for (c = 0; c < 2; c++)
    ag__printf(b, "%s: home %d, sticks %d plain + %d wired, holds %d prisoner(s), %d flat at start\n",
               c ? "Black" : "White", p->home[c], p->plain[c], p->wired[c], p->held[c],
               flat_count(p, c));
  ag__printf(b, "Fish: white %s, black %s.  Round %lu, %s", fish_text[fish_holder(p, 0) + 1],
             fish_text[fish_holder(p, 1) + 1],
             (unsigned long)p->rounds, phase_text[p->phase]);
  if (p->phase == PH_THROW) ag__printf(b, " (%s moves next)", p->mover ? "Black" : "White");
  if (p->phase == PH_ACT) ag__printf(b, ": %s moves %d", p->mover ? "Black" : "White", p->count);
  ag__putc(b, '\n');
}

/* ----------------------------------------------------------------- setup */

/* Adds directed edge e to the walk tables (and, when drawn, to the geometry). */
static void add_edge(lf_game *lg, ag_game *g, const ag__lf_edge *e)
{
  if (e->to != AG__LF_TAIJI) {
    lg->out[e->from][lg->out_count[e->from]++] = (uint8_t)e->to;
    lg->out_mask[e->from] |= BIT(e->to);
    lg->in_mask[e->to] |= BIT(e->from);
  } else {
    lg->stem_mask |= BIT(e->from);
  }
  lg->edges[g->num_edges].a = e->from;
  lg->edges[g->num_edges].b = e->to;
  lg->edges[g->num_edges].kind = e->kind;
  g->num_edges++;
}

/* reach[v][r]: nodes some forward walk (simple or not) from v meets within r
 * steps; a superset of what the walks below v can visit. */
static void compute_reach(lf_game *lg)
{
  int r, v, i;
  for (r = 1; r <= MAX_COUNT; r++)
    for (v = 0; v < AG__LF_NODES; v++)
      for (i = 0; i < lg->out_count[v]; i++)
        lg->reach[v][r] |= BIT(lg->out[v][i]) | lg->reach[lg->out[v][i]][r - 1];
}

/* succ_byte and pred_byte from out_mask and in_mask; step_bytes. */
static void compute_step_bytes(lf_game *lg)
{
  int i, b, j;
  lg->step_bytes = (63 - __builtin_clzll(lg->point_mask)) / 8 + 1;
  for (i = 0; i < STEP_BYTES; i++)
    for (b = 0; b < 256; b++)
      for (j = 0; j < 8 && 8 * i + j < AG__LF_NODES; j++)
        if (b >> j & 1) {
          lg->succ_byte[i][b] |= lg->out_mask[8 * i + j];
          lg->pred_byte[i][b] |= lg->in_mask[8 * i + j];
        }
}

/* The length of the shortest directed cycle of the walk graph (a walk of
 * fewer steps can never meet a node twice), MAX_COUNT + 1 when none is
 * that short: breadth-first from every node back to itself. */
static int compute_girth(const lf_game *lg)
{
  int best = MAX_COUNT + 1, v, r;
  for (v = 0; v < AG__LF_NODES; v++) {
    uint64_t front = lg->out_mask[v], seen = front;
    for (r = 1; r < best && front; r++) {
      uint64_t next = 0, f;
      if (front >> v & 1) {
        best = r;
        break;
      }
      for (f = front; f; f &= f - 1) next |= lg->out_mask[__builtin_ctzll(f)];
      front = next & ~seen;
      seen |= next;
    }
  }
  return best;
}

static int lf_setup(ag_game *g)
{
  lf_game *lg = g->data;
  int i, c, board48 = g->opt[OPT_BOARD] == 1;
  lg->fingers_max = 5 * g->opt[OPT_HANDS];
  lg->call_max = 2 * lg->fingers_max;
  lg->scheme_guess = g->opt[OPT_SCHEME] == 1;
  lg->entry_exact = g->opt[OPT_ENTRY] == 1;
  lg->return_free = g->opt[OPT_RETURN] == 1;
  lg->max_rounds = (uint32_t)g->opt[OPT_MAX_ROUNDS];
  g->num_nodes = board48 ? AG__LF_NODES : AG__LF_FIRST_OUTER;
  for (i = 0; i < g->num_nodes; i++) {
    const ag__lf_node *n = &ag__lf_nodes[i];
    lg->nodes[i].name = n->name;
    lg->nodes[i].x = n->x + 12;
    lg->nodes[i].y = n->y + 12;
    lg->nodes[i].kind = n->kind;
    if (n->shape == AG__LF_CORNER || n->shape == AG__LF_POINT) {
      lg->points[lg->num_points++] = (uint8_t)i;
      lg->point_mask |= BIT(i);
    }
  }
  for (i = 0; i < 8; i++) lg->inner_mask |= BIT(ag__lf_inner_eight[i]);
  for (c = 0; c < 2; c++)
    lg->corner_mask[c] = BIT(ag__lf_start_corner[c][0]) | BIT(ag__lf_start_corner[c][1]);
  g->num_edges = 0;
  for (i = 0; i < AG__LF_EDGES32; i++) add_edge(lg, g, &ag__lf_edges32[i]);
  for (i = 0; board48 && i < AG__LF_EDGES48; i++) add_edge(lg, g, &ag__lf_edges48[i]);
  for (i = 0; lg->entry_exact && i < AG__LF_STEM_EDGES; i++) add_edge(lg, g, &ag__lf_stem_edges[i]);
  compute_reach(lg);
  compute_step_bytes(lg);
  lg->girth = compute_girth(lg);
  ag__zobrist_fill((uint64_t *)(void *)&lg->keys, sizeof lg->keys / sizeof(uint64_t), "liubo_fingers");
  g->nodes = lg->nodes;
  g->edges = lg->edges;
  for (i = 0; i < AG__LF_MARKS; i++) {
    lg->marks[i] = ag__lf_marks[i];
    lg->marks[i].x0 += 12, lg->marks[i].y0 += 12;
    lg->marks[i].x1 += 12, lg->marks[i].y1 += 12;
  }
  g->marks = lg->marks;
  g->num_marks = AG__LF_MARKS;
  g->width = 24;
  g->height = 24;
  c = (lg->fingers_max + 1) * (lg->call_max + 1);
  i = PIECES * (lg->num_points + 1) + 2;
  g->limit[AG_LIMIT_LEGAL_MOVES] = (size_t)(c > i ? c : i);
  g->limit[AG_LIMIT_CHANCE_OUTCOMES] = 0;
  g->limit[AG_LIMIT_PLIES] = 2 * (size_t)lg->max_rounds;
  g->limit[AG_LIMIT_POSITION_TEXT] = 256;
  g->limit[AG_LIMIT_MOVE_TEXT] = 16;
  g->limit[AG_LIMIT_RENDER_TEXT] = 2560;
  return AG_OK;
}

/* Setup: three flat pieces on each own start corner, fish in TAIJI,
 * all six sticks in the supply, the opening guess round to play. */
static void lf_initial(const ag_game *g, void *pos)
{
  lf_pos *p = pos;
  int c, i;
  (void)g;
  memset(p, 0, sizeof *p);
  memset(p->owner, -1, sizeof p->owner);
  for (c = 0; c < 2; c++)
    for (i = 0; i < 2; i++) {
      p->owner[ag__lf_start_corner[c][i]] = (int8_t)c;
      p->flat[ag__lf_start_corner[c][i]] = 3;
    }
  p->phase = PH_GUESS;
}

/* ------------------------------------------------------ learning tensors */

/* Every move lf_move_info accepts: pass, the choices, and every step, entry
 * and prisoner return between nodes (tensor.c sorts them). */
static size_t lf_all_moves(const ag_game *g, ag_move *out)
{
  static const int kinds[] = {AG_MOVE_STEP, AG_MOVE_ENTER, AG_MOVE_RETURN};
  size_t n = 0, k;
  int aux, to, from, kind, f, t;
  out[n++] = PASS_MOVE;
  for (aux = 0; aux <= GAME(g)->fingers_max; aux++)
    for (to = 0; to <= NO_CALL; to = to == GAME(g)->call_max ? NO_CALL : to + 1)
      if (lf_move_info(g, AG__MOVE(AG_MOVE_CHOICE, aux, to, 0), &kind, &f, &t) == AG_OK)
        out[n++] = AG__MOVE(AG_MOVE_CHOICE, aux, to, 0);
  for (k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
    for (aux = 0; aux <= AT_START; aux++)
      for (to = 0; to < AG__LF_NODES; to++)
        for (from = 0; from < AG__LF_NODES; from++)
          if (lf_move_info(g, AG__MOVE(kinds[k], aux, to, from), &kind, &f, &t) == AG_OK)
            out[n++] = AG__MOVE(kinds[k], aux, to, from);
  return n;
}

static const int lf_piece_kinds[] = {AG_PIECE_STONE, AG_PIECE_FISH};
static const ag__obs_counter lf_counters[] = {
  {AG_INFO_PENDING_STEPS, 0, "info:pending_steps/0"},
  {AG_INFO_SCORE, 0, "info:score/0"},
  {AG_INFO_SCORE, 1, "info:score/1"},
  {AG_INFO_COUNTER, 0, "info:counter"},
};
static const char *const lf_extra_planes[] = {
  "liubo_fingers:flat/0",     /* player 0's pieces lying flat (unmoved since placed) */
  "liubo_fingers:flat/1",
  "liubo_fingers:wired/0",    /* counting sticks with a fish's wire held by player 0 */
  "liubo_fingers:wired/1",
  "liubo_fingers:throw",      /* 1: a fingers-only round decides how far the mover goes */
  "liubo_fingers:mover",      /* who moves after the throw or in the action */
};

/* The planes above; values are zero on entry. */
static void lf_observe_extra(const ag_game *g, const void *pos, float *v, size_t nodes)
{
  const lf_pos *p = pos;
  size_t i;
  (void)g;
  for (i = 0; i < nodes && i < AG__LF_NODES; i++)
    if (p->owner[i] >= 0) v[(size_t)p->owner[i] * nodes + i] = p->flat[i];
  for (i = 0; i < nodes; i++) {
    v[2 * nodes + i] = p->wired[0];
    v[3 * nodes + i] = p->wired[1];
    v[4 * nodes + i] = p->phase == PH_THROW;
    v[5 * nodes + i] = p->phase == PH_THROW || p->phase == PH_ACT ? p->mover : 0;
  }
}

const ag__vt ag__liubo_fingers_vt = {
  .name = "liubo_fingers",
  .flags = AG_GAME_SIMULTANEOUS | AG_GAME_ZERO_SUM,
  .options = lf_options,
  .num_options = (int)(sizeof lf_options / sizeof lf_options[0]),
  .player_names = {"white", "black"},
  .game_size = sizeof(lf_game),
  .pos_size = sizeof(lf_pos),
  .setup = lf_setup,
  .initial = lf_initial,
  .current_player = lf_current_player,
  .legal = lf_legal,
  .apply = lf_apply,
  .outcome = lf_outcome,
  .hash = lf_hash,
  .piece = lf_piece,
  .info = lf_info,
  .write = lf_write,
  .read = lf_read,
  .move_write = lf_move_write,
  .move_read = lf_move_read,
  .move_info = lf_move_info,
  .render = lf_render,
  .playout = lf_playout,
  .is_legal = lf_is_legal,
  .all_moves = lf_all_moves,
  .piece_kinds = lf_piece_kinds,
  .num_piece_kinds = (int)(sizeof lf_piece_kinds / sizeof lf_piece_kinds[0]),
  .counters = lf_counters,
  .num_counters = (int)(sizeof lf_counters / sizeof lf_counters[0]),
  .extra_planes = lf_extra_planes,
  .num_extra_planes = (int)(sizeof lf_extra_planes / sizeof lf_extra_planes[0]),
  .observe_extra = lf_observe_extra,
};
