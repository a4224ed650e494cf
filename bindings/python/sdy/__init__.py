"""Python binding of libsdy_c, the stable C ABI of the sdy sharding engine.

Pure ctypes: no compiled extension. The library is found through the
``SDY_C_LIBRARY`` environment variable (full path), next to this package,
in the build trees of the source checkout, or on the system library path.

Every object owns a C handle that is released by ``close()``, by leaving a
``with`` block, or when the object is garbage-collected. Errors of the
library raise :class:`SdyError` subclasses carrying the status code and
message.
"""

from ._lib import HEADER_VERSION, LibraryNotFoundError, lib as _cdll
from ._lib import library_path
from ._status import (CancelledError, ClosedError, DeadlineExceededError,
                      FailedPreconditionError, InternalError,
                      InvalidArgumentError, ParseError,
                      ResourceExhaustedError, SdyError, UnavailableError,
                      UnimplementedError, VerificationError)
from .context import Context, default_context
from .executable import Backend, CancelFlag, Executable
from .mesh import Mesh
from .module import Module
from .pipeline import PRESETS, PROPAGATION_STRATEGIES, Pipeline
from .sharding import AxisRef, Dim, Sharding

__all__ = [
    "AxisRef", "Backend", "CancelFlag", "CancelledError", "ClosedError",
    "Context", "DeadlineExceededError", "Dim", "Executable",
    "FailedPreconditionError", "ResourceExhaustedError", "UnavailableError",
    "InternalError", "InvalidArgumentError", "LibraryNotFoundError", "Mesh",
    "Module", "ParseError", "Pipeline", "PRESETS", "PROPAGATION_STRATEGIES",
    "SdyError", "Sharding",
    "UnimplementedError", "VerificationError", "default_context",
    "library_path", "library_version", "library_version_string",
]

__version__ = "1.2.0"


def library_version():
    """The C ABI version of the loaded library, MAJOR*10000+MINOR*100+PATCH."""
    return _cdll.sdy_version()


def library_version_string():
    """The C ABI version of the loaded library as "MAJOR.MINOR.PATCH"."""
    return _cdll.sdy_version_string().decode("ascii")
