// 3x3 and 5x5 convolutions with SAME padding, stride 1, of an NHWC batch
// sharded on H over x and on W over y: the spatial dimensions stay sharded
// and each device receives the halo rows (1 for 3x3, 2 for 5x5) and then
// columns of its neighbours by collective_permute; the global edges read
// zeros (the padding).
// MESH @mesh = xy
// TOL: 1e-5
sdy.mesh @mesh = MESH
func.func @main(%x: tensor<2x16x16x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {"y"}, {}]>}, %w: tensor<3x3x3x4xf32>, %w5: tensor<5x5x3x2xf32>) -> (tensor<2x16x16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {"y"}, {}]>}, tensor<2x16x16x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {"y"}, {}]>}) {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x16x16x3xf32>, tensor<3x3x3x4xf32>) -> tensor<2x16x16x4xf32>
  %1 = stablehlo.convolution(%x, %w5) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[2, 2], [2, 2]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x16x16x3xf32>, tensor<5x5x3x2xf32>) -> tensor<2x16x16x2xf32>
  return %0, %1 : tensor<2x16x16x4xf32>, tensor<2x16x16x2xf32>
}
