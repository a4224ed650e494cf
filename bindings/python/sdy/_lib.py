"""Loading of libsdy_c.so and ctypes prototypes of the stable C ABI.

Every function of ``include/sdy_c/*.h`` (the ``sdy_*`` stable ABI) is
declared here with explicit ``argtypes`` and ``restype``. Handles are opaque
pointers (``c_void_p``); functions returning ``sdy_status_t *`` return a
``c_void_p`` value (``None`` on success) that :func:`sdy._status.check`
turns into an exception.

The library is loaded on first use, or by :func:`load_library`. Lookup
order (the first that exists wins):

1. the path given to :func:`load_library` (``sdy.load_library``);
2. the environment variable ``SDY_C_LIBRARY`` (full path to the library);
3. ``libsdy_c.so.1`` / ``libsdy_c.so`` next to this package;
4. the build trees of the source checkout this package lives in
   (``<repo>/build*/`` and their ``lib/`` / ``src/capi/`` subfolders), the
   most recently built first;
5. pkg-config's ``libdir`` of ``sdy_c``, then ``lib/`` of the install
   prefixes of this Python (``sys.prefix``, ``sys.base_prefix``) and
   ``/usr/local``;
6. ``ctypes.util.find_library("sdy_c")`` (the system's library path).

An explicit path (1 or 2) is the only candidate: nothing else is tried.
"""

import ctypes
import ctypes.util
import glob
import os
import subprocess
import sys
from typing import Any, Dict, List, Optional, Tuple, Union

from ctypes import (POINTER, Structure, c_char_p, c_int32, c_int64, c_size_t,
                    c_uint32, c_void_p)

from ._mlir_c import DIALECT_PROTOTYPES, MlirContextStruct, MlirModuleStruct
from ._query_c import (QueryOpStruct, QueryValueStruct,
                       ShardingOriginStruct)

# A path given by the caller.
PathArg = Union[str, "os.PathLike[str]"]

__all__ = ["lib", "load_library", "LibraryNotFoundError", "AxisRefStruct",
           "DimShardingStruct", "DtypeStruct", "DeviceStruct", "TensorStruct",
           "HEADER_VERSION"]

# The version of the C headers this binding was written against
# (MAJOR * 10000 + MINOR * 100 + PATCH, see sdy_c/version.h).
HEADER_VERSION = 1 * 10000 + 1 * 100 + 0

_LIB_NAMES = ("libsdy_c.so.1", "libsdy_c.so", "libsdy_c.dylib")


class LibraryNotFoundError(ImportError):
    """libsdy_c could not be found or loaded."""


class AxisRefStruct(Structure):
    """``sdy_axis_ref_t``: 24 bytes, no padding."""
    _fields_ = [("name", c_char_p), ("pre_size", c_int64), ("size", c_int64)]


class DimShardingStruct(Structure):
    """``sdy_dim_sharding_t``: 32 bytes, no padding."""
    _fields_ = [("axes", POINTER(AxisRefStruct)), ("num_axes", c_size_t),
                ("priority", c_int64), ("is_closed", c_int32),
                ("reserved", c_int32)]


assert ctypes.sizeof(AxisRefStruct) == 24
assert ctypes.sizeof(DimShardingStruct) == 32


class DtypeStruct(Structure):
    """``sdy_dtype_t``: DLPack's DLDataType (4 bytes)."""
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8),
                ("lanes", ctypes.c_uint16)]


class DeviceStruct(Structure):
    """``sdy_device_t``: DLPack's DLDevice (8 bytes)."""
    _fields_ = [("device_type", c_int32), ("device_id", c_int32)]


class TensorStruct(Structure):
    """``sdy_tensor_t``: DLPack's DLTensor (48 bytes)."""
    _fields_ = [("data", c_void_p), ("device", DeviceStruct),
                ("ndim", c_int32), ("dtype", DtypeStruct),
                ("shape", POINTER(c_int64)), ("strides", POINTER(c_int64)),
                ("byte_offset", ctypes.c_uint64)]


class RunOptionsStruct(Structure):
    """``sdy_run_options_t`` of version 1.1 (32 bytes)."""
    _fields_ = [("struct_size", ctypes.c_size_t), ("timeout_ms", c_int64),
                ("collective_timeout_ms", c_int64),
                ("cancel", POINTER(c_int32))]


class ExecutableOptionsStruct(Structure):
    """``sdy_executable_options_t`` of version 1.3 (16 bytes)."""
    _fields_ = [("struct_size", ctypes.c_size_t), ("exec_mode", c_int64)]


assert ctypes.sizeof(RunOptionsStruct) == 32
assert ctypes.sizeof(ExecutableOptionsStruct) == 16
assert ctypes.sizeof(DtypeStruct) == 4
assert ctypes.sizeof(TensorStruct) == 48
assert TensorStruct.byte_offset.offset == 40


def _installed_candidates() -> List[str]:
    """Libraries of an installation: pkg-config's libdir of sdy_c, then the
    library directories of the install prefixes of this Python."""
    found: List[str] = []
    try:
        libdir = subprocess.run(
            ["pkg-config", "--variable=libdir", "sdy_c"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            universal_newlines=True, check=False).stdout.strip()
    except OSError:  # no pkg-config
        libdir = ""
    dirs = [libdir] if libdir else []
    for prefix in dict.fromkeys((sys.prefix, sys.base_prefix, "/usr/local")):
        dirs += [os.path.join(prefix, sub) for sub in
                 ("lib", "lib64", os.path.join("lib", _multiarch()))]
    for d in dirs:
        found += [os.path.join(d, name) for name in _LIB_NAMES
                  if os.path.isfile(os.path.join(d, name))]
    return found


def _multiarch() -> str:
    return getattr(sys.implementation, "_multiarch", "") or ""


def _candidates(path: Optional[PathArg] = None) -> Tuple[List[str], bool]:
    """(paths to try in order, whether the path is explicit)."""
    if path:
        return [os.fspath(path)], True
    env = os.environ.get("SDY_C_LIBRARY")
    if env:
        # An explicit path is the only candidate: never silently fall back.
        return [env], True
    here = os.path.dirname(os.path.abspath(__file__))
    found = [os.path.join(here, name) for name in _LIB_NAMES]
    # <repo>/bindings/python/sdy -> <repo>; the most recently built library
    # of its build trees first.
    repo = os.path.dirname(os.path.dirname(os.path.dirname(here)))
    built: List[Tuple[float, str]] = []
    for build in glob.glob(os.path.join(repo, "build*")):
        for sub in ("", "lib", os.path.join("src", "capi"), "src"):
            for name in _LIB_NAMES:
                path = os.path.join(build, sub, name)
                if os.path.isfile(path):
                    built.append((os.path.getmtime(path), path))
    found += [path for _, path in sorted(built, reverse=True)]
    found += _installed_candidates()
    system = ctypes.util.find_library("sdy_c")
    if system:
        found.append(system)
    return found, False


def _open(path: Optional[PathArg] = None) -> Tuple[ctypes.CDLL, str]:
    candidates, explicit = _candidates(path)
    errors: List[str] = []
    for candidate in candidates:
        is_path = os.sep in candidate
        if is_path and not os.path.exists(candidate):
            if explicit:
                errors.append("%s: no such file" % candidate)
            continue
        try:
            return ctypes.CDLL(candidate), candidate
        except OSError as e:
            errors.append("%s: %s" % (candidate, e))
    detail = ("; ".join(errors) if errors else
              "searched next to the package, the build trees of the source "
              "checkout, pkg-config's sdy_c, the install prefix and the "
              "system library path")
    raise LibraryNotFoundError(
        "cannot load libsdy_c (pass its path to sdy.load_library() or set "
        "SDY_C_LIBRARY to the full path of libsdy_c.so): " + detail)


class _Library:
    """The loaded libsdy_c: loads on first use (see :func:`load`), then
    forwards attribute access to the ctypes library."""

    def __init__(self) -> None:
        self._cdll: Optional[ctypes.CDLL] = None
        self.path: Optional[str] = None

    def load(self, path: Optional[PathArg] = None) -> "_Library":
        if self._cdll is not None:
            if path is not None and os.path.realpath(os.fspath(path)) != \
                    os.path.realpath(self.path or ""):
                raise LibraryNotFoundError(
                    "libsdy_c is already loaded from %s; load_library(%r) "
                    "must come before the first use of sdy" % (self.path,
                                                                path))
            return self
        cdll, found = _open(path)
        _declare(cdll, found)
        self._cdll, self.path = cdll, found
        return self

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(self.load()._cdll, name)


lib = _Library()


def load_library(path: Optional[PathArg] = None) -> str:
    """Loads libsdy_c now: from `path` when given, else from the first of
    SDY_C_LIBRARY, next to the package, the source checkout's build trees,
    pkg-config's `sdy_c`, the install prefix and the system path. Returns
    the path loaded. Without a call, the first use of the binding loads it
    the same way. Raises LibraryNotFoundError."""
    loaded = lib.load(path).path
    assert loaded is not None
    return loaded


_S = c_void_p          # sdy_status_t *
_H = c_void_p          # any opaque handle
_PH = POINTER(c_void_p)  # handle ** out parameter
_PSTR = POINTER(c_void_p)  # char ** out (caller-owned string)
_PI64 = POINTER(c_int64)
_PSZ = POINTER(c_size_t)
_PI32 = POINTER(c_int32)

_PROTOTYPES: Dict[str, Tuple[Any, List[Any]]] = {
    # status.h
    "sdy_status_code": (c_int32, [_S]),
    "sdy_status_message": (c_char_p, [_S]),
    "sdy_status_code_name": (c_char_p, [c_int32]),
    "sdy_status_destroy": (None, [_S]),
    "sdy_string_destroy": (None, [c_void_p]),
    # version.h
    "sdy_version": (c_uint32, []),
    "sdy_version_string": (c_char_p, []),
    "sdy_version_is_compatible": (c_int32, [c_uint32]),
    # context.h
    "sdy_context_create": (_S, [_PH]),
    "sdy_context_destroy": (None, [_H]),
    "sdy_context_set_multithreading": (_S, [_H, c_int32]),
    # mesh.h
    "sdy_mesh_create": (_S, [_H, POINTER(c_char_p), _PI64, c_size_t, _PI64,
                             c_size_t, _PH]),
    "sdy_mesh_parse": (_S, [_H, c_char_p, _PH]),
    "sdy_mesh_destroy": (None, [_H]),
    "sdy_mesh_print": (_S, [_H, _PSTR]),
    "sdy_mesh_num_axes": (_S, [_H, _PSZ]),
    "sdy_mesh_axis": (_S, [_H, c_size_t, POINTER(c_char_p), _PI64]),
    "sdy_mesh_num_devices": (_S, [_H, _PI64]),
    "sdy_mesh_device_ids": (_S, [_H, _PI64, c_size_t]),
    "sdy_mesh_has_explicit_device_ids": (_S, [_H, _PI32]),
    "sdy_mesh_device_coordinates": (_S, [_H, c_int64, _PI64, c_size_t]),
    "sdy_mesh_device_at": (_S, [_H, _PI64, c_size_t, _PI64]),
    "sdy_mesh_equal": (_S, [_H, _H, _PI32]),
    # sharding.h
    "sdy_sharding_create": (_S, [_H, _H, c_char_p, POINTER(DimShardingStruct),
                                 c_size_t, POINTER(AxisRefStruct), c_size_t,
                                 _PH]),
    "sdy_sharding_parse": (_S, [_H, c_char_p, _H, _PH]),
    "sdy_sharding_destroy": (None, [_H]),
    "sdy_sharding_print": (_S, [_H, _PSTR]),
    "sdy_sharding_get_mesh": (_S, [_H, _PH]),
    "sdy_sharding_mesh_name": (_S, [_H, _PSTR]),
    "sdy_sharding_rank": (_S, [_H, _PSZ]),
    "sdy_sharding_dim": (_S, [_H, c_size_t, _PSZ, _PI32, _PI64]),
    "sdy_sharding_dim_axis": (_S, [_H, c_size_t, c_size_t,
                                   POINTER(AxisRefStruct)]),
    "sdy_sharding_num_replicated": (_S, [_H, _PSZ]),
    "sdy_sharding_replicated_axis": (_S, [_H, c_size_t,
                                          POINTER(AxisRefStruct)]),
    "sdy_sharding_validate": (_S, [_H, _PI64, c_size_t]),
    "sdy_sharding_local_shape": (_S, [_H, _PI64, c_size_t, _PI64, c_size_t]),
    "sdy_sharding_device_slice": (_S, [_H, _PI64, c_size_t, c_int64, _PI64,
                                       _PI64, c_size_t]),
    "sdy_sharding_equal": (_S, [_H, _H, _PI32]),
    # module.h
    "sdy_module_parse": (_S, [_H, c_char_p, c_char_p, _PH]),
    "sdy_module_create_empty": (_S, [_H, _PH]),
    "sdy_module_clone": (_S, [_H, _PH]),
    "sdy_module_destroy": (None, [_H]),
    "sdy_module_verify": (_S, [_H]),
    "sdy_module_print": (_S, [_H, c_uint32, _PSTR]),
    "sdy_module_num_functions": (_S, [_H, _PSZ]),
    "sdy_module_function_name": (_S, [_H, c_size_t, _PSTR]),
    "sdy_module_function_signature": (_S, [_H, c_char_p, _PSZ, _PSZ]),
    "sdy_module_add_mesh": (_S, [_H, c_char_p, _H]),
    "sdy_module_num_meshes": (_S, [_H, _PSZ]),
    "sdy_module_mesh_name": (_S, [_H, c_size_t, _PSTR]),
    "sdy_module_get_mesh": (_S, [_H, c_char_p, _PH]),
    "sdy_module_get_arg_sharding": (_S, [_H, c_char_p, c_size_t, _PH]),
    "sdy_module_get_result_sharding": (_S, [_H, c_char_p, c_size_t, _PH]),
    "sdy_module_set_arg_sharding": (_S, [_H, c_char_p, c_size_t, _H]),
    "sdy_module_set_result_sharding": (_S, [_H, c_char_p, c_size_t, _H]),
    "sdy_module_add_arg_sharding_constraint": (_S, [_H, c_char_p, c_size_t,
                                                    _H]),
    "sdy_module_add_result_sharding_constraint": (_S, [_H, c_char_p, c_size_t,
                                                       _H]),
    # pipeline.h
    "sdy_pipeline_create": (_S, [_H, c_char_p, _PH]),
    "sdy_pipeline_create_preset": (_S, [_H, c_char_p, _PH]),
    "sdy_pipeline_destroy": (None, [_H]),
    "sdy_pipeline_print": (_S, [_H, _PSTR]),
    "sdy_pipeline_enable_timing": (_S, [_H, c_int32]),
    "sdy_pipeline_run": (_S, [_H, _H]),
    "sdy_pipeline_timing_report": (_S, [_H, _PSTR]),
}

# Declared when exported: mlir_interop.h (MLIR-convention functions) and
# functions newer than the oldest library the binding accepts.
_OPTIONAL_PROTOTYPES: Dict[str, Tuple[Any, List[Any]]] = {
    "sdy_context_get_mlir_context": (_S, [_H, POINTER(MlirContextStruct)]),
    "sdy_module_get_mlir_module": (_S, [_H, POINTER(MlirModuleStruct)]),
    "sdy_module_wrap_mlir_module": (_S, [_H, MlirModuleStruct, _PH]),
    # pipeline.h, added after 1.0.0: a binding used with an older library
    # loads, and raises when preset options are used.
    "sdy_pipeline_create_preset_with_options": (_S, [_H, c_char_p, c_char_p,
                                                     _PH]),
    # executable.h, added after 1.0.0: Backend and Executable raise
    # UnimplementedError with an older library.
    "sdy_backend_create_local": (_S, [c_int32, _PH]),
    "sdy_backend_load": (_S, [c_char_p, c_char_p, _PH]),
    "sdy_backend_wrap": (_S, [c_void_p, _PH]),
    "sdy_backend_destroy": (None, [_H]),
    "sdy_backend_device_count": (_S, [_H, _PI32]),
    "sdy_backend_local_devices": (_S, [_H, _PI64, c_size_t, _PSZ]),
    "sdy_executable_compile": (_S, [_H, c_char_p, _PH]),
    "sdy_executable_destroy": (None, [_H]),
    "sdy_executable_num_devices": (_S, [_H, _PI64]),
    "sdy_executable_num_args": (_S, [_H, _PSZ]),
    "sdy_executable_num_results": (_S, [_H, _PSZ]),
    "sdy_executable_arg_type": (_S, [_H, c_size_t, POINTER(DtypeStruct),
                                     _PSZ, _PI64, c_size_t]),
    "sdy_executable_result_type": (_S, [_H, c_size_t, POINTER(DtypeStruct),
                                        _PSZ, _PI64, c_size_t]),
    "sdy_executable_arg_num_shards": (_S, [_H, c_size_t, _PI64, c_size_t]),
    "sdy_executable_result_num_shards": (_S, [_H, c_size_t, _PI64,
                                              c_size_t]),
    "sdy_executable_arg_device_slice": (_S, [_H, c_size_t, _PI64, c_size_t,
                                             c_int64, _PI64, _PI64,
                                             c_size_t]),
    "sdy_executable_run_local": (_S, [_H, _H, POINTER(TensorStruct),
                                      c_size_t, POINTER(TensorStruct),
                                      c_size_t]),
    "sdy_executable_run_global": (_S, [_H, _H, POINTER(TensorStruct),
                                       c_size_t, POINTER(TensorStruct),
                                       c_size_t]),
    # executable.h, added in 1.1.0: global shapes and run options.
    "sdy_executable_arg_global_shape": (_S, [_H, c_size_t, _PI64, c_size_t,
                                             _PI32]),
    "sdy_executable_result_global_shape": (_S, [_H, c_size_t, _PI64,
                                                c_size_t, _PI32]),
    "sdy_run_options_init": (None, [POINTER(RunOptionsStruct)]),
    "sdy_executable_run_local_with_options": (
        _S, [_H, _H, POINTER(TensorStruct), c_size_t, POINTER(TensorStruct),
             c_size_t, POINTER(RunOptionsStruct)]),
    "sdy_executable_run_global_with_options": (
        _S, [_H, _H, POINTER(TensorStruct), c_size_t, POINTER(TensorStruct),
             c_size_t, POINTER(RunOptionsStruct)]),
    # query.h, added in 1.3.0: sdy.query raises UnimplementedError with an
    # older library.
    "sdy_query_create": (_S, [_H, c_char_p, _PH]),
    "sdy_query_destroy": (None, [_H]),
    "sdy_query_num_ops": (_S, [_H, _PSZ]),
    "sdy_query_op": (_S, [_H, c_size_t, POINTER(QueryOpStruct)]),
    "sdy_query_num_values": (_S, [_H, _PSZ]),
    "sdy_query_value": (_S, [_H, c_size_t, POINTER(QueryValueStruct)]),
    "sdy_query_value_sharding": (_S, [_H, c_size_t, _PH]),
    "sdy_query_value_origin": (_S, [_H, c_size_t, c_size_t,
                                    POINTER(ShardingOriginStruct)]),
    # visualize.h, added in 1.3.0: pictures raise UnimplementedError with an
    # older library.
    "sdy_sharding_layout_text": (_S, [_H, _PI64, c_size_t, c_uint32, _PSTR]),
    "sdy_sharding_layout_svg": (_S, [_H, _PI64, c_size_t, _PSTR]),
    "sdy_module_html_report": (_S, [_H, _PSTR]),
    # collectives.h, added in 1.3.0: Module.collective_report raises
    # UnimplementedError with an older library.
    "sdy_module_collective_report": (_S, [_H, c_char_p, _PSTR]),
    "sdy_executable_options_init": (None, [POINTER(ExecutableOptionsStruct)]),
    "sdy_executable_compile_with_options": (
        _S, [_H, c_char_p, POINTER(ExecutableOptionsStruct), _PH]),
    "sdy_executable_compile_report": (_S, [_H, _PSTR]),
    # collectives.h, added in 1.4.0: compare_shardings raises
    # UnimplementedError with an older library.
    "sdy_collective_compare": (_S, [POINTER(_H), POINTER(c_char_p), c_size_t,
                                    c_char_p, _PSTR]),
}


def _declare(cdll: ctypes.CDLL, library_path: str) -> None:
    missing: List[str] = []
    for name, (restype, argtypes) in _PROTOTYPES.items():
        try:
            fn = getattr(cdll, name)
        except AttributeError:
            missing.append(name)
            continue
        fn.restype = restype
        fn.argtypes = argtypes
    if missing:
        raise LibraryNotFoundError(
            "%s does not export %s" % (library_path, ", ".join(missing)))
    for table in (_OPTIONAL_PROTOTYPES, DIALECT_PROTOTYPES):
        for name, (restype, argtypes) in table.items():
            fn = getattr(cdll, name, None)
            if fn is not None:
                fn.restype = restype
                fn.argtypes = argtypes
    if not cdll.sdy_version_is_compatible(HEADER_VERSION):
        raise LibraryNotFoundError(
            "%s has C ABI version %s, which is not compatible with this "
            "binding (written for %d.%d.%d)" % (
                library_path, cdll.sdy_version_string().decode(),
                HEADER_VERSION // 10000, HEADER_VERSION // 100 % 100,
                HEADER_VERSION % 100))


class CFunction:
    """A class attribute naming a C function, looked up when first read (the
    library loads on first use, not at import). `optional`: None when the
    loaded library lacks it (a function newer than the library)."""

    def __init__(self, name: str, optional: bool = False) -> None:
        self.name, self.optional = name, optional

    def __get__(self, obj: object, cls: Optional[type] = None) -> Any:
        if self.optional:
            return getattr(lib, self.name, None)
        return getattr(lib, self.name)
