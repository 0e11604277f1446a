# SPDX-License-Identifier: MIT
"""Ownership of the library's pointers: freed once, never while in use.

Private module.  Every call into the library runs inside `with handle as
ptr:', which counts the call (per thread) while it is in flight (ctypes
releases the GIL, so another thread may run meanwhile):

  * close() marks the handle closed, then waits until no other thread is
    inside a call on it, then frees; a call started after close() raises
    ValueError; close() from inside a call on the same handle (a callback)
    raises RuntimeError instead of waiting for itself;
  * a child handle (a state's) keeps its parent (the game's) unfreed until
    the child is freed, whatever the order in which they are closed or
    garbage-collected: a closed parent with open children is freed by its
    last child.  The garbage collector may finalize a Game before its State
    when both are in one unreachable cycle; this is what makes that safe.
"""
import threading
import weakref
from types import TracebackType
from typing import Any, Callable, List, Optional, Type, TypeVar

_O = TypeVar("_O", bound="Owned")
_get_ident = threading.get_ident


class Handle:
    """One library pointer, the function that frees it, and the calls in
    flight on it.

    The calls in flight are the thread ids in the list _busy: entering a call
    appends the caller's id and exiting removes it, each one C-level list
    operation (atomic under the GIL), so a call takes no lock.  The order
    makes that safe: a call appends, then looks at _closed; close() sets
    _closed, then looks at _busy (under _lock).  So either the call sees the
    handle closed (and leaves at once) or close() sees the call (and waits
    for it); a call that ends on a closed handle takes _lock to wake close()
    or to free.  This keeps a call's own cost near a bare ctypes call's
    (python/bench_calls.py)."""

    __slots__ = ("ptr", "kind", "_free", "_parent", "_lock", "_idle", "_busy", "_closed",
                 "_children")

    def __init__(self, ptr: Any, free: Callable[[Any], None], kind: str,
                 parent: "Optional[Handle]" = None) -> None:
        self.ptr = ptr
        self.kind = kind
        self._free = free
        self._lock = threading.Lock()
        self._idle = threading.Condition(self._lock)
        self._busy: List[int] = []           # the ids of the threads in a call, once per call
        self._closed = False
        self._children = 0
        self._parent = parent
        if parent is not None:
            parent._adopt()

    def __enter__(self) -> Any:
        tid = _get_ident()
        self._busy.append(tid)
        if self._closed:
            self._leave(tid)
            raise ValueError("%s is closed" % self.kind)
        return self.ptr

    def __exit__(self, exc_type: Optional[Type[BaseException]],
                 exc: Optional[BaseException], tb: Optional[TracebackType]) -> None:
        self._busy.remove(_get_ident())
        if self._closed:
            self._ended()

    def _leave(self, tid: int) -> None:
        self._busy.remove(tid)
        self._ended()

    def _ended(self) -> None:
        """A call ended on a closed handle: wake close(), or free when it was
        the last one."""
        with self._lock:
            self._idle.notify_all()
            ptr = self._take()
        self._release(ptr)

    @property
    def closed(self) -> bool:
        return self._closed

    def _take(self) -> Any:
        """The pointer to free now, or None (lock held): only once closed,
        idle and without children."""
        if not self._closed or self._busy or self._children or self.ptr is None:
            return None
        ptr, self.ptr = self.ptr, None
        return ptr

    def _release(self, ptr: Any) -> None:
        """Frees ptr (from _take), then lets the parent go."""
        if ptr is None:
            return
        self._free(ptr)
        parent, self._parent = self._parent, None
        if parent is not None:
            parent._orphan()

    def _adopt(self) -> None:
        with self._lock:
            if self._closed:
                raise ValueError("%s is closed" % self.kind)
            self._children += 1

    def _orphan(self) -> None:
        with self._lock:
            self._children -= 1
            ptr = self._take()
        self._release(ptr)

    def close(self) -> None:
        """Marks closed, waits for the other threads' calls in flight, frees
        (or leaves that to the last child when children are open)."""
        tid = threading.get_ident()
        with self._lock:
            if tid in self._busy:
                raise RuntimeError("cannot close a %s from inside a call on it" % self.kind)
            self._closed = True
            while self._busy:
                # _ended() notifies under _lock, so no wake-up is lost; the
                # timeout only bounds each wait.
                self._idle.wait(0.05)
            ptr = self._take()
        self._release(ptr)

    def finalize(self) -> None:
        """The garbage collector's close: never waits, never raises (a call
        in flight, impossible for an unreachable owner, frees on return)."""
        with self._lock:
            self._closed = True
            ptr = self._take()
        self._release(ptr)


class Owned:
    """Owns one library handle: freed by close(), at the end of a `with'
    block, or when garbage-collected, whichever comes first."""

    _kind = "object"
    _h: Handle            # set by _own() (absent when __init__ failed before it)

    def _own(self, ptr: Any, free: Callable[[Any], None],
             parent: Optional[Handle] = None) -> Handle:
        h = self._h = Handle(ptr, free, self._kind, parent)
        # The finalizer holds the Handle, not self: the Handle outlives self,
        # and a state's Handle holds its game's (see the module docstring).
        weakref.finalize(self, h.finalize)
        return h

    @property
    def handle(self) -> Any:
        """The library pointer (raises ValueError once closed)."""
        h = getattr(self, "_h", None)
        if h is None or h.closed:
            raise ValueError("%s is closed" % self._kind)
        return h.ptr

    @property
    def closed(self) -> bool:
        """Whether close() was called."""
        h = getattr(self, "_h", None)
        return h is None or h.closed

    def close(self) -> None:
        """Frees the library object now (it is also freed when garbage-collected);
        waits for calls in flight in other threads."""
        h = getattr(self, "_h", None)
        if h is not None:
            h.close()

    def __enter__(self: _O) -> _O:
        return self

    def __exit__(self, exc_type: Optional[Type[BaseException]],
                 exc: Optional[BaseException], tb: Optional[TracebackType]) -> None:
        self.close()
