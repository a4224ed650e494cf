// Strided convolutions whose output does not split evenly, along a
// dimension sharded over x: 14 rows with stride 2 and a 3-wide kernel
// (padding 1) give 7 results (4, 2 and 1 per shard on 2, 4 and 8 devices),
// 14 rows with stride 3 and a 4-wide VALID kernel give 4. The dimension
// stays sharded (the input in ceil(14/k)-row shards, the last padded with
// zeros) and each shard receives the rows its windows read from its
// neighbours. On 8 devices the 4 results of the second take only a 4-way
// part of x (a factor is never split more ways than its size), so its
// input is gathered first.
// MESH @mesh = x
// TOL: 1e-5
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<4x14x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {}]>}, %w: tensor<3x32x4xf32>, %w4: tensor<4x32x4xf32>) -> (tensor<4x7x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {}]>}, tensor<4x4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {}]>}) {
  %0 = stablehlo.convolution(%a, %w) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [2], pad = [[1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<4x14x32xf32>, tensor<3x32x4xf32>) -> tensor<4x7x4xf32>
  %1 = stablehlo.convolution(%a, %w4) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [3]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<4x14x32xf32>, tensor<4x32x4xf32>) -> tensor<4x4x4xf32>
  return %0, %1 : tensor<4x7x4xf32>, tensor<4x4x4xf32>
}
