//! Logical device meshes.

use std::ffi::CStr;
use std::fmt;
use std::os::raw::c_char;

use crate::error::Result;
use crate::library::c_string;
use crate::Context;

handle!(
    /// A mesh: named axes with sizes and a device order. Immutable, so
    /// `Send + Sync`.
    Mesh,
    Mesh,
    sdy_mesh_destroy
);
thread_safety!(Mesh, shared);

impl Mesh {
    /// A mesh of the axes `(name, size)`, devices in the default order.
    pub fn new(ctx: &Context, axes: &[(&str, i64)]) -> Result<Mesh> {
        Mesh::with_device_ids(ctx, axes, &[])
    }

    /// A mesh with an explicit device order (a permutation of
    /// 0..devices).
    pub fn with_device_ids(ctx: &Context, axes: &[(&str, i64)], device_ids: &[i64]) -> Result<Mesh> {
        let names = axes
            .iter()
            .map(|(n, _)| c_string(n, "an axis name"))
            .collect::<Result<Vec<_>>>()?;
        let ptrs: Vec<*const c_char> = names.iter().map(|n| n.as_ptr()).collect();
        let sizes: Vec<i64> = axes.iter().map(|(_, s)| *s).collect();
        let lib = &ctx.lib;
        new_handle!(lib, Mesh, |out| (lib.raw().sdy_mesh_create)(
            ctx.ptr,
            ptrs.as_ptr(),
            sizes.as_ptr(),
            axes.len(),
            device_ids.as_ptr(),
            device_ids.len(),
            out
        ))
    }

    /// Parses `<["x"=2, "y"=4]>` (or `#sdy.mesh<...>`).
    pub fn parse(ctx: &Context, text: &str) -> Result<Mesh> {
        let text = c_string(text, "the mesh text")?;
        let lib = &ctx.lib;
        new_handle!(lib, Mesh, |out| (lib.raw().sdy_mesh_parse)(ctx.ptr, text.as_ptr(), out))
    }

    /// The axes as `(name, size)`.
    pub fn axes(&self) -> Result<Vec<(String, i64)>> {
        let f = self.lib.raw();
        let n: usize = out_value!(self.lib, usize, |out| (f.sdy_mesh_num_axes)(self.ptr, out))?;
        (0..n)
            .map(|i| {
                let mut name: *const c_char = std::ptr::null();
                let mut size = 0i64;
                self.lib.check(unsafe { (f.sdy_mesh_axis)(self.ptr, i, &mut name, &mut size) })?;
                Ok((unsafe { CStr::from_ptr(name) }.to_string_lossy().into_owned(), size))
            })
            .collect()
    }

    /// The number of devices (product of the axis sizes).
    pub fn num_devices(&self) -> Result<i64> {
        out_value!(self.lib, i64, |out| (self.lib.raw().sdy_mesh_num_devices)(self.ptr, out))
    }

    /// The device ids in mesh order.
    pub fn device_ids(&self) -> Result<Vec<i64>> {
        let mut ids = vec![0i64; self.num_devices()? as usize];
        self.lib.check(unsafe { (self.lib.raw().sdy_mesh_device_ids)(self.ptr, ids.as_mut_ptr(), ids.len()) })?;
        Ok(ids)
    }

    /// The mesh coordinates of device `device_id`.
    pub fn coordinates(&self, device_id: i64) -> Result<Vec<i64>> {
        let mut coords = vec![0i64; self.axes()?.len()];
        self.lib.check(unsafe {
            (self.lib.raw().sdy_mesh_device_coordinates)(self.ptr, device_id, coords.as_mut_ptr(), coords.len())
        })?;
        Ok(coords)
    }

    /// The device at mesh coordinates `coords` (one per axis).
    pub fn device_at(&self, coords: &[i64]) -> Result<i64> {
        out_value!(self.lib, i64, |out| (self.lib.raw().sdy_mesh_device_at)(self.ptr, coords.as_ptr(), coords.len(), out))
    }

    /// Whether the mesh has an explicit device order (`device_ids=[...]`).
    pub fn has_explicit_device_ids(&self) -> Result<bool> {
        let has: i32 = out_value!(self.lib, i32, |out| (self.lib.raw().sdy_mesh_has_explicit_device_ids)(self.ptr, out))?;
        Ok(has != 0)
    }

    /// The text form, `<["x"=2, "y"=4]>`.
    pub fn text(&self) -> Result<String> {
        out_string!(self.lib, |out| (self.lib.raw().sdy_mesh_print)(self.ptr, out))
    }
}

impl fmt::Display for Mesh {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text().map_err(|_| fmt::Error)?)
    }
}

impl PartialEq for Mesh {
    fn eq(&self, other: &Mesh) -> bool {
        let mut equal = 0i32;
        let status = unsafe { (self.lib.raw().sdy_mesh_equal)(self.ptr, other.ptr, &mut equal) };
        self.lib.check(status).is_ok() && equal == 1
    }
}
