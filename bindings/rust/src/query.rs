//! The ops, values and shardings of a function, read without parsing text
//! (`sdy_c/query.h`).
//!
//! A [`Query`] is a snapshot of one function: its ops in program order (an
//! op before the ops of its regions) and its values (the function's
//! arguments first, its results last, as the C API numbers them), each with
//! its type, its sharding and, when the module was propagated with
//! `debug-sharding-origins=true`, where each axis came from.

use std::ffi::CStr;
use std::os::raw::c_char;
use std::sync::Arc;

use crate::error::Result;
use crate::library::c_string;
use crate::{sys, Library, Module, Sharding};

/// What a [`Value`] is (`SDY_VALUE_*`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueKind {
    /// Argument `number` of the function.
    Argument,
    /// Result `number` of op `op`.
    OpResult,
    /// Argument `number` of block `block` of region `region` of op `op`
    /// (op -1: a non-entry block of the function body).
    BlockArgument,
    /// Result `number` of the function.
    FunctionResult,
}

/// What an [`Origin`] names (`SDY_ORIGIN_*`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OriginKind {
    /// "self": the value's own user sharding.
    SelfSharding,
    /// "input: N".
    Input,
    /// "output: N".
    Output,
    /// "constraint_N".
    Constraint,
    /// "group_N".
    Group,
    /// Any other text.
    Other,
}

/// One op of the function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Op {
    /// "stablehlo.add".
    pub name: String,
    /// "file:line:col" for a file location, else the printed location.
    pub location: String,
    /// File, line and column of the (innermost) file location; "", 0, 0.
    pub file: String,
    pub line: i64,
    pub column: i64,
    /// The op whose region holds this one; -1 in the function body.
    pub parent: i64,
    /// The region index in `parent`.
    pub region: i64,
    /// The number of enclosing ops below the function.
    pub depth: i64,
    /// Value indices.
    pub operands: Vec<usize>,
    pub results: Vec<usize>,
    pub num_regions: usize,
    /// `sdy.sharding_origin_name` ("constraint_0"), else "".
    pub origin_name: String,
}

/// Where one axis of a value's sharding came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origin {
    /// "x", or a sub-axis "x:(1)2".
    pub axis: String,
    /// The text: "input: 0", "constraint_1", "self".
    pub origin: String,
    pub kind: OriginKind,
    /// The N of input/output/constraint/group, else -1.
    pub index: i64,
    /// The dimension holding the axis, -1 if none does.
    pub dim: i64,
}

/// One value of the function.
pub struct Value {
    pub kind: ValueKind,
    /// See [`ValueKind`]; -1 when none.
    pub op: i64,
    pub region: i64,
    pub block: i64,
    pub number: i64,
    /// The printed type, "tensor<8x16xf32>".
    pub type_: String,
    /// "f32" for a shaped type, else "".
    pub element_type: String,
    /// None for a non-shaped or unranked type; -1 for a dynamic size.
    pub shape: Option<Vec<i64>>,
    pub sharding: Option<Sharding>,
    pub origins: Vec<Origin>,
}

/// A snapshot of one function of a module. It does not change when the
/// module changes afterwards.
pub struct Query {
    pub ops: Vec<Op>,
    pub values: Vec<Value>,
}

unsafe fn text(s: *const c_char) -> String {
    if s.is_null() {
        String::new()
    } else {
        CStr::from_ptr(s).to_string_lossy().into_owned()
    }
}

unsafe fn slice<T: Copy>(data: *const T, len: usize) -> Vec<T> {
    if data.is_null() || len == 0 {
        Vec::new()
    } else {
        std::slice::from_raw_parts(data, len).to_vec()
    }
}

/// Releases the C query when the snapshot is read (or reading failed).
struct Raw<'a>(&'a Arc<Library>, *mut sys::Query);

impl Drop for Raw<'_> {
    fn drop(&mut self) {
        unsafe { (self.0.raw().sdy_query_destroy)(self.1) }
    }
}

fn value_kind(kind: i32) -> ValueKind {
    match kind {
        0 => ValueKind::Argument,
        1 => ValueKind::OpResult,
        2 => ValueKind::BlockArgument,
        _ => ValueKind::FunctionResult,
    }
}

fn origin_kind(kind: i32) -> OriginKind {
    match kind {
        0 => OriginKind::SelfSharding,
        1 => OriginKind::Input,
        2 => OriginKind::Output,
        3 => OriginKind::Constraint,
        4 => OriginKind::Group,
        _ => OriginKind::Other,
    }
}

impl Query {
    /// Takes a snapshot of function `function` of `module`.
    pub fn new(module: &Module, function: &str) -> Result<Query> {
        let lib = &module.lib;
        let f = lib.raw();
        let name = c_string(function, "the function name")?;
        let mut ptr = std::ptr::null_mut();
        lib.check(unsafe { (f.sdy_query_create)(module.ptr, name.as_ptr(), &mut ptr) })?;
        let raw = Raw(lib, ptr);
        let num_ops: usize = out_value!(lib, usize, |out| (f.sdy_query_num_ops)(raw.1, out))?;
        let mut ops = Vec::with_capacity(num_ops);
        for i in 0..num_ops {
            let mut op = std::mem::MaybeUninit::<sys::QueryOp>::uninit();
            lib.check(unsafe { (f.sdy_query_op)(raw.1, i, op.as_mut_ptr()) })?;
            let op = unsafe { op.assume_init() };
            ops.push(unsafe {
                Op {
                    name: text(op.name),
                    location: text(op.location),
                    file: text(op.file),
                    line: op.line,
                    column: op.column,
                    parent: op.parent,
                    region: op.region,
                    depth: op.depth,
                    operands: slice(op.operands, op.num_operands),
                    results: slice(op.results, op.num_results),
                    num_regions: op.num_regions,
                    origin_name: text(op.origin_name),
                }
            });
        }
        let num_values: usize = out_value!(lib, usize, |out| (f.sdy_query_num_values)(raw.1, out))?;
        let mut values = Vec::with_capacity(num_values);
        for i in 0..num_values {
            let mut value = std::mem::MaybeUninit::<sys::QueryValue>::uninit();
            lib.check(unsafe { (f.sdy_query_value)(raw.1, i, value.as_mut_ptr()) })?;
            let value = unsafe { value.assume_init() };
            let mut sharding = std::ptr::null_mut();
            lib.check(unsafe { (f.sdy_query_value_sharding)(raw.1, i, &mut sharding) })?;
            let sharding = if sharding.is_null() { None } else { Some(Sharding::from_raw(lib, sharding)) };
            let mut origins = Vec::with_capacity(value.num_origins);
            for k in 0..value.num_origins {
                let mut origin = std::mem::MaybeUninit::<sys::ShardingOrigin>::uninit();
                lib.check(unsafe { (f.sdy_query_value_origin)(raw.1, i, k, origin.as_mut_ptr()) })?;
                let origin = unsafe { origin.assume_init() };
                origins.push(unsafe {
                    Origin {
                        axis: text(origin.axis),
                        origin: text(origin.origin),
                        kind: origin_kind(origin.kind),
                        index: origin.index,
                        dim: origin.dim,
                    }
                });
            }
            values.push(Value {
                kind: value_kind(value.kind),
                op: value.op,
                region: value.region,
                block: value.block,
                number: value.number,
                type_: unsafe { text(value.type_) },
                element_type: unsafe { text(value.element_type) },
                shape: if value.rank < 0 { None } else { Some(unsafe { slice(value.shape, value.rank as usize) }) },
                sharding,
                origins,
            });
        }
        Ok(Query { ops, values })
    }
}
