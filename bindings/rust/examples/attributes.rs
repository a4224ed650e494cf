//! Build sdy attributes without parsing text, and read them back.
//!
//!   cargo run --example attributes [-- /path/to/libsdy_c.so]

use std::path::PathBuf;

use sdy::{AxisRefAttr, Context, DimensionShardingAttr, Library, MeshAttr, MeshAxisAttr, MeshRef, TensorShardingAttr};

fn main() -> Result<(), sdy::Error> {
    let path = std::env::args().nth(1).map(PathBuf::from);
    let lib = Library::open(path.as_deref())?;
    let ctx = Context::new(&lib)?;

    let mesh = MeshAttr::get(&ctx, &[MeshAxisAttr::get(&ctx, "a", 2)?, MeshAxisAttr::get(&ctx, "b", 4)?], &[])?;
    println!("{}", mesh);

    let a = AxisRefAttr::get(&ctx, "a", None)?;
    let rows = DimensionShardingAttr::get(&ctx, &[a], true, None)?;
    let cols = DimensionShardingAttr::get(&ctx, &[], false, Some(0))?;
    let sharding = TensorShardingAttr::get(&ctx, &MeshRef::Symbol("mesh".into()), &[rows, cols], &[], &[])?;
    println!("{}", sharding);

    // Every part reads back.
    assert_eq!(mesh.axes()[1].size(), 4);
    assert_eq!(sharding.dims()[0].axes()[0].name(), "a");
    assert_eq!(sharding.dims()[1].priority(), Some(0));
    println!("OK");
    Ok(())
}
