"""Contexts and the handle base class shared by every wrapper."""

import ctypes
import threading
import weakref
from typing import Any, Optional, Type, TypeVar

from ._lib import CFunction, lib
from ._status import ClosedError, check, take_string

__all__ = ["Context", "default_context"]

_H = TypeVar("_H", bound="_Handle")


class _Handle:
    """Owns one C handle, released by :meth:`close`, by leaving a ``with``
    block, or by a finalizer when the object is garbage-collected.

    Subclasses set ``_destroy`` (the C destroy function) and ``_kind`` (a
    name for messages). ``_context`` keeps the Python Context this object
    belongs to alive while it is open, so a handle never outlives the
    context it belongs to.
    """

    _destroy: Any = None
    _kind = "object"

    _context: Optional["Context"] = None
    _ptr: Optional[int]

    def _init_handle(self, ptr: Optional[int], context: Optional["Context"] = None) -> None:
        self._ptr = ptr
        # The Python parent: kept alive as long as this object is open.
        self._context = context
        self._finalizer = weakref.finalize(self, type(self)._destroy, ptr)

    @classmethod
    def _wrap(cls: Type[_H], ptr: Optional[int], context: Optional["Context"]) -> _H:
        """A new wrapper owning the handle `ptr` (of `context`)."""
        obj = cls.__new__(cls)
        obj._init_handle(ptr, context)
        return obj

    @property
    def _handle(self) -> int:
        ptr: Optional[int] = getattr(self, "_ptr", None)
        if ptr is None:
            raise ClosedError("%s is closed" % self._kind)
        return ptr

    @property
    def closed(self) -> bool:
        """True once the handle has been released."""
        return getattr(self, "_ptr", None) is None

    def close(self) -> None:
        """Releases the C handle now. Calling it again does nothing."""
        if getattr(self, "_ptr", None) is None:
            return
        self._ptr = None
        self._finalizer()  # runs the destroy function once, then detaches
        self._context = None

    def __enter__(self: _H) -> _H:
        self._handle  # raises ClosedError when closed
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        if self.closed:
            return "<sdy.%s closed>" % self._kind
        return self._open_repr()

    def _open_repr(self) -> str:
        """The repr of an open object; subclasses add what identifies it."""
        return "<sdy.%s>" % self._kind


def _out_handle() -> ctypes.c_void_p:
    return ctypes.c_void_p()


class Context(_Handle):
    """An sdy context: owns the MLIR context in which meshes, shardings,
    modules and pipelines live. Objects of different contexts cannot be
    mixed (InvalidArgumentError).

    Every object created from a context keeps a reference to it, so the
    context is only destroyed (by ``close()`` or garbage collection) in a
    safe order; the C library also keeps the shared state alive until the
    last object of the context is destroyed.
    """

    _destroy = CFunction("sdy_context_destroy")
    _kind = "Context"

    def __init__(self, multithreading: bool = False) -> None:
        out = _out_handle()
        check(lib.sdy_context_create(ctypes.byref(out)))
        self._init_handle(out.value)
        if multithreading:
            self.set_multithreading(True)

    def set_multithreading(self, enable: bool) -> None:
        """Enables or disables MLIR's internal multithreading (used by pass
        pipelines). Disabled by default."""
        check(lib.sdy_context_set_multithreading(self._handle,
                                                 1 if enable else 0))


class _ContextObject(_Handle):
    """A handle that lives in a :class:`Context` and prints as text.

    Subclasses set ``_print`` (the C print function, which returns an
    owned string).
    """

    _print: Any = None

    @property
    def context(self) -> "Context":
        """The :class:`~sdy.Context` the object belongs to."""
        self._handle
        assert self._context is not None
        return self._context

    def __str__(self) -> str:
        out = new_out()
        check(type(self)._print(self._handle, ctypes.byref(out)))
        return take_string(out)


class _Value(_ContextObject):
    """A context object compared by value and hashed by its text.

    Subclasses set ``_equal`` (the C equality function); objects with
    different ``_equal`` functions are of different kinds and never equal.
    """

    _equal: Any = None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, _Value) or other._equal is not self._equal:
            return NotImplemented
        out = ctypes.c_int32()
        check(type(self)._equal(self._handle, other._handle,
                                ctypes.byref(out)))
        return bool(out.value)

    def __hash__(self) -> int:
        return hash(str(self))


_default: Optional[Context] = None
_default_lock = threading.Lock()


def default_context() -> Context:
    """The process-wide context used when no ``context=`` is given (created
    on first use, kept until the interpreter exits)."""
    global _default
    with _default_lock:
        if _default is None or _default.closed:
            _default = Context()
        return _default


def resolve_context(context: Optional[Context]) -> Context:
    """`context`, or the default context for None."""
    if context is None:
        return default_context()
    if not isinstance(context, Context):
        raise TypeError("context must be an sdy.Context, not %s"
                        % type(context).__name__)
    context._handle  # raises ClosedError when closed
    return context


def new_out() -> ctypes.c_void_p:
    """A ``c_void_p`` to receive a handle or an owned string."""
    return _out_handle()

