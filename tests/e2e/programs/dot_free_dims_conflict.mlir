// Both free dimensions sharded along the same axis: one operand must be
// gathered.
// MESH @mesh = x
// TOL: 1e-5
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %b: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) -> (tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<16x8xf32>, tensor<8x16xf32>) -> tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}
