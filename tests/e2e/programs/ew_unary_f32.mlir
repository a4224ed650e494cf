// Transcendental elementwise ops: the same kernels on the same values, so
// bit-exact.
// MESH @mesh = yx
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}) {
  %0 = stablehlo.exponential %a : tensor<8x8xf32>
  %1 = stablehlo.log %0 : tensor<8x8xf32>
  %2 = stablehlo.tanh %1 : tensor<8x8xf32>
  %3 = stablehlo.logistic %2 : tensor<8x8xf32>
  %4 = stablehlo.sqrt %3 : tensor<8x8xf32>
  %5 = stablehlo.sine %4 : tensor<8x8xf32>
  %6 = stablehlo.floor %a : tensor<8x8xf32>
  %7 = stablehlo.add %5, %6 : tensor<8x8xf32>
  return %7 : tensor<8x8xf32>
}
