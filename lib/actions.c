/* SPDX-License-Identifier: MIT */
/*
 * actions.c -- the dense action index of every game (OpenSpiel's
 * convention): every move a game's all_moves lists, sorted and numbered,
 * built once by ag_game_new.  It needs no state, so the core (api.c) builds
 * it without needing the tensors (tensor.c), which need the core.
 */
#include <stdlib.h>
#include "ag_internal.h"

static int cmp_move(const void *a, const void *b)
{
  ag_move x = *(const ag_move *)a, y = *(const ag_move *)b;
  return (x > y) - (x < y);
}

int ag__actions_build(ag_game *g)
{
  ag_move *all = malloc(AG__MAX_ACTIONS * sizeof *all);
  size_t n, i, k;
  if (!all) return ag__fail(AG_ENOMEM, "ag_game_new: out of memory");
  n = g->vt->all_moves(g, all);
  qsort(all, n, sizeof *all, cmp_move);
  for (i = k = 0; i < n; i++)           /* unique: a game may list a move twice */
    if (k == 0 || all[k - 1] != all[i]) all[k++] = all[i];
  g->actions = realloc(all, (k ? k : 1) * sizeof *all);
  if (!g->actions) g->actions = all;    /* shrinking failed: keep the larger block */
  g->num_actions = k;
  return AG_OK;
}

AG_API size_t ag_game_num_actions(const ag_game *g)
{
  return g ? g->num_actions : 0;
}

AG_API int ag_game_action_move(const ag_game *g, size_t action, ag_move *out)
{
  if (!g || !out) return ag__fail(AG_EINVAL, "ag_game_action_move: game or out is NULL");
  if (action >= g->num_actions)
    return ag__fail(AG_EINVAL, "ag_game_action_move: action %zu out of range 0..%zu", action,
                    g->num_actions - 1);
  *out = g->actions[action];
  return AG_OK;
}

long ag__action_of(const ag_game *g, ag_move m)
{
  size_t lo = 0, hi = g->num_actions;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (g->actions[mid] < m) lo = mid + 1;
    else hi = mid;
  }
  return lo < g->num_actions && g->actions[lo] == m ? (long)lo : -1;
}

AG_API int ag_game_move_action(const ag_game *g, ag_move m, size_t *out)
{
  long a;
  if (!g || !out) return ag__fail(AG_EINVAL, "ag_game_move_action: game or out is NULL");
  if ((a = ag__action_of(g, m)) < 0)
    return ag__fail(AG_EINVAL, "ag_game_move_action: 0x%08x is not a move of %s", (unsigned)m,
                    g->vt->name);
  *out = (size_t)a;
  return AG_OK;
}
