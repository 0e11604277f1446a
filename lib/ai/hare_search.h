/*
 * hare_search.h -- the hare hunt's alpha-beta player (lib/ai/hare_search.c),
 * used by the "mcts" player of players.c for the game whose vtable is
 * ag__hare_vt.  Internal, not exported: the public face is ag_ai_choose()
 * and ag_ai_choose_player() of ancientgames.h.
 */
#ifndef HARE_SEARCH_H
#define HARE_SEARCH_H

#include <stdint.h>
#include "ancientgames.h"

/* Chooses the move of the player to act (0 or 1) in the hare-hunt state st
 * by iterative-deepening alpha-beta: `iterations' is the mcts parameter (the
 * node budget is a fixed multiple of it), `contempt' how much less than even
 * the searcher values a draw (0 .. 0.5); equal best moves are drawn with rng.
 * Internal, not exported.  Returns AG_OK with the move in *out, AG_EPHASE
 * when the player has no move, AG_ENOMEM, or an error of ag_state_clone. */
int ag__hare_search_choose(const ag_state *st, long iterations, double contempt, uint64_t *rng,
                           ag_move *out);

#endif
