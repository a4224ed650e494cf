//! Tensor shardings.

use std::ffi::{CStr, CString};
use std::fmt;
use std::ops::Range;

use crate::error::Result;
use crate::library::c_string;
use crate::sys;
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

/// An axis of a dimension sharding or a replicated axis: a full mesh axis
/// (`"x"`) or a sub-axis `"x":(pre_size)size`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AxisRef {
    pub name: String,
    /// `Some((pre_size, size))` for a sub-axis.
    pub sub_axis: Option<(i64, i64)>,
}

impl AxisRef {
    /// The whole axis `name`.
    pub fn full(name: &str) -> AxisRef {
        AxisRef { name: name.to_string(), sub_axis: None }
    }

    /// The sub-axis `name:(pre_size)size`.
    pub fn sub(name: &str, pre_size: i64, size: i64) -> AxisRef {
        AxisRef { name: name.to_string(), sub_axis: Some((pre_size, size)) }
    }

    fn from_raw(raw: &sys::AxisRef) -> AxisRef {
        let name = unsafe { CStr::from_ptr(raw.name) }.to_string_lossy().into_owned();
        let sub_axis = if raw.pre_size == 0 && raw.size == 0 { None } else { Some((raw.pre_size, raw.size)) };
        AxisRef { name, sub_axis }
    }
}

/// The sharding of one dimension: the axes that split it (major first),
/// whether it is closed (`{"x"}`) or open (`{"x", ?}`), and its priority.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DimSharding {
    pub axes: Vec<AxisRef>,
    pub is_closed: bool,
    /// `Some(p)` for `p<p>` (0 is the highest).
    pub priority: Option<i64>,
}

impl DimSharding {
    /// A closed dimension split by the full axes `axes` (`&[]`: replicated).
    pub fn closed(axes: &[&str]) -> DimSharding {
        DimSharding { axes: axes.iter().map(|a| AxisRef::full(a)).collect(), is_closed: true, priority: None }
    }

    /// An open dimension (propagation may add axes) split by `axes`.
    pub fn open(axes: &[&str]) -> DimSharding {
        DimSharding { is_closed: false, ..DimSharding::closed(axes) }
    }

    /// The same dimension with priority `p`.
    pub fn with_priority(self, p: i64) -> DimSharding {
        DimSharding { priority: Some(p), ..self }
    }
}

/// C views of axis references; the names stay alive with this value.
struct RawAxes {
    _names: Vec<CString>,
    axes: Vec<sys::AxisRef>,
}

fn raw_axes(axes: &[AxisRef]) -> Result<RawAxes> {
    let names = axes.iter().map(|a| c_string(&a.name, "an axis name")).collect::<Result<Vec<_>>>()?;
    let raw = axes
        .iter()
        .zip(&names)
        .map(|(a, n)| {
            let (pre_size, size) = a.sub_axis.unwrap_or((0, 0));
            sys::AxisRef { name: n.as_ptr(), pre_size, size }
        })
        .collect();
    Ok(RawAxes { _names: names, axes: raw })
}

impl Sharding {
    /// A sharding over `mesh` from its dimension shardings and replicated
    /// axes. `mesh_name`: the symbol it refers to (`@mesh_name`), or `None`
    /// to inline the mesh. Checked against the mesh (axes exist, valid
    /// sub-axes, no axis used twice).
    pub fn new(
        ctx: &Context,
        mesh: &Mesh,
        mesh_name: Option<&str>,
        dims: &[DimSharding],
        replicated: &[AxisRef],
    ) -> Result<Sharding> {
        let name = mesh_name.map(|n| c_string(n, "the mesh name")).transpose()?;
        let per_dim = dims.iter().map(|d| raw_axes(&d.axes)).collect::<Result<Vec<_>>>()?;
        let raw_dims: Vec<sys::DimSharding> = dims
            .iter()
            .zip(&per_dim)
            .map(|(d, a)| sys::DimSharding {
                axes: a.axes.as_ptr(),
                num_axes: a.axes.len(),
                priority: d.priority.unwrap_or(-1),
                is_closed: d.is_closed as i32,
                reserved: 0,
            })
            .collect();
        let replicated = raw_axes(replicated)?;
        let lib = &ctx.lib;
        new_handle!(lib, Sharding, |out| (lib.raw().sdy_sharding_create)(
            ctx.ptr,
            mesh.ptr,
            name.as_ref().map_or(std::ptr::null(), |n| n.as_ptr()),
            raw_dims.as_ptr(),
            raw_dims.len(),
            replicated.axes.as_ptr(),
            replicated.axes.len(),
            out
        ))
    }

    /// The mesh the sharding is over.
    pub fn mesh(&self) -> Result<Mesh> {
        let lib = &self.lib;
        new_handle!(lib, Mesh, |out| (lib.raw().sdy_sharding_get_mesh)(self.ptr, out))
    }

    /// The mesh symbol the sharding refers to, or `None` for an inlined
    /// mesh.
    pub fn mesh_name(&self) -> Result<Option<String>> {
        let name: String = out_string!(self.lib, |out| (self.lib.raw().sdy_sharding_mesh_name)(self.ptr, out))?;
        Ok(if name.is_empty() { None } else { Some(name) })
    }

    /// The dimension shardings.
    pub fn dims(&self) -> Result<Vec<DimSharding>> {
        let f = self.lib.raw();
        (0..self.rank()?)
            .map(|dim| {
                let (mut n, mut closed, mut priority) = (0usize, 0i32, 0i64);
                self.lib.check(unsafe { (f.sdy_sharding_dim)(self.ptr, dim, &mut n, &mut closed, &mut priority) })?;
                let axes = (0..n)
                    .map(|i| {
                        let mut raw = sys::AxisRef { name: std::ptr::null(), pre_size: 0, size: 0 };
                        self.lib.check(unsafe { (f.sdy_sharding_dim_axis)(self.ptr, dim, i, &mut raw) })?;
                        Ok(AxisRef::from_raw(&raw))
                    })
                    .collect::<Result<Vec<_>>>()?;
                Ok(DimSharding { axes, is_closed: closed != 0, priority: if priority < 0 { None } else { Some(priority) } })
            })
            .collect()
    }

    /// The replicated axes (mesh order).
    pub fn replicated_axes(&self) -> Result<Vec<AxisRef>> {
        let f = self.lib.raw();
        let n: usize = out_value!(self.lib, usize, |out| (f.sdy_sharding_num_replicated)(self.ptr, out))?;
        (0..n)
            .map(|i| {
                let mut raw = sys::AxisRef { name: std::ptr::null(), pre_size: 0, size: 0 };
                self.lib.check(unsafe { (f.sdy_sharding_replicated_axis)(self.ptr, i, &mut raw) })?;
                Ok(AxisRef::from_raw(&raw))
            })
            .collect()
    }

    /// Checks that the sharding fits a tensor of `shape` (rank, axes
    /// and sizes): the reason in the error otherwise).
    pub fn validate(&self, shape: &[i64]) -> Result<()> {
        self.lib.check(unsafe { (self.lib.raw().sdy_sharding_validate)(self.ptr, shape.as_ptr(), shape.len()) })
    }

    /// The part `[start, limit)` of each dimension of a tensor of `shape`
    /// that device `device_id` of the mesh holds.
    pub fn device_slice(&self, shape: &[i64], device_id: i64) -> Result<Vec<Range<i64>>> {
        let (mut starts, mut limits) = (vec![0i64; shape.len()], vec![0i64; shape.len()]);
        self.lib.check(unsafe {
            (self.lib.raw().sdy_sharding_device_slice)(
                self.ptr,
                shape.as_ptr(),
                shape.len(),
                device_id,
                starts.as_mut_ptr(),
                limits.as_mut_ptr(),
                shape.len(),
            )
        })?;
        Ok(starts.into_iter().zip(limits).map(|(s, l)| s..l).collect())
    }
}

impl PartialEq for Sharding {
    fn eq(&self, other: &Sharding) -> bool {
        let mut equal = 0i32;
        let status = unsafe { (self.lib.raw().sdy_sharding_equal)(self.ptr, other.ptr, &mut equal) };
        self.lib.check(status).is_ok() && equal == 1
    }
}
