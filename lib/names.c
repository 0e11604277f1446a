/* SPDX-License-Identifier: MIT */
/*
 * names.c -- printable names of the public codes (end reasons, outcomes,
 * move, piece, node and edge kinds), so that programs need no tables of
 * their own.  Each name is the constant's suffix in lower case
 * (AG_END_PLY_LIMIT -> "ply_limit"); the Python enums use the same suffix.
 * The tables are indexed by the code: codes are small, dense and never
 * renumbered, and a name is only ever appended.
 */
#include "ag_internal.h"

/* names[code], or NULL when code is outside 0..n-1 or has no name. */
static const char *lookup(const char *const *names, size_t n, int code)
{
  if (code < 0 || (size_t)code >= n) return NULL;
  return names[code];
}

#define LOOKUP(table, code) lookup(table, sizeof table / sizeof table[0], code)

AG_API const char *ag_end_reason_name(int reason)
{
  static const char *const names[] = {
    "none", "blocked", "captures", "owl", "score", "ply_limit", "repetition", "five",
    "all_taken",
  };
  return LOOKUP(names, reason);
}

AG_API const char *ag_outcome_name(int outcome)
{
  static const char *const names[] = { "ongoing", "win", "draw" };
  return LOOKUP(names, outcome);
}

AG_API const char *ag_move_kind_name(int kind)
{
  static const char *const names[] = {
    NULL, "step", "jump", "enter", "chance", "choice", "pass", "return",
  };
  return LOOKUP(names, kind);
}

AG_API const char *ag_piece_kind_name(int kind)
{
  static const char *const names[] = {
    NULL, "hare", "hunter", "stone", "owl", "fish", "stick",
  };
  return LOOKUP(names, kind);
}

AG_API const char *ag_node_kind_name(int kind)
{
  static const char *const names[] = { NULL, "point", "reserve", "prison", "goal" };
  return LOOKUP(names, kind);
}

AG_API const char *ag_edge_kind_name(int kind)
{
  static const char *const names[] = {
    NULL, "line", "diagonal", "track", "shortcut", "slide", "jump",
  };
  return LOOKUP(names, kind);
}

AG_API const char *ag_mark_kind_name(int kind)
{
  static const char *const names[] = { NULL, "frame", "pattern" };
  return LOOKUP(names, kind);
}

AG_API const char *ag_mark_shape_name(int shape)
{
  static const char *const names[] = { NULL, "segment", "rect", "circle", "polygon", "label" };
  return LOOKUP(names, shape);
}
