"""ancientgames -- pure-ctypes binding of libancientgames (package liboldgames).

Rules engines for three ancient board games: the hare hunt ("hare"), liubo
with throwing sticks ("liubo_sticks") and liubo with finger-guessing
("liubo_fingers").  This package binds the whole public API of
<ancientgames.h>; see ancientgames(7) for the concepts.

    >>> import ancientgames as ag
    >>> s = ag.Game("hare").new_state()
    >>> s.legal_texts()[:3]
    ['e3-d3', 'a3-b3', 'e3-d4']
    >>> s.apply("a3-a4").to_text()
    '...../X..../..O.X/XXXXX/XXXXX O - 1'
    >>> s.playout(ag.Rng(42))
    PlayoutResult(outcome=1, plies=45, winner=1, reason=2)

The library is found through $ANCIENTGAMES_LIB (an exact path), then the
library that `make install' installed with this package, then the build
tree next to the package (../../lib/.libs/libancientgames.so), then
ctypes.util.find_library("ancientgames"), then the SONAME libancientgames.so.0.

Every failing call raises Error (or ParseError, IllegalMoveError, PhaseError,
MemoryError) carrying the library's code and this thread's message.
Threading is as in C: a Game may be shared by threads, a State may be used by
one thread at a time (ctypes releases the GIL during each call).  close()
from one thread while another is inside a call on the same object waits for
that call to return; new calls on a closed object raise ValueError.
"""
import collections
import ctypes
import enum
import os
import threading
import weakref

from . import _constants, _lib
from ._constants import *  # noqa: F401,F403  (the AG_* constants of the header)
from ._constants import (AG_LIMIT_LEGAL_MOVES, AG_LIMIT_CHANCE_OUTCOMES, AG_LIMIT_MOVE_TEXT,
                         AG_LIMIT_POSITION_TEXT, AG_LIMIT_RENDER_TEXT, AG_PLAYER_TERMINAL,
                         AG_PLAYER_SIMULTANEOUS, AG_EINVAL, AG_OK, AG_EBUFS,
                         AG_ENOTFOUND)
from ._lib import Error, ParseError, IllegalMoveError, PhaseError, CancelledError, errmsg

__all__ = [
    "Error", "ParseError", "IllegalMoveError", "PhaseError", "CancelledError",
    "Game", "State", "Rng", "Node", "Edge", "Piece", "Outcome", "PlayoutResult",
    "version", "version_string", "strerror", "errmsg", "game_names",
    "end_reason_name", "outcome_name", "move_kind_name", "piece_kind_name",
    "node_kind_name", "edge_kind_name",
    "Player", "OutcomeKind", "End", "MoveKind", "NodeKind", "EdgeKind", "PieceKind",
    "Limit", "Info", "GameFlag",
]

_C = vars(_constants)    # the AG_* constants, for the enums below
def _enum(name, prefix):
    """An IntEnum of the module constants NAME for AG_<prefix>NAME."""
    members = {k[len(prefix):]: v for k, v in _C.items()
               if k.startswith(prefix) and isinstance(v, int)}
    return enum.IntEnum(name, members)


Player = _enum("Player", "AG_PLAYER_")
OutcomeKind = _enum("OutcomeKind", "AG_OUTCOME_")
End = _enum("End", "AG_END_")
MoveKind = enum.IntEnum("MoveKind", {k[8:]: v for k, v in _C.items()
                                     if k.startswith("AG_MOVE_") and k != "AG_MOVE_NONE"})
NodeKind = _enum("NodeKind", "AG_NODE_")
EdgeKind = _enum("EdgeKind", "AG_EDGE_")
PieceKind = _enum("PieceKind", "AG_PIECE_")
Limit = _enum("Limit", "AG_LIMIT_")
Info = _enum("Info", "AG_INFO_")
GameFlag = enum.IntFlag("GameFlag", {k[8:]: v for k, v in _C.items()
                                     if k.startswith("AG_GAME_")})

# ------------------------------------------------------------------ library


def version():
    """The loaded library's version number, (major << 16) | (minor << 8) | patch."""
    return _lib.ag_version()


def version_string():
    """The loaded library's version as text, e.g. "0.1.0"."""
    return _lib.ag_version_string().decode()


def strerror(code):
    """The name of an error code, e.g. "AG_EILLEGAL"."""
    return _lib.ag_strerror(code).decode()


def _name(fn, code):
    name = fn(int(code))
    return None if name is None else name.decode()


def end_reason_name(reason):
    """The name of an AG_END_* reason ("ply_limit"), None for an unknown code;
    End[name.upper()] is the enum member."""
    return _name(_lib.ag_end_reason_name, reason)


def outcome_name(outcome):
    """The name of an AG_OUTCOME_* value ("win"), None for an unknown code."""
    return _name(_lib.ag_outcome_name, outcome)


def move_kind_name(kind):
    """The name of an AG_MOVE_* kind ("jump"), None for an unknown code."""
    return _name(_lib.ag_move_kind_name, kind)


def piece_kind_name(kind):
    """The name of an AG_PIECE_* kind ("hunter"), None for an unknown code."""
    return _name(_lib.ag_piece_kind_name, kind)


def node_kind_name(kind):
    """The name of an AG_NODE_* kind ("prison"), None for an unknown code."""
    return _name(_lib.ag_node_kind_name, kind)


def edge_kind_name(kind):
    """The name of an AG_EDGE_* kind ("diagonal"), None for an unknown code."""
    return _name(_lib.ag_edge_kind_name, kind)


def game_names():
    """The names of the built-in games, in registry order."""
    return [_lib.ag_game_name_at(i).decode() for i in range(_lib.ag_game_count())]


_MASK64 = (1 << 64) - 1


class Rng:
    """The library's SplitMix64 generator: a 64-bit state for the C calls.

    Rng(seed).next() is ag_rng_next() and .below(n) is ag_rng_below() on
    .state, the 64-bit state, shared with the C calls that take an RNG
    (sample_chance, playout, the AI), which advance it."""

    def __init__(self, seed=0):
        self.state = seed & _MASK64

    def next(self):
        """The next 64-bit output (ag_rng_next)."""
        return self._with(_lib.ag_rng_next)

    def below(self, bound):
        """An unbiased draw in [0, bound) (ag_rng_below; 0 for bound 0 or 1)."""
        return self._with(lambda r: _lib.ag_rng_below(r, bound))

    def choice(self, seq):
        """seq[self.below(len(seq))]."""
        return seq[self.below(len(seq))]

    def _with(self, f):
        """Calls f(pointer to a uint64_t holding .state), keeping .state in step."""
        cell = ctypes.c_uint64(self.state)
        try:
            return f(ctypes.byref(cell))
        finally:
            self.state = cell.value

    def __repr__(self):
        return "Rng(0x%016x)" % self.state


def _as_rng(rng):
    """An Rng from an Rng, an int seed or None (seed 0)."""
    if isinstance(rng, Rng):
        return rng
    return Rng(0 if rng is None else int(rng))


# ------------------------------------------------------------------ handles


class _Handle:
    """One library pointer, the function that frees it, and the calls in
    flight on it.

    Every call into the library runs inside `with handle as ptr:', which
    counts it (per thread) for the duration of the C call.  close() waits
    until no other thread is inside a call, then frees; a call started
    after close() raises ValueError.  A child handle (a state's) keeps its
    parent (the game's) unfreed until the child is freed, whatever the order
    in which they are closed or garbage-collected: the parent is marked
    closed and freed by the last child."""

    __slots__ = ("ptr", "kind", "_free", "_parent", "_lock", "_idle", "_busy", "_closed",
                 "_children")

    def __init__(self, ptr, free, kind, parent=None):
        self.ptr = ptr
        self.kind = kind
        self._free = free
        self._lock = threading.Lock()
        self._idle = threading.Condition(self._lock)
        self._busy = {}          # thread id -> calls in flight in that thread
        self._closed = False
        self._children = 0
        self._parent = parent
        if parent is not None:
            parent._adopt()

    def __enter__(self):
        tid = threading.get_ident()
        with self._lock:
            if self._closed:
                raise ValueError("%s is closed" % self.kind)
            self._busy[tid] = self._busy.get(tid, 0) + 1
        return self.ptr

    def __exit__(self, *exc):
        tid = threading.get_ident()
        with self._lock:
            n = self._busy[tid] - 1
            if n:
                self._busy[tid] = n
                return
            del self._busy[tid]
            if self._busy:
                return
            self._idle.notify_all()
            ptr = self._take()
        self._release(ptr)

    @property
    def closed(self):
        return self._closed

    def _take(self):
        """The pointer to free now, or None (lock held): only once closed, idle
        and without children."""
        if not self._closed or self._busy or self._children or self.ptr is None:
            return None
        ptr, self.ptr = self.ptr, None
        return ptr

    def _release(self, ptr):
        """Frees ptr (from _take) and lets the parent go."""
        if ptr is None:
            return
        self._free(ptr)
        if self._parent is not None:
            self._parent._orphan()
            self._parent = None

    def _adopt(self):
        with self._lock:
            if self._closed:
                raise ValueError("%s is closed" % self.kind)
            self._children += 1

    def _orphan(self):
        with self._lock:
            self._children -= 1
            ptr = self._take()
        self._release(ptr)

    def close(self):
        """Marks closed, waits for the other threads' calls in flight, frees
        (later, by the last child, when children are still open)."""
        tid = threading.get_ident()
        with self._lock:
            if tid in self._busy:
                raise RuntimeError("cannot close a %s from inside a call on it" % self.kind)
            self._closed = True
            while self._busy:
                self._idle.wait()
            ptr = self._take()
        self._release(ptr)

    def finalize(self):
        """The garbage collector's close: never waits, never raises."""
        with self._lock:
            self._closed = True
            ptr = self._take()
        self._release(ptr)


class _Owned:
    """Owns one library handle: freed by close(), at the end of a `with'
    block, or when garbage-collected, whichever comes first."""

    _kind = "object"
    _h = None

    def _own(self, ptr, free, parent=None):
        self._h = _Handle(ptr, free, self._kind, parent)
        # The finalizer holds the _Handle (not self): it outlives self, and a
        # state's _Handle holds its game's, so a game freed by the garbage
        # collector in the same cycle as its state waits for the state.
        weakref.finalize(self, self._h.finalize)

    @property
    def handle(self):
        """The library pointer (raises ValueError once closed)."""
        h = self._h
        if h is None or h.closed:
            raise ValueError("%s is closed" % self._kind)
        return h.ptr

    @property
    def closed(self):
        """Whether close() was called."""
        return self._h is None or self._h.closed

    def close(self):
        """Frees the handle now (it is also freed when garbage-collected);
        waits for calls in flight in other threads."""
        if self._h is not None:
            self._h.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


# ------------------------------------------------------------------ games

Node = collections.namedtuple("Node", "index name x y kind")
Edge = collections.namedtuple("Edge", "a b kind")
Piece = collections.namedtuple("Piece", "owner kind count")
Outcome = collections.namedtuple("Outcome", "outcome winner reason")
PlayoutResult = collections.namedtuple("PlayoutResult", "outcome plies winner reason")


class Game(_Owned):
    """Rules, options and geometry of one game, from a spec such as
    "hare(hunters=11)".  Immutable; may be shared by threads."""

    _kind = "game"

    def __init__(self, spec):
        ptr = _lib.GameP()
        _lib.ag_game_new(spec.encode("utf-8"), ctypes.byref(ptr))
        self._own(ptr, _lib.ag_game_free)
        self._states = weakref.WeakSet()
        with self._h as h:
            self.name = _lib.ag_game_name(h).decode()
            self.spec = _lib.ag_game_spec(h).decode()
            self.flags = GameFlag(_lib.ag_game_flags(h))
            self.num_players = _lib.ag_game_num_players(h)
            self.players = [_lib.ag_game_player_name(h, p).decode()
                            for p in range(self.num_players)]
            w, h_ = ctypes.c_int(), ctypes.c_int()
            _lib.ag_game_extent(h, ctypes.byref(w), ctypes.byref(h_))
            self.extent = (w.value, h_.value)
            self.nodes = [self._node(h, i) for i in range(_lib.ag_game_num_nodes(h))]
            self.edges = [self._edge(h, i) for i in range(_lib.ag_game_num_edges(h))]
        self._move_text_size = max(self.limit(AG_LIMIT_MOVE_TEXT), 16)

    @staticmethod
    def _node(h, i):
        x, y, kind = ctypes.c_int(), ctypes.c_int(), ctypes.c_int()
        _lib.ag_game_node(h, i, ctypes.byref(x), ctypes.byref(y), ctypes.byref(kind))
        return Node(i, _lib.ag_game_node_name(h, i).decode(), x.value, y.value, kind.value)

    @staticmethod
    def _edge(h, i):
        a, b, kind = ctypes.c_int(), ctypes.c_int(), ctypes.c_int()
        _lib.ag_game_edge(h, i, ctypes.byref(a), ctypes.byref(b), ctypes.byref(kind))
        return Edge(a.value, b.value, kind.value)

    def close(self):
        """Frees the game and every state still open on it."""
        for st in list(self._states):
            st.close()
        _Owned.close(self)

    def limit(self, which):
        """A size bound (AG_LIMIT_*); 0 for an unknown selector."""
        with self._h as h:
            return _lib.ag_game_limit(h, int(which))

    def node_find(self, name):
        """The index of the node called name (case-insensitive)."""
        out = ctypes.c_int()
        with self._h as h:
            _lib.ag_game_node_find(h, name.encode("utf-8"), ctypes.byref(out))
        return out.value

    def move_to_text(self, move):
        """The text of a move, e.g. "c3xe5"."""
        buf = ctypes.create_string_buffer(self._move_text_size)  # per call: games are shared
        with self._h as h:
            _lib.ag_move_to_text(h, move, buf, len(buf), None)
        return buf.value.decode()

    def move_from_text(self, text):
        """The move value of a move text; ParseError when malformed."""
        out = _lib.c_move()
        with self._h as h:
            _lib.ag_move_from_text(h, text.encode("utf-8"), ctypes.byref(out))
        return out.value

    def move_info(self, move):
        """(kind, from, to) of a move; from/to are -1 when they do not apply."""
        kind, frm, to = ctypes.c_int(), ctypes.c_int(), ctypes.c_int()
        with self._h as h:
            _lib.ag_move_info(h, move, ctypes.byref(kind), ctypes.byref(frm), ctypes.byref(to))
        return kind.value, frm.value, to.value

    def new_state(self, text=None):
        """A state at the initial position, or at the position text given."""
        return State(self, text)

    def read_record(self, text):
        """A new state of this game holding the game record `text`."""
        return self.new_state().set_record(text)

    def __repr__(self):
        return "Game(%r)" % self.spec


# ------------------------------------------------------------------ states


class State(_Owned):
    """A position with its undo history.  Keeps its Game alive; use one
    state from one thread at a time."""

    _kind = "state"

    def __init__(self, game, text=None, _ptr=None):
        if isinstance(game, str):
            game = Game(game)
        self.game = game
        with game._h as gh:
            ptr = _ptr
            if ptr is None:
                ptr = _lib.StateP()
                _lib.ag_state_new(gh, ctypes.byref(ptr))
            try:
                self._own(ptr, _lib.ag_state_free, game._h)
            except BaseException:
                _lib.ag_state_free(ptr)
                raise
        game._states.add(self)
        cap = max(game.limit(AG_LIMIT_LEGAL_MOVES), game.limit(AG_LIMIT_CHANCE_OUTCOMES), 2)
        self._moves = (_lib.c_move * cap)()
        self._weights = (ctypes.c_uint32 * cap)()
        self._text = ctypes.create_string_buffer(game.limit(AG_LIMIT_POSITION_TEXT) or 256)
        self._render = None
        if text is not None:
            self.set_text(text)

    def _move(self, move):
        """A move value from a value or a move text."""
        return self.game.move_from_text(move) if isinstance(move, str) else int(move)

    # ---------------------------------------------------------- who moves

    @property
    def current_player(self):
        """0 or 1, AG_PLAYER_CHANCE, AG_PLAYER_SIMULTANEOUS or AG_PLAYER_TERMINAL."""
        with self._h as h:
            p = _lib.ag_state_current_player(h)
        if p == AG_EINVAL:
            raise Error(p, errmsg())
        return p

    @property
    def is_terminal(self):
        """Whether the game is over."""
        with self._h as h:
            return bool(_lib.ag_state_is_terminal(h))

    @property
    def ply(self):
        """Plies in the history (since creation, reset or set_text)."""
        with self._h as h:
            return _lib.ag_state_ply(h)

    def legal_moves(self, player=None):
        """The ascending legal moves of player (default: the current player;
        at a chance node the outcomes, at a simultaneous node pass 0 or 1)."""
        if player is None:
            player = self.current_player
            if player in (AG_PLAYER_TERMINAL, AG_PLAYER_SIMULTANEOUS):
                return []
        n = ctypes.c_size_t()
        with self._h as h:
            _lib.ag_state_legal_moves(h, player, self._moves, len(self._moves), ctypes.byref(n))
        return self._moves[:n.value]

    def legal_texts(self, player=None):
        """legal_moves() as move texts."""
        return [self.game.move_to_text(m) for m in self.legal_moves(player)]

    def is_legal(self, move, player=None):
        """Whether move (value or text) is legal for player (default: current) now."""
        if player is None:
            player = self.current_player
        move = self._move(move)
        with self._h as h:
            return bool(_lib.ag_state_is_legal(h, player, move))

    def chance_outcomes(self):
        """[(move, weight), ...] ascending; the probability of each is
        weight / sum of the weights.  PhaseError when not a chance node."""
        n, total = ctypes.c_size_t(), ctypes.c_uint32()
        with self._h as h:
            _lib.ag_state_chance_outcomes(h, self._moves, self._weights, len(self._moves),
                                          ctypes.byref(n), ctypes.byref(total))
        return list(zip(self._moves[:n.value], self._weights[:n.value]))

    def sample_chance(self, rng):
        """Draws a chance outcome with rng (an Rng, advanced); the state is unchanged."""
        out = _lib.c_move()
        rng = _as_rng(rng)
        with self._h as h:
            rng._with(lambda r: _lib.ag_state_sample_chance(h, r, ctypes.byref(out)))
        return out.value

    # ---------------------------------------------------------- playing

    def apply(self, move):
        """Plays one move (value or text) as one ply; returns self."""
        move = self._move(move)
        with self._h as h:
            _lib.ag_state_apply(h, move)
        return self

    def apply_joint(self, moves):
        """Plays one choice per player (values or texts) at a simultaneous node."""
        arr = (_lib.c_move * len(moves))(*[self._move(m) for m in moves])
        with self._h as h:
            _lib.ag_state_apply_joint(h, arr, len(moves))
        return self

    def undo(self):
        """Takes back the last ply; PhaseError when the history is empty."""
        with self._h as h:
            _lib.ag_state_undo(h)
        return self

    def history(self):
        """The moves played, oldest first (a joint ply gives one per player)."""
        n = ctypes.c_size_t()
        with self._h as h:
            cap = _lib.ag_state_ply(h) * max(self.game.num_players, 1)
            buf = (_lib.c_move * max(cap, 1))()
            _lib.ag_state_history(h, buf, cap, ctypes.byref(n))
        return buf[:n.value]

    def reset(self):
        """Back to the initial position, history cleared."""
        with self._h as h:
            _lib.ag_state_reset(h)
        return self

    def reserve(self, plies):
        """Reserves history for plies more plies."""
        with self._h as h:
            _lib.ag_state_reserve(h, plies)

    def playout(self, rng=None, max_plies=0):
        """A random game on a private copy with the library's reference random
        player; returns PlayoutResult(outcome, plies, winner, reason).  rng is an
        Rng (advanced) or an int seed."""
        rng = _as_rng(rng)
        plies, winner, reason = ctypes.c_size_t(), ctypes.c_int(), ctypes.c_int()
        with self._h as h:
            outcome = rng._with(lambda r: _lib.ag_state_playout(
                h, r, max_plies, ctypes.byref(plies), ctypes.byref(winner),
                ctypes.byref(reason)))
        return PlayoutResult(outcome, plies.value, winner.value, reason.value)

    def clone(self):
        """A deep copy, history included."""
        out = _lib.StateP()
        with self._h as h:
            _lib.ag_state_clone(h, ctypes.byref(out))
        return State(self.game, _ptr=out)

    def copy_from(self, other):
        """Makes this state a copy of other (same game)."""
        with self._h as h, other._h as oh:
            _lib.ag_state_copy(h, oh)
        return self

    # ---------------------------------------------------------- position

    @property
    def hash(self):
        """The Zobrist hash of the position."""
        with self._h as h:
            return _lib.ag_state_hash(h)

    def equal(self, other):
        """Whether other holds the same position (history ignored)."""
        with self._h as h, other._h as oh:
            return bool(_lib.ag_state_equal(h, oh))

    def pieces(self, node):
        """The groups of pieces on a node: [Piece(owner, kind, count), ...]."""
        out, i = [], 0
        owner, kind, count = ctypes.c_int(), ctypes.c_int(), ctypes.c_int()
        with self._h as h:
            while _lib.ag_state_piece(h, node, i, ctypes.byref(owner), ctypes.byref(kind),
                                      ctypes.byref(count)):
                out.append(Piece(owner.value, kind.value, count.value))
                i += 1
        return out

    def board(self):
        """{node index: [Piece, ...]} for every node holding pieces."""
        out = {}
        for node in range(len(self.game.nodes)):
            groups = self.pieces(node)
            if groups:
                out[node] = groups
        return out

    def info(self, key, index=0):
        """A game-specific counter (AG_INFO_*)."""
        value = ctypes.c_int()
        with self._h as h:
            _lib.ag_state_info(h, int(key), index, ctypes.byref(value))
        return value.value

    @property
    def outcome(self):
        """Outcome(outcome, winner, reason) with AG_OUTCOME_*, player, AG_END_*."""
        winner, reason = ctypes.c_int(), ctypes.c_int()
        with self._h as h:
            o = _lib.ag_state_outcome(h, ctypes.byref(winner), ctypes.byref(reason))
        return Outcome(o, winner.value, reason.value)

    def returns(self):
        """Per-player returns: +1 win, -1 loss, 0 draw or ongoing."""
        n = self.game.num_players
        out = (ctypes.c_double * n)()
        with self._h as h:
            _lib.ag_state_returns(h, out, n)
        return list(out)

    # ---------------------------------------------------------- text

    def to_text(self):
        """The canonical one-line position text."""
        with self._h as h:
            _lib.ag_state_to_text(h, self._text, len(self._text), None)
            return self._text.value.decode()

    def set_text(self, text):
        """Sets the position from text (history cleared); ParseError when bad,
        and then the state is unchanged."""
        with self._h as h:
            _lib.ag_state_set_text(h, text.encode("utf-8"))
        return self

    # ---------------------------------------------------------- records

    def _sized_text(self, fn, *args):
        """Text from a buffer-protocol call: asks for the size, then fills."""
        n = ctypes.c_size_t()
        with self._h as h:
            rc = fn(h, *args, None, 0, ctypes.byref(n))
            if rc not in (AG_OK, AG_EBUFS):
                _lib._check(rc, fn, None)
            buf = ctypes.create_string_buffer(n.value + 1)
            _lib._check(fn(h, *args, buf, len(buf), ctypes.byref(n)), fn, None)
        return buf.value.decode("utf-8", "replace")

    def record(self):
        """The game record: tags, then one numbered ply a line (PGN-like; see
        ancientgames(7), GAME RECORDS)."""
        return self._sized_text(_lib.ag_state_record)

    def set_record(self, text):
        """Replays a game record into this state, whole history and tags;
        ParseError, IllegalMoveError or Error (AG_EMISMATCH: another game),
        and then the state is unchanged."""
        with self._h as h:
            _lib.ag_state_set_record(h, text.encode("utf-8"))
        return self

    def start_text(self):
        """The position text the history starts from."""
        return self._sized_text(_lib.ag_state_start_text)

    def tag(self, name, default=None):
        """The program's record tag `name` ("Event", ...), or default."""
        try:
            return self._sized_text(_lib.ag_state_tag, name.encode("utf-8"))
        except Error as e:
            if e.code == AG_ENOTFOUND:
                return default
            raise

    def set_tag(self, name, value):
        """Sets a record tag of the program; None removes it.  The library's
        own tags (Game, Start, Result, Termination) cannot be set."""
        with self._h as h:
            _lib.ag_state_set_tag(h, name.encode("utf-8"),
                                  None if value is None else value.encode("utf-8"))
        return self

    def render(self):
        """The board drawn as multi-line text (not a stable format)."""
        if self._render is None:
            self._render = ctypes.create_string_buffer(
                self.game.limit(AG_LIMIT_RENDER_TEXT) or 4096)
        with self._h as h:
            _lib.ag_state_render(h, self._render, len(self._render), None)
            return self._render.value.decode()

    def __str__(self):
        return self.render()

    def __repr__(self):
        return "State(%r, %r)" % (self.game.spec, self.to_text())


# ------------------------------------------------------------------ AI and solver


def ai_choose(state, params="ai", rng=None, player=None):
    """The computer's move for the player to act (or for `player`, which
    also works at a simultaneous node).  params names the player, e.g.
    "ai", "random", "mcts(iterations=500,threads=2)" or
    "alphabeta(time_ms=200)"; rng is an Rng (advanced) or a seed."""
    rng, out, p = _as_rng(rng), _lib.c_move(), params.encode("utf-8")
    with state._h as h:
        if player is None:
            rng._with(lambda r: _lib.ag_ai_choose(h, p, r, ctypes.byref(out)))
        else:
            rng._with(lambda r: _lib.ag_ai_choose_player(h, player, p, r, ctypes.byref(out)))
    return out.value


def ai_choose_joint(state, params="ai", rng=None):
    """Both players' choices at a simultaneous node, for State.apply_joint()."""
    rng, n = _as_rng(rng), state.game.num_players
    moves = (_lib.c_move * n)()
    p = params.encode("utf-8")
    with state._h as h:
        rng._with(lambda r: _lib.ag_ai_choose_joint(h, p, r, moves, n))
    return list(moves)


class StopFlag:
    """A stop flag for ai_analyse and Solution.solve: set() it from any
    thread (the C call runs without the GIL) and the computation stops soon
    after, raising CancelledError."""

    def __init__(self):
        self._cell = ctypes.c_int(0)

    def set(self):
        """Asks the computation to stop."""
        self._cell.value = 1

    def clear(self):
        """Makes the flag usable again."""
        self._cell.value = 0

    def __bool__(self):
        return bool(self._cell.value)


def _control(stop, poll):
    """(ag_control or None, the callback to keep alive) for a StopFlag and/or
    a poll() callable whose truthy return stops."""
    if stop is None and poll is None:
        return None, None
    ctl = _lib.Control(ctypes.sizeof(_lib.Control))
    if stop is not None:
        ctl.stop = ctypes.pointer(stop._cell)
    cb = _lib.PollFn(lambda user: 1 if poll() else 0) if poll is not None else _lib.PollFn()
    ctl.poll = cb
    return ctl, cb


Analysis = collections.namedtuple(
    "Analysis", "player best value proven distance depth work elapsed_us line moves")
Analysis.__doc__ = """The result of ai_analyse (ag_ai_analyse): best (the move chosen), value
(the player's expected score, 0 loss .. 0.5 draw .. 1 win), proven (a forced
result was seen; distance in plies), depth, work (iterations or nodes),
elapsed_us, line (the principal line, a list of moves) and moves (RootMove
per root move, ascending)."""
RootMove = collections.namedtuple("RootMove", "move visits share value")


def ai_analyse(state, params="ai", rng=None, player=None, stop=None, poll=None, line_cap=64):
    """A hint for `player` (default: the player to act): the move chosen, a
    value, the principal line and the root moves' statistics.  stop is a
    StopFlag, poll a callable called about every millisecond from this thread
    (truthy stops); when stopped, CancelledError is raised with .analysis
    holding what the search had found (best 0 when nothing)."""
    rng, p = _as_rng(rng), params.encode("utf-8")
    if player is None:
        player = state.current_player
    out = _lib.Analysis(ctypes.sizeof(_lib.Analysis))
    line = (_lib.c_move * max(line_cap, 1))()
    nmax = state.game.limit(AG_LIMIT_LEGAL_MOVES) or 512
    moves = (_lib.MoveStat * nmax)()
    ctl, keep = _control(stop, poll)
    with state._h as h:
        rc = rng._with(lambda r: _lib.ag_ai_analyse(h, player, p, r,
                                                    ctypes.byref(ctl) if ctl else None,
                                                    ctypes.byref(out), line, line_cap,
                                                    moves, nmax))
    del keep
    result = Analysis(out.player, out.best, out.value, bool(out.proven), out.distance,
                      out.depth, out.work, out.elapsed_us,
                      list(line[:min(out.line_len, line_cap)]),
                      [RootMove(m.move, m.visits, m.share, m.value)
                       for m in moves[:min(out.num_moves, nmax)]])
    if rc < 0:
        try:
            _lib._check(rc, None, None)
        except CancelledError as e:
            e.analysis = result
            raise
    return result


class Solution(_Owned):
    """A solved rules variant of the hare hunt (see ag_solution_solve)."""

    _kind = "solution"

    def __init__(self, ptr):
        self._own(ptr, _lib.ag_solution_free)

    @classmethod
    def solve(cls, game, threads=0, progress=None, stop=None, poll=None):
        """Solves game (a "hare" Game); progress(hunters, level, resolved, total)
        is called between steps when given, and a truthy return stops the solve
        (CancelledError), as do a set StopFlag `stop` and a truthy poll()
        (ag_solution_solve_ex)."""
        out = _lib.SolutionP()
        if progress is None and stop is None and poll is None:
            with game._h as h:
                _lib.ag_solution_solve(h, threads, _lib.ProgressFn(), None, ctypes.byref(out))
            return cls(out)
        cb = _lib.SolveProgressFn(lambda user, hu, lv, res, tot:
                                  1 if progress(hu, lv, res, tot) else 0) \
            if progress else _lib.SolveProgressFn()
        ctl, keep = _control(stop, poll)
        with game._h as h:
            _lib.ag_solution_solve_ex(h, threads, cb, None, ctypes.byref(ctl) if ctl else None,
                                      ctypes.byref(out))
        del keep
        return cls(out)

    @classmethod
    def load(cls, path):
        """Reads a solution written by save(); ParseError for a bad file."""
        out = _lib.SolutionP()
        _lib.ag_solution_load(os.fsencode(path), ctypes.byref(out))
        return cls(out)

    def save(self, path):
        """Writes the solution to a file."""
        with self._h as h:
            _lib.ag_solution_save(h, os.fsencode(path))

    @property
    def variant(self):
        """(chain, max_hunters) of the rules variant solved."""
        chain, hunters = ctypes.c_int(), ctypes.c_int()
        with self._h as h:
            _lib.ag_solution_variant(h, ctypes.byref(chain), ctypes.byref(hunters))
        return chain.value, hunters.value

    def probe(self, state):
        """(value, distance) of a state for the side to move: +1/0/-1, turns."""
        value, distance = ctypes.c_int(), ctypes.c_int()
        with self._h as h, state._h as sh:
            _lib.ag_solution_probe(h, sh, ctypes.byref(value), ctypes.byref(distance))
        return value.value, distance.value

    def lookup(self, hare, hunters, player):
        """(value, distance) of the position: hare point, hunter mask, side to move."""
        value, distance = ctypes.c_int(), ctypes.c_int()
        with self._h as h:
            _lib.ag_solution_lookup(h, hare, hunters, player, ctypes.byref(value),
                                    ctypes.byref(distance))
        return value.value, distance.value

    def stats(self, hunters, player):
        """{win, loss, draw, longest_win, longest_loss} of one layer and side."""
        w, lo, d = ctypes.c_uint64(), ctypes.c_uint64(), ctypes.c_uint64()
        lw, ll = ctypes.c_int(), ctypes.c_int()
        with self._h as h:
            _lib.ag_solution_stats(h, hunters, player, *map(ctypes.byref, (w, lo, d, lw, ll)))
        return {"win": w.value, "loss": lo.value, "draw": d.value,
                "longest_win": lw.value, "longest_loss": ll.value}

    def choose(self, state, rng=None):
        """The perfect player's move (ag_ai_choose_solved)."""
        rng, out = _as_rng(rng), _lib.c_move()
        with state._h as sh, self._h as h:
            rng._with(lambda r: _lib.ag_ai_choose_solved(sh, h, r, ctypes.byref(out)))
        return out.value


__all__ += ["ai_choose", "ai_choose_joint", "ai_analyse", "Analysis", "RootMove", "StopFlag",
            "Solution"]
