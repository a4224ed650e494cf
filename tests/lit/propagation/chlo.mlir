// Propagation through chlo ops: elementwise ones pass every factor, top_k
// keeps the batch sharding and leaves its last dimension replicated.
// RUN: sdy-opt %s -sdy-propagation-pipeline | FileCheck %s

sdy.mesh @mesh = <["data"=2, "model"=4]>
func.func @main(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {"model"}]>}) -> (tensor<16x8xf32>, tensor<16x2xf32>, tensor<16x2xi32>) {
  // CHECK: chlo.erf %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {"model"}]>]>}
  // CHECK: chlo.top_k(%0, k = 2) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {}]>, <@mesh, [{"data"}, {}]>]>}
  %0 = chlo.erf %arg0 : tensor<16x8xf32> -> tensor<16x8xf32>
  %values, %indices = chlo.top_k(%0, k = 2) : tensor<16x8xf32> -> (tensor<16x2xf32>, tensor<16x2xi32>)
  return %0, %values, %indices : tensor<16x8xf32>, tensor<16x2xf32>, tensor<16x2xi32>
}
