// Transposed convolutions (lhs dilation, as JAX's conv_transpose emits) of
// an NHWC batch sharded on H over x and on W over y. A 2x upsampling 3x3
// kernel with padding (2, 1) (16 -> 32 rows, SAME) and a 1-D one with
// padding (1, 1) (16 -> 31) keep the dimension sharded: every result
// shard's extent is even, so each shard's windows start at the same offset
// from one of its input rows, and it receives the one input row after (or
// before) its shard; the local convolution keeps the lhs dilation. An lhs
// dilation of 3 with padding 2 (16 -> 48 rows, 3 per input row) reads only
// each shard's own rows: nothing is exchanged. A 2x upsampling of 14 rows
// sharded over (x, y) (28 results: 7 per shard on 4 devices) starts its
// windows on an input row on some shards and on a hole on others: every
// shard computes one result more and keeps its own from a per-device
// offset.
// MESH @mesh = xy
// TOL: 1e-5
sdy.mesh @mesh = MESH
func.func @main(%x: tensor<2x16x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {"y"}, {}]>}, %w: tensor<3x3x8x4xf32>, %w1: tensor<3x8x4xf32>, %y: tensor<2x14x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x", "y"}, {}]>}) -> (tensor<2x32x32x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {"y"}, {}]>}, tensor<2x31x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {}]>}, tensor<2x48x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {}]>}, tensor<2x28x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x", "y"}, {}]>}) {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[2, 1], [2, 1]], lhs_dilate = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x16x16x8xf32>, tensor<3x3x8x4xf32>) -> tensor<2x32x32x4xf32>
  %r = stablehlo.reshape %x : (tensor<2x16x16x8xf32>) -> tensor<2x16x128xf32>
  %s = stablehlo.slice %r [0:2, 0:16, 0:8] : (tensor<2x16x128xf32>) -> tensor<2x16x8xf32>
  %1 = stablehlo.convolution(%s, %w1) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {pad = [[1, 1]], lhs_dilate = [2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x16x8xf32>, tensor<3x8x4xf32>) -> tensor<2x31x4xf32>
  %2 = stablehlo.convolution(%s, %w1) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {pad = [[2, 2]], lhs_dilate = [3]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x16x8xf32>, tensor<3x8x4xf32>) -> tensor<2x48x4xf32>
  %3 = stablehlo.convolution(%y, %w1) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {pad = [[2, 1]], lhs_dilate = [2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x14x8xf32>, tensor<3x8x4xf32>) -> tensor<2x28x4xf32>
  return %0, %1, %2, %3 : tensor<2x32x32x4xf32>, tensor<2x31x4xf32>, tensor<2x48x4xf32>, tensor<2x28x4xf32>
}
