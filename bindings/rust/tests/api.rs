//! The safe API over the library named by SDY_C_LIBRARY: errors, meshes,
//! shardings, modules, pipelines, executables on the local backend and on
//! a backend written in Rust.

use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Barrier, Mutex};

use sdy::{
    backend_code, ArrayRef, Backend, BackendFailure, BackendResult, Code, Context, DeviceBackend, Executable,
    Library, Mesh, Module, Pipeline, Sharding,
};

fn lib() -> Arc<Library> {
    Library::open(None).expect("SDY_C_LIBRARY must name libsdy_c.so (the ctest sets it)")
}

const MATMUL: &str = r#"
sdy.mesh @mesh = <["x"=2]>
func.func @main(%a: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>},
                %b: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<4x4xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}
"#;

fn matmul(a: &[f32], b: &[f32], n: usize, k: usize, m: usize) -> Vec<f32> {
    let mut c = vec![0f32; n * m];
    for i in 0..n {
        for j in 0..m {
            c[i * m + j] = (0..k).map(|l| a[i * k + l] * b[l * m + j]).sum();
        }
    }
    c
}

#[test]
fn library_not_found_names_the_path() {
    let err = Library::open(Some(Path::new("/nonexistent/libsdy_c.so"))).err().unwrap();
    assert_eq!(err.code(), Code::LibraryNotFound);
    assert!(err.message().starts_with("cannot load libsdy_c (pass its path to Library::open or set SDY_C_LIBRARY)"));
    assert!(err.message().contains("/nonexistent/libsdy_c.so"), "{}", err);
}

#[test]
fn version() {
    let lib = lib();
    assert_eq!(lib.version() / 10000, 1);
    assert!(lib.version_string().starts_with("1."));
}

#[test]
fn errors_carry_code_and_message() {
    let lib = lib();
    let ctx = Context::new(&lib).unwrap();
    let err = Module::parse(&ctx, "func.func @f(").err().unwrap();
    assert_eq!(err.code(), Code::ParseError);
    assert_eq!(err.code_name(), "SDY_PARSE_ERROR");
    assert!(err.message().starts_with("sdy_module_parse: <input>:1:"), "{}", err.message());
    let err = Mesh::new(&ctx, &[("x", 2), ("x", 4)]).err().unwrap();
    assert_eq!(err.code(), Code::VerificationError);
    assert!(err.to_string().starts_with("SDY_VERIFICATION_ERROR: "), "{}", err);
    let err = Mesh::parse(&ctx, "a\0b").err().unwrap();
    assert_eq!((err.code(), err.message()), (Code::InvalidArgument, "the mesh text contains a NUL byte"));
}

#[test]
fn meshes_and_shardings() {
    let lib = lib();
    let ctx = Context::new(&lib).unwrap();
    let mesh = Mesh::new(&ctx, &[("x", 2), ("y", 4)]).unwrap();
    assert_eq!(mesh.to_string(), r#"<["x"=2, "y"=4]>"#);
    assert_eq!(mesh.axes().unwrap(), vec![("x".to_string(), 2), ("y".to_string(), 4)]);
    assert_eq!(mesh.num_devices().unwrap(), 8);
    assert_eq!(mesh.coordinates(5).unwrap(), vec![1, 1]);
    assert!(mesh == Mesh::parse(&ctx, r#"<["x"=2, "y"=4]>"#).unwrap());
    let s = Sharding::parse(&ctx, r#"#sdy.sharding<@mesh, [{"x"}, {"y"}]>"#, Some(&mesh)).unwrap();
    assert_eq!(s.rank().unwrap(), 2);
    assert_eq!(s.local_shape(&[7, 16]).unwrap(), vec![4, 4]);
    // Shardings are Send + Sync: used from another thread.
    let s = Arc::new(s);
    let s2 = s.clone();
    let text = std::thread::spawn(move || s2.to_string()).join().unwrap();
    assert_eq!(text, r#"#sdy.sharding<@mesh, [{"x"}, {"y"}]>"#);
}

#[test]
fn modules_and_pipelines() {
    let lib = lib();
    let ctx = Context::new(&lib).unwrap();
    let mut module = Module::parse(&ctx, MATMUL).unwrap();
    assert_eq!(module.function_names().unwrap(), vec!["main".to_string()]);
    let s = module.arg_sharding("main", 0).unwrap().unwrap();
    assert_eq!(s.to_string(), r#"#sdy.sharding<@mesh, [{}, {"x"}]>"#);
    assert!(module.arg_sharding("main", 7).is_err());
    let err = Pipeline::new(&ctx, "no-such-pass").err().unwrap();
    assert_eq!(err.code(), Code::ParseError);
    let err = Pipeline::preset(&ctx, "propagation", Some("propagation-strategy=fast")).err().unwrap();
    assert!(err.message().contains("'fast' is not one of basic, aggressive, basic-then-aggressive"), "{}", err);
    module.propagate(&ctx).unwrap();
    module.partition(&ctx).unwrap();
    assert!(module.to_string().contains("stablehlo.all_reduce"), "{}", module);
}

#[test]
fn run_on_the_local_backend() {
    let lib = lib();
    let ctx = Context::new(&lib).unwrap();
    let mut module = Module::parse(&ctx, MATMUL).unwrap();
    module.partition(&ctx).unwrap();
    let exe = Executable::compile(&module, None).unwrap();
    assert_eq!((exe.num_devices().unwrap(), exe.num_args().unwrap(), exe.num_results().unwrap()), (2, 2, 1));
    assert_eq!(exe.arg_type(0).unwrap().1, vec![4, 4]);
    let a: Vec<f32> = (0..32).map(|i| i as f32).collect();
    let b: Vec<f32> = (0..32).map(|i| (i % 5) as f32).collect();
    let backend = Backend::local(&lib, 2).unwrap();
    assert_eq!(backend.local_devices().unwrap(), vec![0, 1]);
    let y = exe
        .run_global(&backend, &[ArrayRef::new(&a, &[4, 8]).unwrap(), ArrayRef::new(&b, &[8, 4]).unwrap()])
        .unwrap();
    assert_eq!(y[0].shape, vec![4, 4]);
    assert_eq!(y[0].to_vec::<f32>().unwrap(), matmul(&a, &b, 4, 8, 4));
    assert!(y[0].to_vec::<i32>().is_none());
    // A wrong shape is refused with the argument named.
    let err = exe.run_global(&backend, &[ArrayRef::new(&a, &[8, 4]).unwrap(), ArrayRef::new(&b, &[8, 4]).unwrap()]);
    assert_eq!(err.err().unwrap().code(), Code::InvalidArgument);
    // A backend of another device count.
    let one = Backend::local(&lib, 1).unwrap();
    let x = [ArrayRef::new(&a, &[4, 8]).unwrap(), ArrayRef::new(&b, &[8, 4]).unwrap()];
    assert_eq!(exe.run_global(&one, &x).err().unwrap().code(), Code::InvalidArgument);
}

/// Two devices as threads; collectives over every device: all_gather and
/// barrier only (the runtime reduces on the host when all_reduce is
/// unsupported).
struct GatherOnly {
    barrier: Barrier,
    slots: Mutex<Vec<Vec<u8>>>,
    gathers: AtomicUsize,
}

impl GatherOnly {
    fn unsupported(what: &str) -> BackendResult {
        Err(BackendFailure { code: backend_code::UNSUPPORTED, message: format!("{} is not provided", what) })
    }
}

impl DeviceBackend for GatherOnly {
    fn name(&self) -> &str {
        "rust-gather-only"
    }
    fn device_count(&self) -> i32 {
        2
    }
    fn all_reduce(&self, _: i64, _: &[i64], _: &[u8], _: &mut [u8], _: usize, _: i32, _: i32, _: i64) -> BackendResult {
        GatherOnly::unsupported("all_reduce")
    }
    fn all_gather(&self, device: i64, group: &[i64], send: &[u8], recv: &mut [u8], _: i64) -> BackendResult {
        if group.len() != 2 {
            return GatherOnly::unsupported("a group of one device");
        }
        self.gathers.fetch_add(1, Ordering::SeqCst);
        let pos = group.iter().position(|d| *d == device).unwrap();
        {
            let mut slots = self.slots.lock().unwrap();
            slots[pos] = send.to_vec();
        }
        self.barrier.wait();
        {
            let slots = self.slots.lock().unwrap();
            for (i, s) in slots.iter().enumerate() {
                recv[i * send.len()..(i + 1) * send.len()].copy_from_slice(s);
            }
        }
        self.barrier.wait();
        Ok(())
    }
    fn all_to_all(&self, _: i64, _: &[i64], _: &[u8], _: &mut [u8], _: usize, _: i64) -> BackendResult {
        GatherOnly::unsupported("all_to_all")
    }
    fn reduce_scatter(&self, _: i64, _: &[i64], _: &[u8], _: &mut [u8], _: usize, _: i32, _: i32, _: i64) -> BackendResult {
        GatherOnly::unsupported("reduce_scatter")
    }
    fn collective_permute(&self, _: i64, _: &[(i64, i64)], _: &[u8], _: &mut [u8], _: i64) -> BackendResult {
        GatherOnly::unsupported("collective_permute")
    }
    fn barrier(&self, _: i64, _: &[i64], _: i64) -> BackendResult {
        self.barrier.wait();
        Ok(())
    }
}

#[test]
fn run_on_a_backend_written_in_rust() {
    let lib = lib();
    let ctx = Context::new(&lib).unwrap();
    let mut module = Module::parse(&ctx, MATMUL).unwrap();
    module.partition(&ctx).unwrap();
    let exe = Executable::compile(&module, None).unwrap();
    let imp = Arc::new(GatherOnly { barrier: Barrier::new(2), slots: Mutex::new(vec![vec![]; 2]), gathers: AtomicUsize::new(0) });
    let backend = Backend::from_impl(&lib, Box::new(imp.clone())).unwrap();
    assert_eq!(backend.device_count().unwrap(), 2);
    assert_eq!(backend.local_devices().unwrap(), vec![0, 1]);
    let a: Vec<f32> = (0..32).map(|i| (i % 7) as f32).collect();
    let b: Vec<f32> = (0..32).map(|i| (i % 3) as f32).collect();
    let y = exe
        .run_global(&backend, &[ArrayRef::new(&a, &[4, 8]).unwrap(), ArrayRef::new(&b, &[8, 4]).unwrap()])
        .unwrap();
    assert_eq!(y[0].to_vec::<f32>().unwrap(), matmul(&a, &b, 4, 8, 4));
    assert!(imp.gathers.load(Ordering::SeqCst) >= 2, "the all_reduce went through the Rust all_gather");
}
