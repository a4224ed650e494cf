// batch_group_count = 4 (the shape of a weight gradient): the input batch
// and the output features over "y".
// MESH @mesh = xy
// TOL: 1e-5
sdy.mesh @mesh = MESH
func.func @main(%x: tensor<8x6x6x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}, {}, {}]>},
                %w: tensor<3x3x3x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}, {"y"}]>}) -> (tensor<2x4x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}, {"y"}]>}) {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 4 : i64, feature_group_count = 1 : i64} : (tensor<8x6x6x3xf32>, tensor<3x3x3x8xf32>) -> tensor<2x4x4x8xf32>
  return %0 : tensor<2x4x4x8xf32>
}
