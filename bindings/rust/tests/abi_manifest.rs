//! Every function of the ABI manifest is bound (with its number of
//! parameters), and the `sys` structs have the manifest's layouts.

mod common;

use std::mem::{size_of, MaybeUninit};

use common::json::{manifest, Json};
use sdy::sys;

#[test]
fn every_function_is_bound() {
    let m = manifest();
    let functions = m.get("functions").arr();
    assert!(functions.len() > 100);
    let mut missing = Vec::new();
    let mut wrong = Vec::new();
    for f in functions {
        let name = f.get("name").str();
        let params = f.get("params").arr().len();
        match sys::BOUND.iter().find(|(n, _)| *n == name) {
            None => missing.push(name.to_string()),
            Some((_, n)) if *n != params => wrong.push(format!("{}: {} parameters, bound with {}", name, params, n)),
            _ => {}
        }
    }
    assert!(missing.is_empty(), "not bound by the Rust binding: {}", missing.join(", "));
    assert!(wrong.is_empty(), "{}", wrong.join("; "));
    let stale: Vec<&str> = sys::BOUND
        .iter()
        .map(|(n, _)| *n)
        .filter(|n| !functions.iter().any(|f| f.get("name").str() == *n))
        .collect();
    assert!(stale.is_empty(), "bound but not in the manifest: {}", stale.join(", "));
}

macro_rules! layout {
    ($t:ty, $($field:ident),*) => {{
        let u = MaybeUninit::<$t>::uninit();
        let base = u.as_ptr() as usize;
        let offsets: Vec<(&str, usize)> = vec![$((stringify!($field),
            unsafe { std::ptr::addr_of!((*u.as_ptr()).$field) } as usize - base)),*];
        (size_of::<$t>(), offsets)
    }};
}

fn record<'a>(m: &'a Json, name: &str) -> &'a Json {
    m.get("records").arr().iter().find(|r| r.get("name").str() == name).unwrap_or_else(|| panic!("no record {}", name))
}

fn check(m: &Json, name: &str, (size, offsets): (usize, Vec<(&str, usize)>)) {
    let r = record(m, name);
    assert_eq!(size as i64, r.get("size").num(), "size of {}", name);
    let expected: Vec<(String, i64)> =
        r.get("fields").arr().iter().map(|f| (f.get("name").str().to_string(), f.get("offset").num())).collect();
    let actual: Vec<(String, i64)> = offsets.into_iter().map(|(n, o)| (n.to_string(), o as i64)).collect();
    assert_eq!(actual, expected, "fields of {}", name);
}

#[test]
fn struct_layouts() {
    let m = manifest();
    check(&m, "sdy_axis_ref", layout!(sys::AxisRef, name, pre_size, size));
    check(&m, "sdy_dim_sharding", layout!(sys::DimSharding, axes, num_axes, priority, is_closed, reserved));
    check(&m, "sdy_dtype", layout!(sys::Dtype, code, bits, lanes));
    check(&m, "sdy_device", layout!(sys::Device, device_type, device_id));
    check(&m, "sdy_tensor", layout!(sys::Tensor, data, device, ndim, dtype, shape, strides, byte_offset));
    check(&m, "sdy_run_options", layout!(sys::RunOptions, struct_size, timeout_ms, collective_timeout_ms, cancel));
    check(&m, "sdy_backend_error_t", layout!(sys::BackendError, code, message));
    check(&m, "sdy_backend_table_t", layout!(sys::BackendTable, struct_size, abi_version, flags, name, user_data,
        destroy, device_count, local_devices, buffer_alloc, buffer_free, copy_to_device, copy_to_host, all_reduce,
        all_gather, all_to_all, reduce_scatter, collective_permute, barrier));
    check(&m, "MlirAttribute", layout!(sys::MlirAttribute, ptr));
    check(&m, "MlirContext", layout!(sys::MlirContext, ptr));
    check(&m, "MlirModule", layout!(sys::MlirModule, ptr));
    check(&m, "MlirDialectHandle", layout!(sys::MlirDialectHandle, ptr));
    check(&m, "MlirStringRef", layout!(sys::MlirStringRef, data, length));
}

fn send_sync<T: Send + Sync>() {}
fn send<T: Send>() {}

#[test]
fn thread_safety_follows_the_headers() {
    // Compile-time: what each handle type implements.
    send_sync::<sdy::Mesh>();
    send_sync::<sdy::Sharding>();
    send_sync::<sdy::Executable>();
    send_sync::<sdy::Error>();
    send::<sdy::Context>();
    send::<sdy::Module>();
    send::<sdy::Pipeline>();
    send::<sdy::Backend>();
    send_sync::<sdy::Query>();
    let expected = [
        ("sdy_status_t", "shared"),
        ("sdy_mesh_t", "shared"),
        ("sdy_sharding_t", "shared"),
        ("sdy_executable_t", "shared"),
        ("sdy_context_t", "movable"),
        ("sdy_module_t", "movable"),
        ("sdy_pipeline_t", "movable"),
        ("sdy_backend_t", "movable"),
        ("sdy_query_t", "shared"),
    ];
    let m = manifest();
    let handles = m.get("handles").arr();
    assert_eq!(handles.len(), expected.len(), "a new handle type needs its Rust type");
    for h in handles {
        let name = h.get("name").str();
        let (_, safety) = expected.iter().find(|(n, _)| *n == name).unwrap_or_else(|| panic!("unknown handle {}", name));
        assert_eq!(h.get("thread_safety").str(), *safety, "{}", name);
    }
}
