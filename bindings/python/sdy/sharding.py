"""Tensor shardings (docs/sharding-model.md#tensor-shardings)."""

import collections
import ctypes
from typing import Any, Iterable, List, Optional, Sequence, Tuple, Union

from ._lib import AxisRefStruct, CFunction, DimShardingStruct, lib
from ._status import (VerificationError, check, decode, encode, int64_array,
                      take_string, to_int64, to_size)
from .context import Context, _Value, new_out, resolve_context
from .mesh import Mesh

__all__ = ["AxisRef", "Dim", "Sharding"]

# What stands for an axis: "x", ("x", pre_size, size) or an AxisRef; and
# for a dimension: a Dim or a sequence of axes.
AxisSpec = Union[str, Tuple[Any, ...], "AxisRef"]
DimSpec = Union["Dim", Sequence[AxisSpec]]


class AxisRef(collections.namedtuple("AxisRef", "name pre_size size")):
    """A full axis ``AxisRef("x")`` or a sub-axis ``AxisRef("x", m, k)``
    (written ``"x":(m)k``: size k, pre-size m).

    Where an axis is expected, a plain string ``"x"`` and a tuple
    ``("x", m, k)`` are accepted too.
    """

    __slots__ = ()

    def __new__(cls, name: str, pre_size: Optional[int] = None,
                size: Optional[int] = None) -> "AxisRef":
        if not isinstance(name, str):
            raise TypeError("axis name must be str, not %s"
                            % type(name).__name__)
        if (pre_size is None) != (size is None):
            raise TypeError("a sub-axis needs both pre_size and size")
        if pre_size is not None:
            pre_size = to_int64(pre_size, "pre_size")
            size = to_int64(size, "size")
        return super().__new__(cls, name, pre_size, size)

    @classmethod
    def of(cls, spec: "AxisSpec") -> "AxisRef":
        """An AxisRef from ``"x"``, ``("x", m, k)`` or an AxisRef."""
        if isinstance(spec, cls):
            return spec
        if isinstance(spec, str):
            return cls(spec)
        if isinstance(spec, tuple) and len(spec) in (1, 3):
            return cls(*spec)
        raise TypeError("an axis must be a name, (name, pre_size, size) or "
                        "an AxisRef, not %r" % (spec,))

    @property
    def is_sub_axis(self) -> bool:
        return self.pre_size is not None

    def __str__(self) -> str:
        text = '"%s"' % self.name
        if self.is_sub_axis:
            text += ":(%d)%d" % (self.pre_size, self.size)
        return text

    def _to_struct(self, keep: List[Any]) -> AxisRefStruct:
        name = encode(self.name, "axis name")
        keep.append(name)
        if self.is_sub_axis:
            return AxisRefStruct(name, self.pre_size, self.size)
        return AxisRefStruct(name, 0, 0)

    @classmethod
    def _from_struct(cls, s: AxisRefStruct) -> "AxisRef":
        if s.pre_size == 0 and s.size == 0:
            return cls(decode(s.name))
        return cls(decode(s.name), s.pre_size, s.size)


class Dim(collections.namedtuple("Dim", "axes closed priority")):
    """The sharding of one dimension: axes major to minor, closed
    (``{"x"}``) or open (``{"x", ?}``), and an optional priority (``pN``;
    None when absent, 0 is the highest).

    >>> str(Dim(["x", ("y", 1, 2)], closed=False, priority=1))
    '{"x", "y":(1)2, ?}p1'

    Where a dimension is expected, a plain sequence of axes means a closed
    dimension without priority.
    """

    __slots__ = ()

    def __new__(cls, axes: Union["AxisSpec", Iterable["AxisSpec"]] = (),
                closed: bool = True, priority: Optional[int] = None) -> "Dim":
        if isinstance(axes, (str, AxisRef)):
            axes = (axes,)
        axes = tuple(AxisRef.of(a) for a in axes)
        if priority is not None:
            priority = to_int64(priority, "priority")
        return super().__new__(cls, axes, bool(closed), priority)

    @classmethod
    def of(cls, spec: "DimSpec") -> "Dim":
        """A Dim from a Dim or a sequence of axes (closed, no priority)."""
        if isinstance(spec, cls):
            return spec
        if isinstance(spec, (str, bytes)):
            raise TypeError("a dimension sharding must be a Dim or a list of "
                            "axes, not the string %r (write [%r])"
                            % (spec, spec))
        try:
            return cls(tuple(spec))
        except TypeError:
            raise TypeError("a dimension sharding must be a Dim or a list of "
                            "axes, not %r" % (spec,)) from None

    def __str__(self) -> str:
        items = [str(a) for a in self.axes]
        if not self.closed:
            items.append("?")
        text = "{%s}" % ", ".join(items)
        if self.priority is not None:
            text += "p%d" % self.priority
        return text


def _check_sharding(obj: object, what: str = "sharding") -> "Sharding":
    if not isinstance(obj, Sharding):
        raise TypeError("%s must be an sdy.Sharding, not %s"
                        % (what, type(obj).__name__))
    return obj


class Sharding(_Value):
    """A tensor sharding over a mesh.

    >>> mesh = Mesh([("x", 2), ("y", 4), ("z", 2)])
    >>> s = Sharding(mesh, [["x"], ["z", "y"]], mesh_name="mesh_xy")
    >>> str(s)
    '#sdy.sharding<@mesh_xy, [{"x"}, {"z", "y"}]>'
    >>> s.local_shape([4, 8])
    [2, 1]

    Args:
        mesh: the :class:`Mesh` the sharding is over (its context is used).
        dims: one entry per tensor dimension: a :class:`Dim` or a list of
            axes (``"x"``, ``("x", pre_size, size)`` or :class:`AxisRef`).
        mesh_name: the mesh symbol the sharding refers to (``@mesh_name``,
            which a module must define to use the sharding), or None to
            inline the mesh (``mesh<[...]>``).
        replicated: explicitly replicated axes (any order; kept sorted in
            mesh order).

    Raises:
        VerificationError: the sharding is invalid for the mesh.
        InvalidArgumentError: a malformed argument (an empty axis name, a
            priority below -1).
    """

    _destroy = CFunction("sdy_sharding_destroy")
    _kind = "Sharding"
    _print = CFunction("sdy_sharding_print")
    _equal = CFunction("sdy_sharding_equal")

    def __init__(self, mesh: Mesh, dims: Sequence["DimSpec"],
                 mesh_name: Optional[str] = None, *,
                 replicated: Sequence["AxisSpec"] = ()) -> None:
        if not isinstance(mesh, Mesh):
            raise TypeError("mesh must be an sdy.Mesh, not %s"
                            % type(mesh).__name__)
        context = mesh.context
        keep: List[Any] = []
        dim_list = [Dim.of(d) for d in dims]
        c_dims = (DimShardingStruct * len(dim_list))()
        for i, dim in enumerate(dim_list):
            axes = (AxisRefStruct * len(dim.axes))(
                *[a._to_struct(keep) for a in dim.axes])
            keep.append(axes)
            c_dims[i].axes = axes if dim.axes else None
            c_dims[i].num_axes = len(dim.axes)
            c_dims[i].priority = -1 if dim.priority is None else dim.priority
            c_dims[i].is_closed = 1 if dim.closed else 0
            c_dims[i].reserved = 0
        repl = [AxisRef.of(a) for a in replicated]
        c_repl = (AxisRefStruct * len(repl))(
            *[a._to_struct(keep) for a in repl])
        name = None if mesh_name is None else encode(mesh_name, "mesh_name")
        out = new_out()
        check(lib.sdy_sharding_create(context._handle, mesh._handle, name,
                                      c_dims, len(dim_list), c_repl, len(repl),
                                      ctypes.byref(out)))
        self._init_handle(out.value, context)

    @classmethod
    def parse(cls, text: str, mesh: Optional[Mesh] = None, *,
              context: Optional[Context] = None) -> "Sharding":
        """Parses ``#sdy.sharding<...>`` or ``<...>``.

        A sharding that refers to its mesh by symbol (``@name``) needs
        `mesh`, the mesh that symbol names; for an inlined mesh `mesh` must
        be None or equal to it. The context is `mesh`'s, else `context`,
        else the default context.

        Raises:
            ParseError: bad syntax (truncated text names what is missing).
            VerificationError: a sharding invalid for the mesh, or an
                inlined mesh that breaks the mesh invariants.
        """
        if mesh is not None:
            if not isinstance(mesh, Mesh):
                raise TypeError("mesh must be an sdy.Mesh, not %s"
                                % type(mesh).__name__)
            if context is None:
                context = mesh.context
        context = resolve_context(context)
        out = new_out()
        check(lib.sdy_sharding_parse(
            context._handle, encode(text, "text"),
            None if mesh is None else mesh._handle, ctypes.byref(out)))
        return cls._wrap(out.value, context)

    def _open_repr(self) -> str:
        return "<sdy.Sharding %s>" % self

    @property
    def mesh(self) -> Mesh:
        """The sharding's mesh (a new :class:`Mesh` object)."""
        out = new_out()
        check(lib.sdy_sharding_get_mesh(self._handle, ctypes.byref(out)))
        return Mesh._wrap(out.value, self._context)

    @property
    def mesh_name(self) -> Optional[str]:
        """The mesh symbol name, or None for an inlined mesh."""
        out = new_out()
        check(lib.sdy_sharding_mesh_name(self._handle, ctypes.byref(out)))
        return take_string(out) or None

    @property
    def rank(self) -> int:
        """The number of dimension shardings."""
        n = ctypes.c_size_t()
        check(lib.sdy_sharding_rank(self._handle, ctypes.byref(n)))
        return n.value

    def __len__(self) -> int:
        return self.rank

    def dim(self, index: int) -> Dim:
        """The :class:`Dim` of dimension `index`."""
        index = to_size(index, "dim")
        num_axes = ctypes.c_size_t()
        closed = ctypes.c_int32()
        priority = ctypes.c_int64()
        check(lib.sdy_sharding_dim(self._handle, index, ctypes.byref(num_axes),
                                   ctypes.byref(closed),
                                   ctypes.byref(priority)))
        axes: List[AxisRef] = []
        for a in range(num_axes.value):
            s = AxisRefStruct()
            check(lib.sdy_sharding_dim_axis(self._handle, index, a,
                                            ctypes.byref(s)))
            axes.append(AxisRef._from_struct(s))
        return Dim(axes, closed.value == 1,
                   None if priority.value < 0 else priority.value)

    @property
    def dims(self) -> List[Dim]:
        """The dimension shardings, a list of :class:`Dim`."""
        return [self.dim(i) for i in range(self.rank)]

    @property
    def replicated(self) -> List[AxisRef]:
        """The explicitly replicated axes (mesh order), a list of
        :class:`AxisRef`."""
        n = ctypes.c_size_t()
        check(lib.sdy_sharding_num_replicated(self._handle, ctypes.byref(n)))
        axes: List[AxisRef] = []
        for i in range(n.value):
            s = AxisRefStruct()
            check(lib.sdy_sharding_replicated_axis(self._handle, i,
                                                   ctypes.byref(s)))
            axes.append(AxisRef._from_struct(s))
        return axes

    def validate(self, shape: Sequence[int]) -> None:
        """Checks the sharding for a tensor of `shape` (a sequence of sizes).

        Raises:
            VerificationError: with the dialect verifier's message.
        """
        c_shape, rank = int64_array(shape, "shape")
        check(lib.sdy_sharding_validate(self._handle, c_shape, rank))

    def is_valid_for(self, shape: Sequence[int]) -> bool:
        """True if :meth:`validate` accepts `shape`."""
        try:
            self.validate(shape)
        except VerificationError:
            return False
        return True

    def local_shape(self, shape: Sequence[int]) -> List[int]:
        """The per-device shape of a tensor of `shape`: ``ceil(d / n)`` per
        dimension (a list)."""
        c_shape, rank = int64_array(shape, "shape")
        out = (ctypes.c_int64 * rank)()
        check(lib.sdy_sharding_local_shape(self._handle, c_shape, rank, out,
                                           rank))
        return list(out)

    def device_slice(self, shape: Sequence[int],
                     device_id: int) -> List[Tuple[int, int]]:
        """The part of a tensor of `shape` that device `device_id` holds: a
        list of half-open ``(start, limit)`` ranges, one per dimension."""
        c_shape, rank = int64_array(shape, "shape")
        starts = (ctypes.c_int64 * rank)()
        limits = (ctypes.c_int64 * rank)()
        check(lib.sdy_sharding_device_slice(
            self._handle, c_shape, rank, to_int64(device_id, "device_id"),
            starts, limits, rank))
        return list(zip(starts, limits))
