"""Pictures of shardings (include/sdy_c/visualize.h): which device holds
which tile, as a text grid or an SVG document, and the HTML report of a
module. The functions are also methods: ``Sharding.layout_text``,
``Sharding.layout_svg`` and ``Module.html_report``.
"""

import ctypes
from typing import Callable, Optional, Sequence

from ._lib import lib
from ._status import UNIMPLEMENTED, UnimplementedError, check, int64_array
from ._status import take_string
from .context import new_out
from .module import Module
from .sharding import Sharding, _check_sharding

LAYOUT_TEXT_ASCII = 1

__all__ = ["layout_text", "layout_svg", "html_report"]


def _need(name: str) -> Callable[..., Optional[int]]:
    fn = getattr(lib, name, None)
    if fn is None:
        raise UnimplementedError(
            "the loaded libsdy_c (%s) has no %s: pictures need libsdy_c "
            "1.3 or newer" % (lib.sdy_version_string().decode(), name),
            UNIMPLEMENTED)
    f: Callable[..., Optional[int]] = fn
    return f


def layout_text(sharding: Sharding, shape: Sequence[int],
                ascii: bool = False) -> str:
    """The text grid of a tensor of `shape` sharded as `sharding`: one box
    per tile with the devices holding it, its ``[start,limit)`` ranges and
    its padding. `ascii` uses ``+-|`` instead of box-drawing characters.

    Raises:
        VerificationError: the sharding is not valid for `shape`.
        InvalidArgumentError: negative sizes, or a mesh of more than 4096
            devices.
    """
    _check_sharding(sharding)
    c_shape, rank = int64_array(shape, "shape")
    out = new_out()
    check(_need("sdy_sharding_layout_text")(
        sharding._handle, c_shape, rank,
        LAYOUT_TEXT_ASCII if ascii else 0, ctypes.byref(out)))
    return take_string(out)


def layout_svg(sharding: Sharding, shape: Sequence[int]) -> str:
    """The same layout as an SVG document (str). Every tile is a
    ``<g class="tile">`` with ``data-devices``, ``data-start``,
    ``data-limit`` and ``data-padding``. Errors as :func:`layout_text`."""
    _check_sharding(sharding)
    c_shape, rank = int64_array(shape, "shape")
    out = new_out()
    check(_need("sdy_sharding_layout_svg")(sharding._handle, c_shape, rank,
                                           ctypes.byref(out)))
    return take_string(out)


def html_report(module: Module, path: Optional[str] = None) -> str:
    """The HTML report of `module` (str): every op with its shardings,
    origins and collectives. Also written to `path` when given."""
    if not isinstance(module, Module):
        raise TypeError("module must be an sdy.Module, not %s"
                        % type(module).__name__)
    out = new_out()
    check(_need("sdy_module_html_report")(module._handle, ctypes.byref(out)))
    html = take_string(out)
    if path is not None:
        with open(path, "w", encoding="utf-8") as f:
            f.write(html)
    return html


# Also methods of the classes (set here, not in their modules, so that the
# pictures stay one module of their own).
setattr(Sharding, "layout_text", layout_text)
setattr(Sharding, "layout_svg", layout_svg)
setattr(Module, "html_report", html_report)
