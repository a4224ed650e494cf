// Megatron MLP, forward and backward: y, dx, dW1, dW2 from x, W1,
// W2 and the output gradient dy.
// MESH @mesh = dm
// TOL: 1e-5
// MPI
sdy.mesh @mesh = MESH
func.func @main(%x: tensor<16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>},
                %w1: tensor<64x256xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>},
                %w2: tensor<256x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>},
                %dy: tensor<16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>})
    -> (tensor<16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>},
        tensor<16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>},
        tensor<64x256xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>},
        tensor<256x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}) {
  %h = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<16x64xf32>, tensor<64x256xf32>) -> tensor<16x256xf32>
  %z = stablehlo.constant dense<0.0> : tensor<16x256xf32>
  %r = stablehlo.maximum %h, %z : tensor<16x256xf32>
  %y = stablehlo.dot_general %r, %w2, contracting_dims = [1] x [0] : (tensor<16x256xf32>, tensor<256x64xf32>) -> tensor<16x64xf32>
  %dr = stablehlo.dot_general %dy, %w2, contracting_dims = [1] x [1] : (tensor<16x64xf32>, tensor<256x64xf32>) -> tensor<16x256xf32>
  %m = stablehlo.compare GT, %h, %z : (tensor<16x256xf32>, tensor<16x256xf32>) -> tensor<16x256xi1>
  %dh = stablehlo.select %m, %dr, %z : tensor<16x256xi1>, tensor<16x256xf32>
  %dw2 = stablehlo.dot_general %r, %dy, contracting_dims = [0] x [0] : (tensor<16x256xf32>, tensor<16x64xf32>) -> tensor<256x64xf32>
  %dw1 = stablehlo.dot_general %x, %dh, contracting_dims = [0] x [0] : (tensor<16x64xf32>, tensor<16x256xf32>) -> tensor<64x256xf32>
  %dx = stablehlo.dot_general %dh, %w1, contracting_dims = [1] x [1] : (tensor<16x256xf32>, tensor<64x256xf32>) -> tensor<16x64xf32>
  return %y, %dx, %dw1, %dw2 : tensor<16x64xf32>, tensor<16x64xf32>, tensor<64x256xf32>, tensor<256x64xf32>
}
