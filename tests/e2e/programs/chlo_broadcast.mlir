// The broadcasting chlo ops on sharded operands: a row vector, a column
// vector (broadcast_dimensions), a scalar and a size-1 dimension broadcast
// against an 8x8 operand sharded on both dims; constant_like of a shard.
// MESH @mesh = yx
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}, %row: tensor<8xf32>, %col: tensor<8xf32>, %one: tensor<1x8xf32>, %s: tensor<f32>, %i: tensor<8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %j: tensor<8xi32>) -> (tensor<8x8xf32>, tensor<8x8xi1>, tensor<8x8xf32>, tensor<8x8xi32>, tensor<8x8xf32>) {
  %0 = chlo.broadcast_add %a, %row : (tensor<8x8xf32>, tensor<8xf32>) -> tensor<8x8xf32>
  %1 = chlo.broadcast_multiply %0, %col {broadcast_dimensions = array<i64: 0>} : (tensor<8x8xf32>, tensor<8xf32>) -> tensor<8x8xf32>
  %2 = chlo.broadcast_maximum %1, %one : (tensor<8x8xf32>, tensor<1x8xf32>) -> tensor<8x8xf32>
  %3 = chlo.broadcast_compare %2, %s {comparison_direction = #chlo<comparison_direction GT>} : (tensor<8x8xf32>, tensor<f32>) -> tensor<8x8xi1>
  %4 = chlo.broadcast_select %3, %2, %s : (tensor<8x8xi1>, tensor<8x8xf32>, tensor<f32>) -> tensor<8x8xf32>
  %5 = chlo.broadcast_xor %i, %j : (tensor<8x8xi32>, tensor<8xi32>) -> tensor<8x8xi32>
  %6 = "chlo.constant_like"(%a) {value = 3.0 : f32} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %7 = chlo.broadcast_subtract %6, %a : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  return %2, %3, %4, %5, %7 : tensor<8x8xf32>, tensor<8x8xi1>, tensor<8x8xf32>, tensor<8x8xi32>, tensor<8x8xf32>
}
