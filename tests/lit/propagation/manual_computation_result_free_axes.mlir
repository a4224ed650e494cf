// RUN: sdy-opt %s -split-input-file -sdy-propagation-pipeline | FileCheck %s

// A manual computation's result is its out_sharding: the free axes its uses
// want flow into it (up to the first manual axis) and on into the body, as
// in the real Shardy. The expectations are its output
// (sdy-propagation-pipeline).

// The add wants ["a", "c", "b"] on dimension 0: the out_sharding takes
// "a" ("c" is manual), and so does the body.
// CHECK: func.func @main(%arg0: tensor<32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "c", "b"}, {}]>}) -> (tensor<32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "c", "b"}, {}]>})
// CHECK-NEXT: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}, {"c"}]>] out_shardings=[<@mesh, [{"a"}, {"c"}]>] manual_axes={"c"} (%arg1: tensor<32x8xf32>) {
// CHECK-NEXT: %2 = stablehlo.tanh %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<32x8xf32>
// CHECK: %1 = stablehlo.add %arg0, %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "c", "b"}, {}]>]>} : tensor<32x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @main(%arg0: tensor<32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "c", "b", ?}, {?}]>}) -> (tensor<32x16xf32>) {
  %v4 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}, {"c", ?}]>] out_shardings=[<@mesh, [{?}, {"c"}]>] manual_axes={"c"} (%v1: tensor<32x8xf32>) {
    %v2 = stablehlo.tanh %v1 : tensor<32x8xf32>
    sdy.return %v2 : tensor<32x8xf32>
  } : (tensor<32x16xf32>) -> tensor<32x16xf32>
  %v5 = stablehlo.add %arg0, %v4 : tensor<32x16xf32>
  return %v5 : tensor<32x16xf32>
}
