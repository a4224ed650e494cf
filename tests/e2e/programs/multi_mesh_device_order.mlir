// Two meshes with the same axes but different device orders; a value moves
// from one to the other (collective_permute between the orders).
// MESH @mesh = xy
// MESH @rev 2: <["x"=2, "y"=1], device_ids=[1, 0]> ; 4: <["x"=2, "y"=2], device_ids=[3, 2, 1, 0]> ; 8: <["x"=2, "y"=4], device_ids=[7, 6, 5, 4, 3, 2, 1, 0]>
// MPI
sdy.mesh @mesh = MESH
sdy.mesh @rev = MESH
func.func @main(%a: tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@rev, [{"x"}, {"y"}]>}) {
  %0 = stablehlo.negate %a : tensor<8x16xi32>
  %1 = sdy.sharding_constraint %0 <@rev, [{"x"}, {"y"}]> : tensor<8x16xi32>
  %2 = stablehlo.add %1, %1 : tensor<8x16xi32>
  return %2 : tensor<8x16xi32>
}
