/* SPDX-License-Identifier: MIT */
/*
 * fuzz_spec.c -- game specs: ag_game_new() of any bytes either makes a game
 * whose canonical spec makes an identical game (and whose initial position
 * round-trips through text), or fails with a documented code, a message and
 * no game.
 */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  char *spec = fuzz_strndup(data, size);
  ag_game *g = (ag_game *)&spec, *h = NULL;
  int rc = ag_game_new(spec, &g);
  if (rc == AG_OK) {
    ag_state *st = NULL, *back = NULL;
    char text[8192];
    size_t len = 0;
    FUZZ_CHECK(g != NULL, "'%s': AG_OK without a game", spec);
    FUZZ_CHECK(ag_game_new(ag_game_spec(g), &h) == AG_OK, "canonical '%s' refused", ag_game_spec(g));
    FUZZ_CHECK(strcmp(ag_game_spec(g), ag_game_spec(h)) == 0, "'%s' != '%s'",
               ag_game_spec(g), ag_game_spec(h));
    FUZZ_CHECK(strcmp(ag_game_name(g), ag_game_name(h)) == 0, "names differ");
    FUZZ_CHECK(ag_game_limit(g, AG_LIMIT_POSITION_TEXT) <= sizeof text, "huge position text");
    FUZZ_CHECK(ag_state_new(g, &st) == AG_OK, "no state for '%s'", spec);
    FUZZ_CHECK(ag_state_new(h, &back) == AG_OK, "no state");
    FUZZ_CHECK(ag_state_to_text(st, text, sizeof text, &len) == AG_OK, "to_text");
    FUZZ_CHECK(len + 1 <= ag_game_limit(g, AG_LIMIT_POSITION_TEXT), "text longer than its limit");
    FUZZ_CHECK(ag_state_set_text(back, text) == AG_OK, "initial text '%s' refused", text);
    FUZZ_CHECK(ag_state_hash(back) == ag_state_hash(st), "hash differs after the round trip");
    ag_state_free(back);
    ag_state_free(st);
    ag_game_free(h);
    ag_game_free(g);
  } else {
    FUZZ_CHECK(fuzz_parse_error(rc), "'%s' gave %d", spec, rc);
    FUZZ_CHECK(g == NULL, "'%s' failed but set a game", spec);
    FUZZ_CHECK(ag_errmsg()[0] != '\0', "'%s' failed without a message", spec);
  }
  free(spec);
  return 0;
}
