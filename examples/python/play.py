#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""play.py -- play a game against the computer in the terminal.

    play.py [SPEC] [--human 0|1] [--seed N] [--ai PARAMS]

SPEC defaults to "hare"; you play side 0 (e.g. the hunters) unless --human 1.
At your turn type a move's number or its notation (c3-d4, 2+3, ...),
"moves" to list them again, "undo" to take back your last move, "quit" to stop.
Stick throws are drawn from the seeded RNG; at a finger round you choose
first, without seeing the computer's choice (it does not see yours either).
The computer uses the library's AI (ag_ai_choose_player with --ai PARAMS,
default "ai", the strongest player of the game).
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, os.pardir,
                                "python"))
import ancientgames as ag  # noqa: E402


def computer_move(state, player, rng, args):
    """The computer's choice for `player` now."""
    return ag.ai_choose(state, args.ai, rng=rng, player=player)


def ask(state, player):
    """Reads the human's move; returns a move, "undo", or None to quit."""
    game = state.game
    moves = state.legal_moves(player)
    texts = [game.move_to_text(m) for m in moves]

    def show():
        print("  ".join("%d:%s" % (i + 1, t) for i, t in enumerate(texts)))
    show()
    while True:
        try:
            line = input("%s> " % game.players[player]).strip()
        except EOFError:
            print()
            return None
        if line in ("quit", "q"):
            return None
        if line == "undo":
            return "undo"
        if line in ("moves", "?", ""):
            show()
            continue
        if line.isdigit() and 1 <= int(line) <= len(moves):
            return moves[int(line) - 1]
        try:
            m = game.move_from_text(line)
        except ag.ParseError as e:
            print("  %s" % e)
            continue
        if m in moves:
            return m
        print("  %s is not legal now" % line)


def take_back(state, human):
    """Undoes plies until it is the human's turn again (at least one ply)."""
    if state.ply == 0:
        print("  nothing to undo")
        return
    state.undo()
    while state.ply and state.current_player not in (human, ag.AG_PLAYER_SIMULTANEOUS):
        state.undo()


def main():
    ap = argparse.ArgumentParser(description="Play against the computer.")
    ap.add_argument("spec", nargs="?", default="hare")
    ap.add_argument("--human", type=int, choices=(0, 1), default=0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ai", default="ai")
    args = ap.parse_args()
    try:
        game = ag.Game(args.spec)
    except ag.Error as e:
        print("play: %s" % e, file=sys.stderr)
        return 1
    state, rng, human = game.new_state(), ag.Rng(args.seed), args.human
    print("You play %s against the computer (%s)." % (game.players[human], game.spec))
    while not state.is_terminal:
        print()
        print(state)
        player = state.current_player
        if player == ag.AG_PLAYER_CHANCE:
            m = state.sample_chance(rng)
            print("throw: %s" % game.move_to_text(m))
            state.apply(m)
            continue
        simultaneous = player == ag.AG_PLAYER_SIMULTANEOUS
        if simultaneous or player == human:
            m = ask(state, human)
            if m is None:
                return 0
            if m == "undo":
                take_back(state, human)
                continue
        if simultaneous:
            theirs = computer_move(state, 1 - human, rng, args)
            joint = [None, None]
            joint[human], joint[1 - human] = m, theirs
            print("you: %s   computer: %s" % (game.move_to_text(m), game.move_to_text(theirs)))
            state.apply_joint(joint)
            continue
        if player != human:
            m = computer_move(state, player, rng, args)
            print("computer (%s) plays %s" % (game.players[player], game.move_to_text(m)))
        state.apply(m)
    print()
    print(state)
    outcome = state.outcome
    end = ag.End(outcome.reason).name.lower()
    if outcome.outcome == ag.AG_OUTCOME_WIN:
        print("%s (%s) win: %s" % (game.players[outcome.winner],
                                   "you" if outcome.winner == human else "the computer", end))
    else:
        print("draw: %s" % end)
    return 0


if __name__ == "__main__":
    sys.exit(main())
