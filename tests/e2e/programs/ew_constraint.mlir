// A sharding constraint in the middle of a chain: all_to_all both ways.
// MESH @mesh = xy
// MPI
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}) {
  %0 = stablehlo.negate %a : tensor<8x16xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{}, {"x", "y"}]> : tensor<8x16xf32>
  %2 = stablehlo.abs %1 : tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}
