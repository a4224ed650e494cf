// A 3x3 convolution with VALID padding, stride 1 (16 rows -> 14), of an
// NCHW batch of integers sharded on H over x (2 shards on 2, 4 and 8
// devices): H takes the halo path with a different window offset per
// device (a dynamic_slice of the extended shard).
// MESH @mesh = xy
sdy.mesh @mesh = MESH
func.func @main(%x: tensor<2x3x16x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"x"}, {}]>}, %w: tensor<4x3x3x3xi32>) -> (tensor<2x4x14x14xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"x"}, {}]>}) {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x3x16x16xi32>, tensor<4x3x3x3xi32>) -> tensor<2x4x14x14xi32>
  return %0 : tensor<2x4x14x14xi32>
}
