/* SPDX-License-Identifier: MIT */
/*
 * tensor.c -- the dense action index and the observation tensor of every game,
 * for learning programs (OpenSpiel's conventions); the action index itself
 * is actions.c.
 *
 * The core knows no rules here either: a game lists its moves (all_moves), the
 * piece kinds and counters that describe its positions, and its own planes for
 * what those leave unsaid; this file numbers and lays them out.
 */
#include <stdlib.h>
#include <string.h>
#include "ag_internal.h"

/* ------------------------------------------------------------ observation */

#define TO_MOVE_PLANES 4

static const char *const to_move_names[TO_MOVE_PLANES] = {
  "to_move/0", "to_move/1", "to_move/chance", "to_move/simultaneous"
};

/* Plane names of each AG_PIECE_* kind (1..6) and owner. */
static const char *const piece_plane_names[7][2] = {
  {NULL, NULL},
  {"hare/0", "hare/1"},
  {"hunter/0", "hunter/1"},
  {"stone/0", "stone/1"},
  {"owl/0", "owl/1"},
  {"fish/0", "fish/1"},
  {"stick/0", "stick/1"},
};

static size_t num_planes(const ag__vt *vt)
{
  return 2 * (size_t)vt->num_piece_kinds + TO_MOVE_PLANES + (size_t)vt->num_counters +
         (size_t)vt->num_extra_planes;
}

AG_API int ag_game_observation_shape(const ag_game *g, size_t *planes, size_t *nodes)
{
  if (!g) return ag__fail(AG_EINVAL, "ag_game_observation_shape: game is NULL");
  if (planes) *planes = num_planes(g->vt);
  if (nodes) *nodes = (size_t)g->num_nodes;
  return AG_OK;
}

AG_API const char *ag_game_observation_plane(const ag_game *g, size_t plane)
{
  const ag__vt *vt;
  size_t pieces;
  if (!g || plane >= num_planes(g->vt)) return NULL;
  vt = g->vt;
  pieces = 2 * (size_t)vt->num_piece_kinds;
  if (plane < pieces) return piece_plane_names[vt->piece_kinds[plane / 2]][plane % 2];
  plane -= pieces;
  if (plane < TO_MOVE_PLANES) return to_move_names[plane];
  plane -= TO_MOVE_PLANES;
  if (plane < (size_t)vt->num_counters) return vt->counters[plane].name;
  return vt->extra_planes[plane - (size_t)vt->num_counters];
}

/* Fills plane [0, nodes) of out with v. */
static void fill(float *out, size_t nodes, float v)
{
  size_t i;
  for (i = 0; i < nodes; i++) out[i] = v;
}

AG_API int ag_state_observation(const ag_state *st, float *buf, size_t cap, size_t *len)
{
  const ag_game *g;
  const ag__vt *vt;
  size_t nodes, planes, need, pieces, k;
  int node, i, owner, kind, count, player, value;
  if (!st) return ag__fail(AG_EINVAL, "ag_state_observation: state is NULL");
  if (!buf && cap) return ag__fail(AG_EINVAL, "ag_state_observation: buf is NULL, cap %zu", cap);
  g = st->game, vt = g->vt;
  nodes = (size_t)g->num_nodes, planes = num_planes(vt), need = planes * nodes;
  if (len) *len = need;
  if (cap < need)
    return ag__fail(AG_EBUFS, "ag_state_observation: %zu floats needed, cap %zu", need, cap);
  memset(buf, 0, need * sizeof *buf);

  /* Pieces: plane 2k + owner for the k-th kind the game lists. */
  pieces = 2 * (size_t)vt->num_piece_kinds;
  for (node = 0; node < g->num_nodes; node++)
    for (i = 0; vt->piece(g, st->pos, node, i, &owner, &kind, &count) == 1; i++)
      for (k = 0; k < (size_t)vt->num_piece_kinds; k++)
        if (vt->piece_kinds[k] == kind && (owner == 0 || owner == 1))
          buf[(2 * k + (size_t)owner) * nodes + (size_t)node] += (float)count;

  player = vt->current_player(g, st->pos);
  k = player == 0 ? 0 : player == 1 ? 1 : player == AG_PLAYER_CHANCE ? 2
      : player == AG_PLAYER_SIMULTANEOUS ? 3 : TO_MOVE_PLANES;
  if (k < TO_MOVE_PLANES) fill(buf + (pieces + k) * nodes, nodes, 1.0f);

  for (k = 0; k < (size_t)vt->num_counters; k++) {
    value = 0;
    if (vt->info(g, st->pos, vt->counters[k].key, vt->counters[k].index, &value) != AG_OK)
      value = 0;
    fill(buf + (pieces + TO_MOVE_PLANES + k) * nodes, nodes, (float)value);
  }

  if (vt->num_extra_planes)
    vt->observe_extra(g, st->pos, buf + (pieces + TO_MOVE_PLANES + (size_t)vt->num_counters) * nodes,
                      nodes);
  return AG_OK;
}

AG_API int ag_state_action_mask(const ag_state *st, int player, unsigned char *mask,
                                size_t cap, size_t *len)
{
  ag_move mv[AG__MAX_MOVES];
  size_t n, i, need;
  long a;
  int rc;
  if (!st) return ag__fail(AG_EINVAL, "ag_state_action_mask: state is NULL");
  if (!mask && cap) return ag__fail(AG_EINVAL, "ag_state_action_mask: mask is NULL, cap %zu", cap);
  need = st->game->num_actions;
  if (len) *len = need;
  if ((rc = ag_state_legal_moves(st, player, mv, AG__MAX_MOVES, &n)) < 0) return rc;
  if (cap < need)
    return ag__fail(AG_EBUFS, "ag_state_action_mask: %zu bytes needed, cap %zu", need, cap);
  memset(mask, 0, need);
  for (i = 0; i < n; i++)
    if ((a = ag__action_of(st->game, mv[i])) >= 0) mask[a] = 1;
  return AG_OK;
}
