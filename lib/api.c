/* SPDX-License-Identifier: MIT */
/*
 * api.c -- every public entry point of libancientgames.
 *
 * Each function checks its arguments here, in one place, then dispatches to
 * the game's vtable.  The game code only ever sees valid handles, legal moves
 * and buffers of the right size.  This file also owns the undo history: a flat
 * array of entries, each holding the ply's moves and a snapshot of the
 * position before it, so undo is a copy and restores text, hash and legal
 * moves exactly.
 */
#include <assert.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "ag_internal.h"

#define AG__INITIAL_HISTORY 1024

/* ---------------------------------------------------------------- helpers */

static size_t round_up(size_t n, size_t a) { return (n + a - 1) / a * a; }

static void *hist_entry(const ag_state *st, size_t i)
{
  return st->hist + i * st->stride;
}

static ag__past past_of(const ag_state *st, size_t count)
{
  ag__past p;
  p.base = st->hist;
  p.stride = st->stride;
  p.offset = AG__POS_OFFSET;
  p.count = count;
  return p;
}

/* Copies a position between the state and its history: whole 16-byte
 * chunks of the rounded size both buffers have (a libc memcpy of a size
 * known only at run time costs more than the copy of a small position). */
static inline void copy_pos(void *dst, const void *src, size_t rounded)
{
  size_t i;
  if (rounded == 64) {  /* the hare's position: no loop */
    memcpy(dst, src, 64);
    return;
  }
  for (i = 0; i + 32 <= rounded; i += 32)
    memcpy((unsigned char *)dst + i, (const unsigned char *)src + i, 32);
  if (i < rounded) memcpy((unsigned char *)dst + i, (const unsigned char *)src + i, 16);
}

ag__past ag__state_past(const ag_state *st)
{
  return past_of(st, st->ply);
}

/* Checks a caller's (buf, cap) pair: a NULL buffer is only allowed with cap 0. */
int ag__check_buf(const void *buf, size_t cap)
{
  if (!buf && cap) return ag__fail(AG_EINVAL, "buffer is NULL but capacity is %zu", cap);
  return AG_OK;
}

/* Ends a text write: NUL-terminates what fits and reports AG_EBUFS when the
 * text did not fit, with *len set to the full length either way. */
int ag__finish_text(ag__buf *b, size_t *len)
{
  if (len) *len = b->len;
  ag__buf_end(b);
  if (b->len + 1 > b->cap)
    return ag__fail(AG_EBUFS, "text needs %zu bytes, buffer has %zu", b->len + 1, b->cap);
  return AG_OK;
}

/* Copies n moves (and weights) to the caller under the buffer protocol. */
static int give_moves(const ag_move *mv, const uint32_t *w, size_t n,
                      ag_move *buf, uint32_t *wbuf, size_t cap, size_t *out_n)
{
  *out_n = n;
  if (n > cap) return ag__fail(AG_EBUFS, "%zu moves do not fit in a buffer of %zu", n, cap);
  if (n) memcpy(buf, mv, n * sizeof *mv);
  if (w && n) memcpy(wbuf, w, n * sizeof *w);
  return AG_OK;
}

/* Outcomes of st's chance node into mv and w (AG__MAX_MOVES entries each),
 * their weight sum into *total; returns the count, or 0 without a message
 * when st is not at a chance node (a chance node always has outcomes). */
static size_t chance_moves(const ag_state *st, ag_move *mv, uint32_t *w, uint32_t *total)
{
  const ag_game *g = st->game;
  if (!g->vt->chance || g->vt->current_player(g, st->pos) != AG_PLAYER_CHANCE) return 0;
  return g->vt->chance(g, st->pos, mv, w, total);
}

/* Moves of `player` now, into mv (AG__MAX_MOVES entries); chance outcomes for
 * AG_PLAYER_CHANCE.  Returns the count.  vt->legal itself gives none to a
 * player who does not act now, so the current player is not asked here. */
static size_t collect_moves(const ag_state *st, int player, ag_move *mv)
{
  uint32_t w[AG__MAX_MOVES], total;
  if (player != AG_PLAYER_CHANCE) return st->game->vt->legal(st->game, st->pos, player, mv);
  return chance_moves(st, mv, w, &total);
}

/* Whether m is one of the n moves of mv. */
static int contains(const ag_move *mv, size_t n, ag_move m)
{
  size_t i;
  for (i = 0; i < n; i++)
    if (mv[i] == m) return 1;
  return 0;
}

/* Fails with `code` and the message that m is no move value of g at all. */
static int fail_not_move(const ag_game *g, ag_move m, int code)
{
  return ag__fail(code, "0x%08x is not a move of %s", (unsigned)m, g->vt->name);
}

const char *ag__player_word(const ag_game *g, int player)
{
  if (player == 0 || player == 1) return g->vt->player_names[player];
  return player == AG_PLAYER_CHANCE ? "the throw" : "nobody";
}

/* Fails with AG_EILLEGAL, quoting the move's text when it has one. */
static int fail_illegal(const ag_game *g, ag_move m, int player)
{
  char text[64];
  ag__buf b = {text, sizeof text, 0};
  if (g->vt->move_write(g, m, &b) != AG_OK || b.len >= sizeof text)
    return fail_not_move(g, m, AG_EILLEGAL);
  text[b.len] = '\0';
  return ag__fail(AG_EILLEGAL, "move '%s' is not legal for %s here", text,
                  ag__player_word(g, player));
}

/* Grows the history so that `need` plies fit, doubling the capacity (capped at
 * `need` where doubling would overflow).  AG_ENOMEM, with nothing changed,
 * when need * stride does not fit in a size_t or realloc fails. */
static __attribute__((noinline)) int history_grow(ag_state *st, size_t need)
{
  unsigned char *h;
  size_t cap;
  if (need > SIZE_MAX / st->stride)
    return ag__fail(AG_ENOMEM, "cannot hold %zu plies of history", need);
  cap = st->cap ? st->cap : 16;
  while (cap < need) cap = cap > SIZE_MAX / 2 / st->stride ? need : cap * 2;
  h = realloc(st->hist, cap * st->stride);
  if (!h) return ag__fail(AG_ENOMEM, "cannot grow the history to %zu plies", cap);
  st->hist = h;
  st->cap = cap;
  return AG_OK;
}

/* The check of every ply inline; the growth out of line. */
static inline int history_room(ag_state *st, size_t need)
{
  return need <= st->cap ? AG_OK : history_grow(st, need);
}

int ag__tags_room(ag_state *st, size_t need)
{
  char *t;
  size_t cap = st->tags_cap;
  if (need <= cap) return AG_OK;
  /* Doubling: n tags added one at a time cost O(n) copying, not O(n^2). */
  cap = cap > SIZE_MAX / 2 || cap * 2 < need ? need : cap * 2;
  t = realloc(st->tags, cap);
  if (!t) return ag__fail(AG_ENOMEM, "cannot hold %zu bytes of record tags", need);
  st->tags = t;
  st->tags_cap = cap;
  return AG_OK;
}

const void *ag__state_start(const ag_state *st)
{
  return st->ply ? (const unsigned char *)hist_entry(st, 0) + AG__POS_OFFSET : st->pos;
}

/* Writes the history entry of ply st->ply (its moves and the position before
 * it); the caller has made room and moves st->ply on once the ply is played. */
static inline void push_snapshot(ag_state *st, const ag_move *m, size_t n)
{
  ag__hist *h = hist_entry(st, st->ply);
  h->moves[0] = m[0];
  h->moves[1] = n > 1 ? m[1] : 0;
  h->n = (uint32_t)n;
  copy_pos((unsigned char *)h + AG__POS_OFFSET, st->pos, st->stride - AG__POS_OFFSET);
}

/* Records the ply in the history, then lets the game apply it; the moves are
 * not checked (see ag_internal.h). */
int ag__state_apply_trusted(ag_state *st, const ag_move *m, size_t n)
{
  const ag_game *g = st->game;
  ag__past past;
  int rc = history_room(st, st->ply + 1);
  if (rc < 0) return rc;
  push_snapshot(st, m, n);
  st->ply++;
  past = past_of(st, st->ply);
  g->vt->apply(g, st->pos, m, n, &past);
  return AG_OK;
}

#define CHECK_GAME(g, rv) do { if (!(g)) return ag__fail(AG_EINVAL, "%s: game is NULL", __func__), (rv); } while (0)
#define CHECK_STATE(st, rv) do { if (!(st)) return ag__fail(AG_EINVAL, "%s: state is NULL", __func__), (rv); } while (0)

/* ------------------------------------------------------------------ games */

AG_API int ag_game_new(const char *spec, ag_game **out)
{
  const ag__vt *vt;
  ag_game *g;
  int opt[AG__MAX_OPTIONS] = {0}, rc;
  if (out) *out = NULL;
  if (!spec || !out) return ag__fail(AG_EINVAL, "ag_game_new: spec or out is NULL");
  if ((rc = ag__spec_parse(spec, &vt, opt)) < 0) return rc;
  g = calloc(1, sizeof *g);
  if (!g) return ag__fail(AG_ENOMEM, "ag_game_new: out of memory");
  g->vt = vt;
  memcpy(g->opt, opt, sizeof opt);
  ag__spec_print(vt, opt, g->spec, sizeof g->spec);
  g->cpu_generic = ag__cpu_generic();
  if (vt->game_size && !(g->data = calloc(1, vt->game_size))) {
    free(g);
    return ag__fail(AG_ENOMEM, "ag_game_new: out of memory");
  }
  if ((rc = vt->setup(g)) < 0 || (rc = ag__actions_build(g)) < 0) {
    free(g->data);
    free(g);
    return rc;
  }
  *out = g;
  return AG_OK;
}

/* The game must outlive its states: debug builds (without NDEBUG) assert it. */
AG_API void ag_game_free(ag_game *g)
{
  if (!g) return;
  assert(__atomic_load_n(&g->live_states, __ATOMIC_ACQUIRE) == 0 &&
         "ag_game_free: free every state of this game first");
  free(g->actions);
  free(g->data);
  free(g);
}

AG_API const char *ag_game_name(const ag_game *g) { return g ? g->vt->name : NULL; }
AG_API const char *ag_game_spec(const ag_game *g) { return g ? g->spec : NULL; }
AG_API unsigned ag_game_flags(const ag_game *g) { return g ? g->vt->flags : 0; }

AG_API int ag_game_num_players(const ag_game *g)
{
  CHECK_GAME(g, AG_EINVAL);
  return 2;
}

AG_API const char *ag_game_player_name(const ag_game *g, int player)
{
  if (!g || player < 0 || player > 1) return NULL;
  return g->vt->player_names[player];
}

AG_API size_t ag_game_limit(const ag_game *g, ag_limit which)
{
  if (!g || (int)which < AG_LIMIT_LEGAL_MOVES || (int)which > AG_LIMIT_RENDER_TEXT) return 0;
  return g->limit[which];
}

/* --------------------------------------------------------------- geometry */

AG_API int ag_game_num_nodes(const ag_game *g)
{
  CHECK_GAME(g, AG_EINVAL);
  return g->num_nodes;
}

AG_API int ag_game_node(const ag_game *g, int node, int *x, int *y, int *kind)
{
  CHECK_GAME(g, AG_EINVAL);
  if (node < 0 || node >= g->num_nodes)
    return ag__fail(AG_EINVAL, "node %d out of range 0..%d", node, g->num_nodes - 1);
  if (x) *x = g->nodes[node].x;
  if (y) *y = g->nodes[node].y;
  if (kind) *kind = g->nodes[node].kind;
  return AG_OK;
}

AG_API const char *ag_game_node_name(const ag_game *g, int node)
{
  if (!g || node < 0 || node >= g->num_nodes) return NULL;
  return g->nodes[node].name;
}

static int same_name(const char *a, const char *b)
{
  for (; *a && *b; a++, b++)
    if (tolower((unsigned char)*a) != tolower((unsigned char)*b)) return 0;
  return *a == *b;
}

AG_API int ag_game_node_find(const ag_game *g, const char *name, int *node)
{
  int i;
  CHECK_GAME(g, AG_EINVAL);
  if (!name || !node) return ag__fail(AG_EINVAL, "ag_game_node_find: name or node is NULL");
  for (i = 0; i < g->num_nodes; i++)
    if (same_name(g->nodes[i].name, name)) {
      *node = i;
      return AG_OK;
    }
  return ag__fail(AG_ENOTFOUND, "%s has no node named '%.40s'", g->vt->name, name);
}

AG_API int ag_game_num_edges(const ag_game *g)
{
  CHECK_GAME(g, AG_EINVAL);
  return g->num_edges;
}

AG_API int ag_game_edge(const ag_game *g, int edge, int *a, int *b, int *kind)
{
  CHECK_GAME(g, AG_EINVAL);
  if (edge < 0 || edge >= g->num_edges)
    return ag__fail(AG_EINVAL, "edge %d out of range 0..%d", edge, g->num_edges - 1);
  if (a) *a = g->edges[edge].a;
  if (b) *b = g->edges[edge].b;
  if (kind) *kind = g->edges[edge].kind;
  return AG_OK;
}

AG_API void ag_game_extent(const ag_game *g, int *width, int *height)
{
  if (width) *width = g ? g->width : 0;
  if (height) *height = g ? g->height : 0;
}

AG_API int ag_game_num_marks(const ag_game *g)
{
  CHECK_GAME(g, AG_EINVAL);
  return g->num_marks;
}

AG_API int ag_game_mark(const ag_game *g, int mark, ag_mark *out)
{
  const ag__mark *m;
  CHECK_GAME(g, AG_EINVAL);
  if (!out) return ag__fail(AG_EINVAL, "ag_game_mark: out is NULL");
  /* Every field of 0.4 is written, so a smaller size is a caller compiled
   * against no release at all (a forgotten AG_MARK_INIT). */
  if (out->size < sizeof(ag_mark))
    return ag__fail(AG_EINVAL, "ag_game_mark: out->size %zu is below the 0.4 size %zu "
                    "(start from AG_MARK_INIT)", out->size, sizeof(ag_mark));
  if (mark < 0 || mark >= g->num_marks)
    return ag__fail(AG_EINVAL, "mark %d out of range 0..%d", mark, g->num_marks - 1);
  m = &g->marks[mark];
  out->kind = m->kind;
  out->shape = m->shape;
  out->node = m->node;
  out->x0 = m->x0, out->y0 = m->y0, out->x1 = m->x1, out->y1 = m->y1;
  out->r = m->r;
  out->points = m->points;
  out->num_points = m->num_points;
  out->text = m->text;
  return AG_OK;
}

/* ------------------------------------------------------------------ moves */

AG_API int ag_move_to_text(const ag_game *g, ag_move m, char *buf, size_t cap, size_t *len)
{
  ag__buf b = {buf, cap, 0};
  int rc;
  CHECK_GAME(g, AG_EINVAL);
  if ((rc = ag__check_buf(buf, cap)) < 0) return rc;
  if (g->vt->move_write(g, m, &b) != AG_OK)
    return fail_not_move(g, m, AG_EINVAL);
  return ag__finish_text(&b, len);
}

AG_API int ag_move_from_text(const ag_game *g, const char *text, ag_move *out)
{
  CHECK_GAME(g, AG_EINVAL);
  if (!text || !out) return ag__fail(AG_EINVAL, "ag_move_from_text: text or out is NULL");
  return g->vt->move_read(g, text, out);
}

AG_API int ag_move_info(const ag_game *g, ag_move m, int *kind, int *from, int *to)
{
  int k, f, t;
  CHECK_GAME(g, AG_EINVAL);
  if (g->vt->move_info(g, m, &k, &f, &t) != AG_OK)
    return fail_not_move(g, m, AG_EINVAL);
  if (kind) *kind = k;
  if (from) *from = f;
  if (to) *to = t;
  return AG_OK;
}

/* ----------------------------------------------------------------- states */

AG_API int ag_state_new(const ag_game *g, ag_state **out)
{
  ag_state *st;
  size_t reserve;
  if (out) *out = NULL;
  CHECK_GAME(g, AG_EINVAL);
  if (!out) return ag__fail(AG_EINVAL, "ag_state_new: out is NULL");
  st = calloc(1, sizeof *st);
  if (!st) return ag__fail(AG_ENOMEM, "ag_state_new: out of memory");
  st->game = g;
  st->stride = AG__POS_OFFSET + round_up(g->vt->pos_size, 16);
  st->pos = calloc(1, round_up(g->vt->pos_size, 16));
  reserve = g->limit[AG_LIMIT_PLIES];
  if (reserve == 0 || reserve > AG__INITIAL_HISTORY) reserve = AG__INITIAL_HISTORY;
  if (!st->pos || history_room(st, reserve) < 0) {
    free(st->hist);
    free(st->pos);
    free(st);
    return ag__fail(AG_ENOMEM, "ag_state_new: out of memory");
  }
  g->vt->initial(g, st->pos);
  /* The only write to a shared game: atomic, so states may be created on any thread. */
  __atomic_fetch_add(&((ag_game *)g)->live_states, 1, __ATOMIC_RELAXED);
  *out = st;
  return AG_OK;
}

AG_API void ag_state_free(ag_state *st)
{
  if (!st) return;
  __atomic_fetch_sub(&((ag_game *)st->game)->live_states, 1, __ATOMIC_RELEASE);
  free(st->hist);
  free(st->pos);
  free(st->tags);
  free(st->tag_slot);
  free(st);
}

AG_API int ag_state_clone(const ag_state *st, ag_state **out)
{
  int rc;
  if (out) *out = NULL;
  CHECK_STATE(st, AG_EINVAL);
  if (!out) return ag__fail(AG_EINVAL, "ag_state_clone: out is NULL");
  if ((rc = ag_state_new(st->game, out)) < 0) return rc;
  if ((rc = ag_state_copy(*out, st)) < 0) {
    ag_state_free(*out);
    *out = NULL;
  }
  return rc;
}

AG_API int ag_state_copy(ag_state *dst, const ag_state *src)
{
  int rc;
  if (!dst || !src) return ag__fail(AG_EINVAL, "ag_state_copy: dst or src is NULL");
  if (dst == src) return AG_OK;
  if (dst->game != src->game && strcmp(dst->game->spec, src->game->spec) != 0)
    return ag__fail(AG_EMISMATCH, "ag_state_copy: %s and %s are different games",
                    dst->game->spec, src->game->spec);
  if ((rc = history_room(dst, src->ply)) < 0 || (rc = ag__tags_room(dst, src->tags_len)) < 0)
    return rc;
  if (src->ply) memcpy(dst->hist, src->hist, src->ply * src->stride);
  if (src->tags_len) memcpy(dst->tags, src->tags, src->tags_len);
  dst->tags_len = src->tags_len;
  dst->tag_slot_ok = 0;
  memcpy(dst->pos, src->pos, src->game->vt->pos_size);
  dst->ply = src->ply;
  return AG_OK;
}

AG_API void ag_state_reset(ag_state *st)
{
  if (!st) return;
  memset(st->pos, 0, st->game->vt->pos_size);
  st->game->vt->initial(st->game, st->pos);
  st->ply = 0;
}

AG_API int ag_state_reserve(ag_state *st, size_t plies)
{
  CHECK_STATE(st, AG_EINVAL);
  return history_room(st, plies);
}

AG_API const ag_game *ag_state_game(const ag_state *st) { return st ? st->game : NULL; }

/* ---------------------------------------------------------------- playing */

AG_API int ag_state_current_player(const ag_state *st)
{
  CHECK_STATE(st, AG_EINVAL);
  return st->game->vt->current_player(st->game, st->pos);
}

AG_API int ag_state_is_terminal(const ag_state *st)
{
  CHECK_STATE(st, AG_EINVAL);
  return st->game->vt->current_player(st->game, st->pos) == AG_PLAYER_TERMINAL;
}

AG_API size_t ag_state_ply(const ag_state *st) { return st ? st->ply : 0; }

/* Accepts 0..n-1 and AG_PLAYER_CHANCE as the player asked about. */
static int check_player(int player)
{
  if (player == AG_PLAYER_CHANCE || player == 0 || player == 1) return AG_OK;
  return ag__fail(AG_EINVAL, "player %d is neither 0, 1 nor AG_PLAYER_CHANCE", player);
}

/* ag_state_legal_moves() through a list of the largest size, for a buffer
 * below the game's bound or the chance outcomes.  Out of line, so that the
 * common call does not set up its 2 KiB frame. */
static __attribute__((noinline)) int legal_moves_copied(const ag_state *st, int player,
                                                        ag_move *buf, size_t cap, size_t *n)
{
  ag_move mv[AG__MAX_MOVES];
  return give_moves(mv, NULL, collect_moves(st, player, mv), buf, NULL, cap, n);
}

/* Every check of ag_state_legal_moves() in its order, then the list through a
 * copy (its caller has taken the in-place case). */
static __attribute__((noinline)) int legal_moves_checked(const ag_state *st, int player,
                                                         ag_move *buf, size_t cap, size_t *n)
{
  int rc;
  if (!st) return ag__fail(AG_EINVAL, "ag_state_legal_moves: state is NULL");
  if (!n) return ag__fail(AG_EINVAL, "ag_state_legal_moves: n is NULL");
  if ((rc = ag__check_buf(buf, cap)) < 0 || (rc = check_player(player)) < 0) return rc;
  return legal_moves_copied(st, player, buf, cap, n);
}

AG_API int ag_state_legal_moves(const ag_state *st, int player, ag_move *buf, size_t cap,
                                size_t *n)
{
  /* A buffer of the game's documented bound cannot overflow: generate in
   * place instead of through a copy (the common case of a per-ply loop).
   * Such a buffer is not NULL unless the bound is 0, and the player is 0 or 1.
   * Everything else, errors included, is out of line, so this path saves no
   * registers. */
  if (st && n && (unsigned)player < 2 && buf && cap >= st->game->limit[AG_LIMIT_LEGAL_MOVES]) {
    *n = st->game->vt->legal(st->game, st->pos, player, buf);
    return AG_OK;
  }
  return legal_moves_checked(st, player, buf, cap, n);
}

/* Whether m is a legal move of `player` (0, 1 or AG_PLAYER_CHANCE) now: the
 * game's own test when it has one, else the list scanned. */
static int move_is_legal(const ag_state *st, int player, ag_move m)
{
  ag_move mv[AG__MAX_MOVES];
  const ag_game *g = st->game;
  if (g->vt->is_legal) return g->vt->is_legal(g, st->pos, player, m);
  return contains(mv, collect_moves(st, player, mv), m);
}

AG_API int ag_state_is_legal(const ag_state *st, int player, ag_move m)
{
  int rc;
  CHECK_STATE(st, AG_EINVAL);
  if ((rc = check_player(player)) < 0) return rc;
  return move_is_legal(st, player, m);
}

/* Fails with AG_EPHASE: a chance call at a node that is not a chance node. */
static int fail_not_chance(const ag_state *st)
{
  return ag__fail(AG_EPHASE, "%s: not a chance node", st->game->vt->name);
}

AG_API int ag_state_chance_outcomes(const ag_state *st, ag_move *moves, uint32_t *weights,
                                    size_t cap, size_t *n, uint32_t *total)
{
  ag_move mv[AG__MAX_MOVES];
  uint32_t w[AG__MAX_MOVES], t = 0;
  size_t k;
  int rc;
  CHECK_STATE(st, AG_EINVAL);
  if (!n) return ag__fail(AG_EINVAL, "ag_state_chance_outcomes: n is NULL");
  if ((rc = ag__check_buf(moves, cap)) < 0 || (rc = ag__check_buf(weights, cap)) < 0) return rc;
  if (!(k = chance_moves(st, mv, w, &t))) return fail_not_chance(st);
  if (total) *total = t;
  return give_moves(mv, w, k, moves, weights, cap, n);
}

AG_API int ag_state_sample_chance(const ag_state *st, uint64_t *rng, ag_move *out)
{
  ag_move mv[AG__MAX_MOVES];
  uint32_t w[AG__MAX_MOVES], t;
  size_t k;
  CHECK_STATE(st, AG_EINVAL);
  if (!rng || !out) return ag__fail(AG_EINVAL, "ag_state_sample_chance: rng or out is NULL");
  if (!(k = chance_moves(st, mv, w, &t))) return fail_not_chance(st);
  *out = mv[ag__pick_weighted(rng, w, k, t)];
  return AG_OK;
}

/* ag_state_apply() with every check in its order: the path of a game
 * without apply_legal, of a full history and of every error (out of line,
 * so that the per-ply path saves no registers for it). */
static __attribute__((noinline)) int apply_checked(ag_state *st, ag_move m)
{
  const ag_game *g;
  int cp;
  if (!st) return ag__fail(AG_EINVAL, "ag_state_apply: state is NULL");
  g = st->game;
  cp = g->vt->current_player(g, st->pos);
  if (cp == AG_PLAYER_TERMINAL) return ag__fail(AG_EPHASE, "the game is over");
  if (cp == AG_PLAYER_SIMULTANEOUS)
    return ag__fail(AG_EPHASE, "both players choose now: use ag_state_apply_joint");
  if (!move_is_legal(st, cp, m)) return fail_illegal(g, m, cp);
  return ag__state_apply_trusted(st, &m, 1);
}

AG_API int ag_state_apply(ag_state *st, ag_move m)
{
  /* The per-ply loop's path: when the history has room, the snapshot goes
   * to the free entry first (past the last ply, so nobody sees it), then the
   * game tests and applies in one call.  An illegal move changes nothing:
   * the ply count stays, and the general path names the error. */
  if (st && st->game->vt->apply_legal && st->ply < st->cap) {
    ag__past past = past_of(st, st->ply + 1);
    push_snapshot(st, &m, 1);
    if (st->game->vt->apply_legal(st->game, st->pos, m, &past)) {
      st->ply++;
      return AG_OK;
    }
  }
  return apply_checked(st, m);
}

AG_API int ag_state_apply_joint(ag_state *st, const ag_move *moves, size_t n)
{
  int p;
  CHECK_STATE(st, AG_EINVAL);
  if (!moves || n != 2) return ag__fail(AG_EINVAL, "ag_state_apply_joint: need 2 moves, got %zu", moves ? n : 0);
  if (st->game->vt->current_player(st->game, st->pos) != AG_PLAYER_SIMULTANEOUS)
    return ag__fail(AG_EPHASE, "not a simultaneous node: use ag_state_apply");
  for (p = 0; p < 2; p++)
    if (!move_is_legal(st, p, moves[p]))
      return fail_illegal(st->game, moves[p], p);
  return ag__state_apply_trusted(st, moves, 2);
}

AG_API int ag_state_undo(ag_state *st)
{
  CHECK_STATE(st, AG_EINVAL);
  if (st->ply == 0) return ag__fail(AG_EPHASE, "nothing to undo");
  st->ply--;
  copy_pos(st->pos, (unsigned char *)hist_entry(st, st->ply) + AG__POS_OFFSET,
           st->stride - AG__POS_OFFSET);
  return AG_OK;
}

AG_API int ag_state_history(const ag_state *st, ag_move *buf, size_t cap, size_t *n)
{
  size_t i, k = 0, j;
  int rc;
  CHECK_STATE(st, AG_EINVAL);
  if (!n) return ag__fail(AG_EINVAL, "ag_state_history: n is NULL");
  if ((rc = ag__check_buf(buf, cap)) < 0) return rc;
  for (i = 0; i < st->ply; i++) k += ((const ag__hist *)hist_entry(st, i))->n;
  *n = k;
  if (k > cap) return ag__fail(AG_EBUFS, "%zu moves do not fit in a buffer of %zu", k, cap);
  for (i = 0, k = 0; i < st->ply; i++) {
    const ag__hist *h = hist_entry(st, i);
    for (j = 0; j < h->n; j++) buf[k++] = h->moves[j];
  }
  return AG_OK;
}

AG_API int ag_state_playout(const ag_state *st, uint64_t *rng, size_t max_plies,
                            size_t *plies, int *winner, int *reason)
{
  ag__past past;
  size_t p = 0;
  int w = AG_PLAYER_NONE, r = AG_END_NONE, rc;
  CHECK_STATE(st, AG_EINVAL);
  if (!rng) return ag__fail(AG_EINVAL, "ag_state_playout: rng is NULL");
  past = past_of(st, st->ply);
  rc = st->game->vt->playout(st->game, st->pos, &past, rng, max_plies, &p, &w, &r);
  if (plies) *plies = p;
  if (winner) *winner = w;
  if (reason) *reason = r;
  return rc;
}

/* --------------------------------------------------------------- position */

AG_API uint64_t ag_state_hash(const ag_state *st)
{
  return st ? st->game->vt->hash(st->game, st->pos) : 0;
}

/* Two states hold the same position when their position texts are equal. */
AG_API int ag_state_equal(const ag_state *a, const ag_state *b)
{
  ag__buf ba = {NULL, 0, 0}, bb = {NULL, 0, 0};
  char *ta, *tb;
  int eq;
  if (!a || !b) return ag__fail(AG_EINVAL, "ag_state_equal: a state is NULL");
  if (a->game != b->game && strcmp(a->game->spec, b->game->spec) != 0)
    return ag__fail(AG_EMISMATCH, "ag_state_equal: different games");
  a->game->vt->write(a->game, a->pos, &ba);
  b->game->vt->write(b->game, b->pos, &bb);
  if (ba.len != bb.len) return 0;
  ta = malloc(ba.len + 1);
  tb = malloc(bb.len + 1);
  if (!ta || !tb) {
    free(ta);
    free(tb);
    return ag__fail(AG_ENOMEM, "ag_state_equal: out of memory");
  }
  ba.p = ta, ba.cap = ba.len + 1, ba.len = 0;
  bb.p = tb, bb.cap = bb.len + 1, bb.len = 0;
  a->game->vt->write(a->game, a->pos, &ba);
  b->game->vt->write(b->game, b->pos, &bb);
  eq = memcmp(ta, tb, ba.len) == 0;
  free(ta);
  free(tb);
  return eq;
}

AG_API int ag_state_piece(const ag_state *st, int node, int index, int *owner, int *kind,
                          int *count)
{
  int o = 0, k = 0, c = 0, rc;
  CHECK_STATE(st, AG_EINVAL);
  if (node < 0 || node >= st->game->num_nodes)
    return ag__fail(AG_EINVAL, "node %d out of range 0..%d", node, st->game->num_nodes - 1);
  if (index < 0) return ag__fail(AG_EINVAL, "index %d is negative", index);
  rc = st->game->vt->piece(st->game, st->pos, node, index, &o, &k, &c);
  if (rc == 1) {
    if (owner) *owner = o;
    if (kind) *kind = k;
    if (count) *count = c;
  }
  return rc;
}

AG_API int ag_state_info(const ag_state *st, ag_info key, int index, int *value)
{
  CHECK_STATE(st, AG_EINVAL);
  if (!value) return ag__fail(AG_EINVAL, "ag_state_info: value is NULL");
  return st->game->vt->info(st->game, st->pos, (int)key, index, value);
}

AG_API int ag_state_outcome(const ag_state *st, int *winner, int *reason)
{
  int w = AG_PLAYER_NONE, r = AG_END_NONE, rc;
  CHECK_STATE(st, AG_EINVAL);
  rc = st->game->vt->outcome(st->game, st->pos, &w, &r);
  if (winner) *winner = w;
  if (reason) *reason = r;
  return rc;
}

AG_API int ag_state_returns(const ag_state *st, double *out, size_t n)
{
  int w, p;
  CHECK_STATE(st, AG_EINVAL);
  if (!out || n < 2) return ag__fail(AG_EINVAL, "ag_state_returns: need room for 2 values");
  if (ag_state_outcome(st, &w, NULL) != AG_OUTCOME_WIN) w = AG_PLAYER_NONE;
  for (p = 0; p < 2; p++) out[p] = w == AG_PLAYER_NONE ? 0.0 : (w == p ? 1.0 : -1.0);
  return AG_OK;
}

/* ------------------------------------------------------------------- text */

AG_API int ag_state_to_text(const ag_state *st, char *buf, size_t cap, size_t *len)
{
  ag__buf b = {buf, cap, 0};
  int rc;
  CHECK_STATE(st, AG_EINVAL);
  if ((rc = ag__check_buf(buf, cap)) < 0) return rc;
  st->game->vt->write(st->game, st->pos, &b);
  return ag__finish_text(&b, len);
}

AG_API int ag_state_set_text(ag_state *st, const char *text)
{
  void *scratch;
  int rc;
  CHECK_STATE(st, AG_EINVAL);
  if (!text) return ag__fail(AG_EINVAL, "ag_state_set_text: text is NULL");
  scratch = calloc(1, round_up(st->game->vt->pos_size, 16));
  if (!scratch) return ag__fail(AG_ENOMEM, "ag_state_set_text: out of memory");
  rc = st->game->vt->read(st->game, scratch, text);
  if (rc == AG_OK) {
    memcpy(st->pos, scratch, st->game->vt->pos_size);
    st->ply = 0;
  }
  free(scratch);
  return rc;
}

AG_API int ag_state_render(const ag_state *st, char *buf, size_t cap, size_t *len)
{
  ag__buf b = {buf, cap, 0};
  int rc;
  CHECK_STATE(st, AG_EINVAL);
  if ((rc = ag__check_buf(buf, cap)) < 0) return rc;
  st->game->vt->render(st->game, st->pos, &b);
  return ag__finish_text(&b, len);
}
