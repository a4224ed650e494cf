// No result sharding: propagation decides it (read back from the
// partitioned module).
// MESH @mesh = xy
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}, {"y", ?}]>}, %b: tensor<8x16xi32>) -> tensor<8x16xi32> {
  %0 = stablehlo.multiply %a, %b : tensor<8x16xi32>
  %1 = stablehlo.add %0, %b : tensor<8x16xi32>
  return %1 : tensor<8x16xi32>
}
