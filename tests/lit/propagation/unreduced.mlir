// RUN: sdy-opt %s -split-input-file -sdy-propagation-pipeline | FileCheck %s

// Unreduced axes through propagation and its export, as in the real Shardy
// (JAX 0.10.2): propagation keeps a tensor's unreduced axes and never puts
// them on a dimension; the export all-reduces them before a use that does
// not keep them unreduced.

// A dot_general constrained to an unreduced result: the reshard keeps the
// partial sums, the negate gets them all-reduced.
// CHECK-LABEL: func.func @main
// CHECK-SAME: (%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
// CHECK-NEXT: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}], unreduced={"a"}>]>} : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: %1 = sdy.reshard %0 <@mesh, [{}, {}], unreduced={"a"}> : tensor<8x8xf32>
// CHECK-NEXT: %2 = sdy.all_reduce {"a"} %1 out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: %3 = stablehlo.negate %2 : tensor<8x8xf32>
// CHECK-NEXT: %4 = stablehlo.add %3, %3 : tensor<8x8xf32>
// CHECK-NEXT: return %4 : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32>) {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{}, {}], unreduced={"a"}> : tensor<8x8xf32>
  %2 = stablehlo.negate %1 : tensor<8x8xf32>
  %3 = stablehlo.add %2, %2 : tensor<8x8xf32>
  return %3 : tensor<8x8xf32>
}

// -----

// An unreduced argument: its other dimensions still propagate, "a" stays
// off its dimensions, and each use gets its own all_reduce.
// CHECK-LABEL: func.func @main
// CHECK-SAME: (%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}], unreduced={"a"}>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK-NEXT: %0 = sdy.all_reduce {"a"} %arg0 out_sharding=<@mesh, [{}, {"b"}]> : tensor<8x8xf32>
// CHECK-NEXT: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x8xf32>
// CHECK-NEXT: %2 = stablehlo.add %1, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x8xf32>
// CHECK-NEXT: %3 = sdy.all_reduce {"a"} %arg0 out_sharding=<@mesh, [{}, {"b"}]> : tensor<8x8xf32>
// CHECK-NEXT: %4 = stablehlo.abs %3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<8x8xf32>
// CHECK-NEXT: return %2, %4 : tensor<8x8xf32>, tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}], unreduced={"a"}>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  %1 = stablehlo.add %0, %arg1 : tensor<8x8xf32>
  %2 = stablehlo.abs %arg0 : tensor<8x8xf32>
  return %1, %2 : tensor<8x8xf32>, tensor<8x8xf32>
}
