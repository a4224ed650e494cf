// A replicated argument and a sharded one, the result fully sharded on both
// axes of one dimension.
// MESH @mesh = xy
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<16x4xi32>, %b: tensor<16x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) -> (tensor<16x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}) {
  %0 = stablehlo.subtract %a, %b : tensor<16x4xi32>
  %1 = stablehlo.multiply %0, %0 : tensor<16x4xi32>
  return %1 : tensor<16x4xi32>
}
