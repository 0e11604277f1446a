#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""random_game.py -- one seeded random game, printed ply by ply.

    random_game.py [SPEC] [SEED]         (defaults: hare 42)

Uses the library's reference random player (the same game as
ag_state_playout() with that seed): at a decision node a uniform legal move,
at a chance node ag_state_sample_chance(), at a simultaneous node one draw
for player 0 then one for player 1.  Needs the ancientgames module on
PYTHONPATH (python/ in the source tree) and the library (ANCIENTGAMES_LIB).
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, os.pardir,
                                "python"))
import ancientgames as ag  # noqa: E402


def who(game, player):
    """A printable name for a player code."""
    if player >= 0:
        return game.players[player]
    return {ag.AG_PLAYER_CHANCE: "chance", ag.AG_PLAYER_SIMULTANEOUS: "both"}[player]


def main(argv):
    spec = argv[1] if len(argv) > 1 else "hare"
    seed = int(argv[2]) if len(argv) > 2 else 42
    try:
        game = ag.Game(spec)
    except ag.Error as e:
        print("random_game: %s" % e, file=sys.stderr)
        return 1
    state, rng = game.new_state(), ag.Rng(seed)
    print(state)
    while not state.is_terminal:
        player = state.current_player
        if player == ag.AG_PLAYER_SIMULTANEOUS:
            moves = [rng.choice(state.legal_moves(p)) for p in range(game.num_players)]
            text = " / ".join(game.move_to_text(m) for m in moves)
            state.apply_joint(moves)
        else:
            move = state.sample_chance(rng) if player == ag.AG_PLAYER_CHANCE \
                else rng.choice(state.legal_moves())
            text = game.move_to_text(move)
            state.apply(move)
        print("%4d  %-8s %s" % (state.ply, who(game, player), text))
    outcome = state.outcome
    print()
    print(state)
    end = ag.End(outcome.reason).name.lower()
    if outcome.outcome == ag.AG_OUTCOME_WIN:
        print("%s wins (%s) after %d plies" % (game.players[outcome.winner], end, state.ply))
    else:
        print("draw (%s) after %d plies" % (end, state.ply))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
