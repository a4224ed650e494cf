//! Contexts: own the MLIR context in which meshes, shardings, modules and
//! pipelines live.

use std::sync::Arc;

use crate::error::Result;
use crate::sys;
use crate::Library;

handle!(
    /// A context. `Send` (used by one thread at a time), not `Sync`.
    Context,
    Context,
    sdy_context_destroy
);
thread_safety!(Context, movable);

impl Context {
    /// Creates a context (MLIR multithreading disabled).
    pub fn new(lib: &Arc<Library>) -> Result<Context> {
        new_handle!(lib, Context, |out| (lib.raw().sdy_context_create)(out))
    }

    /// The `MlirContext` behind this context, borrowed (for MLIR's C API
    /// and the MLIR-style functions of `dialect.h` in [`crate::sys`]; never
    /// destroy it).
    pub fn mlir_context(&self) -> Result<sys::MlirContext> {
        let mut c = sys::MlirContext { ptr: std::ptr::null_mut() };
        self.lib.check(unsafe { (self.lib.raw().sdy_context_get_mlir_context)(self.ptr, &mut c) })?;
        Ok(c)
    }

    /// Enables or disables MLIR's multithreading in pass pipelines.
    pub fn set_multithreading(&self, enable: bool) -> Result<()> {
        self.lib.check(unsafe { (self.lib.raw().sdy_context_set_multithreading)(self.ptr, enable as i32) })
    }
}
