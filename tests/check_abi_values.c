/* SPDX-License-Identifier: MIT */
/*
 * check_abi_values.c -- golden values of every public constant.
 *
 * Constants are part of the ABI, but abidiff cannot see macros, nor enums
 * that are not reachable from a signature.  So each value is frozen here by
 * a compile-time assertion: changing a value breaks the build of this test,
 * and a reviewer sees the golden file change.  New constants are APPENDED
 * to the header and get their line here (tests/check-exports.sh fails when
 * a constant of the header has no line here).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "ancientgames.h"
#include "check_main.h"

/* Types of the ABI. */
_Static_assert(sizeof(ag_move) == 4, "ag_move must stay 32 bits");
_Static_assert((ag_move)-1 > 0, "ag_move must stay unsigned");
_Static_assert(sizeof(ag_limit) == sizeof(int), "ag_limit must stay int-sized");
_Static_assert(sizeof(ag_info) == sizeof(int), "ag_info must stay int-sized");

_Static_assert(AG_VERSION_MAJOR == 0, "AG_VERSION_MAJOR must stay 0");
_Static_assert(AG_VERSION_MINOR == 4, "this header is 0.4");
_Static_assert(AG_VERSION_PATCH == 0, "AG_VERSION_PATCH must stay 0");
_Static_assert(AG_VERSION_NUMBER == 0x000400, "AG_VERSION_NUMBER is 0x000400 for 0.4.0");

_Static_assert(AG_OK == 0, "AG_OK must stay 0");
_Static_assert(AG_ERROR == -1, "AG_ERROR must stay -1");
_Static_assert(AG_ENOMEM == -2, "AG_ENOMEM must stay -2");
_Static_assert(AG_EINVAL == -3, "AG_EINVAL must stay -3");
_Static_assert(AG_EBUFS == -4, "AG_EBUFS must stay -4");
_Static_assert(AG_EPARSE == -5, "AG_EPARSE must stay -5");
_Static_assert(AG_ENOTFOUND == -6, "AG_ENOTFOUND must stay -6");
_Static_assert(AG_EILLEGAL == -7, "AG_EILLEGAL must stay -7");
_Static_assert(AG_EPHASE == -8, "AG_EPHASE must stay -8");
_Static_assert(AG_EMISMATCH == -9, "AG_EMISMATCH must stay -9");
_Static_assert(AG_ECANCELED == -10, "AG_ECANCELED must stay -10");

_Static_assert(AG_PLAYER_CHANCE == -1, "AG_PLAYER_CHANCE must stay -1");
_Static_assert(AG_PLAYER_SIMULTANEOUS == -2, "AG_PLAYER_SIMULTANEOUS must stay -2");
_Static_assert(AG_PLAYER_NONE == -3, "AG_PLAYER_NONE must stay -3");
_Static_assert(AG_PLAYER_TERMINAL == -4, "AG_PLAYER_TERMINAL must stay -4");

_Static_assert(AG_GAME_CHANCE == 0x1u, "AG_GAME_CHANCE must stay 0x1u");
_Static_assert(AG_GAME_SIMULTANEOUS == 0x2u, "AG_GAME_SIMULTANEOUS must stay 0x2u");
_Static_assert(AG_GAME_ASYMMETRIC == 0x4u, "AG_GAME_ASYMMETRIC must stay 0x4u");
_Static_assert(AG_GAME_ZERO_SUM == 0x8u, "AG_GAME_ZERO_SUM must stay 0x8u");

_Static_assert(AG_NODE_POINT == 1, "AG_NODE_POINT must stay 1");
_Static_assert(AG_NODE_RESERVE == 2, "AG_NODE_RESERVE must stay 2");
_Static_assert(AG_NODE_PRISON == 3, "AG_NODE_PRISON must stay 3");
_Static_assert(AG_NODE_GOAL == 4, "AG_NODE_GOAL must stay 4");

_Static_assert(AG_EDGE_LINE == 1, "AG_EDGE_LINE must stay 1");
_Static_assert(AG_EDGE_DIAGONAL == 2, "AG_EDGE_DIAGONAL must stay 2");
_Static_assert(AG_EDGE_TRACK == 3, "AG_EDGE_TRACK must stay 3");
_Static_assert(AG_EDGE_SHORTCUT == 4, "AG_EDGE_SHORTCUT must stay 4");
_Static_assert(AG_EDGE_SLIDE == 5, "AG_EDGE_SLIDE must stay 5");
_Static_assert(AG_EDGE_JUMP == 6, "AG_EDGE_JUMP must stay 6");

_Static_assert(AG_MOVE_STEP == 1, "AG_MOVE_STEP must stay 1");
_Static_assert(AG_MOVE_JUMP == 2, "AG_MOVE_JUMP must stay 2");
_Static_assert(AG_MOVE_ENTER == 3, "AG_MOVE_ENTER must stay 3");
_Static_assert(AG_MOVE_CHANCE == 4, "AG_MOVE_CHANCE must stay 4");
_Static_assert(AG_MOVE_CHOICE == 5, "AG_MOVE_CHOICE must stay 5");
_Static_assert(AG_MOVE_PASS == 6, "AG_MOVE_PASS must stay 6");
_Static_assert(AG_MOVE_RETURN == 7, "AG_MOVE_RETURN must stay 7");

_Static_assert(AG_PIECE_HARE == 1, "AG_PIECE_HARE must stay 1");
_Static_assert(AG_PIECE_HUNTER == 2, "AG_PIECE_HUNTER must stay 2");
_Static_assert(AG_PIECE_STONE == 3, "AG_PIECE_STONE must stay 3");
_Static_assert(AG_PIECE_OWL == 4, "AG_PIECE_OWL must stay 4");
_Static_assert(AG_PIECE_FISH == 5, "AG_PIECE_FISH must stay 5");
_Static_assert(AG_PIECE_STICK == 6, "AG_PIECE_STICK must stay 6");

_Static_assert(AG_OUTCOME_ONGOING == 0, "AG_OUTCOME_ONGOING must stay 0");
_Static_assert(AG_OUTCOME_WIN == 1, "AG_OUTCOME_WIN must stay 1");
_Static_assert(AG_OUTCOME_DRAW == 2, "AG_OUTCOME_DRAW must stay 2");

_Static_assert(AG_END_NONE == 0, "AG_END_NONE must stay 0");
_Static_assert(AG_END_BLOCKED == 1, "AG_END_BLOCKED must stay 1");
_Static_assert(AG_END_CAPTURES == 2, "AG_END_CAPTURES must stay 2");
_Static_assert(AG_END_OWL == 3, "AG_END_OWL must stay 3");
_Static_assert(AG_END_SCORE == 4, "AG_END_SCORE must stay 4");
_Static_assert(AG_END_PLY_LIMIT == 5, "AG_END_PLY_LIMIT must stay 5");
_Static_assert(AG_END_REPETITION == 6, "AG_END_REPETITION must stay 6");
_Static_assert(AG_END_FIVE == 7, "AG_END_FIVE must stay 7");
_Static_assert(AG_END_ALL_TAKEN == 8, "AG_END_ALL_TAKEN must stay 8");

_Static_assert(AG_MOVE_NONE == 0, "AG_MOVE_NONE must stay 0");

_Static_assert(AG_LIMIT_LEGAL_MOVES == 1, "AG_LIMIT_LEGAL_MOVES must stay 1");
_Static_assert(AG_LIMIT_CHANCE_OUTCOMES == 2, "AG_LIMIT_CHANCE_OUTCOMES must stay 2");
_Static_assert(AG_LIMIT_PLIES == 3, "AG_LIMIT_PLIES must stay 3");
_Static_assert(AG_LIMIT_POSITION_TEXT == 4, "AG_LIMIT_POSITION_TEXT must stay 4");
_Static_assert(AG_LIMIT_MOVE_TEXT == 5, "AG_LIMIT_MOVE_TEXT must stay 5");
_Static_assert(AG_LIMIT_RENDER_TEXT == 6, "AG_LIMIT_RENDER_TEXT must stay 6");

_Static_assert(AG_INFO_PENDING_STEPS == 1, "AG_INFO_PENDING_STEPS must stay 1");
_Static_assert(AG_INFO_SCORE == 2, "AG_INFO_SCORE must stay 2");
_Static_assert(AG_INFO_CAPTURED == 3, "AG_INFO_CAPTURED must stay 3");
_Static_assert(AG_INFO_PRISONERS == 4, "AG_INFO_PRISONERS must stay 4");
_Static_assert(AG_INFO_COUNTER == 5, "AG_INFO_COUNTER must stay 5");
_Static_assert(AG_INFO_RESERVE == 6, "AG_INFO_RESERVE must stay 6");
_Static_assert(AG_INFO_CHAIN == 7, "AG_INFO_CHAIN must stay 7");
_Static_assert(AG_VEC_AUTORESET == 1u, "AG_VEC_AUTORESET must stay 1");
_Static_assert(AG_MARK_FRAME == 1, "AG_MARK_FRAME must stay 1");
_Static_assert(AG_MARK_PATTERN == 2, "AG_MARK_PATTERN must stay 2");
_Static_assert(AG_SHAPE_SEGMENT == 1, "AG_SHAPE_SEGMENT must stay 1");
_Static_assert(AG_SHAPE_RECT == 2, "AG_SHAPE_RECT must stay 2");
_Static_assert(AG_SHAPE_CIRCLE == 3, "AG_SHAPE_CIRCLE must stay 3");
_Static_assert(AG_SHAPE_POLYGON == 4, "AG_SHAPE_POLYGON must stay 4");
_Static_assert(AG_SHAPE_LABEL == 5, "AG_SHAPE_LABEL must stay 5");

/* The loaded library is the one this header describes. */
START_TEST(test_version_matches_header)
{
  char expect[32];

  ck_assert_uint_eq(ag_version(), AG_VERSION_NUMBER);
  snprintf(expect, sizeof expect, "%d.%d.%d",
           AG_VERSION_MAJOR, AG_VERSION_MINOR, AG_VERSION_PATCH);
  ck_assert_str_eq(ag_version_string(), expect);
}
END_TEST

/* Every error code has its own fixed name; unknown codes have a fallback. */
START_TEST(test_error_names)
{
  static const struct { int code; const char *name; } errors[] = {
    { AG_OK, "AG_OK" },           { AG_ERROR, "AG_ERROR" },
    { AG_ENOMEM, "AG_ENOMEM" },   { AG_EINVAL, "AG_EINVAL" },
    { AG_EBUFS, "AG_EBUFS" },     { AG_EPARSE, "AG_EPARSE" },
    { AG_ENOTFOUND, "AG_ENOTFOUND" }, { AG_EILLEGAL, "AG_EILLEGAL" },
    { AG_EPHASE, "AG_EPHASE" },   { AG_EMISMATCH, "AG_EMISMATCH" },
    { AG_ECANCELED, "AG_ECANCELED" },
  };
  size_t i;

  for (i = 0; i < sizeof errors / sizeof errors[0]; i++)
    ck_assert_str_eq(ag_strerror(errors[i].code), errors[i].name);
  ck_assert_str_eq(ag_strerror(-12345), "unknown error");
  ck_assert_ptr_nonnull(ag_errmsg());
}
END_TEST

/* Every public code has its fixed printable name (the constant's suffix in
 * lower case), and every value around the defined ones gives NULL. */
typedef const char *(*name_fn)(int);
struct code_name { int code; const char *name; };

static void check_names(const char *what, name_fn fn, const struct code_name *t, size_t n)
{
  static const int outside[] = { -1, -2, 100, 255, 256, 2147483647, -2147483647 - 1 };
  size_t i, j;
  int lo = t[0].code, hi = t[0].code;

  for (i = 0; i < n; i++) {
    ck_assert_msg(fn(t[i].code) != NULL, "%s(%d) is NULL", what, t[i].code);
    ck_assert_str_eq(fn(t[i].code), t[i].name);
    ck_assert_ptr_eq(fn(t[i].code), fn(t[i].code)); /* static, not rebuilt */
    if (t[i].code < lo) lo = t[i].code;
    if (t[i].code > hi) hi = t[i].code;
  }
  ck_assert_msg(fn(lo - 1) == NULL, "%s(%d) is not NULL", what, lo - 1);
  ck_assert_msg(fn(hi + 1) == NULL, "%s(%d) is not NULL", what, hi + 1);
  for (j = 0; j < sizeof outside / sizeof outside[0]; j++)
    ck_assert_msg(fn(outside[j]) == NULL, "%s(%d) is not NULL", what, outside[j]);
}

#define CHECK_NAMES(fn, table) check_names(#fn, fn, table, sizeof table / sizeof table[0])

START_TEST(test_code_names)
{
  static const struct code_name ends[] = {
    { AG_END_NONE, "none" },           { AG_END_BLOCKED, "blocked" },
    { AG_END_CAPTURES, "captures" },   { AG_END_OWL, "owl" },
    { AG_END_SCORE, "score" },         { AG_END_PLY_LIMIT, "ply_limit" },
    { AG_END_REPETITION, "repetition" }, { AG_END_FIVE, "five" },
    { AG_END_ALL_TAKEN, "all_taken" },
  };
  static const struct code_name outcomes[] = {
    { AG_OUTCOME_ONGOING, "ongoing" }, { AG_OUTCOME_WIN, "win" }, { AG_OUTCOME_DRAW, "draw" },
  };
  static const struct code_name moves[] = {
    { AG_MOVE_STEP, "step" },     { AG_MOVE_JUMP, "jump" },     { AG_MOVE_ENTER, "enter" },
    { AG_MOVE_CHANCE, "chance" }, { AG_MOVE_CHOICE, "choice" }, { AG_MOVE_PASS, "pass" },
    { AG_MOVE_RETURN, "return" },
  };
  static const struct code_name pieces[] = {
    { AG_PIECE_HARE, "hare" }, { AG_PIECE_HUNTER, "hunter" }, { AG_PIECE_STONE, "stone" },
    { AG_PIECE_OWL, "owl" },   { AG_PIECE_FISH, "fish" },     { AG_PIECE_STICK, "stick" },
  };
  static const struct code_name nodes[] = {
    { AG_NODE_POINT, "point" }, { AG_NODE_RESERVE, "reserve" },
    { AG_NODE_PRISON, "prison" }, { AG_NODE_GOAL, "goal" },
  };
  static const struct code_name edges[] = {
    { AG_EDGE_LINE, "line" },         { AG_EDGE_DIAGONAL, "diagonal" },
    { AG_EDGE_TRACK, "track" },       { AG_EDGE_SHORTCUT, "shortcut" },
    { AG_EDGE_SLIDE, "slide" },       { AG_EDGE_JUMP, "jump" },
  };
  static const struct code_name mark_kinds[] = {
    { AG_MARK_FRAME, "frame" }, { AG_MARK_PATTERN, "pattern" },
  };
  static const struct code_name mark_shapes[] = {
    { AG_SHAPE_SEGMENT, "segment" }, { AG_SHAPE_RECT, "rect" },
    { AG_SHAPE_CIRCLE, "circle" },   { AG_SHAPE_POLYGON, "polygon" },
    { AG_SHAPE_LABEL, "label" },
  };

  CHECK_NAMES(ag_end_reason_name, ends);
  CHECK_NAMES(ag_outcome_name, outcomes);
  CHECK_NAMES(ag_move_kind_name, moves);
  CHECK_NAMES(ag_piece_kind_name, pieces);
  CHECK_NAMES(ag_node_kind_name, nodes);
  CHECK_NAMES(ag_edge_kind_name, edges);
  CHECK_NAMES(ag_mark_kind_name, mark_kinds);
  CHECK_NAMES(ag_mark_shape_name, mark_shapes);
  ck_assert_ptr_null(ag_move_kind_name(AG_MOVE_NONE)); /* a move value, not a kind */
}
END_TEST

/* ag_game_limit() answers every selector of the enum and, as documented, 0
 * for a selector outside it (the neighbours of the range included) and for a
 * NULL game.  Every bound is positive, except AG_LIMIT_PLIES (0: unbounded)
 * and AG_LIMIT_CHANCE_OUTCOMES for a game without chance. */
START_TEST(test_limit_selectors)
{
  static const int outside[] = { 0, -1, AG_LIMIT_RENDER_TEXT + 1, 99, -2147483647 - 1 };
  size_t gi, i;

  ck_assert_uint_eq(ag_game_limit(NULL, AG_LIMIT_LEGAL_MOVES), 0);
  for (gi = 0; gi < ag_game_count(); gi++) {
    ag_game *g = NULL;
    int chance;

    ck_assert_int_eq(ag_game_new(ag_game_name_at(gi), &g), AG_OK);
    chance = (ag_game_flags(g) & AG_GAME_CHANCE) != 0;
    ck_assert_uint_gt(ag_game_limit(g, AG_LIMIT_LEGAL_MOVES), 0);
    ck_assert_uint_eq(ag_game_limit(g, AG_LIMIT_CHANCE_OUTCOMES) > 0, chance);
    ck_assert_uint_gt(ag_game_limit(g, AG_LIMIT_POSITION_TEXT), 0);
    ck_assert_uint_gt(ag_game_limit(g, AG_LIMIT_MOVE_TEXT), 0);
    ck_assert_uint_gt(ag_game_limit(g, AG_LIMIT_RENDER_TEXT), 0);
    for (i = 0; i < sizeof outside / sizeof outside[0]; i++)
      ck_assert_uint_eq(ag_game_limit(g, (ag_limit)outside[i]), 0);
    ag_game_free(g);
  }
}
END_TEST

/* The suite: one case, so the golden file shows up in the test count. */
static Suite *abi_values_suite(void)
{
  Suite *s = suite_create("abi_values");
  TCase *tc = tcase_create("golden");

  tcase_add_test(tc, test_version_matches_header);
  tcase_add_test(tc, test_error_names);
  tcase_add_test(tc, test_code_names);
  tcase_add_test(tc, test_limit_selectors);
  suite_add_tcase(s, tc);
  return s;
}

int main(void)
{
  return ag_test_run(abi_values_suite());
}
