/* SPDX-License-Identifier: MIT */
/*
 * fuzz_api.c -- API sequences.  The game and the foreign game (of another
 * spec, for the calls that must refuse mixing games: two fuzz_spec_of names,
 * "hare\0liubo_sticks\0..."), a byte seeds the RNG; then each byte is an operation (the bytes after it its arguments):
 * legal, illegal and bit-flipped applies, joint applies, undo, set_text of
 * the state's own or of damaged text, sample_chance, clone, copy, reset,
 * playouts, records (written, read back, read damaged), tiny-budget AI calls
 * and legal-list checks.  A model of the
 * state (its text and hash before every ply) is kept beside it, and:
 *   - undo restores the text and the hash the ply started from;
 *   - text round trips give the same position (text, hash, equal);
 *   - a failed call leaves the state exactly as it was;
 *   - every listed move is accepted, every other value rejected.
 */
#include "fuzz.h"

#define MAX_OPS 200

typedef struct model {
  char **text;            /* text[i]: the position before ply i (i < depth) */
  uint64_t *hash;
  size_t depth, cap;
} model;

static void model_push(model *md, const char *text, uint64_t hash)
{
  if (md->depth == md->cap) {
    md->cap = md->cap ? 2 * md->cap : 64;
    md->text = realloc(md->text, md->cap * sizeof *md->text);
    md->hash = realloc(md->hash, md->cap * sizeof *md->hash);
    FUZZ_CHECK(md->text && md->hash, "out of memory");
  }
  md->text[md->depth] = fuzz_strndup((const uint8_t *)text, strlen(text));
  md->hash[md->depth++] = hash;
}

static void model_clear(model *md)
{
  while (md->depth) free(md->text[--md->depth]);
}

typedef struct run {
  fuzz_in in;
  const ag_game *g;
  ag_state *st, *other, *foreign;
  uint64_t rng;
  model md;
  fuzz_snap snap, snap2;
  ag_move mv[512], mv1[512];
  uint32_t w[512];
} run;

/* The legal list of `player` into buf; returns the count. */
static size_t list_moves(const ag_state *st, int player, ag_move *buf)
{
  size_t n = 0;
  FUZZ_CHECK(ag_state_legal_moves(st, player, buf, 512, &n) == AG_OK, "legal_moves");
  return n;
}

static int in_list(const ag_move *mv, size_t n, ag_move m)
{
  size_t i;
  for (i = 0; i < n; i++) if (mv[i] == m) return 1;
  return 0;
}

/* Applies m at whatever node the state is, checking the result against the
 * legal list; keeps the model. */
static void apply_checked(run *r, ag_move m)
{
  int p = ag_state_current_player(r->st), rc, listed = 0;
  size_t n;
  if (p != AG_PLAYER_TERMINAL) {
    int actor = p == AG_PLAYER_SIMULTANEOUS ? 0 : p;
    n = list_moves(r->st, actor, r->mv);
    listed = in_list(r->mv, n, m);
    FUZZ_CHECK(ag_state_is_legal(r->st, actor, m) == listed, "is_legal(%08x) disagrees with the list",
               (unsigned)m);
  }
  fuzz_snap_take(r->st, &r->snap);
  rc = ag_state_apply(r->st, m);
  if (p == AG_PLAYER_TERMINAL || p == AG_PLAYER_SIMULTANEOUS) {
    FUZZ_CHECK(rc == AG_EPHASE, "apply at node %d gave %d", p, rc);
  } else if (listed) {
    FUZZ_CHECK(rc == AG_OK, "listed move %08x refused (%d)", (unsigned)m, rc);
    FUZZ_CHECK(ag_state_ply(r->st) == r->snap.ply + 1, "ply did not grow");
    model_push(&r->md, r->snap.text, r->snap.hash);
    return;
  } else {
    FUZZ_CHECK(rc == AG_EILLEGAL, "unlisted move %08x gave %d", (unsigned)m, rc);
  }
  fuzz_snap_expect(r->st, &r->snap, "refused apply");
}

/* A joint apply of (a, b) with `count` moves: legal exactly at a
 * simultaneous node with count 2 and both moves listed for their player. */
static void joint_checked(run *r, ag_move a, ag_move b, size_t count)
{
  ag_move joint[2] = {a, b};
  int p = ag_state_current_player(r->st), rc, ok = 0;
  if (p == AG_PLAYER_SIMULTANEOUS && count == 2)
    ok = in_list(r->mv, list_moves(r->st, 0, r->mv), a) &&
         in_list(r->mv1, list_moves(r->st, 1, r->mv1), b);
  fuzz_snap_take(r->st, &r->snap);
  rc = ag_state_apply_joint(r->st, joint, count);
  if (ok) {
    FUZZ_CHECK(rc == AG_OK, "legal joint (%08x, %08x) gave %d", (unsigned)a, (unsigned)b, rc);
    model_push(&r->md, r->snap.text, r->snap.hash);
    return;
  }
  if (p != AG_PLAYER_SIMULTANEOUS)
    FUZZ_CHECK(rc == AG_EPHASE || rc == AG_EINVAL, "joint at node %d gave %d", p, rc);
  else if (count != 2)
    FUZZ_CHECK(rc == AG_EINVAL, "joint of %zu moves gave %d", count, rc);
  else
    FUZZ_CHECK(rc == AG_EILLEGAL, "illegal joint gave %d", rc);
  fuzz_snap_expect(r->st, &r->snap, "refused joint");
}

/* A listed move of the player (or players) to act, applied; nothing at a
 * terminal node. */
static void play_listed(run *r, unsigned pick)
{
  int p = ag_state_current_player(r->st);
  size_t n0, n1;
  if (p == AG_PLAYER_TERMINAL) return;
  if (p == AG_PLAYER_SIMULTANEOUS) {
    n0 = list_moves(r->st, 0, r->mv);
    n1 = list_moves(r->st, 1, r->mv1);
    FUZZ_CHECK(n0 > 0 && n1 > 0, "a simultaneous node without choices");
    joint_checked(r, r->mv[pick % n0], r->mv1[(pick / 7) % n1], 2);
    return;
  }
  n0 = list_moves(r->st, p, r->mv);
  FUZZ_CHECK(n0 > 0, "player %d acts without a move", p);
  apply_checked(r, r->mv[pick % n0]);
}

static void op_undo(run *r)
{
  int rc;
  fuzz_snap_take(r->st, &r->snap);
  rc = ag_state_undo(r->st);
  if (r->md.depth == 0) {
    FUZZ_CHECK(rc == AG_EPHASE, "undo of nothing gave %d", rc);
    fuzz_snap_expect(r->st, &r->snap, "refused undo");
    return;
  }
  FUZZ_CHECK(rc == AG_OK, "undo gave %d", rc);
  fuzz_snap_take(r->st, &r->snap);
  r->md.depth--;
  FUZZ_CHECK(strcmp(r->snap.text, r->md.text[r->md.depth]) == 0, "undo gave '%s', not '%s'",
             r->snap.text, r->md.text[r->md.depth]);
  FUZZ_CHECK(r->snap.hash == r->md.hash[r->md.depth], "undo did not restore the hash");
  FUZZ_CHECK(r->snap.ply == r->md.depth, "ply %zu after undo, model %zu", r->snap.ply, r->md.depth);
  free(r->md.text[r->md.depth]);
}

/* set_text of the state's own text: the same position, no history. */
static void op_text_round_trip(run *r)
{
  fuzz_snap_take(r->st, &r->snap);
  FUZZ_CHECK(ag_state_copy(r->other, r->st) == AG_OK, "copy");
  FUZZ_CHECK(ag_state_set_text(r->st, r->snap.text) == AG_OK, "own text '%s' refused", r->snap.text);
  fuzz_snap_take(r->st, &r->snap2);
  FUZZ_CHECK(strcmp(r->snap.text, r->snap2.text) == 0, "text changed in the round trip");
  FUZZ_CHECK(r->snap.hash == r->snap2.hash, "hash changed in the round trip");
  FUZZ_CHECK(r->snap2.ply == 0, "history kept");
  FUZZ_CHECK(ag_state_equal(r->st, r->other) == 1, "round trip not equal to the original");
  model_clear(&r->md);
}

/* set_text of the state's text with a few bytes damaged. */
static void op_damaged_text(run *r)
{
  static const char alphabet[] = "()=,.-_/ *+:;|xXoO0123456789abcdefhnpqrstuvwzHW\t";
  char text[8300];
  size_t len, edits = 1 + fuzz_byte(&r->in) % 4, i;
  int rc;
  fuzz_snap_take(r->st, &r->snap);
  memcpy(text, r->snap.text, sizeof r->snap.text);
  len = strlen(text);
  for (i = 0; i < edits; i++) {
    size_t at = len ? fuzz_byte(&r->in) % (len + 1) : 0;
    char c = alphabet[fuzz_byte(&r->in) % (sizeof alphabet - 1)];
    switch (fuzz_byte(&r->in) % 4) {
    case 0: if (at < len) text[at] = c; break;
    case 1: if (len + 2 < sizeof text) { memmove(text + at + 1, text + at, len - at + 1); text[at] = c; len++; } break;
    case 2: if (at < len) { memmove(text + at, text + at + 1, len - at); len--; } break;
    default: text[at] = '\0'; len = at;
    }
  }
  rc = ag_state_set_text(r->st, text);
  if (rc == AG_OK) {
    FUZZ_CHECK(ag_state_ply(r->st) == 0, "set_text kept a history");
    model_clear(&r->md);
    return;
  }
  FUZZ_CHECK(rc == AG_EPARSE, "damaged text gave %d", rc);
  fuzz_snap_expect(r->st, &r->snap, "failed set_text");
}

static void op_chance(run *r)
{
  int p = ag_state_current_player(r->st), rc;
  ag_move m = 0;
  size_t n = 0, i;
  uint32_t total = 0, sum = 0;
  fuzz_snap_take(r->st, &r->snap);
  rc = ag_state_sample_chance(r->st, &r->rng, &m);
  if (p != AG_PLAYER_CHANCE) {
    FUZZ_CHECK(rc == AG_EPHASE, "sample_chance at node %d gave %d", p, rc);
    FUZZ_CHECK(ag_state_chance_outcomes(r->st, r->mv, r->w, 512, &n, &total) == AG_EPHASE,
               "chance_outcomes off a chance node");
    fuzz_snap_expect(r->st, &r->snap, "refused sample_chance");
    return;
  }
  FUZZ_CHECK(rc == AG_OK, "sample_chance gave %d", rc);
  fuzz_snap_expect(r->st, &r->snap, "sample_chance");
  FUZZ_CHECK(ag_state_chance_outcomes(r->st, r->mv, r->w, 512, &n, &total) == AG_OK, "outcomes");
  FUZZ_CHECK(n > 0, "a chance node without outcomes");
  for (i = 0; i < n; i++) {
    FUZZ_CHECK(r->w[i] > 0, "zero weight");
    FUZZ_CHECK(i == 0 || r->mv[i - 1] < r->mv[i], "outcomes not ascending");
    sum += r->w[i];
  }
  FUZZ_CHECK(sum == total, "weights sum to %u, total %u", (unsigned)sum, (unsigned)total);
  FUZZ_CHECK(in_list(r->mv, n, m), "sampled outcome %08x not listed", (unsigned)m);
  apply_checked(r, m);
}

/* A clone is equal, plays on independently, and the original stays. */
static void op_clone(run *r)
{
  ag_state *c = NULL;
  uint64_t rng = r->rng;
  fuzz_snap_take(r->st, &r->snap);
  FUZZ_CHECK(ag_state_clone(r->st, &c) == AG_OK, "clone");
  fuzz_snap_expect(c, &r->snap, "clone");
  FUZZ_CHECK(ag_state_equal(c, r->st) == 1, "clone not equal");
  fuzz_advance(c, &rng, 1 + (int)(fuzz_byte(&r->in) % 8));
  fuzz_snap_expect(r->st, &r->snap, "original of a clone");
  while (ag_state_ply(c) > r->snap.ply) FUZZ_CHECK(ag_state_undo(c) == AG_OK, "undo on clone");
  fuzz_snap_expect(c, &r->snap, "clone played and undone");
  ag_state_free(c);
}

/* The model of a state whose history came from elsewhere (a copy, a
 * record): the positions before each ply, read by undoing a clone. */
static void model_rebuild(run *r)
{
  ag_state *c = NULL;
  size_t depth = ag_state_ply(r->st), k;
  char buf[8192];
  model_clear(&r->md);
  for (k = 0; k < depth; k++) model_push(&r->md, "", 0);
  FUZZ_CHECK(ag_state_clone(r->st, &c) == AG_OK, "clone");
  for (k = depth; k-- > 0;) {
    FUZZ_CHECK(ag_state_undo(c) == AG_OK, "undo of a copied history");
    FUZZ_CHECK(ag_state_to_text(c, buf, sizeof buf, NULL) == AG_OK, "to_text");
    free(r->md.text[k]);
    r->md.text[k] = fuzz_strndup((const uint8_t *)buf, strlen(buf));
    r->md.hash[k] = ag_state_hash(c);
  }
  FUZZ_CHECK(ag_state_undo(c) == AG_EPHASE, "undo past the start");
  ag_state_free(c);
}

/* The record read into the other state gives the same position and history;
 * a damaged record read into the state either works (the model follows) or
 * leaves it exactly as it was. */
static void op_record(run *r)
{
  char *rec = fuzz_record_of(r->st), *again;
  size_t len = strlen(rec), at;
  int rc;
  fuzz_snap_take(r->st, &r->snap);
  FUZZ_CHECK(ag_state_set_record(r->other, rec) == AG_OK, "own record refused:\n%s", rec);
  fuzz_snap_expect(r->other, &r->snap, "record read back");
  again = fuzz_record_of(r->other);
  FUZZ_CHECK(strcmp(rec, again) == 0, "record is not a fixed point");
  free(again);
  /* damage: one byte replaced, or the record cut */
  at = len ? fuzz_byte(&r->in) * len / 256 : 0;
  if (fuzz_byte(&r->in) & 1) rec[at] = '\0';
  else if (at < len) rec[at] = (char)(" .x-1\n[\"]{;9"[fuzz_byte(&r->in) % 13]);
  rc = ag_state_set_record(r->st, rec);
  if (rc == AG_OK) model_rebuild(r);
  else {
    FUZZ_CHECK(rc == AG_EPARSE || rc == AG_EMISMATCH || rc == AG_EILLEGAL, "record gave %d", rc);
    fuzz_snap_expect(r->st, &r->snap, "failed set_record");
  }
  free(rec);
}

/* Copy both ways; a state of another game is refused. */
static void op_copy(run *r)
{
  fuzz_snap_take(r->st, &r->snap);
  FUZZ_CHECK(ag_state_copy(r->other, r->st) == AG_OK, "copy");
  fuzz_snap_expect(r->other, &r->snap, "copy");
  fuzz_advance(r->other, &r->rng, 1 + (int)(fuzz_byte(&r->in) % 4));
  fuzz_snap_expect(r->st, &r->snap, "source of a copy");
  FUZZ_CHECK(ag_state_copy(r->st, r->foreign) == AG_EMISMATCH, "copy from another game");
  FUZZ_CHECK(ag_state_equal(r->st, r->foreign) == AG_EMISMATCH, "equal with another game");
  fuzz_snap_expect(r->st, &r->snap, "refused copy");
  if (fuzz_byte(&r->in) & 1) {
    /* and back: st takes other's position and history */
    FUZZ_CHECK(ag_state_copy(r->st, r->other) == AG_OK, "copy back");
    FUZZ_CHECK(ag_state_equal(r->st, r->other) == 1, "copy not equal");
    model_rebuild(r);
  }
}

static void op_reset(run *r)
{
  ag_state *fresh = NULL;
  ag_state_reset(r->st);
  model_clear(&r->md);
  FUZZ_CHECK(ag_state_new(r->g, &fresh) == AG_OK, "state");
  FUZZ_CHECK(ag_state_equal(r->st, fresh) == 1 && ag_state_hash(r->st) == ag_state_hash(fresh),
             "reset is not the initial position");
  FUZZ_CHECK(ag_state_ply(r->st) == 0, "reset kept a history");
  ag_state_free(fresh);
}

static void op_playout(run *r)
{
  size_t max = fuzz_byte(&r->in) % 60, plies = 0;
  int winner = 99, reason = 99, rc;
  fuzz_snap_take(r->st, &r->snap);
  rc = ag_state_playout(r->st, &r->rng, max, &plies, &winner, &reason);
  FUZZ_CHECK(rc == AG_OUTCOME_ONGOING || rc == AG_OUTCOME_WIN || rc == AG_OUTCOME_DRAW,
             "playout gave %d", rc);
  FUZZ_CHECK(max == 0 || plies <= max, "playout of %zu plies, max %zu", plies, max);
  FUZZ_CHECK(rc != AG_OUTCOME_WIN || winner == 0 || winner == 1, "winner %d", winner);
  FUZZ_CHECK(reason >= AG_END_NONE && reason <= AG_END_ALL_TAKEN, "reason %d", reason);
  fuzz_snap_expect(r->st, &r->snap, "playout");
}

/* A tiny-budget computer player's move is legal; bad params change nothing. */
static void op_ai(run *r)
{
  static const char *const params[] = {
    "random", "mcts(iterations=1)", "mcts(iterations=4,rollout=3)",
    "mcts(iterations=12,c=0.5,rollout=8,contempt=0.3)", "mcts(iterations=0)",
    "mcts(iterations=2,contempt=0.7)", "mcts(iter=2)", "perfect", "mcts(", "minimax",
  };
  unsigned b = fuzz_byte(&r->in);
  const char *prm = params[b % (sizeof params / sizeof params[0])];
  int p = ag_state_current_player(r->st), rc, good = b % 10 < 4;
  ag_move m = 0, joint[2] = {0, 0};
  fuzz_snap_take(r->st, &r->snap);
  if (p == AG_PLAYER_SIMULTANEOUS && (b & 16)) {
    rc = ag_ai_choose_joint(r->st, prm, &r->rng, joint, 2);
    fuzz_snap_expect(r->st, &r->snap, "choose_joint");
    FUZZ_CHECK(good ? rc == AG_OK : rc != AG_OK, "choose_joint(%s) gave %d", prm, rc);
    if (rc == AG_OK) joint_checked(r, joint[0], joint[1], 2);
    return;
  }
  if (p == AG_PLAYER_SIMULTANEOUS) rc = ag_ai_choose_player(r->st, (int)(b >> 5 & 1), prm, &r->rng, &m);
  else rc = ag_ai_choose(r->st, prm, &r->rng, &m);
  fuzz_snap_expect(r->st, &r->snap, "choose");
  if (p == AG_PLAYER_TERMINAL) {
    FUZZ_CHECK(rc != AG_OK, "a move chosen at a terminal node");
    return;
  }
  FUZZ_CHECK(good ? rc == AG_OK : rc != AG_OK, "choose(%s) at node %d gave %d", prm, p, rc);
  if (rc != AG_OK) {
    FUZZ_CHECK(ag_errmsg()[0] != '\0', "no message");
    return;
  }
  if (p == AG_PLAYER_SIMULTANEOUS) {
    int who = (int)(b >> 5 & 1);
    FUZZ_CHECK(ag_state_is_legal(r->st, who, m) == 1, "chosen choice %08x illegal", (unsigned)m);
    return;
  }
  FUZZ_CHECK(ag_state_is_legal(r->st, p, m) == 1, "chosen move %08x illegal", (unsigned)m);
  apply_checked(r, m);
}

/* The legal list against is_legal, its buffer protocol, and its
 * neighbours (each listed move with one bit flipped) against the list. */
static void op_list(run *r)
{
  int p = ag_state_current_player(r->st), player = (int)(fuzz_byte(&r->in) % 4) - 2;
  size_t n = 0, need = 0, i;
  int rc;
  if (player == -2) player = p;
  rc = ag_state_legal_moves(r->st, player, r->mv, 512, &n);
  if (player != 0 && player != 1 && player != AG_PLAYER_CHANCE) {
    FUZZ_CHECK(rc == AG_EINVAL, "legal_moves of player %d gave %d", player, rc);
    return;
  }
  FUZZ_CHECK(rc == AG_OK, "legal_moves(%d) gave %d", player, rc);
  rc = ag_state_legal_moves(r->st, player, NULL, 0, &need);
  FUZZ_CHECK(rc == (n ? AG_EBUFS : AG_OK) && need == n, "count query gave %d, %zu", rc, need);
  FUZZ_CHECK(n <= ag_game_limit(r->g, AG_LIMIT_LEGAL_MOVES) ||
             (player == AG_PLAYER_CHANCE && n <= ag_game_limit(r->g, AG_LIMIT_CHANCE_OUTCOMES)),
             "%zu moves past the limit", n);
  if (n > 0) {
    rc = ag_state_legal_moves(r->st, player, r->mv1, n - 1, &need);
    FUZZ_CHECK(rc == AG_EBUFS && need == n, "short buffer gave %d, %zu", rc, need);
  }
  for (i = 0; i < n; i++) {
    ag_move flipped = r->mv[i] ^ (1u << (fuzz_byte(&r->in) % 32));
    FUZZ_CHECK(i == 0 || r->mv[i - 1] < r->mv[i], "moves not ascending");
    FUZZ_CHECK(ag_state_is_legal(r->st, player, r->mv[i]) == 1, "listed %08x not legal", (unsigned)r->mv[i]);
    FUZZ_CHECK(ag_state_is_legal(r->st, player, flipped) == in_list(r->mv, n, flipped),
               "flipped %08x: is_legal disagrees", (unsigned)flipped);
  }
  FUZZ_CHECK(ag_state_is_legal(r->st, player, AG_MOVE_NONE) == 0, "AG_MOVE_NONE legal");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  static _Thread_local run r;      /* large: not on the stack */
  const ag_game *g, *foreign_game;
  int ops = 0;
  long spec = fuzz_spec_of(&data, &size), foreign = size ? fuzz_spec_of(&data, &size) : -1;
  if (spec < 0 || foreign < 0 || size < 1) return 0;
  /* The foreign game's states must be of another spec (copy and equal
   * refuse them); a seed that names the same spec twice tests nothing. */
#ifdef FUZZ_NAME
  FUZZ_CHECK(foreign != spec, "the seed names %s as its game and as the foreign one", fuzz_specs[spec]);
#endif
  if (foreign == spec) return 0;
  memset(&r, 0, sizeof r);
  r.in.p = data;
  r.in.n = size;
  r.rng = fuzz_byte(&r.in);
  g = fuzz_game((size_t)spec);
  foreign_game = fuzz_game((size_t)foreign);
  r.g = g;
  FUZZ_CHECK(ag_state_new(g, &r.st) == AG_OK && ag_state_new(g, &r.other) == AG_OK &&
             ag_state_new(foreign_game, &r.foreign) == AG_OK, "states");
  while (fuzz_more(&r.in) && ops++ < MAX_OPS) {
    unsigned op = fuzz_byte(&r.in);
    switch (op % 16) {
    case 0: case 1: case 2: play_listed(&r, fuzz_byte(&r.in)); break;
    case 3: apply_checked(&r, fuzz_u32(&r.in)); break;
    case 4: {
      int p = ag_state_current_player(r.st);
      size_t n = p == AG_PLAYER_TERMINAL ? 0 : list_moves(r.st, p == AG_PLAYER_SIMULTANEOUS ? 0 : p, r.mv);
      ag_move m = n ? r.mv[fuzz_byte(&r.in) % n] : 0;
      apply_checked(&r, m ^ (1u << (fuzz_byte(&r.in) % 32)));
      break;
    }
    case 5: {
      int p = ag_state_current_player(r.st);
      ag_move a = 0, b = 0;
      unsigned how = fuzz_byte(&r.in);
      if (p == AG_PLAYER_SIMULTANEOUS) {
        size_t n0 = list_moves(r.st, 0, r.mv), n1 = list_moves(r.st, 1, r.mv1);
        a = r.mv[fuzz_byte(&r.in) % n0];
        b = r.mv1[fuzz_byte(&r.in) % n1];
      }
      if (how & 1) a ^= 1u << (fuzz_byte(&r.in) % 32);
      if (how & 2) b = fuzz_u32(&r.in);
      if (how & 4) { ag_move t = a; a = b; b = t; }
      joint_checked(&r, a, b, (how & 8) ? (how >> 4) % 4 : 2);
      break;
    }
    case 6: case 7: op_undo(&r); break;
    case 8: op_text_round_trip(&r); break;
    case 9: op_damaged_text(&r); break;
    case 10: op_chance(&r); break;
    case 11: op_clone(&r); break;
    case 12: op_copy(&r); break;
    case 13: if (op & 0x80) op_reset(&r); else if (op & 0x40) op_record(&r); else op_playout(&r); break;
    case 14: op_ai(&r); break;
    default: op_list(&r); break;
    }
    FUZZ_CHECK(ag_state_ply(r.st) == r.md.depth, "ply %zu, model %zu", ag_state_ply(r.st), r.md.depth);
  }
  /* Undo to the start: every step restores its position. */
  while (r.md.depth) op_undo(&r);
  model_clear(&r.md);
  free(r.md.text);
  free(r.md.hash);
  ag_state_free(r.foreign);
  ag_state_free(r.other);
  ag_state_free(r.st);
  return 0;
}
