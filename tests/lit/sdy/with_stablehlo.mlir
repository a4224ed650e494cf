// sdy attributes on StableHLO ops: the examples of dialect_examples.mlir with
// real StableHLO ops. Needs the stablehlo dialect in sdy-opt.
// RUN: sdy-opt %s -split-input-file | FileCheck %s
// RUN: sdy-opt %s -split-input-file | sdy-opt -split-input-file | FileCheck %s

sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2, "d"=2]>

// all_gather / all_slice with the operand sharding on stablehlo.tanh.
// CHECK-LABEL: func.func @all_gather_all_slice
// CHECK-NEXT: [[TANH:%.+]] = stablehlo.tanh %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", "c"}, {}, {"d"}]>]>} : tensor<8x8x8xf32>
// CHECK-NEXT: [[ALL_GATHER:%.+]] = sdy.all_gather [{"b", "c"}, {}, {"d"}] [[TANH]] out_sharding=<@mesh, [{"a"}, {}, {}]> : tensor<8x8x8xf32>
// CHECK-NEXT: [[TANH_1:%.+]] = stablehlo.tanh [[ALL_GATHER]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}, {}]>]>} : tensor<8x8x8xf32>
// CHECK-NEXT: [[ALL_SLICE:%.+]] = sdy.all_slice [{"b", "c"}, {}, {"d"}] [[TANH_1]] out_sharding=<@mesh, [{"a", "b", "c"}, {}, {"d"}]> : tensor<8x8x8xf32>
func.func @all_gather_all_slice(%arg0: tensor<8x8x8xf32>) -> tensor<8x8x8xf32> {
  %1 = stablehlo.tanh %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", "c"}, {}, {"d"}]>]>} : tensor<8x8x8xf32>
  %2 = sdy.all_gather [{"b", "c"}, {}, {"d"}] %1 out_sharding=<@mesh, [{"a"}, {}, {}]> : tensor<8x8x8xf32>
  %3 = stablehlo.tanh %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}, {}]>]>} : tensor<8x8x8xf32>
  %4 = sdy.all_slice [{"b", "c"}, {}, {"d"}] %3 out_sharding=<@mesh, [{"a", "b", "c"}, {}, {"d"}]> : tensor<8x8x8xf32>
  return %4 : tensor<8x8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>

// all_to_all (with a rank-4 tensor that matches its shardings).
// CHECK-LABEL: func.func @all_to_all
// CHECK-NEXT: [[TANH:%.+]] = stablehlo.tanh %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b"}, {"c"}, {}, {}]>]>} : tensor<8x8x4x4xf32>
// CHECK-NEXT: [[ALL_TO_ALL:%.+]] = sdy.all_to_all [{"b"}: 0->2, {"c"}: 1->3] [[TANH]] out_sharding=<@mesh, [{"a"}, {}, {"b"}, {"c"}]> : tensor<8x8x4x4xf32>
func.func @all_to_all(%arg0: tensor<8x8x4x4xf32>) -> tensor<8x8x4x4xf32> {
  %1 = stablehlo.tanh %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b"}, {"c"}, {}, {}]>]>} : tensor<8x8x4x4xf32>
  %2 = sdy.all_to_all [{"b"}: 0->2, {"c"}: 1->3] %1 out_sharding=<@mesh, [{"a"}, {}, {"b"}, {"c"}]> : tensor<8x8x4x4xf32>
  return %2 : tensor<8x8x4x4xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2, "c"=4, "d"=2, "e"=2, "f"=2]>

// collective_permute.
// CHECK-LABEL: func.func @collective_permute
// CHECK-NEXT: [[TANH:%.+]] = stablehlo.tanh %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "c"}, {"f"}, {"d", "e"}]>]>} : tensor<8x8x8xf32>
// CHECK-NEXT: [[COLLECTIVE_PERMUTE:%.+]] = sdy.collective_permute [[TANH]] out_sharding=<@mesh, [{"c":(1)2, "b", "f"}, {"a"}, {"e", "d"}]> : tensor<8x8x8xf32>
func.func @collective_permute(%arg0: tensor<8x8x8xf32>) -> tensor<8x8x8xf32> {
  %1 = stablehlo.tanh %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "c"}, {"f"}, {"d", "e"}]>]>} : tensor<8x8x8xf32>
  %2 = sdy.collective_permute %1 out_sharding=<@mesh, [{"c":(1)2, "b", "f"}, {"a"}, {"e", "d"}]> : tensor<8x8x8xf32>
  return %2 : tensor<8x8x8xf32>
}

// -----

// OpShardingRuleAttr on stablehlo.add / dot_general.
// CHECK-LABEL: func.func @sharding_rules
// CHECK: stablehlo.add %arg0, %arg1 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=8}>} : tensor<8x8xf32>
// CHECK: stablehlo.dot_general %arg2, %arg3, contracting_dims = [1] x [0] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=8, j=16, k=8}>} : (tensor<8x8xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
func.func @sharding_rules(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32>, %arg2: tensor<8x8xf32>, %arg3: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = stablehlo.add %arg0, %arg1 {
    sdy.sharding_rule = #sdy.op_sharding_rule<
        ([i, j],[i, j])->([i, j])
        {i=8, j=8}>
  } : tensor<8x8xf32>
  %1 = stablehlo.dot_general %arg2, %arg3, contracting_dims = [1] x [0] {
    sdy.sharding_rule = #sdy.op_sharding_rule<
        ([i, k],[k, j])->([i, j])
        {i=8, j=16, k=8}>
  }: (tensor<8x8xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

// jit_zeros_like: a sharding group with stablehlo.constant, mesh inside the
// module.
// CHECK-LABEL: module @jit_zeros_like
// CHECK: sdy.sharding_group %arg0 group_id=0 : tensor<8x2xi64>
// CHECK-NEXT: %{{.*}} = stablehlo.constant dense<0> : tensor<8x2xi64>
// CHECK-NEXT: sdy.sharding_group %{{.*}} group_id=0 : tensor<8x2xi64>
module @"jit_zeros_like" {
  sdy.mesh @mesh_xy = <["x"=2, "y"=2]>
  func.func @main(%arg0: tensor<8x2xi64> {sdy.sharding = #sdy.sharding<@mesh_xy, [{"x"},{"y"}]>}) -> (tensor<8x2xi64>) {
    sdy.sharding_group %arg0 group_id=0 : tensor<8x2xi64>
    %1 = stablehlo.constant dense<0> : tensor<8x2xi64>
    sdy.sharding_group %1 group_id=0 : tensor<8x2xi64>
    return %1 : tensor<8x2xi64>
  }
}

// -----

sdy.mesh @mesh_x = <["x"=4]>

// A reshape with sub-axes.
// CHECK-LABEL: func.func @reshape_sub_axes
// CHECK: stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh_x, [{"x":(1)2}, {"x":(2)2}]>]>} : (tensor<8xf32>) -> tensor<2x4xf32>
func.func @reshape_sub_axes(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh_x, [{"x"}]>}) -> tensor<2x4xf32> {
  %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh_x, [{"x":(1)2}, {"x":(2)2}]>]>} : (tensor<8xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>

// Shardings and constraints around StableHLO ops inside sdy regions.
// CHECK-LABEL: func.func @in_regions
// CHECK: sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {"y", ?}]>] out_shardings=[<@mesh, [{"x"}, {?}]>] manual_axes={"x"} (%arg1: tensor<4x8xf32>) {
// CHECK-NEXT: stablehlo.add %arg1, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} : tensor<4x8xf32>
// CHECK: sdy.named_computation<"f">
// CHECK-NEXT: stablehlo.tanh %arg1 : tensor<8x8xf32>
func.func @in_regions(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {"y", ?}]>] out_shardings=[<@mesh, [{"x"}, {?}]>] manual_axes={"x"} (%arg1: tensor<4x8xf32>) {
    %2 = stablehlo.add %arg1, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} : tensor<4x8xf32>
    sdy.return %2 : tensor<4x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %1 = sdy.named_computation<"f">(%0) (%arg1: tensor<8x8xf32>) {
    %3 = stablehlo.tanh %arg1 : tensor<8x8xf32>
    sdy.return %3 : tensor<8x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}
