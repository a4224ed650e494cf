// Conflicts within a factor in the propagation pipeline (aggressive): tensors
// that disagree on a factor leave it alone past their common prefix, and a
// closed sharding that is a prefix of another's does not stop it. The CHECK
// lines are the real Shardy's output.
// RUN: sdy-opt %s -split-input-file -sdy-propagation-pipeline | FileCheck %s

sdy.mesh @mesh = <["data"=2, "model"=4]>
// The operand and the result disagree on dim 0: the broadcast gets nothing
// (neither the larger nor the more sharded one wins).
// CHECK-LABEL: func.func @operand_result_conflict(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
// CHECK-NEXT: %0 = sdy.constant dense<2.000000e+00> : tensor<f32>
// CHECK-NEXT: %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<16x8xf32>
// CHECK-NEXT: %2 = stablehlo.multiply %arg0, %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {}]>]>} : tensor<16x8xf32>
// CHECK-NEXT: return %2 : tensor<16x8xf32>
func.func @operand_result_conflict(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
  %0 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
  %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<16x8xf32>
  %2 = stablehlo.multiply %arg0, %1 : tensor<16x8xf32>
  return %2 : tensor<16x8xf32>
}
// -----
sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>
// Closed shardings that are prefixes of each other (the empty one too) let
// the longest through.
// CHECK-LABEL: func.func @closed_prefixes(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "x"}]>}, %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}, %arg2: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "x"}]>}) {
// CHECK-NEXT: %0 = stablehlo.clamp %arg0, %arg1, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y", "x"}]>]>} : tensor<16xf32>
// CHECK-NEXT: return %0 : tensor<16xf32>
func.func @closed_prefixes(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "x"}]>}, %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}, %arg2: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) -> tensor<16xf32> {
  %0 = stablehlo.clamp %arg0, %arg1, %arg2 : tensor<16xf32>
  return %0 : tensor<16xf32>
}
// -----
sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>
// Lists that diverge after a common prefix: only the prefix propagates.
// CHECK-LABEL: func.func @common_prefix(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "x"}]>}, %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "z"}]>}, %arg2: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}) {
// CHECK-NEXT: %0 = stablehlo.clamp %arg0, %arg1, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}]>]>} : tensor<16xf32>
// CHECK-NEXT: return %0 : tensor<16xf32>
func.func @common_prefix(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "x", ?}]>}, %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "z", ?}]>}, %arg2: tensor<16xf32>) -> tensor<16xf32> {
  %0 = stablehlo.clamp %arg0, %arg1, %arg2 : tensor<16xf32>
  return %0 : tensor<16xf32>
}
// -----
sdy.mesh @mesh = <["x"=4, "y"=2]>
// A closed sub-axis prefix does not stop the full axis.
// CHECK-LABEL: func.func @closed_sub_axis_prefix(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2}]>}, %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
// CHECK-NEXT: %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : tensor<16xf32>
// CHECK-NEXT: return %0 : tensor<16xf32>
func.func @closed_sub_axis_prefix(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2}]>}, %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<16xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<16xf32>
  return %0 : tensor<16xf32>
}
