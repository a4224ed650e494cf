//! Pass pipelines.

use std::fmt;

use crate::error::Result;
use crate::library::c_string;
use crate::{Context, Module};

handle!(
    /// A pass pipeline. `Send` (used by one thread at a time), not `Sync`.
    Pipeline,
    Pipeline,
    sdy_pipeline_destroy
);
thread_safety!(Pipeline, movable);

impl Pipeline {
    /// Parses a textual pipeline, e.g. `"canonicalize,cse"`.
    pub fn new(ctx: &Context, pipeline: &str) -> Result<Pipeline> {
        let text = c_string(pipeline, "the pipeline")?;
        let lib = &ctx.lib;
        new_handle!(lib, Pipeline, |out| (lib.raw().sdy_pipeline_create)(ctx.ptr, text.as_ptr(), out))
    }

    /// A preset ("canonicalize", "cleanup", "inline", "propagation",
    /// "partition") with options such as `"propagation-strategy=basic"`.
    pub fn preset(ctx: &Context, name: &str, options: Option<&str>) -> Result<Pipeline> {
        let name = c_string(name, "the preset name")?;
        let lib = &ctx.lib;
        let options = match options {
            None => return new_handle!(lib, Pipeline, |out| (lib.raw().sdy_pipeline_create_preset)(ctx.ptr, name.as_ptr(), out)),
            Some(o) => c_string(o, "the options")?,
        };
        let opts = options.as_ptr();
        new_handle!(lib, Pipeline, |out| (lib.raw().sdy_pipeline_create_preset_with_options)(
            ctx.ptr,
            name.as_ptr(),
            opts,
            out
        ))
    }

    /// Runs the pipeline on `module`; a failure leaves it unchanged.
    pub fn run(&self, module: &mut Module) -> Result<()> {
        self.lib.check(unsafe { (self.lib.raw().sdy_pipeline_run)(self.ptr, module.ptr) })
    }

    /// Enables or disables per-pass timing of later runs.
    pub fn enable_timing(&mut self, enable: bool) -> Result<()> {
        self.lib.check(unsafe { (self.lib.raw().sdy_pipeline_enable_timing)(self.ptr, enable as i32) })
    }

    /// The timing report of the last run with timing enabled
    /// (`FailedPrecondition` when there is none).
    pub fn timing_report(&self) -> Result<String> {
        out_string!(self.lib, |out| (self.lib.raw().sdy_pipeline_timing_report)(self.ptr, out))
    }

    /// The pipeline, fully anchored.
    pub fn text(&self) -> Result<String> {
        out_string!(self.lib, |out| (self.lib.raw().sdy_pipeline_print)(self.ptr, out))
    }
}

impl fmt::Display for Pipeline {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text().map_err(|_| fmt::Error)?)
    }
}
