// RUN: sdy-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(sdy-constant-or-scalar-merger))' | FileCheck %s

// Expectations are the real Shardy's output for the same input.

sdy.mesh @mesh = <["a"=2, "b"=2]>

// Identical constants merge; scalar broadcasts merge when their operand and
// sharding agree, and stay apart when the shardings differ.
// CHECK-LABEL: func.func @constants_and_scalar_broadcasts
// CHECK-NEXT: %[[ONE:.*]] = sdy.constant dense<1.000000e+00>
// CHECK-NEXT: %[[TWO:.*]] = sdy.constant dense<2.000000e+00>
// CHECK-NEXT: %[[B0:.*]] = stablehlo.broadcast_in_dim %[[ONE]], dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>}
// CHECK-NEXT: %[[B1:.*]] = stablehlo.broadcast_in_dim %[[ONE]], dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>}
// CHECK-NEXT: %[[B2:.*]] = stablehlo.broadcast_in_dim %[[TWO]], dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>}
// CHECK-NEXT: %[[A0:.*]] = stablehlo.add %[[B0]], %arg0
// CHECK-NEXT: %[[A1:.*]] = stablehlo.add %[[B0]], %[[B2]]
// CHECK-NEXT: %[[A2:.*]] = stablehlo.add %[[B1]], %arg0
func.func @constants_and_scalar_broadcasts(%arg0: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>) {
  %0 = sdy.constant dense<1.0> : tensor<f32>
  %1 = sdy.constant dense<1.0> : tensor<f32>
  %2 = sdy.constant dense<2.0> : tensor<f32>
  %3 = stablehlo.broadcast_in_dim %0, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<f32>) -> tensor<8x8xf32>
  %4 = stablehlo.broadcast_in_dim %1, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<f32>) -> tensor<8x8xf32>
  %5 = stablehlo.broadcast_in_dim %1, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : (tensor<f32>) -> tensor<8x8xf32>
  %6 = stablehlo.broadcast_in_dim %2, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<f32>) -> tensor<8x8xf32>
  %7 = stablehlo.add %3, %arg0 : tensor<8x8xf32>
  %8 = stablehlo.add %4, %6 : tensor<8x8xf32>
  %9 = stablehlo.add %5, %arg0 : tensor<8x8xf32>
  return %7, %8, %9 : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

// Only constants and scalar broadcasts merge: iota, reshape and elementwise
// copies of a constant expression stay apart, as do non-scalar broadcasts.
// CHECK-LABEL: func.func @other_ops_stay
// CHECK-NEXT: stablehlo.iota
// CHECK-NEXT: stablehlo.iota
// CHECK-NEXT: %[[B:.*]] = stablehlo.broadcast_in_dim %arg0
// CHECK-NEXT: %[[C:.*]] = sdy.constant dense<1.000000e+00>
// CHECK-NEXT: stablehlo.reshape %[[C]]
// CHECK-NEXT: stablehlo.reshape %[[C]]
// CHECK-NEXT: stablehlo.negate %[[C]]
// CHECK-NEXT: stablehlo.negate %[[C]]
// CHECK-NEXT: return %{{.*}}, %{{.*}}, %[[B]], %[[B]],
func.func @other_ops_stay(%arg0: tensor<f32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xf32>, tensor<4xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = stablehlo.iota dim = 0 : tensor<4xi32>
  %1 = stablehlo.iota dim = 0 : tensor<4xi32>
  %2 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<f32>) -> tensor<4xf32>
  %3 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<f32>) -> tensor<4xf32>
  %c = sdy.constant dense<1.0> : tensor<4xf32>
  %4 = stablehlo.reshape %c : (tensor<4xf32>) -> tensor<2x2xf32>
  %5 = stablehlo.reshape %c : (tensor<4xf32>) -> tensor<2x2xf32>
  %6 = stablehlo.negate %c : tensor<4xf32>
  %7 = stablehlo.negate %c : tensor<4xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<4xi32>, tensor<4xi32>, tensor<4xf32>, tensor<4xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<4xf32>, tensor<4xf32>
}
