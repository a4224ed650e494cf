// The examples of the sharding representation (docs/sharding-model.md), of
// attaching shardings (docs/attaching-shardings.md) and of every sdy op and
// attribute, as valid modules, round-tripped. StableHLO ops are replaced by
// unregistered `test.*` ops here; tests/lit/sdy/with_stablehlo.mlir has them
// with stablehlo. invalid_parse.mlir and invalid_sharding.mlir check that
// near-miss forms (pseudo-syntax, non-canonical order) are rejected.
// RUN: sdy-opt %s -split-input-file --allow-unregistered-dialect | FileCheck %s
// RUN: sdy-opt %s -split-input-file --allow-unregistered-dialect | sdy-opt -split-input-file --allow-unregistered-dialect | FileCheck %s

//===----------------------------------------------------------------------===//
// Sharding representation (docs/sharding-model.md)
//===----------------------------------------------------------------------===//

// Basic structure: four devices [0, 1, 2, 3] reshaped to [[0, 1], [2, 3]].
// CHECK-LABEL: module
// CHECK-NEXT: sdy.mesh @mesh_xy = <["x"=2, "y"=2]>
sdy.mesh @mesh_xy = <["x"=2, "y"=2]>

// -----

// Dim 0 sharded by "x", dim 1 by "z" then "y"; local shape tensor<2x1xf32>.
// CHECK-LABEL: func.func @repr_basic
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh_xy, [{"x"}, {"z", "y"}]>}
sdy.mesh @mesh_xy = <["x"=2, "y"=4, "z"=2]>
func.func @repr_basic(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh_xy, [{"x"}, {"z", "y"}]>}) {
  return
}

// -----

// Open and closed dimensions.
// CHECK-LABEL: func.func @repr_open_closed
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh_xy, [{"x"}, {"z", ?}]>}
sdy.mesh @mesh_xy = <["x"=2, "y"=4, "z"=2]>
func.func @repr_open_closed(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh_xy, [{"x"}, {"z", ?}]>}) {
  return
}

// -----

// Explicitly replicated axes are in mesh order: `replicated={"c", "a"}`.
// CHECK-LABEL: func.func @repr_replicated_order
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh_xy, [{}, {}], replicated={"c", "a"}>}
sdy.mesh @mesh_xy = <["c"=2, "a"=2, "b"=2]>
func.func @repr_replicated_order(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh_xy, [{}, {}], replicated={"c", "a"}>}) {
  return
}

// -----

// "y" explicitly replicated, "z" implicitly; local shape tensor<2x8xf32>.
// CHECK-LABEL: func.func @repr_replicated
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh_xyz, [{"x"}, {?}], replicated={"y"}>}
sdy.mesh @mesh_xyz = <["x"=2, "y"=4, "z"=2]>
func.func @repr_replicated(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh_xyz, [{"x"}, {?}], replicated={"y"}>}) {
  return
}

// -----

// Axis splitting: a reshape of a tensor sharded on "x" keeps the data in
// place with the sub-axes "x":(1)2 and "x":(2)2.
// CHECK-LABEL: func.func @repr_reshape
// CHECK-SAME: (%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh_x, [{"x"}]>})
// CHECK-NEXT: [[RESHAPE:%.+]] = "test.reshape"(%arg0) : (tensor<8xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: [[RESHAPE_1:%.+]] = "test.reshape"(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh_x, [{"x":(1)2}, {"x":(2)2}]>]>} : (tensor<8xf32>) -> tensor<2x4xf32>
sdy.mesh @mesh_x = <["x"=4]>
func.func @repr_reshape(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh_x, [{"x"}]>}) -> (tensor<2x4xf32>, tensor<2x4xf32>) {
  %0 = "test.reshape"(%arg0) : (tensor<8xf32>) -> tensor<2x4xf32>
  %1 = "test.reshape"(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh_x, [{"x":(1)2}, {"x":(2)2}]>]>} : (tensor<8xf32>) -> tensor<2x4xf32>
  return %0, %1 : tensor<2x4xf32>, tensor<2x4xf32>
}

// -----

// Only the sub-axis "y":(2)2 of "y"=8 is used; local shape tensor<2x4xf32>.
// CHECK-LABEL: func.func @repr_sub_axis
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh_xyz, [{"x"}, {"y":(2)2}]>}
sdy.mesh @mesh_xyz = <["x"=2, "y"=8, "z"=2]>
func.func @repr_sub_axis(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh_xyz, [{"x"}, {"y":(2)2}]>}) {
  return
}

// -----

// Equivalent shardings over a split and an unsplit mesh.
// CHECK-LABEL: func.func @repr_equivalent
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh_xy, [{"x"}, {"y"}]>}
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh_full, [{"devices":(1)4}, {"devices":(4)2}]>}
sdy.mesh @mesh_full = <["devices"=8]>
sdy.mesh @mesh_xy = <["x"=4, "y"=2]>
func.func @repr_equivalent(%arg0: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh_xy, [{"x"},{ "y"}]>},
                              %arg1: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh_full, [{"devices":(1)4}, {"devices":(4)2}]>}) {
  return
}

// -----

// Explicitly replicated sub-axes: "y":(1)2 explicit, "y":(4)2 implicit.
// CHECK-LABEL: func.func @repr_replicated_sub_axis
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh_xyz, [{"x"}, {"y":(2)2}], replicated={"y":(1)2}>}
sdy.mesh @mesh_xyz = <["x"=2, "y"=8, "z"=2]>
func.func @repr_replicated_sub_axis(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh_xyz, [{"x"}, {"y":(2)2}], replicated={"y":(1)2}>}) {
  return
}

// -----

// Replicated sub-axes sorted by pre-size. Only this canonical order is
// accepted (invalid_sharding.mlir rejects the others).
// CHECK-LABEL: func.func @repr_replicated_sub_axes_sorted
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh_xyz, [{}, {"y":(2)2}], replicated={"x", "y":(1)2, "y":(4)2}>}
sdy.mesh @mesh_xyz = <["x"=2, "y"=8, "z"=2]>
func.func @repr_replicated_sub_axes_sorted(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh_xyz, [{}, {"y":(2)2}], replicated={"x", "y":(1)2, "y":(4)2}>}) {
  return
}

// -----

// Invariants: the merged form of "x":(1)2, "x":(2)4 is "x":(1)8.
// CHECK-LABEL: func.func @repr_merged_sub_axis
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)8}]>}
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)4}], replicated={"x":(4)4}>}
sdy.mesh @mesh = <["x"=16]>
func.func @repr_merged_sub_axis(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)8}]>},
                                   %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)4}], replicated={"x":(4)4}>}) {
  return
}

// -----

// Multiple logical meshes: <@mesh_0, "b"> is the same as <@mesh_1, "z">.
// Explicit iota device ids are an error (docs/sharding-model.md#meshes), so
// none are written.
// CHECK-LABEL: module
// CHECK-NEXT: sdy.mesh @mesh_0 = <["a"=4, "b"=2]>
// CHECK-NEXT: sdy.mesh @mesh_1 = <["x"=2, "y"=2, "z"=2]>
// CHECK: func.func @repr_multiple_meshes
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh_0, [{"b"}]>}
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh_1, [{"z"}]>}
sdy.mesh @mesh_0 = <["a"=4, "b"=2]>
sdy.mesh @mesh_1 = <["x"=2, "y"=2, "z"=2]>
func.func @repr_multiple_meshes(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh_0, [{"b"}]>},
                                   %arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh_1, [{"z"}]>}) {
  return
}

// -----

// Priorities: "y" is implicitly p0; `replicated={}` prints as nothing.
// CHECK-LABEL: func.func @repr_priorities
// CHECK-SAME: %arg4: tensor<8x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh_xy, [{"x"}p1, {"y"}, {"z", ?}p2]>}
sdy.mesh @mesh_xy = <["w"=6, "x"=2, "y"=4, "z"=2]>
func.func @repr_priorities(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>, %arg2: tensor<8xf32>, %arg3: tensor<8xf32>,
                              %arg4: tensor<8x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh_xy, [{"x"}p1, {"y"}, {"z",?}p2], replicated={}>}) {
  return
}

// -----

// Divisibility: dimensions not divisible by their axes are legal.
// CHECK-LABEL: func.func @repr_indivisible
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh_xy, [{"x"}, {"y"}, {"z"}]>}
sdy.mesh @mesh_xy = <["x"=8, "y"=2, "z"=3]>
func.func @repr_indivisible(%arg0: tensor<7x3x8xf32> {sdy.sharding = #sdy.sharding<@mesh_xy, [{"x"}, {"y"}, {"z"}]>}) {
  return
}

//===----------------------------------------------------------------------===//
// Attaching shardings (docs/attaching-shardings.md)
//===----------------------------------------------------------------------===//

// -----

// Input and output shardings.
// CHECK-LABEL: func.func @main
// CHECK-SAME: (%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh_xy, [{"x"}, {}]>}, %arg1: tensor<8x16xf32>)
// CHECK-SAME: -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh_xy, [{}, {"y"}]>})
sdy.mesh @mesh_xy = <["x"=2, "y"=2]>
// The 1st input has a sharding specified, but the 2nd input doesn't.
// The output has a sharding specified.
func.func @main(%arg0: tensor<8x8xf32>
{sdy.sharding = #sdy.sharding<@mesh_xy, [{"x"}, {}]>},
%arg1: tensor<8x16xf32>)
-> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh_xy, [{}, {"y"}]>}) {
  return %arg1 : tensor<8x16xf32>
}

// -----

// A sharding constraint with an open dimension.
// CHECK-LABEL: func.func @api_sharding_constraint
// CHECK-NEXT: [[OP:%.+]] = "test.op"() : () -> tensor<8x8xf32>
// CHECK-NEXT: [[SHARDING_CONSTRAINT:%.+]] = sdy.sharding_constraint [[OP]] <@mesh_xy, [{"x"}, {?}]> : tensor<8x8xf32>
sdy.mesh @mesh_xy = <["x"=2, "y"=2]>
func.func @api_sharding_constraint() -> tensor<8x8xf32> {
  %0 = "test.op"() : () -> tensor<8x8xf32>
  %1 = sdy.sharding_constraint %0 <@mesh_xy, [{"x"}, {?}]> : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

// A sharding group (jit_zeros_like): the argument and the constant get the
// same sharding. sdy.sharding_group has no result.
// CHECK-LABEL: module @jit_zeros_like
// CHECK-NEXT: sdy.mesh @mesh_xy = <["x"=2, "y"=2]>
// CHECK-NEXT: func.func @main(%arg0: tensor<8x2xi64> {sdy.sharding = #sdy.sharding<@mesh_xy, [{"x"}, {"y"}]>}) -> tensor<8x2xi64> {
// CHECK-NEXT:   sdy.sharding_group %arg0 group_id=0 : tensor<8x2xi64>
// CHECK-NEXT:   [[CONSTANT:%.+]] = sdy.constant dense<0> : tensor<8x2xi64>
// CHECK-NEXT:   sdy.sharding_group [[CONSTANT]] group_id=0 : tensor<8x2xi64>
// CHECK-NEXT:   return [[CONSTANT]] : tensor<8x2xi64>
module @"jit_zeros_like" {
  sdy.mesh @mesh_xy = <["x"=2, "y"=2]>
  func.func @main(%arg0: tensor<8x2xi64> {sdy.sharding = #sdy.sharding<@mesh_xy, [{"x"},{"y"}]>}) -> (tensor<8x2xi64>) {
    sdy.sharding_group %arg0 group_id=0 : tensor<8x2xi64>
    %1 = sdy.constant dense<0> : tensor<8x2xi64>
    sdy.sharding_group %1 group_id=0 : tensor<8x2xi64>
    return %1 : tensor<8x2xi64>
  }
}

// -----

// A manual computation over "data"; the body returns with sdy.return.
// CHECK-LABEL: func.func @api_manual_computation
// CHECK-NEXT: [[OP:%.+]] = "test.op"() : () -> tensor<16x32xf32>
// CHECK-NEXT: [[MANUAL_COMPUTATION:%.+]] = sdy.manual_computation([[OP]]) in_shardings=[<@mesh_name, [{"data"}, {"model", ?}]>] out_shardings=[<@mesh_name, [{"data"}, {?}]>] manual_axes={"data"} (%arg0: tensor<8x32xf32>) {
// CHECK-NEXT:   sdy.return %arg0 : tensor<8x32xf32>
// CHECK-NEXT: } : (tensor<16x32xf32>) -> tensor<16x32xf32>
sdy.mesh @mesh_name = <["data"=2, "model"=2]>
func.func @api_manual_computation() -> tensor<16x32xf32> {
  %0 = "test.op"() : () -> tensor<16x32xf32>
  %1 = sdy.manual_computation(%0)
      in_shardings=[<@mesh_name, [{"data"}, {"model",?}]>]
      out_shardings=[<@mesh_name, [{"data"}, {?}]>]
      manual_axes={"data"}
      (%arg1: tensor<8x32xf32>) {
    // body
    sdy.return %arg1 : tensor<8x32xf32>
  } : (tensor<16x32xf32>) -> tensor<16x32xf32>
  return %1 : tensor<16x32xf32>
}

//===----------------------------------------------------------------------===//
// Dialect ops and attributes
//===----------------------------------------------------------------------===//

// -----

// sdy.all_gather, on the result of an unregistered op that carries the
// operand sharding.
// CHECK-LABEL: func.func @dialect_all_gather
// CHECK: [[ALL_GATHER:%.+]] = sdy.all_gather [{"b", "c"}, {}, {"d"}] [[V0:%.+]] out_sharding=<@mesh, [{"a"}, {}, {}]> : tensor<8x8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2, "d"=2]>
func.func @dialect_all_gather(%arg0: tensor<8x8x8xf32>) -> tensor<8x8x8xf32> {
  %1 = "test.tanh"(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", "c"}, {}, {"d"}]>]>} : (tensor<8x8x8xf32>) -> tensor<8x8x8xf32>
  %2 = sdy.all_gather [{"b", "c"}, {}, {"d"}] %1 out_sharding=<@mesh, [{"a"}, {}, {}]> : tensor<8x8x8xf32>
  return %2 : tensor<8x8x8xf32>
}

// -----

// sdy.all_slice, like all_gather.
// CHECK-LABEL: func.func @dialect_all_slice
// CHECK: [[ALL_SLICE:%.+]] = sdy.all_slice [{"b", "c"}, {}, {"d"}] [[V0:%.+]] out_sharding=<@mesh, [{"a", "b", "c"}, {}, {"d"}]> : tensor<8x8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2, "d"=2]>
func.func @dialect_all_slice(%arg0: tensor<8x8x8xf32>) -> tensor<8x8x8xf32> {
  %1 = "test.tanh"(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}, {}]>]>} : (tensor<8x8x8xf32>) -> tensor<8x8x8xf32>
  %2 = sdy.all_slice [{"b", "c"}, {}, {"d"}] %1 out_sharding=<@mesh, [{"a", "b", "c"}, {}, {"d"}]> : tensor<8x8x8xf32>
  return %2 : tensor<8x8x8xf32>
}

// -----

// sdy.all_to_all on a rank-4 tensor that matches its shardings.
// CHECK-LABEL: func.func @dialect_all_to_all
// CHECK: [[ALL_TO_ALL:%.+]] = sdy.all_to_all [{"b"}: 0->2, {"c"}: 1->3] [[V0:%.+]] out_sharding=<@mesh, [{"a"}, {}, {"b"}, {"c"}]> : tensor<8x8x4x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @dialect_all_to_all(%arg0: tensor<8x8x4x4xf32>) -> tensor<8x8x4x4xf32> {
  %1 = "test.tanh"(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b"}, {"c"}, {}, {}]>]>} : (tensor<8x8x4x4xf32>) -> tensor<8x8x4x4xf32>
  %2 = sdy.all_to_all [{"b"}: 0->2, {"c"}: 1->3] %1 out_sharding=<@mesh, [{"a"}, {}, {"b"}, {"c"}]> : tensor<8x8x4x4xf32>
  return %2 : tensor<8x8x4x4xf32>
}

// -----

// sdy.collective_permute: the local shape tensor<1x4x2xf32> is kept.
// CHECK-LABEL: func.func @dialect_collective_permute
// CHECK: [[COLLECTIVE_PERMUTE:%.+]] = sdy.collective_permute [[V0:%.+]] out_sharding=<@mesh, [{"c":(1)2, "b", "f"}, {"a"}, {"e", "d"}]> : tensor<8x8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=4, "d"=2, "e"=2, "f"=2]>
func.func @dialect_collective_permute(%arg0: tensor<8x8x8xf32>) -> tensor<8x8x8xf32> {
  %1 = "test.tanh"(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "c"}, {"f"}, {"d", "e"}]>]>} : (tensor<8x8x8xf32>) -> tensor<8x8x8xf32>
  %2 = sdy.collective_permute %1 out_sharding=<@mesh, [{"c":(1)2, "b", "f"}, {"a"}, {"e", "d"}]> : tensor<8x8x8xf32>
  return %2 : tensor<8x8x8xf32>
}

// -----

// sdy.all_reduce (docs/partitioning.md#step-1-explicit-reshards-and-all_reduce).
// CHECK-LABEL: func.func @dialect_all_reduce
// CHECK: [[ALL_REDUCE:%.+]] = sdy.all_reduce {"b"} [[V0:%.+]] out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @dialect_all_reduce(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %1 = "test.dot"(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %2 = sdy.all_reduce {"b"} %1 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}

// -----

// sdy.constant.
func.func @dialect_constant() -> tensor<2x2xf32> {
// CHECK-LABEL: func.func @dialect_constant
// CHECK-NEXT: [[CONSTANT:%.+]] = sdy.constant dense<{{\[\[}}0.000000e+00, 1.000000e+00], [2.000000e+00, 3.000000e+00]]> : tensor<2x2xf32>
  %output = sdy.constant dense<[[0.0, 1.0], [2.0, 3.0]]> : tensor<2x2xf32>
  return %output : tensor<2x2xf32>
}

// -----

// sdy.data_flow_edge: the results of an unregistered while-like op own the
// edges.
// CHECK-LABEL: func.func @dialect_data_flow_edge
// CHECK: [[DATA_FLOW_EDGE:%.+]] = sdy.data_flow_edge [[V0:%.+]]#0 sharding=<@mesh, [{"a"}, {?}]> : tensor<8x8xf32>
// CHECK: [[DATA_FLOW_EDGE_1:%.+]] = sdy.data_flow_edge [[V0]]#1 : tensor<8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @dialect_data_flow_edge(%arg0: tensor<8x8xf32>, %arg1: tensor<8xf32>) -> (tensor<8x8xf32>, tensor<8xf32>) {
  %0:2 = "test.while"(%arg0, %arg1) : (tensor<8x8xf32>, tensor<8xf32>) -> (tensor<8x8xf32>, tensor<8xf32>)
  %1 = sdy.data_flow_edge %0#0 sharding=<@mesh, [{"a"}, {?}]> : tensor<8x8xf32>
  %2 = sdy.data_flow_edge %0#1 : tensor<8xf32>
  return %1, %2 : tensor<8x8xf32>, tensor<8xf32>
}

// -----

// MeshAttr: empty placeholder, maximal, implicit iota(6),
// explicit device order.
// CHECK-LABEL: module
// CHECK-NEXT: sdy.mesh @empty = <[]>
// CHECK-NEXT: sdy.mesh @maximal = <[], device_ids=[3]>
// CHECK-NEXT: sdy.mesh @iota = <["a"=2, "b"=3]>
// CHECK-NEXT: sdy.mesh @ordered = <["a"=3, "b"=2], device_ids=[0, 2, 4, 1, 3, 5]>
sdy.mesh @empty = <[]>
sdy.mesh @maximal = <[], device_ids=[3]>
sdy.mesh @iota = <["a"=2, "b"=3]>
sdy.mesh @ordered = <["a"=3, "b"=2], device_ids=[0, 2, 4, 1, 3, 5]>

// -----

// sdy.named_computation.
// CHECK-LABEL: func.func @dialect_named_computation
// CHECK-NEXT: [[NAMED_COMPUTATION:%.+]] = sdy.named_computation<"foo">(%arg0) (%arg1: tensor<16x32xf32>) {
// CHECK-NEXT:   sdy.return %arg1 : tensor<16x32xf32>
// CHECK-NEXT: } : (tensor<16x32xf32>) -> tensor<16x32xf32>
func.func @dialect_named_computation(%0: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %1 = sdy.named_computation<"foo">(%0) (%arg1: tensor<16x32xf32>) {
    sdy.return %arg1 : tensor<16x32xf32>
  } : (tensor<16x32xf32>) -> tensor<16x32xf32>
  return %1 : tensor<16x32xf32>
}

// -----

// OpShardingRuleAttr on unregistered add- and dot_general-like ops. The
// dot_general rule has no `reduction={k}`: the attribute alone does not
// require one.
// CHECK-LABEL: func.func @dialect_sharding_rules
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=8}>
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=8, j=16, k=8}>
func.func @dialect_sharding_rules(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32>, %arg2: tensor<8x8xf32>, %arg3: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = "test.add"(%arg0, %arg1) {
    sdy.sharding_rule = #sdy.op_sharding_rule<
        ([i, j],[i, j])->([i, j])
        {i=8, j=8}>
  } : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  %1 = "test.dot_general"(%arg2, %arg3) {
    sdy.sharding_rule = #sdy.op_sharding_rule<
        ([i, k],[k, j])->([i, j])
        {i=8, j=16, k=8}>
  }: (tensor<8x8xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

// sdy.propagation_barrier, sdy.reshard and sdy.sharding_group.
// CHECK-LABEL: func.func @dialect_syntax_only_ops
// CHECK-NEXT: [[PROPAGATION_BARRIER:%.+]] = sdy.propagation_barrier %arg0 allowed_direction=FORWARD : tensor<8x8xf32>
// CHECK-NEXT: [[PROPAGATION_BARRIER_1:%.+]] = sdy.propagation_barrier [[PROPAGATION_BARRIER]] allowed_direction=BACKWARD : tensor<8x8xf32>
// CHECK-NEXT: [[PROPAGATION_BARRIER_2:%.+]] = sdy.propagation_barrier [[PROPAGATION_BARRIER_1]] allowed_direction=NONE : tensor<8x8xf32>
// CHECK-NEXT: [[RESHARD:%.+]] = sdy.reshard [[PROPAGATION_BARRIER_2]] <@mesh, [{"a"}, {"b"}]> : tensor<8x8xf32>
// CHECK-NEXT: sdy.sharding_group [[RESHARD]] group_id=7 : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @dialect_syntax_only_ops(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = sdy.propagation_barrier %arg0 allowed_direction=FORWARD : tensor<8x8xf32>
  %1 = sdy.propagation_barrier %0 allowed_direction=BACKWARD : tensor<8x8xf32>
  %2 = sdy.propagation_barrier %1 allowed_direction=NONE : tensor<8x8xf32>
  %3 = sdy.reshard %2 <@mesh, [{"a"}, {"b"}]> : tensor<8x8xf32>
  sdy.sharding_group %3 group_id=7 : tensor<8x8xf32>
  return %3 : tensor<8x8xf32>
}

// -----

// The attribute syntax of TensorShardingAttr / AxisRefAttr / SubAxisInfoAttr
// in their standalone forms.
// CHECK-LABEL: func.func @dialect_standalone
// CHECK-SAME: a = #sdy<sub_axis_info(2)2>
// CHECK-SAME: b = #sdy<axis_ref"y":(2)2>
// CHECK-SAME: c = #sdy<all_to_all_param{"b"}: 0->2>
// CHECK-SAME: d = #sdy<dim_mapping *>
func.func @dialect_standalone() attributes {a = #sdy.sub_axis_info<(2)2>, b = #sdy.axis_ref<"y":(2)2>, c = #sdy.all_to_all_param<{"b"}: 0->2>, d = #sdy.dim_mapping<*>} {
  return
}
