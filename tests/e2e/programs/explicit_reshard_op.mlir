// An explicit sdy.reshard in the input program between two elementwise ops.
// MESH @mesh = xy
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}) {
  %0 = stablehlo.add %a, %a : tensor<8x16xi32>
  %1 = sdy.reshard %0 <@mesh, [{"y"}, {"x"}]> : tensor<8x16xi32>
  %2 = stablehlo.multiply %1, %1 : tensor<8x16xi32>
  return %2 : tensor<8x16xi32>
}
