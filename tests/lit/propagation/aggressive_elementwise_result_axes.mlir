// RUN: sdy-opt %s -split-input-file -sdy-aggressive-propagate | FileCheck %s

// On an elementwise op, an axis a result uses for one factor stops every
// other factor there: %arg1 gets nothing, since "model" (from %arg0's
// second dimension) is the result's first dimension's, and %arg0 and the
// result disagree on the first. As in the real Shardy (its
// sdy-aggressive-propagate output).

// %arg1 stays unsharded.
// CHECK: func.func @main(%arg0: tensor<32x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {"model"}]>}, %arg1: tensor<32x64xf32>) -> (tensor<32x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model", ?}, {?}]>})
// CHECK-NEXT: %0 = stablehlo.multiply %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"model", ?}, {?}]>]>} : tensor<32x64xf32>
sdy.mesh @mesh = <["data"=2, "model"=4]>
func.func @main(%arg0: tensor<32x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {"model"}]>}, %arg1: tensor<32x64xf32>) -> tensor<32x64xf32> {
  %0 = stablehlo.multiply %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"model", ?}, {?}]>]>} : tensor<32x64xf32>
  return %0 : tensor<32x64xf32>
}
