/* SPDX-License-Identifier: MIT */
/*
 * ag_internal.h -- what the core's files share; never installed.
 *
 * The game contract (the vtable, the move layout, the helpers a game may
 * call) is game.h, included here; this adds the state and its history, the
 * registry and the core's own helpers, which games do not use.
 */
#ifndef AG_INTERNAL_H
#define AG_INTERNAL_H

/* The game contract: the vtable, the move layout, the helpers a game calls. */
#include "game.h"

/* One history entry: the moves of the ply, then a snapshot of the position
 * before it (at offset ag__hist_offset). */
typedef struct ag__hist { ag_move moves[2]; uint32_t n; } ag__hist;

/* ag_state_set_record() replays into a scratch state and then swaps the two
 * structs whole, so every field here must belong to the position, its history
 * or its tags (nothing tied to the handle's identity). */
struct ag_state {
  const ag_game *game;
  size_t ply, cap, stride;
  unsigned char *hist;
  void *pos;                        /* vt->pos_size bytes, allocated with the state */
  /* The record's other tags (record.c): "name\0value\0" pairs in order,
   * tags_len bytes used of tags_cap; set only by ag_state_set_tag() and
   * ag_state_set_record(), copied by ag_state_copy(). */
  char *tags;
  size_t tags_len, tags_cap;
  /* A hash set of the tag names (record.c): offset of each name in tags + 1,
   * built by ag_state_set_tag() on demand and by a record read, read by
   * ag_state_tag() when up to date; tag_slot_ok = 0 when the tags changed
   * behind it (ag_state_copy(), a removal, a value of another length). */
  uint32_t *tag_slot;
  int tag_slot_ok;
};

/* Offset of the position snapshot in a history entry. */
#define AG__POS_OFFSET 16

/* The position the history starts from: the snapshot before the first ply,
 * or the current position when there is no history (api.c). */
const void *ag__state_start(const ag_state *st);

/* The buffer protocol of every *_text function (api.c): check_buf refuses a
 * NULL buffer with a non-zero capacity; finish_text NUL-terminates what fit,
 * stores the full length and fails with AG_EBUFS when it did not fit. */
int ag__check_buf(const void *buf, size_t cap);
int ag__finish_text(ag__buf *b, size_t *len);

/* Makes room for `need` bytes of tags in st (AG_ENOMEM, st unchanged, when
 * that fails) (api.c). */
int ag__tags_room(ag_state *st, size_t need);

/* The length (1..4) of the character at s (n bytes readable from s) when it is
 * a printable character of valid UTF-8: not a C0 or C1 control, not DEL, no
 * overlong form or surrogate; else 0 (so also for n == 0). */
size_t ag__utf8_len(const unsigned char *s, size_t n);
/* Whether the environment asks for the plain code paths (AG_CPU=generic):
 * read once per game by ag_game_new, so a game never changes its paths
 * (util.c). */
int ag__cpu_generic(void);

/* The number of online CPUs, at least 1 (util.c). */
int ag__cpu_count(void);

/* The action index (actions.c): built by ag_game_new after setup, freed by
 * ag_game_free; ag__action_of is m's action, or -1 when m is not a move of
 * the game. */
int ag__actions_build(ag_game *g);
long ag__action_of(const ag_game *g, ag_move m);

/* Registry (registry.c): the explicit table of games. */
const ag__vt *ag__find_game(const char *name, size_t len);
extern const ag__vt ag__hare_vt;
extern const ag__vt ag__liubo_sticks_vt;
extern const ag__vt ag__liubo_fingers_vt;
extern const ag__vt ag__fox_and_hens_vt;

/* Spec parsing (spec.c). */
int ag__spec_parse(const char *spec, const ag__vt **vt, int *opt);
void ag__spec_print(const ag__vt *vt, const int *opt, char *out, size_t cap);

/* Applies n moves (1, or 2 at a simultaneous node) known to be legal -- taken
 * from the state's own legal or chance list -- without checking them again:
 * records the ply in the history, then lets the game apply it (api.c).
 * AG_OK, or AG_ENOMEM when the history cannot grow. */
int ag__state_apply_trusted(ag_state *st, const ag_move *m, size_t n);

/* The state's history as the ag__past its playouts see (api.c). */
ag__past ag__state_past(const ag_state *st);

/* Test hook (tests/check_fast_paths): liubo_fingers' girth when its walk
 * search (the last steps as sets) agrees with the plain search in st's
 * position for every origin and count, 0 when it does not. */
int ag__lf_check_walks(const ag_state *st);

#endif /* AG_INTERNAL_H */
