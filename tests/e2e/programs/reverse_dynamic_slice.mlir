// reverse on a sharded dimension, then dynamic_slice / dynamic_update_slice
// with offsets from a (replicated) argument.
// MESH @mesh = x
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<16x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %u: tensor<4x8xi32>, %i: tensor<i32>) -> (tensor<16x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, tensor<4x8xi32>) {
  %r = stablehlo.reverse %a, dims = [0] : tensor<16x8xi32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.dynamic_slice %r, %i, %z, sizes = [4, 8] : (tensor<16x8xi32>, tensor<i32>, tensor<i32>) -> tensor<4x8xi32>
  %1 = stablehlo.dynamic_update_slice %r, %u, %i, %z : (tensor<16x8xi32>, tensor<4x8xi32>, tensor<i32>, tensor<i32>) -> tensor<16x8xi32>
  return %1, %0 : tensor<16x8xi32>, tensor<4x8xi32>
}
