// Concatenate along the sharded dimension.
// MESH @mesh = x
// MPI
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<8x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %b: tensor<16x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<24x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<8x4xi32>, tensor<16x4xi32>) -> tensor<24x4xi32>
  return %0 : tensor<24x4xi32>
}
