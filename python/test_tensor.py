#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Tests of ancientgames.tensor: actions, masks and observations from Python."""
import os
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ancientgames as ag  # noqa: E402
from ancientgames import tensor  # noqa: E402

try:
    import numpy
except ImportError:  # pragma: no cover
    numpy = None


def random_game(game, seed, plies=80):
    """Yields the states of a seeded random game (the same State object)."""
    st = game.new_state()
    rng = ag.Rng(seed)
    for _ in range(plies):
        if st.is_terminal:
            return
        yield st
        p = st.current_player
        if p == ag.AG_PLAYER_CHANCE:
            st.apply(st.sample_chance(rng))
        elif p == ag.AG_PLAYER_SIMULTANEOUS:
            st.apply_joint([rng.choice(st.legal_moves(q)) for q in (0, 1)])
        else:
            st.apply(rng.choice(st.legal_moves()))


class ActionTest(unittest.TestCase):
    def test_actions_round_trip(self):
        for name in ag.game_names():
            g = ag.Game(name)
            n = g.num_actions
            moves = [g.action_move(a) for a in range(n)]
            self.assertEqual(moves, sorted(set(moves)), name)
            self.assertEqual([g.move_action(m) for m in moves], list(range(n)))
            with self.assertRaises(ag.Error) as e:
                g.action_move(n)
            self.assertEqual(e.exception.code, ag.AG_EINVAL)
            with self.assertRaises(ag.Error) as e:
                g.move_action(moves[-1] + 1)      # above every move of the game
            self.assertEqual(e.exception.code, ag.AG_EINVAL)

    def test_ranges_and_types_as_the_package(self):
        """Out-of-range ints raise the package's RangeError (as Game.move_to_text
        does), non-integers TypeError; action_move gives a Move of the game."""
        g = ag.Game("hare")
        st = g.new_state()
        for bad in (-1, 2 ** 64):
            with self.assertRaises(ag.RangeError):
                g.action_move(bad)
        for bad in (-1, 2 ** 32):
            with self.assertRaises(ag.RangeError):
                g.move_action(bad)
            with self.assertRaises(ag.RangeError):
                g.move_to_text(bad)              # the same error as the rest of the package
        for bad in (2 ** 31, -2 ** 31 - 1):
            with self.assertRaises(ag.RangeError):
                st.action_mask(bad)
        with self.assertRaises(TypeError):
            g.action_move(1.0)
        with self.assertRaises(TypeError):
            g.move_action(94.0)
        with self.assertRaises(TypeError):
            st.action_mask(0.0)
        m = g.action_move(94)
        self.assertIsInstance(m, ag.Move)
        self.assertIs(m.game, g)
        self.assertEqual(str(m), "a3-a4")
        self.assertEqual(m, g.move_from_text("a3-a4"))
        self.assertIsInstance(tensor.action_move(g, 94), ag.Move)
        self.assertEqual(g.move_action(m), 94)

    def test_hare_counts_and_text(self):
        g = ag.Game("hare")
        self.assertEqual(g.num_actions, 1 + 2 * len(g.edges) + 80)
        self.assertEqual(g.action_move(g.move_action("a3-a4")), g.move_from_text("a3-a4"))

    def test_mask_is_the_legal_list(self):
        for name in ag.game_names():
            g = ag.Game(name)
            for st in random_game(g, 5):
                players = (0, 1) if st.current_player == ag.AG_PLAYER_SIMULTANEOUS else (None,)
                for p in players:
                    mask = st.action_mask(p, numpy=False)
                    legal = st.legal_moves(p)
                    self.assertEqual([g.action_move(a) for a, v in enumerate(mask) if v],
                                     sorted(legal))


class ObservationTest(unittest.TestCase):
    def test_shape_names_and_lists(self):
        g = ag.Game("liubo_fingers")
        planes, nodes = g.observation_shape
        self.assertEqual(nodes, len(g.nodes))
        names = g.observation_planes
        self.assertEqual(len(names), planes)
        self.assertEqual(names[:2], ["stone/0", "stone/1"])
        obs = g.new_state().observation(numpy=False)
        self.assertEqual(len(obs), planes)
        self.assertTrue(all(len(row) == nodes for row in obs))
        # at the start: six stones a side on the board (flat on the start corners)
        self.assertEqual(sum(obs[0]) + sum(obs[1]), 12)
        self.assertEqual(obs[names.index("to_move/simultaneous")], [1.0] * nodes)

    def test_numpy_arrays(self):
        if numpy is None:   # this Python has no NumPy: try Debian's (python3-numpy)
            exe = "/usr/bin/python3"
            if exe == sys.executable or not os.path.exists(exe) or subprocess.call(
                    [exe, "-c", "import numpy"], stderr=subprocess.DEVNULL) != 0:
                self.skipTest("NumPy is not installed (apt-get install python3-numpy)")
            out = subprocess.run([exe, os.path.abspath(__file__), "ObservationTest.test_numpy_arrays"],
                                 capture_output=True, text=True, timeout=600)
            self.assertEqual(out.returncode, 0, out.stderr[-3000:])
            self.assertNotIn("skipped", out.stderr)
            return
        g = ag.Game("hare")
        st = g.new_state()
        obs = st.observation()
        self.assertEqual(obs.shape, g.observation_shape)
        self.assertEqual(obs.dtype, numpy.float32)
        self.assertEqual(obs[g.observation_planes.index("hunter/0")].sum(), 12)
        mask = st.action_mask()
        self.assertEqual(mask.dtype, numpy.uint8)
        self.assertEqual(int(mask.sum()), len(st.legal_moves()))

    def test_distinct_positions_distinct_tensors(self):
        for name in ag.game_names():
            g = ag.Game(name)
            seen = {}
            for seed in range(4):
                for st in random_game(g, seed):
                    key = tuple(v for row in st.observation(numpy=False) for v in row)
                    text = st.to_text()
                    self.assertEqual(seen.setdefault(key, text), text, name)


if __name__ == "__main__":
    unittest.main()
