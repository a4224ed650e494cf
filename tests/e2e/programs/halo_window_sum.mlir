// Cumsum-like reduce_windows along a dimension sharded over x: a moving sum
// of 4 (low padding 3) takes 3 halo rows from the left neighbour only, a
// centred i32 sum of 5 (padding 2, 2) takes 2 rows from each side, and a
// full cumsum (window 32, padding 31) needs more than one shard: device d
// receives the d shards before it, one collective_permute per distance.
// 64 rows keep the shards large enough for the exchange to be modelled
// cheaper than a gather on 2, 4 and 8 devices.
// MESH @mesh = x
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<64x32xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) -> (tensor<64x32xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}, tensor<64x32xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}, tensor<64x32xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) {
  %z = stablehlo.constant dense<0> : tensor<i32>
  %0 = "stablehlo.reduce_window"(%a, %z) <{padding = dense<[[0, 0], [3, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 4>}> ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    %s = stablehlo.add %x, %y : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<64x32xi32>, tensor<i32>) -> tensor<64x32xi32>
  %1 = "stablehlo.reduce_window"(%a, %z) <{padding = dense<[[0, 0], [2, 2]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 5>}> ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    %s = stablehlo.add %x, %y : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<64x32xi32>, tensor<i32>) -> tensor<64x32xi32>
  %2 = "stablehlo.reduce_window"(%a, %z) <{padding = dense<[[0, 0], [31, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 32>}> ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    %s = stablehlo.add %x, %y : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<64x32xi32>, tensor<i32>) -> tensor<64x32xi32>
  return %0, %1, %2 : tensor<64x32xi32>, tensor<64x32xi32>, tensor<64x32xi32>
}
