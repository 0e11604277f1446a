# SPDX-License-Identifier: MIT
"""The library side of the binding: loading, errors, prototypes.

Private: the public API is the package (ancientgames/__init__.py).  Adding a
C function to the binding is one prototype line below, named exactly like
the C function (ag_state_apply is _lib.ag_state_apply), in the order of the
header; the method that calls it goes in __init__.py.

Each prototype declares restype and argtypes; a function returning an int
whose negative values are AG_E* codes raises the matching exception (Error,
ParseError, IllegalMoveError, PhaseError, MemoryError) through _check.
"""
import ctypes
import ctypes.util
import os
import sys
from typing import Any, Callable, Dict, List, Optional, Tuple, Type

from ._constants import AG_ENOMEM, AG_EPARSE, AG_EILLEGAL, AG_EPHASE, AG_ECANCELED

# ------------------------------------------------------------------ loading


def _installed_library() -> Optional[str]:
    """The library that `make install' installed next to this package, from
    the _config module it generates (absent in the source tree)."""
    try:
        from . import _config  # type: ignore[attr-defined]
    except ImportError:
        return None
    return str(getattr(_config, "LIBRARY", "")) or None


def _bundled_library(here: str, runtime: str) -> Optional[str]:
    """The library shipped inside the package directory (a wheel's), if any."""
    path = os.path.join(here, runtime)
    return path if os.path.exists(path) else None


def _platform_names(platform: str) -> Tuple[str, str]:
    """The library's file in a libtool build tree and its run-time name,
    for a sys.platform: libtool names the DLL after the interface version
    (libancientgames-0.dll), macOS's dylib carries it before the suffix."""
    if platform.startswith("win"):
        return "libancientgames-0.dll", "libancientgames-0.dll"
    if platform == "darwin":
        return "libancientgames.dylib", "libancientgames.0.dylib"
    return "libancientgames.so", "libancientgames.so.0"


def _candidates(platform: str = sys.platform) -> List[str]:
    """Library names to try, in order (see the package docstring)."""
    explicit = os.environ.get("ANCIENTGAMES_LIB")
    if explicit:
        return [explicit]
    built, runtime = _platform_names(platform)
    here = os.path.dirname(os.path.abspath(__file__))
    # A wheel (or an sdist built with a compiler) carries its own copy of the
    # library in the package directory: that one first, as ctypes packages do.
    names: List[Optional[str]] = [_bundled_library(here, runtime), _installed_library()]
    names.append(os.path.join(here, os.pardir, os.pardir, "lib", ".libs", built))
    names.append(ctypes.util.find_library("ancientgames"))
    names.append(runtime)
    return [n for n in names if n]


def _load() -> ctypes.CDLL:
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
                      "ANCIENTGAMES_LIB=/path/to/%s" % (", ".join(tried), _platform_names(sys.platform)[1]))


dll = _load()
path: str = dll._name     # the library loaded


class Game(ctypes.Structure):
    """Opaque ag_game."""


class State(ctypes.Structure):
    """Opaque ag_state."""


class Solution(ctypes.Structure):
    """Opaque ag_solution."""


# Distinct pointer types: passing a state where a game is due raises
# ctypes.ArgumentError instead of crashing.
GameP = ctypes.POINTER(Game)
StateP = ctypes.POINTER(State)
SolutionP = ctypes.POINTER(Solution)
c_move = ctypes.c_uint32
ProgressFn = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_int, ctypes.c_int,
                              ctypes.c_uint64, ctypes.c_uint64)
SolveProgressFn = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_int, ctypes.c_int,
                                   ctypes.c_uint64, ctypes.c_uint64)
PollFn = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p)


class Mark(ctypes.Structure):
    """ag_mark, the 0.4 layout (size first)."""
    _fields_ = [("size", ctypes.c_size_t), ("kind", ctypes.c_int), ("shape", ctypes.c_int),
                ("node", ctypes.c_int), ("x0", ctypes.c_double), ("y0", ctypes.c_double),
                ("x1", ctypes.c_double), ("y1", ctypes.c_double), ("r", ctypes.c_double),
                ("points", ctypes.POINTER(ctypes.c_double)), ("num_points", ctypes.c_int),
                ("text", ctypes.c_char_p)]


class Control(ctypes.Structure):
    """ag_control: how a caller stops a search or a solve."""
    _fields_ = [("size", ctypes.c_size_t), ("stop", ctypes.POINTER(ctypes.c_int)),
                ("poll", PollFn), ("user", ctypes.c_void_p)]


class MoveStat(ctypes.Structure):
    """ag_move_stat: one root move of an analysis."""
    _fields_ = [("move", c_move), ("visits", ctypes.c_uint32), ("share", ctypes.c_double),
                ("value", ctypes.c_double)]


class Analysis(ctypes.Structure):
    """ag_analysis, the 0.2 layout (size first)."""
    _fields_ = [("size", ctypes.c_size_t), ("player", ctypes.c_int), ("best", c_move),
                ("value", ctypes.c_double), ("proven", ctypes.c_int),
                ("distance", ctypes.c_int), ("depth", ctypes.c_int),
                ("work", ctypes.c_uint64), ("elapsed_us", ctypes.c_uint64),
                ("line_len", ctypes.c_size_t), ("num_moves", ctypes.c_size_t)]

# ------------------------------------------------------------------ errors


class Error(Exception):
    """A failed library call: .code is the AG_E* value, str() the message."""

    def __init__(self, code: int, msg: str) -> None:
        super().__init__(msg)
        self.code = code

    @property
    def name(self) -> str:
        """The code's name, e.g. "AG_EILLEGAL"."""
        return str(ag_strerror(self.code).decode())


class ParseError(Error, ValueError):
    """AG_EPARSE: malformed spec, position or move text."""


class IllegalMoveError(Error, ValueError):
    """AG_EILLEGAL: the move is not legal in this state."""


class PhaseError(Error, RuntimeError):
    """AG_EPHASE: wrong node type for this call, or nothing to undo."""


class CancelledError(Error):
    """AG_ECANCELED: stopped by the caller (a StopFlag, a poll or progress
    callback).  From ai_analyse, .analysis holds what the search had found;
    from ai_choose, .move the best move so far (None when it had none)."""

    analysis: Any = None
    move: Any = None


_EXC: Dict[int, Type[Error]] = {AG_EPARSE: ParseError, AG_EILLEGAL: IllegalMoveError,
                                AG_EPHASE: PhaseError, AG_ECANCELED: CancelledError}


def errmsg() -> str:
    """This thread's last error message ("" when nothing failed yet)."""
    return str(ag_errmsg().decode("utf-8", "replace"))


def _check(rc: int, func: Any, args: Any) -> int:
    """errcheck: a negative result raises the matching exception."""
    if rc >= 0:
        return rc
    msg = errmsg()    # same OS thread: the thread-local message is ours
    if rc == AG_ENOMEM:
        raise MemoryError(msg)
    raise _EXC.get(rc, Error)(rc, msg)


def _fn(name: str, restype: Any, *argtypes: Any, check: bool = True) -> Callable[..., Any]:
    """Binds one library function with both restype and argtypes, and the
    error check for int-returning calls whose negatives are AG_E* codes."""
    f = getattr(dll, name)
    f.restype = restype
    f.argtypes = list(argtypes)
    if check and restype is ctypes.c_int:
        f.errcheck = _check
    return f  # type: ignore[no-any-return]


_int, _uint, _size, _u64, _u32, _str = (ctypes.c_int, ctypes.c_uint, ctypes.c_size_t,
                                         ctypes.c_uint64, ctypes.c_uint32, ctypes.c_char_p)
_P = ctypes.POINTER
_buf = ctypes.c_char_p     # a writable buffer (ctypes.create_string_buffer)
Move = c_move

# ------------------------------------------------------------------ prototypes
# One line per exported function, in header order.
ag_version = _fn("ag_version", _uint)
ag_version_string = _fn("ag_version_string", _str)
ag_strerror = _fn("ag_strerror", _str, _int)
ag_errmsg = _fn("ag_errmsg", _str)
ag_end_reason_name = _fn("ag_end_reason_name", _str, _int)
ag_outcome_name = _fn("ag_outcome_name", _str, _int)
ag_move_kind_name = _fn("ag_move_kind_name", _str, _int)
ag_piece_kind_name = _fn("ag_piece_kind_name", _str, _int)
ag_node_kind_name = _fn("ag_node_kind_name", _str, _int)
ag_edge_kind_name = _fn("ag_edge_kind_name", _str, _int)
ag_mark_kind_name = _fn("ag_mark_kind_name", _str, _int)
ag_mark_shape_name = _fn("ag_mark_shape_name", _str, _int)
ag_rng_next = _fn("ag_rng_next", _u64, _P(_u64))
ag_rng_below = _fn("ag_rng_below", _u64, _P(_u64), _u64)
ag_game_count = _fn("ag_game_count", _size)
ag_game_name_at = _fn("ag_game_name_at", _str, _size)
ag_game_new = _fn("ag_game_new", _int, _str, _P(GameP))
ag_game_free = _fn("ag_game_free", None, GameP)
ag_game_name = _fn("ag_game_name", _str, GameP)
ag_game_spec = _fn("ag_game_spec", _str, GameP)
ag_game_flags = _fn("ag_game_flags", _uint, GameP)
ag_game_num_players = _fn("ag_game_num_players", _int, GameP)
ag_game_player_name = _fn("ag_game_player_name", _str, GameP, _int)
ag_game_limit = _fn("ag_game_limit", _size, GameP, _int)
ag_game_num_nodes = _fn("ag_game_num_nodes", _int, GameP)
ag_game_node = _fn("ag_game_node", _int, GameP, _int, _P(_int), _P(_int), _P(_int))
ag_game_node_name = _fn("ag_game_node_name", _str, GameP, _int)
ag_game_node_find = _fn("ag_game_node_find", _int, GameP, _str, _P(_int))
ag_game_num_edges = _fn("ag_game_num_edges", _int, GameP)
ag_game_edge = _fn("ag_game_edge", _int, GameP, _int, _P(_int), _P(_int), _P(_int))
ag_game_extent = _fn("ag_game_extent", None, GameP, _P(_int), _P(_int))
ag_game_num_marks = _fn("ag_game_num_marks", _int, GameP)
ag_game_mark = _fn("ag_game_mark", _int, GameP, _int, _P(Mark))
ag_move_to_text = _fn("ag_move_to_text", _int, GameP, Move, _buf, _size, _P(_size))
ag_move_from_text = _fn("ag_move_from_text", _int, GameP, _str, _P(Move))
ag_move_info = _fn("ag_move_info", _int, GameP, Move, _P(_int), _P(_int), _P(_int))
ag_state_new = _fn("ag_state_new", _int, GameP, _P(StateP))
ag_state_free = _fn("ag_state_free", None, StateP)
ag_state_clone = _fn("ag_state_clone", _int, StateP, _P(StateP))
ag_state_copy = _fn("ag_state_copy", _int, StateP, StateP)
ag_state_reset = _fn("ag_state_reset", None, StateP)
ag_state_reserve = _fn("ag_state_reserve", _int, StateP, _size)
ag_state_game = _fn("ag_state_game", GameP, StateP)
# current_player returns negative player codes (-1 = chance): no errcheck.
ag_state_current_player = _fn("ag_state_current_player", _int, StateP, check=False)
ag_state_is_terminal = _fn("ag_state_is_terminal", _int, StateP)
ag_state_ply = _fn("ag_state_ply", _size, StateP)
ag_state_legal_moves = _fn("ag_state_legal_moves", _int, StateP, _int, _P(Move), _size,
                           _P(_size))
ag_state_is_legal = _fn("ag_state_is_legal", _int, StateP, _int, Move)
ag_state_chance_outcomes = _fn("ag_state_chance_outcomes", _int, StateP, _P(Move), _P(_u32),
                               _size, _P(_size), _P(_u32))
ag_state_sample_chance = _fn("ag_state_sample_chance", _int, StateP, _P(_u64), _P(Move))
ag_state_apply = _fn("ag_state_apply", _int, StateP, Move)
ag_state_apply_joint = _fn("ag_state_apply_joint", _int, StateP, _P(Move), _size)
ag_state_undo = _fn("ag_state_undo", _int, StateP)
ag_state_history = _fn("ag_state_history", _int, StateP, _P(Move), _size, _P(_size))
ag_state_playout = _fn("ag_state_playout", _int, StateP, _P(_u64), _size, _P(_size),
                       _P(_int), _P(_int))


class PlayoutTotals(ctypes.Structure):
    """ag_playout_totals."""
    _fields_ = [("playouts", _u64), ("plies", _u64), ("wins", _u64 * 2), ("draws", _u64),
                ("unfinished", _u64)]


ag_state_playouts = _fn("ag_state_playouts", _int, StateP, _u64, _u64, _size, _int,
                        _P(PlayoutTotals))
ag_state_playouts_ex = _fn("ag_state_playouts_ex", _int, StateP, _u64, _u64, _size, _int,
                           _P(Control), _P(PlayoutTotals))
ag_state_hash = _fn("ag_state_hash", _u64, StateP)
ag_state_equal = _fn("ag_state_equal", _int, StateP, StateP)
ag_state_piece = _fn("ag_state_piece", _int, StateP, _int, _int, _P(_int), _P(_int), _P(_int))
ag_state_info = _fn("ag_state_info", _int, StateP, _int, _int, _P(_int))
ag_state_outcome = _fn("ag_state_outcome", _int, StateP, _P(_int), _P(_int))
ag_state_returns = _fn("ag_state_returns", _int, StateP, _P(ctypes.c_double), _size)
ag_state_to_text = _fn("ag_state_to_text", _int, StateP, _buf, _size, _P(_size))
ag_state_set_text = _fn("ag_state_set_text", _int, StateP, _str)
ag_state_render = _fn("ag_state_render", _int, StateP, _buf, _size, _P(_size))
# svg asks for its size first (AG_EBUFS is expected): no errcheck.
ag_state_svg = _fn("ag_state_svg", _int, StateP, _uint, _buf, _size, _P(_size), check=False)
# record, start_text and tag ask for their size first (AG_EBUFS is expected): no errcheck.
ag_state_record = _fn("ag_state_record", _int, StateP, _buf, _size, _P(_size), check=False)
ag_state_set_record = _fn("ag_state_set_record", _int, StateP, _str)
ag_state_start_text = _fn("ag_state_start_text", _int, StateP, _buf, _size, _P(_size),
                          check=False)
ag_state_set_tag = _fn("ag_state_set_tag", _int, StateP, _str, _str)
ag_state_tag = _fn("ag_state_tag", _int, StateP, _str, _buf, _size, _P(_size), check=False)
ag_ai_choose = _fn("ag_ai_choose", _int, StateP, _str, _P(_u64), _P(Move))
ag_ai_choose_player = _fn("ag_ai_choose_player", _int, StateP, _int, _str, _P(_u64), _P(Move))
ag_state_new_from_record = _fn("ag_state_new_from_record", _int, _str, _P(GameP), _P(StateP))
ag_ai_choose_joint = _fn("ag_ai_choose_joint", _int, StateP, _str, _P(_u64), _P(Move), _size)
ag_ai_choose_solved = _fn("ag_ai_choose_solved", _int, StateP, SolutionP, _P(_u64), _P(Move))
ag_solution_solve = _fn("ag_solution_solve", _int, GameP, _int, ProgressFn, ctypes.c_void_p,
                        _P(SolutionP))
ag_solution_solve_ex = _fn("ag_solution_solve_ex", _int, GameP, _int, SolveProgressFn,
                           ctypes.c_void_p, _P(Control), _P(SolutionP))
ag_solution_free = _fn("ag_solution_free", None, SolutionP)
ag_solution_save = _fn("ag_solution_save", _int, SolutionP, _str)
ag_solution_load = _fn("ag_solution_load", _int, _str, _P(SolutionP))
ag_solution_variant = _fn("ag_solution_variant", _int, SolutionP, _P(_int), _P(_int))
ag_solution_probe = _fn("ag_solution_probe", _int, SolutionP, StateP, _P(_int), _P(_int))
ag_solution_lookup = _fn("ag_solution_lookup", _int, SolutionP, _int, _u32, _int,
                         _P(_int), _P(_int))
ag_solution_stats = _fn("ag_solution_stats", _int, SolutionP, _int, _int, _P(_u64), _P(_u64),
                        _P(_u64), _P(_int), _P(_int))
# --- new functions: add their prototypes here, named like the C function ---
# ag_ai_choose_ex writes the best move so far also when it fails with AG_ECANCELED.
ag_ai_choose_ex = _fn("ag_ai_choose_ex", _int, StateP, _int, _str, _P(_u64), _P(Control),
                      _P(Move), check=False)
# ag_ai_analyse fills its outputs also when it fails with AG_ECANCELED: no errcheck.
ag_ai_analyse = _fn("ag_ai_analyse", _int, StateP, _int, _str, _P(_u64), _P(Control),
                    _P(Analysis), _P(Move), _size, _P(MoveStat), _size, check=False)

ag_game_num_actions = _fn("ag_game_num_actions", _size, GameP)
ag_game_action_move = _fn("ag_game_action_move", _int, GameP, _size, _P(Move))
ag_game_move_action = _fn("ag_game_move_action", _int, GameP, Move, _P(_size))
ag_game_observation_shape = _fn("ag_game_observation_shape", _int, GameP, _P(_size), _P(_size))
ag_game_observation_plane = _fn("ag_game_observation_plane", _str, GameP, _size)
ag_state_observation = _fn("ag_state_observation", _int, StateP, _P(ctypes.c_float), _size,
                           _P(_size))
ag_state_action_mask = _fn("ag_state_action_mask", _int, StateP, _int, _P(ctypes.c_ubyte),
                           _size, _P(_size))


class Vec(ctypes.Structure):
    """ag_vec (opaque): a vectorized environment."""


VecP = ctypes.POINTER(Vec)
_vp = ctypes.c_void_p     # an array's address (NumPy's arr.ctypes.data): no conversion cost
ag_vec_new = _fn("ag_vec_new", _int, GameP, _size, _u64, _uint, _P(VecP))
ag_vec_free = _fn("ag_vec_free", None, VecP)
ag_vec_lanes = _fn("ag_vec_lanes", _size, VecP)
ag_vec_lane = _fn("ag_vec_lane", StateP, VecP, _size)
ag_vec_reset = _fn("ag_vec_reset", _int, VecP, _u64)
ag_vec_step = _fn("ag_vec_step", _int, VecP, _vp, _vp, _vp, _int)
ag_vec_observations = _fn("ag_vec_observations", _int, VecP, _vp, _size, _int)
ag_vec_action_masks = _fn("ag_vec_action_masks", _int, VecP, _vp, _size)
ag_vec_players = _fn("ag_vec_players", _int, VecP, _vp)
ag_vec_random_actions = _fn("ag_vec_random_actions", _int, VecP, _vp)
