// Product over an indivisible dimension: padding must not contribute 0.
// MESH @mesh = x
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<5x3xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<3xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
  %one = stablehlo.constant dense<1> : tensor<i32>
  %0 = stablehlo.reduce(%a init: %one) applies stablehlo.multiply across dimensions = [0] : (tensor<5x3xi32>, tensor<i32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}
