// A sharded chain whose result is replicated: all_gather at the end.
// MESH @mesh = xy
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
  %0 = stablehlo.negate %a : tensor<8x8xi32>
  %1 = stablehlo.abs %0 : tensor<8x8xi32>
  %2 = stablehlo.add %1, %a : tensor<8x8xi32>
  return %2 : tensor<8x8xi32>
}
