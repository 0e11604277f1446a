# SPDX-License-Identifier: MIT
"""Actions and observations for learning programs (OpenSpiel's conventions).

A game numbers its moves densely: the actions 0 .. num_actions(game) - 1 are
the moves that ag_move_info() accepts, in ascending order of move value,
chance outcomes and simultaneous choices included.  A position is encoded as
a (planes, nodes) tensor of floats; plane_names(game) names the planes, and
the game's man page ancientgames-*(7) documents them.

The functions return NumPy arrays when NumPy can be imported (float32 for
observations, uint8 for masks), nested lists otherwise; pass numpy=False for
lists always.  The same functions are the methods Game.num_actions,
Game.action_move, Game.move_action, Game.observation_shape,
Game.observation_planes, State.observation and State.action_mask.

    >>> import ancientgames as ag
    >>> g = ag.Game("hare")
    >>> g.num_actions, g.observation_shape
    (193, (11, 25))
"""
import ctypes
import importlib
from typing import TYPE_CHECKING, Any, List, Tuple, Union

from . import _lib

if TYPE_CHECKING:  # the package imports this module before it defines Move
    from . import Move

# NumPy is optional: lists without it.  Imported by name, not by an import
# statement, so that `mypy --strict' gives the same answer with and without
# NumPy installed (tests/check-mypy.sh runs it both ways): _np is Any.
_np: Any
try:
    _np = importlib.import_module("numpy")
except ImportError:  # pragma: no cover - depends on the machine
    _np = None


def _want_numpy(numpy: Any) -> bool:
    if numpy is None:
        return _np is not None
    if numpy and _np is None:
        raise ImportError("numpy=True, but NumPy cannot be imported")
    return bool(numpy)


def num_actions(game: Any) -> int:
    """The number of distinct actions of a game."""
    with game._h as h:
        return int(_lib.ag_game_num_actions(h))


def action_move(game: Any, action: int) -> "Move":
    """The Move of an action: RangeError when the action is outside size_t,
    Error (AG_EINVAL) when it is not below num_actions(game)."""
    from . import Move, _csize  # noqa: F811 (at run time: the package is loaded by then)
    a = _csize(action, "action")
    out = _lib.c_move()
    with game._h as h:
        _lib.ag_game_action_move(h, a, ctypes.byref(out))
    return Move(out.value, game)


def move_action(game: Any, move: Union[int, str]) -> int:
    """The action of a move (an int, or a move text): RangeError when the
    value is outside ag_move, Error (AG_EINVAL) when it is no move of the game."""
    from . import _U32_MAX, _cint
    value = int(game.move_from_text(move)) if isinstance(move, str) \
        else _cint(move, "move", 0, _U32_MAX)
    out = ctypes.c_size_t()
    with game._h as h:
        _lib.ag_game_move_action(h, value, ctypes.byref(out))
    return out.value


def observation_shape(game: Any) -> Tuple[int, int]:
    """(planes, nodes) of the game's observation tensor."""
    planes, nodes = ctypes.c_size_t(), ctypes.c_size_t()
    with game._h as h:
        _lib.ag_game_observation_shape(h, ctypes.byref(planes), ctypes.byref(nodes))
    return planes.value, nodes.value


def plane_names(game: Any) -> List[str]:
    """The names of the observation's planes, e.g. ["hunter/0", ...]."""
    planes, _ = observation_shape(game)
    with game._h as h:
        return [_lib.ag_game_observation_plane(h, i).decode() for i in range(planes)]


def observation(state: Any, numpy: Any = None) -> Any:
    """The observation tensor of a state: (planes, nodes) floats."""
    planes, nodes = observation_shape(state.game)
    buf = (ctypes.c_float * max(planes * nodes, 1))()
    with state._h as h:
        _lib.ag_state_observation(h, buf, planes * nodes, None)
    if _want_numpy(numpy):
        return _np.frombuffer(memoryview(buf), dtype=_np.float32,
                             count=planes * nodes).reshape(planes, nodes).copy()
    flat = list(buf)[:planes * nodes]
    return [flat[p * nodes:(p + 1) * nodes] for p in range(planes)]


def action_mask(state: Any, player: Any = None, numpy: Any = None) -> Any:
    """The legal action mask of a player (default: the player to act; at a chance
    node the chance outcomes): 1 where the action is legal, else 0."""
    if player is None:
        player = state.current_player
    from . import _cint
    player = _cint(player, "player")
    n = num_actions(state.game)
    buf = (ctypes.c_ubyte * max(n, 1))()
    with state._h as h:
        _lib.ag_state_action_mask(h, player, buf, n, None)
    if _want_numpy(numpy):
        return _np.frombuffer(memoryview(buf), dtype=_np.uint8, count=n).copy()
    return list(buf)[:n]
