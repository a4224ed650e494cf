// stablehlo.dot with an integer vector-matrix product, the matrix sharded
// on both dimensions.
// MESH @mesh = xy
sdy.mesh @mesh = MESH
func.func @main(%v: tensor<8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}, %m: tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}) {
  %0 = stablehlo.dot %v, %m : (tensor<8xi32>, tensor<8x16xi32>) -> tensor<16xi32>
  return %0 : tensor<16xi32>
}
