//! The query API: ops, values, shardings and origins of a propagated
//! function, and the layouts of its structs.

mod common;

use std::mem::{size_of, MaybeUninit};

use common::json::manifest;
use sdy::{sys, Code, Context, Library, Module, OriginKind, Pipeline, Query, ValueKind};

const PROGRAM: &str = r#"sdy.mesh @mesh = <["x"=2, "y"=4]>
func.func @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg1: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) -> tensor<8x32xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
  %1 = stablehlo.negate %0 : tensor<8x32xf32>
  return %1 : tensor<8x32xf32>
}
"#;

fn propagated(ctx: &Context) -> Module {
    let mut module = Module::parse(ctx, PROGRAM).unwrap();
    Pipeline::preset(ctx, "propagation", Some("debug-sharding-origins=true")).unwrap().run(&mut module).unwrap();
    module
}

#[test]
fn ops_values_shardings_origins() {
    let lib = Library::open(None).expect("SDY_C_LIBRARY must name libsdy_c.so (the ctest sets it)");
    let ctx = Context::new(&lib).unwrap();
    let module = propagated(&ctx);
    let q = Query::new(&module, "main").unwrap();
    drop(module); // the snapshot keeps its copy
    let names: Vec<&str> = q.ops.iter().map(|op| op.name.as_str()).collect();
    assert_eq!(names, ["stablehlo.dot_general", "stablehlo.negate", "func.return"]);
    assert_eq!(q.ops[0].location, "<input>:3:8");
    assert_eq!((q.ops[0].line, q.ops[0].column, q.ops[0].parent, q.ops[0].depth), (3, 8, -1, 0));
    assert_eq!(q.ops[0].operands, [0, 1]);
    assert_eq!(q.ops[0].results, [2]);
    assert_eq!(q.ops[2].operands, [3]);
    let kinds: Vec<ValueKind> = q.values.iter().map(|v| v.kind).collect();
    assert_eq!(
        kinds,
        [ValueKind::Argument, ValueKind::Argument, ValueKind::OpResult, ValueKind::OpResult, ValueKind::FunctionResult]
    );
    let shardings: Vec<String> = q.values.iter().map(|v| v.sharding.as_ref().unwrap().text().unwrap()).collect();
    let x_y = r#"#sdy.sharding<@mesh, [{"x"}, {"y"}]>"#;
    assert_eq!(
        shardings,
        [r#"#sdy.sharding<@mesh, [{"x"}, {}]>"#, r#"#sdy.sharding<@mesh, [{}, {"y"}]>"#, x_y, x_y, x_y]
    );
    assert_eq!(q.values[1].type_, "tensor<16x32xf32>");
    assert_eq!(q.values[1].element_type, "f32");
    assert_eq!(q.values[1].shape, Some(vec![16, 32]));
    let origins: Vec<(&str, &str, OriginKind, i64, i64)> =
        q.values[2].origins.iter().map(|o| (o.axis.as_str(), o.origin.as_str(), o.kind, o.index, o.dim)).collect();
    assert_eq!(origins, [("x", "input: 0", OriginKind::Input, 0, 0), ("y", "input: 1", OriginKind::Input, 1, 1)]);
}

#[test]
fn unknown_function() {
    let lib = Library::open(None).unwrap();
    let ctx = Context::new(&lib).unwrap();
    let module = propagated(&ctx);
    let err = Query::new(&module, "nope").err().unwrap();
    assert_eq!(err.code(), Code::InvalidArgument);
    assert!(err.message().contains("sdy_query_create: the module has no function @nope"), "{}", err.message());
}

macro_rules! offset {
    ($t:ty, $field:ident) => {{
        let u = MaybeUninit::<$t>::uninit();
        unsafe { std::ptr::addr_of!((*u.as_ptr()).$field) as usize - u.as_ptr() as usize }
    }};
}

#[test]
fn struct_layouts() {
    let m = manifest();
    let layouts: [(&str, usize, Vec<usize>); 3] = [
        (
            "sdy_query_op",
            size_of::<sys::QueryOp>(),
            vec![
                offset!(sys::QueryOp, name),
                offset!(sys::QueryOp, location),
                offset!(sys::QueryOp, file),
                offset!(sys::QueryOp, line),
                offset!(sys::QueryOp, column),
                offset!(sys::QueryOp, parent),
                offset!(sys::QueryOp, region),
                offset!(sys::QueryOp, depth),
                offset!(sys::QueryOp, operands),
                offset!(sys::QueryOp, num_operands),
                offset!(sys::QueryOp, results),
                offset!(sys::QueryOp, num_results),
                offset!(sys::QueryOp, num_regions),
                offset!(sys::QueryOp, origin_name),
            ],
        ),
        (
            "sdy_query_value",
            size_of::<sys::QueryValue>(),
            vec![
                offset!(sys::QueryValue, kind),
                offset!(sys::QueryValue, has_sharding),
                offset!(sys::QueryValue, op),
                offset!(sys::QueryValue, region),
                offset!(sys::QueryValue, block),
                offset!(sys::QueryValue, number),
                offset!(sys::QueryValue, type_),
                offset!(sys::QueryValue, element_type),
                offset!(sys::QueryValue, shape),
                offset!(sys::QueryValue, rank),
                offset!(sys::QueryValue, num_origins),
            ],
        ),
        (
            "sdy_sharding_origin",
            size_of::<sys::ShardingOrigin>(),
            vec![
                offset!(sys::ShardingOrigin, axis),
                offset!(sys::ShardingOrigin, origin),
                offset!(sys::ShardingOrigin, kind),
                offset!(sys::ShardingOrigin, reserved),
                offset!(sys::ShardingOrigin, index),
                offset!(sys::ShardingOrigin, dim),
            ],
        ),
    ];
    for (name, size, offsets) in layouts {
        let r = m.get("records").arr().iter().find(|r| r.get("name").str() == name).unwrap();
        assert_eq!(size as i64, r.get("size").num(), "size of {}", name);
        let expected: Vec<i64> = r.get("fields").arr().iter().map(|f| f.get("offset").num()).collect();
        let actual: Vec<i64> = offsets.into_iter().map(|o| o as i64).collect();
        assert_eq!(actual, expected, "fields of {}", name);
    }
}
