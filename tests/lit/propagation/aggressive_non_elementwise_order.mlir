// RUN: sdy-opt %s -split-input-file -sdy-aggressive-propagate | FileCheck %s

// Aggressive propagation on ops other than elementwise ones orders
// conflicting factors by source size, then source index only: a more
// sharded factor does not go first (it does on elementwise ops,
// aggressive_tie_break.mlir). The expectations are the real Shardy's output
// (sdy-aggressive-propagate).

// Equal sizes: the lhs's "x" goes before the rhs's "x", "z".
// CHECK: func.func @main(%arg0: tensor<4x16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {}]>}, %arg1: tensor<32x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x", "z"}]>}) -> (tensor<4x16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"x", ?}, {?}]>})
// CHECK-NEXT: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [2] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"x", ?}, {?}]>]>} : (tensor<4x16x32xf32>, tensor<32x64xf32>) -> tensor<4x16x64xf32>
sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>
func.func @main(%arg0: tensor<4x16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {}]>}, %arg5: tensor<32x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x", "z"}]>}) -> tensor<4x16x64xf32> {
  %83 = stablehlo.dot_general %arg0, %arg5, contracting_dims = [2] x [0] : (tensor<4x16x32xf32>, tensor<32x64xf32>) -> tensor<4x16x64xf32>
  return %83 : tensor<4x16x64xf32>
}

// -----

// Batching dot_general: operand 0's "model" before operand 1's
// "data", "model".
// CHECK: func.func @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model", ?}, {"data", ?}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"data", "model", ?}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model", ?}, {"data", ?}]>})
// CHECK-NEXT: %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0, 1] x [0, 1], contracting_dims = [] x [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"model", ?}, {"data", ?}]>]>} : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
sdy.mesh @mesh = <["data"=2, "model"=4]>
func.func @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model", ?}, {?}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"data", "model", ?}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0, 1] x [0, 1], contracting_dims = [] x [] : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
