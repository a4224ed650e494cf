"""Python binding of libsdy_c, the stable C ABI of the sdy sharding engine.

Pure ctypes: no compiled extension. The library is loaded on first use
from the path given to :func:`load_library`, the ``SDY_C_LIBRARY``
environment variable (full path), next to this package, the build trees of
the source checkout, pkg-config's ``sdy_c``, the install prefix, or the
system library path.

Every object owns a C handle that is released by ``close()``, by leaving a
``with`` block, or when the object is garbage-collected. Errors of the
library raise :class:`SdyError` subclasses carrying the status code and
message.
"""

from ._lib import HEADER_VERSION, LibraryNotFoundError, lib as _cdll
from ._lib import load_library
from ._status import (CancelledError, ClosedError, DeadlineExceededError,
                      FailedPreconditionError, InternalError,
                      InvalidArgumentError, ParseError,
                      ResourceExhaustedError, SdyError, UnavailableError,
                      UnimplementedError, VerificationError)
from .collectives import collective_report, collectives, compare_shardings
from .context import Context, default_context
from .dlpack import from_dlpack
from .executable import Backend, CancelFlag, Executable
from .mesh import Mesh
from .module import Module
from .pipeline import PRESETS, PROPAGATION_STRATEGIES, Pipeline
from .sharding import AxisRef, Dim, Sharding
from .query import Query
from . import visualize

__all__ = [
    "AxisRef", "Backend", "CancelFlag", "CancelledError", "ClosedError",
    "Context", "DeadlineExceededError", "Dim", "Executable",
    "FailedPreconditionError", "ResourceExhaustedError", "UnavailableError",
    "InternalError", "InvalidArgumentError", "LibraryNotFoundError", "Mesh",
    "Module", "ParseError", "Pipeline", "PRESETS", "PROPAGATION_STRATEGIES",
    "SdyError", "Sharding", "collective_report", "collectives",
    "compare_shardings",
    "UnimplementedError", "VerificationError", "default_context",
    "library_path", "library_version", "library_version_string",
    "load_library", "from_dlpack",
]
__all__ += ["Query"]

__version__ = "1.4.0"


def __getattr__(name: str) -> str:
    # `sdy.library_path`: the path of the library, loading it if needed.
    if name == "library_path":
        return load_library()
    raise AttributeError("module 'sdy' has no attribute %r" % name)


def library_version() -> int:
    """The C ABI version of the loaded library, MAJOR*10000+MINOR*100+PATCH."""
    version: int = _cdll.sdy_version()
    return version


def library_version_string() -> str:
    """The C ABI version of the loaded library as "MAJOR.MINOR.PATCH"."""
    version: bytes = _cdll.sdy_version_string()
    return version.decode("ascii")
