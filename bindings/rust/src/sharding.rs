//! Tensor shardings.

use std::fmt;

use crate::error::Result;
use crate::library::c_string;
use crate::{Context, Mesh};

handle!(
    /// A tensor sharding over a mesh. Immutable, so `Send + Sync`.
    Sharding,
    Sharding,
    sdy_sharding_destroy
);
thread_safety!(Sharding, shared);

impl Sharding {
    /// Parses `#sdy.sharding<@mesh, [{"x"}, {}]>`; a sharding that names
    /// its mesh by symbol needs that `mesh`.
    pub fn parse(ctx: &Context, text: &str, mesh: Option<&Mesh>) -> Result<Sharding> {
        let text = c_string(text, "the sharding text")?;
        let mesh = mesh.map_or(std::ptr::null_mut(), |m| m.ptr);
        let lib = &ctx.lib;
        new_handle!(lib, Sharding, |out| (lib.raw().sdy_sharding_parse)(ctx.ptr, text.as_ptr(), mesh, out))
    }

    /// The number of dimension shardings.
    pub fn rank(&self) -> Result<usize> {
        out_value!(self.lib, usize, |out| (self.lib.raw().sdy_sharding_rank)(self.ptr, out))
    }

    /// The per-device shape of a tensor of `shape`.
    pub fn local_shape(&self, shape: &[i64]) -> Result<Vec<i64>> {
        let mut out = vec![0i64; shape.len()];
        self.lib.check(unsafe {
            (self.lib.raw().sdy_sharding_local_shape)(self.ptr, shape.as_ptr(), shape.len(), out.as_mut_ptr(), out.len())
        })?;
        Ok(out)
    }

    /// The text form.
    pub fn text(&self) -> Result<String> {
        out_string!(self.lib, |out| (self.lib.raw().sdy_sharding_print)(self.ptr, out))
    }
}

impl fmt::Display for Sharding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text().map_err(|_| fmt::Error)?)
    }
}
