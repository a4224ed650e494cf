// Megatron MLP forward. Batch over "data", W1 column-parallel and
// W2 row-parallel over "model"; propagation decides the intermediates and
// the (open) result sharding.
// MESH @mesh = dm
// TOL: 1e-5
// MPI
sdy.mesh @mesh = MESH
func.func @main(%x: tensor<16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>},
                %w1: tensor<64x256xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>},
                %w2: tensor<256x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}) -> tensor<16x64xf32> {
  %h = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<16x64xf32>, tensor<64x256xf32>) -> tensor<16x256xf32>
  %z = stablehlo.constant dense<0.0> : tensor<16x256xf32>
  %r = stablehlo.maximum %h, %z : tensor<16x256xf32>
  %y = stablehlo.dot_general %r, %w2, contracting_dims = [1] x [0] : (tensor<16x256xf32>, tensor<256x64xf32>) -> tensor<16x64xf32>
  return %y : tensor<16x64xf32>
}
