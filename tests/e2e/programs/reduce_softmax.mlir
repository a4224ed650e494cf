// Softmax over a sharded row dimension: max-reduce, exp, sum-reduce, divide.
// MESH @mesh = xy
// TOL: 1e-5
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %m = stablehlo.reduce(%a init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<8xf32>) -> tensor<8x16xf32>
  %d = stablehlo.subtract %a, %mb : tensor<8x16xf32>
  %e = stablehlo.exponential %d : tensor<8x16xf32>
  %s = stablehlo.reduce(%e init: %z) applies stablehlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<8xf32>) -> tensor<8x16xf32>
  %r = stablehlo.divide %e, %sb : tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}
