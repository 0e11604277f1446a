#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Tests of ancientgames.lab: option grids, statistics, reproducibility at any
number of workers and on any executor (threads, processes, Dask), outputs."""
import concurrent.futures
import contextlib
import csv
import io
import json
import os
import shutil
import subprocess
import sys
import unittest
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import ancientgames as ag  # noqa: E402
from ancientgames import lab  # noqa: E402


class GridTest(unittest.TestCase):
    def test_expand(self):
        specs = lab.expand("liubo_sticks(five=end_of_turn|immediate|off)")
        self.assertEqual(len(specs), 3)
        for spec, five in zip(specs, ("end_of_turn", "immediate", "off")):
            self.assertEqual(spec, ag.Game("liubo_sticks(five=%s)" % five).spec)
        self.assertEqual(len(lab.expand("hare(hunters=12|11|10,first=hunters|hare)")), 6)
        self.assertEqual(lab.expand("hare"), [ag.Game("hare").spec])
        # duplicates collapse: the default written out is the same variant
        self.assertEqual(len(lab.expand("hare(hunters=12|12)")), 1)
        with self.assertRaises(ValueError):
            lab.expand("hare(hunters)")
        with self.assertRaises(ag.Error):
            lab.expand("hare(hunters=12|13)")


class StatisticsTest(unittest.TestCase):
    def test_wilson(self):
        lo, hi = lab.wilson(6, 10)
        self.assertAlmostEqual(lo, 0.3127, places=4)
        self.assertAlmostEqual(hi, 0.8318, places=4)
        lo, hi = lab.wilson(0, 10)
        self.assertEqual(lo, 0.0)
        self.assertAlmostEqual(hi, 0.2775, places=4)
        self.assertEqual(lab.wilson(0, 0), (0.0, 1.0))

    def test_bradley_terry(self):
        # a beats b 30 of 40, b beats c 30 of 40: a > b > c, mean 0
        games = [("a", "b", 1.0)] * 30 + [("a", "b", 0.0)] * 10 + \
                [("b", "c", 1.0)] * 30 + [("b", "c", 0.0)] * 10
        r = lab.bradley_terry(games, ["a", "b", "c"])
        self.assertGreater(r["a"], r["b"])
        self.assertGreater(r["b"], r["c"])
        self.assertAlmostEqual(sum(r.values()), 0.0, places=6)
        # 3:1 odds are 191 Elo; the prior's draw pulls each gap a little in
        self.assertTrue(150 < r["a"] - r["b"] < 191, r)
        self.assertAlmostEqual(r["a"] - r["b"], r["b"] - r["c"], delta=1.0)


def small_study(**kw):
    return lab.Study(["liubo_sticks(five=immediate|off)", "hare(hunters=10)"],
                     players=["random", "mcts(iterations=20,rollout=10)"], games=2, seed=7,
                     **kw)


class StudyTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.one = small_study().run(workers=1)

    def test_layout_and_seats(self):
        r = self.one
        self.assertEqual(len(r.records), 3 * 4 * 2)
        self.assertEqual([x.number for x in r.records], list(range(24)))
        # every ordered pairing: each pair plays both seats
        pairs = {(x.p0, x.p1) for x in r.records}
        self.assertEqual(len(pairs), 4)
        for x in r.records:
            self.assertIn(x.winner, (-1, 0, 1))
            self.assertGreater(x.plies, 0)
            chance = "liubo_sticks" in x.variant
            self.assertEqual(x.flipped >= 0, chance)

    def test_same_numbers_with_more_workers_and_other_executors(self):
        self.assertEqual(small_study().run(workers=3, chunk=1).records, self.one.records)
        with concurrent.futures.ProcessPoolExecutor(2) as ex:
            self.assertEqual(small_study().run(ex).records, self.one.records)

    def test_figures(self):
        v = self.one.variant(self.one.study.variants[0])
        self.assertEqual(v["games"], 8)
        w = v["win0"]["rate"] + v["win1"]["rate"] + v["draw"]["rate"]
        self.assertAlmostEqual(w, 1.0)
        self.assertIn("ratings", v)
        self.assertEqual(set(v["ratings"]), {"random", "mcts(iterations=20,rollout=10)"})
        for r in v["ratings"].values():
            self.assertLessEqual(r["low"], r["high"])

    def test_outputs(self):
        r = self.one
        rows = list(csv.DictReader(io.StringIO(r.to_csv())))
        self.assertEqual([row["variant"] for row in rows], r.study.variants)
        data = json.loads(r.to_json())
        self.assertEqual(len(data["games"]), 24)
        self.assertEqual(data["study"]["seed"], 7)
        svg = ET.fromstring(r.to_svg())
        rects = svg.findall("{http://www.w3.org/2000/svg}rect")
        self.assertEqual(len(rects), 3 * len(r.study.variants) + 3)     # bars + the legend
        ns = "{http://www.w3.org/2000/svg}"
        texts = ["".join(t.itertext()) for t in svg.iter(ns + "text")]
        self.assertEqual(texts[0], "Variant study of hare, liubo_sticks: win and draw rates")
        self.assertIn("players %s; 2 game(s) per pairing, seed 7" % ", ".join(r.study.players),
                      texts)
        for legend in ("first side wins", "second side wins", "draws", "95% interval (Wilson)"):
            self.assertIn(legend, texts)
        for v in r.summary():
            self.assertTrue(any(t.startswith(r.label(v["variant"]) + " (%d games)" % v["games"])
                                for t in texts), v["variant"])
        self.assertIn("hunters win", r.to_text())

    def test_bad_studies(self):
        with self.assertRaises(ValueError):
            lab.Study(["hare"], players=["perfect"])
        with self.assertRaises(ValueError):
            lab.Study(["hare"], games=0)
        with self.assertRaises(ag.Error):
            lab.Study(["hare"], players=["mcts(iterations=x)"])

    def test_program(self):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            self.assertEqual(lab.main(["hare(hunters=10)", "-n", "2", "-f", "csv", "-j", "1"]), 0)
        self.assertEqual(len(list(csv.DictReader(io.StringIO(out.getvalue())))), 1)
        with contextlib.redirect_stderr(io.StringIO()):
            with self.assertRaises(SystemExit) as e:
                lab.main(["hare", "--games", "abc"])
        self.assertEqual(e.exception.code, 2)

    def test_program_unwritable_outputs(self):
        """An output path that cannot be written is refused before the study runs,
        with ag-lab's message and status 1, not a traceback after the study."""
        import tempfile
        from unittest import mock
        with tempfile.TemporaryDirectory() as d:
            fine = os.path.join(d, "report.txt")
            for opts, bad in ((["-o", "/nonexistent/x"], "/nonexistent/x"),
                              (["--svg", os.path.join(d, "no", "x.svg")],
                               os.path.join(d, "no", "x.svg")),
                              (["-o", fine, "--svg", d], d)):
                err = io.StringIO()
                with mock.patch.object(lab, "Study", side_effect=AssertionError("study ran")), \
                        contextlib.redirect_stderr(err):
                    self.assertEqual(lab.main(["hare(hunters=10)", "-n", "2"] + opts), 1, opts)
                self.assertTrue(err.getvalue().startswith("ag-lab: cannot write %s: " % bad),
                                err.getvalue())
                self.assertFalse(os.path.exists(fine))      # created for the check, removed
            # A refused study leaves an existing output file as it was.
            with open(fine, "w") as f:
                f.write("old\n")
            with contextlib.redirect_stderr(io.StringIO()):
                self.assertEqual(lab.main(["nosuchgame", "-o", fine]), 1)
            with open(fine) as f:
                self.assertEqual(f.read(), "old\n")
            # The program itself: a message, no traceback.
            prog = os.path.join(HERE, os.pardir, "examples", "ag-lab")
            if os.path.exists(prog):
                p = subprocess.run([prog, "-n", "2", "--svg", "/nonexistent/x.svg", "hare"],
                                   capture_output=True, text=True)
                self.assertEqual(p.returncode, 1)
                self.assertEqual(p.stderr, "ag-lab: cannot write /nonexistent/x.svg: "
                                 "No such file or directory\n")


DASK_SCRIPT = r"""
import sys
sys.path.insert(0, sys.argv[1])
from distributed import Client, LocalCluster
from ancientgames import lab
study = lambda: lab.Study(["hare(hunters=10)"], players=["random"], games=6, seed=3)
with LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1",
                  dashboard_address=None, processes=True) as cluster, Client(cluster) as client:
    remote = study().run(client.get_executor()).records
local = study().run(workers=1).records
assert remote == local, (remote, local)
print("dask ok", len(remote))
"""


def dask_python():
    """An interpreter that imports distributed: this one, else Debian's."""
    for exe in (sys.executable, "/usr/bin/python3"):
        if exe and shutil.which(exe) and subprocess.call(
                [exe, "-c", "import distributed"], stderr=subprocess.DEVNULL) == 0:
            return exe
    return None


class DaskTest(unittest.TestCase):
    def test_dask_local_cluster(self):
        exe = dask_python()
        if not exe:
            self.skipTest("Dask's distributed is not installed (apt-get install python3-distributed)")
        out = subprocess.run([exe, "-c", DASK_SCRIPT, HERE], capture_output=True, text=True,
                             timeout=600, env=dict(os.environ))
        self.assertEqual(out.returncode, 0, out.stderr[-3000:])
        self.assertIn("dask ok 6", out.stdout)


if __name__ == "__main__":
    unittest.main()
