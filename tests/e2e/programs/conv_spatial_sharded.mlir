// Spatial dimensions sharded on the input and the result: the partitioner
// gathers them (windows would need halos), with strides, padding, both
// dilations and reversal.
// MESH @mesh = xy
// TOL: 1e-5
sdy.mesh @mesh = MESH
func.func @main(%x: tensor<2x16x12x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {"y"}, {}]>},
                %w: tensor<3x2x3x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {}, {}]>}) -> (tensor<2x8x11x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {"y"}, {}]>}) {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[2, 1], [0, -1]], lhs_dilate = [1, 2], rhs_dilate = [2, 1], reverse = [true, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x16x12x3xf32>, tensor<3x2x3x4xf32>) -> tensor<2x8x11x4xf32>
  return %0 : tensor<2x8x11x4xf32>
}
