//! Rust binding of libsdy_c, the C ABI of the sdy tensor-sharding engine.
//!
//! The library is loaded at run time with dlopen ([`Library::open`]: a
//! path, `SDY_C_LIBRARY`, or the usual search); nothing links against it.
//! Every object owns one C handle, released by `Drop`; every fallible call
//! returns [`Result`] whose [`Error`] carries the status code and message.
//! Thread safety follows the headers: meshes, shardings and executables
//! are `Send + Sync`; contexts, modules, pipelines and backends are `Send`
//! only (one thread at a time); the typed MLIR attributes ([`MeshAttr`],
//! [`TensorShardingAttr`], ...) are immutable, so `Send + Sync`, and live
//! as long as their context.
//!
//! ```no_run
//! use sdy::{ArrayRef, Backend, Context, Executable, Library, Module};
//! let lib = Library::open(None)?;
//! let ctx = Context::new(&lib)?;
//! let mut module = Module::parse(&ctx, "...")?;
//! module.partition(&ctx)?;
//! let exe = Executable::compile(&module, None)?;
//! let backend = Backend::local(&lib, exe.num_devices()? as i32)?;
//! let x = vec![1.0f32; 16];
//! let y = exe.run_global(&backend, &[ArrayRef::new(&x, &[4, 4]).unwrap()])?;
//! # Ok::<(), sdy::Error>(())
//! ```

#[macro_use]
mod handle;

mod backend;
mod collectives;
mod context;
mod dialect;
mod error;
mod executable;
pub mod json;
mod library;
mod mlir_api;
mod mesh;
mod module;
mod pipeline;
mod query;
mod sharding;
pub mod sys;
mod tensor;
mod visualize;

pub use backend::{backend_code, Backend, BackendFailure, BackendResult, DeviceBackend};
pub use collectives::{Collective, ReportOptions};
pub use context::Context;
pub use dialect::{
    dialect_handles, register_all_passes, Attribute, AxisRefAttr, DimensionShardingAttr, ManualAxesAttr, MeshAttr,
    MeshAxisAttr, MeshRef, OpShardingRule, OpShardingRuleAttr, SubAxisInfoAttr, TensorShardingAttr,
    TensorShardingPerValueAttr, TypedAttribute,
};
pub use error::{Code, Error, Result};
pub use executable::{Executable, GlobalShape, RunOptions};
pub use library::{Library, HEADER_VERSION};
pub use mesh::Mesh;
pub use module::{Module, PrintFlags};
pub use pipeline::Pipeline;
pub use query::{Op, Origin, OriginKind, Query, Value, ValueKind};
pub use sharding::{AxisRef, DimSharding, Sharding};
pub use tensor::{code, Array, ArrayRef, Element};
