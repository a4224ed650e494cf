// Iota along an indivisible sharded dimension.
// MESH @mesh = x
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<7x3xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<7x3xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %i = stablehlo.iota dim = 0 : tensor<7x3xi32>
  %0 = stablehlo.add %a, %i : tensor<7x3xi32>
  return %0 : tensor<7x3xi32>
}
