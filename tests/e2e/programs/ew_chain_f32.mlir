// Elementwise chain on a 2-d sharded f32 tensor: bit-exact.
// MESH @mesh = xy
// MPI
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>},
                %b: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) {
  %0 = stablehlo.add %a, %b : tensor<8x16xf32>
  %1 = stablehlo.multiply %0, %a : tensor<8x16xf32>
  %2 = stablehlo.negate %1 : tensor<8x16xf32>
  %3 = stablehlo.abs %b : tensor<8x16xf32>
  %4 = stablehlo.maximum %2, %3 : tensor<8x16xf32>
  %5 = stablehlo.subtract %4, %b : tensor<8x16xf32>
  %6 = stablehlo.minimum %5, %0 : tensor<8x16xf32>
  return %6 : tensor<8x16xf32>
}
