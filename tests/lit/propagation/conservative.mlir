// RUN: sdy-opt %s -split-input-file -sdy-propagation-pipeline='conservative-propagation=true' | FileCheck %s

sdy.mesh @mesh = <["a"=2, "b"=4]>
// Conservative propagation creates no sub-axes: "b" cannot split over [2, 4].
// CHECK-LABEL: func.func @reshape_split(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) -> tensor<2x4xf32> {
// CHECK: [[RESHAPE:%.+]] = stablehlo.reshape %arg0 : (tensor<8xf32>) -> tensor<2x4xf32>
// CHECK: return [[RESHAPE]] : tensor<2x4xf32>
func.func @reshape_split(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) -> tensor<2x4xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<8xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
// -----
sdy.mesh @mesh = <["a"=2, "b"=4]>
// Shardy's conservative propagation still gives a minor-most factor an axis
// that does not divide it (6 rows take "b"=4); the function's arguments and
// result keep only what divides them ("b":(1)2, sub-axes dropped).
// CHECK-LABEL: func.func @indivisible(%arg0: tensor<6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg1: tensor<6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
// CHECK: [[ADD:%.+]] = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : tensor<6x8xf32>
// CHECK: return [[ADD]] : tensor<6x8xf32>
func.func @indivisible(%arg0: tensor<6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}, %arg1: tensor<6x8xf32>) -> tensor<6x8xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<6x8xf32>
  return %0 : tensor<6x8xf32>
}
// -----
sdy.mesh @mesh = <["a"=4, "b"=2]>
// A dim of size 2 takes all of "a"=4 (no sub-axis is created); the argument
// keeps the divisible part "a":(1)2, as in Shardy.
// CHECK-LABEL: func.func @small_dim(%arg0: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a":(1)2}]>}) -> (tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
// CHECK: [[TRANSPOSE:%.+]] = stablehlo.transpose %arg0, dims = [1, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<8x2xf32>) -> tensor<2x8xf32>
// CHECK: return [[TRANSPOSE]] : tensor<2x8xf32>
func.func @small_dim(%arg0: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> tensor<2x8xf32> {
  %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<8x2xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}
