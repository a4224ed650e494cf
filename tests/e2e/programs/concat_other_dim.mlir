// Concatenate along an unsharded dimension: stays sharded on the other.
// MESH @mesh = xy
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}, %b: tensor<8x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}, %c: tensor<8x16xf32>) -> (tensor<8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}) {
  %0 = stablehlo.concatenate %a, %b, %c, dim = 1 : (tensor<8x4xf32>, tensor<8x12xf32>, tensor<8x16xf32>) -> tensor<8x32xf32>
  return %0 : tensor<8x32xf32>
}
