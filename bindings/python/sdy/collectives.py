"""The communication report of a module (sdy_c/collectives.h).

:func:`collective_report` gives the report of ``sdy-opt
-sdy-collective-report`` as text or parsed JSON, :func:`collectives` its
list of collectives, and :func:`compare_shardings` partitions alternative
shardings of one program and ranks them by estimated communication time
(docs/communication_report.md).
"""

import ctypes
import json
from typing import Any, Dict, List, Mapping, Optional, Tuple

from ._lib import lib
from ._status import UNIMPLEMENTED, UnimplementedError, check, encode, \
    take_string
from .context import new_out
from .module import Module
from .pipeline import Pipeline

__all__ = ["collective_report", "collectives", "compare_shardings"]


def _options(format: str, backend: Optional[str], model: Optional[str],
             num_devices: int) -> str:
    parts = ["format=%s" % format]
    if backend:
        parts.append("backend=%s" % backend)
    if model:
        parts.append("model=%s" % model)
    if num_devices:
        parts.append("num-devices=%d" % int(num_devices))
    for p in parts:
        if any(c.isspace() for c in p):
            raise ValueError("option %r must not contain spaces" % p)
    return " ".join(parts)


def collective_report(module: Module, *, format: str = "text",
                      backend: Optional[str] = None,
                      model: Optional[str] = None,
                      num_devices: int = 0) -> Any:
    """The communication report of `module`: a str for ``format="text"``,
    the parsed JSON object (a dict) for ``format="json"``.

    `backend` ("local" or "mpi") chooses whose byte counts and default
    model apply; `model` is a model file of bench-comm-calibrate;
    `num_devices` 0 infers the device count as sdy-run does.

    Raises:
        InvalidArgumentError: a bad option or model file.
        FailedPreconditionError: the module names groups the runtime
            refuses.
        UnimplementedError: the loaded library predates the report.
    """
    if not isinstance(module, Module):
        raise TypeError("module must be an sdy.Module, not %s"
                        % type(module).__name__)
    fn = getattr(lib, "sdy_module_collective_report", None)
    if fn is None:
        raise UnimplementedError(
            "the loaded libsdy_c has no sdy_module_collective_report: the "
            "communication report needs a newer library", UNIMPLEMENTED)
    opts = _options(format, backend, model, num_devices)
    out = new_out()
    check(fn(module._handle, encode(opts, "options"), ctypes.byref(out)))
    text = take_string(out)
    return json.loads(text) if format == "json" else text


def collectives(module: Module, **options: Any) -> List[Dict[str, Any]]:
    """The collectives of `module` (one dict each: kind, function,
    location, axes, groups, operand_types, counted and, when counted,
    sent/received per device, estimated_seconds, backend_calls). Takes the
    options of :func:`collective_report` except `format`."""
    report: Dict[str, Any] = collective_report(module, format="json",
                                               **options)
    found: List[Dict[str, Any]] = report["collectives"]
    return found


def compare_shardings(variants: Mapping[str, Module], *,
                      backend: Optional[str] = None,
                      model: Optional[str] = None,
                      num_devices: int = 0
                      ) -> List[Tuple[str, float, Dict[str, Any]]]:
    """Partitions each variant (a copy; the modules are not changed) with
    the "partition" preset and ranks them by estimated communication time:
    a list of (name, seconds, json report), cheapest first (ties keep the
    order of `variants`)."""
    ranked = []
    for order, (name, module) in enumerate(variants.items()):
        with module.clone() as copy:
            with Pipeline.preset("partition", context=module.context) as p:
                p.run(copy)
            report = collective_report(copy, format="json", backend=backend,
                                       model=model, num_devices=num_devices)
        ranked.append((report["estimated_seconds"], order, name, report))
    ranked.sort(key=lambda r: (r[0], r[1]))
    return [(name, seconds, report) for seconds, _, name, report in ranked]
