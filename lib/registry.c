/* SPDX-License-Identifier: MIT */
/*
 * registry.c -- the explicit, constant table of built-in games.  No
 * constructor tricks: a static link keeps every game because this table
 * names them.
 */
#include <string.h>
#include "ag_internal.h"

static const ag__vt *const ag__games[] = {
  &ag__liubo_sticks_vt,
  &ag__liubo_fingers_vt,
  &ag__hare_vt,
  &ag__fox_and_hens_vt,
};

#define AG__NUM_GAMES (sizeof ag__games / sizeof ag__games[0])

/* The number of built-in games. */
AG_API size_t ag_game_count(void) { return AG__NUM_GAMES; }

/* The name of game i of the table, NULL past the end. */
AG_API const char *ag_game_name_at(size_t i)
{
  return i < AG__NUM_GAMES ? ag__games[i]->name : NULL;
}

/* The game whose name is exactly the len bytes at name, or NULL. */
const ag__vt *ag__find_game(const char *name, size_t len)
{
  size_t i;
  for (i = 0; i < AG__NUM_GAMES; i++)
    if (strlen(ag__games[i]->name) == len && strncmp(ag__games[i]->name, name, len) == 0)
      return ag__games[i];
  return NULL;
}
