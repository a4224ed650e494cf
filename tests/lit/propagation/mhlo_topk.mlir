// mhlo.topk (JAX's top_k in the modules XLA hands to Shardy) has no sharding
// rule, as in Shardy: nothing propagates through it, while a result's user
// still hands its sharding back to the result that feeds it. The CHECK lines
// are the real Shardy's output.
// RUN: sdy-opt %s -sdy-propagation-pipeline | FileCheck %s

sdy.mesh @mesh = <["data"=2, "model"=4]>
func.func @main(%arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {"model"}]>}, %arg1: tensor<16x32xf32>) -> (tensor<16x4xf32>, tensor<16x4xi32>, tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}) {
  // CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {"model"}]>]>} : tensor<16x32xf32>
  // CHECK-NEXT: %values, %indices = mhlo.topk(%0, k = 4) : tensor<16x32xf32> -> (tensor<16x4xf32>, tensor<16x4xi32>)
  // CHECK-NEXT: %1 = stablehlo.abs %values : tensor<16x4xf32>
  // CHECK-NEXT: %values_0, %indices_1 = mhlo.topk(%arg1, k = 4, largest = false) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"model"}, {}]>, <@mesh, [{}, {}]>]>} : tensor<16x32xf32> -> (tensor<16x4xf32>, tensor<16x4xi32>)
  // CHECK-NEXT: %2 = stablehlo.exponential %values_0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"model"}, {}]>]>} : tensor<16x4xf32>
  // CHECK-NEXT: return %1, %indices, %2
  %0 = stablehlo.negate %arg0 : tensor<16x32xf32>
  %values, %indices = mhlo.topk(%0, k = 4) : tensor<16x32xf32> -> (tensor<16x4xf32>, tensor<16x4xi32>)
  %1 = stablehlo.abs %values : tensor<16x4xf32>
  %v2, %i2 = mhlo.topk(%arg1, k = 4, largest = false) : tensor<16x32xf32> -> (tensor<16x4xf32>, tensor<16x4xi32>)
  %2 = stablehlo.exponential %v2 : tensor<16x4xf32>
  return %1, %indices, %2 : tensor<16x4xf32>, tensor<16x4xi32>, tensor<16x4xf32>
}
