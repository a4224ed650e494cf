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
                      num_devices: int = 0,
                      partition: bool = True
                      ) -> List[Tuple[str, float, Dict[str, Any]]]:
    """Ranks versions of one program by estimated communication time per
    call (sdy_collective_compare): a list of (name, seconds, json report),
    cheapest first (ties keep the order of `variants`).

    With `partition` (the default) each variant is partitioned first, as a
    copy with the "partition" preset (the modules are not changed);
    without, the modules are ranked as they are (collectives still in sdy
    form count as what the partitioner lowers them to).

    Raises:
        InvalidArgumentError: no variants, or a bad option or model file.
        FailedPreconditionError: a collective of a variant has no byte
            count, a variant names groups the runtime refuses, or the
            variants' public functions differ.
        UnimplementedError: the loaded library predates the comparison.
    """
    fn = getattr(lib, "sdy_collective_compare", None)
    if fn is None:
        raise UnimplementedError(
            "the loaded libsdy_c has no sdy_collective_compare: comparing "
            "shardings needs a newer library", UNIMPLEMENTED)
    names = list(variants)
    for name in names:
        if not isinstance(variants[name], Module):
            raise TypeError("variant %r must be an sdy.Module, not %s"
                            % (name, type(variants[name]).__name__))
    opts = _options("json", backend, model, num_devices)
    modules: List[Module] = []
    copies: List[Module] = []
    try:
        for name in names:
            module = variants[name]
            if partition:
                module = module.clone()
                copies.append(module)
                with Pipeline.preset("partition",
                                     context=module.context) as p:
                    p.run(module)
            modules.append(module)
        handles = (ctypes.c_void_p * max(len(modules), 1))(
            *[m._handle for m in modules])
        encoded = [encode(n, "variant name") for n in names]
        c_names = (ctypes.c_char_p * max(len(names), 1))(*encoded)
        out = new_out()
        check(fn(handles, c_names, len(names), encode(opts, "options"),
                 ctypes.byref(out)))
        ranking = json.loads(take_string(out))["ranking"]
    finally:
        for copy in copies:
            copy.close()
    return [(r["name"], r["estimated_seconds"], r["report"])
            for r in ranking]
