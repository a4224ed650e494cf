"""Programs: MLIR modules of sdy, stablehlo and func ops."""

import ctypes
from typing import Any, Dict, List, Optional, Tuple, TYPE_CHECKING

from ._lib import CFunction, lib
from ._status import check, encode, take_string, to_size
from .context import Context, _ContextObject, new_out, resolve_context
from .mesh import Mesh
from .sharding import Sharding, _check_sharding

if TYPE_CHECKING:
    from .executable import Backend, Executable

__all__ = ["Module"]

PRINT_DEFAULT = 0
PRINT_GENERIC = 1
PRINT_DEBUG_INFO = 2


class Module(_ContextObject):
    """An MLIR module holding ``sdy.mesh`` definitions and ``func.func``
    functions. Functions are named by their symbol name (without ``@``);
    arguments and results by index.

    >>> m = Module.parse('''
    ... sdy.mesh @mesh = <["x"=2]>
    ... func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
    ...   return %arg0 : tensor<8xf32>
    ... }''')
    >>> m.functions
    ['main']
    >>> m.set_arg_sharding("main", 0,
    ...                    Sharding(m.get_mesh("mesh"), [["x"]], "mesh"))

    ``Module(context=None)`` creates an empty module. Failures leave the
    module unchanged.
    """

    _destroy = CFunction("sdy_module_destroy")
    _kind = "Module"

    def __init__(self, *, context: Optional[Context] = None) -> None:
        context = resolve_context(context)
        out = new_out()
        check(lib.sdy_module_create_empty(context._handle, ctypes.byref(out)))
        self._init_handle(out.value, context)

    @classmethod
    def parse(cls, text: str, source_name: Optional[str] = None, *,
              context: Optional[Context] = None) -> "Module":
        """Parses and verifies MLIR text. `source_name` names the buffer in
        diagnostics (default ``<input>``).

        Raises:
            ParseError: syntax errors.
            VerificationError: verifier failures.
            The message holds ``source_name:line:col: error: ...`` lines.
        """
        context = resolve_context(context)
        out = new_out()
        name = None if source_name is None else encode(source_name,
                                                       "source_name")
        check(lib.sdy_module_parse(context._handle, encode(text, "text"),
                                   name, ctypes.byref(out)))
        return cls._wrap(out.value, context)

    def clone(self) -> "Module":
        """A deep copy of the module."""
        out = new_out()
        check(lib.sdy_module_clone(self._handle, ctypes.byref(out)))
        return Module._wrap(out.value, self._context)

    __copy__ = clone

    def __deepcopy__(self, memo: Any) -> "Module":
        return self.clone()

    def propagate(self, strategy: str = "aggressive", conservative: bool = False,
                  keep_sharding_rules: bool = False,
                  debug_sharding_origins: bool = False) -> "Module":
        """Runs sharding propagation (the "propagation" preset,
        ``sdy-propagation-pipeline``) on the module, in place; returns the
        module. Every op result, argument and result gets the sharding
        propagated from the shardings the user gave (function arguments and
        results, constraints, groups).

        Args:
            strategy: "basic", "aggressive" (default) or
                "basic-then-aggressive".
            conservative: never create sub-axes or indivisible shardings.
            keep_sharding_rules: keep the ``sdy.sharding_rule`` of ops.
            debug_sharding_origins: record which user sharding each axis
                came from.

        Raises:
            ValueError: an unknown strategy.
            VerificationError: the module does not verify.
            FailedPreconditionError: propagation failed (the module is left
                unchanged).
        """
        from .pipeline import Pipeline
        with Pipeline.propagation(strategy, conservative, keep_sharding_rules,
                                  debug_sharding_origins,
                                  context=self.context) as pipeline:
            pipeline.run(self)
        return self

    def partition(self, strategy: str = "aggressive",
                  conservative: bool = False, skip_propagation: bool = False,
                  drop_sharding_and_mesh: bool = False,
                  keep_sharding_rules: bool = False,
                  debug_sharding_origins: bool = False) -> "Module":
        """Runs the "partition" preset (``sdy-partition-pipeline``) on the
        module, in place; returns the module. Sharding propagation (unless
        `skip_propagation`; `strategy`, `conservative`,
        `keep_sharding_rules` and `debug_sharding_origins` as in
        :meth:`propagate`), then SPMD partitioning: the module becomes the
        program every device runs, with local types and StableHLO
        collectives. `drop_sharding_and_mesh` removes the meshes and
        shardings at the end (the program then no longer says how its
        arguments are split: run it with :meth:`Executable.run_local`).

        Raises:
            ValueError: an unknown strategy.
            FailedPreconditionError: a pass failed (the module is left
                unchanged).
            UnimplementedError: the library has no partitioner.
        """
        from .pipeline import PROPAGATION_STRATEGIES, Pipeline
        if strategy not in PROPAGATION_STRATEGIES:
            raise ValueError("unknown propagation strategy %r (expected one "
                             "of %s)" % (strategy,
                                         ", ".join(PROPAGATION_STRATEGIES)))
        options = {
            "propagation-strategy": strategy,
            "conservative-propagation": bool(conservative),
            "keep-sharding-rules": bool(keep_sharding_rules),
            "debug-sharding-origins": bool(debug_sharding_origins),
            "skip-propagation": bool(skip_propagation),
            "drop-sharding-and-mesh": bool(drop_sharding_and_mesh),
        }
        with Pipeline.preset("partition", options,
                             context=self.context) as pipeline:
            pipeline.run(self)
        return self

    def compile(self, backend: Optional["Backend"] = None,
                function: Optional[str] = None) -> "Executable":
        """An :class:`~sdy.Executable` of `function` (None: ``main``, or the
        only public function) of this module; `backend` is the
        :class:`~sdy.Backend` its runs use by default (None: a local
        backend with as many devices as the program needs).

        Raises:
            InvalidArgumentError: no such function, inconsistent shardings.
            UnimplementedError: unsupported argument or result types.
        """
        from .executable import Executable
        return Executable(self, function=function, backend=backend)

    def verify(self) -> None:
        """Runs the verifier.

        Raises:
            VerificationError: with the diagnostics.
        """
        check(lib.sdy_module_verify(self._handle))

    def print(self, generic: bool = False, debug_info: bool = False) -> str:
        """The module as text; `generic` prints the generic op form,
        `debug_info` the locations."""
        flags = ((PRINT_GENERIC if generic else 0)
                 | (PRINT_DEBUG_INFO if debug_info else 0))
        out = new_out()
        check(lib.sdy_module_print(self._handle, flags, ctypes.byref(out)))
        return take_string(out)

    def __str__(self) -> str:
        return self.print()

    def _open_repr(self) -> str:
        return "<sdy.Module functions=%r meshes=%r>" % (self.functions,
                                                        self.mesh_names)

    # --- functions -----------------------------------------------------------

    @property
    def functions(self) -> List[str]:
        """The names of the ``func.func`` ops of the module, in order."""
        n = ctypes.c_size_t()
        check(lib.sdy_module_num_functions(self._handle, ctypes.byref(n)))
        names = []
        for i in range(n.value):
            out = new_out()
            check(lib.sdy_module_function_name(self._handle, i,
                                               ctypes.byref(out)))
            names.append(take_string(out))
        return names

    def signature(self, function: str) -> Tuple[int, int]:
        """``(num_args, num_results)`` of `function`.

        Raises:
            InvalidArgumentError: no such function.
        """
        args = ctypes.c_size_t()
        results = ctypes.c_size_t()
        check(lib.sdy_module_function_signature(
            self._handle, encode(function, "function"), ctypes.byref(args),
            ctypes.byref(results)))
        return args.value, results.value

    # --- meshes --------------------------------------------------------------

    def add_mesh(self, name: str, mesh: Mesh) -> None:
        """Adds ``sdy.mesh @name = <mesh>`` at the start of the module.
        Adding an equal mesh under an existing name does nothing.

        Raises:
            FailedPreconditionError: another mesh or symbol has that name.
        """
        if not isinstance(mesh, Mesh):
            raise TypeError("mesh must be an sdy.Mesh, not %s"
                            % type(mesh).__name__)
        check(lib.sdy_module_add_mesh(self._handle, encode(name, "name"),
                                      mesh._handle))

    @property
    def mesh_names(self) -> List[str]:
        """The names of the ``sdy.mesh`` ops, in module order."""
        n = ctypes.c_size_t()
        check(lib.sdy_module_num_meshes(self._handle, ctypes.byref(n)))
        names = []
        for i in range(n.value):
            out = new_out()
            check(lib.sdy_module_mesh_name(self._handle, i, ctypes.byref(out)))
            names.append(take_string(out))
        return names

    def get_mesh(self, name: str) -> Mesh:
        """The mesh ``@name`` (a new :class:`Mesh`).

        Raises:
            FailedPreconditionError: the module has no such mesh.
        """
        out = new_out()
        check(lib.sdy_module_get_mesh(self._handle, encode(name, "name"),
                                      ctypes.byref(out)))
        return Mesh._wrap(out.value, self._context)

    @property
    def meshes(self) -> Dict[str, Mesh]:
        """A dict ``{name: Mesh}`` of the module's meshes, in module order."""
        return {name: self.get_mesh(name) for name in self.mesh_names}

    # --- shardings -----------------------------------------------------------

    def _get(self, c_fn: Any, function: str, index: int,
             what: str) -> Optional[Sharding]:
        out = new_out()
        check(c_fn(self._handle, encode(function, "function"),
                   to_size(index, what), ctypes.byref(out)))
        if not out.value:
            return None
        return Sharding._wrap(out.value, self._context)

    def _set(self, c_fn: Any, function: str, index: int,
             sharding: Optional[Sharding], what: str, allow_none: bool) -> None:
        if sharding is None and allow_none:
            handle = None
        else:
            handle = _check_sharding(sharding)._handle
        check(c_fn(self._handle, encode(function, "function"),
                   to_size(index, what), handle))

    def get_arg_sharding(self, function: str,
                         arg: int) -> Optional[Sharding]:
        """The :class:`Sharding` of argument `arg` of `function`, or None.

        Raises:
            InvalidArgumentError: no such function or argument.
            VerificationError: the sharding names a mesh the module lacks.
        """
        return self._get(lib.sdy_module_get_arg_sharding, function, arg,
                         "arg")

    def get_result_sharding(self, function: str,
                            result: int) -> Optional[Sharding]:
        """The :class:`Sharding` of result `result` of `function`, or
        None."""
        return self._get(lib.sdy_module_get_result_sharding, function, result,
                         "result")

    def set_arg_sharding(self, function: str, arg: int,
                         sharding: Optional[Sharding]) -> None:
        """Sets (or, with None, removes) the ``sdy.sharding`` of argument
        `arg` of `function`.

        Raises:
            FailedPreconditionError: the sharding names a mesh that the
                module does not define (see :meth:`add_mesh`) or defines
                differently.
            VerificationError: the sharding is invalid for the argument's
                type.
        """
        self._set(lib.sdy_module_set_arg_sharding, function, arg, sharding,
                  "arg", True)

    def set_result_sharding(self, function: str, result: int,
                            sharding: Optional[Sharding]) -> None:
        """Sets (or, with None, removes) the sharding of result `result`."""
        self._set(lib.sdy_module_set_result_sharding, function, result,
                  sharding, "result", True)

    def add_arg_sharding_constraint(self, function: str, arg: int,
                                    sharding: Sharding) -> None:
        """Inserts ``sdy.sharding_constraint %argN <sharding>`` at the start
        of `function`; every use of the argument uses its result instead."""
        self._set(lib.sdy_module_add_arg_sharding_constraint, function, arg,
                  sharding, "arg", False)

    def add_result_sharding_constraint(self, function: str, result: int,
                                       sharding: Sharding) -> None:
        """Inserts ``sdy.sharding_constraint`` on the value returned as
        result `result` of `function`, before each ``func.return``."""
        self._set(lib.sdy_module_add_result_sharding_constraint, function,
                  result, sharding, "result", False)
