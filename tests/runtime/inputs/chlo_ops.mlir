// chlo ops on hand-picked values; sdy_run_test.cmake checks the printed
// results (computed by hand: top_k by total order, ties to the lower index;
// erf(0.5) = 0.5205, lgamma(0.5) = log(sqrt(pi)) = 0.572365).
func.func @main() -> (tensor<2x2xf32>, tensor<2x2xi32>, tensor<3xf32>, tensor<3xi1>) {
  %0 = stablehlo.constant dense<[[1.0, 4.0, 4.0, -2.0], [0.5, 0x7FC00000, 3.0, 0.0]]> : tensor<2x4xf32>
  %values, %indices = chlo.top_k(%0, k = 2) : tensor<2x4xf32> -> (tensor<2x2xf32>, tensor<2x2xi32>)
  %1 = stablehlo.constant dense<[0.5, 0x7F800000, 0xFF800000]> : tensor<3xf32>
  %2 = chlo.erf %1 : tensor<3xf32> -> tensor<3xf32>
  %3 = chlo.lgamma %1 : tensor<3xf32> -> tensor<3xf32>
  %4 = stablehlo.add %2, %3 : tensor<3xf32>
  %5 = chlo.is_pos_inf %1 : tensor<3xf32> -> tensor<3xi1>
  return %values, %indices, %4, %5 : tensor<2x2xf32>, tensor<2x2xi32>, tensor<3xf32>, tensor<3xi1>
}
