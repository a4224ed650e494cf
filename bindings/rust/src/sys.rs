//! Raw declarations of the C ABI (`include/sdy_c/*.h`): the types with
//! their C layout and every exported function, resolved at run time with
//! `dlsym` into [`Functions`].
//!
//! To bind a function added to the headers, add its line to the
//! `functions!` list below (`tools/abi/binding_lines.py --lang rust NAME`
//! prints it); the `abi_manifest` test names any function of the ABI
//! manifest that is missing.

#![allow(non_snake_case, missing_docs)]

use std::os::raw::{c_char, c_int, c_void};

macro_rules! opaque {
    ($($name:ident),* $(,)?) => {
        $(
            /// An opaque C handle type.
            #[repr(C)]
            pub struct $name {
                _private: [u8; 0],
            }
        )*
    };
}

opaque!(Status, Context, Mesh, Sharding, Module, Pipeline, Backend, Executable);
opaque!(Query);

/// `sdy_query_op_t`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct QueryOp {
    pub name: *const c_char,
    pub location: *const c_char,
    pub file: *const c_char,
    pub line: i64,
    pub column: i64,
    pub parent: i64,
    pub region: i64,
    pub depth: i64,
    pub operands: *const usize,
    pub num_operands: usize,
    pub results: *const usize,
    pub num_results: usize,
    pub num_regions: usize,
    pub origin_name: *const c_char,
}

/// `sdy_query_value_t`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct QueryValue {
    pub kind: i32,
    pub has_sharding: i32,
    pub op: i64,
    pub region: i64,
    pub block: i64,
    pub number: i64,
    pub type_: *const c_char,
    pub element_type: *const c_char,
    pub shape: *const i64,
    pub rank: i64,
    pub num_origins: usize,
}

/// `sdy_sharding_origin_t`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct ShardingOrigin {
    pub axis: *const c_char,
    pub origin: *const c_char,
    pub kind: i32,
    pub reserved: i32,
    pub index: i64,
    pub dim: i64,
}

/// `sdy_axis_ref_t`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct AxisRef {
    pub name: *const c_char,
    pub pre_size: i64,
    pub size: i64,
}

/// `sdy_dim_sharding_t`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct DimSharding {
    pub axes: *const AxisRef,
    pub num_axes: usize,
    pub priority: i64,
    pub is_closed: i32,
    pub reserved: i32,
}

/// `sdy_dtype_t` (DLPack's DLDataType).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Dtype {
    pub code: u8,
    pub bits: u8,
    pub lanes: u16,
}

/// `sdy_device_t` (DLPack's DLDevice).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct Device {
    pub device_type: i32,
    pub device_id: i32,
}

/// `sdy_tensor_t` (DLPack's DLTensor).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct Tensor {
    pub data: *mut c_void,
    pub device: Device,
    pub ndim: i32,
    pub dtype: Dtype,
    pub shape: *mut i64,
    pub strides: *mut i64,
    pub byte_offset: u64,
}

/// `sdy_run_options_t`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct RunOptions {
    pub struct_size: usize,
    pub timeout_ms: i64,
    pub collective_timeout_ms: i64,
    pub cancel: *const i32,
}

/// `sdy_executable_options_t`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct ExecutableOptions {
    pub struct_size: usize,
    pub exec_mode: i64,
}

/// `sdy_backend_error_t`.
#[repr(C)]
pub struct BackendError {
    pub code: i32,
    pub message: [c_char; 512],
}

type Ud = *mut c_void;
type Err = *mut BackendError;

/// `sdy_backend_table_t`: the device-backend table (backend.h).
#[repr(C)]
pub struct BackendTable {
    pub struct_size: usize,
    pub abi_version: u32,
    pub flags: u32,
    pub name: *const c_char,
    pub user_data: *mut c_void,
    pub destroy: Option<unsafe extern "C" fn(Ud)>,
    pub device_count: Option<unsafe extern "C" fn(Ud, *mut i32, Err) -> i32>,
    pub local_devices: Option<unsafe extern "C" fn(Ud, *mut i64, i32, *mut i32, Err) -> i32>,
    pub buffer_alloc: Option<unsafe extern "C" fn(Ud, i64, usize, *mut *mut c_void, Err) -> i32>,
    pub buffer_free: Option<unsafe extern "C" fn(Ud, i64, *mut c_void, Err) -> i32>,
    pub copy_to_device:
        Option<unsafe extern "C" fn(Ud, i64, *mut c_void, *const c_void, usize, Err) -> i32>,
    pub copy_to_host:
        Option<unsafe extern "C" fn(Ud, i64, *mut c_void, *const c_void, usize, Err) -> i32>,
    #[allow(clippy::type_complexity)]
    pub all_reduce: Option<
        unsafe extern "C" fn(Ud, i64, *const i64, i32, *const c_void, *mut c_void, usize, i32, i32, i64, Err) -> i32,
    >,
    pub all_gather: Option<
        unsafe extern "C" fn(Ud, i64, *const i64, i32, *const c_void, *mut c_void, usize, i64, Err) -> i32,
    >,
    pub all_to_all: Option<
        unsafe extern "C" fn(Ud, i64, *const i64, i32, *const c_void, *mut c_void, usize, i64, Err) -> i32,
    >,
    #[allow(clippy::type_complexity)]
    pub reduce_scatter: Option<
        unsafe extern "C" fn(Ud, i64, *const i64, i32, *const c_void, *mut c_void, usize, i32, i32, i64, Err) -> i32,
    >,
    pub collective_permute: Option<
        unsafe extern "C" fn(Ud, i64, *const i64, i32, *const c_void, *mut c_void, usize, i64, Err) -> i32,
    >,
    pub barrier: Option<unsafe extern "C" fn(Ud, i64, *const i64, i32, i64, Err) -> i32>,
}

/// MLIR's C API handles: one pointer, passed by value.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct MlirContext {
    pub ptr: *mut c_void,
}

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct MlirModule {
    pub ptr: *const c_void,
}

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct MlirAttribute {
    pub ptr: *const c_void,
}

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct MlirDialectHandle {
    pub ptr: *const c_void,
}

/// `length` bytes at `data`, not NUL-terminated.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct MlirStringRef {
    pub data: *const c_char,
    pub length: usize,
}

macro_rules! count {
    () => { 0usize };
    ($head:ident $($tail:ident)*) => { 1usize + count!($($tail)*) };
}

macro_rules! functions {
    ($(fn $name:ident($($arg:ident: $ty:ty),* $(,)?) $(-> $ret:ty)?;)*) => {
        /// Every function of the C ABI, resolved from the loaded library.
        pub struct Functions {
            $(pub $name: unsafe extern "C" fn($($ty),*) $(-> $ret)?,)*
        }

        /// The name and parameter count of every bound function.
        pub const BOUND: &[(&str, usize)] = &[$((stringify!($name), count!($($arg)*)),)*];

        impl Functions {
            /// Resolves every function in `handle` (from dlopen).
            ///
            /// # Safety
            /// `handle` must be a live dlopen handle of libsdy_c.
            pub(crate) unsafe fn load(handle: *mut c_void) -> Result<Functions, String> {
                Ok(Functions {
                    $($name: {
                        let p = symbol(handle, concat!(stringify!($name), "\0"))?;
                        std::mem::transmute::<*mut c_void, unsafe extern "C" fn($($ty),*) $(-> $ret)?>(p)
                    },)*
                })
            }
        }
    };
}

#[link(name = "dl")]
extern "C" {
    pub(crate) fn dlopen(filename: *const c_char, flags: c_int) -> *mut c_void;
    pub(crate) fn dlsym(handle: *mut c_void, symbol: *const c_char) -> *mut c_void;
    pub(crate) fn dlerror() -> *mut c_char;
    pub(crate) fn dlclose(handle: *mut c_void) -> c_int;
}

pub(crate) const RTLD_NOW: c_int = 2;

unsafe fn symbol(handle: *mut c_void, name: &str) -> Result<*mut c_void, String> {
    let p = dlsym(handle, name.as_ptr() as *const c_char);
    if p.is_null() {
        Err(format!("the library does not export {}", name.trim_end_matches('\0')))
    } else {
        Ok(p)
    }
}

functions! {
    fn sdy_status_code(status: *const Status) -> i32;
    fn sdy_status_message(status: *const Status) -> *const c_char;
    fn sdy_status_code_name(code: i32) -> *const c_char;
    fn sdy_status_destroy(status: *mut Status);
    fn sdy_string_destroy(string: *mut c_char);
    fn sdy_version() -> u32;
    fn sdy_version_string() -> *const c_char;
    fn sdy_version_is_compatible(header_version: u32) -> i32;
    fn sdy_context_create(out_context: *mut *mut Context) -> *mut Status;
    fn sdy_context_destroy(context: *mut Context);
    fn sdy_context_set_multithreading(context: *mut Context, enable: i32) -> *mut Status;
    fn sdy_mesh_create(context: *mut Context, axis_names: *const *const c_char, axis_sizes: *const i64, num_axes: usize, device_ids: *const i64, num_device_ids: usize, out_mesh: *mut *mut Mesh) -> *mut Status;
    fn sdy_mesh_parse(context: *mut Context, text: *const c_char, out_mesh: *mut *mut Mesh) -> *mut Status;
    fn sdy_mesh_destroy(mesh: *mut Mesh);
    fn sdy_mesh_print(mesh: *const Mesh, out_text: *mut *mut c_char) -> *mut Status;
    fn sdy_mesh_num_axes(mesh: *const Mesh, out_num_axes: *mut usize) -> *mut Status;
    fn sdy_mesh_axis(mesh: *const Mesh, index: usize, out_name: *mut *const c_char, out_size: *mut i64) -> *mut Status;
    fn sdy_mesh_num_devices(mesh: *const Mesh, out_num_devices: *mut i64) -> *mut Status;
    fn sdy_mesh_device_ids(mesh: *const Mesh, out_device_ids: *mut i64, capacity: usize) -> *mut Status;
    fn sdy_mesh_has_explicit_device_ids(mesh: *const Mesh, out_has_ids: *mut i32) -> *mut Status;
    fn sdy_mesh_device_coordinates(mesh: *const Mesh, device_id: i64, out_coords: *mut i64, num_coords: usize) -> *mut Status;
    fn sdy_mesh_device_at(mesh: *const Mesh, coords: *const i64, num_coords: usize, out_device_id: *mut i64) -> *mut Status;
    fn sdy_mesh_equal(a: *const Mesh, b: *const Mesh, out_equal: *mut i32) -> *mut Status;
    fn sdy_sharding_create(context: *mut Context, mesh: *const Mesh, mesh_name: *const c_char, dims: *const DimSharding, rank: usize, replicated_axes: *const AxisRef, num_replicated: usize, out_sharding: *mut *mut Sharding) -> *mut Status;
    fn sdy_sharding_parse(context: *mut Context, text: *const c_char, mesh: *const Mesh, out_sharding: *mut *mut Sharding) -> *mut Status;
    fn sdy_sharding_destroy(sharding: *mut Sharding);
    fn sdy_sharding_print(sharding: *const Sharding, out_text: *mut *mut c_char) -> *mut Status;
    fn sdy_sharding_get_mesh(sharding: *const Sharding, out_mesh: *mut *mut Mesh) -> *mut Status;
    fn sdy_sharding_mesh_name(sharding: *const Sharding, out_name: *mut *mut c_char) -> *mut Status;
    fn sdy_sharding_rank(sharding: *const Sharding, out_rank: *mut usize) -> *mut Status;
    fn sdy_sharding_dim(sharding: *const Sharding, dim: usize, out_num_axes: *mut usize, out_is_closed: *mut i32, out_priority: *mut i64) -> *mut Status;
    fn sdy_sharding_dim_axis(sharding: *const Sharding, dim: usize, index: usize, out_axis: *mut AxisRef) -> *mut Status;
    fn sdy_sharding_num_replicated(sharding: *const Sharding, out_count: *mut usize) -> *mut Status;
    fn sdy_sharding_replicated_axis(sharding: *const Sharding, index: usize, out_axis: *mut AxisRef) -> *mut Status;
    fn sdy_sharding_validate(sharding: *const Sharding, shape: *const i64, rank: usize) -> *mut Status;
    fn sdy_sharding_local_shape(sharding: *const Sharding, shape: *const i64, rank: usize, out_shape: *mut i64, capacity: usize) -> *mut Status;
    fn sdy_sharding_device_slice(sharding: *const Sharding, shape: *const i64, rank: usize, device_id: i64, out_starts: *mut i64, out_limits: *mut i64, capacity: usize) -> *mut Status;
    fn sdy_sharding_equal(a: *const Sharding, b: *const Sharding, out_equal: *mut i32) -> *mut Status;
    fn sdy_module_parse(context: *mut Context, text: *const c_char, source_name: *const c_char, out_module: *mut *mut Module) -> *mut Status;
    fn sdy_module_create_empty(context: *mut Context, out_module: *mut *mut Module) -> *mut Status;
    fn sdy_module_clone(module: *const Module, out_module: *mut *mut Module) -> *mut Status;
    fn sdy_module_destroy(module: *mut Module);
    fn sdy_module_verify(module: *const Module) -> *mut Status;
    fn sdy_module_print(module: *const Module, flags: u32, out_text: *mut *mut c_char) -> *mut Status;
    fn sdy_module_num_functions(module: *const Module, out_count: *mut usize) -> *mut Status;
    fn sdy_module_function_name(module: *const Module, index: usize, out_name: *mut *mut c_char) -> *mut Status;
    fn sdy_module_function_signature(module: *const Module, function: *const c_char, out_num_args: *mut usize, out_num_results: *mut usize) -> *mut Status;
    fn sdy_module_add_mesh(module: *mut Module, name: *const c_char, mesh: *const Mesh) -> *mut Status;
    fn sdy_module_num_meshes(module: *const Module, out_count: *mut usize) -> *mut Status;
    fn sdy_module_mesh_name(module: *const Module, index: usize, out_name: *mut *mut c_char) -> *mut Status;
    fn sdy_module_get_mesh(module: *const Module, name: *const c_char, out_mesh: *mut *mut Mesh) -> *mut Status;
    fn sdy_module_get_arg_sharding(module: *const Module, function: *const c_char, arg: usize, out_sharding: *mut *mut Sharding) -> *mut Status;
    fn sdy_module_get_result_sharding(module: *const Module, function: *const c_char, result: usize, out_sharding: *mut *mut Sharding) -> *mut Status;
    fn sdy_module_set_arg_sharding(module: *mut Module, function: *const c_char, arg: usize, sharding: *const Sharding) -> *mut Status;
    fn sdy_module_set_result_sharding(module: *mut Module, function: *const c_char, result: usize, sharding: *const Sharding) -> *mut Status;
    fn sdy_module_add_arg_sharding_constraint(module: *mut Module, function: *const c_char, arg: usize, sharding: *const Sharding) -> *mut Status;
    fn sdy_module_add_result_sharding_constraint(module: *mut Module, function: *const c_char, result: usize, sharding: *const Sharding) -> *mut Status;
    fn sdy_pipeline_create(context: *mut Context, pipeline: *const c_char, out_pipeline: *mut *mut Pipeline) -> *mut Status;
    fn sdy_pipeline_create_preset(context: *mut Context, name: *const c_char, out_pipeline: *mut *mut Pipeline) -> *mut Status;
    fn sdy_pipeline_create_preset_with_options(context: *mut Context, name: *const c_char, options: *const c_char, out_pipeline: *mut *mut Pipeline) -> *mut Status;
    fn sdy_pipeline_destroy(pipeline: *mut Pipeline);
    fn sdy_pipeline_print(pipeline: *const Pipeline, out_text: *mut *mut c_char) -> *mut Status;
    fn sdy_pipeline_enable_timing(pipeline: *mut Pipeline, enable: i32) -> *mut Status;
    fn sdy_pipeline_run(pipeline: *mut Pipeline, module: *mut Module) -> *mut Status;
    fn sdy_pipeline_timing_report(pipeline: *const Pipeline, out_report: *mut *mut c_char) -> *mut Status;
    fn sdy_backend_create_local(num_devices: i32, out_backend: *mut *mut Backend) -> *mut Status;
    fn sdy_backend_load(path: *const c_char, options: *const c_char, out_backend: *mut *mut Backend) -> *mut Status;
    fn sdy_backend_wrap(table: *const BackendTable, out_backend: *mut *mut Backend) -> *mut Status;
    fn sdy_backend_destroy(backend: *mut Backend);
    fn sdy_backend_device_count(backend: *const Backend, out_count: *mut i32) -> *mut Status;
    fn sdy_backend_local_devices(backend: *const Backend, out_ids: *mut i64, capacity: usize, out_count: *mut usize) -> *mut Status;
    fn sdy_executable_compile(module: *const Module, function: *const c_char, out_executable: *mut *mut Executable) -> *mut Status;
    fn sdy_executable_destroy(executable: *mut Executable);
    fn sdy_executable_num_devices(executable: *const Executable, out_num_devices: *mut i64) -> *mut Status;
    fn sdy_executable_num_args(executable: *const Executable, out_num_args: *mut usize) -> *mut Status;
    fn sdy_executable_num_results(executable: *const Executable, out_num_results: *mut usize) -> *mut Status;
    fn sdy_executable_arg_type(executable: *const Executable, index: usize, out_dtype: *mut Dtype, out_rank: *mut usize, out_shape: *mut i64, capacity: usize) -> *mut Status;
    fn sdy_executable_result_type(executable: *const Executable, index: usize, out_dtype: *mut Dtype, out_rank: *mut usize, out_shape: *mut i64, capacity: usize) -> *mut Status;
    fn sdy_executable_arg_num_shards(executable: *const Executable, index: usize, out_num_shards: *mut i64, capacity: usize) -> *mut Status;
    fn sdy_executable_result_num_shards(executable: *const Executable, index: usize, out_num_shards: *mut i64, capacity: usize) -> *mut Status;
    fn sdy_executable_arg_global_shape(executable: *const Executable, index: usize, out_shape: *mut i64, capacity: usize, out_exact: *mut i32) -> *mut Status;
    fn sdy_executable_result_global_shape(executable: *const Executable, index: usize, out_shape: *mut i64, capacity: usize, out_exact: *mut i32) -> *mut Status;
    fn sdy_module_collective_report(module: *const Module, options: *const c_char, out_report: *mut *mut c_char) -> *mut Status;
    fn sdy_executable_arg_device_slice(executable: *const Executable, index: usize, global_shape: *const i64, rank: usize, device: i64, out_starts: *mut i64, out_limits: *mut i64, capacity: usize) -> *mut Status;
    fn sdy_executable_run_local(executable: *const Executable, backend: *const Backend, args: *const Tensor, num_args: usize, results: *mut Tensor, num_results: usize) -> *mut Status;
    fn sdy_executable_run_global(executable: *const Executable, backend: *const Backend, global_args: *const Tensor, num_args: usize, global_results: *mut Tensor, num_results: usize) -> *mut Status;
    fn sdy_run_options_init(options: *mut RunOptions);
    fn sdy_executable_run_local_with_options(executable: *const Executable, backend: *const Backend, args: *const Tensor, num_args: usize, results: *mut Tensor, num_results: usize, options: *const RunOptions) -> *mut Status;
    fn sdy_executable_run_global_with_options(executable: *const Executable, backend: *const Backend, global_args: *const Tensor, num_args: usize, global_results: *mut Tensor, num_results: usize, options: *const RunOptions) -> *mut Status;
    fn sdy_sharding_layout_text(sharding: *const Sharding, shape: *const i64, rank: usize, flags: u32, out_text: *mut *mut c_char) -> *mut Status;
    fn sdy_sharding_layout_svg(sharding: *const Sharding, shape: *const i64, rank: usize, out_svg: *mut *mut c_char) -> *mut Status;
    fn sdy_module_html_report(module: *const Module, out_html: *mut *mut c_char) -> *mut Status;
    fn sdy_executable_options_init(options: *mut ExecutableOptions);
    fn sdy_executable_compile_with_options(module: *const Module, function: *const c_char, options: *const ExecutableOptions, out_executable: *mut *mut Executable) -> *mut Status;
    fn sdy_executable_compile_report(executable: *const Executable, out_report: *mut *mut c_char) -> *mut Status;
    fn sdy_context_get_mlir_context(context: *mut Context, out_context: *mut MlirContext) -> *mut Status;
    fn sdy_module_get_mlir_module(module: *mut Module, out_module: *mut MlirModule) -> *mut Status;
    fn sdy_module_wrap_mlir_module(context: *mut Context, mlir_module: MlirModule, out_module: *mut *mut Module) -> *mut Status;
    fn mlirGetDialectHandle__sdy__() -> MlirDialectHandle;
    fn mlirGetDialectHandle__stablehlo__() -> MlirDialectHandle;
    fn sdyAttributeIsAMeshAxisAttr(attr: MlirAttribute) -> bool;
    fn sdyMeshAxisAttrGet(ctx: MlirContext, name: MlirStringRef, size: i64) -> MlirAttribute;
    fn sdyMeshAxisAttrGetName(attr: MlirAttribute) -> MlirStringRef;
    fn sdyMeshAxisAttrGetSize(attr: MlirAttribute) -> i64;
    fn sdyAttributeIsAMeshAttr(attr: MlirAttribute) -> bool;
    fn sdyMeshAttrGet(ctx: MlirContext, nAxes: isize, axes: *const MlirAttribute, nDeviceIds: isize, deviceIds: *const i64) -> MlirAttribute;
    fn sdyMeshAttrGetDeviceIdsSize(attr: MlirAttribute) -> i64;
    fn sdyMeshAttrGetDeviceIdsElem(attr: MlirAttribute, pos: i64) -> i64;
    fn sdyMeshAttrGetAxesSize(attr: MlirAttribute) -> isize;
    fn sdyMeshAttrGetAxesElem(attr: MlirAttribute, pos: isize) -> MlirAttribute;
    fn sdyAttributeIsASubAxisInfoAttr(attr: MlirAttribute) -> bool;
    fn sdySubAxisInfoAttrGet(ctx: MlirContext, preSize: i64, size: i64) -> MlirAttribute;
    fn sdySubAxisInfoAttrGetPreSize(attr: MlirAttribute) -> i64;
    fn sdySubAxisInfoAttrGetSize(attr: MlirAttribute) -> i64;
    fn sdyAttributeIsAnAxisRefAttr(attr: MlirAttribute) -> bool;
    fn sdyAxisRefAttrGet(ctx: MlirContext, name: MlirStringRef, subAxisInfo: MlirAttribute) -> MlirAttribute;
    fn sdyAxisRefAttrGetName(attr: MlirAttribute) -> MlirStringRef;
    fn sdyAxisRefAttrGetSubAxisInfo(attr: MlirAttribute) -> MlirAttribute;
    fn sdyAttributeIsADimensionShardingAttr(attr: MlirAttribute) -> bool;
    fn sdyDimensionShardingAttrGet(ctx: MlirContext, nAxes: isize, axes: *const MlirAttribute, isClosed: bool, priority: i64) -> MlirAttribute;
    fn sdyDimensionShardingAttrGetAxesSize(attr: MlirAttribute) -> isize;
    fn sdyDimensionShardingAttrGetAxesElem(attr: MlirAttribute, pos: isize) -> MlirAttribute;
    fn sdyDimensionShardingAttrGetIsClosed(attr: MlirAttribute) -> bool;
    fn sdyDimensionShardingAttrGetPriority(attr: MlirAttribute) -> i64;
    fn sdyAttributeIsATensorShardingAttr(attr: MlirAttribute) -> bool;
    fn sdyTensorShardingAttrGet(ctx: MlirContext, meshOrRef: MlirAttribute, nDimShardings: isize, dimShardings: *const MlirAttribute, nReplicatedAxes: isize, replicatedAxes: *const MlirAttribute, nUnreducedAxes: isize, unreducedAxes: *const MlirAttribute) -> MlirAttribute;
    fn sdyTensorShardingAttrGetMeshOrRef(attr: MlirAttribute) -> MlirAttribute;
    fn sdyTensorShardingAttrGetDimShardingsSize(attr: MlirAttribute) -> isize;
    fn sdyTensorShardingAttrGetDimShardingsElem(attr: MlirAttribute, pos: isize) -> MlirAttribute;
    fn sdyTensorShardingAttrGetReplicatedAxesSize(attr: MlirAttribute) -> isize;
    fn sdyTensorShardingAttrGetReplicatedAxesElem(attr: MlirAttribute, pos: isize) -> MlirAttribute;
    fn sdyTensorShardingAttrGetUnreducedAxesSize(attr: MlirAttribute) -> isize;
    fn sdyTensorShardingAttrGetUnreducedAxesElem(attr: MlirAttribute, pos: isize) -> MlirAttribute;
    fn sdyAttributeIsATensorShardingPerValueAttr(attr: MlirAttribute) -> bool;
    fn sdyTensorShardingPerValueAttrGet(ctx: MlirContext, nShardings: isize, shardings: *const MlirAttribute) -> MlirAttribute;
    fn sdyTensorShardingPerValueAttrGetShardingsSize(attr: MlirAttribute) -> isize;
    fn sdyTensorShardingPerValueAttrGetShardingsElem(attr: MlirAttribute, pos: isize) -> MlirAttribute;
    fn sdyAttributeIsADimMappingAttr(attr: MlirAttribute) -> bool;
    fn sdyDimMappingAttrGet(ctx: MlirContext, nFactorIndices: isize, factorIndices: *const i64) -> MlirAttribute;
    fn sdyDimMappingAttrGetFactorIndicesSize(attr: MlirAttribute) -> isize;
    fn sdyDimMappingAttrGetFactorIndicesElem(attr: MlirAttribute, pos: isize) -> i64;
    fn sdyAttributeIsATensorMappingAttr(attr: MlirAttribute) -> bool;
    fn sdyTensorMappingAttrGet(ctx: MlirContext, nMappings: isize, mappings: *const MlirAttribute) -> MlirAttribute;
    fn sdyTensorMappingAttrGetRank(attr: MlirAttribute) -> isize;
    fn sdyTensorMappingAttrGetDimMappingsSize(attr: MlirAttribute) -> isize;
    fn sdyTensorMappingAttrGetDimMappingsElem(attr: MlirAttribute, pos: isize) -> MlirAttribute;
    fn sdyAttributeIsAOpShardingRuleAttr(attr: MlirAttribute) -> bool;
    fn sdyOpShardingRuleAttrGet(ctx: MlirContext, nFactorSizes: isize, factorSizes: *const i64, nOperandMappings: isize, operandMappings: *const MlirAttribute, nResultMappings: isize, resultMappings: *const MlirAttribute, nReductionFactors: isize, reductionFactors: *const i64, nNeedReplicationFactors: isize, needReplicationFactors: *const i64, nPermutationFactors: isize, permutationFactors: *const i64, nBlockedPropagationFactors: isize, blockedPropagationFactors: *const i64, isCustomRule: bool) -> MlirAttribute;
    fn sdyOpShardingRuleAttrGetIsCustom(attr: MlirAttribute) -> bool;
    fn sdyOpShardingRuleAttrGetFactorSizesSize(attr: MlirAttribute) -> isize;
    fn sdyOpShardingRuleAttrGetFactorSizesElem(attr: MlirAttribute, pos: isize) -> i64;
    fn sdyOpShardingRuleAttrGetOperandMappingsSize(attr: MlirAttribute) -> isize;
    fn sdyOpShardingRuleAttrGetOperandMappingsElem(attr: MlirAttribute, pos: isize) -> MlirAttribute;
    fn sdyOpShardingRuleAttrGetResultMappingsSize(attr: MlirAttribute) -> isize;
    fn sdyOpShardingRuleAttrGetResultMappingsElem(attr: MlirAttribute, pos: isize) -> MlirAttribute;
    fn sdyOpShardingRuleAttrGetReductionFactorsSize(attr: MlirAttribute) -> isize;
    fn sdyOpShardingRuleAttrGetReductionFactorsElem(attr: MlirAttribute, pos: isize) -> i64;
    fn sdyOpShardingRuleAttrGetNeedReplicationFactorsSize(attr: MlirAttribute) -> isize;
    fn sdyOpShardingRuleAttrGetNeedReplicationFactorsElem(attr: MlirAttribute, pos: isize) -> i64;
    fn sdyOpShardingRuleAttrGetPermutationFactorsSize(attr: MlirAttribute) -> isize;
    fn sdyOpShardingRuleAttrGetPermutationFactorsElem(attr: MlirAttribute, pos: isize) -> i64;
    fn sdyOpShardingRuleAttrGetBlockedPropagationFactorsSize(attr: MlirAttribute) -> isize;
    fn sdyOpShardingRuleAttrGetBlockedPropagationFactorsElem(attr: MlirAttribute, pos: isize) -> i64;
    fn sdyAttributeIsAManualAxesAttr(attr: MlirAttribute) -> bool;
    fn sdyManualAxesAttrGet(ctx: MlirContext, nAxes: isize, axes: *const MlirAttribute) -> MlirAttribute;
    fn sdyManualAxesAttrGetSize(attr: MlirAttribute) -> isize;
    fn sdyManualAxesAttrGetAxesElem(attr: MlirAttribute, pos: isize) -> MlirStringRef;
    fn sdyManualAxesAttrGetAxesSize(attr: MlirAttribute) -> isize;
    fn mlirRegisterAllSdyPassesAndPipelines();
    fn mlirRegisterAllXlaSdyPassesAndPipelines();
    fn sdy_query_create(module: *const Module, function: *const c_char, out_query: *mut *mut Query) -> *mut Status;
    fn sdy_query_destroy(query: *mut Query);
    fn sdy_query_num_ops(query: *const Query, out_count: *mut usize) -> *mut Status;
    fn sdy_query_op(query: *const Query, index: usize, out_op: *mut QueryOp) -> *mut Status;
    fn sdy_query_num_values(query: *const Query, out_count: *mut usize) -> *mut Status;
    fn sdy_query_value(query: *const Query, index: usize, out_value: *mut QueryValue) -> *mut Status;
    fn sdy_query_value_sharding(query: *const Query, index: usize, out_sharding: *mut *mut Sharding) -> *mut Status;
    fn sdy_query_value_origin(query: *const Query, value: usize, index: usize, out_origin: *mut ShardingOrigin) -> *mut Status;
    fn sdy_collective_compare(modules: *const *const Module, names: *const *const c_char, num_modules: usize, options: *const c_char, out_ranking: *mut *mut c_char) -> *mut Status;
}
