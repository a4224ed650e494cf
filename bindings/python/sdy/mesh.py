"""Logical device meshes (docs/sharding-model.md#meshes)."""

import ctypes
from typing import Any, List, Optional, Sequence, Tuple

from ._lib import CFunction, lib
from ._status import (check, decode, encode, int64_array, to_int64,
                      to_size)
from .context import Context, _Value, new_out, resolve_context

__all__ = ["Mesh"]


class Mesh(_Value):
    """A logical mesh: ordered named axes with sizes and an optional device
    order.

    >>> mesh = Mesh([("x", 2), ("y", 4)])
    >>> str(mesh)
    '<["x"=2, "y"=4]>'
    >>> mesh.coordinates(5), mesh.device_id((1, 1))
    ((1, 1), 5)

    Args:
        axes: a sequence of ``(name, size)`` pairs or a mapping
            ``{name: size}`` (in mesh order, axis 0 most major).
        device_ids: the device order (a permutation of
            ``range(num_devices)``), a single id for a maximal mesh without
            axes, or None for the default order (an explicit iota is
            accepted and dropped).
        context: the :class:`~sdy.Context` (default: the default context).

    Raises:
        VerificationError: a mesh that breaks the mesh invariants (duplicate
            or empty axis names, sizes < 1, device ids that are not a
            permutation), with the dialect's message.
        InvalidArgumentError: bad arguments (invalid UTF-8, ...).
    """

    _destroy = CFunction("sdy_mesh_destroy")
    _kind = "Mesh"
    _print = CFunction("sdy_mesh_print")
    _equal = CFunction("sdy_mesh_equal")

    def __init__(self, axes: Any = (),
                 device_ids: Optional[Sequence[int]] = None, *,
                 context: Optional[Context] = None) -> None:
        context = resolve_context(context)
        if hasattr(axes, "items"):
            axes = list(axes.items())
        names: List[bytes] = []
        sizes: List[int] = []
        for i, axis in enumerate(axes):
            try:
                name, size = axis
            except (TypeError, ValueError):
                raise TypeError("axes[%d] must be a (name, size) pair, not %r"
                                % (i, axis)) from None
            names.append(encode(name, "axes[%d] name" % i))
            sizes.append(to_int64(size, "axes[%d] size" % i))
        c_names = (ctypes.c_char_p * len(names))(*names)
        c_sizes, n = int64_array(sizes, "axis sizes")
        ids, num_ids = int64_array(
            () if device_ids is None else device_ids, "device_ids")
        out = new_out()
        check(lib.sdy_mesh_create(context._handle, c_names, c_sizes, n, ids,
                                  num_ids, ctypes.byref(out)))
        self._init_handle(out.value, context)

    @classmethod
    def parse(cls, text: str, *,
              context: Optional[Context] = None) -> "Mesh":
        """Parses ``<["x"=2, ...]>`` or ``#sdy.mesh<[...]>``.

        Raises:
            ParseError: bad syntax (truncated text names what is missing).
            VerificationError: well-formed text of a mesh that breaks the
                invariants (the same error as :class:`Mesh` gives).
        """
        context = resolve_context(context)
        out = new_out()
        check(lib.sdy_mesh_parse(context._handle, encode(text, "text"),
                                 ctypes.byref(out)))
        return cls._wrap(out.value, context)

    def _open_repr(self) -> str:
        return "sdy.Mesh.parse(%r)" % str(self)

    @property
    def num_axes(self) -> int:
        """The number of axes."""
        n = ctypes.c_size_t()
        check(lib.sdy_mesh_num_axes(self._handle, ctypes.byref(n)))
        return n.value

    def axis(self, index: int) -> Tuple[str, int]:
        """``(name, size)`` of axis `index`."""
        name = ctypes.c_char_p()
        size = ctypes.c_int64()
        check(lib.sdy_mesh_axis(self._handle, to_size(index, "index"),
                                ctypes.byref(name), ctypes.byref(size)))
        return decode(name.value), size.value

    @property
    def axes(self) -> List[Tuple[str, int]]:
        """The axes as a list of ``(name, size)`` pairs, in mesh order."""
        return [self.axis(i) for i in range(self.num_axes)]

    @property
    def axis_names(self) -> List[str]:
        """The axis names, in mesh order."""
        return [name for name, _ in self.axes]

    @property
    def shape(self) -> Tuple[int, ...]:
        """The axis sizes, in mesh order (a tuple)."""
        return tuple(size for _, size in self.axes)

    @property
    def num_devices(self) -> int:
        """The product of the axis sizes (1 for a maximal or empty mesh)."""
        n = ctypes.c_int64()
        check(lib.sdy_mesh_num_devices(self._handle, ctypes.byref(n)))
        return n.value

    @property
    def device_ids(self) -> List[int]:
        """The device ids in mesh order (``range(num_devices)`` when the mesh
        has no explicit order), as a list."""
        n = self.num_devices
        buf = (ctypes.c_int64 * n)()
        check(lib.sdy_mesh_device_ids(self._handle, buf, n))
        return list(buf)

    @property
    def has_explicit_device_ids(self) -> bool:
        """True if the mesh lists an explicit (non-iota) device order."""
        out = ctypes.c_int32()
        check(lib.sdy_mesh_has_explicit_device_ids(self._handle,
                                                   ctypes.byref(out)))
        return bool(out.value)

    def coordinates(self, device_id: int) -> Tuple[int, ...]:
        """The mesh coordinates (a tuple, one per axis) of `device_id`.

        Raises:
            InvalidArgumentError: the mesh has no such device.
        """
        n = self.num_axes
        buf = (ctypes.c_int64 * n)()
        check(lib.sdy_mesh_device_coordinates(
            self._handle, to_int64(device_id, "device_id"), buf, n))
        return tuple(buf)

    def device_id(self, coords: Sequence[int]) -> int:
        """The device id at mesh coordinates `coords` (one per axis).

        Raises:
            InvalidArgumentError: wrong number of coordinates or one out of
                range.
        """
        c_coords, n = int64_array(coords, "coords")
        out = ctypes.c_int64()
        check(lib.sdy_mesh_device_at(self._handle, c_coords, n,
                                     ctypes.byref(out)))
        return out.value
