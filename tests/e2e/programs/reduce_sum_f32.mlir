// Sum over both dimensions of a 2-d sharded tensor to a scalar.
// MESH @mesh = xy
// TOL: 1e-5
// MPI
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> tensor<f32> {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [0, 1] : (tensor<16x32xf32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
