//! The typed attributes of dialect.h: each is built, every field read
//! back, and its printed form is what sdy prints for it (the text parses
//! back to the same attribute).

use sdy::{
    Attribute, AxisRefAttr, Code, Context, DimensionShardingAttr, Library, ManualAxesAttr, MeshAttr, MeshAxisAttr,
    MeshRef, OpShardingRule, OpShardingRuleAttr, SubAxisInfoAttr, TensorShardingAttr, TensorShardingPerValueAttr,
    TypedAttribute,
};

fn context() -> Context {
    let lib = Library::open(None).expect("SDY_C_LIBRARY must name libsdy_c.so (the ctest sets it)");
    Context::new(&lib).unwrap()
}

/// `attr` prints as `text`, and `text` parses to `attr`.
fn prints_as<'c, T: TypedAttribute<'c>>(ctx: &'c Context, attr: &T, text: &str) {
    let a = attr.attribute();
    assert_eq!(a.text(), text);
    let parsed = Attribute::parse(ctx, text).unwrap();
    assert_eq!(parsed, a, "{} parses to another attribute", text);
    assert!(parsed.cast::<T>().is_some());
}

#[test]
fn mesh() {
    let ctx = context();
    let a = MeshAxisAttr::get(&ctx, "a", 2).unwrap();
    let b = MeshAxisAttr::get(&ctx, "b", 4).unwrap();
    assert_eq!((a.name().as_str(), a.size()), ("a", 2));
    let mesh = MeshAttr::get(&ctx, &[a, b], &[]).unwrap();
    assert_eq!(mesh.axes(), [a, b]);
    assert_eq!(mesh.axes()[1].name(), "b");
    assert!(mesh.device_ids().is_empty());
    prints_as(&ctx, &mesh, r#"#sdy.mesh<["a"=2, "b"=4]>"#);
    let ids: Vec<i64> = (0..8).rev().collect();
    let reordered = MeshAttr::get(&ctx, &[a, b], &ids).unwrap();
    assert_eq!(reordered.device_ids(), ids);
    prints_as(&ctx, &reordered, r#"#sdy.mesh<["a"=2, "b"=4], device_ids=[7, 6, 5, 4, 3, 2, 1, 0]>"#);
    // The typed views check the kind.
    assert!(mesh.attribute().cast::<MeshAxisAttr>().is_none());
    assert!(a.attribute().cast::<MeshAttr>().is_none());
}

#[test]
fn shardings() {
    let ctx = context();
    let sub = SubAxisInfoAttr::get(&ctx, 1, 2).unwrap();
    assert_eq!((sub.pre_size(), sub.size()), (1, 2));
    let x = AxisRefAttr::get(&ctx, "x", None).unwrap();
    let y_sub = AxisRefAttr::get(&ctx, "y", Some(sub)).unwrap();
    assert_eq!((x.name().as_str(), x.sub_axis()), ("x", None));
    assert_eq!(y_sub.sub_axis(), Some(sub));
    let d0 = DimensionShardingAttr::get(&ctx, &[x, y_sub], true, None).unwrap();
    let d1 = DimensionShardingAttr::get(&ctx, &[], false, Some(1)).unwrap();
    assert_eq!((d0.axes(), d0.is_closed(), d0.priority()), (vec![x, y_sub], true, None));
    assert_eq!((d1.axes(), d1.is_closed(), d1.priority()), (vec![], false, Some(1)));
    let z = AxisRefAttr::get(&ctx, "z", None).unwrap();
    let w = AxisRefAttr::get(&ctx, "w", None).unwrap();
    let mesh = MeshRef::Symbol("mesh".to_string());
    let s = TensorShardingAttr::get(&ctx, &mesh, &[d0, d1], &[z], &[w]).unwrap();
    assert_eq!(s.mesh(), Some(mesh));
    assert_eq!(s.dims(), [d0, d1]);
    assert_eq!(s.replicated_axes(), [z]);
    assert_eq!(s.unreduced_axes(), [w]);
    prints_as(&ctx, &s, r#"#sdy.sharding<@mesh, [{"x", "y":(1)2}, {?}p1], replicated={"z"}, unreduced={"w"}>"#);
    let inline = MeshAttr::get(&ctx, &[MeshAxisAttr::get(&ctx, "x", 4).unwrap()], &[]).unwrap();
    let s2 = TensorShardingAttr::get(&ctx, &MeshRef::Mesh(inline), &[d1], &[], &[]).unwrap();
    assert_eq!(s2.mesh(), Some(MeshRef::Mesh(inline)));
    prints_as(&ctx, &s2, r#"#sdy.sharding<mesh<["x"=4]>, [{?}p1]>"#);
    let per_value = TensorShardingPerValueAttr::get(&ctx, &[s, s2]).unwrap();
    assert_eq!(per_value.shardings(), [s, s2]);
    prints_as(
        &ctx,
        &per_value,
        r#"#sdy.sharding_per_value<[<@mesh, [{"x", "y":(1)2}, {?}p1], replicated={"z"}, unreduced={"w"}>, <mesh<["x"=4]>, [{?}p1]>]>"#,
    );
}

#[test]
fn manual_axes_and_op_sharding_rule() {
    let ctx = context();
    let manual = ManualAxesAttr::get(&ctx, &["x", "y"]).unwrap();
    assert_eq!(manual.axes(), ["x", "y"]);
    prints_as(&ctx, &manual, r#"#sdy<manual_axes{"x", "y"}>"#);
    // A matmul: ([i, j], [j, k]) -> ([i, k]), j reduced.
    let rule = OpShardingRule {
        factor_sizes: vec![8, 16, 32],
        operand_mappings: vec![vec![vec![0], vec![1]], vec![vec![1], vec![2]]],
        result_mappings: vec![vec![vec![0], vec![2]]],
        reduction_factors: vec![1],
        need_replication_factors: vec![],
        permutation_factors: vec![],
        blocked_propagation_factors: vec![],
        is_custom: false,
    };
    let attr = OpShardingRuleAttr::get(&ctx, &rule).unwrap();
    assert_eq!(attr.rule(), rule);
    assert_eq!(attr.ranks(), (vec![2, 2], vec![2]));
    prints_as(&ctx, &attr, "#sdy.op_sharding_rule<([i, j], [j, k])->([i, k]) {i=8, j=16, k=32} reduction={j}>");
    // Every list, and a dimension of two factors.
    let full = OpShardingRule {
        factor_sizes: vec![2, 3, 4, 5],
        operand_mappings: vec![vec![vec![0, 1], vec![2], vec![3]]],
        result_mappings: vec![vec![vec![0, 1], vec![], vec![3]]],
        reduction_factors: vec![],
        need_replication_factors: vec![2],
        permutation_factors: vec![3],
        blocked_propagation_factors: vec![0],
        is_custom: true,
    };
    let attr = OpShardingRuleAttr::get(&ctx, &full).unwrap();
    assert_eq!(attr.rule(), full);
    let text = attr.attribute().text();
    assert_eq!(Attribute::parse(&ctx, &text).unwrap(), attr.attribute(), "{}", text);
    assert!(text.contains("need_replication={k}") && text.contains("permutation={l}") && text.contains("custom"), "{}", text);
}

#[test]
fn invalid_attributes_are_errors() {
    let ctx = context();
    // An axis alone is not verified; a mesh of it is.
    let zero = MeshAxisAttr::get(&ctx, "x", 0).unwrap();
    let e = MeshAttr::get(&ctx, &[zero], &[]).unwrap_err();
    assert_eq!(e.code(), Code::InvalidArgument);
    assert_eq!(e.message(), "the sdy dialect rejected this mesh");
    let a = MeshAxisAttr::get(&ctx, "a", 2).unwrap();
    let e = MeshAttr::get(&ctx, &[a], &[0, 0]).unwrap_err();
    assert_eq!(e.message(), "the sdy dialect rejected this mesh");
    let rule = OpShardingRule { factor_sizes: vec![4], operand_mappings: vec![vec![vec![-1]]], ..Default::default() };
    let e = OpShardingRuleAttr::get(&ctx, &rule).unwrap_err();
    assert!(e.message().contains("op sharding rule"), "{}", e);
    let e = Attribute::parse(&ctx, "#sdy.mesh<[").unwrap_err();
    assert_eq!(e.code(), Code::ParseError);
    assert_eq!(e.message(), "'#sdy.mesh<[' is not a valid MLIR attribute: unbalanced '[' character in pretty dialect name");
}

#[test]
fn attributes_are_send_and_sync() {
    fn send_sync<T: Send + Sync>() {}
    send_sync::<Attribute>();
    send_sync::<MeshAttr>();
    send_sync::<TensorShardingAttr>();
    send_sync::<OpShardingRuleAttr>();
}
