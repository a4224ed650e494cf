// Strided and dilated windows of an NHWC batch sharded on H over x and on W
// over y: a 3x3 stride-2 convolution (SAME, 16 -> 8), a 5x5 stride-2
// convolution (pad 2), a 3x3 kernel dilated by 2 (pad 2) and a 3x3 max pool
// dilated by 2 (pad 2). All keep H and W sharded: each device receives the
// rows and columns its windows read from its neighbours (none on the side a
// stride-2 window never crosses) and runs the op with its stride and
// dilation on the extended shard.
// MESH @mesh = xy
// TOL: 1e-5
sdy.mesh @mesh = MESH
func.func @main(%x: tensor<2x16x16x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {"y"}, {}]>}, %w: tensor<3x3x3x4xf32>, %w5: tensor<5x5x3x2xf32>) -> (tensor<2x8x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {"y"}, {}]>}, tensor<2x8x8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {"y"}, {}]>}, tensor<2x16x16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {"y"}, {}]>}, tensor<2x16x16x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {"y"}, {}]>}) {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[0, 1], [0, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x16x16x3xf32>, tensor<3x3x3x4xf32>) -> tensor<2x8x8x4xf32>
  %1 = stablehlo.convolution(%x, %w5) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[2, 2], [2, 2]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x16x16x3xf32>, tensor<5x5x3x2xf32>) -> tensor<2x8x8x2xf32>
  %2 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[2, 2], [2, 2]], rhs_dilate = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x16x16x3xf32>, tensor<3x3x3x4xf32>) -> tensor<2x16x16x4xf32>
  %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %3 = "stablehlo.reduce_window"(%x, %cst) <{padding = dense<[[0, 0], [2, 2], [2, 2], [0, 0]]> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 3, 3, 1>, window_dilations = array<i64: 1, 2, 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<2x16x16x3xf32>, tensor<f32>) -> tensor<2x16x16x3xf32>
  return %0, %1, %2, %3 : tensor<2x8x8x4xf32>, tensor<2x8x8x2xf32>, tensor<2x16x16x4xf32>, tensor<2x16x16x3xf32>
}
