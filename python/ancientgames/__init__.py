# SPDX-License-Identifier: MIT
"""ancientgames -- pure-ctypes binding of libancientgames (package liboldgames).

Rules engines for four ancient board games: the hare hunt ("hare"), the fox
and the hens ("fox_and_hens"), liubo with throwing sticks ("liubo_sticks")
and liubo with finger-guessing ("liubo_fingers").  This package binds the whole public API of
<ancientgames.h>; see ancientgames(7) for the concepts.

    >>> import ancientgames as ag
    >>> s = ag.Game("hare").new_state()
    >>> s.legal_moves()[:3]
    [<Move e3-d3 0x01040d0e>, <Move a3-b3 0x01050b0a>, <Move e3-d4 0x0106120e>]
    >>> print(s.legal_moves()[0])
    e3-d3
    >>> s.apply("a3-a4").to_text()
    '...../X..../..O.X/XXXXX/XXXXX O - 1'
    >>> s.playout(ag.Rng(42))
    PlayoutResult(outcome=<OutcomeKind.WIN: 1>, plies=45, winner=1, reason=<End.CAPTURES: 2>)

Moves are Move values (an int that prints as its notation); outcomes, end
reasons and kinds are enums named like the C constants (End.PLY_LIMIT is
AG_END_PLY_LIMIT).  A State is mutable: == compares positions (the history
does not count), hash(state) raises TypeError, and state.hash is the
position's 64-bit hash.  copy.copy(), copy.deepcopy() and pickle give
independent states with the same position and history.  Leaving out rng
draws a fresh seed from os.urandom() for each call; an Rng or an int seed
makes the call reproducible.

The library is found through $ANCIENTGAMES_LIB (an exact path), then the
copy inside the package directory (libancientgames.so.0: a wheel's, or an
sdist's built at install time), then the
library that `make install' installed with this package (_config.py), then
the build tree next to the package (../../lib/.libs/libancientgames.so), then
ctypes.util.find_library("ancientgames"), then the SONAME libancientgames.so.0
(on Windows libancientgames-0.dll, on macOS libancientgames.0.dylib).

Every failing call raises Error (or ParseError, IllegalMoveError, PhaseError,
MemoryError) carrying the library's code and this thread's message.  An int
argument outside its C type raises RangeError (both an OverflowError and a
ValueError), a string with a NUL character ValueError: nothing is truncated.

Threading is as in C: a Game may be shared by threads, a State may be used by
one thread at a time (ctypes releases the GIL during each call).  close()
from one thread while another is inside a call on the same object waits for
that call to return; a call on a closed object raises ValueError.  A State
keeps its Game alive until the state is freed, whatever the order in which
they are closed or garbage-collected.
"""
from __future__ import annotations

import ctypes
import enum
import operator
import os
import signal
import threading
import weakref
from typing import (Any, Callable, Dict, Iterable, List, NamedTuple, Optional, Sequence,
                    Tuple, Type, TypeVar, Union)

from . import _lib
from ._constants import *  # noqa: F401,F403  (the AG_* constants of the header)
from ._constants import (AG_LIMIT_LEGAL_MOVES, AG_LIMIT_CHANCE_OUTCOMES, AG_LIMIT_MOVE_TEXT,
                         AG_LIMIT_POSITION_TEXT, AG_LIMIT_RENDER_TEXT, AG_PLAYER_TERMINAL,
                         AG_PLAYER_SIMULTANEOUS, AG_EINVAL, AG_OK, AG_EBUFS,
                         AG_ENOTFOUND, AG_ECANCELED)
from ._handle import Owned as _Owned
from ._lib import Error, ParseError, IllegalMoveError, PhaseError, CancelledError, errmsg

from ._lib import Error, ParseError, IllegalMoveError, PhaseError, errmsg
from . import tensor

__all__ = [
    "Error", "ParseError", "IllegalMoveError", "PhaseError", "CancelledError", "RangeError",
    "Game", "State", "Move", "Rng", "Node", "Edge", "Piece", "Outcome", "PlayoutResult",
    "PlayoutTotals",
    "MoveInfo", "version", "version_string", "strerror", "errmsg", "game_names",
    "end_reason_name", "outcome_name", "move_kind_name", "piece_kind_name",
    "node_kind_name", "edge_kind_name", "mark_kind_name", "mark_shape_name", "Mark",
    "Player", "OutcomeKind", "End", "MoveKind", "NodeKind", "EdgeKind", "PieceKind",
    "MarkKind", "MarkShape",
    "Limit", "Info", "GameFlag",
    "ai_choose", "ai_choose_joint", "ai_analyse", "Analysis", "RootMove", "StopFlag",
    "Solution", "VectorEnv", "VecStep", "read_record", "__version__",
]

# ------------------------------------------------------------------ enums
# Same names and values as the header's constants (a test compares them):
# End.PLY_LIMIT is AG_END_PLY_LIMIT; str() gives the library's name of the
# code (ag_end_reason_name() and friends): "ply_limit".


class _Named(enum.IntEnum):
    def __str__(self) -> str:
        return self.name.lower()


class Player(_Named):
    """The special values of State.current_player (players are 0 and 1)."""
    CHANCE = -1
    SIMULTANEOUS = -2
    NONE = -3
    TERMINAL = -4


class OutcomeKind(_Named):
    """AG_OUTCOME_*: whether the game is over, and how."""
    ONGOING = 0
    WIN = 1
    DRAW = 2


class End(_Named):
    """AG_END_*: why a game ended."""
    NONE = 0
    BLOCKED = 1
    CAPTURES = 2
    OWL = 3
    SCORE = 4
    PLY_LIMIT = 5
    REPETITION = 6
    FIVE = 7
    ALL_TAKEN = 8


class MoveKind(_Named):
    """AG_MOVE_* kinds, as Game.move_info() gives them."""
    STEP = 1
    JUMP = 2
    ENTER = 3
    CHANCE = 4
    CHOICE = 5
    PASS = 6
    RETURN = 7


class NodeKind(_Named):
    """AG_NODE_*: what a node of the board is."""
    POINT = 1
    RESERVE = 2
    PRISON = 3
    GOAL = 4


class EdgeKind(_Named):
    """AG_EDGE_*: how an edge of the board is used."""
    LINE = 1
    DIAGONAL = 2
    TRACK = 3
    SHORTCUT = 4
    SLIDE = 5
    JUMP = 6


class MarkKind(_Named):
    """AG_MARK_*: what a mark of the board is (since 0.4)."""
    FRAME = 1
    PATTERN = 2


class MarkShape(_Named):
    """AG_SHAPE_*: how a mark of the board is drawn (since 0.4)."""
    SEGMENT = 1
    RECT = 2
    CIRCLE = 3
    POLYGON = 4
    LABEL = 5


class PieceKind(_Named):
    """AG_PIECE_*: the kinds of pieces."""
    HARE = 1
    HUNTER = 2
    STONE = 3
    OWL = 4
    FISH = 5
    STICK = 6


class Limit(_Named):
    """AG_LIMIT_* selectors of Game.limit()."""
    LEGAL_MOVES = 1
    CHANCE_OUTCOMES = 2
    PLIES = 3
    POSITION_TEXT = 4
    MOVE_TEXT = 5
    RENDER_TEXT = 6


class Info(_Named):
    """AG_INFO_* keys of State.info()."""
    PENDING_STEPS = 1
    SCORE = 2
    CAPTURED = 3
    PRISONERS = 4
    COUNTER = 5
    RESERVE = 6
    CHAIN = 7


class GameFlag(enum.IntFlag):
    """AG_GAME_* flags of Game.flags."""
    CHANCE = 0x1
    SIMULTANEOUS = 0x2
    ASYMMETRIC = 0x4
    ZERO_SUM = 0x8


_E = TypeVar("_E", bound=enum.IntEnum)
_T = TypeVar("_T")


def _as(kind: Type[_E], value: int) -> _E:
    """The enum member of value, or the plain int for a code this version of
    the package does not know (a newer library)."""
    return kind._value2member_map_.get(value, value)  # type: ignore[return-value,arg-type]


# ------------------------------------------------------------------ arguments


class RangeError(OverflowError, ValueError):
    """An int argument outside the range of its C type (never truncated)."""


_SIZE_MAX = (1 << (8 * ctypes.sizeof(ctypes.c_size_t))) - 1
_INT_MIN, _INT_MAX = -(1 << 31), (1 << 31) - 1
_U32_MAX, _U64_MAX = (1 << 32) - 1, (1 << 64) - 1


def _cint(value: int, what: str, lo: int = _INT_MIN, hi: int = _INT_MAX) -> int:
    """value as a Python int in [lo, hi]; TypeError for a non-integer."""
    v = operator.index(value)
    if not lo <= v <= hi:
        raise RangeError("%s %d out of range [%d, %d]" % (what, v, lo, hi))
    return v


def _csize(value: int, what: str) -> int:
    return _cint(value, what, 0, _SIZE_MAX)


def _cstr(text: str, what: str) -> bytes:
    """text as UTF-8 for a C string; ValueError when it holds a NUL."""
    if not isinstance(text, str):
        raise TypeError("%s must be a str, not %s" % (what, type(text).__name__))
    if "\0" in text:
        raise ValueError("%s contains a NUL character: %r" % (what, text))
    return text.encode("utf-8")


def _cpath(path: Union[str, bytes, "os.PathLike[Any]"]) -> bytes:
    p = os.fsencode(path)
    if b"\0" in p:
        raise ValueError("path contains a NUL character: %r" % (p,))
    return p


# ------------------------------------------------------------------ library


def version() -> int:
    """The loaded library's version number, (major << 16) | (minor << 8) | patch."""
    return int(_lib.ag_version())


def read_record(text: str) -> State:
    """Opens a game record of any game (ag_state_new_from_record): a State of
    the game its [Game] tag names, with the whole history (as
    chess.pgn.read_game).  ParseError, IllegalMoveError as for
    State.set_record()."""
    gp, sp = _lib.GameP(), _lib.StateP()
    _lib.ag_state_new_from_record(_cstr(text, "text"), ctypes.byref(gp), ctypes.byref(sp))
    try:
        game = Game("", _ptr=gp)
    except BaseException:
        _lib.ag_state_free(sp)
        _lib.ag_game_free(gp)
        raise
    return State(game, _ptr=sp)


def version_string() -> str:
    """The loaded library's version as text, e.g. "0.4.0"."""
    return str(_lib.ag_version_string().decode())


__version__: str = version_string()
"""The loaded library's version (ag_version_string), as packages give theirs."""


def strerror(code: int) -> str:
    """The name of an error code, e.g. "AG_EILLEGAL"."""
    return str(_lib.ag_strerror(_cint(code, "code")).decode())


def _name(fn: Callable[[int], Optional[bytes]], code: int) -> Optional[str]:
    name = fn(_cint(code, "code"))
    return None if name is None else name.decode()


def end_reason_name(reason: int) -> Optional[str]:
    """The name of an AG_END_* reason ("ply_limit"), None for an unknown code;
    End[name.upper()] is the enum member."""
    return _name(_lib.ag_end_reason_name, reason)


def outcome_name(outcome: int) -> Optional[str]:
    """The name of an AG_OUTCOME_* value ("win"), None for an unknown code."""
    return _name(_lib.ag_outcome_name, outcome)


def move_kind_name(kind: int) -> Optional[str]:
    """The name of an AG_MOVE_* kind ("jump"), None for an unknown code."""
    return _name(_lib.ag_move_kind_name, kind)


def piece_kind_name(kind: int) -> Optional[str]:
    """The name of an AG_PIECE_* kind ("hunter"), None for an unknown code."""
    return _name(_lib.ag_piece_kind_name, kind)


def node_kind_name(kind: int) -> Optional[str]:
    """The name of an AG_NODE_* kind ("prison"), None for an unknown code."""
    return _name(_lib.ag_node_kind_name, kind)


def edge_kind_name(kind: int) -> Optional[str]:
    """The name of an AG_EDGE_* kind ("diagonal"), None for an unknown code."""
    return _name(_lib.ag_edge_kind_name, kind)


def mark_kind_name(kind: int) -> Optional[str]:
    """The name of an AG_MARK_* kind ("frame"), None for an unknown code."""
    return _name(_lib.ag_mark_kind_name, kind)


def mark_shape_name(shape: int) -> Optional[str]:
    """The name of an AG_SHAPE_* shape ("segment"), None for an unknown code."""
    return _name(_lib.ag_mark_shape_name, shape)


def game_names() -> List[str]:
    """The names of the built-in games, in registry order."""
    return [_lib.ag_game_name_at(i).decode() for i in range(_lib.ag_game_count())]


class Rng:
    """The library's SplitMix64 generator: a 64-bit state for the C calls.

    Rng(seed).next() is ag_rng_next() and .below(n) is ag_rng_below() on
    .state, the 64-bit state, shared with the C calls that take an RNG
    (sample_chance, playout, the AI), which advance it.  Rng() without a
    seed starts from 64 bits of os.urandom()."""

    def __init__(self, seed: Optional[int] = None) -> None:
        if seed is None:
            seed = int.from_bytes(os.urandom(8), "little")
        self.state = _cint(seed, "seed", 0, _U64_MAX)

    def next(self) -> int:
        """The next 64-bit output (ag_rng_next)."""
        return int(self._with(_lib.ag_rng_next))

    def below(self, bound: int) -> int:
        """An unbiased draw in [0, bound) (ag_rng_below; 0 for bound 0 or 1)."""
        b = _cint(bound, "bound", 0, _U64_MAX)
        return int(self._with(lambda r: _lib.ag_rng_below(r, b)))

    def choice(self, seq: Sequence[_T]) -> _T:
        """seq[self.below(len(seq))]."""
        return seq[self.below(len(seq))]

    def _with(self, f: Callable[[Any], Any]) -> Any:
        """Calls f(pointer to a uint64_t holding .state), keeping .state in step."""
        cell = ctypes.c_uint64(self.state)
        try:
            return f(ctypes.byref(cell))
        finally:
            self.state = cell.value

    def __repr__(self) -> str:
        return "Rng(0x%016x)" % self.state


RngLike = Union[Rng, int, None]


def _as_rng(rng: RngLike) -> Rng:
    """An Rng from an Rng (used and advanced), an int seed, or None (a fresh
    seed from os.urandom())."""
    if isinstance(rng, Rng):
        return rng
    return Rng(rng)


# ------------------------------------------------------------------ values


class Node(NamedTuple):
    """A node of the board (ag_game_node)."""
    index: int  # type: ignore[assignment]  # the field, not tuple.index
    name: str
    x: int
    y: int
    kind: NodeKind


class Edge(NamedTuple):
    """An edge between nodes a and b (ag_game_edge)."""
    a: int
    b: int
    kind: EdgeKind


class Mark(NamedTuple):
    """A mark of the board (ag_game_mark): its frame or a stroke of its pattern,
    in node coordinates.  node is the node it belongs to, None for the whole
    board; (x0, y0)-(x1, y1) are a segment's ends or a rectangle's corners,
    (x0, y0) a circle's or label's centre; points a polygon's corners."""
    kind: MarkKind
    shape: MarkShape
    node: Optional[int]
    x0: float
    y0: float
    x1: float
    y1: float
    r: float
    points: Tuple[Tuple[float, float], ...]
    text: Optional[str]


class Piece(NamedTuple):
    """A group of count pieces of one owner and kind on a node (ag_state_piece)."""
    owner: int
    kind: PieceKind
    count: int  # type: ignore[assignment]  # the field, not tuple.count


class Outcome(NamedTuple):
    """ag_state_outcome(): winner is 0 or 1, or None while the game goes on
    or when it ended drawn (C's Player.NONE, -3)."""
    outcome: OutcomeKind
    winner: Optional[int]
    reason: End


def _winner(value: int) -> Optional[int]:
    """A winner from C: the player, or None for Player.NONE (no winner)."""
    return value if value >= 0 else None


class PlayoutResult(NamedTuple):
    """ag_state_playout(): how a random game to the end went (winner None
    when nobody won, as in Outcome)."""
    outcome: OutcomeKind
    plies: int
    winner: Optional[int]
    reason: End


class PlayoutTotals(NamedTuple):
    """ag_state_playouts(): how a batch of random games went, summed."""
    playouts: int
    plies: int
    wins: Tuple[int, int]
    draws: int
    unfinished: int


class MoveInfo(NamedTuple):
    """ag_move_info(): source and target are node indices, or -1."""
    kind: MoveKind
    source: int
    target: int


class Move(int):
    """A move value (an int, as in C) that knows its game: str() is its
    notation ("c3xe5"), repr() both.  Arithmetic gives plain ints."""

    game: Optional[Game]

    def __new__(cls, value: int, game: Optional[Game] = None) -> Move:
        m = int.__new__(cls, _cint(value, "move", 0, _U32_MAX))
        m.game = game
        return m

    def __str__(self) -> str:
        if self.game is not None:
            try:
                return self.game.move_to_text(self)
            except (Error, ValueError):
                pass                     # not a move of that game, or the game is closed
        return "0x%08x" % self

    def __repr__(self) -> str:
        return "<Move %s 0x%08x>" % (self, self) if self.game is not None \
            else "Move(0x%08x)" % self

    def __reduce__(self) -> Tuple[Any, ...]:
        return (Move, (int(self), self.game))


MoveLike = Union[int, str]

# ------------------------------------------------------------------ games


class _Moves(Dict[int, "Move"]):
    """A state's Move objects by value, each made once (a Move is immutable),
    so that listing moves costs one dictionary lookup a move; at most 4096
    are kept (a few hundred kilobytes)."""

    __slots__ = ("game",)

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game

    def __missing__(self, value: int) -> Move:
        m = int.__new__(Move, value)
        m.game = self.game
        if len(self) < 4096:
            self[value] = m
        return m


class Game(_Owned):
    """Rules, options and geometry of one game, from a spec such as
    "hare(hunters=11)".  Immutable; may be shared by threads.  Games with
    the same canonical spec are equal; copies and pickles are new handles
    on the same spec."""

    _kind = "game"
    name: str
    spec: str
    flags: GameFlag
    num_players: int
    players: List[str]
    extent: Tuple[int, int]
    nodes: List[Node]
    edges: List[Edge]

    def __init__(self, spec: str, _ptr: Any = None) -> None:
        ptr = _ptr
        if ptr is None:
            ptr = _lib.GameP()
            _lib.ag_game_new(_cstr(spec, "spec"), ctypes.byref(ptr))
        h = self._own(ptr, _lib.ag_game_free)
        # The open states, for close() (by id: a State is not hashable).
        self._states: weakref.WeakValueDictionary[int, State] = weakref.WeakValueDictionary()
        with h as p:
            self.name = _lib.ag_game_name(p).decode()
            self.spec = _lib.ag_game_spec(p).decode()
            self.flags = GameFlag(_lib.ag_game_flags(p))
            self.num_players = _lib.ag_game_num_players(p)
            self.players = [_lib.ag_game_player_name(p, i).decode()
                            for i in range(self.num_players)]
            w, ht = ctypes.c_int(), ctypes.c_int()
            _lib.ag_game_extent(p, ctypes.byref(w), ctypes.byref(ht))
            self.extent = (w.value, ht.value)
            self.nodes = [self._node(p, i) for i in range(_lib.ag_game_num_nodes(p))]
            self.edges = [self._edge(p, i) for i in range(_lib.ag_game_num_edges(p))]
            self.marks = [self._mark(p, i) for i in range(_lib.ag_game_num_marks(p))]
        self._move_text_size = max(self.limit(AG_LIMIT_MOVE_TEXT), 16)

    @staticmethod
    def _node(p: Any, i: int) -> Node:
        x, y, kind = ctypes.c_int(), ctypes.c_int(), ctypes.c_int()
        _lib.ag_game_node(p, i, ctypes.byref(x), ctypes.byref(y), ctypes.byref(kind))
        return Node(i, _lib.ag_game_node_name(p, i).decode(), x.value, y.value,
                    _as(NodeKind, kind.value))

    @staticmethod
    def _edge(p: Any, i: int) -> Edge:
        a, b, kind = ctypes.c_int(), ctypes.c_int(), ctypes.c_int()
        _lib.ag_game_edge(p, i, ctypes.byref(a), ctypes.byref(b), ctypes.byref(kind))
        return Edge(a.value, b.value, _as(EdgeKind, kind.value))

    @staticmethod
    def _mark(p: Any, i: int) -> Mark:
        m = _lib.Mark()
        m.size = ctypes.sizeof(m)
        _lib.ag_game_mark(p, i, ctypes.byref(m))
        points = tuple((m.points[2 * k], m.points[2 * k + 1]) for k in range(m.num_points))
        return Mark(_as(MarkKind, m.kind), _as(MarkShape, m.shape),
                    None if m.node < 0 else m.node, m.x0, m.y0, m.x1, m.y1, m.r, points,
                    None if m.text is None else m.text.decode())

    def close(self) -> None:
        """Frees the game and every state still open on it (waiting for
        calls in flight on them in other threads)."""
        for st in list(self._states.values()):
            st.close()
        _Owned.close(self)

    def limit(self, which: int) -> int:
        """A size bound (Limit, AG_LIMIT_*); 0 for an unknown selector."""
        w = _cint(which, "limit")
        with self._h as p:
            return int(_lib.ag_game_limit(p, w))

    def node_find(self, name: str) -> int:
        """The index of the node called name (case-insensitive)."""
        out, b = ctypes.c_int(), _cstr(name, "node name")
        with self._h as p:
            _lib.ag_game_node_find(p, b, ctypes.byref(out))
        return out.value

    def move_to_text(self, move: int) -> str:
        """The text of a move, e.g. "c3xe5"."""
        m = _cint(move, "move", 0, _U32_MAX)
        buf = ctypes.create_string_buffer(self._move_text_size)  # per call: games are shared
        with self._h as p:
            _lib.ag_move_to_text(p, m, buf, len(buf), None)
        return buf.value.decode()

    def move_from_text(self, text: str) -> Move:
        """The move of a move text; ParseError when malformed."""
        out, b = _lib.c_move(), _cstr(text, "move text")
        with self._h as p:
            _lib.ag_move_from_text(p, b, ctypes.byref(out))
        return Move(out.value, self)

    def move(self, move: MoveLike) -> Move:
        """A Move of this game from a move value or a move text."""
        if isinstance(move, str):
            return self.move_from_text(move)
        return Move(move, self)

    def move_info(self, move: int) -> MoveInfo:
        """MoveInfo(kind, source, target) of a move; source/target are -1
        when they do not apply."""
        m = _cint(move, "move", 0, _U32_MAX)
        kind, frm, to = ctypes.c_int(), ctypes.c_int(), ctypes.c_int()
        with self._h as p:
            _lib.ag_move_info(p, m, ctypes.byref(kind), ctypes.byref(frm), ctypes.byref(to))
        return MoveInfo(_as(MoveKind, kind.value), frm.value, to.value)

    def new_state(self, text: Optional[str] = None) -> State:
        """A state at the initial position, or at the position text given."""
        return State(self, text)

    def read_record(self, text: str) -> State:
        """A new state of this game holding the game record `text`."""
        return self.new_state().set_record(text)

    # Learning tensors (ancientgames.tensor has the details).
    @property
    def num_actions(self) -> int:
        """The number of distinct actions (moves ag_move_info accepts)."""
        return tensor.num_actions(self)

    def action_move(self, action: int) -> Move:
        """The Move of an action."""
        return tensor.action_move(self, action)

    def move_action(self, move: Union[int, str]) -> int:
        """The action of a move (an int or a move text)."""
        return tensor.move_action(self, move)

    @property
    def observation_shape(self) -> Tuple[int, int]:
        """(planes, nodes) of the observation tensor."""
        return tensor.observation_shape(self)

    @property
    def observation_planes(self) -> List[str]:
        """The names of the observation's planes."""
        return tensor.plane_names(self)


    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self.spec == other.spec

    def __hash__(self) -> int:
        return hash(self.spec)

    def __copy__(self) -> Game:
        return Game(self.spec)

    def __deepcopy__(self, memo: Dict[int, Any]) -> Game:
        return Game(self.spec)

    def __reduce__(self) -> Tuple[Any, ...]:
        return (Game, (self.spec,))

    def __repr__(self) -> str:
        return "Game(%r)" % self.spec


# ------------------------------------------------------------------ states


def _from_record(game: Game, record: str) -> State:
    """The inverse of State.__reduce__: a state of game holding record."""
    return game.read_record(record)


class State(_Owned):
    """A position with its undo history.  Keeps its Game alive; use one
    state from one thread at a time.

    == compares positions (ag_state_equal: the same game spec and the same
    position; the history does not count).  A State is mutable, so it is
    not hashable; .hash is the position's 64-bit hash."""

    _kind = "state"
    __hash__ = None  # type: ignore[assignment]

    def __init__(self, game: Union[Game, str], text: Optional[str] = None,
                 _ptr: Any = None) -> None:
        if isinstance(game, str):
            game = Game(game)
        self.game = game
        # _ptr (from clone()) is a state the caller made while holding
        # game._h, so the game is still unfreed here: freed below when this
        # object cannot take it (game closed meanwhile, out of memory).
        ptr = _ptr
        try:
            with game._h as gp:
                try:
                    if ptr is None:
                        ptr = _lib.StateP()
                        _lib.ag_state_new(gp, ctypes.byref(ptr))
                    self._own(ptr, _lib.ag_state_free, game._h)
                except BaseException:
                    # Freed inside the `with': leaving it may free a game that
                    # was closed meanwhile, which must have no state left
                    # (Game.new_state racing Game.close aborted in
                    # ag_game_free; found by test_properties.py).
                    if ptr is not None:
                        _lib.ag_state_free(ptr)
                        ptr = None
                    raise
        except BaseException:
            if ptr is not None:
                _lib.ag_state_free(ptr)
            raise
        game._states[id(self)] = self
        cap = max(game.limit(AG_LIMIT_LEGAL_MOVES), game.limit(AG_LIMIT_CHANCE_OUTCOMES), 2)
        self._moves = (_lib.c_move * cap)()
        self._weights = (ctypes.c_uint32 * cap)()
        self._text = ctypes.create_string_buffer(game.limit(AG_LIMIT_POSITION_TEXT) or 256)
        self._render: Optional[ctypes.Array[ctypes.c_char]] = None
        self._interned = _Moves(game)
        self._count = ctypes.c_size_t()        # the count of the last listing
        self._count_ref = ctypes.byref(self._count)
        if text is not None:
            self.set_text(text)

    def _move(self, move: MoveLike) -> int:
        """A move value from a value or a move text."""
        if type(move) is Move:                 # in range since it was made
            return move
        if isinstance(move, str):
            return int(self.game.move_from_text(move))
        return _cint(move, "move", 0, _U32_MAX)

    def _moves_of(self, values: Iterable[int]) -> List[Move]:
        """Moves of this game from values the library gave (in range: no check)."""
        return list(map(self._interned.__getitem__, values))

    # ---------------------------------------------------------- who moves

    @property
    def current_player(self) -> int:
        """0 or 1, or Player.CHANCE, SIMULTANEOUS or TERMINAL (negative)."""
        with self._h as h:
            p = int(_lib.ag_state_current_player(h))
        if p == AG_EINVAL:
            raise Error(p, errmsg())
        return p

    @property
    def is_terminal(self) -> bool:
        """Whether the game is over."""
        with self._h as h:
            return bool(_lib.ag_state_is_terminal(h))

    @property
    def ply(self) -> int:
        """Plies in the history (since creation, reset or set_text)."""
        with self._h as h:
            return int(_lib.ag_state_ply(h))

    def legal_moves(self, player: Optional[int] = None) -> List[Move]:
        """The ascending legal moves of player (default: the current player;
        at a chance node the outcomes, at a simultaneous node pass 0 or 1)."""
        pl = None if player is None else _cint(player, "player")
        n, moves = self._count, self._moves
        with self._h as h:                    # one entry for both calls
            if pl is None:
                pl = _lib.ag_state_current_player(h)
                if pl == AG_PLAYER_TERMINAL or pl == AG_PLAYER_SIMULTANEOUS:
                    return []
            _lib.ag_state_legal_moves(h, pl, moves, len(moves), self._count_ref)
        return list(map(self._interned.__getitem__, moves[:n.value]))

    def legal_texts(self, player: Optional[int] = None) -> List[str]:
        """legal_moves() as move texts."""
        return [self.game.move_to_text(m) for m in self.legal_moves(player)]

    def is_legal(self, move: MoveLike, player: Optional[int] = None) -> bool:
        """Whether move (value or text) is legal for player (default: current) now."""
        pl = self.current_player if player is None else _cint(player, "player")
        m = self._move(move)
        with self._h as h:
            return bool(_lib.ag_state_is_legal(h, pl, m))

    def chance_outcomes(self) -> List[Tuple[Move, int]]:
        """[(move, weight), ...] ascending; the probability of each is
        weight / sum of the weights.  PhaseError when not a chance node."""
        n, total = ctypes.c_size_t(), ctypes.c_uint32()
        with self._h as h:
            _lib.ag_state_chance_outcomes(h, self._moves, self._weights, len(self._moves),
                                          ctypes.byref(n), ctypes.byref(total))
        return list(zip(self._moves_of(self._moves[:n.value]), self._weights[:n.value]))

    def sample_chance(self, rng: RngLike = None) -> Move:
        """Draws a chance outcome with rng (an Rng, advanced; an int seed; None:
        a fresh seed); the state is unchanged."""
        out, r = _lib.c_move(), _as_rng(rng)
        with self._h as h:
            r._with(lambda c: _lib.ag_state_sample_chance(h, c, ctypes.byref(out)))
        return Move(out.value, self.game)

    # ---------------------------------------------------------- playing

    def apply(self, move: MoveLike) -> State:
        """Plays one move (value or text) as one ply; returns self."""
        m = self._move(move)
        with self._h as h:
            _lib.ag_state_apply(h, m)
        return self

    def apply_joint(self, moves: Sequence[MoveLike]) -> State:
        """Plays one choice per player (values or texts) at a simultaneous node."""
        arr = (_lib.c_move * len(moves))(*[self._move(m) for m in moves])
        with self._h as h:
            _lib.ag_state_apply_joint(h, arr, len(moves))
        return self

    def undo(self) -> State:
        """Takes back the last ply; PhaseError when the history is empty."""
        with self._h as h:
            _lib.ag_state_undo(h)
        return self

    def history(self) -> List[Move]:
        """The moves played, oldest first (a joint ply gives one per player)."""
        n = ctypes.c_size_t()
        with self._h as h:
            cap = _lib.ag_state_ply(h) * max(self.game.num_players, 1)
            buf = (_lib.c_move * max(cap, 1))()
            _lib.ag_state_history(h, buf, cap, ctypes.byref(n))
        return self._moves_of(buf[:n.value])

    def reset(self) -> State:
        """Back to the initial position, history cleared."""
        with self._h as h:
            _lib.ag_state_reset(h)
        return self

    def reserve(self, plies: int) -> None:
        """Reserves history for plies more plies."""
        n = _csize(plies, "plies")
        with self._h as h:
            _lib.ag_state_reserve(h, n)

    def playout(self, rng: RngLike = None, max_plies: int = 0) -> PlayoutResult:
        """A random game on a private copy with the library's reference random
        player, at most max_plies plies (0: no limit); returns
        PlayoutResult(outcome, plies, winner, reason).  rng is an Rng
        (advanced), an int seed, or None (a fresh seed)."""
        r, cap = _as_rng(rng), _csize(max_plies, "max_plies")
        plies, winner, reason = ctypes.c_size_t(), ctypes.c_int(), ctypes.c_int()
        with self._h as h:
            outcome = r._with(lambda c: _lib.ag_state_playout(
                h, c, cap, ctypes.byref(plies), ctypes.byref(winner), ctypes.byref(reason)))
        return PlayoutResult(_as(OutcomeKind, outcome), plies.value, _winner(winner.value),
                             _as(End, reason.value))

    def playouts(self, count: int, seed: int = 0, max_plies: int = 0,
                 threads: int = 0) -> PlayoutTotals:
        """count random games on private copies, on threads threads (0: one per
        CPU; the GIL is released), summed: PlayoutTotals(playouts, plies, wins,
        draws, unfinished).  Game i is playout(Rng(r)) where r is the
        (i+1)-th Rng(seed).next(): the same totals for every number of threads.
        Any count up to 2**64-1; Ctrl-C (KeyboardInterrupt) in the main thread
        stops the batch within about a millisecond per 32 playouts."""
        out = _lib.PlayoutTotals()
        n = _cint(count, "count", 0, 2 ** 64 - 1)
        s = _cint(seed, "seed", 0, 2 ** 64 - 1)
        cap, t, c = _csize(max_plies, "max_plies"), _cint(threads, "threads"), _Control()
        with self._h as h:
            c.run(lambda: _lib.ag_state_playouts_ex(h, s, n, cap, t, c.ref(), ctypes.byref(out)))
        return PlayoutTotals(out.playouts, out.plies, (out.wins[0], out.wins[1]), out.draws,
                             out.unfinished)

    def clone(self) -> State:
        """A deep copy on the same game, history included."""
        out = _lib.StateP()
        # The game stays in use from the clone until the new State owns it: a
        # Game.close() in another thread waits, or the new State raises
        # ValueError (game closed) after freeing the clone.
        with self.game._h:
            with self._h as h:
                _lib.ag_state_clone(h, ctypes.byref(out))
            return State(self.game, _ptr=out)

    def copy_from(self, other: State) -> State:
        """Makes this state a copy of other (same game)."""
        with self._h as h, other._h as oh:
            _lib.ag_state_copy(h, oh)
        return self

    def __copy__(self) -> State:
        return self.clone()

    def __deepcopy__(self, memo: Dict[int, Any]) -> State:
        import copy
        game = copy.deepcopy(self.game, memo)
        if game is self.game:
            return self.clone()
        return _from_record(game, self.record())

    def __reduce__(self) -> Tuple[Any, ...]:
        # The game record: spec, start position, every ply (chance and
        # joint ones included), tags; replayed on unpickling.
        return (_from_record, (self.game, self.record()))

    # ---------------------------------------------------------- position

    def observation(self, numpy: Optional[bool] = None) -> Any:
        """The observation tensor, (planes, nodes) floats: a NumPy array when
        NumPy is importable (or numpy=True), else lists."""
        return tensor.observation(self, numpy)

    def action_mask(self, player: Optional[int] = None, numpy: Optional[bool] = None) -> Any:
        """The legal action mask of player (default: the one to act)."""
        return tensor.action_mask(self, player, numpy)

    @property
    def hash(self) -> int:
        """The 64-bit Zobrist hash of the position (equal positions, equal hashes)."""
        with self._h as h:
            return int(_lib.ag_state_hash(h))

    def equal(self, other: State) -> bool:
        """Whether other holds the same position (history ignored); Error
        (AG_EMISMATCH) for a state of another game."""
        with self._h as h, other._h as oh:
            return bool(_lib.ag_state_equal(h, oh))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        if self.game.spec != other.game.spec:
            return False
        return self.equal(other)

    def pieces(self, node: int) -> List[Piece]:
        """The groups of pieces on a node: [Piece(owner, kind, count), ...]."""
        nd, out, i = _cint(node, "node"), [], 0
        owner, kind, count = ctypes.c_int(), ctypes.c_int(), ctypes.c_int()
        with self._h as h:
            while _lib.ag_state_piece(h, nd, i, ctypes.byref(owner), ctypes.byref(kind),
                                      ctypes.byref(count)):
                out.append(Piece(owner.value, _as(PieceKind, kind.value), count.value))
                i += 1
        return out

    def board(self) -> Dict[int, List[Piece]]:
        """{node index: [Piece, ...]} for every node holding pieces."""
        out = {}
        for node in range(len(self.game.nodes)):
            groups = self.pieces(node)
            if groups:
                out[node] = groups
        return out

    def info(self, key: int, index: int = 0) -> int:
        """A game-specific counter (Info, AG_INFO_*)."""
        k, i, value = _cint(key, "key"), _cint(index, "index"), ctypes.c_int()
        with self._h as h:
            _lib.ag_state_info(h, k, i, ctypes.byref(value))
        return value.value

    @property
    def outcome(self) -> Outcome:
        """Outcome(outcome, winner, reason): OutcomeKind, a player, End."""
        winner, reason = ctypes.c_int(), ctypes.c_int()
        with self._h as h:
            o = _lib.ag_state_outcome(h, ctypes.byref(winner), ctypes.byref(reason))
        return Outcome(_as(OutcomeKind, o), _winner(winner.value), _as(End, reason.value))

    def returns(self) -> List[float]:
        """Per-player returns: +1 win, -1 loss, 0 draw or ongoing."""
        n = self.game.num_players
        out = (ctypes.c_double * n)()
        with self._h as h:
            _lib.ag_state_returns(h, out, n)
        return list(out)

    # ---------------------------------------------------------- text

    def to_text(self) -> str:
        """The canonical one-line position text."""
        with self._h as h:
            _lib.ag_state_to_text(h, self._text, len(self._text), None)
            return str(self._text.value.decode())

    def set_text(self, text: str) -> State:
        """Sets the position from text (history cleared); ParseError when bad,
        and then the state is unchanged."""
        b = _cstr(text, "position text")
        with self._h as h:
            _lib.ag_state_set_text(h, b)
        return self

    # ---------------------------------------------------------- records

    def _sized_text(self, fn: Any, *args: Any) -> str:
        """Text from a buffer-protocol call: asks for the size, then fills."""
        n = ctypes.c_size_t()
        with self._h as h:
            rc = fn(h, *args, None, 0, ctypes.byref(n))
            if rc not in (AG_OK, AG_EBUFS):
                _lib._check(rc, fn, None)
            buf = ctypes.create_string_buffer(n.value + 1)
            _lib._check(fn(h, *args, buf, len(buf), ctypes.byref(n)), fn, None)
        return str(buf.value.decode("utf-8", "replace"))

    def record(self) -> str:
        """The game record: tags, then one numbered ply a line (PGN-like; see
        ancientgames(7), GAME RECORDS)."""
        return self._sized_text(_lib.ag_state_record)

    def set_record(self, text: str) -> State:
        """Replays a game record into this state, whole history and tags;
        ParseError, IllegalMoveError or Error (AG_EMISMATCH: another game),
        and then the state is unchanged."""
        b = _cstr(text, "record")
        with self._h as h:
            _lib.ag_state_set_record(h, b)
        return self

    def start_text(self) -> str:
        """The position text the history starts from."""
        return self._sized_text(_lib.ag_state_start_text)

    def tag(self, name: str, default: Optional[str] = None) -> Optional[str]:
        """The program's record tag `name` ("Event", ...), or default."""
        try:
            return self._sized_text(_lib.ag_state_tag, _cstr(name, "tag name"))
        except Error as e:
            if e.code == AG_ENOTFOUND:
                return default
            raise

    def set_tag(self, name: str, value: Optional[str]) -> State:
        """Sets a record tag of the program; None removes it.  The library's
        own tags (Game, Start, Result, Termination) cannot be set."""
        n = _cstr(name, "tag name")
        v = None if value is None else _cstr(value, "tag value")
        with self._h as h:
            _lib.ag_state_set_tag(h, n, v)
        return self

    def render(self) -> str:
        """The board drawn as multi-line text (not a stable format)."""
        if self._render is None:
            self._render = ctypes.create_string_buffer(
                self.game.limit(AG_LIMIT_RENDER_TEXT) or 4096)
        with self._h as h:
            _lib.ag_state_render(h, self._render, len(self._render), None)
            return str(self._render.value.decode())

    def svg(self) -> str:
        """The board and pieces as an SVG document (ag_state_svg): the picture
        ag-svg(1) draws, from the geometry API (each node one element of class
        "node", each group of pieces one of class "piece")."""
        return self._sized_text(_lib.ag_state_svg, 0)

    def _repr_svg_(self) -> str:
        """Jupyter's rich display: the board (see svg())."""
        return self.svg()

    def __str__(self) -> str:
        return self.render()

    def __repr__(self) -> str:
        return "State(%r, %r)" % (self.game.spec, self.to_text())


# ------------------------------------------------------------------ AI and solver


_UNSET: Any = object()      # an argument not given (None is a value: "the default")


def _ai_args(args: Tuple[Any, ...], player: Any, params: Any, rng: Any
             ) -> Tuple[Optional[int], str, RngLike]:
    """(player, params, rng) from positional args in C's order (player,
    params, rng), or in the 0.2 order (params, rng, player) when the first is
    a str, and the keywords; TypeError for a value given twice."""
    names = ("params", "rng", "player") if args and isinstance(args[0], str) \
        else ("player", "params", "rng")
    if len(args) > 3:
        raise TypeError("at most 3 positional arguments after the state, %d given" % len(args))
    got = {"player": player, "params": params, "rng": rng}
    for name, value in zip(names, args):
        if got[name] is not _UNSET:
            raise TypeError("got multiple values for argument '%s'" % name)
        got[name] = value
    return (None if got["player"] is _UNSET else got["player"],
            "ai" if got["params"] is _UNSET else got["params"],
            None if got["rng"] is _UNSET else got["rng"])


def ai_choose(state: State, *args: Any, player: Optional[int] = _UNSET, params: str = _UNSET,
              rng: RngLike = _UNSET, stop: Optional[StopFlag] = None,
              poll: Optional[Callable[[], Any]] = None) -> Move:
    """The computer's move (C: ag_ai_choose, ag_ai_choose_player,
    ag_ai_choose_ex), in C's argument order: `player` (default: the player to
    act; at a simultaneous node 0 or 1 chooses that player's part), params
    naming the player ("ai", "random", "mcts(iterations=500,threads=2)",
    "alphabeta(time_ms=200)"), rng an Rng (advanced), an int seed, or None (a
    fresh seed).  stop (a StopFlag) and poll (called about every millisecond on
    this thread, truthy stops) cancel the search: CancelledError is raised with
    .move, the best move found so far or None.  ai_choose(state, player,
    params, rng), by position or keyword; the 0.2 order ai_choose(state,
    params, rng, player) still works (a str first is the params)."""
    player, params, rng = _ai_args(args, player, params, rng)
    r, out, p = _as_rng(rng), _lib.c_move(), _cstr(params, "params")
    pl = None if player is None else _cint(player, "player")
    if stop is not None or poll is not None:
        return _choose_cancellable(state, pl, p, r, stop, poll)
    with state._h as h:
        if _choose_stoppably(state, h, p, r, pl, out):
            pass
        elif pl is None:
            r._with(lambda c: _lib.ag_ai_choose(h, p, c, ctypes.byref(out)))
        else:
            r._with(lambda c: _lib.ag_ai_choose_player(h, pl, p, c, ctypes.byref(out)))
    return Move(out.value, state.game)


def _choose_stoppably(state: State, h: Any, p: bytes, r: Rng, pl: Optional[int],
                      out: Any) -> bool:
    """In the main thread, ai_choose's search as ag_ai_analyse (the same
    search, the same move and RNG use) with a control, so that Ctrl-C stops
    it; False, having done nothing, where ag_ai_choose must run instead
    (another thread, a random or perfect player, a chance node, an error:
    ag_ai_choose then gives the same error)."""
    c = _Control()
    if c.ctl is None or p.split(b"(")[0].strip() in (b"random", b"perfect"):
        return False
    cur = int(_lib.ag_state_current_player(h))
    who = cur if pl is None else pl
    if who not in (0, 1) or (cur != who and cur != AG_PLAYER_SIMULTANEOUS):
        return False
    an = _lib.Analysis(ctypes.sizeof(_lib.Analysis))
    saved = r.state
    rc = c.run(lambda: r._with(lambda rp: _lib.ag_ai_analyse(h, who, p, rp, c.ref(),
                                                             ctypes.byref(an), None, 0,
                                                             None, 0)))
    if rc == AG_ECANCELED:
        _lib._check(rc, None, None)
    if rc < 0:
        r.state = saved
        return False
    out.value = an.best
    return True


def ai_choose_joint(state: State, params: str = "ai", rng: RngLike = None) -> List[Move]:
    """Both players' choices at a simultaneous node, for State.apply_joint()."""
    r, n = _as_rng(rng), state.game.num_players
    moves = (_lib.c_move * n)()
    p = _cstr(params, "params")
    with state._h as h:
        r._with(lambda c: _lib.ag_ai_choose_joint(h, p, c, moves, n))
    return [Move(m, state.game) for m in moves]


class StopFlag:
    """A stop flag for ai_analyse and Solution.solve: set() it from any
    thread (the C call runs without the GIL) and the computation stops soon
    after, raising CancelledError."""

    def __init__(self) -> None:
        self._cell = ctypes.c_int(0)

    def set(self) -> None:
        """Asks the computation to stop."""
        self._cell.value = 1

    def clear(self) -> None:
        """Makes the flag usable again."""
        self._cell.value = 0

    def __bool__(self) -> bool:
        return bool(self._cell.value)


class _Control:
    """The ag_control of one long call: a StopFlag, a poll() callable whose
    truthy return stops, and in the main thread Ctrl-C: while the call runs,
    SIGINT (when Python's default handler has it) only marks the call
    interrupted, the poll callback then stops it, and run() raises
    KeyboardInterrupt.  (Python runs signal handlers only between bytecodes,
    so without a callback Ctrl-C waited for the end of the C call; and a
    handler that raised inside a ctypes callback was printed and dropped.)
    An exception raised in a callback stops the call too, and run() raises
    it instead of CancelledError."""

    def __init__(self, stop: Optional[StopFlag] = None,
                 poll: Optional[Callable[[], Any]] = None) -> None:
        self.exc: Optional[BaseException] = None
        self.interrupted = False
        self._poll = poll
        self._sigint = (threading.current_thread() is threading.main_thread() and
                        signal.getsignal(signal.SIGINT) is signal.default_int_handler)
        self.ctl: Any = None
        if stop is None and poll is None and not self._sigint:
            return
        ctl = _lib.Control(ctypes.sizeof(_lib.Control))
        if stop is not None:
            ctl.stop = ctypes.pointer(stop._cell)
        if poll is not None or self._sigint:
            self._cb = _lib.PollFn(self.guard(self._ask))    # kept alive as long as self
            ctl.poll = self._cb
        self.ctl = ctl

    def ref(self) -> Any:
        """The pointer to pass (None: no control)."""
        return ctypes.byref(self.ctl) if self.ctl is not None else None

    def guard(self, f: Callable[..., Any]) -> Callable[..., int]:
        """f as a stopping callback: a truthy return or an exception (kept) stops."""
        def call(*args: Any) -> int:
            if self.exc is not None:
                return 1
            try:
                return 1 if f(*args) else 0
            except BaseException as e:      # KeyboardInterrupt and SystemExit too
                self.exc = e
                return 1
        return call

    def _ask(self, user: Any = None) -> bool:
        return self.interrupted or bool(self._poll is not None and self._poll())

    def _on_sigint(self, signum: int, frame: Any) -> None:
        self.interrupted = True

    def run(self, f: Callable[[], Any]) -> Any:
        """f(), then KeyboardInterrupt after a Ctrl-C, or the exception a
        callback raised (either replaces the CancelledError the stop caused)."""
        old = signal.signal(signal.SIGINT, self._on_sigint) if self._sigint else None
        try:
            r = f()
        except CancelledError:
            if self.exc is None and not self.interrupted:
                raise
            r = None
        finally:
            if self._sigint:
                signal.signal(signal.SIGINT, old)
        if self.interrupted:
            self.exc = None
            raise KeyboardInterrupt
        if self.exc is not None:
            e, self.exc = self.exc, None
            raise e
        return r


def _choose_cancellable(state: State, pl: Optional[int], p: bytes, r: Any,
                        stop: Optional[StopFlag], poll: Optional[Callable[[], Any]]) -> Move:
    """ag_ai_choose_ex: CancelledError with .move (the best so far, or None)."""
    out = _lib.c_move()
    who = state.current_player if pl is None else pl
    c = _Control(stop, poll)
    with state._h as h:
        rc = c.run(lambda: r._with(lambda rp: _lib.ag_ai_choose_ex(h, who, p, rp, c.ref(),
                                                                   ctypes.byref(out))))
    _check_keeping(rc, "move", Move(out.value, state.game) if out.value else None)
    return Move(out.value, state.game)


def _check_keeping(rc: int, name: str, found: Any) -> None:
    """Raises the error of a failed rc; a CancelledError gets what the search
    had found as the attribute `name` (.move, .analysis)."""
    if rc < 0:
        try:
            _lib._check(rc, None, None)
        except CancelledError as e:
            setattr(e, name, found)
            raise


class RootMove(NamedTuple):
    """One root move of an analysis (ag_move_stat)."""
    move: Move
    visits: int
    share: float
    value: float


class Analysis(NamedTuple):
    """The result of ai_analyse (ag_ai_analyse): best (the move chosen), value
    (the player's expected score, 0 loss .. 0.5 draw .. 1 win), proven (a
    forced result was seen; distance in plies), depth, work (iterations or
    nodes), elapsed_us, line (the principal line, a list of moves) and moves
    (RootMove per root move, ascending)."""
    player: int
    best: Move
    value: float
    proven: bool
    distance: int
    depth: int
    work: int
    elapsed_us: int
    line: List[Move]
    moves: List[RootMove]


def ai_analyse(state: State, *args: Any, player: Optional[int] = _UNSET,
               params: str = _UNSET, rng: RngLike = _UNSET, stop: Optional[StopFlag] = None,
               poll: Optional[Callable[[], Any]] = None, line_cap: int = 64) -> Analysis:
    """A hint for `player` (default: the player to act), in C's argument
    order (ag_ai_analyse): the move chosen, a value, the principal line and
    the root moves' statistics.  stop is a StopFlag, poll a callable called
    about every millisecond from this thread (truthy stops); when stopped,
    CancelledError is raised with .analysis holding what the search had
    found (best 0 when nothing).  ai_analyse(state, player, params, rng), by
    position or keyword; the 0.2 order ai_analyse(state, params, rng, player)
    still works (a str first is the params)."""
    player, params, rng = _ai_args(args, player, params, rng)
    r, p = _as_rng(rng), _cstr(params, "params")
    pl = state.current_player if player is None else _cint(player, "player")
    cap = _cint(line_cap, "line_cap", 0, _INT_MAX)
    out = _lib.Analysis(ctypes.sizeof(_lib.Analysis))
    line = (_lib.c_move * max(cap, 1))()
    nmax = state.game.limit(AG_LIMIT_LEGAL_MOVES) or 512
    moves = (_lib.MoveStat * nmax)()
    c = _Control(stop, poll)
    with state._h as h:
        rc = c.run(lambda: r._with(lambda rp: _lib.ag_ai_analyse(
            h, pl, p, rp, c.ref(), ctypes.byref(out), line, cap, moves, nmax)))
    g = state.game
    result = Analysis(out.player, Move(out.best, g), out.value, bool(out.proven), out.distance,
                      out.depth, out.work, out.elapsed_us,
                      [Move(m, g) for m in line[:min(out.line_len, cap)]],
                      [RootMove(Move(m.move, g), m.visits, m.share, m.value)
                       for m in moves[:min(out.num_moves, nmax)]])
    _check_keeping(rc, "analysis", result)
    return result


class Solution(_Owned):
    """A solved rules variant of the hare hunt (see ag_solution_solve)."""

    _kind = "solution"

    def __init__(self, ptr: Any) -> None:
        self._own(ptr, _lib.ag_solution_free)

    @classmethod
    def solve(cls, game: Game, threads: int = 0,
              progress: Optional[Callable[[int, int, int, int], Any]] = None,
              stop: Optional[StopFlag] = None,
              poll: Optional[Callable[[], Any]] = None) -> Solution:
        """Solves game (a "hare" Game); progress(hunters, level, resolved, total)
        is called between steps when given, and a truthy return stops the solve
        (CancelledError), as do a set StopFlag `stop` and a truthy poll()
        (ag_solution_solve_ex)."""
        out, t = _lib.SolutionP(), _cint(threads, "threads")
        c = _Control(stop, poll)
        if progress is not None:
            report = c.guard(progress)
            cb = _lib.SolveProgressFn(lambda user, hu, lv, res, tot: report(hu, lv, res, tot))
        else:
            cb = _lib.SolveProgressFn()  # type: ignore[call-overload]  # NULL
        with game._h as h:
            try:
                c.run(lambda: _lib.ag_solution_solve_ex(h, t, cb, None, c.ref(),
                                                        ctypes.byref(out)))
            except BaseException:
                if out:          # finished before the callback's exception stopped it
                    _lib.ag_solution_free(out)
                raise
        return cls(out)

    @classmethod
    def load(cls, path: Union[str, bytes, "os.PathLike[Any]"]) -> Solution:
        """Reads a solution written by save(); ParseError for a bad file."""
        out = _lib.SolutionP()
        _lib.ag_solution_load(_cpath(path), ctypes.byref(out))
        return cls(out)

    def save(self, path: Union[str, bytes, "os.PathLike[Any]"]) -> None:
        """Writes the solution to a file."""
        p = _cpath(path)
        with self._h as h:
            _lib.ag_solution_save(h, p)

    @property
    def variant(self) -> Tuple[int, int]:
        """(chain, max_hunters) of the rules variant solved."""
        chain, hunters = ctypes.c_int(), ctypes.c_int()
        with self._h as h:
            _lib.ag_solution_variant(h, ctypes.byref(chain), ctypes.byref(hunters))
        return chain.value, hunters.value

    def probe(self, state: State) -> Tuple[int, int]:
        """(value, distance) of a state for the side to move: +1/0/-1, turns."""
        value, distance = ctypes.c_int(), ctypes.c_int()
        with self._h as h, state._h as sh:
            _lib.ag_solution_probe(h, sh, ctypes.byref(value), ctypes.byref(distance))
        return value.value, distance.value

    def lookup(self, hare: int, hunters: int, player: int) -> Tuple[int, int]:
        """(value, distance) of the position: hare point, hunter mask, side to move."""
        a, b = _cint(hare, "hare"), _cint(hunters, "hunters", 0, _U32_MAX)
        c = _cint(player, "player")
        value, distance = ctypes.c_int(), ctypes.c_int()
        with self._h as h:
            _lib.ag_solution_lookup(h, a, b, c, ctypes.byref(value), ctypes.byref(distance))
        return value.value, distance.value

    def stats(self, hunters: int, player: int) -> Dict[str, int]:
        """{win, loss, draw, longest_win, longest_loss} of one layer and side."""
        a, b = _cint(hunters, "hunters"), _cint(player, "player")
        w, lo, d = ctypes.c_uint64(), ctypes.c_uint64(), ctypes.c_uint64()
        lw, ll = ctypes.c_int(), ctypes.c_int()
        with self._h as h:
            _lib.ag_solution_stats(h, a, b, *map(ctypes.byref, (w, lo, d, lw, ll)))
        return {"win": w.value, "loss": lo.value, "draw": d.value,
                "longest_win": lw.value, "longest_loss": ll.value}

    def choose(self, state: State, rng: RngLike = None) -> Move:
        """The perfect player's move (ag_ai_choose_solved)."""
        r, out = _as_rng(rng), _lib.c_move()
        with state._h as sh, self._h as h:
            r._with(lambda c: _lib.ag_ai_choose_solved(sh, h, c, ctypes.byref(out)))
        return Move(out.value, state.game)


from .vector import VectorEnv, VecStep  # noqa: E402  (needs Game and State above)
