// 1-D integer convolution (bit-exact): batch over "x", output features over
// "y", input features last in the kernel layout.
// MESH @mesh = xy
sdy.mesh @mesh = MESH
func.func @main(%x: tensor<4x5x10xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {}]>},
                %w: tensor<8x3x5xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}, {}]>}) -> (tensor<4x8x10xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}, {}]>}) {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0]x[o, 0, i]->[b, f, 0], window = {pad = [[1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<4x5x10xi32>, tensor<8x3x5xi32>) -> tensor<4x8x10xi32>
  return %0 : tensor<4x8x10xi32>
}
