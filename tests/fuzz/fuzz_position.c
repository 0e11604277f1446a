/* SPDX-License-Identifier: MIT */
/*
 * fuzz_position.c -- position text for every game.  Input: the game
 * (fuzz_spec_of: a spec of fuzz_specs and a NUL), then a byte: how many random plies the state plays first (so
 * that it has a history to keep), the rest is the text.  ag_state_set_text()
 * either accepts it -- then the canonical text is a fixed point, the hash
 * survives the round trip, and the position can be played on -- or fails
 * with AG_EPARSE, a message naming the byte, and the state untouched.
 */
#include "fuzz.h"

static fuzz_snap before, after;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  const ag_game *g;
  ag_state *st = NULL, *probe = NULL;
  uint64_t rng;
  char *text;
  long spec = fuzz_spec_of(&data, &size);
  int rc;
  if (spec < 0 || size < 1) return 0;
  rng = data[0];
  g = fuzz_game((size_t)spec);
  FUZZ_CHECK(ag_state_new(g, &st) == AG_OK && ag_state_new(g, &probe) == AG_OK, "state");
  fuzz_advance(st, &rng, data[0] % 64);
  text = fuzz_strndup(data + 1, size - 1);
  fuzz_snap_take(st, &before);
  rc = ag_state_set_text(st, text);
  if (rc == AG_OK) {
    char again[8192], render[16384];
    uint64_t hash = ag_state_hash(st);
    size_t len = 0;
    int p;
    FUZZ_CHECK(ag_state_ply(st) == 0, "set_text kept a history");
    fuzz_snap_take(st, &after);
    FUZZ_CHECK(strlen(after.text) + 1 <= ag_game_limit(g, AG_LIMIT_POSITION_TEXT),
               "'%s' longer than the limit", after.text);
    FUZZ_CHECK(ag_state_set_text(probe, after.text) == AG_OK, "canonical '%s' refused", after.text);
    FUZZ_CHECK(ag_state_to_text(probe, again, sizeof again, NULL) == AG_OK, "to_text");
    FUZZ_CHECK(strcmp(again, after.text) == 0, "'%s' is not a fixed point ('%s')", after.text, again);
    FUZZ_CHECK(ag_state_hash(probe) == hash, "hash differs after the round trip of '%s'", again);
    FUZZ_CHECK(ag_state_equal(probe, st) == 1, "round trip not equal");
    FUZZ_CHECK(ag_state_render(st, render, sizeof render, &len) == AG_OK, "render");
    FUZZ_CHECK(len + 1 <= ag_game_limit(g, AG_LIMIT_RENDER_TEXT), "render past its limit");
    p = ag_state_current_player(st);
    FUZZ_CHECK(p >= AG_PLAYER_TERMINAL && p <= 1, "current player %d", p);
    FUZZ_CHECK((p == AG_PLAYER_TERMINAL) == (ag_state_outcome(st, NULL, NULL) != AG_OUTCOME_ONGOING),
               "terminal and outcome disagree");
    ag_state_playout(st, &rng, 200, NULL, NULL, NULL);
    fuzz_snap_expect(st, &after, "playout");
    fuzz_advance(st, &rng, 8);
    while (ag_state_ply(st) > 0) FUZZ_CHECK(ag_state_undo(st) == AG_OK, "undo");
    fuzz_snap_expect(st, &after, "undo back to the set text");
  } else {
    FUZZ_CHECK(rc == AG_EPARSE, "'%s' gave %d", text, rc);
    FUZZ_CHECK(strstr(ag_errmsg(), "byte") != NULL, "no byte offset: %s", ag_errmsg());
    fuzz_snap_expect(st, &before, "failed set_text");
  }
  free(text);
  ag_state_free(probe);
  ag_state_free(st);
  return 0;
}
