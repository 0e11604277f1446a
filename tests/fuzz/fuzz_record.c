/* SPDX-License-Identifier: MIT */
/*
 * fuzz_record.c -- game records.  Input: the game (fuzz_spec_of), a byte: the
 * random plies the state has played (its history and a tag, kept on a
 * failure), the rest is the record text.  ag_state_set_record() either
 * accepts it -- then the record the state writes is a fixed point (reads
 * back to the same position, history and record), and undoing every ply
 * reaches the start text -- or fails with a documented code, a message
 * naming the line and byte, and the state (position, history, record)
 * exactly as it was.
 */
#include "fuzz.h"

static fuzz_snap before, after;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  const ag_game *g;
  ag_state *st = NULL, *back = NULL;
  uint64_t rng;
  char *text, *rec0, *rec1, *rec2, start[8192];
  long spec = fuzz_spec_of(&data, &size);
  int rc;
  if (spec < 0 || size < 1) return 0;
  rng = data[0];
  g = fuzz_game((size_t)spec);
  FUZZ_CHECK(ag_state_new(g, &st) == AG_OK && ag_state_new(g, &back) == AG_OK, "state");
  fuzz_advance(st, &rng, data[0] % 40);
  FUZZ_CHECK(ag_state_set_tag(st, "Event", "fuzz") == AG_OK, "set_tag");
  text = fuzz_strndup(data + 1, size - 1);
  fuzz_snap_take(st, &before);
  rec0 = fuzz_record_of(st);
  rc = ag_state_set_record(st, text);
  if (rc == AG_OK) {
    size_t n;
    rec1 = fuzz_record_of(st);
    fuzz_snap_take(st, &after);
    FUZZ_CHECK(ag_state_set_record(back, rec1) == AG_OK, "own record refused:\n%s", rec1);
    fuzz_snap_expect(back, &after, "record round trip");
    rec2 = fuzz_record_of(back);
    FUZZ_CHECK(strcmp(rec1, rec2) == 0, "record is not a fixed point:\n%s\n---\n%s", rec1, rec2);
    FUZZ_CHECK(ag_state_start_text(st, start, sizeof start, NULL) == AG_OK, "start_text");
    for (n = ag_state_ply(st); n > 0; n--) FUZZ_CHECK(ag_state_undo(st) == AG_OK, "undo");
    fuzz_snap_take(st, &after);
    FUZZ_CHECK(strcmp(after.text, start) == 0, "undo to the start gives '%s', start '%s'",
               after.text, start);
    free(rec2);
    free(rec1);
  } else {
    FUZZ_CHECK(rc == AG_EPARSE || rc == AG_EMISMATCH || rc == AG_EILLEGAL, "record gave %d", rc);
    FUZZ_CHECK(strncmp(ag_errmsg(), "record line ", 12) == 0, "message '%s'", ag_errmsg());
    fuzz_snap_expect(st, &before, "failed set_record");
    rec1 = fuzz_record_of(st);
    FUZZ_CHECK(strcmp(rec0, rec1) == 0, "failed set_record changed the record");
    free(rec1);
  }
  free(rec0);
  free(text);
  ag_state_free(back);
  ag_state_free(st);
  return 0;
}
