"""ancientgames -- pure-ctypes binding of libancientgames (package liboldgames).

Rules engines for three ancient board games: the hare hunt ("hare"), liubo
with throwing sticks ("liubo_sticks") and liubo with finger-guessing
("liubo_fingers").  This module binds the whole public API of
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
build tree next to this file (../lib/.libs/libancientgames.so), then
ctypes.util.find_library("ancientgames"), then the SONAME libancientgames.so.0.

Every failing call raises Error (or ParseError, IllegalMoveError, PhaseError,
MemoryError) carrying the library's code and this thread's message.
Threading is as in C: a Game may be shared by threads, a State may be used by
one thread at a time (ctypes releases the GIL during each call).
"""
import collections
import ctypes
import ctypes.util
import enum
import os
import weakref

__all__ = [
    "Error", "ParseError", "IllegalMoveError", "PhaseError",
    "Game", "State", "Rng", "Node", "Edge", "Piece", "Outcome", "PlayoutResult",
    "version", "version_string", "strerror", "errmsg", "game_names",
    "end_reason_name", "outcome_name", "move_kind_name", "piece_kind_name",
    "node_kind_name", "edge_kind_name",
    "Player", "OutcomeKind", "End", "MoveKind", "NodeKind", "EdgeKind", "PieceKind",
    "Limit", "Info", "GameFlag",
]

# ------------------------------------------------------------------ constants
# Same names and values as include/ancientgames.h (a test parses the header).
AG_VERSION_MAJOR = 0
AG_VERSION_MINOR = 2
AG_VERSION_PATCH = 0
AG_VERSION_NUMBER = (AG_VERSION_MAJOR << 16) | (AG_VERSION_MINOR << 8) | AG_VERSION_PATCH

AG_OK = 0
AG_ERROR = -1
AG_ENOMEM = -2
AG_EINVAL = -3
AG_EBUFS = -4
AG_EPARSE = -5
AG_ENOTFOUND = -6
AG_EILLEGAL = -7
AG_EPHASE = -8
AG_EMISMATCH = -9

AG_PLAYER_CHANCE = -1
AG_PLAYER_SIMULTANEOUS = -2
AG_PLAYER_NONE = -3
AG_PLAYER_TERMINAL = -4

AG_GAME_CHANCE = 0x1
AG_GAME_SIMULTANEOUS = 0x2
AG_GAME_ASYMMETRIC = 0x4
AG_GAME_ZERO_SUM = 0x8

AG_NODE_POINT = 1
AG_NODE_RESERVE = 2
AG_NODE_PRISON = 3
AG_NODE_GOAL = 4

AG_EDGE_LINE = 1
AG_EDGE_DIAGONAL = 2
AG_EDGE_TRACK = 3
AG_EDGE_SHORTCUT = 4
AG_EDGE_SLIDE = 5
AG_EDGE_JUMP = 6

AG_MOVE_STEP = 1
AG_MOVE_JUMP = 2
AG_MOVE_ENTER = 3
AG_MOVE_CHANCE = 4
AG_MOVE_CHOICE = 5
AG_MOVE_PASS = 6
AG_MOVE_RETURN = 7

AG_PIECE_HARE = 1
AG_PIECE_HUNTER = 2
AG_PIECE_STONE = 3
AG_PIECE_OWL = 4
AG_PIECE_FISH = 5
AG_PIECE_STICK = 6

AG_OUTCOME_ONGOING = 0
AG_OUTCOME_WIN = 1
AG_OUTCOME_DRAW = 2

AG_END_NONE = 0
AG_END_BLOCKED = 1
AG_END_CAPTURES = 2
AG_END_OWL = 3
AG_END_SCORE = 4
AG_END_PLY_LIMIT = 5
AG_END_REPETITION = 6
AG_END_FIVE = 7
AG_END_ALL_TAKEN = 8

AG_MOVE_NONE = 0

AG_LIMIT_LEGAL_MOVES = 1
AG_LIMIT_CHANCE_OUTCOMES = 2
AG_LIMIT_PLIES = 3
AG_LIMIT_POSITION_TEXT = 4
AG_LIMIT_MOVE_TEXT = 5
AG_LIMIT_RENDER_TEXT = 6

AG_INFO_PENDING_STEPS = 1
AG_INFO_SCORE = 2
AG_INFO_CAPTURED = 3
AG_INFO_PRISONERS = 4
AG_INFO_COUNTER = 5
AG_INFO_RESERVE = 6
AG_INFO_CHAIN = 7


def _enum(name, prefix):
    """An IntEnum of the module constants NAME for AG_<prefix>NAME."""
    members = {k[len(prefix):]: v for k, v in globals().items()
               if k.startswith(prefix) and isinstance(v, int)}
    return enum.IntEnum(name, members)


Player = _enum("Player", "AG_PLAYER_")
OutcomeKind = _enum("OutcomeKind", "AG_OUTCOME_")
End = _enum("End", "AG_END_")
MoveKind = enum.IntEnum("MoveKind", {k[8:]: v for k, v in globals().items()
                                     if k.startswith("AG_MOVE_") and k != "AG_MOVE_NONE"})
NodeKind = _enum("NodeKind", "AG_NODE_")
EdgeKind = _enum("EdgeKind", "AG_EDGE_")
PieceKind = _enum("PieceKind", "AG_PIECE_")
Limit = _enum("Limit", "AG_LIMIT_")
Info = _enum("Info", "AG_INFO_")
GameFlag = enum.IntFlag("GameFlag", {k[8:]: v for k, v in globals().items()
                                     if k.startswith("AG_GAME_")})

# ------------------------------------------------------------------ loading


def _candidates():
    """Library names to try, in order (see the module docstring)."""
    explicit = os.environ.get("ANCIENTGAMES_LIB")
    if explicit:
        return [explicit]
    here = os.path.dirname(os.path.abspath(__file__))
    names = [os.path.join(here, os.pardir, "lib", ".libs", "libancientgames.so")]
    names.append(ctypes.util.find_library("ancientgames"))
    names.append("libancientgames.so.0")
    return [n for n in names if n]


def _load():
    """Loads the shared library or raises ImportError with a hint."""
    tried = []
    for name in _candidates():
        if os.sep in name and not os.path.exists(name):
            tried.append(name)
            continue
        try:
            return ctypes.CDLL(name)     # CDLL releases the GIL during each call
        except OSError as e:
            tried.append("%s (%s)" % (name, e))
    raise ImportError("libancientgames not found (tried: %s): install liboldgames or set "
                      "ANCIENTGAMES_LIB=/path/to/libancientgames.so.0" % ", ".join(tried))


_lib = _load()


class _Game(ctypes.Structure):
    """Opaque ag_game."""


class _State(ctypes.Structure):
    """Opaque ag_state."""


GameP = ctypes.POINTER(_Game)      # passing a State where a Game is due raises
StateP = ctypes.POINTER(_State)    # ctypes.ArgumentError instead of crashing
Move = ctypes.c_uint32

_int, _uint, _size, _u64, _u32, _str = (ctypes.c_int, ctypes.c_uint, ctypes.c_size_t,
                                         ctypes.c_uint64, ctypes.c_uint32, ctypes.c_char_p)
_P = ctypes.POINTER

# ------------------------------------------------------------------ errors


class Error(Exception):
    """A failed library call: .code is the AG_E* value, str() the message."""

    def __init__(self, code, msg):
        super().__init__(msg)
        self.code = code

    @property
    def name(self):
        """The code's name, e.g. "AG_EILLEGAL"."""
        return strerror(self.code)


class ParseError(Error, ValueError):
    """AG_EPARSE: malformed spec, position or move text."""


class IllegalMoveError(Error, ValueError):
    """AG_EILLEGAL: the move is not legal in this state."""


class PhaseError(Error, RuntimeError):
    """AG_EPHASE: wrong node type for this call, or nothing to undo."""


_EXC = {AG_EPARSE: ParseError, AG_EILLEGAL: IllegalMoveError, AG_EPHASE: PhaseError}


def _fn(name, restype, *argtypes, check=True):
    """Binds one library function with both restype and argtypes, and the
    error check for int-returning calls whose negatives are AG_E* codes."""
    f = getattr(_lib, name)
    f.restype = restype
    f.argtypes = list(argtypes)
    if check and restype is _int:
        f.errcheck = _check
    return f


def _check(rc, func, args):
    """errcheck: a negative result raises the matching exception."""
    if rc >= 0:
        return rc
    msg = _errmsg().decode("utf-8", "replace")    # same OS thread: the TLS message is ours
    if rc == AG_ENOMEM:
        raise MemoryError(msg)
    raise _EXC.get(rc, Error)(rc, msg)


# ------------------------------------------------------------------ functions
# One line per exported function, in header order.
_version = _fn("ag_version", _uint)
_version_string = _fn("ag_version_string", _str)
_strerror = _fn("ag_strerror", _str, _int)
_errmsg = _fn("ag_errmsg", _str)
_end_reason_name = _fn("ag_end_reason_name", _str, _int)
_outcome_name = _fn("ag_outcome_name", _str, _int)
_move_kind_name = _fn("ag_move_kind_name", _str, _int)
_piece_kind_name = _fn("ag_piece_kind_name", _str, _int)
_node_kind_name = _fn("ag_node_kind_name", _str, _int)
_edge_kind_name = _fn("ag_edge_kind_name", _str, _int)
_rng_next = _fn("ag_rng_next", _u64, _P(_u64))
_rng_below = _fn("ag_rng_below", _u64, _P(_u64), _u64)
_game_count = _fn("ag_game_count", _size)
_game_name_at = _fn("ag_game_name_at", _str, _size)
_game_new = _fn("ag_game_new", _int, _str, _P(GameP))
_game_free = _fn("ag_game_free", None, GameP)
_game_name = _fn("ag_game_name", _str, GameP)
_game_spec = _fn("ag_game_spec", _str, GameP)
_game_flags = _fn("ag_game_flags", _uint, GameP)
_game_num_players = _fn("ag_game_num_players", _int, GameP)
_game_player_name = _fn("ag_game_player_name", _str, GameP, _int)
_game_limit = _fn("ag_game_limit", _size, GameP, _int)
_game_num_nodes = _fn("ag_game_num_nodes", _int, GameP)
_game_node = _fn("ag_game_node", _int, GameP, _int, _P(_int), _P(_int), _P(_int))
_game_node_name = _fn("ag_game_node_name", _str, GameP, _int)
_game_node_find = _fn("ag_game_node_find", _int, GameP, _str, _P(_int))
_game_num_edges = _fn("ag_game_num_edges", _int, GameP)
_game_edge = _fn("ag_game_edge", _int, GameP, _int, _P(_int), _P(_int), _P(_int))
_game_extent = _fn("ag_game_extent", None, GameP, _P(_int), _P(_int))
_move_to_text = _fn("ag_move_to_text", _int, GameP, Move, ctypes.c_char_p, _size, _P(_size))
_move_from_text = _fn("ag_move_from_text", _int, GameP, _str, _P(Move))
_move_info = _fn("ag_move_info", _int, GameP, Move, _P(_int), _P(_int), _P(_int))
_state_new = _fn("ag_state_new", _int, GameP, _P(StateP))
_state_free = _fn("ag_state_free", None, StateP)
_state_clone = _fn("ag_state_clone", _int, StateP, _P(StateP))
_state_copy = _fn("ag_state_copy", _int, StateP, StateP)
_state_reset = _fn("ag_state_reset", None, StateP)
_state_reserve = _fn("ag_state_reserve", _int, StateP, _size)
_state_game = _fn("ag_state_game", GameP, StateP)
# current_player returns negative player codes (-1 = chance): no errcheck.
_state_current_player = _fn("ag_state_current_player", _int, StateP, check=False)
_state_is_terminal = _fn("ag_state_is_terminal", _int, StateP)
_state_ply = _fn("ag_state_ply", _size, StateP)
_state_legal_moves = _fn("ag_state_legal_moves", _int, StateP, _int, _P(Move), _size, _P(_size))
_state_is_legal = _fn("ag_state_is_legal", _int, StateP, _int, Move)
_state_chance_outcomes = _fn("ag_state_chance_outcomes", _int, StateP, _P(Move), _P(_u32),
                             _size, _P(_size), _P(_u32))
_state_sample_chance = _fn("ag_state_sample_chance", _int, StateP, _P(_u64), _P(Move))
_state_apply = _fn("ag_state_apply", _int, StateP, Move)
_state_apply_joint = _fn("ag_state_apply_joint", _int, StateP, _P(Move), _size)
_state_undo = _fn("ag_state_undo", _int, StateP)
_state_history = _fn("ag_state_history", _int, StateP, _P(Move), _size, _P(_size))
_state_playout = _fn("ag_state_playout", _int, StateP, _P(_u64), _size, _P(_size),
                     _P(_int), _P(_int))
_state_hash = _fn("ag_state_hash", _u64, StateP)
_state_equal = _fn("ag_state_equal", _int, StateP, StateP)
_state_piece = _fn("ag_state_piece", _int, StateP, _int, _int, _P(_int), _P(_int), _P(_int))
_state_info = _fn("ag_state_info", _int, StateP, _int, _int, _P(_int))
_state_outcome = _fn("ag_state_outcome", _int, StateP, _P(_int), _P(_int))
_state_returns = _fn("ag_state_returns", _int, StateP, _P(ctypes.c_double), _size)
_state_to_text = _fn("ag_state_to_text", _int, StateP, ctypes.c_char_p, _size, _P(_size))
_state_set_text = _fn("ag_state_set_text", _int, StateP, _str)
_state_render = _fn("ag_state_render", _int, StateP, ctypes.c_char_p, _size, _P(_size))
# record and tag ask for their size first (AG_EBUFS is expected): no errcheck.
_state_record = _fn("ag_state_record", _int, StateP, ctypes.c_char_p, _size, _P(_size),
                    check=False)
_state_set_record = _fn("ag_state_set_record", _int, StateP, _str)
_state_start_text = _fn("ag_state_start_text", _int, StateP, ctypes.c_char_p, _size, _P(_size))
_state_set_tag = _fn("ag_state_set_tag", _int, StateP, _str, _str)
_state_tag = _fn("ag_state_tag", _int, StateP, _str, ctypes.c_char_p, _size, _P(_size),
                 check=False)


# ------------------------------------------------------------------ library


def version():
    """The loaded library's version number, (major << 16) | (minor << 8) | patch."""
    return _version()


def version_string():
    """The loaded library's version as text, e.g. "0.1.0"."""
    return _version_string().decode()


def strerror(code):
    """The name of an error code, e.g. "AG_EILLEGAL"."""
    return _strerror(code).decode()


def _name(fn, code):
    name = fn(int(code))
    return None if name is None else name.decode()


def end_reason_name(reason):
    """The name of an AG_END_* reason ("ply_limit"), None for an unknown code;
    End[name.upper()] is the enum member."""
    return _name(_end_reason_name, reason)


def outcome_name(outcome):
    """The name of an AG_OUTCOME_* value ("win"), None for an unknown code."""
    return _name(_outcome_name, outcome)


def move_kind_name(kind):
    """The name of an AG_MOVE_* kind ("jump"), None for an unknown code."""
    return _name(_move_kind_name, kind)


def piece_kind_name(kind):
    """The name of an AG_PIECE_* kind ("hunter"), None for an unknown code."""
    return _name(_piece_kind_name, kind)


def node_kind_name(kind):
    """The name of an AG_NODE_* kind ("prison"), None for an unknown code."""
    return _name(_node_kind_name, kind)


def edge_kind_name(kind):
    """The name of an AG_EDGE_* kind ("diagonal"), None for an unknown code."""
    return _name(_edge_kind_name, kind)


def errmsg():
    """This thread's last error message ("" when nothing failed yet)."""
    return _errmsg().decode("utf-8", "replace")


def game_names():
    """The names of the built-in games, in registry order."""
    return [_game_name_at(i).decode() for i in range(_game_count())]


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
        return self._with(_rng_next)

    def below(self, bound):
        """An unbiased draw in [0, bound) (ag_rng_below; 0 for bound 0 or 1)."""
        return self._with(lambda r: _rng_below(r, bound))

    def choice(self, seq):
        """seq[self.below(len(seq))]."""
        return seq[self.below(len(seq))]

    def _with(self, f):
        """Calls f(pointer to a uint64_t holding .state), keeping .state in step."""
        cell = _u64(self.state)
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


# ------------------------------------------------------------------ games

Node = collections.namedtuple("Node", "index name x y kind")
Edge = collections.namedtuple("Edge", "a b kind")
Piece = collections.namedtuple("Piece", "owner kind count")
Outcome = collections.namedtuple("Outcome", "outcome winner reason")
PlayoutResult = collections.namedtuple("PlayoutResult", "outcome plies winner reason")


class _Owned:
    """Owns one library handle: freed by close(), at the end of a `with'
    block, or when garbage-collected, whichever comes first."""

    _kind = "object"

    def _own(self, handle, free):
        self._handle = handle
        self._finalizer = weakref.finalize(self, free, handle)

    @property
    def handle(self):
        """The library pointer (raises ValueError once closed)."""
        if not self._finalizer.alive:
            raise ValueError("%s is closed" % self._kind)
        return self._handle

    def close(self):
        """Frees the handle now (it is also freed when garbage-collected)."""
        self._finalizer()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class Game(_Owned):
    """Rules, options and geometry of one game, from a spec such as
    "hare(hunters=11)".  Immutable; may be shared by threads."""

    _kind = "game"

    def __init__(self, spec):
        handle = GameP()
        _game_new(spec.encode("utf-8"), ctypes.byref(handle))
        self._own(handle, _game_free)
        self._states = weakref.WeakSet()
        self.name = _game_name(handle).decode()
        self.spec = _game_spec(handle).decode()
        self.flags = GameFlag(_game_flags(handle))
        self.num_players = _game_num_players(handle)
        self.players = [_game_player_name(handle, p).decode() for p in range(self.num_players)]
        w, h = _int(), _int()
        _game_extent(handle, ctypes.byref(w), ctypes.byref(h))
        self.extent = (w.value, h.value)
        self.nodes = [self._node(i) for i in range(_game_num_nodes(handle))]
        self.edges = [self._edge(i) for i in range(_game_num_edges(handle))]
        self._move_text = ctypes.create_string_buffer(max(self.limit(AG_LIMIT_MOVE_TEXT), 16))

    def _node(self, i):
        x, y, kind = _int(), _int(), _int()
        _game_node(self._handle, i, ctypes.byref(x), ctypes.byref(y), ctypes.byref(kind))
        return Node(i, _game_node_name(self._handle, i).decode(), x.value, y.value, kind.value)

    def _edge(self, i):
        a, b, kind = _int(), _int(), _int()
        _game_edge(self._handle, i, ctypes.byref(a), ctypes.byref(b), ctypes.byref(kind))
        return Edge(a.value, b.value, kind.value)

    def close(self):
        """Frees the game and every state still open on it."""
        for st in list(self._states):
            st.close()
        _Owned.close(self)

    def limit(self, which):
        """A size bound (AG_LIMIT_*); 0 for an unknown selector."""
        return _game_limit(self.handle, int(which))

    def node_find(self, name):
        """The index of the node called name (case-insensitive)."""
        out = _int()
        _game_node_find(self.handle, name.encode("utf-8"), ctypes.byref(out))
        return out.value

    def move_to_text(self, move):
        """The text of a move, e.g. "c3xe5"."""
        n = _size()
        _move_to_text(self.handle, move, self._move_text, len(self._move_text), ctypes.byref(n))
        return self._move_text.value.decode()

    def move_from_text(self, text):
        """The move value of a move text; ParseError when malformed."""
        out = Move()
        _move_from_text(self.handle, text.encode("utf-8"), ctypes.byref(out))
        return out.value

    def move_info(self, move):
        """(kind, from, to) of a move; from/to are -1 when they do not apply."""
        kind, frm, to = _int(), _int(), _int()
        _move_info(self.handle, move, ctypes.byref(kind), ctypes.byref(frm), ctypes.byref(to))
        return kind.value, frm.value, to.value

    def read_record(self, text):
        """A new state of this game holding the game record `text`."""
        return self.new_state().set_record(text)

    def new_state(self, text=None):
        """A state at the initial position, or at the position text given."""
        return State(self, text)

    def __repr__(self):
        return "Game(%r)" % self.spec


# ------------------------------------------------------------------ states


class State(_Owned):
    """A position with its undo history.  Keeps its Game alive; use one
    state from one thread at a time."""

    _kind = "state"

    def __init__(self, game, text=None, _handle=None):
        if isinstance(game, str):
            game = Game(game)
        self.game = game
        handle = _handle
        if handle is None:
            handle = StateP()
            _state_new(game.handle, ctypes.byref(handle))
        self._own(handle, _state_free)
        game._states.add(self)
        cap = max(game.limit(AG_LIMIT_LEGAL_MOVES), game.limit(AG_LIMIT_CHANCE_OUTCOMES), 2)
        self._moves = (Move * cap)()
        self._weights = (_u32 * cap)()
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
        p = _state_current_player(self.handle)
        if p == AG_EINVAL:
            raise Error(p, errmsg())
        return p

    @property
    def is_terminal(self):
        """Whether the game is over."""
        return bool(_state_is_terminal(self.handle))

    @property
    def ply(self):
        """Plies in the history (since creation, reset or set_text)."""
        return _state_ply(self.handle)

    def legal_moves(self, player=None):
        """The ascending legal moves of player (default: the current player;
        at a chance node the outcomes, at a simultaneous node pass 0 or 1)."""
        if player is None:
            player = self.current_player
            if player in (AG_PLAYER_TERMINAL, AG_PLAYER_SIMULTANEOUS):
                return []
        n = _size()
        _state_legal_moves(self.handle, player, self._moves, len(self._moves), ctypes.byref(n))
        return self._moves[:n.value]

    def legal_texts(self, player=None):
        """legal_moves() as move texts."""
        return [self.game.move_to_text(m) for m in self.legal_moves(player)]

    def is_legal(self, move, player=None):
        """Whether move (value or text) is legal for player (default: current) now."""
        if player is None:
            player = self.current_player
        return bool(_state_is_legal(self.handle, player, self._move(move)))

    def chance_outcomes(self):
        """[(move, weight), ...] ascending; the probability of each is
        weight / sum of the weights.  PhaseError when not a chance node."""
        n, total = _size(), _u32()
        _state_chance_outcomes(self.handle, self._moves, self._weights, len(self._moves),
                               ctypes.byref(n), ctypes.byref(total))
        return list(zip(self._moves[:n.value], self._weights[:n.value]))

    def sample_chance(self, rng):
        """Draws a chance outcome with rng (an Rng, advanced); the state is unchanged."""
        out = Move()
        rng = _as_rng(rng)
        rng._with(lambda r: _state_sample_chance(self.handle, r, ctypes.byref(out)))
        return out.value

    # ---------------------------------------------------------- playing

    def apply(self, move):
        """Plays one move (value or text) as one ply; returns self."""
        _state_apply(self.handle, self._move(move))
        return self

    def apply_joint(self, moves):
        """Plays one choice per player (values or texts) at a simultaneous node."""
        arr = (Move * len(moves))(*[self._move(m) for m in moves])
        _state_apply_joint(self.handle, arr, len(moves))
        return self

    def undo(self):
        """Takes back the last ply; PhaseError when the history is empty."""
        _state_undo(self.handle)
        return self

    def history(self):
        """The moves played, oldest first (a joint ply gives one per player)."""
        cap = self.ply * max(self.game.num_players, 1)
        buf, n = (Move * max(cap, 1))(), _size()
        _state_history(self.handle, buf, cap, ctypes.byref(n))
        return buf[:n.value]

    def reset(self):
        """Back to the initial position, history cleared."""
        _state_reset(self.handle)
        return self

    def reserve(self, plies):
        """Reserves history for plies more plies."""
        _state_reserve(self.handle, plies)

    def playout(self, rng=None, max_plies=0):
        """A random game on a private copy with the library's reference random
        player; returns PlayoutResult(outcome, plies, winner, reason).  rng is an
        Rng (advanced) or an int seed."""
        rng = _as_rng(rng)
        plies, winner, reason = _size(), _int(), _int()
        outcome = rng._with(lambda r: _state_playout(self.handle, r, max_plies, ctypes.byref(plies),
                                                     ctypes.byref(winner), ctypes.byref(reason)))
        return PlayoutResult(outcome, plies.value, winner.value, reason.value)

    def clone(self):
        """A deep copy, history included."""
        out = StateP()
        _state_clone(self.handle, ctypes.byref(out))
        return State(self.game, _handle=out)

    def copy_from(self, other):
        """Makes this state a copy of other (same game)."""
        _state_copy(self.handle, other.handle)
        return self

    # ---------------------------------------------------------- position

    @property
    def hash(self):
        """The Zobrist hash of the position."""
        return _state_hash(self.handle)

    def equal(self, other):
        """Whether other holds the same position (history ignored)."""
        return bool(_state_equal(self.handle, other.handle))

    def pieces(self, node):
        """The groups of pieces on a node: [Piece(owner, kind, count), ...]."""
        out, i = [], 0
        owner, kind, count = _int(), _int(), _int()
        while _state_piece(self.handle, node, i, ctypes.byref(owner), ctypes.byref(kind),
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
        value = _int()
        _state_info(self.handle, int(key), index, ctypes.byref(value))
        return value.value

    @property
    def outcome(self):
        """Outcome(outcome, winner, reason) with AG_OUTCOME_*, player, AG_END_*."""
        winner, reason = _int(), _int()
        o = _state_outcome(self.handle, ctypes.byref(winner), ctypes.byref(reason))
        return Outcome(o, winner.value, reason.value)

    def returns(self):
        """Per-player returns: +1 win, -1 loss, 0 draw or ongoing."""
        n = self.game.num_players
        out = (ctypes.c_double * n)()
        _state_returns(self.handle, out, n)
        return list(out)

    # ---------------------------------------------------------- text

    def to_text(self):
        """The canonical one-line position text."""
        _state_to_text(self.handle, self._text, len(self._text), None)
        return self._text.value.decode()

    def set_text(self, text):
        """Sets the position from text (history cleared); ParseError when bad,
        and then the state is unchanged."""
        _state_set_text(self.handle, text.encode("utf-8"))
        return self

    # ---------------------------------------------------------- records

    def _sized_text(self, fn, *args):
        """Text from a buffer-protocol call: asks for the size, then fills."""
        n = _size()
        rc = fn(self.handle, *args, None, 0, ctypes.byref(n))
        if rc not in (AG_OK, AG_EBUFS):
            _check(rc, fn, None)
        buf = ctypes.create_string_buffer(n.value + 1)
        _check(fn(self.handle, *args, buf, len(buf), ctypes.byref(n)), fn, None)
        return buf.value.decode("utf-8", "replace")

    def record(self):
        """The game record: tags, then one numbered ply a line (PGN-like; see
        ancientgames(7), GAME RECORDS)."""
        return self._sized_text(_state_record)

    def set_record(self, text):
        """Replays a game record into this state, whole history and tags;
        ParseError, IllegalMoveError or Error (AG_EMISMATCH: another game),
        and then the state is unchanged."""
        _state_set_record(self.handle, text.encode("utf-8"))
        return self

    def start_text(self):
        """The position text the history starts from."""
        buf = ctypes.create_string_buffer(len(self._text))
        _state_start_text(self.handle, buf, len(buf), None)
        return buf.value.decode()

    def tag(self, name, default=None):
        """The program's record tag `name` ("Event", ...), or default."""
        try:
            return self._sized_text(_state_tag, name.encode("utf-8"))
        except Error as e:
            if e.code == AG_ENOTFOUND:
                return default
            raise

    def set_tag(self, name, value):
        """Sets a record tag of the program; None removes it.  The library's
        own tags (Game, Start, Result, Termination) cannot be set."""
        _state_set_tag(self.handle, name.encode("utf-8"),
                       None if value is None else value.encode("utf-8"))
        return self

    def render(self):
        """The board drawn as multi-line text (not a stable format)."""
        if self._render is None:
            self._render = ctypes.create_string_buffer(
                self.game.limit(AG_LIMIT_RENDER_TEXT) or 4096)
        _state_render(self.handle, self._render, len(self._render), None)
        return self._render.value.decode()

    def __str__(self):
        return self.render()

    def __repr__(self):
        return "State(%r, %r)" % (self.game.spec, self.to_text())


# ------------------------------------------------------------------ AI and solver

class _Solution(ctypes.Structure):
    """Opaque ag_solution."""


SolutionP = ctypes.POINTER(_Solution)
ProgressFn = ctypes.CFUNCTYPE(None, ctypes.c_void_p, _int, _int, _u64, _u64)

_ai_choose = _fn("ag_ai_choose", _int, StateP, _str, _P(_u64), _P(Move))
_ai_choose_player = _fn("ag_ai_choose_player", _int, StateP, _int, _str, _P(_u64), _P(Move))
_ai_choose_joint = _fn("ag_ai_choose_joint", _int, StateP, _str, _P(_u64), _P(Move), _size)
_ai_choose_solved = _fn("ag_ai_choose_solved", _int, StateP, SolutionP, _P(_u64), _P(Move))
_solution_solve = _fn("ag_solution_solve", _int, GameP, _int, ProgressFn, ctypes.c_void_p,
                      _P(SolutionP))
_solution_free = _fn("ag_solution_free", None, SolutionP)
_solution_save = _fn("ag_solution_save", _int, SolutionP, _str)
_solution_load = _fn("ag_solution_load", _int, _str, _P(SolutionP))
_solution_variant = _fn("ag_solution_variant", _int, SolutionP, _P(_int), _P(_int))
_solution_probe = _fn("ag_solution_probe", _int, SolutionP, StateP, _P(_int), _P(_int))
_solution_lookup = _fn("ag_solution_lookup", _int, SolutionP, _int, _u32, _int,
                       _P(_int), _P(_int))
_solution_stats = _fn("ag_solution_stats", _int, SolutionP, _int, _int, _P(_u64), _P(_u64),
                      _P(_u64), _P(_int), _P(_int))


def ai_choose(state, params="mcts", rng=None, player=None):
    """The computer's move for the player to act (or for `player`, which
    also works at a simultaneous node).  params names the player, e.g.
    "random" or "mcts(iterations=500)"; rng is an Rng (advanced) or a seed."""
    rng, out, p = _as_rng(rng), Move(), params.encode("utf-8")
    if player is None:
        rng._with(lambda r: _ai_choose(state.handle, p, r, ctypes.byref(out)))
    else:
        rng._with(lambda r: _ai_choose_player(state.handle, player, p, r, ctypes.byref(out)))
    return out.value


def ai_choose_joint(state, params="mcts", rng=None):
    """Both players' choices at a simultaneous node, for State.apply_joint()."""
    rng, n = _as_rng(rng), state.game.num_players
    moves = (Move * n)()
    rng._with(lambda r: _ai_choose_joint(state.handle, params.encode("utf-8"), r, moves, n))
    return list(moves)


class Solution(_Owned):
    """A solved rules variant of the hare hunt (see ag_solution_solve)."""

    _kind = "solution"

    def __init__(self, handle):
        self._own(handle, _solution_free)

    @classmethod
    def solve(cls, game, threads=0, progress=None):
        """Solves game (a "hare" Game); progress(hunters, level, resolved, total)
        is called between steps when given."""
        out = SolutionP()
        cb = ProgressFn(lambda user, h, lv, res, tot: progress(h, lv, res, tot)) \
            if progress else ProgressFn()
        _solution_solve(game.handle, threads, cb, None, ctypes.byref(out))
        return cls(out)

    @classmethod
    def load(cls, path):
        """Reads a solution written by save(); ParseError for a bad file."""
        out = SolutionP()
        _solution_load(os.fsencode(path), ctypes.byref(out))
        return cls(out)

    def save(self, path):
        """Writes the solution to a file."""
        _solution_save(self.handle, os.fsencode(path))

    @property
    def variant(self):
        """(chain, max_hunters) of the rules variant solved."""
        chain, hunters = _int(), _int()
        _solution_variant(self.handle, ctypes.byref(chain), ctypes.byref(hunters))
        return chain.value, hunters.value

    def probe(self, state):
        """(value, distance) of a state for the side to move: +1/0/-1, turns."""
        value, distance = _int(), _int()
        _solution_probe(self.handle, state.handle, ctypes.byref(value), ctypes.byref(distance))
        return value.value, distance.value

    def lookup(self, hare, hunters, player):
        """(value, distance) of the position: hare point, hunter mask, side to move."""
        value, distance = _int(), _int()
        _solution_lookup(self.handle, hare, hunters, player, ctypes.byref(value),
                         ctypes.byref(distance))
        return value.value, distance.value

    def stats(self, hunters, player):
        """{win, loss, draw, longest_win, longest_loss} of one layer and side."""
        w, l, d, lw, ll = _u64(), _u64(), _u64(), _int(), _int()
        _solution_stats(self.handle, hunters, player, *map(ctypes.byref, (w, l, d, lw, ll)))
        return {"win": w.value, "loss": l.value, "draw": d.value,
                "longest_win": lw.value, "longest_loss": ll.value}

    def choose(self, state, rng=None):
        """The perfect player's move (ag_ai_choose_solved)."""
        rng, out = _as_rng(rng), Move()
        rng._with(lambda r: _ai_choose_solved(state.handle, self.handle, r, ctypes.byref(out)))
        return out.value


__all__ += ["ai_choose", "ai_choose_joint", "Solution"]
