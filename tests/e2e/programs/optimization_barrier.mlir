// optimization_barrier as a data-flow op between sharded computations.
// MESH @mesh = xy
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %b: tensor<8x8xi32>) -> (tensor<8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) {
  %0 = stablehlo.add %a, %b : tensor<8x8xi32>
  %1:2 = stablehlo.optimization_barrier %0, %b : tensor<8x8xi32>, tensor<8x8xi32>
  %2 = stablehlo.multiply %1#0, %1#1 : tensor<8x8xi32>
  return %2 : tensor<8x8xi32>
}
