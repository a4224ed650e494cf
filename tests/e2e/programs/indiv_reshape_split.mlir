// Reshape 6x10 -> 60 -> 12x5 with indivisible sharded dimensions on the way.
// MESH @mesh = x
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<6x10xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<12x5xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %0 = stablehlo.reshape %a : (tensor<6x10xi32>) -> tensor<60xi32>
  %1 = stablehlo.negate %0 : tensor<60xi32>
  %2 = stablehlo.reshape %1 : (tensor<60xi32>) -> tensor<12x5xi32>
  return %2 : tensor<12x5xi32>
}
