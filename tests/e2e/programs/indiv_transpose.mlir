// Transpose of an indivisible tensor.
// MESH @mesh = xy
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<5x6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<6x5xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}) {
  %0 = stablehlo.transpose %a, dims = [1, 0] : (tensor<5x6xi32>) -> tensor<6x5xi32>
  %1 = stablehlo.multiply %0, %0 : tensor<6x5xi32>
  return %1 : tensor<6x5xi32>
}
