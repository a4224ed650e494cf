// RUN: sdy-opt %s -split-input-file -sdy-propagation-pipeline | FileCheck %s

// dynamic_slice and dynamic_update_slice are pass-through ops of the first
// op-priority rounds that only propagate forward there (their scalar start
// indices do not make them multi-use), as in the real Shardy. The
// expectations are its output (sdy-propagation-pipeline).

// The slice takes "x" forward in the first round, before the result's
// "y" comes back.
// CHECK: func.func @main(%arg0: tensor<8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}, %arg1: tensor<i32>) -> (tensor<4x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>})
// CHECK: %0 = stablehlo.dynamic_slice %arg0, %arg1, %arg1, sizes = [4, 32] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}]>]>} : (tensor<8x32xf32>, tensor<i32>, tensor<i32>) -> tensor<4x32xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}]>]>} : tensor<4x32xf32>
// CHECK: %2 = stablehlo.negate %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} : tensor<4x32xf32>
sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>
func.func @main(%arg0: tensor<8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}, %i: tensor<i32>) -> (tensor<4x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) {
  %0 = stablehlo.dynamic_slice %arg0, %i, %i, sizes = [4, 32] : (tensor<8x32xf32>, tensor<i32>, tensor<i32>) -> tensor<4x32xf32>
  %1 = stablehlo.negate %0 : tensor<4x32xf32>
  %2 = stablehlo.negate %1 : tensor<4x32xf32>
  return %2 : tensor<4x32xf32>
}

// -----

// Forward only: %arg0 takes the dot's "y", not the slice's "x".
// CHECK: func.func @main(%arg0: tensor<8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}, %arg1: tensor<8x16xf32>, %arg2: tensor<i32>) -> (tensor<32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}, tensor<4x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>})
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [0] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}]>]>} : (tensor<8x32xf32>, tensor<8x16xf32>) -> tensor<32x16xf32>
// CHECK: %1 = stablehlo.dynamic_slice %arg0, %arg2, %arg2, sizes = [4, 32] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}]>]>} : (tensor<8x32xf32>, tensor<i32>, tensor<i32>) -> tensor<4x32xf32>
// CHECK: %2 = stablehlo.negate %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}]>]>} : tensor<4x32xf32>
sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>
func.func @main(%arg0: tensor<8x32xf32>, %w: tensor<8x16xf32>, %i: tensor<i32>) -> (tensor<32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}, tensor<4x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) {
  %d = stablehlo.dot_general %arg0, %w, contracting_dims = [0] x [0] : (tensor<8x32xf32>, tensor<8x16xf32>) -> tensor<32x16xf32>
  %0 = stablehlo.dynamic_slice %arg0, %i, %i, sizes = [4, 32] : (tensor<8x32xf32>, tensor<i32>, tensor<i32>) -> tensor<4x32xf32>
  %1 = stablehlo.negate %0 : tensor<4x32xf32>
  return %d, %1 : tensor<32x16xf32>, tensor<4x32xf32>
}

// -----

// A KV-cache update in a loop: the update's "c" reaches the carried
// value before the cache's, and the body's sharding wins at the loop's edge.
// CHECK: func.func @main(%arg0: tensor<8x8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"r"}, {}]>}, %arg1: tensor<4x8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"r"}, {}, {"c"}]>}) -> (tensor<8x8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"r"}, {"c"}]>})
// CHECK: %1:2 = stablehlo.while(%iterArg = %0, %iterArg_0 = %arg0) : tensor<i32>, tensor<8x8x32xf32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>, <@mesh, [{}, {"r"}, {"c"}]>]>}
// CHECK: %5 = stablehlo.dynamic_slice %arg1, %iterArg, %4, %4, sizes = [1, 8, 32] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"r"}, {"c"}]>]>} : (tensor<4x8x32xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x8x32xf32>
// CHECK: %6 = stablehlo.dynamic_update_slice %iterArg_0, %5, %iterArg, %4, %4 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"r"}, {"c"}]>]>} : (tensor<8x8x32xf32>, tensor<1x8x32xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<8x8x32xf32>
sdy.mesh @mesh = <["r"=4, "c"=2]>
func.func @main(%arg0: tensor<8x8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"r"}, {}]>}, %arg1: tensor<4x8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"r"}, {}, {"c"}]>}) -> (tensor<8x8x32xf32>) {
  %0 = stablehlo.constant dense<0> : tensor<i32>
  %5:2 = stablehlo.while(%i = %0, %c0 = %arg0) : tensor<i32>, tensor<8x8x32xf32>
  cond {
    %6 = stablehlo.constant dense<4> : tensor<i32>
    %7 = stablehlo.compare LT, %i, %6 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %7 : tensor<i1>
  } do {
    %6 = stablehlo.constant dense<1> : tensor<i32>
    %7 = stablehlo.add %i, %6 : tensor<i32>
    %10 = stablehlo.constant dense<0> : tensor<i32>
    %15 = stablehlo.dynamic_slice %arg1, %i, %10, %10, sizes = [1, 8, 32] : (tensor<4x8x32xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x8x32xf32>
    %20 = stablehlo.dynamic_update_slice %c0, %15, %i, %10, %10 : (tensor<8x8x32xf32>, tensor<1x8x32xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<8x8x32xf32>
    stablehlo.return %7, %20 : tensor<i32>, tensor<8x8x32xf32>
  }
  return %5#1 : tensor<8x8x32xf32>
}
