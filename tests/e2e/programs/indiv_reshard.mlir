// Resharding an indivisible tensor between dimensions (5x7 -> 7x5 layout
// change through a constraint), integer data movement.
// MESH @mesh = xy
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<5x7xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<5x7xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}) {
  %0 = stablehlo.negate %a : tensor<5x7xi32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{}, {"x", "y"}]> : tensor<5x7xi32>
  %2 = stablehlo.add %1, %a : tensor<5x7xi32>
  return %2 : tensor<5x7xi32>
}
