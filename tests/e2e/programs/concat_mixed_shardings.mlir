// Concatenate along a dimension that every operand and the result shard
// differently (along both mesh axes): the concatenated dimension is a
// permutation factor and must be taken whole, the other keeps a sharding.
// MESH @mesh = xy
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}, %b: tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}) -> (tensor<8x24xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y", "x"}]>}) {
  %0 = stablehlo.concatenate %a, %b, dim = 1 : (tensor<8x8xi32>, tensor<8x16xi32>) -> tensor<8x24xi32>
  %1 = stablehlo.negate %0 : tensor<8x24xi32>
  return %1 : tensor<8x24xi32>
}
