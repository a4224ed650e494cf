"""Running programs: device backends and executables (sdy_c/executable.h).

Arrays are numpy arrays (Debian: python3-numpy), imported only when a
program runs; the rest of the binding needs nothing but the standard
library.
"""

import ctypes
from typing import Any, List, Optional, Sequence, Tuple, TYPE_CHECKING

from ._lib import (CFunction, DtypeStruct, RunOptionsStruct, TensorStruct,
                   lib)
from .dlpack import from_dlpack, is_dlpack
from ._status import (INVALID_ARGUMENT, UNIMPLEMENTED, InvalidArgumentError,
                      UnimplementedError, check, encode,
                      to_int64, to_size)
from .context import _Handle, new_out

if TYPE_CHECKING:
    from .module import Module

__all__ = ["Backend", "CancelFlag", "Executable"]

_DL_INT, _DL_UINT, _DL_FLOAT, _DL_BFLOAT, _DL_COMPLEX, _DL_BOOL = 0, 1, 2, 4, 5, 6
# DLPack's codes of the narrow floats: (sdy/MLIR name, ml_dtypes name).
_DL_NARROW_FLOATS = {
    7: ("f8E3M4", "float8_e3m4"), 8: ("f8E4M3", "float8_e4m3"),
    9: ("f8E4M3B11FNUZ", "float8_e4m3b11fnuz"),
    10: ("f8E4M3FN", "float8_e4m3fn"), 11: ("f8E4M3FNUZ", "float8_e4m3fnuz"),
    12: ("f8E5M2", "float8_e5m2"), 13: ("f8E5M2FNUZ", "float8_e5m2fnuz"),
    14: ("f8E8M0FNU", "float8_e8m0fnu"), 15: ("f6E2M3FN", "float6_e2m3fn"),
    16: ("f6E3M2FN", "float6_e3m2fn"), 17: ("f4E2M1FN", "float4_e2m1fn")}
_DL_CPU = 1


def _need(name: str) -> Any:
    fn = getattr(lib, name, None)
    if fn is None:
        raise UnimplementedError(
            "the loaded libsdy_c (%s) has no %s: running programs needs a "
            "newer library" % (lib.sdy_version_string().decode(), name),
            UNIMPLEMENTED)
    return fn


def _numpy() -> Any:
    try:
        import numpy
    except ImportError as e:  # pragma: no cover - depends on the system
        raise ImportError("running programs needs numpy (Debian: "
                          "apt-get install python3-numpy)") from e
    return numpy


def _ml_dtype(name: str) -> Any:
    """ml_dtypes' type `name`, or None when ml_dtypes is not installed."""
    try:
        import ml_dtypes  # type: ignore[import]
    except ImportError:
        return None
    return getattr(ml_dtypes, name, None)


def _np_dtype(np: Any, dtype: DtypeStruct) -> Any:
    """The numpy dtype of an sdy_dtype_t. Types numpy lacks (bf16, the
    f4/f6/f8 types, i2/i4/ui2/ui4) are ml_dtypes' when it is installed,
    otherwise their raw bits (uint16 for bf16, one uint8/int8 per element
    for the others)."""
    code, bits = dtype.code, dtype.bits
    if code == _DL_BOOL:
        return np.dtype(np.bool_)
    if code == _DL_BFLOAT:
        return np.dtype(_ml_dtype("bfloat16") or np.uint16)
    if code == _DL_COMPLEX:
        return np.dtype("complex%d" % bits)
    if code in _DL_NARROW_FLOATS:
        return np.dtype(_ml_dtype(_DL_NARROW_FLOATS[code][1]) or np.uint8)
    kind = {_DL_INT: "int", _DL_UINT: "uint", _DL_FLOAT: "float"}[code]
    if bits < 8:
        return np.dtype(_ml_dtype("%s%d" % (kind, bits)) or
                        ("%s8" % kind))
    return np.dtype("%s%d" % (kind, bits))


def _type_name(dtype: DtypeStruct) -> str:
    if dtype.code == _DL_BOOL:
        return "i1"
    if dtype.code == _DL_COMPLEX:
        return "complex<f%d>" % (dtype.bits // 2)
    if dtype.code in _DL_NARROW_FLOATS:
        return _DL_NARROW_FLOATS[dtype.code][0]
    prefix = {_DL_INT: "i", _DL_UINT: "ui", _DL_FLOAT: "f",
              _DL_BFLOAT: "bf"}.get(dtype.code, "?")
    return "%s%d" % (prefix, dtype.bits)


class CancelFlag:
    """Stops a run from another thread: pass it as ``cancel=`` to
    :meth:`Executable.run` or :meth:`Executable.run_local` and call
    :meth:`set` from another thread; the run raises
    :class:`CancelledError` (every device checks the flag before each op;
    devices waiting in a collective of the local backend are released at
    once). :meth:`clear` makes it reusable."""

    def __init__(self) -> None:
        self._flag = ctypes.c_int32(0)

    def set(self) -> None:
        """Asks the runs that use the flag to stop."""
        self._flag.value = 1

    def clear(self) -> None:
        """Clears the flag (for later runs)."""
        self._flag.value = 0

    def is_set(self) -> bool:
        """True once :meth:`set` was called (and not cleared)."""
        return self._flag.value != 0

    def __repr__(self) -> str:
        return "<sdy.CancelFlag %s>" % ("set" if self.is_set() else "clear")


def _run_options(timeout_ms: Optional[int],
                 collective_timeout_ms: Optional[int],
                 cancel: Optional[CancelFlag]) -> Optional[RunOptionsStruct]:
    """An sdy_run_options_t, or None when every option is left at its
    default (then the 1.0 entry points run, so older libraries work)."""
    if timeout_ms is None and collective_timeout_ms is None and cancel is None:
        return None
    init = _need("sdy_run_options_init")
    options = RunOptionsStruct()
    init(ctypes.byref(options))
    if timeout_ms is not None:
        options.timeout_ms = to_int64(timeout_ms, "timeout_ms")
    if collective_timeout_ms is not None:
        options.collective_timeout_ms = to_int64(collective_timeout_ms,
                                                 "collective_timeout_ms")
    if cancel is not None:
        if not isinstance(cancel, CancelFlag):
            raise TypeError("cancel must be an sdy.CancelFlag, not %s"
                            % type(cancel).__name__)
        options.cancel = ctypes.pointer(cancel._flag)
    return options


class Backend(_Handle):
    """A device backend: the devices a program runs on and the collectives
    between them.

    >>> backend = Backend.local(4)        # 4 devices as threads
    >>> backend.device_count
    4

    ``Backend.load(path, options)`` loads a plugin .so implementing the
    device-backend table of ``sdy_c/backend.h`` (e.g. the mpi backend).
    """

    _destroy = CFunction("sdy_backend_destroy", optional=True)
    _kind = "Backend"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("use Backend.local(n) or Backend.load(path)")

    @classmethod
    def local(cls, num_devices: int) -> "Backend":
        """The built-in local backend: `num_devices` devices as threads of
        this process.

        Raises:
            InvalidArgumentError: num_devices outside [1, 4096].
        """
        if isinstance(num_devices, bool) or not isinstance(num_devices, int):
            raise TypeError("num_devices must be an int, not %s"
                            % type(num_devices).__name__)
        if not -2**31 <= num_devices < 2**31:
            # The C ABI takes an int32; refuse like it does for other values.
            raise InvalidArgumentError(
                "sdy_backend_create_local: num_devices must be in [1, 4096], "
                "got %d" % num_devices, INVALID_ARGUMENT)
        out = new_out()
        check(_need("sdy_backend_create_local")(num_devices,
                                                ctypes.byref(out)))
        return cls._wrap(out.value, None)

    @classmethod
    def load(cls, path: str, options: Optional[str] = None) -> "Backend":
        """Loads a backend plugin .so and starts it with `options` (a
        backend-defined string).

        Raises:
            InvalidArgumentError: the file cannot be loaded or lacks the
                entry symbol.
            FailedPreconditionError: the backend failed to start.
        """
        out = new_out()
        opts = None if options is None else encode(options, "options")
        check(_need("sdy_backend_load")(encode(path, "path"), opts,
                                        ctypes.byref(out)))
        return cls._wrap(out.value, None)

    @property
    def device_count(self) -> int:
        """The number of devices of the whole system."""
        count = ctypes.c_int32()
        check(lib.sdy_backend_device_count(self._handle, ctypes.byref(count)))
        return count.value

    @property
    def local_devices(self) -> List[int]:
        """The ids of the devices this process drives."""
        n = ctypes.c_size_t()
        check(lib.sdy_backend_local_devices(self._handle, None, 0,
                                            ctypes.byref(n)))
        ids = (ctypes.c_int64 * max(n.value, 1))()
        check(lib.sdy_backend_local_devices(self._handle, ids, n.value,
                                            ctypes.byref(n)))
        return list(ids[:n.value])

    def _open_repr(self) -> str:
        return "<sdy.Backend devices=%d>" % self.device_count


class _Descriptors:
    """sdy_tensor_t descriptors over numpy arrays (kept alive here)."""

    def __init__(self, count: int) -> None:
        self.array = (TensorStruct * max(count, 1))()
        self._keep: List[Any] = []

    def set(self, i: int, arr: Any, dtype: Optional[DtypeStruct] = None) -> None:
        shape = (ctypes.c_int64 * max(arr.ndim, 1))(*arr.shape)
        itemsize = arr.dtype.itemsize
        strides = None
        if not arr.flags.c_contiguous:
            strides = (ctypes.c_int64 * max(arr.ndim, 1))(
                *[s // itemsize for s in arr.strides])
        t = self.array[i]
        t.data = arr.ctypes.data if arr.size else None
        t.device.device_type = _DL_CPU
        t.ndim = arr.ndim
        kind = arr.dtype.kind
        if kind == "b":
            t.dtype.code, t.dtype.bits = _DL_BOOL, 8
        elif kind == "c":
            t.dtype.code, t.dtype.bits = _DL_COMPLEX, itemsize * 8
        elif kind == "V":  # ml_dtypes types: given by `dtype` below
            t.dtype.code, t.dtype.bits = _DL_UINT, itemsize * 8
        else:
            t.dtype.code = {"i": _DL_INT, "u": _DL_UINT, "f": _DL_FLOAT}[kind]
            t.dtype.bits = itemsize * 8
        t.dtype.lanes = 1
        if dtype is not None:  # the program's (bf16 travels as uint16)
            t.dtype.code, t.dtype.bits = dtype.code, dtype.bits
        t.shape = ctypes.cast(shape, ctypes.POINTER(ctypes.c_int64))
        t.strides = (ctypes.cast(strides, ctypes.POINTER(ctypes.c_int64))
                     if strides is not None else None)
        t.byte_offset = 0
        self._keep += [arr, shape, strides]


class Executable(_Handle):
    """A function of a module prepared to run on N devices
    (:attr:`num_devices`; see ``sdy_c/executable.h`` for how N is found).

    >>> exe = module.compile()                 # or Executable(module)
    >>> (c,) = exe.run(a, b)                   # global numpy arrays

    :meth:`run` scatters global arrays to the devices according to the
    argument shardings and gathers the results according to the result
    shardings; :meth:`run_local` takes and returns per-device arrays.
    `backend` is the :class:`Backend` runs use by default (None: a local
    backend with :attr:`num_devices` devices, created on first use).

    The executable owns a copy of the module: the module may change or be
    closed afterwards. bf16 values are passed as their uint16 bits.
    """

    _destroy = CFunction("sdy_executable_destroy", optional=True)
    _kind = "Executable"

    def __init__(self, module: "Module", function: Optional[str] = None,
                 backend: Optional[Backend] = None) -> None:
        from .module import Module
        if not isinstance(module, Module):
            raise TypeError("module must be an sdy.Module, not %s"
                            % type(module).__name__)
        if backend is not None and not isinstance(backend, Backend):
            raise TypeError("backend must be an sdy.Backend, not %s"
                            % type(backend).__name__)
        out = new_out()
        fn = None if function is None else encode(function, "function")
        check(_need("sdy_executable_compile")(module._handle, fn,
                                              ctypes.byref(out)))
        self._init_handle(out.value, None)
        self._backend = backend
        self._own_backend: Optional[Backend] = None

    # --- queries -----------------------------------------------------------

    @property
    def num_devices(self) -> int:
        """The number of devices the program runs on."""
        n = ctypes.c_int64()
        check(lib.sdy_executable_num_devices(self._handle, ctypes.byref(n)))
        return n.value

    @property
    def num_args(self) -> int:
        """The number of arguments."""
        n = ctypes.c_size_t()
        check(lib.sdy_executable_num_args(self._handle, ctypes.byref(n)))
        return n.value

    @property
    def num_results(self) -> int:
        """The number of results."""
        n = ctypes.c_size_t()
        check(lib.sdy_executable_num_results(self._handle, ctypes.byref(n)))
        return n.value

    def _type(self, is_arg: bool, index: int) -> Tuple[Tuple[int, ...], DtypeStruct]:
        fn = (lib.sdy_executable_arg_type if is_arg
              else lib.sdy_executable_result_type)
        dtype = DtypeStruct()
        rank = ctypes.c_size_t()
        check(fn(self._handle, index, ctypes.byref(dtype), ctypes.byref(rank),
                 None, 0))
        shape = (ctypes.c_int64 * max(rank.value, 1))()
        check(fn(self._handle, index, None, ctypes.byref(rank), shape,
                 rank.value))
        return tuple(shape[:rank.value]), dtype

    def _shards(self, is_arg: bool, index: int, rank: int) -> Tuple[int, ...]:
        fn = (lib.sdy_executable_arg_num_shards if is_arg
              else lib.sdy_executable_result_num_shards)
        out = (ctypes.c_int64 * max(rank, 1))()
        check(fn(self._handle, index, out, rank))
        return tuple(out[:rank])

    def _types(self, is_arg: bool) -> List[Tuple[Tuple[int, ...], str]]:
        count = self.num_args if is_arg else self.num_results
        result = []
        for i in range(count):
            shape, dtype = self._type(is_arg, i)
            result.append((shape, _type_name(dtype)))
        return result

    @property
    def arg_types(self) -> List[Tuple[Tuple[int, ...], str]]:
        """The local (per-device) type of each argument as (shape, element
        type name), e.g. ``((4, 4), "f32")``."""
        return self._types(True)

    @property
    def result_types(self) -> List[Tuple[Tuple[int, ...], str]]:
        """The local (per-device) type of each result."""
        return self._types(False)

    def global_shape(self, index: int,
                     result: bool = False) -> Tuple[Tuple[int, ...], bool]:
        """The global shape of argument (or result) `index` and whether it
        is exact: ``((5, 2), True)`` when the program records it (the
        partitioner's ``sdy.global_type``), the value is not split, or the
        program runs on one device; otherwise (a module partitioned by hand)
        the padded shape, local size × shards, and False."""
        index = to_size(index, "index")
        shape, _ = self._type(not result, index)
        fn = getattr(lib, "sdy_executable_result_global_shape" if result
                     else "sdy_executable_arg_global_shape", None)
        if fn is None:  # a 1.0 library: the padded shape
            shards = self._shards(not result, index, len(shape))
            return tuple(s * n for s, n in zip(shape, shards)), False
        out = (ctypes.c_int64 * max(len(shape), 1))()
        exact = ctypes.c_int32()
        check(fn(self._handle, index, out, len(shape), ctypes.byref(exact)))
        return tuple(out[:len(shape)]), bool(exact.value)

    def num_shards(self, index: int, result: bool = False) -> Tuple[int, ...]:
        """How argument (or result) `index` is split: shards per
        dimension."""
        shape, _ = self._type(not result, to_size(index, "index"))
        return self._shards(not result, index, len(shape))

    # --- runs --------------------------------------------------------------

    def _resolve_backend(self, backend: Optional[Backend]) -> Backend:
        if backend is not None:
            if not isinstance(backend, Backend):
                raise TypeError("backend must be an sdy.Backend, not %s"
                                % type(backend).__name__)
            return backend
        if self._backend is not None:
            return self._backend
        if self._own_backend is None or self._own_backend.closed:
            self._own_backend = Backend.local(self.num_devices)
        return self._own_backend

    def _input(self, np: Any, value: Any, dtype: DtypeStruct, what: str) -> Any:
        expected = _np_dtype(np, dtype)
        if not isinstance(value, np.ndarray) and is_dlpack(value):
            value = from_dlpack(value, what)
        if isinstance(value, np.ndarray):
            if value.dtype != expected:
                raise TypeError("%s has dtype %s, the program expects %s (%s)"
                                % (what, value.dtype, expected,
                                   _type_name(dtype)))
            arr = value
        else:
            arr = np.asarray(value, dtype=expected)
        if arr.ndim and any(s % arr.dtype.itemsize for s in arr.strides):
            arr = np.ascontiguousarray(arr)
        return arr

    def run(self, *args: Any, backend: Optional[Backend] = None,
            result_shapes: Optional[Sequence[Any]] = None,
            timeout_ms: Optional[int] = None,
            collective_timeout_ms: Optional[int] = None,
            cancel: Optional[CancelFlag] = None) -> List[Any]:
        """Runs on global arrays: each argument is scattered to the devices
        according to its sharding; the results (numpy arrays of the global
        shapes) are gathered according to the result shardings.

        The global shape of a result is :meth:`global_shape`: the exact
        one when the program records it (modules from the partitioner),
        else its local shape times its shard counts; pass `result_shapes`
        (one shape or None per result) for results of a module partitioned
        by hand whose global size is not a multiple of the shard count.

        Run options (None: the default):
            timeout_ms: limit on the whole run in milliseconds (0: none);
                past it the run raises DeadlineExceededError.
            collective_timeout_ms: longest a device waits for its peers in
                one collective (0: forever; default 60000).
            cancel: a :class:`CancelFlag` another thread may set to stop
                the run with CancelledError.

        Raises:
            TypeError: an ndarray of another dtype than the argument's.
            InvalidArgumentError: wrong counts or shapes (checked exactly
                against the global type the partitioner recorded).
            FailedPreconditionError: the program failed on a device.
            DeadlineExceededError, CancelledError, UnavailableError,
            ResourceExhaustedError: see the run options.
        """
        options = _run_options(timeout_ms, collective_timeout_ms, cancel)
        np = _numpy()
        resolved = self._resolve_backend(backend)
        n_args, n_results = self.num_args, self.num_results
        if len(args) != n_args:
            raise TypeError("the program takes %d arguments, got %d"
                            % (n_args, len(args)))
        if result_shapes is not None and len(result_shapes) != n_results:
            raise ValueError("result_shapes has %d entries, the program "
                             "returns %d results"
                             % (len(result_shapes), n_results))
        ins = _Descriptors(n_args)
        for i, value in enumerate(args):
            _, dtype = self._type(True, i)
            ins.set(i, self._input(np, value, dtype, "argument %d" % i),
                    dtype)
        outs = _Descriptors(n_results)
        results = []
        for j in range(n_results):
            shape, dtype = self._type(False, j)
            given = None if result_shapes is None else result_shapes[j]
            if given is None:
                given, _ = self.global_shape(j, result=True)
            arr = np.zeros(tuple(given), dtype=_np_dtype(np, dtype))
            outs.set(j, arr, dtype)
            results.append(arr)
        if options is None:
            check(lib.sdy_executable_run_global(self._handle, resolved._handle,
                                                ins.array, n_args, outs.array,
                                                n_results))
        else:
            check(lib.sdy_executable_run_global_with_options(
                self._handle, resolved._handle, ins.array, n_args, outs.array,
                n_results, ctypes.byref(options)))
        return results

    def run_local(self, per_device_args: Sequence[Sequence[Any]],
                  backend: Optional[Backend] = None,
                  timeout_ms: Optional[int] = None,
                  collective_timeout_ms: Optional[int] = None,
                  cancel: Optional[CancelFlag] = None) -> List[List[Any]]:
        """Runs with per-device arrays: `per_device_args` holds, for every
        local device of the backend (in the order of
        :attr:`Backend.local_devices`), the list of its arguments (local
        shapes). Returns the per-device lists of results. The run options
        are those of :meth:`run`."""
        options = _run_options(timeout_ms, collective_timeout_ms, cancel)
        np = _numpy()
        resolved = self._resolve_backend(backend)
        n_args, n_results = self.num_args, self.num_results
        device_args = [list(a) for a in per_device_args]
        n_dev = len(device_args)
        local = len(resolved.local_devices)
        if n_dev != local:
            raise ValueError("per_device_args has %d entries, the backend "
                             "drives %d local devices" % (n_dev, local))
        ins = _Descriptors(n_dev * n_args)
        arg_types = [self._type(True, i) for i in range(n_args)]
        for k, dev_args in enumerate(device_args):
            if len(dev_args) != n_args:
                raise TypeError("device %d: the program takes %d arguments, "
                                "got %d" % (k, n_args, len(dev_args)))
            for i, value in enumerate(dev_args):
                ins.set(k * n_args + i,
                        self._input(np, value, arg_types[i][1],
                                    "argument %d of device %d" % (i, k)),
                        arg_types[i][1])
        outs = _Descriptors(n_dev * n_results)
        results: List[List[Any]] = []
        for k in range(n_dev):
            dev = []
            for j in range(n_results):
                shape, dtype = self._type(False, j)
                arr = np.zeros(shape, dtype=_np_dtype(np, dtype))
                outs.set(k * n_results + j, arr, dtype)
                dev.append(arr)
            results.append(dev)
        if options is None:
            check(lib.sdy_executable_run_local(self._handle, resolved._handle,
                                               ins.array, n_args, outs.array,
                                               n_results))
        else:
            check(lib.sdy_executable_run_local_with_options(
                self._handle, resolved._handle, ins.array, n_args, outs.array,
                n_results, ctypes.byref(options)))
        return results

    def close(self) -> None:
        super().close()
        if self._own_backend is not None:
            self._own_backend.close()
            self._own_backend = None

    def _open_repr(self) -> str:
        return "<sdy.Executable devices=%d args=%d results=%d>" % (
            self.num_devices, self.num_args, self.num_results)
