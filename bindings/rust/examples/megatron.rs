//! The Megatron-style MLP of examples/ir/propagate/megatron_mlp.mlir from
//! Rust: batch over "data", W1 column-parallel and W2 row-parallel over
//! "model" on a 2x4 mesh; propagate, partition, run on 8 local devices,
//! check against a reference computed here.
//!
//!   cargo run --example megatron [-- /path/to/libsdy_c.so]

use std::path::PathBuf;
use std::time::Instant;

use sdy::{ArrayRef, Backend, Context, Executable, Library, Module};

// The MLP of the IR examples (with a ReLU between the two matmuls).
const MLP: &str = include_str!("../../../examples/ir/propagate/megatron_mlp.mlir");

fn matmul(a: &[f32], b: &[f32], n: usize, k: usize, m: usize) -> Vec<f32> {
    let mut c = vec![0f32; n * m];
    for i in 0..n {
        for l in 0..k {
            for j in 0..m {
                c[i * m + j] += a[i * k + l] * b[l * m + j];
            }
        }
    }
    c
}

fn values(n: usize, seed: u32) -> Vec<f32> {
    (0..n).map(|i| (((i as u32).wrapping_mul(2654435761).wrapping_add(seed) >> 16) % 17) as f32 / 8.0 - 1.0).collect()
}

fn main() -> Result<(), sdy::Error> {
    let path = std::env::args().nth(1).map(PathBuf::from);
    let lib = Library::open(path.as_deref())?;
    println!("libsdy_c {} from {}", lib.version_string(), lib.path());
    let ctx = Context::new(&lib)?;
    let mut module = Module::parse(&ctx, MLP)?;
    module.propagate(&ctx)?;
    module.partition(&ctx)?;
    let text = module.to_string();
    println!("collectives: {} all_reduce", text.matches("stablehlo.all_reduce").count());
    let exe = Executable::compile(&module, Some("mlp"))?;
    let devices = exe.num_devices()?;
    let backend = Backend::local(&lib, devices as i32)?;
    let (x, w1, w2) = (values(16 * 64, 1), values(64 * 256, 2), values(256 * 64, 3));
    let args = [
        ArrayRef::new(&x, &[16, 64]).unwrap(),
        ArrayRef::new(&w1, &[64, 256]).unwrap(),
        ArrayRef::new(&w2, &[256, 64]).unwrap(),
    ];
    let start = Instant::now();
    let y = exe.run_global(&backend, &args)?;
    let elapsed = start.elapsed();
    let y = y[0].to_vec::<f32>().expect("f32 result");
    let h: Vec<f32> = matmul(&x, &w1, 16, 64, 256).into_iter().map(|v| v.max(0.0)).collect();
    let reference = matmul(&h, &w2, 16, 256, 64);
    let max_err = y.iter().zip(&reference).map(|(a, b)| (a - b).abs()).fold(0f32, f32::max);
    println!("ran on {} devices in {:.3} ms; max |error| vs reference: {:e}", devices,
             elapsed.as_secs_f64() * 1e3, max_err);
    if max_err > 1e-3 {
        eprintln!("mismatch with the reference");
        std::process::exit(1);
    }
    println!("OK");
    Ok(())
}
