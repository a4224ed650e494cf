// Merging two sharded dimensions 8x16 -> 128 ({"x"},{"y"} -> {"x","y"}).
// MESH @mesh = xy
// MPI
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<128xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}]>}) {
  %0 = stablehlo.negate %a : tensor<8x16xi32>
  %1 = stablehlo.reshape %0 : (tensor<8x16xi32>) -> tensor<128xi32>
  return %1 : tensor<128xi32>
}
