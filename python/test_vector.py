#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Tests of ancientgames.VectorEnv (ag_vec_*): each lane is the game the
per-ply API plays with the documented RNG streams, shapes and types, autoreset,
a bad action that changes nothing, the game closed first."""
import gc
import os
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ancientgames as ag  # noqa: E402

try:
    import numpy as np
except ImportError:  # pragma: no cover - depends on the machine
    np = None

GOLDEN = 0x9E3779B97F4A7C15
M64 = (1 << 64) - 1


def nth(seed, k):
    """The k-th output of ag_rng_next() from seed."""
    s = ag.Rng(seed)
    r = 0
    for _ in range(k):
        r = s.next()
    return r


class DebianNumPy(unittest.TestCase):
    """Without NumPy here, the suite runs under Debian's python3 when it has it."""

    def test_under_debian_python(self):
        if np is not None:
            self.skipTest("NumPy is here: the tests below run in this interpreter")
        exe = "/usr/bin/python3"
        if exe == sys.executable or not os.path.exists(exe) or subprocess.call(
                [exe, "-c", "import numpy"], stderr=subprocess.DEVNULL) != 0:
            self.skipTest("NumPy is not installed (apt-get install python3-numpy)")
        out = subprocess.run([exe, os.path.abspath(__file__), "-v"], capture_output=True,
                             text=True, timeout=3600)
        self.assertEqual(out.returncode, 0, out.stderr[-3000:])
        self.assertIn("OK (skipped=1)", out.stderr)   # every VectorTest ran there


@unittest.skipIf(np is None, "NumPy is not installed")
class VectorTest(unittest.TestCase):
    def replay(self, spec, lanes, seed, steps):
        """Steps a VectorEnv with its own random actions and replays each lane
        through State.apply/apply_joint/sample_chance with the documented
        streams; compares hash, text, observation, masks and done each step."""
        env = ag.VectorEnv(spec, lanes, seed, autoreset=False)
        g = env.game
        states, chance, action = [], [], []
        for i in range(lanes):
            st = g.new_state()
            c = ag.Rng(nth(seed, 2 * i + 1))
            while st.current_player == ag.Player.CHANCE:
                st.apply(st.sample_chance(c))
            states.append(st)
            chance.append(c)
            action.append(ag.Rng(nth(seed, 2 * i + 2)))
        out = env.reset(seed)
        for _ in range(steps):
            for i, st in enumerate(states):
                self.assertEqual(env.lane(i).hash, st.hash)
                self.assertEqual(str(env.lane(i)), str(st))
                self.assertTrue(np.array_equal(out.observations[i], st.observation()))
                self.assertEqual(int(out.players[i]), st.current_player)
            acts = env.random_actions()
            out = env.step(acts)
            for i, st in enumerate(states):
                p = st.current_player
                if p == ag.Player.TERMINAL:
                    continue
                if p == ag.Player.SIMULTANEOUS:
                    picks = [action[i].choice(st.legal_moves(q)) for q in (0, 1)]
                    self.assertEqual([g.move_action(m) for m in picks], list(acts[i]))
                    st.apply_joint(picks)
                else:
                    m = action[i].choice(st.legal_moves())
                    self.assertEqual(g.move_action(m), acts[i, p])
                    st.apply(m)
                while st.current_player == ag.Player.CHANCE:
                    st.apply(st.sample_chance(chance[i]))
                self.assertEqual(bool(out.done[i]), st.is_terminal)
        for i, st in enumerate(states):
            self.assertEqual(env.lane(i).record(), st.record())

    def test_lanes_are_the_api_games(self):
        self.replay("hare(hunters=10)", 3, 5, 60)
        self.replay("liubo_sticks", 3, 6, 60)
        self.replay("liubo_fingers(max_rounds=30)", 3, 7, 60)

    def test_shapes_types_and_len(self):
        env = ag.VectorEnv("liubo_sticks", 64, seed=1)
        self.assertEqual(len(env), 64)
        out = env.step(env.random_actions())
        planes, nodes = env.game.observation_shape
        self.assertEqual(out.rewards.shape, (64, 2))
        self.assertEqual(out.rewards.dtype, np.float32)
        self.assertEqual(out.done.dtype, np.uint8)
        self.assertEqual(out.observations.shape, (64, planes, nodes))
        self.assertEqual(out.masks.shape, (64, 2, env.game.num_actions))
        self.assertEqual(out.players.dtype, np.int32)
        # the mask of the player to move marks exactly the legal moves
        for i in range(4):
            st = env.lane(i)
            p = st.current_player
            self.assertEqual(int(out.masks[i, p].sum()), len(st.legal_moves()))
            self.assertEqual(int(out.masks[i, 1 - p].sum()), 0)

    def test_autoreset_and_seed(self):
        env = ag.VectorEnv("hare(hunters=10)", 8, seed=3, observations=False, masks=False)
        ended = 0
        for _ in range(3000):
            out = env.step(env.random_actions())
            ended += int((out.done > 0).sum())
            self.assertTrue((out.players != ag.Player.TERMINAL).all())
            if ended >= 8:
                break
        self.assertGreaterEqual(ended, 8)
        a = ag.VectorEnv("liubo_sticks", 4, seed=9, threads=1)
        b = ag.VectorEnv("liubo_sticks", 9, seed=9, threads=3)
        for _ in range(100):
            a.step(a.random_actions())
            b.step(b.random_actions())
        self.assertEqual([a.lane(i).hash for i in range(4)], [b.lane(i).hash for i in range(4)])

    def test_bad_action_changes_nothing(self):
        env = ag.VectorEnv("liubo_sticks", 4, seed=2)
        before = [env.lane(i).hash for i in range(4)]
        acts = env.random_actions()
        p = env.lane(2).current_player
        acts[2, p] = env.game.num_actions + 5
        with self.assertRaises(ag.IllegalMoveError) as e:
            env.step(acts)
        self.assertIn("lane 2", str(e.exception))
        self.assertEqual([env.lane(i).hash for i in range(4)], before)
        with self.assertRaises(ValueError):
            env.step(np.zeros((3, 2), dtype=np.int32))
        with self.assertRaises(IndexError):
            env.lane(4)

    def test_module_example(self):
        # the module docstring's example, shapes included, is what runs
        import doctest
        from ancientgames import vector
        self.assertEqual(doctest.testmod(vector).failed, 0)

    def test_game_closed_first(self):
        g = ag.Game("liubo_sticks")
        env = ag.VectorEnv(g, 16, seed=4)
        g.close()          # the environment keeps the game's pointer alive
        gc.collect()
        out = env.step(env.random_actions())
        self.assertEqual(out.done.shape, (16,))
        env.close()
        with self.assertRaises(ValueError):
            env.step(np.zeros((16, 2), dtype=np.int32))


if __name__ == "__main__":
    unittest.main()
