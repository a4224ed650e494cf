// RUN: sdy-opt %s -split-input-file -sdy-convert-global-to-local -verify-diagnostics

// A windowed dimension with base dilation 2 whose result shards have an odd
// number of rows (7) cannot keep its shards: their windows start on an input
// row on some shards and on a hole on others (the partitioner gathers it
// before the op). Lowered as it is, it is refused.
sdy.mesh @mesh = <["x"=2]>

func.func @base_dilated(%arg0: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<14x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %cst = stablehlo.constant dense<0.0> : tensor<f32>
  // expected-error @+1 {{is sharded along windowed dimension 0 in a way halo exchange does not handle (a base or lhs dilation that does not divide the result shard's extent, or an empty dimension); it must be gathered first}}
  %0 = "stablehlo.reduce_window"(%arg0, %cst) <{window_dimensions = array<i64: 2, 1>, base_dilations = array<i64: 2, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : (tensor<8x2xf32>, tensor<f32>) -> tensor<14x2xf32>
  return %0 : tensor<14x2xf32>
}

// -----

// The same for a convolution with lhs dilation 2 (a transposed convolution)
// and 7 result rows per shard.
sdy.mesh @mesh = <["x"=2]>

func.func @lhs_dilated(%arg0: tensor<1x8x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {}]>}, %arg1: tensor<3x1x1xf32>) -> (tensor<1x14x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {}]>}) {
  // expected-error @+1 {{is sharded along windowed dimension 1 in a way halo exchange does not handle}}
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {pad = [[1, 0]], lhs_dilate = [2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}, {}]>]>} : (tensor<1x8x1xf32>, tensor<3x1x1xf32>) -> tensor<1x14x1xf32>
  return %0 : tensor<1x14x1xf32>
}

// -----

// A size-1 window with base dilation whose result shards (11 rows) do not
// line up with the dilated input shards (12 rows) is refused as well.
sdy.mesh @mesh = <["x"=2]>

func.func @base_dilated_unaligned(%arg0: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<22x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %cst = stablehlo.constant dense<0.0> : tensor<f32>
  // expected-error @+1 {{is sharded along windowed dimension 0 in a way halo exchange does not handle (a base or lhs dilation that does not divide the result shard's extent, or an empty dimension); it must be gathered first}}
  %0 = "stablehlo.reduce_window"(%arg0, %cst) <{window_dimensions = array<i64: 1, 1>, base_dilations = array<i64: 3, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : (tensor<8x2xf32>, tensor<f32>) -> tensor<22x2xf32>
  return %0 : tensor<22x2xf32>
}
