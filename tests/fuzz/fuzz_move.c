/* SPDX-License-Identifier: MIT */
/*
 * fuzz_move.c -- move text.  Input: the game (fuzz_spec_of: a spec of
 * fuzz_specs and a NUL), a byte: the random plies played first, 4 bytes: a
 * raw move value, the rest the text.
 * ag_move_from_text() either gives a move whose text parses back to it, or
 * AG_EPARSE with a message.  Any move value, parsed or raw, is legal exactly
 * when the legal list holds it; a legal one applies and undoes to the same
 * position, an illegal one is refused with the state untouched.
 */
#include "fuzz.h"

static fuzz_snap before;

/* Whether m is in the current legal list of the player to act (of player 0
 * at a simultaneous node, of chance at a chance node). */
static int listed(const ag_state *st, int p, ag_move m)
{
  ag_move mv[512];
  size_t n = 0, i;
  FUZZ_CHECK(ag_state_legal_moves(st, p, mv, 512, &n) == AG_OK, "legal_moves");
  for (i = 0; i < n; i++) if (mv[i] == m) return 1;
  return 0;
}

/* The checks every move value gets, whatever its origin. */
static void try_move(ag_state *st, const ag_game *g, ag_move m)
{
  char text[128], back[128];
  ag_move again;
  int p = ag_state_current_player(st), actor, legal, rc;
  size_t len = 0;
  rc = ag_move_to_text(g, m, text, sizeof text, &len);
  if (rc == AG_OK) {
    FUZZ_CHECK(len + 1 <= ag_game_limit(g, AG_LIMIT_MOVE_TEXT), "move text past the limit");
    FUZZ_CHECK(ag_move_from_text(g, text, &again) == AG_OK, "'%s' does not parse back", text);
    FUZZ_CHECK(ag_move_to_text(g, again, back, sizeof back, NULL) == AG_OK, "to_text");
    FUZZ_CHECK(strcmp(text, back) == 0, "'%s' came back as '%s'", text, back);
    FUZZ_CHECK(ag_move_info(g, m, NULL, NULL, NULL) == AG_OK, "a written move has no info");
  } else {
    FUZZ_CHECK(rc == AG_EINVAL, "move_to_text gave %d", rc);
  }
  if (p == AG_PLAYER_TERMINAL) {
    fuzz_snap_take(st, &before);
    FUZZ_CHECK(ag_state_apply(st, m) == AG_EPHASE, "apply at a terminal node");
    fuzz_snap_expect(st, &before, "apply at a terminal node");
    return;
  }
  actor = p == AG_PLAYER_SIMULTANEOUS ? 0 : p;
  legal = ag_state_is_legal(st, actor, m);
  FUZZ_CHECK(legal == listed(st, actor, m), "is_legal %d disagrees with the list", legal);
  fuzz_snap_take(st, &before);
  if (p == AG_PLAYER_SIMULTANEOUS) {
    ag_move joint[2] = {m, m};
    rc = ag_state_apply(st, m);
    FUZZ_CHECK(rc == AG_EPHASE, "single apply at a simultaneous node gave %d", rc);
    fuzz_snap_expect(st, &before, "refused apply");
    if (legal && ag_state_is_legal(st, 1, m) == 1) {
      FUZZ_CHECK(ag_state_apply_joint(st, joint, 2) == AG_OK, "joint of legal moves");
      FUZZ_CHECK(ag_state_undo(st) == AG_OK, "undo");
    } else {
      FUZZ_CHECK(ag_state_apply_joint(st, joint, 2) == AG_EILLEGAL, "joint of illegal moves");
    }
  } else if (legal) {
    FUZZ_CHECK(ag_state_apply(st, m) == AG_OK, "legal move refused");
    FUZZ_CHECK(ag_state_undo(st) == AG_OK, "undo");
  } else {
    FUZZ_CHECK(ag_state_apply(st, m) == AG_EILLEGAL, "illegal move not refused");
  }
  fuzz_snap_expect(st, &before, "apply and undo");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  const ag_game *g;
  ag_state *st = NULL;
  uint64_t rng;
  ag_move m = 0;
  char *text;
  size_t i;
  int rc;
  long spec = fuzz_spec_of(&data, &size);
  if (spec < 0 || size < 5) return 0;
  rng = data[0];
  g = fuzz_game((size_t)spec);
  FUZZ_CHECK(ag_state_new(g, &st) == AG_OK, "state");
  fuzz_advance(st, &rng, data[0] % 80);
  for (i = 1; i < 5; i++) m = m << 8 | data[i];
  try_move(st, g, m);
  text = fuzz_strndup(data + 5, size - 5);
  rc = ag_move_from_text(g, text, &m);
  if (rc == AG_OK) try_move(st, g, m);
  else {
    FUZZ_CHECK(rc == AG_EPARSE, "'%s' gave %d", text, rc);
    FUZZ_CHECK(ag_errmsg()[0] != '\0', "no message");
  }
  free(text);
  ag_state_free(st);
  return 0;
}
