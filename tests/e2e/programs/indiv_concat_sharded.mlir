// Concatenate two indivisible sharded pieces along the sharded dimension
// (5 + 6 = 11), then reduce over it.
// MESH @mesh = x
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<5x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %b: tensor<6x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<11x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, tensor<4xi32>) {
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<5x4xi32>, tensor<6x4xi32>) -> tensor<11x4xi32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %1 = stablehlo.reduce(%0 init: %z) applies stablehlo.add across dimensions = [0] : (tensor<11x4xi32>, tensor<i32>) -> tensor<4xi32>
  return %0, %1 : tensor<11x4xi32>, tensor<4xi32>
}
