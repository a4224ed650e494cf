"""Pass pipelines run on modules."""

import ctypes

from ._lib import lib
from ._status import check, encode, take_string
from .context import _Handle, new_out, resolve_context
from .module import Module

__all__ = ["Pipeline", "PRESETS"]

#: Names accepted by :meth:`Pipeline.preset` (see sdy_c/pipeline.h);
#: "propagation" and "partition" raise UnimplementedError until those land.
PRESETS = ("canonicalize", "cleanup", "inline", "propagation", "partition")


class Pipeline(_Handle):
    """A list of MLIR passes run on a module.

    ``Pipeline("canonicalize,cse")`` parses a textual pass pipeline (any
    pass registered in the library; one not anchored on an op runs on the
    module); ``Pipeline.preset("cleanup")`` creates a named preset (see
    :data:`PRESETS`).

    >>> with Pipeline.preset("canonicalize") as p:
    ...     p.run(module)

    Raises:
        ParseError: unknown passes or bad syntax (MLIR's message).
    """

    _destroy = lib.sdy_pipeline_destroy
    _kind = "Pipeline"

    def __init__(self, pipeline, *, context=None):
        context = resolve_context(context)
        out = new_out()
        check(lib.sdy_pipeline_create(context._handle,
                                      encode(pipeline, "pipeline"),
                                      ctypes.byref(out)))
        self._init_handle(out.value, context)

    @classmethod
    def preset(cls, name, *, context=None):
        """A preset pipeline by name.

        Raises:
            InvalidArgumentError: unknown name.
            UnimplementedError: a planned preset that is not available yet.
        """
        context = resolve_context(context)
        out = new_out()
        check(lib.sdy_pipeline_create_preset(context._handle,
                                             encode(name, "name"),
                                             ctypes.byref(out)))
        return cls._wrap(out.value, context)

    @property
    def context(self):
        """The :class:`~sdy.Context` the pipeline belongs to."""
        self._handle
        return self._context

    def __str__(self):
        """The textual pipeline, fully anchored."""
        out = new_out()
        check(lib.sdy_pipeline_print(self._handle, ctypes.byref(out)))
        return take_string(out)

    def __repr__(self):
        if self.closed:
            return "<sdy.Pipeline closed>"
        return "sdy.Pipeline(%r)" % str(self)

    def enable_timing(self, enable=True):
        """Enables (or disables) per-pass timing for later runs."""
        check(lib.sdy_pipeline_enable_timing(self._handle,
                                             1 if enable else 0))

    def run(self, module):
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

    def timing_report(self):
        """The timing report of the last successful run with timing enabled.

        Raises:
            FailedPreconditionError: there is none.
        """
        out = new_out()
        check(lib.sdy_pipeline_timing_report(self._handle, ctypes.byref(out)))
        return take_string(out)
