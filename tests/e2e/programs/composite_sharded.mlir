// A composite on sharded operands runs its decomposition.
// MESH @mesh = x
// TOL: 1e-6
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>},
                %b: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>})
    -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %0 = stablehlo.composite "my.scaled_add" %a, %b {composite_attributes = {scale = 2.0 : f32}, decomposition = @scaled_add, version = 1 : i32} : (tensor<16x8xf32>, tensor<16x8xf32>) -> tensor<16x8xf32>
  %1 = stablehlo.tanh %0 : tensor<16x8xf32>
  return %1 : tensor<16x8xf32>
}
func.func private @scaled_add(%a: tensor<16x8xf32>, %b: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %c = stablehlo.constant dense<2.0> : tensor<16x8xf32>
  %0 = stablehlo.multiply %a, %c : tensor<16x8xf32>
  %1 = stablehlo.add %0, %b : tensor<16x8xf32>
  return %1 : tensor<16x8xf32>
}
