// reshape 16x8 -> 4x4x8 -> transpose -> 4x32: sharding flows through split
// and merged dimensions.
// MESH @mesh = xy
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> tensor<4x32xf32> {
  %0 = stablehlo.reshape %a : (tensor<16x8xf32>) -> tensor<4x4x8xf32>
  %1 = stablehlo.abs %0 : tensor<4x4x8xf32>
  %2 = stablehlo.reshape %1 : (tensor<4x4x8xf32>) -> tensor<4x32xf32>
  return %2 : tensor<4x32xf32>
}
