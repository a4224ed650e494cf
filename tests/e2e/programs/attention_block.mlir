// Single-head attention with the batch over "x" and the projection
// dimension over "y": QK^T, softmax, times V, output projection.
// MESH @mesh = xy
// TOL: 1e-5
// MPI
sdy.mesh @mesh = MESH
func.func @main(%x: tensor<2x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {}]>},
                %wq: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>},
                %wk: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>},
                %wv: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>},
                %wo: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) -> (tensor<2x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {}]>}) {
  %q = stablehlo.dot_general %x, %wq, contracting_dims = [2] x [0] : (tensor<2x8x16xf32>, tensor<16x16xf32>) -> tensor<2x8x16xf32>
  %k = stablehlo.dot_general %x, %wk, contracting_dims = [2] x [0] : (tensor<2x8x16xf32>, tensor<16x16xf32>) -> tensor<2x8x16xf32>
  %v = stablehlo.dot_general %x, %wv, contracting_dims = [2] x [0] : (tensor<2x8x16xf32>, tensor<16x16xf32>) -> tensor<2x8x16xf32>
  %s = stablehlo.dot_general %q, %k, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<2x8x16xf32>, tensor<2x8x16xf32>) -> tensor<2x8x8xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %m = stablehlo.reduce(%s init: %ninf) applies stablehlo.maximum across dimensions = [2] : (tensor<2x8x8xf32>, tensor<f32>) -> tensor<2x8xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0, 1] : (tensor<2x8xf32>) -> tensor<2x8x8xf32>
  %d = stablehlo.subtract %s, %mb : tensor<2x8x8xf32>
  %e = stablehlo.exponential %d : tensor<2x8x8xf32>
  %sum = stablehlo.reduce(%e init: %z) applies stablehlo.add across dimensions = [2] : (tensor<2x8x8xf32>, tensor<f32>) -> tensor<2x8xf32>
  %sb = stablehlo.broadcast_in_dim %sum, dims = [0, 1] : (tensor<2x8xf32>) -> tensor<2x8x8xf32>
  %p = stablehlo.divide %e, %sb : tensor<2x8x8xf32>
  %a = stablehlo.dot_general %p, %v, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x8x8xf32>, tensor<2x8x16xf32>) -> tensor<2x8x16xf32>
  %o = stablehlo.dot_general %a, %wo, contracting_dims = [2] x [0] : (tensor<2x8x16xf32>, tensor<16x16xf32>) -> tensor<2x8x16xf32>
  return %o : tensor<2x8x16xf32>
}
