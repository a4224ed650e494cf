// Operands with different shardings: explicit reshards before the add.
// MESH @mesh = xy
// MPI
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>},
                %b: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}) {
  %0 = stablehlo.add %a, %b : tensor<8x16xf32>
  %1 = stablehlo.multiply %0, %b : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}
