// An applied constraint carries an identity sharding rule, as in the real
// Shardy (checked with JAX 0.10.2's Shardy): propagation then passes
// through it like a pointwise op. A constraint that is not applied gets
// none.
// RUN: sdy-opt %s -sdy-apply-sharding-constraints | FileCheck %s

sdy.mesh @mesh = <["x"=2, "y"=2]>

// CHECK-LABEL: func.func @applied(
// CHECK-NEXT: stablehlo.tanh %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>}
// CHECK-NEXT: sdy.sharding_constraint %0 <@mesh, [{"x"}, {}]> {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=8}>} : tensor<8x8xf32>
func.func @applied(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.tanh %arg0 : tensor<8x8xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{"x"}, {}]> : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// CHECK-LABEL: func.func @presharded(
// CHECK-NEXT: stablehlo.tanh %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}]>]>}
// CHECK-NEXT: sdy.sharding_constraint %0 <@mesh, [{"x"}, {}]> : tensor<8x8xf32>
func.func @presharded(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.tanh %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}]>]>} : tensor<8x8xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{"x"}, {}]> : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// CHECK-LABEL: func.func @scalar_arg(
// CHECK-SAME: %arg0: tensor<f32> {sdy.sharding = #sdy.sharding<@mesh, []>}
// CHECK-NEXT: sdy.sharding_constraint %arg0 <@mesh, []> {sdy.sharding_rule = #sdy.op_sharding_rule<([])->([])>} : tensor<f32>
func.func @scalar_arg(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = sdy.sharding_constraint %arg0 <@mesh, []> : tensor<f32>
  return %0 : tensor<f32>
}

// CHECK-LABEL: func.func @chain(
// CHECK-NEXT: stablehlo.tanh %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>}
// CHECK-NEXT: sdy.sharding_constraint %0 <@mesh, [{"x"}, {}]> {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=8}>} : tensor<8x8xf32>
// CHECK-NEXT: sdy.sharding_constraint %1 <@mesh, [{"y"}, {}]> : tensor<8x8xf32>
func.func @chain(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.tanh %arg0 : tensor<8x8xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{"x"}, {}]> : tensor<8x8xf32>
  %2 = sdy.sharding_constraint %1 <@mesh, [{"y"}, {}]> : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}
