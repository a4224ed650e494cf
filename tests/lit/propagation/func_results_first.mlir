// RUN: sdy-opt %s -sdy-basic-propagate | FileCheck %s

// A function's result shardings reach the returned values before the body
// propagates into them: the multiply keeps the result's "data", and the
// broadcast, between "model" (from the transpose) and "data", gets nothing.
// The expectations are the real Shardy's output (sdy-basic-propagate) for
// this module.

sdy.mesh @mesh = <["data"=2, "model"=4]>

// CHECK-LABEL: func.func @main
// CHECK-NEXT: stablehlo.transpose %arg0, dims = [2, 0, 1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"model", ?}, {?}, {?}]>]>}
// CHECK-NEXT: stablehlo.constant
// CHECK-NEXT: %[[B:.*]] = stablehlo.broadcast_in_dim %{{.*}}, dims = [] : (tensor<f32>) -> tensor<16x8x8xf32>
// CHECK-NEXT: stablehlo.multiply %{{.*}}, %[[B]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data", ?}, {?}, {?}]>]>}
func.func @main(%arg0: tensor<8x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"model"}]>}) -> (tensor<16x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}, {}]>}) {
  %0 = stablehlo.transpose %arg0, dims = [2, 0, 1] : (tensor<8x8x16xf32>) -> tensor<16x8x8xf32>
  %1 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
  %2 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<f32>) -> tensor<16x8x8xf32>
  %3 = stablehlo.multiply %0, %2 : tensor<16x8x8xf32>
  return %3 : tensor<16x8x8xf32>
}
