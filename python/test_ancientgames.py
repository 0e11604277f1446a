#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Tests of the ctypes binding python/ancientgames/ (stdlib unittest only).

Run by `make check' with ANCIENTGAMES_LIB pointing at the build tree's
library; by hand:  ANCIENTGAMES_LIB=lib/.libs/libancientgames.so python3 python/test_ancientgames.py
Every registered game (ag_game_count/ag_game_name_at) is played, so a newly
registered game is covered without editing this file.
"""
import ctypes
import gc
import os
import re
import sys
import threading
import unittest
import unittest.mock

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ancientgames as ag  # noqa: E402

SEEDS = (1, 2, 42)
MAX_PLIES = 300          # per random game in the apply/undo walk


def header_path():
    """include/ancientgames.h from $top_srcdir, else relative to this file."""
    top = os.environ.get("top_srcdir")
    if top:
        path = os.path.join(top, "include", "ancientgames.h")
        if os.path.exists(path):
            return path
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir,
                        "include", "ancientgames.h")


def header_constants():
    """{name: value} of every AG_* #define and enumerator of the header."""
    with open(header_path(), encoding="utf-8") as f:
        text = f.read()
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    raw = {}
    for name, value in re.findall(r"^\s*#\s*define\s+(AG_[A-Z0-9_]+)[ \t]+([^\n]+)$", text, re.M):
        if name in ("AG_API",) or "__" in value or "declspec" in value:
            continue
        raw[name] = value.strip()
    for name, value in re.findall(r"\b(AG_[A-Z0-9_]+)\s*=\s*(-?\w+)", text):
        raw[name] = value
    values = {}
    for name, expr in raw.items():
        expr = re.sub(r"\(\s*ag_move\s*\)", "", expr)
        expr = re.sub(r"\b(0x[0-9A-Fa-f]+|\d+)[uUlL]+\b", r"\1", expr)
        if not re.fullmatch(r"[\sA-Z0-9_()<>|x+\-a-f]*", expr):
            continue                                  # not a plain integer expression
        values[name] = expr
    out = {}
    for _ in range(3):                                # names may refer to earlier names
        for name, expr in values.items():
            try:
                out[name] = eval(expr, {"__builtins__": {}}, dict(out))
            except NameError:
                pass
    return out


def random_move(st, rng):
    """One ply of the library's reference random player: returns (kind, move(s))."""
    p = st.current_player
    if p == ag.AG_PLAYER_SIMULTANEOUS:
        return "joint", [rng.choice(st.legal_moves(q)) for q in range(st.game.num_players)]
    if p == ag.AG_PLAYER_CHANCE:
        return "one", st.sample_chance(rng)
    return "one", rng.choice(st.legal_moves(p))


def play(st, kind, move):
    """Applies what random_move() returned."""
    if kind == "joint":
        st.apply_joint(move)
    else:
        st.apply(move)


class ConstantsTest(unittest.TestCase):
    def test_header_constants_equal_module(self):
        consts = header_constants()
        self.assertGreater(len(consts), 70, "too few constants parsed from %s" % header_path())
        for name, value in sorted(consts.items()):
            with self.subTest(name=name):
                self.assertTrue(hasattr(ag, name), "module lacks %s" % name)
                self.assertEqual(getattr(ag, name), value)

    def test_enums_mirror_constants(self):
        self.assertEqual(ag.Player.CHANCE, ag.AG_PLAYER_CHANCE)
        self.assertEqual(ag.End.REPETITION, ag.AG_END_REPETITION)
        self.assertEqual(ag.MoveKind.PASS, ag.AG_MOVE_PASS)
        self.assertEqual(ag.Limit.RENDER_TEXT, ag.AG_LIMIT_RENDER_TEXT)
        self.assertEqual(ag.Info.CHAIN, ag.AG_INFO_CHAIN)

    def test_version(self):
        self.assertEqual(ag.version(), ag.AG_VERSION_NUMBER)
        self.assertEqual(ag.version_string(), "%d.%d.%d" % (
            ag.AG_VERSION_MAJOR, ag.AG_VERSION_MINOR, ag.AG_VERSION_PATCH))

    def test_strerror_names(self):
        for name in ("AG_OK", "AG_ERROR", "AG_ENOMEM", "AG_EINVAL", "AG_EBUFS", "AG_EPARSE",
                     "AG_ENOTFOUND", "AG_EILLEGAL", "AG_EPHASE", "AG_EMISMATCH"):
            self.assertEqual(ag.strerror(getattr(ag, name)), name)
        self.assertEqual(ag.strerror(-1000), "unknown error")

    def test_code_names_are_the_enum_names(self):
        pairs = [(ag.end_reason_name, ag.End), (ag.outcome_name, ag.OutcomeKind),
                 (ag.move_kind_name, ag.MoveKind), (ag.piece_kind_name, ag.PieceKind),
                 (ag.node_kind_name, ag.NodeKind), (ag.edge_kind_name, ag.EdgeKind),
                 (ag.mark_kind_name, ag.MarkKind), (ag.mark_shape_name, ag.MarkShape)]
        for fn, kind in pairs:
            for member in kind:
                with self.subTest(member=member):
                    self.assertEqual(fn(member), member.name.lower())
                    self.assertIs(kind[fn(member).upper()], member)
            top = max(kind)
            for code in (-1, top + 1, 1000):
                self.assertIsNone(fn(code))
        self.assertEqual(ag.end_reason_name(ag.AG_END_PLY_LIMIT), "ply_limit")
        self.assertIsNone(ag.move_kind_name(ag.AG_MOVE_NONE))


class DocTest(unittest.TestCase):
    def test_module_docstring_examples(self):
        import doctest
        failed, tried = doctest.testmod(ag, verbose=False)
        self.assertGreater(tried, 0)
        self.assertEqual(failed, 0)


class LoaderTest(unittest.TestCase):
    """The names the loader tries on each platform (nothing is loaded)."""

    def setUp(self):
        from ancientgames import _lib
        self.lib = _lib
        self.saved = os.environ.pop("ANCIENTGAMES_LIB", None)

    def tearDown(self):
        if self.saved is not None:
            os.environ["ANCIENTGAMES_LIB"] = self.saved

    def names(self, platform):
        return [os.path.basename(n) for n in self.lib._candidates(platform)]

    def test_windows_dll(self):
        names = self.names("win32")
        self.assertEqual(names[-1], "libancientgames-0.dll")
        self.assertIn("libancientgames-0.dll", names[:-1])   # the build tree's

    def test_macos_dylib(self):
        names = self.names("darwin")
        self.assertEqual(names[-1], "libancientgames.0.dylib")
        self.assertIn("libancientgames.dylib", names[:-1])

    def test_linux_soname(self):
        self.assertEqual(self.names("linux")[-1], "libancientgames.so.0")

    def test_explicit_path_alone(self):
        os.environ["ANCIENTGAMES_LIB"] = "/x/libancientgames-0.dll"
        try:
            self.assertEqual(self.lib._candidates("win32"), ["/x/libancientgames-0.dll"])
        finally:
            del os.environ["ANCIENTGAMES_LIB"]


class RngTest(unittest.TestCase):
    SEEDS = (0, 1, 42, 0x123456789ABCDEF, (1 << 64) - 1)

    def test_next_matches_c(self):
        for seed in self.SEEDS:
            py, cell = ag.Rng(seed), ctypes.c_uint64(seed)
            for _ in range(200):
                self.assertEqual(py.next(), ag._lib.ag_rng_next(ctypes.byref(cell)))
                self.assertEqual(py.state, cell.value)

    def test_known_splitmix64_output(self):
        # Reference values of SplitMix64 from seed 0.
        r = ag.Rng(0)
        self.assertEqual(r.next(), 0xE220A8397B1DCDAF)
        self.assertEqual(r.next(), 0x6E789E6AA1B965F4)

    def test_below_matches_c(self):
        bounds = (0, 1, 2, 3, 5, 7, 10, 36, 96, 512, 1000003, (1 << 63) + 1, (1 << 64) - 1)
        for seed in self.SEEDS:
            py, cell = ag.Rng(seed), ctypes.c_uint64(seed)
            for _ in range(20):
                for bound in bounds:
                    got = py.below(bound)
                    self.assertEqual(got, ag._lib.ag_rng_below(ctypes.byref(cell), bound))
                    self.assertEqual(py.state, cell.value)
                    self.assertTrue(got < max(bound, 1))

    def test_bound_zero_and_one_do_not_draw(self):
        r = ag.Rng(7)
        self.assertEqual((r.below(0), r.below(1), r.state), (0, 0, 7))


class RegistryTest(unittest.TestCase):
    def test_names(self):
        names = ag.game_names()
        self.assertEqual(len(names), ag._lib.ag_game_count())
        self.assertIn("hare", names)
        self.assertIsNone(ag._lib.ag_game_name_at(len(names)))
        for name in names:
            self.assertEqual(ag.Game(name).name, name)

    def test_canonical_spec_round_trip(self):
        for name in ag.game_names():
            g = ag.Game(name)
            self.assertTrue(g.spec.startswith(name))
            self.assertEqual(ag.Game(g.spec).spec, g.spec)


class EveryGameTest(unittest.TestCase):
    """Random games of every registered game, through the binding."""

    def test_geometry(self):
        for name in ag.game_names():
            g = ag.Game(name)
            w, h = g.extent
            self.assertEqual(len(g.players), g.num_players)
            names = [n.name for n in g.nodes]
            self.assertEqual(len(set(n.lower() for n in names)), len(names), name)
            for node in g.nodes:
                self.assertEqual(g.node_find(node.name), node.index)
                self.assertEqual(g.node_find(node.name.swapcase()), node.index)
                self.assertTrue(0 <= node.x <= w and 0 <= node.y <= h, (name, node))
                self.assertIn(node.kind, list(ag.NodeKind))
            for e in g.edges:
                self.assertTrue(0 <= e.a < len(g.nodes) and 0 <= e.b < len(g.nodes), (name, e))
                self.assertIn(e.kind, list(ag.EdgeKind))
            with self.assertRaises(ag.Error) as cm:
                g.node_find("no-such-node")
            self.assertEqual(cm.exception.code, ag.AG_ENOTFOUND)

    def check_ply(self, st, kind, move):
        """Apply then undo restore text, hash, legal moves; re-parsing the text
        gives the same position; move texts round-trip."""
        g = st.game
        text, h, p = st.to_text(), st.hash, st.current_player
        before = st.legal_moves(0) + st.legal_moves(1) if p == ag.AG_PLAYER_SIMULTANEOUS \
            else st.legal_moves()
        for m in before:
            self.assertEqual(g.move_from_text(g.move_to_text(m)), m, (g.name, hex(m)))
            self.assertEqual(g.move_info(m)[0] in list(ag.MoveKind), True)
        other = g.new_state(text)
        self.assertEqual(other.to_text(), text)
        self.assertEqual(other.hash, h)
        self.assertTrue(other.equal(st))
        self.assertEqual(other.current_player, p)
        ply = st.ply
        play(st, kind, move)
        self.assertEqual(st.ply, ply + 1)
        st.undo()
        self.assertEqual(st.to_text(), text)
        self.assertEqual(st.hash, h)
        after = st.legal_moves(0) + st.legal_moves(1) if p == ag.AG_PLAYER_SIMULTANEOUS \
            else st.legal_moves()
        self.assertEqual(after, before)
        play(st, kind, move)

    def test_random_games_apply_undo_text(self):
        for name in ag.game_names():
            g = ag.Game(name)
            for seed in SEEDS:
                with self.subTest(game=name, seed=seed):
                    st, rng, played = g.new_state(), ag.Rng(seed), []
                    while not st.is_terminal and st.ply < MAX_PLIES:
                        kind, move = random_move(st, rng)
                        self.check_ply(st, kind, move)
                        played.extend(move if kind == "joint" else [move])
                    self.assertEqual(st.history(), played)
                    copy = st.clone()
                    self.assertEqual(copy.history(), played)
                    self.assertEqual(copy.to_text(), st.to_text())
                    while st.ply:
                        st.undo()
                    self.assertTrue(st.equal(g.new_state()))
                    with self.assertRaises(ag.PhaseError):
                        st.undo()

    def test_python_loop_equals_c_playout(self):
        """The reference random player driven from Python (Rng + sample_chance)
        plays exactly the game ag_state_playout() plays with the same seed."""
        for name in ag.game_names():
            g = ag.Game(name)
            for seed in SEEDS:
                with self.subTest(game=name, seed=seed):
                    cap = 2000
                    result = g.new_state().playout(ag.Rng(seed), cap)
                    st, rng = g.new_state(), ag.Rng(seed)
                    st.reserve(cap)
                    while not st.is_terminal and st.ply < cap:
                        play(st, *random_move(st, rng))
                    o = st.outcome
                    self.assertEqual((result.plies, result.outcome, result.winner, result.reason),
                                     (st.ply, o.outcome, o.winner, o.reason))

    def test_terminal_outcome_and_returns(self):
        for name in ag.game_names():
            g = ag.Game(name)
            st = g.new_state()
            self.assertEqual(st.outcome.outcome, ag.AG_OUTCOME_ONGOING)
            self.assertIsNone(st.outcome.winner)         # going on: nobody
            self.assertEqual(st.returns(), [0.0] * g.num_players)
            rng = ag.Rng(5)
            while not st.is_terminal:
                play(st, *random_move(st, rng))
            o = st.outcome
            self.assertEqual(st.current_player, ag.AG_PLAYER_TERMINAL)
            self.assertEqual(st.legal_moves(), [])
            self.assertIn(o.outcome, (ag.AG_OUTCOME_WIN, ag.AG_OUTCOME_DRAW))
            self.assertNotEqual(o.reason, ag.AG_END_NONE)
            r = st.returns()
            if o.outcome == ag.AG_OUTCOME_WIN:
                self.assertEqual(r[o.winner], 1.0)
                self.assertEqual(r[1 - o.winner], -1.0)
            else:
                self.assertIsNone(o.winner)              # a draw: nobody, not -3
                self.assertEqual(r, [0.0, 0.0])
            with self.assertRaises(ag.PhaseError):
                st.apply(0x01000000)

    def test_chance_nodes(self):
        for name in ag.game_names():
            g = ag.Game(name)
            if not g.flags & ag.AG_GAME_CHANCE:
                continue
            st, rng = g.new_state(), ag.Rng(3)
            seen = 0
            while not st.is_terminal and seen < 20:
                if st.current_player == ag.AG_PLAYER_CHANCE:
                    outcomes = st.chance_outcomes()
                    moves = [m for m, _ in outcomes]
                    self.assertEqual(moves, sorted(moves))
                    self.assertEqual(moves, st.legal_moves(ag.AG_PLAYER_CHANCE))
                    total = sum(w for _, w in outcomes)
                    # sample_chance: r = below(total), first running weight above r.
                    expect, r, run = None, ag.Rng(rng.state).below(total), 0
                    for m, w in outcomes:
                        run += w
                        if r < run:
                            expect = m
                            break
                    self.assertEqual(st.sample_chance(rng), expect)
                    seen += 1
                play(st, *random_move(st, rng))
            self.assertGreater(seen, 0, name)

    def test_pieces_on_nodes(self):
        for name in ag.game_names():
            st = ag.Game(name).new_state()
            for node, groups in st.board().items():
                for piece in groups:
                    self.assertIn(piece.owner, (0, 1))
                    self.assertIn(piece.kind, list(ag.PieceKind))
                    self.assertGreater(piece.count, 0)


class HareTest(unittest.TestCase):
    """Values the man page ancientgames-hare(7) documents."""

    def setUp(self):
        self.g = ag.Game("hare")

    def test_initial_position(self):
        st = self.g.new_state()
        self.assertEqual(st.to_text(), "...../...../X.O.X/XXXXX/XXXXX X - 0")
        self.assertEqual(self.g.players, ["hunters", "hare"])
        self.assertEqual(len(st.legal_moves()), 8)
        self.assertEqual(len(self.g.nodes), 25)
        self.assertEqual(len(self.g.edges), 56)
        self.assertEqual(self.g.extent, (4, 4))
        self.assertEqual(self.g.nodes[12], ag.Node(12, "c3", 2, 2, ag.AG_NODE_POINT))

    def test_move_values(self):
        c3, d4, e5 = 12, 18, 24
        self.assertEqual(self.g.move_from_text("c3-d4"), (1 << 24) | (8 << 16) | (d4 << 8) | c3)
        self.assertEqual(self.g.move_from_text("c3xe5"), (2 << 24) | (d4 << 16) | (e5 << 8) | c3)
        self.assertEqual(self.g.move_from_text("pass"), 6 << 24)
        self.assertEqual(self.g.move_info(self.g.move_from_text("c3xe5")), (ag.AG_MOVE_JUMP, c3, e5))
        offsets = (-6, -5, -4, -1, 1, 4, 5, 6)
        for d, off in enumerate(offsets, 1):
            m = self.g.move_from_text("%s-%s" % (self.g.nodes[c3].name, self.g.nodes[c3 + off].name))
            self.assertEqual((m >> 16) & 0xFF, d)

    def test_three_jump_loop_wins(self):
        # The loop of ancientgames-hare(7): a1xc3, c3xc1, c1xa1 takes b2, c2, b1.
        st = self.g.new_state("...../XX.XX/X...X/XXXXX/OX... O - 7")
        self.assertEqual(st.outcome.outcome, ag.AG_OUTCOME_ONGOING)
        st.apply("a1xc3")
        self.assertEqual(st.current_player, 1)
        self.assertEqual(st.info(ag.AG_INFO_CHAIN), 1)
        self.assertIn("pass", st.legal_texts())
        self.assertNotIn("c3-b3", st.legal_texts())          # no step inside a chain
        self.assertEqual(st.to_text(), "...../XX.XX/X.O.X/X.XXX/.X... O * 8")
        st.apply("c3xc1").apply("c1xa1")
        self.assertEqual(st.outcome, ag.Outcome(ag.AG_OUTCOME_WIN, 1, ag.AG_END_CAPTURES))
        self.assertEqual(st.info(ag.AG_INFO_CAPTURED, 1), 3)
        self.assertEqual(st.board()[0], [ag.Piece(1, ag.AG_PIECE_HARE, 1)])

    def test_ten_hunters_first_capture_wins(self):
        g10 = ag.Game("hare(hunters=10)")
        st = g10.new_state("...../...../..O../XXXXX/XXXXX O - 7")
        with self.assertRaises(ag.IllegalMoveError):
            st.apply("c3xc1")                                # c1 is occupied
        st = g10.new_state("...../...../X.O../XXXXX/XX.XX O - 7")
        st.apply("c3xc1")
        self.assertEqual(st.outcome, ag.Outcome(ag.AG_OUTCOME_WIN, 1, ag.AG_END_CAPTURES))
        self.assertEqual(st.current_player, ag.AG_PLAYER_TERMINAL)


class ErrorTest(unittest.TestCase):
    def assertCode(self, cm, code, exc_type):
        self.assertIsInstance(cm.exception, exc_type)
        self.assertEqual(cm.exception.code, code)
        self.assertEqual(cm.exception.name, ag.strerror(code))
        self.assertTrue(str(cm.exception))
        self.assertEqual(str(cm.exception), ag.errmsg())

    def test_spec_errors(self):
        with self.assertRaises(ag.Error) as cm:
            ag.Game("no_such_game")
        self.assertCode(cm, ag.AG_ENOTFOUND, ag.Error)
        with self.assertRaises(ag.Error) as cm:
            ag.Game("hare(no_such_option=1)")
        self.assertCode(cm, ag.AG_ENOTFOUND, ag.Error)
        with self.assertRaises(ag.ParseError) as cm:
            ag.Game("hare(hunters=13)")
        self.assertCode(cm, ag.AG_EPARSE, ValueError)
        with self.assertRaises(ag.ParseError) as cm:
            ag.Game("hare(hunters=")
        self.assertCode(cm, ag.AG_EPARSE, ag.ParseError)

    def test_position_parse_error_leaves_state(self):
        for name in ag.game_names():
            st = ag.Game(name).new_state()
            rng = ag.Rng(9)
            for _ in range(5):
                if not st.is_terminal:
                    play(st, *random_move(st, rng))
            text, h = st.to_text(), st.hash
            for bad in ("", "garbage", text + " junk", text[:-1] + "\x01", text[: len(text) // 2]):
                with self.subTest(game=name, bad=bad):
                    with self.assertRaises(ag.ParseError) as cm:
                        st.set_text(bad)
                    self.assertCode(cm, ag.AG_EPARSE, ag.ParseError)
                    self.assertIn("byte", str(cm.exception))
                    self.assertEqual((st.to_text(), st.hash), (text, h))

    def test_illegal_move(self):
        g = ag.Game("hare")
        st = g.new_state()
        with self.assertRaises(ag.IllegalMoveError) as cm:
            st.apply("c3-d4")                      # the hare's step, hunters to move
        self.assertCode(cm, ag.AG_EILLEGAL, ValueError)
        self.assertEqual(st.ply, 0)
        with self.assertRaises(ag.ParseError):
            st.apply("z9-z8")
        with self.assertRaises(ag.ParseError):
            g.move_from_text("a1-c3")              # not adjacent
        with self.assertRaises(ag.Error) as cm:
            g.move_to_text(0)
        self.assertCode(cm, ag.AG_EINVAL, ag.Error)

    def test_phase_errors(self):
        g = ag.Game("hare")
        st = g.new_state()
        with self.assertRaises(ag.PhaseError) as cm:
            st.undo()
        self.assertCode(cm, ag.AG_EPHASE, RuntimeError)
        with self.assertRaises(ag.PhaseError):
            st.chance_outcomes()
        with self.assertRaises(ag.PhaseError):
            st.sample_chance(ag.Rng(1))
        with self.assertRaises(ag.PhaseError):
            st.apply_joint([st.legal_moves()[0], st.legal_moves()[0]])

    def test_simultaneous_phase_errors(self):
        for name in ag.game_names():
            g = ag.Game(name)
            if not g.flags & ag.AG_GAME_SIMULTANEOUS:
                continue
            st, rng = g.new_state(), ag.Rng(1)
            while st.current_player != ag.AG_PLAYER_SIMULTANEOUS:
                play(st, *random_move(st, rng))
            with self.assertRaises(ag.PhaseError):
                st.apply(st.legal_moves(0)[0])
            with self.assertRaises(ag.Error) as cm:
                st.apply_joint(st.legal_moves(0)[:1])  # one choice for two players
            self.assertEqual(cm.exception.code, ag.AG_EINVAL)

    def test_mismatch_and_types(self):
        names = ag.game_names()
        a = ag.Game(names[0]).new_state()
        b = ag.Game(names[-1]).new_state()
        if names[0] != names[-1]:
            with self.assertRaises(ag.Error) as cm:
                a.equal(b)
            self.assertEqual(cm.exception.code, ag.AG_EMISMATCH)
        with self.assertRaises(ctypes.ArgumentError):
            ag._lib.ag_state_apply(a.game.handle, 1)      # a game where a state is due
        with self.assertRaises(ag.Error) as cm:
            ag._lib.ag_state_apply(None, 1)
        self.assertEqual(cm.exception.code, ag.AG_EINVAL)


class RecordTest(unittest.TestCase):
    def test_random_games_round_trip(self):
        for name in ag.game_names():
            g = ag.Game(name)
            for seed in SEEDS:
                with self.subTest(game=name, seed=seed):
                    st, rng = g.new_state(), ag.Rng(seed)
                    while not st.is_terminal and st.ply < MAX_PLIES:
                        play(st, *random_move(st, rng))
                    st.set_tag("Seed", str(seed))
                    rec = st.record()
                    back = g.read_record(rec)
                    self.assertEqual(back.record(), rec)
                    self.assertEqual(back.history(), st.history())
                    self.assertEqual(back.to_text(), st.to_text())
                    self.assertEqual(back.hash, st.hash)
                    self.assertEqual(back.outcome, st.outcome)
                    self.assertEqual(back.tag("Seed"), str(seed))
                    self.assertEqual(back.start_text(), g.new_state().to_text())
                    while back.ply:
                        back.undo()
                        st.undo()
                        self.assertEqual(back.to_text(), st.to_text())

    def test_record_text_and_tags(self):
        st = ag.Game("hare(hunters=11)").new_state()
        st.set_record('[Game "hare(hunters=11)"]\r\n[Event "x \\"y\\""]\r\n'
                      '1. b2-b3 ; a comment\r\n2. c3-c4\r\n')
        self.assertEqual(st.ply, 2)
        self.assertEqual(st.tag("Event"), 'x "y"')
        self.assertIsNone(st.tag("Round"))
        st.set_tag("Round", "1").set_tag("Event", None)
        self.assertEqual(st.record(),
                         '[Game "hare(hunters=11,first=hunters,chain=1,repetition=3,'
                         'max_plies=1000)"]\n[Result "*"]\n[Round "1"]\n\n'
                         '1. b2-b3\n2. c3-c4\n')
        with self.assertRaises(ag.Error) as cm:
            st.set_tag("Result", "1-0")
        self.assertEqual(cm.exception.code, ag.AG_EINVAL)

    def test_broken_records_leave_the_state(self):
        st = ag.Game("hare").new_state()
        st.apply("a3-a4")
        before = st.record()
        with self.assertRaises(ag.ParseError) as cm:
            st.set_record('[Game "hare"]\n1. a3-a4\n2.')
        self.assertIn("record line 3, byte 25", str(cm.exception))
        with self.assertRaises(ag.IllegalMoveError) as cm:
            st.set_record('[Game "hare"]\n1. c3-c4\n')
        self.assertIn("ply 1", str(cm.exception))
        with self.assertRaises(ag.Error) as cm:
            st.set_record('[Game "hare(hunters=10)"]\n')
        self.assertEqual(cm.exception.code, ag.AG_EMISMATCH)
        self.assertEqual(st.record(), before)
        self.assertEqual(st.ply, 1)


class LifetimeTest(unittest.TestCase):
    def test_state_keeps_game_alive(self):
        st = ag.Game("hare").new_state()
        gc.collect()
        self.assertEqual(len(st.legal_moves()), 8)
        self.assertIn("hunters", str(st))

    def test_close(self):
        g = ag.Game("hare")
        st = g.new_state()
        with g.new_state() as other:
            other.apply(other.legal_moves()[0])
        with self.assertRaises(ValueError):
            other.to_text()
        g.close()
        with self.assertRaises(ValueError):
            st.to_text()

    def test_threads_on_separate_states(self):
        g = ag.Game("hare")
        expect = [g.new_state().playout(ag.Rng(s)) for s in range(8)]
        got = [None] * 8

        def work(i):
            got[i] = g.new_state().playout(ag.Rng(i))
        threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(got, expect)


class AiTest(unittest.TestCase):
    PARAMS = ("random", "mcts(iterations=50)")

    def test_ai_chooses_a_legal_move(self):
        for name in ag.game_names():
            for params in self.PARAMS:
                with self.subTest(game=name, params=params):
                    st, rng = ag.Game(name).new_state(), ag.Rng(1)
                    for _ in range(6):
                        if st.is_terminal:
                            break
                        p = st.current_player
                        if p == ag.AG_PLAYER_SIMULTANEOUS:
                            joint = ag.ai_choose_joint(st, params, ag.Rng(2))
                            for q in range(2):
                                self.assertIn(joint[q], st.legal_moves(q))
                                self.assertIn(ag.ai_choose(st, params, ag.Rng(2), player=q),
                                              st.legal_moves(q))
                            with self.assertRaises(ag.PhaseError):
                                ag.ai_choose(st, params, ag.Rng(2))
                        else:
                            m = ag.ai_choose(st, params, ag.Rng(2))
                            self.assertIn(m, st.legal_moves(p))
                        play(st, *random_move(st, rng))

    def test_same_seed_same_choice(self):
        st = ag.Game("hare").new_state()
        a = ag.ai_choose(st, "mcts(iterations=100)", ag.Rng(9))
        b = ag.ai_choose(st, "mcts(iterations=100)", ag.Rng(9))
        self.assertEqual(a, b)

    def test_bad_params(self):
        st = ag.Game("hare").new_state()
        with self.assertRaises(ag.Error) as cm:
            ag.ai_choose(st, "no_such_player", ag.Rng(1))
        self.assertIn(cm.exception.code, (ag.AG_ENOTFOUND, ag.AG_EPARSE))
        with self.assertRaises(ag.Error) as cm:
            ag.ai_choose(st, "ai(c=1.5)", ag.Rng(1))       # the hare's ai is alphabeta
        self.assertEqual(cm.exception.code, ag.AG_EINVAL)

    def test_analyse_agrees_with_choose(self):
        st = ag.Game("hare").new_state()
        a = ag.ai_analyse(st, "alphabeta(depth=3)", ag.Rng(4))
        self.assertEqual(a.best, ag.ai_choose(st, "alphabeta(depth=3)", ag.Rng(4)))
        self.assertEqual(a.player, 0)
        self.assertEqual(a.line[0], a.best)
        self.assertEqual([m.move for m in a.moves], st.legal_moves())
        self.assertAlmostEqual(sum(m.share for m in a.moves), 1.0)
        self.assertTrue(0 <= a.value <= 1)
        self.assertEqual(a.depth, 3)
        st = ag.Game("hare").new_state()
        st.set_text("OXX../X..../XXX../...../XXXXX X - 20")
        a = ag.ai_analyse(st, "ai", 1)
        self.assertEqual((a.proven, a.value, a.distance), (True, 1.0, 1))
        self.assertEqual(st.game.move_to_text(a.best), "b3-b4")

    def test_analyse_mcts_threads(self):
        st = ag.Game("liubo_fingers").new_state()
        a = ag.ai_analyse(st, "mcts(iterations=200,rollout=20,threads=2)", ag.Rng(3), player=1)
        b = ag.ai_analyse(st, "mcts(iterations=200,rollout=20,threads=2)", ag.Rng(3), player=1)
        self.assertEqual(a, b._replace(elapsed_us=a.elapsed_us))
        self.assertEqual(a.work, 200)
        self.assertIn(a.best, st.legal_moves(1))

    def test_stop_flag_from_another_thread(self):
        st = ag.Game("liubo_sticks").new_state()
        st.apply(st.chance_outcomes()[0][0])
        flag = ag.StopFlag()
        timer = threading.Timer(0.05, flag.set)
        timer.start()
        with self.assertRaises(ag.CancelledError) as cm:
            ag.ai_analyse(st, "mcts(iterations=10000000)", 1, stop=flag)
        timer.join()
        self.assertEqual(cm.exception.code, ag.AG_ECANCELED)
        self.assertIn(cm.exception.analysis.best, st.legal_moves())
        calls = []
        with self.assertRaises(ag.CancelledError):
            # mcts: here liubo_sticks' "ai" (expectimax) has one move to play
            # and answers at once, before any poll
            ag.ai_analyse(st, "mcts(time_ms=100000)", 1, poll=lambda: calls.append(1) or
                          len(calls) >= 3)
        self.assertEqual(len(calls), 3)

    def test_solve_stops(self):
        g = ag.Game("hare(hunters=10)")
        flag = ag.StopFlag()
        flag.set()
        with self.assertRaises(ag.CancelledError):
            ag.Solution.solve(g, threads=1, stop=flag)
        with self.assertRaises(ag.CancelledError):
            ag.Solution.solve(g, threads=1, poll=lambda: True)


def run_python(code, timeout=600):
    """Runs code in a child interpreter with this package and library;
    returns (returncode, stdout + stderr).  A crash (abort, SIGSEGV) is a
    negative return code instead of the end of this test run."""
    import subprocess
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([os.path.dirname(os.path.abspath(__file__))] +
                                        [p for p in [env.get("PYTHONPATH")] if p])
    r = subprocess.run([sys.executable, "-c", code], env=env, timeout=timeout,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
    return r.returncode, r.stdout


def played_state(name, seed, plies):
    """A state of game name after up to plies random plies (chance and joint included)."""
    st, rng = ag.Game(name).new_state(), ag.Rng(seed)
    while st.ply < plies and not st.is_terminal:
        play(st, *random_move(st, rng))
    return st


class CrashTest(unittest.TestCase):
    """Each of these aborted the interpreter or read freed memory before."""

    def test_gc_frees_game_and_state_in_one_cycle(self):
        # A State in a frame <-> traceback cycle: the collector finalizes the
        # Game and the State in any order; ag_game_free used to assert (abort)
        # when the game went first.
        code = r"""
import gc, ancientgames as ag
gc.disable()
def keep(spec):
    st = ag.Game(spec).new_state()
    st.apply(st.legal_moves()[0]) if st.legal_moves() else None
    try:
        raise ValueError(spec)
    except ValueError as e:
        err = e                 # err -> traceback -> this frame -> err
for i in range(50):
    for name in ag.game_names():
        keep(name)
    gc.collect()
print("collected")
"""
        rc, out = run_python(code)
        self.assertEqual((rc, out.strip()), (0, "collected"))

    def test_close_while_another_thread_is_inside_a_call(self):
        # close() from the main thread while a worker is inside a long AI
        # call on the same state (then on its game): close waits for the call.
        code = r"""
import threading, time, ancientgames as ag
legal = ag.Game("hare").new_state().legal_moves()
for target in ("state", "game"):
    for attempt in range(5):
        g = ag.Game("hare")
        st = g.new_state()
        started, result = threading.Event(), []
        def work():
            started.set()
            try:
                # a wall-clock budget: the call lasts ~0.4 s on any machine
                result.append(ag.ai_choose(st, "mcts(iterations=10000000,time_ms=400)", ag.Rng(1)))
            except ValueError as e:              # closed before the call began
                result.append(e)
        t = threading.Thread(target=work)
        t.start()
        started.wait()
        time.sleep(0.05)
        in_flight = bool(st._h._busy)
        (st if target == "state" else g).close()
        assert st.closed and st._h.ptr is None and not st._h._busy
        t.join()
        r = result[0]
        assert isinstance(r, ValueError) or r in legal, r
        if in_flight:
            assert r in legal, r
            break
    print(target, "ok", "waited for a call in flight" if in_flight else "never in flight")
"""
        rc, out = run_python(code)
        self.assertEqual(rc, 0, out)
        self.assertIn("state ok waited", out)
        self.assertIn("game ok waited", out)

    def test_close_from_inside_a_call_refuses(self):
        st = ag.Game("hare").new_state()
        with st._h:                                 # as a callback inside a call would be
            with self.assertRaises(RuntimeError):
                st.close()
        self.assertFalse(st.closed)
        st.close()
        self.assertTrue(st.closed)
        with self.assertRaises(ValueError):
            st.legal_moves()

    def test_state_outlives_a_closed_game_handle(self):
        # The game's finalizer may run first: its handle stays until the state's goes.
        g = ag.Game("hare")
        st = g.new_state()
        g._h.finalize()                             # what the collector does
        self.assertEqual(len(st.legal_moves()), 8)  # the state still works
        self.assertIsNotNone(g._h.ptr)              # the game is not freed yet
        st.close()
        self.assertIsNone(g._h.ptr)                 # freed by its last state
        with self.assertRaises(ValueError):
            g.new_state()


class ArgumentTest(unittest.TestCase):
    """Out-of-range ints and NUL characters raise; nothing is truncated."""

    def setUp(self):
        self.g = ag.Game("hare")
        self.st = self.g.new_state()

    def test_out_of_range_ints(self):
        m = self.st.legal_moves()[0]
        for call in (lambda: self.st.apply(int(m) + (1 << 32)),
                     lambda: self.st.apply(-1),
                     lambda: self.st.is_legal(int(m) + (1 << 32)),
                     lambda: self.g.move_to_text(int(m) | (1 << 40)),
                     lambda: self.g.move_info(1 << 32),
                     lambda: self.st.legal_moves(player=2 ** 32),
                     lambda: self.st.legal_moves(player=-2 ** 31 - 1),
                     lambda: self.st.reserve(2 ** 64),
                     lambda: self.st.reserve(-1),
                     lambda: self.st.playout(ag.Rng(1), max_plies=-1),
                     lambda: self.st.pieces(2 ** 31),
                     lambda: self.st.info(ag.Info.CHAIN, 2 ** 32),
                     lambda: self.g.limit(2 ** 32),
                     lambda: ag.ai_choose(self.st, "random", ag.Rng(1), player=2 ** 32),
                     lambda: ag.Rng(-1), lambda: ag.Rng(2 ** 64),
                     lambda: ag.Rng(1).below(2 ** 64),
                     lambda: ag.Move(2 ** 32)):
            with self.subTest(call=call):
                with self.assertRaises(ag.RangeError) as cm:
                    call()
                self.assertIsInstance(cm.exception, ValueError)
                self.assertIsInstance(cm.exception, OverflowError)
        self.assertEqual(self.st.ply, 0)
        self.assertEqual(self.st.to_text(), "...../...../X.O.X/XXXXX/XXXXX X - 0")
        with self.assertRaises(TypeError):
            self.st.apply(1.5)
        self.st.reserve(100)                              # in range: fine
        self.assertEqual(ag.Rng(2 ** 64 - 1).state, 2 ** 64 - 1)

    def test_strings_with_nul(self):
        text = self.st.to_text()
        for call in (lambda: ag.Game("hare\0junk"),
                     lambda: self.st.set_text(text + "\0junk"),
                     lambda: self.st.apply("a3-a4\0"),
                     lambda: self.g.move_from_text("a3-a4\0x"),
                     lambda: self.g.node_find("c3\0"),
                     lambda: ag.ai_choose(self.st, "random\0junk", ag.Rng(1)),
                     lambda: ag.Solution.load("no\0file")):
            with self.subTest(call=call):
                with self.assertRaises(ValueError) as cm:
                    call()
                self.assertNotIsInstance(cm.exception, ag.Error)   # refused before C
        self.assertEqual((self.st.ply, self.st.to_text()), (0, text))


class PythonObjectTest(unittest.TestCase):
    def test_copy_is_independent(self):
        import copy
        for name in ag.game_names():
            st = played_state(name, 4, 6)
            text, hist = st.to_text(), st.history()
            for dup in (copy.copy(st), copy.deepcopy(st)):
                with self.subTest(game=name, dup=dup):
                    self.assertEqual((dup.to_text(), dup.history()), (text, hist))
                    self.assertIsNot(dup.handle, st.handle)
                    if not dup.is_terminal:
                        play(dup, *random_move(dup, ag.Rng(3)))
                    dup.undo().undo()
                    dup.close()
                    self.assertEqual((st.to_text(), st.history()), (text, hist))
            self.assertIs(copy.copy(st).game, st.game)
            self.assertIsNot(copy.deepcopy(st).game, st.game)

    def test_pickle_game_and_state(self):
        import pickle
        for name in ag.game_names():
            g = ag.Game(name)
            g2 = pickle.loads(pickle.dumps(g))
            self.assertEqual((g2.spec, g2), (g.spec, g))
            for plies in (0, 1, 7, 40):
                with self.subTest(game=name, plies=plies):
                    st = played_state(name, plies, plies)
                    back = pickle.loads(pickle.dumps(st))
                    self.assertEqual(back.to_text(), st.to_text())
                    self.assertEqual(back.history(), st.history())
                    self.assertEqual(back.ply, st.ply)
                    while back.ply:                       # the whole history came along
                        back.undo()
                        st.undo()
                        self.assertEqual(back.to_text(), st.to_text())
        # A state set from a position text keeps that start position.
        st = ag.Game("hare").new_state("...../XX.XX/X...X/XXXXX/OX... O - 7").apply("a1xc3")
        back = pickle.loads(pickle.dumps(st))
        self.assertEqual(back.undo().to_text(), "...../XX.XX/X...X/XXXXX/OX... O - 7")
        st.set_tag("Event", "pickled")                 # the record carries the tags
        self.assertEqual(pickle.loads(pickle.dumps(st)).tag("Event"), "pickled")
        m = st.legal_moves()[0]
        self.assertEqual(str(pickle.loads(pickle.dumps(m))), str(m))

    def test_states_cross_processes(self):
        import concurrent.futures
        import multiprocessing
        states = [played_state(name, 2, 5) for name in ag.game_names()]
        ctx = multiprocessing.get_context("spawn")
        with concurrent.futures.ProcessPoolExecutor(1, mp_context=ctx) as ex:
            texts = list(ex.map(ag.State.to_text, states))
        self.assertEqual(texts, [st.to_text() for st in states])

    def test_equality_and_hash(self):
        g = ag.Game("hare")
        a = g.new_state().apply("a3-a4").apply("c3-c4").apply("a4-a3").apply("c4-c3")
        b = g.new_state()
        self.assertNotEqual(a.history(), b.history())
        self.assertNotEqual(a.to_text(), b.to_text())      # the counter differs
        b.set_text(a.to_text())
        self.assertEqual(a, b)                             # same position, other history
        self.assertEqual(a.hash, b.hash)
        self.assertNotEqual(a, g.new_state())
        self.assertNotEqual(a, ag.Game("hare(hunters=11)").new_state())  # other game: not equal
        self.assertNotEqual(a, a.to_text())
        with self.assertRaises(TypeError):
            hash(a)
        with self.assertRaises(TypeError):
            {a}
        self.assertEqual(ag.Game("hare"), ag.Game("hare(hunters=12)"))
        self.assertEqual(len({ag.Game("hare"), ag.Game("hare")}), 1)

    def test_no_rng_means_fresh_seeds(self):
        st = ag.Game("hare").new_state()
        moves = {ag.ai_choose(st, "random") for _ in range(40)}
        self.assertGreater(len(moves), 1)
        self.assertNotEqual(ag.Rng().state, ag.Rng().state)
        sticks = played_state("liubo_sticks", 1, 0)
        while sticks.current_player != ag.AG_PLAYER_CHANCE:
            play(sticks, *random_move(sticks, ag.Rng(1)))
        self.assertGreater(len({sticks.sample_chance() for _ in range(40)}), 1)
        results = {ag.Game("hare").new_state().playout() for _ in range(10)}
        self.assertGreater(len(results), 1)
        # explicit seeds: reproducible, and an int seed is Rng(seed)
        self.assertEqual(ag.ai_choose(st, "random", 5), ag.ai_choose(st, "random", ag.Rng(5)))
        self.assertEqual(st.playout(7), st.playout(ag.Rng(7)))

    def test_move_type(self):
        g = ag.Game("hare")
        st = g.new_state()
        for m in st.legal_moves() + [ag.ai_choose(st, "random", 1)] + st.history():
            self.assertIsInstance(m, int)
            self.assertIsInstance(m, ag.Move)
            self.assertEqual(str(m), g.move_to_text(m))
            self.assertIn(str(m), repr(m))
            self.assertEqual(g.move_from_text(str(m)), m)
        m = g.move("c3xe5")
        self.assertEqual(m, (2 << 24) | (18 << 16) | (24 << 8) | 12)
        self.assertEqual((str(m), "%s" % m, "{}".format(m)), ("c3xe5",) * 3)
        self.assertEqual(m.game, g)
        self.assertIs(type(m + 1), int)
        self.assertEqual(str(ag.Move(0)), "0x00000000")
        st.apply(st.legal_moves()[0])
        self.assertEqual([str(x) for x in st.history()], ["e3-d3"])

    def test_enums_are_the_header_constants(self):
        consts = header_constants()
        for enum_type, prefix in ((ag.Player, "AG_PLAYER_"), (ag.OutcomeKind, "AG_OUTCOME_"),
                                  (ag.End, "AG_END_"), (ag.MoveKind, "AG_MOVE_"),
                                  (ag.NodeKind, "AG_NODE_"), (ag.EdgeKind, "AG_EDGE_"),
                                  (ag.PieceKind, "AG_PIECE_"), (ag.Limit, "AG_LIMIT_"),
                                  (ag.Info, "AG_INFO_"), (ag.GameFlag, "AG_GAME_"),
                                  (ag.MarkKind, "AG_MARK_"), (ag.MarkShape, "AG_SHAPE_")):
            header = {k[len(prefix):]: v for k, v in consts.items() if k.startswith(prefix)}
            header.pop("NONE", None) if enum_type is ag.MoveKind else None   # a move, not a kind
            with self.subTest(enum=enum_type.__name__):
                self.assertEqual({m.name: m.value for m in enum_type}, header)
        self.assertEqual(str(ag.End.PLY_LIMIT), ag.end_reason_name(ag.AG_END_PLY_LIMIT))
        st = played_state("hare", 1, 1000)
        o = st.outcome
        self.assertIsInstance(o.outcome, ag.OutcomeKind)
        self.assertIsInstance(o.reason, ag.End)
        self.assertIsInstance(st.playout(1).reason, ag.End)
        self.assertIsInstance(ag.Game("hare").nodes[0].kind, ag.NodeKind)
        self.assertIsInstance(ag.Game("hare").edges[0].kind, ag.EdgeKind)
        self.assertIsInstance(ag.Game("hare").move_info(st.history()[0]).kind, ag.MoveKind)
        for groups in st.board().values():
            for piece in groups:
                self.assertIsInstance(piece.kind, ag.PieceKind)


class PackagingTest(unittest.TestCase):
    def test_pyproject_version_is_the_library_version(self):
        top = os.environ.get("top_srcdir") or os.path.join(os.path.dirname(
            os.path.abspath(__file__)), os.pardir)
        with open(os.path.join(top, "python", "pyproject.toml"), encoding="utf-8") as f:
            text = f.read()
        # One pyproject.toml: the package's (issue 28); none at the top.
        self.assertFalse(os.path.exists(os.path.join(top, "pyproject.toml")))
        version = re.search(r'^version = "([^"]+)"$', text, re.M).group(1)
        self.assertEqual(version, ag.version_string())

    def test_library_search_order(self):
        # A wheel's own copy (in the package directory) comes first; an
        # explicit ANCIENTGAMES_LIB still overrides it.
        from ancientgames import _lib
        here = os.path.dirname(os.path.abspath(_lib.__file__))
        bundled = os.path.join(here, "libancientgames.so.0")
        real_exists = os.path.exists
        with unittest.mock.patch.dict(os.environ), \
                unittest.mock.patch("os.path.exists", lambda p: p == bundled or real_exists(p)):
            os.environ.pop("ANCIENTGAMES_LIB", None)
            names = _lib._candidates()
            self.assertEqual(names[0], bundled)
            self.assertEqual(names[-1], "libancientgames.so.0")
            os.environ["ANCIENTGAMES_LIB"] = "/x/libancientgames.so.0"
            self.assertEqual(_lib._candidates(), ["/x/libancientgames.so.0"])
        self.assertNotEqual(_lib._candidates()[:1], [bundled])    # none in the source tree

    def test_typed_package(self):
        here = os.path.dirname(os.path.abspath(ag.__file__))
        self.assertTrue(os.path.exists(os.path.join(here, "py.typed")))
        for name in ag.__all__:
            self.assertTrue(hasattr(ag, name), name)


class SvgTest(unittest.TestCase):
    def check_svg(self, st):
        import xml.etree.ElementTree as ET
        doc = st.svg()
        self.assertEqual(st._repr_svg_(), doc)
        root = ET.fromstring(doc.encode("utf-8"))              # well-formed
        self.assertEqual(root.tag, "{http://www.w3.org/2000/svg}svg")
        nodes = [e for e in root.iter() if "node" in e.get("class", "").split()]
        self.assertEqual([e.get("data-name") for e in nodes], [n.name for n in st.game.nodes])
        pieces = [e for e in root.iter() if e.get("class") == "piece"]
        groups = sum(len(v) for v in st.board().values())
        self.assertEqual(len(pieces), groups)
        return doc

    def test_marks(self):
        # Game.marks is ag_game_mark's list: the frame first, the pattern's
        # strokes with the node each belongs to.
        counts = {"hare": 1, "liubo_sticks": 14, "liubo_fingers": 13, "fox_and_hens": 1}
        # The cross's frame is its outline, a polygon; the square boards' a rectangle.
        frames = {"fox_and_hens": ag.MarkShape.POLYGON}
        for name in ag.game_names():
            with self.subTest(game=name):
                g = ag.Game(name)
                if name in counts:
                    self.assertEqual(len(g.marks), counts[name])
                self.assertEqual(g.marks[0].kind, ag.MarkKind.FRAME)
                self.assertEqual(g.marks[0].shape, frames.get(name, ag.MarkShape.RECT))
                self.assertIsNone(g.marks[0].node)
        cross = ag.Game("fox_and_hens").marks[0]
        self.assertEqual(len(cross.points), 12)
        self.assertEqual(cross.points[:3], ((1.6, -0.4), (4.4, -0.4), (4.4, 1.6)))
        sticks = ag.Game("liubo_sticks")
        square = sticks.marks[1]
        self.assertEqual((square.kind, square.shape), (ag.MarkKind.PATTERN, ag.MarkShape.RECT))
        self.assertEqual(sticks.nodes[square.node].name, "X")
        self.assertEqual((square.x0, square.y0, square.x1, square.y1), (4.0, 4.0, 8.0, 8.0))
        self.assertEqual((square.r, square.points, square.text), (0.0, (), None))
        self.assertEqual([sticks.nodes[m.node].name for m in sticks.marks[2:6]], ["A", "R", "D", "U"])
        fingers = ag.Game("liubo_fingers")
        self.assertEqual(fingers.marks[0][3:7], (0.0, 0.0, 24.0, 24.0))
        self.assertEqual([fingers.nodes[m.node].name for m in fingers.marks[1:4]],
                         ["V_NE", "V_NE", "Lb_N"])
        self.assertEqual(ag.Game("hare").marks[0][3:7], (-0.4, -0.4, 4.4, 4.4))

    def test_svg_is_the_library_drawing(self):
        # The bytes of ag_state_svg, the README's pictures among them.
        top = os.environ.get("top_srcdir")
        for name in ("hare", "liubo_sticks", "liubo_fingers"):
            doc = ag.Game(name).new_state().svg()
            if top:
                with open(os.path.join(top, "doc", name + ".svg"), encoding="utf-8") as f:
                    self.assertEqual(doc, f.read())
            self.assertTrue(doc.endswith("</svg>\n"))

    def test_every_game_draws(self):
        ag_svg = os.path.join(os.environ.get("top_builddir", ""), "examples", "ag-svg")
        for name in ag.game_names():
            for plies in (0, 9):
                with self.subTest(game=name, plies=plies):
                    st = played_state(name, 6, plies)
                    doc = self.check_svg(st)
                    if os.environ.get("top_builddir") and os.access(ag_svg, os.X_OK):
                        import subprocess
                        c = subprocess.run([ag_svg, st.game.spec, "--position", st.to_text()],
                                           stdout=subprocess.PIPE, check=True).stdout
                        self.assertEqual(doc, c.decode("utf-8"), "not the picture of ag-svg")



class PlayoutsTest(unittest.TestCase):
    """State.playouts (ag_state_playouts): the totals of playout i with the RNG
    state of the (i+1)-th output from the seed, the same on any thread count."""

    def test_totals_match_single_playouts(self):
        for name in ag.game_names():
            st = ag.Game(name).new_state()
            seed, count, cap = 2024, 40, 60 if name == "liubo_fingers" else 0
            rng, plies, wins, draws, unfinished = ag.Rng(seed), 0, [0, 0], 0, 0
            for _ in range(count):
                r = st.playout(ag.Rng(rng.next()), max_plies=cap)
                plies += r.plies
                if r.outcome == ag.OutcomeKind.WIN:
                    wins[r.winner] += 1
                elif r.outcome == ag.OutcomeKind.DRAW:
                    draws += 1
                else:
                    unfinished += 1
            want = ag.PlayoutTotals(count, plies, (wins[0], wins[1]), draws, unfinished)
            for threads in (1, 2, 3, 0):
                self.assertEqual(st.playouts(count, seed, max_plies=cap, threads=threads), want,
                                 "%s on %d threads" % (name, threads))

    def test_empty_and_bad_arguments(self):
        st = ag.Game("hare").new_state()
        self.assertEqual(st.playouts(0, 5), ag.PlayoutTotals(0, 0, (0, 0), 0, 0))
        with self.assertRaises(ag.RangeError):
            st.playouts(-1)
        with self.assertRaises(TypeError):
            st.playouts(1.5)


class FacesTest(unittest.TestCase):
    """Issue 26: one argument order, read_record, __version__, a cancellable choice."""

    def test_c_argument_order_and_the_old_one(self):
        st = ag.Game("hare").new_state()
        ref = ag.ai_analyse(st, player=0, params="ai(nodes=3000)", rng=7)
        for a in (ag.ai_analyse(st, 0, "ai(nodes=3000)", 7),           # C's order
                  ag.ai_analyse(st, 0, "ai(nodes=3000)", rng=7),
                  ag.ai_analyse(st, "ai(nodes=3000)", 7, 0),           # the 0.2 order
                  ag.ai_analyse(st, "ai(nodes=3000)", rng=7, player=0),
                  ag.ai_analyse(st, params="ai(nodes=3000)", rng=7)):
            self.assertEqual((a.best, a.value, a.line), (ref.best, ref.value, ref.line))
        m = ag.ai_choose(st, 0, "mcts(iterations=80)", 5)
        self.assertEqual(m, ag.ai_choose(st, "mcts(iterations=80)", 5))
        self.assertEqual(m, ag.ai_choose(st, "mcts(iterations=80)", ag.Rng(5), player=0))
        self.assertEqual(m, ag.ai_choose(st, params="mcts(iterations=80)", rng=5, player=0))
        with self.assertRaises(TypeError):
            ag.ai_choose(st, 0, "ai", 1, player=0)
        with self.assertRaises(ag.PhaseError):
            ag.ai_analyse(st, 1, "ai")                  # the hare does not act now

    def test_read_record_any_game(self):
        for name in ag.game_names():
            st = ag.Game(name).new_state()
            rng = ag.Rng(3)
            for _ in range(12):
                if st.is_terminal:
                    break
                if st.current_player == ag.AG_PLAYER_SIMULTANEOUS:
                    st.apply_joint(ag.ai_choose_joint(st, "random", rng))
                else:
                    st.apply(ag.ai_choose(st, params="random", rng=rng))
            st.set_tag("Event", "faces")
            back = ag.read_record("; saved\n[Gamer \"x\"]\n" + st.record())
            self.assertEqual(back.game.spec, st.game.spec)
            self.assertEqual((back.ply, back.to_text(), back.history()),
                             (st.ply, st.to_text(), st.history()))
            self.assertEqual(back.tag("Event"), "faces")
        with self.assertRaises(ag.ParseError):
            ag.read_record('[Gamer "hare"]\n1. a3-a4\n')
        with self.assertRaises(ag.IllegalMoveError):
            ag.read_record('[Game "hare"]\n1. a1-a2\n')

    def test_version(self):
        self.assertEqual(ag.__version__, ag.version_string())
        self.assertRegex(ag.__version__, r"^\d+\.\d+\.\d+$")

    def test_choose_cancelled(self):
        st = ag.Game("hare").new_state()
        calls = []
        with self.assertRaises(ag.CancelledError) as cm:
            ag.ai_choose(st, 0, "mcts(iterations=10000000)", 1,
                         poll=lambda: calls.append(1) or len(calls) >= 3)
        self.assertEqual(len(calls), 3)
        self.assertIn(cm.exception.move, st.legal_moves())
        flag = ag.StopFlag()
        flag.set()
        with self.assertRaises(ag.CancelledError) as cm:
            ag.ai_choose(st, params="alphabeta(time_ms=600000)", rng=1, stop=flag)
        self.assertIsNone(cm.exception.move)
        flag.clear()
        self.assertEqual(ag.ai_choose(st, 0, "mcts(iterations=60)", 4, stop=flag),
                         ag.ai_choose(st, 0, "mcts(iterations=60)", 4))

if __name__ == "__main__":
    unittest.main()
