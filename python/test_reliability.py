#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Issue 27's defects of the Python binding, each with the reproduction that
aborted the interpreter or lost an exception before (stdlib unittest only).

Every test that could abort runs in a child interpreter (run_python), so a
crash fails one test instead of ending the run.  Signals are sent by the
child to itself; no test measures time: a child that never stops fails
only by the safety timeout of run_python.
Run by `make check'; by hand:
  ANCIENTGAMES_LIB=lib/.libs/libancientgames.so python3 python/test_reliability.py
"""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ancientgames as ag  # noqa: E402
from test_ancientgames import run_python  # noqa: E402

# A child that sends itself SIGINT once the call under test has begun (the
# callback-free path: the binding's own poll must see the signal).  A child
# started from a background job (`make check &`, nohup) inherits SIGINT
# ignored, and Python then leaves it ignored: Ctrl-C rightly does nothing
# there, and the call would run to its end (or forever).  The child restores
# Python's default handler, the state an interactive program starts in.
SIGINT_SOON = r"""
import os, signal, threading, ancientgames as ag
signal.signal(signal.SIGINT, signal.default_int_handler)
def interrupt_soon():
    threading.Timer(0.2, os.kill, (os.getpid(), signal.SIGINT)).start()
"""


# A loop of `call` in one thread and Game.close() in another after 0-0.5 ms,
# 300 rounds: the call may raise ValueError (closed), never abort.
CLOSE_RACE = r"""
import copy, random, threading, time, ancientgames as ag
rnd, outcomes = random.Random(1), set()
for i in range(300):
    g = ag.Game("hare")
    st = g.new_state()
    stop = threading.Event()
    def loop():
        while not stop.is_set():
            try:
                c = %s
            except ValueError as e:          # the game or the state was closed
                outcomes.add(str(e))
                return
    t = threading.Thread(target=loop)
    t.start()
    time.sleep(rnd.random() * 0.0005)
    g.close()
    stop.set()
    t.join()
print(sorted(outcomes) and "ok" or "never raced")
"""


class CloneCloseRaceTest(unittest.TestCase):
    """D10: State.clone / copy.copy against Game.close in another thread."""

    def test_clone_while_the_game_closes(self):
        rc, out = run_python(CLOSE_RACE % "st.clone() if i % 2 else copy.copy(st)")
        self.assertEqual((rc, out.strip()), (0, "ok"))

    def test_new_state_while_the_game_closes(self):
        # Found by test_properties.py: the refused state was freed after its game.
        rc, out = run_python(CLOSE_RACE % "g.new_state().close()")
        self.assertEqual((rc, out.strip()), (0, "ok"))


class PlayoutCountTest(unittest.TestCase):
    """D16: counts near 2**64 segfaulted (the chunk count wrapped to 0)."""

    def test_huge_counts_are_stopped_by_ctrl_c(self):
        code = SIGINT_SOON + r"""
st = ag.Game("hare").new_state()
for count in (2**64 - 1, 2**64 - 31):
    interrupt_soon()
    try:
        st.playouts(count, seed=3, max_plies=50, threads=2)
        print("finished?")
    except KeyboardInterrupt:
        print("interrupted")
"""
        rc, out = run_python(code)
        self.assertEqual((rc, out.split()), (0, ["interrupted", "interrupted"]))

    def test_counts_out_of_range(self):
        st = ag.Game("hare").new_state()
        for bad in (2**64, -1):
            with self.assertRaises((ValueError, OverflowError)):
                st.playouts(bad)
        self.assertEqual(st.playouts(0).playouts, 0)


class Boom(Exception):
    """The callbacks' own exception."""


class CallbackExceptionTest(unittest.TestCase):
    """D11: an exception in a callback was printed by ctypes and dropped, and
    the call raised CancelledError."""

    def test_poll_exception_reaches_the_caller(self):
        st = ag.Game("hare").new_state()
        calls = []

        def poll():
            calls.append(1)
            if len(calls) == 2:
                raise Boom("from poll")
            return False
        with self.assertRaises(Boom) as cm:
            ag.ai_analyse(st, "mcts(time_ms=86400000)", 1, poll=poll)
        self.assertEqual(str(cm.exception), "from poll")
        self.assertEqual(len(calls), 2)          # not called again after raising
        with self.assertRaises(KeyboardInterrupt):
            ag.ai_analyse(st, "mcts(time_ms=86400000)", 1,
                          poll=lambda: (_ for _ in ()).throw(KeyboardInterrupt()))
        # a plain truthy poll still cancels
        with self.assertRaises(ag.CancelledError):
            ag.ai_analyse(st, "mcts(time_ms=86400000)", 1, poll=lambda: True)

    def test_progress_exception_reaches_the_caller(self):
        g = ag.Game("hare(hunters=10)")
        seen = []

        def progress(hunters, level, resolved, total):
            seen.append(hunters)
            raise Boom("from progress")
        with self.assertRaises(Boom):
            ag.Solution.solve(g, threads=1, progress=progress)
        self.assertEqual(len(seen), 1)
        with self.assertRaises(ag.CancelledError):
            ag.Solution.solve(g, threads=1, progress=lambda *a: True)

    def test_poll_exception_in_another_thread(self):
        import threading
        st, got = ag.Game("hare").new_state(), []

        def work():
            try:
                ag.ai_analyse(st, "mcts(time_ms=86400000)", 1,
                              poll=lambda: 1 / 0)
            except BaseException as e:
                got.append(type(e))
        t = threading.Thread(target=work)
        t.start()
        t.join()
        self.assertEqual(got, [ZeroDivisionError])


class CtrlCTest(unittest.TestCase):
    """D11: without a callback, Ctrl-C was seen only when the C call returned."""

    def check_interrupted(self, call):
        code = SIGINT_SOON + r"""
interrupt_soon()
try:
    %s
    print("finished?")
except KeyboardInterrupt:
    print("interrupted")
""" % call
        rc, out = run_python(code, timeout=600)
        self.assertEqual((rc, out.strip()), (0, "interrupted"))

    def test_ai_choose(self):
        self.check_interrupted('ag.ai_choose(ag.Game("hare").new_state(), '
                               '"mcts(time_ms=86400000)", 1)')

    def test_ai_analyse(self):
        self.check_interrupted('ag.ai_analyse(ag.Game("hare").new_state(), '
                               '"mcts(time_ms=86400000,threads=2)", 1)')

    def test_solve(self):
        self.check_interrupted('ag.Solution.solve(ag.Game("hare(hunters=10)"), threads=1)')


if __name__ == "__main__":
    unittest.main()
