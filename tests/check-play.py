# SPDX-License-Identifier: MIT
"""check-play.py -- ag-play driven as a person uses it, through a
pseudo-terminal (Python's pty module): typed notation in all three games (the
two reported cases included), menu numbers, rejected input, help, hint, undo
and redo keeping the throws and the replies, save then load giving the same
position, quit printing the position, --games progress only on a terminal and
the same results on any -j; and ag-solve stopped by SIGINT.  Option errors
and exit codes: check-cli.sh."""
import codecs
import os
import pty
import re
import resource
import select
import signal
import subprocess
import sys
import tempfile
import time
import unittest

BUILD = os.environ.get("top_builddir", ".")
PLAY = os.path.join(BUILD, "examples", "ag-play")
# Under the sanitizers everything is several times slower.
SLOW = 4 if os.environ.get("AG_SAN_FLAGS") else 1
# Wall-clock limits are only against hangs (a loaded machine may give ag-play
# a few percent of a core): ten minutes for what takes well under a second
# alone.  What is measured is CPU time (cpu_seconds).
TIMEOUT = 600 * SLOW


def cpu_seconds(pid):
    """CPU time (user + system, seconds) a running process has spent so far,
    from /proc/PID/stat (Linux)."""
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def catches(pid, sig):
    """Whether a running process has its own handler for signal sig (the
    SigCgt mask of /proc/PID/status, Linux)."""
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("SigCgt:"):
                return bool(int(line.split()[1], 16) >> (sig - 1) & 1)
    return False
MENU_END = "\n> "


class Session:
    """ag-play on a pseudo-terminal: send lines, read up to a pattern."""

    def __init__(self, *args):
        self.args = list(args)
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            try:
                os.execv(PLAY, [PLAY] + self.args)
            finally:
                os._exit(127)
        self.buf = ""
        self.log = ""          # everything read, for failure messages
        self.decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self.cr = ""           # a "\r" that may be the first half of a "\r\n"

    def _read(self, deadline):
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError("ag-play %s: timed out; output so far:\n%s"
                                 % (" ".join(self.args), self.log[-3000:]))
        ready, _, _ = select.select([self.fd], [], [], left)
        if not ready:
            return True
        try:
            data = os.read(self.fd, 65536)
        except OSError:        # EIO: the program has exited
            data = b""
        if not data:
            text, self.cr = self.cr, ""
            self.buf += text
            self.log += text
            return False
        # The terminal writes "\r\n" for "\n"; a read may end between the two.
        text = self.cr + self.decoder.decode(data)
        self.cr = "\r" if text.endswith("\r") else ""
        text = text[:len(text) - len(self.cr)].replace("\r\n", "\n")
        self.buf += text
        self.log += text
        return True

    def until(self, pattern):
        """Reads up to and including the first match of pattern; returns that text."""
        deadline = time.monotonic() + TIMEOUT
        rx = re.compile(pattern)
        while True:
            m = rx.search(self.buf)
            if m:
                out, self.buf = self.buf[:m.end()], self.buf[m.end():]
                return out
            if not self._read(deadline):
                raise AssertionError("ag-play %s: ended without /%s/; output:\n%s"
                                     % (" ".join(self.args), pattern, self.log[-3000:]))

    def prompt(self):
        """Reads up to the next "> " prompt; returns the text before it."""
        return self.until(re.escape(MENU_END))

    def send(self, line):
        os.write(self.fd, (line + "\n").encode())

    def answer(self, line):
        """Sends a line and returns what ag-play printed up to its next prompt,
        without the echo of the line."""
        self.send(line)
        out = self.prompt()
        return out.split("\n", 1)[1] if out.startswith(line) else out

    def finish(self):
        """Reads to the end; returns (the rest of the output, exit status)."""
        deadline = time.monotonic() + TIMEOUT
        while self._read(deadline):
            pass
        _, status = os.waitpid(self.pid, 0)
        os.close(self.fd)
        rest, self.buf = self.buf, ""
        return rest, os.waitstatus_to_exitcode(status)

    def kill(self):
        try:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        except OSError:
            pass
        try:
            os.close(self.fd)
        except OSError:
            pass


def menu(text):
    """The numbered menu in text: {number: move}."""
    return {int(n): mv for n, mv in re.findall(r"(\d+)\) (\S+)", text)}


class PlayTest(unittest.TestCase):

    def session(self, *args):
        s = Session(*args)
        self.addCleanup(s.kill)
        return s

    def quit(self, s):
        s.send("quit")
        rest, code = s.finish()
        self.assertEqual(code, 0, rest)
        return rest

    # ---------------------------------------------------------- typed notation

    def test_sticks_reported_case(self):
        # The report: at "1) 2:res-2 2) 4:res-4", typing 2:res-2 played 4:res-4.
        s = self.session("liubo_sticks", "--p0", "human", "--seed", "3")
        first = s.prompt()
        self.assertIn("throw: 2+4", first)
        self.assertEqual(menu(first), {1: "2:res-2", 2: "4:res-4"})
        out = s.answer("2:res-2")
        self.assertIn("white: 2:res-2\n", out)
        self.assertNotIn("4:res-4\n", out.split("your move")[0])
        self.assertEqual(menu(out), {1: "4:res-4"})
        self.quit(s)

    def test_sticks_menu_numbers(self):
        s = self.session("liubo_sticks", "--p0", "human", "--seed", "3")
        s.prompt()
        self.assertIn("white: 4:res-4\n", s.answer("2"))    # not notation: the menu's 2
        s.answer("undo")
        self.assertIn("white: 2:res-2\n", s.answer("#1"))   # #N: always the menu
        self.quit(s)

    def test_fingers_reported_case(self):
        # The report: in liubo_fingers, typing 3/4 played 0/2 (menu number 3).
        s = self.session("liubo_fingers", "--p0", "human", "--p1", "random")
        first = s.prompt()
        m = menu(first)
        self.assertEqual(m[3], "0/2")
        self.assertIn("3/4", m.values())
        out = s.answer("3/4")
        self.assertRegex(out, r"white: 3/4, black: \d+/\d+\n")
        self.quit(s)

    def test_fingers_menu_forms(self):
        s = self.session("liubo_fingers", "--p0", "human", "--p1", "random")
        s.prompt()
        self.assertRegex(s.answer("#3"), r"white: 0/2, black: ")
        self.quit(s)

    def test_hare_typed_notation(self):
        s = self.session("hare", "--p0", "human", "--p1", "random", "--seed", "5")
        m = menu(s.prompt())
        self.assertGreater(len(m), 2)
        last = m[max(m)]
        out = s.answer(last)
        self.assertIn("hunters: %s\n" % last, out)
        m = menu(out)
        out = s.answer("2")
        self.assertIn("hunters: %s\n" % m[2], out)
        self.quit(s)

    def test_rejected_inputs_say_why(self):
        s = self.session("hare", "--p0", "human", "--p1", "random")
        m = menu(s.prompt())
        out = s.answer("z9-z9")
        self.assertRegex(out, r"^not a move or a command: .+")
        out = s.answer("a5-a4")   # the hare's corner: notation, not legal for the hunters
        self.assertRegex(out, r"^not legal now: .+")
        self.assertIn("no move number 99", s.answer("99"))
        self.assertIn("no move #0", s.answer("#0"))
        self.assertIn("no move #%d" % (len(m) + 1), s.answer("#%d" % (len(m) + 1)))
        self.assertIn("nothing to undo", s.answer("undo"))
        self.assertIn("nothing to redo", s.answer("redo"))
        rest = self.quit(s)
        self.assertIn("quit after 0 plies", rest)

    # ---------------------------------------------------------- help, hint

    def test_help(self):
        s = self.session("hare", "--p0", "human", "--p1", "random")
        s.prompt()
        for word in ("help", "?"):
            out = s.answer(word)
            for cmd in ("undo", "redo", "hint", "save FILE", "quit", "#N", "moves"):
                self.assertIn(cmd, out, word)
        self.quit(s)

    def test_hint(self):
        s = self.session("hare", "--p0", "human", "--p1", "random",
                         "--ai", "mcts(iterations=50,rollout=10)")
        m = menu(s.prompt())
        out = s.answer("hint")
        found = re.search(r"^hint: (\S+) \(by mcts\(iterations=50,rollout=10\)\)\n"
                          r"  value for hunters: (0\.\d\d|1\.00) \(0 a loss, 0\.5 a draw, 1 a win\)\n"
                          r"  expected line: (\S+)( \S+)*\n"
                          r"  searched 50 steps \(iterations or nodes\), depth \d+, in [0-9.]+ s\n", out, re.M)
        self.assertTrue(found, out)
        self.assertIn(found.group(1), m.values())
        self.assertEqual(found.group(3), found.group(1))
        # Asking does not change the game: the same seed plays the same reply.
        self.assertIn("hunters: %s\n" % found.group(1), s.answer(found.group(1)))
        self.quit(s)

    def test_hint_default_player(self):
        s = self.session("hare(hunters=10)", "--p0", "human", "--p1", "random",
                         "--position", "...../...../.XO../XXXXX/XXXX. X - 0")
        s.prompt()
        out = s.answer("hint")
        self.assertRegex(out, r"^hint: \S+ \(by ai\)\n  value for hunters: ")
        self.quit(s)

    # ---------------------------------------------------------- undo, redo

    def test_undo_keeps_throws_and_replies(self):
        # White (a person) against the computer; a turn of white is two
        # plies (one per stick group), then black's throw and moves, then
        # white's throw.  Undo then the same move meets the same throws and
        # replies; redo too; another move meets the same next throw.
        s = self.session("liubo_sticks", "--p0", "human", "--ai1", "mcts(iterations=40,rollout=10)",
                         "--seed", "11")
        out = s.prompt()
        played = []
        # Play white's first turn by menu, up to black's reply and white's next menu.
        while True:
            m = menu(out)
            played.append(m[1])
            out = s.answer("#1")
            if "throw:" in out:
                break
        after = out[out.index("throw:"):]
        throws = re.findall(r"throw: \S+", after)
        self.assertEqual(len(throws), 2, after)          # black's, then white's
        self.assertRegex(after, r"black: \S+")
        undone = s.answer("undo")
        self.assertRegex(undone, r"^undone: \d+ plies; redo plays them again")
        again = s.answer(played[-1])
        self.assertEqual(again[again.index("throw:"):], after)
        s.answer("undo")
        redone = s.answer("redo")
        self.assertEqual(redone[redone.index("throw:"):], after)
        # Back to white's first decision: another move meets the same throws.
        s.answer("undo")
        back = s.answer("undo")
        self.assertIn("white to move", back)
        first = menu(back)
        if len(first) > 1 and first[2] != played[0]:
            out = s.answer("#2")
            while "throw:" not in out:
                out = s.answer("#1")
            self.assertEqual(re.findall(r"throw: \S+", out[out.index("throw:"):])[0], throws[0])
        self.quit(s)

    def test_undo_at_finger_round_keeps_replies(self):
        s = self.session("liubo_fingers", "--p0", "human", "--ai1", "mcts(iterations=40,rollout=10)")
        s.prompt()
        out = s.answer("3/4")
        reply = re.search(r"white: 3/4, black: \S+\n(.*?)white, your move", out, re.S)
        self.assertTrue(reply, out)
        self.assertRegex(s.answer("undo"), r"^undone: \d+ pl")
        again = s.answer("3/4")
        self.assertEqual(re.search(r"white: 3/4, black: \S+\n(.*?)white, your move",
                                   again, re.S).group(0), reply.group(0))
        self.quit(s)

    # ---------------------------------------------------------- records, positions

    def test_save_then_load_same_position(self):
        with tempfile.TemporaryDirectory() as tmp:
            rec = os.path.join(tmp, "game.rec")
            end = os.path.join(tmp, "end.rec")
            s = self.session("liubo_sticks", "--p0", "human", "--p1", "random", "--seed", "7",
                             "--save", end)
            s.prompt()
            for _ in range(5):
                s.answer("#1")
            out = s.answer("save " + rec)
            self.assertIn("saved the game record to " + rec, out)
            rest = self.quit(s)
            pos = re.search(r"the position reached:\n(.*)\n", rest).group(1)
            self.assertIn("saved the game record to " + end, rest)
            with open(rec) as f:
                text = f.read()
            self.assertTrue(text.startswith('[Game "liubo_sticks('), text)
            self.assertRegex(text, r"\n1\. \d\+\d\n")
            with open(end) as f:
                self.assertEqual(f.read(), text)
            for args in (["--load", rec], ["liubo_sticks", "--load", rec]):
                s = self.session(*(args + ["--p0", "human"]))
                s.prompt()
                rest = self.quit(s)
                self.assertEqual(re.search(r"the position reached:\n(.*)\n", rest).group(1), pos)
            # The loaded history can be undone like a played one.
            s = self.session("--load", rec, "--p0", "human")
            s.prompt()
            self.assertRegex(s.answer("undo"), r"^undone: ")
            self.quit(s)

    def test_position_and_quit(self):
        pos = "...../...../X.O../XXXXX/XXXXX X - 0"
        s = self.session("hare(hunters=11)", "--p0", "human", "--position", pos)
        s.prompt()
        rest = self.quit(s)
        self.assertIn("quit after 0 plies; the position reached:\n%s\n" % pos, rest)
        # The way back with the history: save FILE, then --load FILE (not --position).
        self.assertIn("type save FILE before quit", rest)
        self.assertIn("ag-play --load FILE", rest)
        self.assertNotIn("--position", rest)

    def test_menu_number_not_ambiguous(self):
        # liubo_fingers(hands=2): '1' is the notation of a count (not legal at the
        # finger guess), but no move of the 231-entry menu is written as a number,
        # so 1 is the menu's first move.
        s = self.session("liubo_fingers(hands=2)", "--p0", "human", "--p1", "random",
                         "--seed", "4")
        first = s.prompt()
        self.assertEqual(menu(first)[1], "0/0")
        out = s.answer("1")
        self.assertNotIn("ambiguous", out)
        self.assertRegex(out, r"white: 0/0, black: \d+/\d+\n")
        self.quit(s)

    # ---------------------------------------------------------- whole games

    def test_result_in_words(self):
        out = subprocess.run([PLAY, "hare", "--p0", "random", "--p1", "random", "--seed", "2"],
                             capture_output=True, text=True, timeout=TIMEOUT)
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertRegex(out.stdout.splitlines()[-1],
                         r"^result: (the hunters win: the hare cannot move|the hare wins by capture"
                         r"|a draw by repetition|a draw: the game's length limit was reached)"
                         r" after \d+ plies$")

    def test_games_progress_only_on_terminal(self):
        args = ["liubo_sticks", "--p0", "random", "--p1", "random", "--games", "20", "--seed", "4"]
        plain = subprocess.run([PLAY] + args, capture_output=True, text=True, timeout=TIMEOUT)
        self.assertEqual(plain.returncode, 0, plain.stderr)
        self.assertEqual(plain.stderr, "")
        self.assertIn("games: 20\n", plain.stdout)
        for jobs in ("2", "3"):
            other = subprocess.run([PLAY] + args + ["-j", jobs], capture_output=True, text=True,
                                   timeout=TIMEOUT)
            self.assertEqual(other.stdout, plain.stdout, "-j " + jobs)
        s = self.session(*args)
        rest, code = s.finish()
        self.assertEqual(code, 0)
        self.assertRegex(rest, r"\r20/20 games, white \d+, black \d+, draws \d+, ETA ")
        self.assertIn("games: 20\n", rest)


class SolveInterruptTest(unittest.TestCase):
    """ag-solve: Ctrl-C (SIGINT) stops a solve through the library's stop flag."""

    def test_sigint_stops_cleanly(self):
        solve = os.path.join(BUILD, "examples", "ag-solve")
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "never.sol")
            p = subprocess.Popen([solve, "hare(hunters=10)", "-t", "1", "-o", out],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                 # not ignored, even if make runs in the background
                                 preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
            try:
                # Not a fixed sleep: on a loaded machine ag-solve may still be
                # starting after seconds of wall clock, and a SIGINT before its
                # handler is set kills it silently.  Wait for the handler and
                # 1.5 s of CPU time (well into the solve), however long.
                deadline = time.monotonic() + TIMEOUT
                while True:
                    self.assertIsNone(p.poll(), "the solve ended too soon to be interrupted")
                    if catches(p.pid, signal.SIGINT) and cpu_seconds(p.pid) >= 1.5:
                        break
                    self.assertLess(time.monotonic(), deadline, "ag-solve never caught SIGINT")
                    time.sleep(0.05)
                # The CPU time the solve spends after the signal: its whole CPU
                # time (the children's account grows by it when communicate()
                # reaps it) minus what it had spent before.  Stopping is quick
                # in CPU time whatever the load; the whole solve is a minute.
                children0 = resource.getrusage(resource.RUSAGE_CHILDREN)
                cpu0 = cpu_seconds(p.pid)
                p.send_signal(signal.SIGINT)
                stdout, stderr = p.communicate(timeout=TIMEOUT)
                children1 = resource.getrusage(resource.RUSAGE_CHILDREN)
                took = (children1.ru_utime + children1.ru_stime
                        - children0.ru_utime - children0.ru_stime) - cpu0
            finally:
                if p.poll() is None:
                    p.kill()
                    p.wait()
            self.assertEqual(p.returncode, -signal.SIGINT, stderr)
            self.assertLess(took, 5 * SLOW, "CPU seconds spent after SIGINT")
            self.assertEqual(stdout, "")
            # Not a terminal: timed progress lines ("[  2.0 s] ...", ag-solve(1)),
            # then the one about the interruption, last.
            self.assertRegex(stderr, r"(^|\n)ag-solve: interrupted after [0-9.]+ s; nothing was saved\n$")
            for line in stderr.splitlines()[:-1]:
                self.assertRegex(line, r"^\[ *[0-9.]+ s\] ")
            self.assertFalse(os.path.exists(out))

    def test_progress_on_terminal(self):
        s = Session.__new__(Session)
        s.args = ["ag-solve"]
        s.pid, s.fd = pty.fork()
        if s.pid == 0:
            try:
                signal.signal(signal.SIGINT, signal.SIG_DFL)
                solve = os.path.join(BUILD, "examples", "ag-solve")
                os.execv(solve, [solve, "hare(hunters=10)", "-t", "1"])
            finally:
                os._exit(127)
        s.buf = s.log = s.cr = ""
        s.decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self.addCleanup(s.kill)
        # The line rewritten in place: layer, share done, level, decided, ETA.
        s.until(r"\r\[ *[0-9.]+ s\] 10 hunters: +\d+%, level \d+, [0-9.]+% decided, ETA \S+\x1b\[K")
        os.kill(s.pid, signal.SIGINT)
        rest, code = s.finish()
        self.assertEqual(code, -signal.SIGINT, rest)
        self.assertIn("ag-solve: interrupted after", rest)


if __name__ == "__main__":
    unittest.main(verbosity=2)
