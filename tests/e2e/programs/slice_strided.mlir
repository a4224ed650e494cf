// Strided slices of a sharded tensor along the sharded dimension.
// MESH @mesh = xy
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<16x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, tensor<4x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) {
  %0 = stablehlo.slice %a [0:16:2, 3:11] : (tensor<16x16xi32>) -> tensor<8x8xi32>
  %1 = stablehlo.slice %a [5:9, 0:16] : (tensor<16x16xi32>) -> tensor<4x16xi32>
  return %0, %1 : tensor<8x8xi32>, tensor<4x16xi32>
}
