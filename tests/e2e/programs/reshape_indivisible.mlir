// Reshape of a tensor whose sharded dimension is not divisible (6 rows).
// MESH @mesh = xy
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<6x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<24xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
  %0 = stablehlo.reshape %a : (tensor<6x4xi32>) -> tensor<24xi32>
  return %0 : tensor<24xi32>
}
