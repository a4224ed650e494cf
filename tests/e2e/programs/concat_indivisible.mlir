// Concatenation producing and consuming indivisible dimensions (3 + 4 = 7).
// MESH @mesh = x
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<3x5xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %b: tensor<4x5xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<7x5xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<3x5xi32>, tensor<4x5xi32>) -> tensor<7x5xi32>
  %1 = stablehlo.multiply %0, %0 : tensor<7x5xi32>
  return %1 : tensor<7x5xi32>
}
