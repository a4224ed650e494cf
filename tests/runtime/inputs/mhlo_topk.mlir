// mhlo.topk on hand-picked values; sdy_run_test.cmake checks the printed
// results (computed by hand: largest first by total order, or with
// largest = false smallest first; ties to the lower index).
func.func @main() -> (tensor<2x2xf32>, tensor<2x2xi32>, tensor<2x3xi32>, tensor<2x3xi32>) {
  %0 = stablehlo.constant dense<[[1.0, 4.0, 4.0, -2.0], [0.5, 0x7FC00000, 3.0, 0.0]]> : tensor<2x4xf32>
  %values, %indices = mhlo.topk(%0, k = 2) : tensor<2x4xf32> -> (tensor<2x2xf32>, tensor<2x2xi32>)
  %1 = stablehlo.constant dense<[[3, -1, 7, -1], [5, 5, 2, 9]]> : tensor<2x4xi32>
  %small, %at = mhlo.topk(%1, k = 3, largest = false) : tensor<2x4xi32> -> (tensor<2x3xi32>, tensor<2x3xi32>)
  return %values, %indices, %small, %at : tensor<2x2xf32>, tensor<2x2xi32>, tensor<2x3xi32>, tensor<2x3xi32>
}
