// A value produced on one mesh, constrained onto another mesh with the
// same device order, then used there.
// MESH @mesh = xy
// MESH @flat 2: <["f"=2]> ; 4: <["f"=4]> ; 8: <["f"=8]>
sdy.mesh @mesh = MESH
sdy.mesh @flat = MESH
func.func @main(%a: tensor<16x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}) -> (tensor<16x8xi32> {sdy.sharding = #sdy.sharding<@flat, [{}, {"f"}]>}) {
  %0 = stablehlo.negate %a : tensor<16x8xi32>
  %1 = sdy.sharding_constraint %0 <@flat, [{"f"}, {}]> : tensor<16x8xi32>
  %2 = stablehlo.multiply %1, %1 : tensor<16x8xi32>
  return %2 : tensor<16x8xi32>
}
