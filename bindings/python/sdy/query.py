"""The ops, values and shardings of a function, read without parsing text
(``sdy_c/query.h``).

>>> m = Module.parse('''
... sdy.mesh @mesh = <["x"=2]>
... func.func @main(%a: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<8xf32> {
...   %0 = stablehlo.negate %a : tensor<8xf32>
...   return %0 : tensor<8xf32>
... }''').propagate()
>>> q = Query(m, "main")
>>> [op.name for op in q.ops]
['stablehlo.negate', 'func.return']
>>> str(q.values[q.ops[0].results[0]].sharding)
'#sdy.sharding<@mesh, [{"x"}]>'

A :class:`Query` is a snapshot taken when it is created: ops in program
order (an op before the ops of its regions), values numbered as in the C
API (the function's arguments first, its results last), each value with
its type, its sharding (``None`` when it has none) and, when the module was
propagated with ``debug_sharding_origins=True``, where each axis came from.
It does not change when the module changes afterwards.
"""

import ctypes
from typing import Callable, List, NamedTuple, Optional, Tuple

from ._lib import lib
from ._query_c import QueryOpStruct, QueryValueStruct, ShardingOriginStruct
from ._status import UNIMPLEMENTED, UnimplementedError, check, encode
from .context import new_out
from .module import Module
from .sharding import Sharding

__all__ = ["Op", "Origin", "Query", "Value", "VALUE_KINDS", "ORIGIN_KINDS"]

#: ``sdy_query_value_t.kind`` by name (``SDY_VALUE_*``).
VALUE_KINDS = ("argument", "op_result", "block_argument", "function_result")
#: ``sdy_sharding_origin_t.kind`` by name (``SDY_ORIGIN_*``).
ORIGIN_KINDS = ("self", "input", "output", "constraint", "group", "other")


class Op(NamedTuple):
    """One op. `parent` is the index of the op whose region holds it (-1 in
    the function body); `operands` and `results` are value indices;
    `file`, `line`, `column` are those of its file location ("", 0, 0 when
    it has none); `origin_name` its ``sdy.sharding_origin_name``."""
    index: int  # type: ignore[assignment]  # the C API's op number
    name: str
    location: str
    file: str
    line: int
    column: int
    parent: int
    region: int
    depth: int
    operands: Tuple[int, ...]
    results: Tuple[int, ...]
    num_regions: int
    origin_name: str


class Origin(NamedTuple):
    """Where one axis of a value's sharding came from: `kind` is one of
    :data:`ORIGIN_KINDS`, `index` the N of "input: N", "output: N",
    "constraint_N", "group_N" (-1 otherwise), `dim` the dimension holding
    the axis (-1 if none does)."""
    axis: str
    origin: str
    kind: str
    index: int  # type: ignore[assignment]  # the N of "input: N"
    dim: int


class Value(NamedTuple):
    """One value. `kind` is one of :data:`VALUE_KINDS`; `op` the defining op
    (op results), the op owning the region (block arguments) or -1;
    `shape` is None for a non-shaped or unranked type, with -1 for dynamic
    sizes."""
    index: int  # type: ignore[assignment]  # the C API's value number
    kind: str
    op: int
    region: int
    block: int
    number: int
    type: str
    element_type: str
    shape: Optional[Tuple[int, ...]]
    sharding: Optional[Sharding]
    origins: Tuple[Origin, ...]


def _count(c_fn: Callable[..., Optional[int]],
           handle: ctypes.c_void_p) -> int:
    count = ctypes.c_size_t()
    check(c_fn(handle, ctypes.byref(count)))
    return count.value


def _text(raw: Optional[bytes]) -> str:
    return raw.decode("utf-8") if raw else ""


class Query:
    """A snapshot of function `function` of `module` (see the module doc).

    Raises:
        InvalidArgumentError: the module has no such function.
        VerificationError: reading a sharding whose mesh the module lacks.
    """

    def __init__(self, module: Module, function: str) -> None:
        if not isinstance(module, Module):
            raise TypeError("module must be an sdy.Module, not %s"
                            % type(module).__name__)
        create = getattr(lib, "sdy_query_create", None)
        if create is None:
            raise UnimplementedError(
                "the loaded libsdy_c (%s) has no sdy_query_create: queries "
                "need a newer library" % lib.sdy_version_string().decode(),
                UNIMPLEMENTED)
        out = new_out()
        check(create(module._handle, encode(function, "function"),
                     ctypes.byref(out)))
        self.function = function
        try:
            self.ops = self._read_ops(out)
            self.values = self._read_values(out, module)
        finally:
            lib.sdy_query_destroy(out.value)

    @staticmethod
    def _read_ops(handle: ctypes.c_void_p) -> List[Op]:
        ops = []
        for i in range(_count(lib.sdy_query_num_ops, handle)):
            op = QueryOpStruct()
            check(lib.sdy_query_op(handle, i, ctypes.byref(op)))
            ops.append(Op(
                i, _text(op.name), _text(op.location), _text(op.file),
                op.line, op.column, op.parent, op.region, op.depth,
                tuple(op.operands[k] for k in range(op.num_operands)),
                tuple(op.results[k] for k in range(op.num_results)),
                op.num_regions, _text(op.origin_name)))
        return ops

    @staticmethod
    def _read_values(handle: ctypes.c_void_p,
                     module: Module) -> List[Value]:
        values = []
        for i in range(_count(lib.sdy_query_num_values, handle)):
            value = QueryValueStruct()
            check(lib.sdy_query_value(handle, i, ctypes.byref(value)))
            sharding = None
            if value.has_sharding:
                out = new_out()
                check(lib.sdy_query_value_sharding(handle, i,
                                                   ctypes.byref(out)))
                sharding = Sharding._wrap(out.value, module.context)
            origins = []
            for k in range(value.num_origins):
                origin = ShardingOriginStruct()
                check(lib.sdy_query_value_origin(handle, i, k,
                                                 ctypes.byref(origin)))
                origins.append(Origin(_text(origin.axis),
                                      _text(origin.origin),
                                      ORIGIN_KINDS[origin.kind],
                                      origin.index, origin.dim))
            shape = None
            if value.rank >= 0:
                shape = tuple(value.shape[k] for k in range(value.rank))
            values.append(Value(
                i, VALUE_KINDS[value.kind], value.op, value.region,
                value.block, value.number, _text(value.type),
                _text(value.element_type), shape, sharding, tuple(origins)))
        return values

    @property
    def arguments(self) -> List[Value]:
        """The function's arguments."""
        return [v for v in self.values if v.kind == "argument"]

    @property
    def results(self) -> List[Value]:
        """The function's results (type, sharding and origins)."""
        return [v for v in self.values if v.kind == "function_result"]

    def __repr__(self) -> str:
        return "<sdy.Query @%s ops=%d values=%d>" % (
            self.function, len(self.ops), len(self.values))
