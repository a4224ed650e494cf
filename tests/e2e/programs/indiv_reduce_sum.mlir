// Sum over an indivisible sharded dimension (7): padding masked before the
// reduce.
// MESH @mesh = xy
// TOL: 1e-5
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<6x7xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
  %e = stablehlo.exponential %a : tensor<6x7xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reduce(%e init: %z) applies stablehlo.add across dimensions = [1] : (tensor<6x7xf32>, tensor<f32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}
