// The chlo special functions, sharded on both dims: elementwise, so every
// device computes its shard with the same kernels (bit-exact).
// MESH @mesh = yx
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}, %b: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xi1>) {
  %0 = chlo.erf %a : tensor<8x8xf32> -> tensor<8x8xf32>
  %1 = chlo.erf_inv %0 : tensor<8x8xf32> -> tensor<8x8xf32>
  %2 = chlo.lgamma %1 : tensor<8x8xf32> -> tensor<8x8xf32>
  %3 = chlo.digamma %2 : tensor<8x8xf32> -> tensor<8x8xf32>
  %4 = chlo.bessel_i1e %3 : tensor<8x8xf32> -> tensor<8x8xf32>
  %5 = chlo.asinh %4 : tensor<8x8xf32> -> tensor<8x8xf32>
  %6 = chlo.sinh %5 : tensor<8x8xf32> -> tensor<8x8xf32>
  %7 = chlo.erfc %6 : tensor<8x8xf32> -> tensor<8x8xf32>
  %8 = chlo.atan %7 : tensor<8x8xf32> -> tensor<8x8xf32>
  %9 = chlo.square %8 : tensor<8x8xf32> -> tensor<8x8xf32>
  %10 = chlo.next_after %9, %b : tensor<8x8xf32>, tensor<8x8xf32> -> tensor<8x8xf32>
  %11 = chlo.zeta %10, %a : tensor<8x8xf32>, tensor<8x8xf32> -> tensor<8x8xf32>
  %12 = chlo.is_inf %11 : tensor<8x8xf32> -> tensor<8x8xi1>
  %c2 = stablehlo.constant dense<2.0> : tensor<8x8xf32>
  %13 = stablehlo.add %a, %c2 : tensor<8x8xf32>
  %14 = chlo.polygamma %c2, %13 : tensor<8x8xf32>, tensor<8x8xf32> -> tensor<8x8xf32>
  return %10, %14, %12 : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xi1>
}
