// Two Megatron MLP blocks with biases and a residual, the residual stream
// replicated over "model".
// MESH @mesh = dm
// TOL: 1e-5
sdy.mesh @mesh = MESH
func.func @main(%x: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>},
                %w1: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>},
                %b1: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}]>},
                %w2: tensor<32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>},
                %b2: tensor<16xf32>,
                %w3: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>},
                %w4: tensor<32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
  %0 = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
  %1 = stablehlo.broadcast_in_dim %b1, dims = [1] : (tensor<32xf32>) -> tensor<8x32xf32>
  %2 = stablehlo.add %0, %1 : tensor<8x32xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<8x32xf32>
  %3 = stablehlo.maximum %2, %zero : tensor<8x32xf32>
  %4 = stablehlo.dot_general %3, %w2, contracting_dims = [1] x [0] : (tensor<8x32xf32>, tensor<32x16xf32>) -> tensor<8x16xf32>
  %5 = stablehlo.broadcast_in_dim %b2, dims = [1] : (tensor<16xf32>) -> tensor<8x16xf32>
  %6 = stablehlo.add %4, %5 : tensor<8x16xf32>
  %7 = stablehlo.add %6, %x : tensor<8x16xf32>
  %8 = stablehlo.dot_general %7, %w3, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
  %9 = stablehlo.tanh %8 : tensor<8x32xf32>
  %10 = stablehlo.dot_general %9, %w4, contracting_dims = [1] x [0] : (tensor<8x32xf32>, tensor<32x16xf32>) -> tensor<8x16xf32>
  %11 = stablehlo.add %10, %7 : tensor<8x16xf32>
  return %11 : tensor<8x16xf32>
}
