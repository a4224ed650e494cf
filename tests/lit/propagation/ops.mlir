// RUN: sdy-opt %s -split-input-file -sdy-propagation-pipeline | FileCheck %s

sdy.mesh @mesh = <["a"=2, "b"=4]>
// dot_general: batch, free and contracting factors.
// CHECK-LABEL: func.func @dot_general(%arg0: tensor<4x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {}]>}, %arg1: tensor<4x16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {}]>}) -> (tensor<4x8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {}]>}) {
// CHECK: [[DOT_GENERAL:%.+]] = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}, {}]>]>} : (tensor<4x8x16xf32>, tensor<4x16x32xf32>) -> tensor<4x8x32xf32>
// CHECK: return [[DOT_GENERAL]] : tensor<4x8x32xf32>
func.func @dot_general(%lhs: tensor<4x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {}]>}, %rhs: tensor<4x16x32xf32>) -> tensor<4x8x32xf32> {
  %0 = stablehlo.dot_general %lhs, %rhs, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x8x16xf32>, tensor<4x16x32xf32>) -> tensor<4x8x32xf32>
  return %0 : tensor<4x8x32xf32>
}
// -----
sdy.mesh @mesh = <["a"=2, "b"=4]>
// Contracting dims propagate between the operands only.
// CHECK-LABEL: func.func @contracting(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, %arg1: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> tensor<8x32xf32> {
// CHECK: [[DOT_GENERAL:%.+]] = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
// CHECK: return [[DOT_GENERAL]] : tensor<8x32xf32>
func.func @contracting(%lhs: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, %rhs: tensor<16x32xf32>) -> tensor<8x32xf32> {
  %0 = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
  return %0 : tensor<8x32xf32>
}
// -----
sdy.mesh @mesh = <["a"=2, "b"=4]>
// reduce: kept dims pass through, reduced dims do not reach the result.
// CHECK-LABEL: func.func @reduce(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) {
// CHECK: [[CONSTANT:%.+]] = sdy.constant dense<0.000000e+00> : tensor<f32>
// CHECK: [[REDUCE:%.+]] = stablehlo.reduce(%arg0 init: [[CONSTANT]]) applies stablehlo.add across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
// CHECK: return [[REDUCE]] : tensor<8xf32>
func.func @reduce(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8xf32> {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reduce(%arg0 init: %z) applies stablehlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
// -----
sdy.mesh @mesh = <["a"=2, "b"=4]>
// broadcast_in_dim: the operand dim maps to result dim 1.
// CHECK-LABEL: func.func @broadcast(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: [[BROADCAST_IN_DIM:%.+]] = stablehlo.broadcast_in_dim %arg0, dims = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : (tensor<16xf32>) -> tensor<8x16xf32>
// CHECK: return [[BROADCAST_IN_DIM]] : tensor<8x16xf32>
func.func @broadcast(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
// -----
sdy.mesh @mesh = <["a"=2, "b"=4]>
// transpose permutes dimension shardings.
// CHECK-LABEL: func.func @transpose(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) {
// CHECK: [[TRANSPOSE:%.+]] = stablehlo.transpose %arg0, dims = [1, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"a"}]>]>} : (tensor<8x16xf32>) -> tensor<16x8xf32>
// CHECK: return [[TRANSPOSE]] : tensor<16x8xf32>
func.func @transpose(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<16x8xf32> {
  %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<8x16xf32>) -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}
// -----
sdy.mesh @mesh = <["a"=2, "b"=4]>
// reshape merge: [8, 16] -> [128] takes only "a": the major factor (8) is
// not fully sharded by "a", so "b" cannot tile the merged dimension (the
// real Shardy gives the same).
// CHECK-LABEL: func.func @reshape_merge(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<128xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) {
// CHECK: [[RESHAPE:%.+]] = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : (tensor<8x16xf32>) -> tensor<128xf32>
// CHECK: return [[RESHAPE]] : tensor<128xf32>
func.func @reshape_merge(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<128xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<8x16xf32>) -> tensor<128xf32>
  return %0 : tensor<128xf32>
}
// -----
sdy.mesh @mesh = <["a"=2, "b"=4]>
// reshape split with a sub-axis: [8] on "b" -> [2, 4] splits "b".
// The function result keeps whole axes only (as the real Shardy's export).
// CHECK-LABEL: func.func @reshape_split(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) -> (tensor<2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
// CHECK: [[RESHAPE:%.+]] = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(1)2}, {"b":(2)2}]>]>} : (tensor<8xf32>) -> tensor<2x4xf32>
// CHECK: return [[RESHAPE]] : tensor<2x4xf32>
func.func @reshape_split(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) -> tensor<2x4xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<8xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
// -----
sdy.mesh @mesh = <["a"=2, "b"=4]>
// concatenate: the concat dim propagates like any factor (the real Shardy's
// output); the partitioner replicates it locally.
// CHECK-LABEL: func.func @concatenate(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: [[CONCATENATE:%.+]] = stablehlo.concatenate %arg0, %arg1, dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x32xf32>
// CHECK: return [[CONCATENATE]] : tensor<8x32xf32>
func.func @concatenate(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x16xf32>) -> tensor<8x32xf32> {
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 1 : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x32xf32>
  return %0 : tensor<8x32xf32>
}
// -----
sdy.mesh @mesh = <["a"=2, "b"=4]>
// An unknown custom_call stops propagation.
// CHECK-LABEL: func.func @custom_call(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x16xf32> {
// CHECK: [[CUSTOM_CALL:%.+]] = stablehlo.custom_call @foo(%arg0) : (tensor<8x16xf32>) -> tensor<8x16xf32>
// CHECK: return [[CUSTOM_CALL]] : tensor<8x16xf32>
func.func @custom_call(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.custom_call @foo(%arg0) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
// -----
sdy.mesh @mesh = <["a"=2, "b"=4]>
// A user rule on a custom_call makes it propagate.
// CHECK-LABEL: func.func @custom_call_with_rule(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) {
// CHECK: [[CUSTOM_CALL:%.+]] = stablehlo.custom_call @foo(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"a"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([j, i]) {i=8, j=16}, custom>} : (tensor<8x16xf32>) -> tensor<16x8xf32>
// CHECK: return [[CUSTOM_CALL]] : tensor<16x8xf32>
func.func @custom_call_with_rule(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<16x8xf32> {
  %0 = stablehlo.custom_call @foo(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([j, i]) {i=8, j=16}, custom>} : (tensor<8x16xf32>) -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}
// -----
sdy.mesh @mesh = <["a"=2, "b"=4]>
// Indivisible: 6 rows on "b"=4 are allowed on the minor-most factor; the
// function's argument and result keep only what divides them (the gcd
// "b":(1)2, sub-axes then dropped from the result), as in Shardy.
// CHECK-LABEL: func.func @indivisible(%arg0: tensor<6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)2}, {}]>}) -> (tensor<6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
// CHECK: [[NEGATE:%.+]] = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : tensor<6x8xf32>
// CHECK: return [[NEGATE]] : tensor<6x8xf32>
func.func @indivisible(%arg0: tensor<6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> tensor<6x8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<6x8xf32>
  return %0 : tensor<6x8xf32>
}
