// Splitting a sharded dimension 32 -> 2x16: on 4 and 8 devices the axis is
// split into sub-axes ("x":(1)2 on the major and "x":(2)k on the minor
// dimension); the result sharding is left to propagation.
// MESH @mesh = x
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<32xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<2x16xi32> {
  %0 = stablehlo.reshape %a : (tensor<32xi32>) -> tensor<2x16xi32>
  %1 = stablehlo.multiply %0, %0 : tensor<2x16xi32>
  return %1 : tensor<2x16xi32>
}
