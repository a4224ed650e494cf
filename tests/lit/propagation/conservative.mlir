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
// ... nor indivisible shardings: 6 rows do not take "b"=4.
// CHECK-LABEL: func.func @indivisible(%arg0: tensor<6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}, %arg1: tensor<6x8xf32>) -> tensor<6x8xf32> {
// CHECK: [[ADD:%.+]] = stablehlo.add %arg0, %arg1 : tensor<6x8xf32>
// CHECK: return [[ADD]] : tensor<6x8xf32>
func.func @indivisible(%arg0: tensor<6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}, %arg1: tensor<6x8xf32>) -> tensor<6x8xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<6x8xf32>
  return %0 : tensor<6x8xf32>
}
// -----
sdy.mesh @mesh = <["a"=4, "b"=2]>
// A dim of size 2 cannot take part of "a"=4.
// CHECK-LABEL: func.func @small_dim(%arg0: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> tensor<2x8xf32> {
// CHECK: [[TRANSPOSE:%.+]] = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<8x2xf32>) -> tensor<2x8xf32>
// CHECK: return [[TRANSPOSE]] : tensor<2x8xf32>
func.func @small_dim(%arg0: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> tensor<2x8xf32> {
  %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<8x2xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}
