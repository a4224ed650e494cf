//! The safe API group by group, error paths included: meshes, shardings,
//! modules, pipelines, contexts, the library, executable introspection,
//! local runs and run options; and the docs' complete program.

use std::sync::atomic::AtomicI32;
use std::sync::Arc;

use sdy::{
    ArrayRef, AxisRef, Backend, Code, Context, DimSharding, Executable, GlobalShape, Library, Mesh, Module, Pipeline,
    PrintFlags, RunOptions, Sharding,
};

const PROGRAM: &str = include_str!("common/program_2x2.mlir");

fn lib() -> Arc<Library> {
    Library::open(None).expect("SDY_C_LIBRARY must name libsdy_c.so (the ctest sets it)")
}

fn compiled(ctx: &Context) -> Executable {
    let mut module = Module::parse(ctx, PROGRAM).unwrap();
    module.propagate(ctx).unwrap();
    module.partition(ctx).unwrap();
    Executable::compile(&module, None).unwrap()
}

#[test]
fn library_versions_and_code_names() {
    let lib = lib();
    assert!(lib.is_compatible(10000));
    assert!(!lib.is_compatible(20000));
    assert_eq!(lib.code_name(2), "SDY_PARSE_ERROR");
    assert_eq!(lib.code_name(10), "SDY_CANCELLED");
    assert_eq!(Code::from_raw(7), Code::DeadlineExceeded);
    assert_eq!(Code::from_raw(99), Code::Unknown(99));
}

#[test]
fn context_exposes_its_mlir_context() {
    let lib = lib();
    let ctx = Context::new(&lib).unwrap();
    assert!(!ctx.mlir_context().unwrap().ptr.is_null());
    ctx.set_multithreading(true).unwrap();
    let mut module = Module::parse(&ctx, PROGRAM).unwrap();
    assert!(!module.mlir_module().unwrap().ptr.is_null());
}

#[test]
fn mesh_coordinates_and_device_order() {
    let lib = lib();
    let ctx = Context::new(&lib).unwrap();
    let mesh = Mesh::with_device_ids(&ctx, &[("x", 2), ("y", 2)], &[3, 2, 1, 0]).unwrap();
    assert!(mesh.has_explicit_device_ids().unwrap());
    assert_eq!(mesh.device_ids().unwrap(), vec![3, 2, 1, 0]);
    assert_eq!(mesh.device_at(&[0, 1]).unwrap(), 2);
    assert_eq!(mesh.coordinates(0).unwrap(), vec![1, 1]);
    assert!(!Mesh::new(&ctx, &[("x", 4)]).unwrap().has_explicit_device_ids().unwrap());
    let err = mesh.device_at(&[2, 0]).unwrap_err();
    assert_eq!(err.code(), Code::InvalidArgument);
    assert!(err.message().contains("2"), "{}", err);
    let err = Mesh::with_device_ids(&ctx, &[("x", 2)], &[0, 0]).unwrap_err();
    assert_eq!(err.code(), Code::VerificationError, "{}", err);
}

#[test]
fn shardings_built_and_read_back() {
    let lib = lib();
    let ctx = Context::new(&lib).unwrap();
    let mesh = Mesh::new(&ctx, &[("x", 4), ("y", 2)]).unwrap();
    let dims = [
        DimSharding { axes: vec![AxisRef::sub("x", 1, 2)], is_closed: true, priority: None },
        DimSharding::open(&["y"]).with_priority(1),
    ];
    let s = Sharding::new(&ctx, &mesh, Some("mesh"), &dims, &[AxisRef::sub("x", 2, 2)]).unwrap();
    assert_eq!(s.to_string(), r#"#sdy.sharding<@mesh, [{"x":(1)2}, {"y", ?}p1], replicated={"x":(2)2}>"#);
    assert_eq!(s.dims().unwrap(), dims.to_vec());
    assert_eq!(s.replicated_axes().unwrap(), vec![AxisRef::sub("x", 2, 2)]);
    assert_eq!(s.mesh_name().unwrap().as_deref(), Some("mesh"));
    assert!(s.mesh().unwrap() == mesh);
    assert!(s == Sharding::parse(&ctx, &s.to_string(), Some(&mesh)).unwrap());
    // Devices 0..7 of a 4x2 mesh: device 3 has x = 1 (x:(1)2 = 0), y = 1.
    assert_eq!(s.device_slice(&[5, 6], 3).unwrap(), vec![0..3, 3..6]);
    s.validate(&[5, 6]).unwrap();
    let err = s.validate(&[5]).unwrap_err();
    assert_eq!(err.code(), Code::VerificationError);
    assert!(err.message().contains("rank"), "{}", err);
    let inline = Sharding::new(&ctx, &mesh, None, &[DimSharding::closed(&[])], &[]).unwrap();
    assert_eq!(inline.mesh_name().unwrap(), None);
    let err = Sharding::new(&ctx, &mesh, Some("mesh"), &[DimSharding::closed(&["z"])], &[]).unwrap_err();
    assert_eq!(err.code(), Code::VerificationError);
    assert!(err.message().contains("\"z\""), "{}", err);
}

#[test]
fn modules_edited_and_inspected() {
    let lib = lib();
    let ctx = Context::new(&lib).unwrap();
    let err = Module::parse_named(&ctx, "func.func @f(", "prog.mlir").unwrap_err();
    assert!(err.message().contains("prog.mlir:1:"), "{}", err);
    let mut empty = Module::empty(&ctx).unwrap();
    let mesh = Mesh::new(&ctx, &[("x", 2)]).unwrap();
    empty.add_mesh("m", &mesh).unwrap();
    assert_eq!(empty.mesh_names().unwrap(), vec!["m".to_string()]);
    assert!(empty.mesh("m").unwrap() == mesh);
    assert_eq!(empty.mesh("nope").unwrap_err().code(), Code::FailedPrecondition);
    empty.verify().unwrap();

    let mut module = Module::parse(&ctx, PROGRAM).unwrap();
    assert_eq!(module.function_signature("main").unwrap(), (2, 1));
    assert_eq!(module.function_signature("nope").unwrap_err().code(), Code::InvalidArgument);
    assert!(module.result_sharding("main", 0).unwrap().is_none());
    let mesh = module.mesh("mesh").unwrap();
    let rows = Sharding::new(&ctx, &mesh, Some("mesh"), &[DimSharding::closed(&["x"]), DimSharding::closed(&[])], &[])
        .unwrap();
    module.set_result_sharding("main", 0, Some(&rows)).unwrap();
    assert!(module.result_sharding("main", 0).unwrap().unwrap() == rows);
    module.set_result_sharding("main", 0, None).unwrap();
    assert!(module.result_sharding("main", 0).unwrap().is_none());
    assert!(module.set_arg_sharding("main", 5, Some(&rows)).is_err());
    let replicated =
        Sharding::new(&ctx, &mesh, Some("mesh"), &[DimSharding::closed(&[]), DimSharding::closed(&[])], &[]).unwrap();
    module.add_arg_sharding_constraint("main", 1, &replicated).unwrap();
    module.add_result_sharding_constraint("main", 0, &rows).unwrap();
    assert_eq!(module.text().unwrap().matches("sdy.sharding_constraint").count(), 2);
    let generic = module.text_with(PrintFlags { generic: true, debug_info: false }).unwrap();
    assert!(generic.contains("\"sdy.sharding_constraint\""), "{}", generic);
    assert!(module.text_with(PrintFlags { generic: false, debug_info: true }).unwrap().contains("loc("));
    module.verify().unwrap();
}

#[test]
fn pipelines_presets_and_timing() {
    let lib = lib();
    let ctx = Context::new(&lib).unwrap();
    let mut module = Module::parse(&ctx, PROGRAM).unwrap();
    let mut pipeline = Pipeline::preset(&ctx, "propagation", None).unwrap();
    assert_eq!(pipeline.timing_report().unwrap_err().code(), Code::FailedPrecondition);
    pipeline.enable_timing(true).unwrap();
    pipeline.run(&mut module).unwrap();
    assert!(!pipeline.timing_report().unwrap().is_empty());
    assert!(!pipeline.text().unwrap().is_empty());
    assert_eq!(Pipeline::preset(&ctx, "nope", None).unwrap_err().code(), Code::InvalidArgument);
}

#[test]
fn executable_introspection() {
    let lib = lib();
    let ctx = Context::new(&lib).unwrap();
    let exe = compiled(&ctx);
    assert_eq!(exe.num_devices().unwrap(), 4);
    assert_eq!(exe.arg_type(0).unwrap().1, vec![3, 2]);
    assert_eq!(exe.arg_num_shards(0).unwrap(), vec![2, 2]);
    assert_eq!(exe.arg_num_shards(1).unwrap(), vec![2, 1]);
    assert_eq!(exe.result_num_shards(0).unwrap(), vec![2, 1]);
    assert_eq!(exe.arg_global_shape(0).unwrap(), GlobalShape { shape: vec![6, 4], exact: true });
    assert_eq!(exe.result_global_shape(0).unwrap().shape, vec![6, 2]);
    // Device 3 is x = 1, y = 1: rows 3..6 and columns 2..4 of a.
    assert_eq!(exe.arg_device_slice(0, &[6, 4], 3).unwrap(), vec![3..6, 2..4]);
    assert_eq!(exe.arg_type(2).unwrap_err().code(), Code::InvalidArgument);
    assert_eq!(exe.arg_device_slice(0, &[7, 4], 0).unwrap_err().code(), Code::InvalidArgument);
    assert_eq!(exe.result_num_shards(1).unwrap_err().code(), Code::InvalidArgument);
}

#[test]
fn local_runs_take_per_device_arrays() {
    let lib = lib();
    let ctx = Context::new(&lib).unwrap();
    let exe = compiled(&ctx);
    let backend = Backend::local(&lib, 4).unwrap();
    // Device (x, y) holds a[3x:3x+3, 2y:2y+2] = all ones times (d + 1) and
    // b[2y:2y+2, :] = ones: its partial sum is 2 (d + 1); the all_reduce
    // over y adds the two devices of a row block.
    let a: Vec<Vec<f32>> = (0..4).map(|d| vec![(d + 1) as f32; 6]).collect();
    let b = vec![1f32; 4];
    let args: Vec<Vec<ArrayRef>> =
        a.iter().map(|a| vec![ArrayRef::new(a, &[3, 2]).unwrap(), ArrayRef::new(&b, &[2, 2]).unwrap()]).collect();
    let out = exe.run_local(&backend, &args).unwrap();
    let expected = [2.0 * (1.0 + 2.0), 2.0 * (1.0 + 2.0), 2.0 * (3.0 + 4.0), 2.0 * (3.0 + 4.0)];
    for (d, results) in out.iter().enumerate() {
        assert_eq!(results[0].shape, vec![3, 2]);
        assert_eq!(results[0].to_vec::<f32>().unwrap(), vec![expected[d] as f32; 6], "device {}", d);
    }
    // A result fed back as an argument (through Array::view).
    let again: Vec<Vec<ArrayRef>> = out.iter().map(|r| vec![r[0].view(), ArrayRef::new(&b, &[2, 2]).unwrap()]).collect();
    let twice = exe.run_local(&backend, &again).unwrap();
    for (d, results) in twice.iter().enumerate() {
        assert_eq!(results[0].to_vec::<f32>().unwrap(), vec![4.0 * expected[d] as f32; 6], "device {}", d);
    }
    // A wrong local shape is refused.
    let wrong: Vec<Vec<ArrayRef>> = (0..4).map(|_| vec![ArrayRef::new(&b, &[2, 2]).unwrap(), ArrayRef::new(&b, &[2, 2]).unwrap()]).collect();
    let err = exe.run_local(&backend, &wrong).unwrap_err();
    assert_eq!(err.code(), Code::InvalidArgument);
    assert!(err.message().contains("shape"), "{}", err);
    // The wrong number of arguments on one device; too few devices.
    let err = exe.run_local(&backend, &[vec![ArrayRef::new(&b, &[2, 2]).unwrap()]]).unwrap_err();
    assert_eq!(err.message(), "local device 0 has 1 arguments; the function takes 2");
    let err = exe.run_local(&backend, &args[..2]).unwrap_err();
    assert_eq!(err.code(), Code::InvalidArgument);
}

#[test]
fn run_options_cancel_and_validate() {
    let lib = lib();
    let ctx = Context::new(&lib).unwrap();
    let exe = compiled(&ctx);
    let backend = Backend::local(&lib, 4).unwrap();
    let (a, b) = (vec![1f32; 24], vec![1f32; 8]);
    let args = [ArrayRef::new(&a, &[6, 4]).unwrap(), ArrayRef::new(&b, &[4, 2]).unwrap()];
    let options = RunOptions { timeout_ms: 60000, ..RunOptions::default() };
    let y = exe.run_global_with(&backend, &args, Some(&options)).unwrap();
    assert_eq!(y[0].to_vec::<f32>().unwrap(), vec![4f32; 12]);
    let cancel = AtomicI32::new(1);
    let options = RunOptions { cancel: Some(&cancel), ..RunOptions::default() };
    let err = exe.run_global_with(&backend, &args, Some(&options)).unwrap_err();
    assert_eq!(err.code(), Code::Cancelled, "{}", err);
    let local: Vec<Vec<ArrayRef>> = (0..4).map(|_| vec![ArrayRef::new(&a[..6], &[3, 2]).unwrap(), ArrayRef::new(&b[..4], &[2, 2]).unwrap()]).collect();
    assert_eq!(exe.run_local_with(&backend, &local, Some(&options)).unwrap_err().code(), Code::Cancelled);
    let options = RunOptions { timeout_ms: -1, ..RunOptions::default() };
    let err = exe.run_global_with(&backend, &args, Some(&options)).unwrap_err();
    assert_eq!(err.code(), Code::InvalidArgument);
    assert!(err.message().contains("timeout_ms"), "{}", err);
}

/// docs/rust.md shows the examples verbatim (the ctests
/// `rust_example_*` run them).
#[test]
fn docs_show_the_example_programs() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let docs = std::fs::read_to_string(root.join("../../docs/rust.md")).unwrap();
    for example in ["quickstart", "pictures", "attributes"] {
        let program = std::fs::read_to_string(root.join(format!("examples/{}.rs", example))).unwrap();
        assert!(docs.contains(&format!("```rust\n{}```\n", program)), "docs/rust.md must hold examples/{}.rs", example);
    }
}
