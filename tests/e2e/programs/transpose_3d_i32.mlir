// Rank-3 permutation [2, 0, 1] with shardings on two dimensions.
// MESH @mesh = xyz
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<4x6x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {"y", "z"}]>}) -> tensor<8x4x6xi32> {
  %0 = stablehlo.transpose %a, dims = [2, 0, 1] : (tensor<4x6x8xi32>) -> tensor<8x4x6xi32>
  %1 = stablehlo.add %0, %0 : tensor<8x4x6xi32>
  return %1 : tensor<8x4x6xi32>
}
