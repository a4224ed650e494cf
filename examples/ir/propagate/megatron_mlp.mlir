// A Megatron-style MLP (docs/partitioning.md#the-whole-pipeline-on-an-mlp).
// The user shards the batch over "data" and the weights over "model" (W1
// column-parallel, W2 row-parallel); propagation decides every intermediate
// sharding.
sdy.mesh @mesh = <["data"=2, "model"=4]>
func.func @mlp(%x: tensor<16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>},
               %w1: tensor<64x256xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>},
               %w2: tensor<256x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}) -> tensor<16x64xf32> {
  %h = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<16x64xf32>, tensor<64x256xf32>) -> tensor<16x256xf32>
  %z = stablehlo.constant dense<0.0> : tensor<16x256xf32>
  %r = stablehlo.maximum %h, %z : tensor<16x256xf32>
  %y = stablehlo.dot_general %r, %w2, contracting_dims = [1] x [0] : (tensor<16x256xf32>, tensor<256x64xf32>) -> tensor<16x64xf32>
  return %y : tensor<16x64xf32>
}
