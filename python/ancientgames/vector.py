# SPDX-License-Identifier: MIT
"""A vectorized environment: N games of one spec stepped by one call.

VectorEnv binds ag_vec_new(3): the lanes live in C, and each step() crosses
into the library once for all of them, writing NumPy arrays in place, so a
learning program pays no Python work per lane.  Chance nodes are drawn inside
the library from each lane's own RNG stream; simultaneous (finger) rounds take
both players' actions.  The games depend only on the seed, the lane and the
actions, never on the number of lanes or threads.

    >>> import ancientgames as ag
    >>> env = ag.VectorEnv("liubo_sticks", 1024, seed=1)
    >>> out = env.step(env.random_actions())
    >>> out.rewards.shape, out.done.shape, out.observations.shape
    ((1024, 2), (1024,), (1024, 22, 33))
    >>> env.observation_shape          # (planes, nodes) of the game
    (22, 33)

NumPy is required (ImportError otherwise).
"""
import ctypes
import importlib
from typing import Any, NamedTuple, Optional

from . import _lib
from ._handle import Owned

AUTORESET = 1   # AG_VEC_AUTORESET


def _numpy() -> Any:
    try:
        return importlib.import_module("numpy")
    except ImportError:
        raise ImportError("ancientgames.VectorEnv needs NumPy (Debian: python3-numpy)") from None


class VecStep(NamedTuple):
    """What VectorEnv.step() returns.  Arrays belong to the environment and are
    overwritten by the next step (copy what you keep)."""
    rewards: Any            #: float32 (lanes, 2): returns of a game in the step that ended it
    done: Any               #: uint8 (lanes,): 0 on, 1 ended by a rule, 2 truncated at a cap
    observations: Any       #: float32 (lanes, planes, nodes), or None
    masks: Any              #: uint8 (lanes, 2, num_actions), or None
    players: Any            #: int32 (lanes,): 0, 1, Player.SIMULTANEOUS or Player.TERMINAL


class VectorEnv(Owned):
    """lanes games of `spec` (a spec string or a Game), seeded by seed.

    autoreset: a lane whose game ended starts again within the same step (the
    step's done and rewards describe the game that ended; its observation the
    new one).  threads: threads the library may use per call (0 or 1: the
    calling thread only); results do not depend on it.  observations / masks:
    whether step() and reset() also write those arrays (they cost most of a
    step's time; read them later with observations() / masks())."""

    _kind = "vector environment"

    def __init__(self, spec: Any, lanes: int, seed: int = 0, *, autoreset: bool = True,
                 threads: int = 1, observations: bool = True, masks: bool = True) -> None:
        from . import Game, _csize
        np = self._np = _numpy()
        game = Game(spec) if isinstance(spec, str) else spec
        self.game = game
        n = _csize(lanes, "lanes")
        ptr = _lib.VecP()
        with game._h as gp:
            _lib.ag_vec_new(gp, n, int(seed) & 0xFFFFFFFFFFFFFFFF, AUTORESET if autoreset else 0,
                            ctypes.byref(ptr))
            try:
                self._own(ptr, _lib.ag_vec_free, game._h)
            except BaseException:
                _lib.ag_vec_free(ptr)
                raise
        self.lanes = n
        self.threads = int(threads)
        self.num_actions = game.num_actions
        self.observation_shape = tuple(game.observation_shape)
        self._want_obs, self._want_masks = bool(observations), bool(masks)
        self._actions = np.full((n, 2), -1, dtype=np.int32)
        self._rewards = np.zeros((n, 2), dtype=np.float32)
        self._done = np.zeros(n, dtype=np.uint8)
        self._players = np.zeros(n, dtype=np.int32)
        self._obs = np.zeros((n,) + self.observation_shape, dtype=np.float32)
        self._masks = np.zeros((n, 2, self.num_actions), dtype=np.uint8)

    def __len__(self) -> int:
        with self._h as h:
            return int(_lib.ag_vec_lanes(h))

    def _outputs(self) -> VecStep:
        with self._h as h:
            _lib.ag_vec_players(h, self._players.ctypes.data)
            if self._want_obs:
                _lib.ag_vec_observations(h, self._obs.ctypes.data, self._obs.size, self.threads)
            if self._want_masks:
                _lib.ag_vec_action_masks(h, self._masks.ctypes.data, self._masks.size)
        return VecStep(self._rewards, self._done, self._obs if self._want_obs else None,
                       self._masks if self._want_masks else None, self._players)

    def reset(self, seed: Optional[int] = None) -> VecStep:
        """Every lane back to its start (reseeded when seed is given; else with
        the seed given last); rewards and done are zero."""
        if seed is not None:
            self._seed = int(seed) & 0xFFFFFFFFFFFFFFFF
        with self._h as h:
            _lib.ag_vec_reset(h, getattr(self, "_seed", 0))
        self._rewards[:] = 0
        self._done[:] = 0
        return self._outputs()

    def step(self, actions: Any) -> VecStep:
        """Plays one ply in every lane from actions: an int array (lanes, 2)
        (actions[i, p] is player p's action in lane i; entries for a player who
        does not choose are ignored), or (lanes,) for the player to move (not
        at simultaneous nodes).  All or nothing: IllegalMoveError (no lane
        moved) when an action is not legal."""
        np = self._np
        a = np.asarray(actions)
        if a.shape == (self.lanes,):
            a2 = self._actions
            a2[:, 0] = a
            a2[:, 1] = a
        elif a.shape == (self.lanes, 2):
            a2 = np.ascontiguousarray(a, dtype=np.int32)
            if a2 is a and a.dtype != np.int32:   # pragma: no cover (ascontiguousarray copies)
                a2 = a.astype(np.int32)
        else:
            raise ValueError("actions must have shape (%d,) or (%d, 2), not %r"
                             % (self.lanes, self.lanes, a.shape))
        with self._h as h:
            _lib.ag_vec_step(h, a2.ctypes.data, self._rewards.ctypes.data,
                             self._done.ctypes.data, self.threads)
        return self._outputs()

    def random_actions(self) -> Any:
        """A uniformly random legal action for every player who chooses now, from
        each lane's own stream (int32 (lanes, 2); -1 where nobody chooses)."""
        out = self._np.empty((self.lanes, 2), dtype=self._np.int32)
        with self._h as h:
            _lib.ag_vec_random_actions(h, out.ctypes.data)
        return out

    def observations(self) -> Any:
        """A new float32 array (lanes, planes, nodes) of the lanes now."""
        out = self._np.empty((self.lanes,) + self.observation_shape, dtype=self._np.float32)
        with self._h as h:
            _lib.ag_vec_observations(h, out.ctypes.data, out.size, self.threads)
        return out

    def masks(self) -> Any:
        """A new uint8 array (lanes, 2, num_actions): each player's legal actions."""
        out = self._np.empty((self.lanes, 2, self.num_actions), dtype=self._np.uint8)
        with self._h as h:
            _lib.ag_vec_action_masks(h, out.ctypes.data, out.size)
        return out

    def lane(self, i: int) -> Any:
        """A copy of lane i as a State (its own history: text, record, AI...)."""
        from . import State, _csize
        k = _csize(i, "lane")
        ptr = _lib.StateP()
        with self._h as h:
            if k >= self.lanes:
                raise IndexError("lane %d of %d" % (k, self.lanes))
            _lib.ag_state_clone(_lib.ag_vec_lane(h, k), ctypes.byref(ptr))
        try:
            return State(self.game, _ptr=ptr)
        except BaseException:   # e.g. the game was closed meanwhile: the copy is ours to free
            _lib.ag_state_free(ptr)
            raise
