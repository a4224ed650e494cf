//! Load libsdy_c, build a mesh and shardings, propagate, partition, and
//! run on 4 local devices with global arrays and with per-device arrays.
//!
//!   cargo run --example quickstart [-- /path/to/libsdy_c.so]

use std::ops::Range;
use std::path::PathBuf;

use sdy::{ArrayRef, Backend, Code, Context, DimSharding, Executable, Library, Mesh, Module, Sharding};

// y = x · w, without shardings: they are attached below.
const PROGRAM: &str = r#"
func.func @main(%x: tensor<8x4xf32>, %w: tensor<4x6xf32>) -> tensor<8x6xf32> {
  %y = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<8x4xf32>, tensor<4x6xf32>) -> tensor<8x6xf32>
  return %y : tensor<8x6xf32>
}"#;

/// The block `rows` x `cols` of a row-major matrix with `width` columns.
fn block(data: &[f32], width: i64, rows: &Range<i64>, cols: &Range<i64>) -> Vec<f32> {
    rows.clone().flat_map(|r| cols.clone().map(move |c| data[(r * width + c) as usize])).collect()
}

fn main() -> Result<(), sdy::Error> {
    // The path given, else SDY_C_LIBRARY, else the usual search.
    let path = std::env::args().nth(1).map(PathBuf::from);
    let lib = Library::open(path.as_deref())?;
    let ctx = Context::new(&lib)?;

    // A 2x2 mesh: x split by rows over "data", w along the contracted
    // dimension over "model" (the partitioner inserts an all_reduce).
    let mesh = Mesh::new(&ctx, &[("data", 2), ("model", 2)])?;
    let mut module = Module::parse(&ctx, PROGRAM)?;
    module.add_mesh("mesh", &mesh)?;
    let x_sharding = Sharding::new(&ctx, &mesh, Some("mesh"), &[DimSharding::closed(&["data"]), DimSharding::open(&[])], &[])?;
    let w_sharding = Sharding::new(&ctx, &mesh, Some("mesh"), &[DimSharding::closed(&["model"]), DimSharding::closed(&[])], &[])?;
    module.set_arg_sharding("main", 0, Some(&x_sharding))?;
    module.set_arg_sharding("main", 1, Some(&w_sharding))?;

    module.propagate(&ctx)?;
    let y_sharding = module.result_sharding("main", 0)?.expect("propagation shards the result");
    println!("y: {}", y_sharding);
    module.partition(&ctx)?;
    let exe = Executable::compile(&module, None)?;
    let backend = Backend::local(&lib, exe.num_devices()? as i32)?;

    // Global arrays: the library scatters the arguments and gathers y.
    let x: Vec<f32> = (0..32).map(|i| i as f32).collect();
    let w: Vec<f32> = (0..24).map(|i| (i % 5) as f32 - 2.0).collect();
    let global = [ArrayRef::new(&x, &[8, 4]).unwrap(), ArrayRef::new(&w, &[4, 6]).unwrap()];
    let y = exe.run_global(&backend, &global)?[0].to_vec::<f32>().unwrap();
    let expected: Vec<f32> = (0..48).map(|i| (0..4).map(|k| x[i / 6 * 4 + k] * w[k * 6 + i % 6]).sum()).collect();
    assert_eq!(y, expected);

    // Per-device arrays: each device gets the slices a global run would
    // give it, in the order of the backend's local devices.
    let devices = backend.local_devices()?;
    let mut inputs: Vec<Vec<(Vec<f32>, Vec<i64>)>> = Vec::new();
    for &d in &devices {
        let mut device_args = Vec::new();
        for (i, (data, shape)) in [(&x, [8, 4]), (&w, [4, 6])].iter().enumerate() {
            let slice = exe.arg_device_slice(i, shape, d)?;
            let local_shape = slice.iter().map(|r| r.end - r.start).collect();
            device_args.push((block(data, shape[1], &slice[0], &slice[1]), local_shape));
        }
        inputs.push(device_args);
    }
    let local_args: Vec<Vec<ArrayRef>> =
        inputs.iter().map(|v| v.iter().map(|(data, shape)| ArrayRef::new(data, shape).unwrap()).collect()).collect();
    let per_device = exe.run_local(&backend, &local_args)?;
    for (d, results) in devices.iter().zip(&per_device) {
        // Device d holds the rows of y its sharding gives it.
        let rows = y_sharding.device_slice(&[8, 6], *d)?;
        assert_eq!(results[0].to_vec::<f32>().unwrap(), block(&expected, 6, &rows[0], &rows[1]));
    }

    // Errors carry a code and the library's message.
    let err = exe.run_global(&backend, &global[..1]).unwrap_err();
    assert_eq!(err.code(), Code::InvalidArgument);
    println!("expected error: {}", err);

    println!("ran on {} devices; OK", devices.len());
    Ok(())
}
