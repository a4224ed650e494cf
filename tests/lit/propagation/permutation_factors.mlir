// RUN: sdy-opt %s -sdy-propagation-pipeline | FileCheck %s

// Permutation (reverse, slice, pad) and need_replication (concatenate)
// factors propagate like any other factor; only blocked factors
// (dynamic_slice's sliced dims) stop it. The expectations are the real
// Shardy's output for this module.

sdy.mesh @mesh = <["data"=2, "model"=4]>

// The functions come out in reverse order (-sdy-pre-order-funcs, as in
// Shardy): @back first.
// CHECK-LABEL: func.func @back(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>})
// CHECK: stablehlo.slice %arg0 [0:8, 8:16] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"model"}]>]>}

// CHECK-LABEL: func.func @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {"model"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {"model"}]>}, tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {"model"}]>}, tensor<8x20xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {"model"}]>}, tensor<8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {"model"}]>}, tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>})
// CHECK: stablehlo.reverse %arg0, dims = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {"model"}]>]>}
// CHECK: stablehlo.slice %{{.+}} [0:8, 0:8] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {"model"}]>]>}
// CHECK: stablehlo.pad {{.+}} {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {"model"}]>]>}
// CHECK: stablehlo.concatenate {{.+}} {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {"model"}]>]>}
// CHECK: stablehlo.dynamic_slice {{.+}} {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {}]>]>}
func.func @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {"model"}]>}) -> (tensor<8x16xf32>, tensor<8x8xf32>, tensor<8x20xf32>, tensor<8x32xf32>, tensor<8x4xf32>) {
  %c = stablehlo.constant dense<0.0> : tensor<f32>
  %i = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.reverse %arg0, dims = [1] : tensor<8x16xf32>
  %1 = stablehlo.slice %0 [0:8, 0:8] : (tensor<8x16xf32>) -> tensor<8x8xf32>
  %2 = stablehlo.pad %0, %c, low = [0, 2], high = [0, 2], interior = [0, 0] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8x20xf32>
  %3 = stablehlo.concatenate %0, %0, dim = 1 : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x32xf32>
  %4 = stablehlo.dynamic_slice %0, %i, %i, sizes = [8, 4] : (tensor<8x16xf32>, tensor<i32>, tensor<i32>) -> tensor<8x4xf32>
  return %0, %1, %2, %3, %4 : tensor<8x16xf32>, tensor<8x8xf32>, tensor<8x20xf32>, tensor<8x32xf32>, tensor<8x4xf32>
}

// A sharding on the result of a slice crosses it backwards (checked above).
func.func @back(%arg0: tensor<8x16xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.slice %arg0 [0:8, 8:16] : (tensor<8x16xf32>) -> tensor<8x8xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{}, {"model"}]> : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}
