//! Draw a sharding, then partition a matmul and read its communication
//! report.
//!
//!   cargo run --example pictures [-- /path/to/libsdy_c.so]

use std::path::PathBuf;

use sdy::{Context, Library, Mesh, Module, ReportOptions, Sharding};

// x · w with the contracting dimension split over "m": the partitioner
// inserts an all_reduce of the 8x32 f32 result.
const PROGRAM: &str = r#"sdy.mesh @mesh = <["m"=4]>
func.func @main(%x: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"m"}]>},
                %w: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"m"}, {}]>}) -> tensor<8x32xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
  return %0 : tensor<8x32xf32>
}"#;

fn main() -> Result<(), sdy::Error> {
    let path = std::env::args().nth(1).map(PathBuf::from);
    let lib = Library::open(path.as_deref())?;
    let ctx = Context::new(&lib)?;

    // Which device holds which tile of a 4x6 tensor.
    let mesh = Mesh::new(&ctx, &[("x", 2), ("y", 2)])?;
    let sharding = Sharding::parse(&ctx, r#"#sdy.sharding<@mesh, [{"x"}, {"y"}]>"#, Some(&mesh))?;
    println!("{}", sharding.layout_text(&[4, 6], true)?);
    let svg = sharding.layout_svg(&[4, 6])?;
    assert_eq!(svg.matches("<g class=\"tile\"").count(), 4);

    // The collectives of the partitioned program and their bytes.
    let mut module = Module::parse(&ctx, PROGRAM)?;
    module.partition(&ctx)?;
    for c in module.collectives(&ReportOptions::default())? {
        println!("{} over {:?}: {} bytes sent by device 0", c.kind, c.axes, c.sent[0]);
    }
    let html = module.html_report()?;
    assert!(html.starts_with("<!DOCTYPE html>"));
    println!("OK");
    Ok(())
}
