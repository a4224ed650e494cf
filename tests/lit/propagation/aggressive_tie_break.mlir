// RUN: sdy-opt %s -split-input-file -sdy-aggressive-propagate | FileCheck %s

// Aggressive propagation: each tensor takes as much of a factor's source
// sharding as it can hold, factor by factor (larger source tensor first,
// then more sharded factor, then lower source index), so two dimensions
// wanting the same axis give it to the first one. The expectations are the
// real Shardy's output (sdy-aggressive-propagate) for these modules.

sdy.mesh @mesh = <["data"=2, "model"=4]>
// CHECK-LABEL: func.func @more_sharded_first
// CHECK: stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"data", "model", ?}]>]>}
func.func @more_sharded_first(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model", ?}, {"data", ?}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"data", "model", ?}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----
sdy.mesh @mesh = <["data"=2, "model"=4]>
// CHECK-LABEL: func.func @lower_source_first
// CHECK: stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"model", ?}]>]>}
func.func @lower_source_first(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"model", ?}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model", ?}, {?}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----
sdy.mesh @mesh = <["data"=2, "model"=4]>
// CHECK-LABEL: func.func @larger_source_first
// CHECK: stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data", ?}, {"model", ?}]>]>}
func.func @larger_source_first(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data", "model", ?}, {?}]>}, %arg1: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"model", ?}]>}) -> tensor<8x32xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
  return %0 : tensor<8x32xf32>
}

// -----
sdy.mesh @mesh = <["data"=2, "model"=4]>
// The result is the only tensor that can take all of "data", "model".
// CHECK-LABEL: func.func @per_tensor
// CHECK-SAME: %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data", ?}, {"model", ?}]>}
// CHECK: stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data", "model", ?}, {?}]>]>}
func.func @per_tensor(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data", "model", ?}, {?}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"model", ?}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
