// A 3x3 VALID convolution (16 columns -> 14) of an NCHW batch sharded on W
// over y: on 4 devices (y = 2) W takes the halo path; on 8 (y = 4) the 14
// result columns split unevenly (4 per shard, 2 of padding on the last)
// and W still takes it, each shard reading 2 columns of the next.
// MESH @mesh = xy
// TOL: 1e-5
sdy.mesh @mesh = MESH
func.func @main(%x: tensor<2x3x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}, {"y"}]>}, %w: tensor<4x3x3x3xf32>) -> (tensor<2x4x6x14xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}, {"y"}]>}) {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x3x8x16xf32>, tensor<4x3x3x3xf32>) -> tensor<2x4x6x14xf32>
  return %0 : tensor<2x4x6x14xf32>
}
