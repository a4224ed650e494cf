// Rank-3 activations (transformer MLP with SiLU), batch over "data".
// MESH @mesh = dm
// TOL: 1e-5
sdy.mesh @mesh = MESH
func.func @main(%x: tensor<4x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}, {}]>},
                %w1: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>},
                %w2: tensor<32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}) -> (tensor<4x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}, {}]>}) {
  %0 = stablehlo.dot_general %x, %w1, contracting_dims = [2] x [0] : (tensor<4x8x16xf32>, tensor<16x32xf32>) -> tensor<4x8x32xf32>
  %1 = stablehlo.logistic %0 : tensor<4x8x32xf32>
  %2 = stablehlo.multiply %0, %1 : tensor<4x8x32xf32>
  %3 = stablehlo.dot_general %2, %w2, contracting_dims = [2] x [0] : (tensor<4x8x32xf32>, tensor<32x16xf32>) -> tensor<4x8x16xf32>
  return %3 : tensor<4x8x16xf32>
}
