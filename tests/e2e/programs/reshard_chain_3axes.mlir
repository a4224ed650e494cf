// A chain of sharding constraints moving axes between dimensions, merging
// and reordering them on a 3-axis mesh: all_to_all, all_gather, all_slice
// and collective_permute; integer data movement.
// MESH @mesh = xyz
// MPI
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<8x8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}, {"z"}]>}) -> (tensor<8x8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"z", "y", "x"}, {}, {}]>}) {
  %0 = stablehlo.add %a, %a : tensor<8x8x8xi32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{"y"}, {"x"}, {"z"}]> : tensor<8x8x8xi32>
  %2 = stablehlo.negate %1 : tensor<8x8x8xi32>
  %3 = sdy.sharding_constraint %2 <@mesh, [{}, {"x", "y", "z"}, {}]> : tensor<8x8x8xi32>
  %4 = stablehlo.multiply %3, %a : tensor<8x8x8xi32>
  %5 = sdy.sharding_constraint %4 <@mesh, [{"z"}, {}, {"y", "x"}]> : tensor<8x8x8xi32>
  %6 = stablehlo.abs %5 : tensor<8x8x8xi32>
  return %6 : tensor<8x8x8xi32>
}
