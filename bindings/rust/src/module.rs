//! Programs: modules of sdy and StableHLO ops.

use std::fmt;

use crate::error::Result;
use crate::library::c_string;
use crate::{Context, Mesh, Pipeline, Sharding};

handle!(
    /// A module. `Send` (used by one thread at a time), not `Sync`.
    Module,
    Module,
    sdy_module_destroy
);
thread_safety!(Module, movable);

impl Module {
    /// Parses and verifies MLIR text.
    pub fn parse(ctx: &Context, text: &str) -> Result<Module> {
        let text = c_string(text, "the module text")?;
        let lib = &ctx.lib;
        new_handle!(lib, Module, |out| (lib.raw().sdy_module_parse)(ctx.ptr, text.as_ptr(), std::ptr::null(), out))
    }

    /// A deep copy.
    pub fn try_clone(&self) -> Result<Module> {
        let lib = &self.lib;
        new_handle!(lib, Module, |out| (lib.raw().sdy_module_clone)(self.ptr, out))
    }

    /// The names of the functions, in module order.
    pub fn function_names(&self) -> Result<Vec<String>> {
        let f = self.lib.raw();
        let n: usize = out_value!(self.lib, usize, |out| (f.sdy_module_num_functions)(self.ptr, out))?;
        (0..n)
            .map(|i| out_string!(self.lib, |out| (f.sdy_module_function_name)(self.ptr, i, out)))
            .collect()
    }

    /// Adds `sdy.mesh @name = <mesh>`.
    pub fn add_mesh(&mut self, name: &str, mesh: &Mesh) -> Result<()> {
        let name = c_string(name, "the mesh name")?;
        self.lib.check(unsafe { (self.lib.raw().sdy_module_add_mesh)(self.ptr, name.as_ptr(), mesh.ptr) })
    }

    /// The sharding of argument `arg` of `function`, if any.
    pub fn arg_sharding(&self, function: &str, arg: usize) -> Result<Option<Sharding>> {
        let function = c_string(function, "the function name")?;
        let mut raw = std::ptr::null_mut();
        self.lib.check(unsafe { (self.lib.raw().sdy_module_get_arg_sharding)(self.ptr, function.as_ptr(), arg, &mut raw) })?;
        Ok(if raw.is_null() { None } else { Some(Sharding::from_raw(&self.lib, raw)) })
    }

    /// Sets (or with `None` removes) the sharding of argument `arg`.
    pub fn set_arg_sharding(&mut self, function: &str, arg: usize, sharding: Option<&Sharding>) -> Result<()> {
        let function = c_string(function, "the function name")?;
        let s = sharding.map_or(std::ptr::null_mut(), |s| s.ptr);
        self.lib.check(unsafe { (self.lib.raw().sdy_module_set_arg_sharding)(self.ptr, function.as_ptr(), arg, s) })
    }

    /// Runs the "propagation" preset (`ctx`: the module's context): every
    /// value gets a sharding.
    pub fn propagate(&mut self, ctx: &Context) -> Result<()> {
        Pipeline::preset(ctx, "propagation", None)?.run(self)
    }

    /// Runs the "partition" preset (`ctx`: the module's context): the
    /// module becomes the per-device program (local shapes, collectives).
    pub fn partition(&mut self, ctx: &Context) -> Result<()> {
        Pipeline::preset(ctx, "partition", None)?.run(self)
    }

    /// The text form.
    pub fn text(&self) -> Result<String> {
        out_string!(self.lib, |out| (self.lib.raw().sdy_module_print)(self.ptr, 0, out))
    }
}

impl fmt::Display for Module {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text().map_err(|_| fmt::Error)?)
    }
}
