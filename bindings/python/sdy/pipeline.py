"""Pass pipelines run on modules."""

import ctypes
from typing import Any, List, Optional, Union

from ._lib import CFunction, lib
from ._status import (UNIMPLEMENTED, UnimplementedError, check, encode,
                      take_string)
from .context import Context, _ContextObject, new_out, resolve_context
from .module import Module

__all__ = ["Pipeline", "PRESETS", "PROPAGATION_STRATEGIES"]

#: Names accepted by :meth:`Pipeline.preset` (see sdy_c/pipeline.h);
#: "partition" raises UnimplementedError with libraries older than the
#: partitioner.
PRESETS = ("canonicalize", "cleanup", "inline", "propagation", "partition")

#: The values of the "propagation" preset's ``propagation-strategy`` option.
PROPAGATION_STRATEGIES = ("basic", "aggressive", "basic-then-aggressive")


def _format_options(options: Any) -> Union[None, str, bytes]:
    """Preset options as the C ABI's text: a string is passed as is, a
    mapping becomes ``key=value`` pairs (booleans as true/false, keys with
    ``_`` written with ``-``)."""
    if options is None or isinstance(options, (str, bytes)):
        return options
    try:
        items = list(options.items())
    except AttributeError:
        raise TypeError("options must be a str or a mapping, not %s"
                        % type(options).__name__) from None
    parts = []
    for key, value in items:
        if not isinstance(key, str) or not key:
            raise TypeError("option names must be non-empty str, got %r"
                            % (key,))
        if isinstance(value, bool):
            value = "true" if value else "false"
        elif isinstance(value, (int, str)):
            value = str(value)
        else:
            raise TypeError("option %r: value must be a bool, int or str, "
                            "not %s" % (key, type(value).__name__))
        if not value or any(c.isspace() or c in "{}'\"=" for c in value):
            raise ValueError("option %r: invalid value %r" % (key, value))
        parts.append("%s=%s" % (key.replace("_", "-"), value))
    return " ".join(parts)


class Pipeline(_ContextObject):
    """A list of MLIR passes run on a module.

    ``Pipeline("canonicalize,cse")`` parses a textual pass pipeline (any
    pass registered in the library; one not anchored on an op runs on the
    module); ``Pipeline.preset("cleanup")`` creates a named preset (see
    :data:`PRESETS`).

    >>> with Pipeline.preset("canonicalize") as p:
    ...     p.run(module)

    Raises:
        ParseError: unknown passes or bad syntax (MLIR's message); an
            unknown or malformed ``pass{option=value}`` names the option
            and why (nothing is printed on stderr).
    """

    _destroy = CFunction("sdy_pipeline_destroy")
    _kind = "Pipeline"
    # str() gives the textual pipeline, fully anchored.
    _print = CFunction("sdy_pipeline_print")

    def __init__(self, pipeline: str, *,
                 context: Optional[Context] = None) -> None:
        context = resolve_context(context)
        out = new_out()
        check(lib.sdy_pipeline_create(context._handle,
                                      encode(pipeline, "pipeline"),
                                      ctypes.byref(out)))
        self._init_handle(out.value, context)

    @classmethod
    def preset(cls, name: str, options: Any = None, *,
               context: Optional[Context] = None) -> "Pipeline":
        """A preset pipeline by name (see :data:`PRESETS`).

        `options` configures presets that take options ("propagation"):
        a string in MLIR pass-option syntax
        (``"propagation-strategy=basic conservative-propagation=true"``) or
        a mapping (``{"propagation-strategy": "basic",
        "conservative_propagation": True}``). None (or empty) means the
        defaults.

        Raises:
            InvalidArgumentError: unknown name, or options given to a preset
                that takes none.
            ParseError: unknown options or malformed values (a boolean
                that is not true/false/1/0, an unknown
                propagation-strategy), naming the option and why.
            UnimplementedError: a planned preset that is not available yet.
        """
        context = resolve_context(context)
        out = new_out()
        options = _format_options(options)
        if not options:
            check(lib.sdy_pipeline_create_preset(context._handle,
                                                 encode(name, "name"),
                                                 ctypes.byref(out)))
        else:
            fn = getattr(lib, "sdy_pipeline_create_preset_with_options",
                         None)
            if fn is None:
                raise UnimplementedError(
                    "the loaded libsdy_c (%s) has no "
                    "sdy_pipeline_create_preset_with_options: preset options "
                    "need a newer library"
                    % lib.sdy_version_string().decode(), UNIMPLEMENTED)
            check(fn(context._handle, encode(name, "name"),
                     encode(options, "options"), ctypes.byref(out)))
        return cls._wrap(out.value, context)

    @classmethod
    def propagation(cls, strategy: str = "aggressive", conservative: bool = False,
                    keep_sharding_rules: bool = False,
                    debug_sharding_origins: bool = False, *,
                    context: Optional[Context] = None) -> "Pipeline":
        """The "propagation" preset (``sdy-propagation-pipeline``): import,
        user-priority sharding propagation with `strategy` (one of
        :data:`PROPAGATION_STRATEGIES`), export cleanup. `conservative`
        never creates sub-axes or indivisible shardings;
        `keep_sharding_rules` keeps the ``sdy.sharding_rule`` of ops;
        `debug_sharding_origins` records where each axis came from.

        Raises:
            ValueError: an unknown strategy.
        """
        if strategy not in PROPAGATION_STRATEGIES:
            raise ValueError("unknown propagation strategy %r (expected one "
                             "of %s)" % (strategy,
                                         ", ".join(PROPAGATION_STRATEGIES)))
        return cls.preset("propagation", {
            "propagation-strategy": strategy,
            "conservative-propagation": bool(conservative),
            "keep-sharding-rules": bool(keep_sharding_rules),
            "debug-sharding-origins": bool(debug_sharding_origins),
        }, context=context)

    def _open_repr(self) -> str:
        return "sdy.Pipeline(%r)" % str(self)

    def enable_timing(self, enable: bool = True) -> None:
        """Enables (or disables) per-pass timing for later runs."""
        check(lib.sdy_pipeline_enable_timing(self._handle,
                                             1 if enable else 0))

    def run(self, module: Module) -> Module:
        """Runs the pipeline on `module` (same context), in place; returns
        `module`. A failed run leaves the module unchanged.

        Raises:
            VerificationError: the module does not verify.
            FailedPreconditionError: a pass failed (with the diagnostics).
        """
        if not isinstance(module, Module):
            raise TypeError("module must be an sdy.Module, not %s"
                            % type(module).__name__)
        check(lib.sdy_pipeline_run(self._handle, module._handle))
        return module

    def timing_report(self) -> str:
        """The timing report of the last successful run with timing enabled.

        Raises:
            FailedPreconditionError: there is none.
        """
        out = new_out()
        check(lib.sdy_pipeline_timing_report(self._handle, ctypes.byref(out)))
        return take_string(out)
