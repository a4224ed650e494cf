// top_k over a batch sharded on one axis and a last dim sharded on the
// other: the rule replicates the last dim (need-replication) and keeps the
// batch sharding, so each device runs top_k on whole rows of its batch shard.
// MESH @mesh = yx
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}, %b: tensor<4x2x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}, {}]>}) -> (tensor<8x3xf32>, tensor<8x3xi32>, tensor<4x2x5xi32>, tensor<4x2x5xi32>) {
  %v, %i = chlo.top_k(%a, k = 3) : tensor<8x16xf32> -> (tensor<8x3xf32>, tensor<8x3xi32>)
  %v2, %i2 = chlo.top_k(%b, k = 5) : tensor<4x2x16xi32> -> (tensor<4x2x5xi32>, tensor<4x2x5xi32>)
  return %v, %i, %v2, %i2 : tensor<8x3xf32>, tensor<8x3xi32>, tensor<4x2x5xi32>, tensor<4x2x5xi32>
}
