// An unpartitioned two-layer MLP (run by sdy-run on one device).
func.func @main(%x: tensor<4x8xf32>, %w1: tensor<8x16xf32>, %w2: tensor<16x2xf32>) -> tensor<4x2xf32> {
  %0 = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %z = stablehlo.constant dense<0.0> : tensor<4x16xf32>
  %1 = stablehlo.maximum %0, %z : tensor<4x16xf32>
  %2 = stablehlo.dot_general %1, %w2, contracting_dims = [1] x [0] : (tensor<4x16xf32>, tensor<16x2xf32>) -> tensor<4x2xf32>
  return %2 : tensor<4x2xf32>
}
