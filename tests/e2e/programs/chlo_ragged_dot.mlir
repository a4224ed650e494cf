// chlo.ragged_dot as a mixture-of-experts layer: tokens (rows) split into
// expert groups of 5, 0, 7 and 3 rows (the last row in no group), then the
// expert weights' gradient (a ragged contracting dimension). The rule
// replicates the ragged and group dimensions and keeps the others sharded:
// the contracting dimension is reduced with an all_reduce, the rhs's
// output features stay split.
// MESH @mesh = xy
// TOL: 1e-5
sdy.mesh @mesh = MESH
func.func @main(%tokens: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %experts: tensor<4x8x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}, {}]>}, %x: tensor<16x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}, %dy: tensor<16x12xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) -> (tensor<16x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, tensor<4x8x12xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {"y"}]>}) {
  %sizes = stablehlo.constant dense<[5, 0, 7, 3]> : tensor<4xi32>
  %0 = "chlo.ragged_dot"(%tokens, %experts, %sizes) <{precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>], ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<16x8xf32>, tensor<4x8x12xf32>, tensor<4xi32>) -> tensor<16x12xf32>
  %1 = "chlo.ragged_dot"(%x, %dy, %sizes) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0], lhs_ragged_dimensions = [0]>}> : (tensor<16x8xi32>, tensor<16x12xi32>, tensor<4xi32>) -> tensor<4x8x12xi32>
  return %0, %1 : tensor<16x12xf32>, tensor<4x8x12xi32>
}
