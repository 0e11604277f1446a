#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Property-based tests of the Python binding (issue 27, test kind 1), with
Hypothesis: random sequences of calls -- new, clone, copy, deepcopy, pickle,
apply, undo, set_text, set_record, playouts, the AI with tiny budgets, close
-- on several games and states, some of them from several threads at once,
with ints at the edges of their C types.  Invariants:

  * no abort: the whole run is a child interpreter, a crash fails the test;
  * every failure is a documented exception (ag.Error and its subclasses,
    ValueError for a closed object or a NUL, RangeError for an int outside
    its C type), never anything else;
  * a failed call leaves the state equal to before (position, history, tags).

The examples are bounded in `make check' (AG_PROPERTY_EXAMPLES, default 40:
a few seconds of CPU); .ci/reliability.sh raises it.  Hypothesis is Debian's
python3-hypothesis: when the configured interpreter lacks it, /usr/bin/python3
runs the child if it has it; else the test is skipped (exit 77) with the reason.
  ANCIENTGAMES_LIB=lib/.libs/libancientgames.so python3 python/test_properties.py
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

CHILD = r"""
import copy, os, pickle, sys, threading
import ancientgames as ag
from hypothesis import HealthCheck, settings, strategies as S
from hypothesis.stateful import Bundle, RuleBasedStateMachine, invariant, precondition, rule

DOCUMENTED = (ag.Error, ValueError, OverflowError)   # RangeError is both of the latter
SPECS = ["hare(hunters=10)", "hare", "liubo_sticks", "liubo_fingers", "liubo_fingers(hands=2)"]
# ints at the edges of the C types the binding converts to
EDGES = [0, 1, 2, -1, 2**31 - 1, 2**31, -2**31, -2**31 - 1, 2**32 - 1, 2**32,
         2**63 - 1, 2**63, -2**63, -2**63 - 1, 2**64 - 1, 2**64]
edge = S.sampled_from(EDGES) | S.integers(min_value=-2**70, max_value=2**70)
small = S.integers(min_value=0, max_value=40)
calls = {"n": 0, "failed": 0}


def snapshot(st):
    return (st.to_text(), st.record(), st.start_text(), st.ply)


def guarded(st, f):
    # f() on state st: a failure must be documented and leave st as it was.
    calls["n"] += 1
    try:
        before = snapshot(st)
    except ValueError:                 # closed: every call must say so
        before = None
    try:
        return f()
    except DOCUMENTED as e:
        calls["failed"] += 1
        if before is not None and not st.closed:
            after = snapshot(st)
            assert after == before, "%s changed the state: %r -> %r" % (e, before, after)
        return None


class Binding(RuleBasedStateMachine):
    games = Bundle("games")
    states = Bundle("states")

    @rule(target=games, spec=S.sampled_from(SPECS))
    def new_game(self, spec):
        return ag.Game(spec)

    @rule(target=states, g=games, plies=S.integers(0, 12), seed=S.integers(0, 2**64 - 1))
    def new_state(self, g, plies, seed):
        try:
            st = g.new_state()
        except ValueError:             # the game was closed
            st = ag.Game("hare").new_state()
        rng = ag.Rng(seed)             # a few plies, so that states have histories
        while st.ply < plies and not st.is_terminal:
            if st.current_player == ag.Player.SIMULTANEOUS:
                st.apply_joint([rng.choice(st.legal_moves(0)), rng.choice(st.legal_moves(1))])
            elif st.current_player == ag.Player.CHANCE:
                st.apply(st.sample_chance(rng))
            else:
                st.apply(rng.choice(st.legal_moves()))
        return st

    @rule(target=states, st=states, how=S.sampled_from(["clone", "copy", "deepcopy", "pickle"]))
    def duplicate(self, st, how):
        f = {"clone": st.clone, "copy": lambda: copy.copy(st),
             "deepcopy": lambda: copy.deepcopy(st),
             "pickle": lambda: pickle.loads(pickle.dumps(st))}[how]
        c = guarded(st, f)
        if c is None:
            return ag.Game("liubo_sticks").new_state()
        assert c == st and c.record() == st.record(), how
        return c

    @rule(st=states, k=small, raw=edge, use_raw=S.booleans())
    def apply(self, st, k, raw, use_raw):
        def go():
            if st.is_terminal:
                return st.apply(raw)   # a PhaseError or an argument error
            if st.current_player == ag.Player.SIMULTANEOUS:
                a, b = st.legal_moves(0), st.legal_moves(1)
                return st.apply_joint([raw if use_raw else a[k % len(a)], b[k % len(b)]])
            if st.current_player == ag.Player.CHANCE and not use_raw:
                return st.apply(st.chance_outcomes()[k % len(st.chance_outcomes())][0])
            moves = st.legal_moves()
            return st.apply(raw if use_raw else moves[k % len(moves)])
        guarded(st, go)

    @rule(st=states)
    def undo(self, st):
        guarded(st, st.undo)

    @rule(st=states, other=states, junk=S.text(max_size=30), pick=S.integers(0, 3))
    def set_text(self, st, other, junk, pick):
        def go():
            text = [other.to_text(), junk, other.to_text()[:-1], other.to_text() + "\0"][pick]
            return st.set_text(text)
        guarded(st, go)

    @rule(st=states, other=states, junk=S.binary(max_size=12), at=S.integers(0, 400),
          pick=S.integers(0, 2))
    def set_record(self, st, other, junk, at, pick):
        def go():
            rec = other.record()
            if pick == 1:              # bytes spliced in: invalid UTF-8, NULs, controls
                rec = rec[:at] + junk.decode("latin-1") + rec[at:]
            elif pick == 2:
                rec = "\ufeff" + rec[:at]
            return st.set_record(rec)
        guarded(st, go)

    @rule(st=states, count=S.sampled_from([-1, 0, 1, 3, 2**64, 2**70, -2**63]),
          seed=edge, max_plies=edge)
    def playouts(self, st, count, seed, max_plies):
        guarded(st, lambda: st.playouts(count, seed=seed, max_plies=max_plies))

    @rule(st=states, budget=S.sampled_from(["1", "2", "0", "-1", "4294967296",
                                            "18446744073709551616", "x"]),
          kind=S.sampled_from(["mcts(iterations=%s)", "random", "alphabeta(depth=%s)"]),
          seed=edge)
    def ai(self, st, budget, kind, seed):
        params = kind % budget if "%s" in kind else kind
        def go():
            if st.current_player == ag.Player.SIMULTANEOUS:
                return ag.ai_choose(st, player=0, params=params, rng=seed)
            return ag.ai_choose(st, params=params, rng=seed)
        guarded(st, go)

    @rule(st=states)
    def close_state(self, st):
        st.close()
        try:
            st.ply
        except ValueError:
            return
        raise AssertionError("a closed state answered")

    @rule(g=games)
    def close_game(self, g):
        g.close()

    @rule(st=states, g=games, n=S.integers(2, 4), seed=S.integers(0, 2**32))
    def threads(self, st, g, n, seed):
        # n threads at once on a shared game and on clones of one state (a
        # State is used by one thread at a time; a Game by any), with a
        # close of the game racing the others (issue 27, D10).
        import random
        rnd, errors = random.Random(seed), []
        try:
            mine = [st.clone() for _ in range(n)]
        except ValueError:
            return

        def work(s, i):
            try:
                for _ in range(8):
                    op = rnd.randrange(5)
                    try:
                        if op == 0:
                            s.clone().close()
                        elif op == 1:
                            s.playouts(2, seed=i, max_plies=30)
                        elif op == 2:
                            g.new_state().close()
                        elif op == 3 and not s.is_terminal and \
                                s.current_player >= 0:
                            s.apply(s.legal_moves()[0])
                        elif op == 4 and i == 0:
                            g.close()
                    except DOCUMENTED:
                        pass
            except BaseException as e:          # noqa: B902 -- any other is the failure
                errors.append(repr(e))
        ts = [threading.Thread(target=work, args=(s, i)) for i, s in enumerate(mine)]
        for t in ts:
            t.start()
        for t in ts:
            t.join()
        assert not errors, errors

    @invariant()
    def nothing(self):
        pass


n = int(os.environ.get("AG_PROPERTY_EXAMPLES", "40"))
Binding.TestCase.settings = settings(max_examples=n, stateful_step_count=25, deadline=None,
                                     derandomize=os.environ.get("AG_PROPERTY_SEED") is None,
                                     suppress_health_check=list(HealthCheck),
                                     database=None, print_blob=True)
import unittest
r = unittest.TextTestRunner(verbosity=0).run(unittest.defaultTestLoader.loadTestsFromTestCase(
    Binding.TestCase))
print("examples %d, calls %d, documented failures %d" % (n, calls["n"], calls["failed"]))
sys.exit(0 if r.wasSuccessful() else 1)
"""


def interpreter():
    """This interpreter if it imports hypothesis, else Debian's; None if neither."""
    for exe in (sys.executable, "/usr/bin/python3"):
        if exe and os.path.exists(exe) and subprocess.call(
                [exe, "-c", "import hypothesis"], stderr=subprocess.DEVNULL) == 0:
            return exe
    return None


def main():
    exe = interpreter()
    if exe is None:
        print("SKIP: no interpreter with hypothesis (Debian: apt-get install python3-hypothesis)")
        return 77
    env = dict(os.environ)
    env.setdefault("HYPOTHESIS_STORAGE_DIRECTORY", os.path.join(
        os.environ.get("TMPDIR", "/tmp"), "ag-hypothesis-%d" % os.getpid()))
    env["PYTHONPATH"] = os.pathsep.join([HERE] + [p for p in [env.get("PYTHONPATH")] if p])
    r = subprocess.run([exe, "-c", CHILD], env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, universal_newlines=True, timeout=1800)
    sys.stdout.write(r.stdout)
    if r.returncode < 0:
        print("FAIL: the child interpreter died of signal %d" % -r.returncode)
    print("%s: %s" % ("ok" if r.returncode == 0 else "FAIL", exe))
    return 0 if r.returncode == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
