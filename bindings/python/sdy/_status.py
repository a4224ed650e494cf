"""Exceptions carrying an ``sdy_status_t`` and conversion helpers.

Every fallible C function returns a status; :func:`check` destroys it and
raises the :class:`SdyError` subclass that matches its code, with the
library's message (which holds MLIR diagnostics with their locations).
"""

import ctypes
import operator
from typing import Any, Iterable, Optional, Tuple, Union

from ._lib import lib

__all__ = [
    "SdyError", "InvalidArgumentError", "ParseError", "VerificationError",
    "FailedPreconditionError", "UnimplementedError", "InternalError",
    "DeadlineExceededError", "UnavailableError", "ResourceExhaustedError",
    "CancelledError", "ClosedError", "check",
]

OK = 0
INVALID_ARGUMENT = 1
PARSE_ERROR = 2
VERIFICATION_ERROR = 3
FAILED_PRECONDITION = 4
UNIMPLEMENTED = 5
INTERNAL = 6
# Since 1.1.0.
DEADLINE_EXCEEDED = 7
UNAVAILABLE = 8
RESOURCE_EXHAUSTED = 9
CANCELLED = 10


class SdyError(Exception):
    """An error reported by libsdy_c.

    Attributes:
        code: the numeric status code (``SDY_*`` of sdy_c/status.h).
        code_name: its name, e.g. ``"SDY_PARSE_ERROR"``.
        message: the library's message (UTF-8 decoded).
    """

    def __init__(self, message: str, code: int = INTERNAL) -> None:
        super().__init__(message, code)
        self.code = code
        self.message = message

    @property
    def code_name(self) -> str:
        name: bytes = lib.sdy_status_code_name(self.code)
        return name.decode("utf-8", "replace")

    def __str__(self) -> str:
        return "%s: %s" % (self.code_name, self.message)


class InvalidArgumentError(SdyError):
    """SDY_INVALID_ARGUMENT: a bad handle, count, index, string or value."""


class ParseError(SdyError):
    """SDY_PARSE_ERROR: text could not be parsed."""


class VerificationError(SdyError):
    """SDY_VERIFICATION_ERROR: well-formed but breaks the dialect's rules."""


class FailedPreconditionError(SdyError):
    """SDY_FAILED_PRECONDITION: the object's state does not allow the call."""


class UnimplementedError(SdyError):
    """SDY_UNIMPLEMENTED: a valid request that is not supported yet."""


class InternalError(SdyError):
    """SDY_INTERNAL (and unknown codes): a bug or an unexpected failure."""


class DeadlineExceededError(SdyError):
    """SDY_DEADLINE_EXCEEDED: a run or a collective did not finish in time
    (the run timeout, or a peer that never joined a collective)."""


class UnavailableError(SdyError):
    """SDY_UNAVAILABLE: a peer device or process died or cannot be
    reached."""


class ResourceExhaustedError(SdyError):
    """SDY_RESOURCE_EXHAUSTED: out of memory, or a size beyond what can be
    allocated."""


class CancelledError(SdyError):
    """SDY_CANCELLED: the run was cancelled (see :class:`CancelFlag`)."""


class ClosedError(InvalidArgumentError):
    """An object was used after :meth:`close` (raised by the binding before
    calling into the library, which would report SDY_INVALID_ARGUMENT)."""

    def __init__(self, message: str, code: int = INVALID_ARGUMENT) -> None:
        super().__init__(message, code)


_BY_CODE = {
    INVALID_ARGUMENT: InvalidArgumentError,
    PARSE_ERROR: ParseError,
    VERIFICATION_ERROR: VerificationError,
    FAILED_PRECONDITION: FailedPreconditionError,
    UNIMPLEMENTED: UnimplementedError,
    INTERNAL: InternalError,
    DEADLINE_EXCEEDED: DeadlineExceededError,
    UNAVAILABLE: UnavailableError,
    RESOURCE_EXHAUSTED: ResourceExhaustedError,
    CANCELLED: CancelledError,
}


def check(status: Optional[int]) -> None:
    """Raises the matching SdyError if `status` (a ``c_void_p`` value) is not
    NULL; always destroys it."""
    if not status:
        return
    try:
        code: int = lib.sdy_status_code(status)
        raw: bytes = lib.sdy_status_message(status) or b""
        message = raw.decode("utf-8", "replace")
    finally:
        lib.sdy_status_destroy(status)
    raise _BY_CODE.get(code, InternalError)(message, code)


# --- conversion helpers ------------------------------------------------------

_INT64_MIN = -(1 << 63)
_INT64_MAX = (1 << 63) - 1
_SIZE_MAX = (1 << (8 * ctypes.sizeof(ctypes.c_size_t))) - 1


def to_int64(value: Any, what: str) -> int:
    """`value` as a Python int in the int64 range (ctypes would wrap)."""
    try:
        v = operator.index(value)
    except TypeError:
        raise TypeError("%s must be an integer, not %s"
                        % (what, type(value).__name__)) from None
    if not _INT64_MIN <= v <= _INT64_MAX:
        raise OverflowError("%s = %d does not fit in int64" % (what, v))
    return v


def to_size(value: Any, what: str) -> int:
    """`value` as a non-negative Python int that fits size_t."""
    try:
        v = operator.index(value)
    except TypeError:
        raise TypeError("%s must be an integer, not %s"
                        % (what, type(value).__name__)) from None
    if v < 0:
        raise IndexError("%s must be non-negative, got %d" % (what, v))
    if v > _SIZE_MAX:
        raise OverflowError("%s = %d does not fit in size_t" % (what, v))
    return v


def int64_array(values: Iterable[Any], what: str) -> Tuple[Any, int]:
    """A ctypes int64 array of `values` (and its length)."""
    items = [to_int64(v, "%s[%d]" % (what, i)) for i, v in enumerate(values)]
    return (ctypes.c_int64 * len(items))(*items), len(items)


def encode(text: Union[str, bytes, bytearray], what: str) -> bytes:
    """UTF-8 bytes of `text` (str or bytes) for a NUL-terminated parameter."""
    if isinstance(text, str):
        data = text.encode("utf-8")
    elif isinstance(text, (bytes, bytearray)):
        data = bytes(text)
    else:
        raise TypeError("%s must be str, not %s" % (what, type(text).__name__))
    if b"\0" in data:
        raise ValueError("%s must not contain NUL characters" % what)
    return data


def decode(raw: Optional[bytes]) -> str:
    """str of a borrowed ``const char *`` value (bytes or None)."""
    return "" if raw is None else raw.decode("utf-8")


def take_string(ptr: ctypes.c_void_p) -> str:
    """str of a caller-owned ``char *`` (a ``c_void_p``), which is freed."""
    if not ptr.value:
        return ""
    try:
        return ctypes.string_at(ptr.value).decode("utf-8")
    finally:
        lib.sdy_string_destroy(ptr.value)
