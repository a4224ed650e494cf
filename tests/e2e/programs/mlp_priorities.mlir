// Batch, then Megatron, then ZeRO by user priorities: the batch sharding
// (p0) propagates first, the Megatron weight shardings (p1) next, and the
// ZeRO-style sharding of the weights' other dimension over "data" (p2) last.
// MESH @mesh = dm
// TOL: 1e-5
// MPI
sdy.mesh @mesh = MESH
func.func @main(%x: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}p0, {}]>},
                %w1: tensor<32x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}p2, {"model"}p1]>},
                %w2: tensor<64x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}p1, {"data"}p2]>}) -> tensor<16x32xf32> {
  %h = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<16x32xf32>, tensor<32x64xf32>) -> tensor<16x64xf32>
  %t = stablehlo.tanh %h : tensor<16x64xf32>
  %y = stablehlo.dot_general %t, %w2, contracting_dims = [1] x [0] : (tensor<16x64xf32>, tensor<64x32xf32>) -> tensor<16x32xf32>
  %r = stablehlo.add %y, %x : tensor<16x32xf32>
  return %r : tensor<16x32xf32>
}
