//! Programs: modules of sdy and StableHLO ops.

use std::fmt;

use crate::error::Result;
use crate::library::c_string;
use crate::sys;
use crate::{Context, Mesh, Pipeline, Sharding};

/// How [`Module::text_with`] prints.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PrintFlags {
    /// The generic op form (`"sdy.reshard"(%0) <{...}>`).
    pub generic: bool,
    /// Locations (`loc(...)`).
    pub debug_info: bool,
}

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

    /// Parses with `source_name` as the file name of diagnostics
    /// (`name:LINE:COL: error: ...`).
    pub fn parse_named(ctx: &Context, text: &str, source_name: &str) -> Result<Module> {
        let text = c_string(text, "the module text")?;
        let name = c_string(source_name, "the source name")?;
        let lib = &ctx.lib;
        new_handle!(lib, Module, |out| (lib.raw().sdy_module_parse)(ctx.ptr, text.as_ptr(), name.as_ptr(), out))
    }

    /// An empty module (add meshes to it).
    pub fn empty(ctx: &Context) -> Result<Module> {
        let lib = &ctx.lib;
        new_handle!(lib, Module, |out| (lib.raw().sdy_module_create_empty)(ctx.ptr, out))
    }

    /// Wraps an `MlirModule` of `ctx`'s MLIR context (see
    /// [`Context::mlir_context`]); the module takes ownership of it.
    ///
    /// # Safety
    /// `mlir_module` must be a live module of that context, owned by the
    /// caller, and not used through MLIR's C API afterwards (except through
    /// [`Module::mlir_module`]).
    pub unsafe fn from_mlir(ctx: &Context, mlir_module: sys::MlirModule) -> Result<Module> {
        let lib = &ctx.lib;
        new_handle!(lib, Module, |out| (lib.raw().sdy_module_wrap_mlir_module)(ctx.ptr, mlir_module, out))
    }

    /// The `MlirModule` behind this module, borrowed (for MLIR's C API;
    /// never destroy it).
    pub fn mlir_module(&mut self) -> Result<sys::MlirModule> {
        let mut m = sys::MlirModule { ptr: std::ptr::null_mut() };
        self.lib.check(unsafe { (self.lib.raw().sdy_module_get_mlir_module)(self.ptr, &mut m) })?;
        Ok(m)
    }

    /// Runs the verifier.
    pub fn verify(&self) -> Result<()> {
        self.lib.check(unsafe { (self.lib.raw().sdy_module_verify)(self.ptr) })
    }

    /// The number of arguments and results of `function`.
    pub fn function_signature(&self, function: &str) -> Result<(usize, usize)> {
        let function = c_string(function, "the function name")?;
        let (mut args, mut results) = (0usize, 0usize);
        self.lib.check(unsafe {
            (self.lib.raw().sdy_module_function_signature)(self.ptr, function.as_ptr(), &mut args, &mut results)
        })?;
        Ok((args, results))
    }

    /// The names of the meshes, in module order.
    pub fn mesh_names(&self) -> Result<Vec<String>> {
        let f = self.lib.raw();
        let n: usize = out_value!(self.lib, usize, |out| (f.sdy_module_num_meshes)(self.ptr, out))?;
        (0..n).map(|i| out_string!(self.lib, |out| (f.sdy_module_mesh_name)(self.ptr, i, out))).collect()
    }

    /// The mesh `@name` (`FailedPrecondition` when absent).
    pub fn mesh(&self, name: &str) -> Result<Mesh> {
        let name = c_string(name, "the mesh name")?;
        let lib = &self.lib;
        new_handle!(lib, Mesh, |out| (lib.raw().sdy_module_get_mesh)(self.ptr, name.as_ptr(), out))
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

    /// The sharding of result `result` of `function`, if any.
    pub fn result_sharding(&self, function: &str, result: usize) -> Result<Option<Sharding>> {
        let function = c_string(function, "the function name")?;
        let mut raw = std::ptr::null_mut();
        self.lib.check(unsafe {
            (self.lib.raw().sdy_module_get_result_sharding)(self.ptr, function.as_ptr(), result, &mut raw)
        })?;
        Ok(if raw.is_null() { None } else { Some(Sharding::from_raw(&self.lib, raw)) })
    }

    /// Sets (or with `None` removes) the sharding of argument `arg`.
    pub fn set_arg_sharding(&mut self, function: &str, arg: usize, sharding: Option<&Sharding>) -> Result<()> {
        let function = c_string(function, "the function name")?;
        let s = sharding.map_or(std::ptr::null_mut(), |s| s.ptr);
        self.lib.check(unsafe { (self.lib.raw().sdy_module_set_arg_sharding)(self.ptr, function.as_ptr(), arg, s) })
    }

    /// Sets (or with `None` removes) the sharding of result `result`.
    pub fn set_result_sharding(&mut self, function: &str, result: usize, sharding: Option<&Sharding>) -> Result<()> {
        let function = c_string(function, "the function name")?;
        let s = sharding.map_or(std::ptr::null_mut(), |s| s.ptr);
        self.lib.check(unsafe {
            (self.lib.raw().sdy_module_set_result_sharding)(self.ptr, function.as_ptr(), result, s)
        })
    }

    /// Inserts `sdy.sharding_constraint` on argument `arg` at the start of
    /// `function` (its uses then see the constrained value).
    pub fn add_arg_sharding_constraint(&mut self, function: &str, arg: usize, sharding: &Sharding) -> Result<()> {
        let function = c_string(function, "the function name")?;
        self.lib.check(unsafe {
            (self.lib.raw().sdy_module_add_arg_sharding_constraint)(self.ptr, function.as_ptr(), arg, sharding.ptr)
        })
    }

    /// Inserts `sdy.sharding_constraint` on result `result` before the
    /// return of `function`.
    pub fn add_result_sharding_constraint(&mut self, function: &str, result: usize, sharding: &Sharding) -> Result<()> {
        let function = c_string(function, "the function name")?;
        self.lib.check(unsafe {
            (self.lib.raw().sdy_module_add_result_sharding_constraint)(self.ptr, function.as_ptr(), result, sharding.ptr)
        })
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
        self.text_with(PrintFlags::default())
    }

    /// The text form with printing options.
    pub fn text_with(&self, flags: PrintFlags) -> Result<String> {
        let bits = flags.generic as u32 | (flags.debug_info as u32) << 1;
        out_string!(self.lib, |out| (self.lib.raw().sdy_module_print)(self.ptr, bits, out))
    }
}

impl fmt::Display for Module {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text().map_err(|_| fmt::Error)?)
    }
}
