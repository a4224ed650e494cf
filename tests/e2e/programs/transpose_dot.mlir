// x^T @ y with both operands sharded along their row dimension:
// the contraction runs on row shards and ends in an all_reduce.
// MESH @mesh = x
// TOL: 1e-5
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %b: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
  %t = stablehlo.transpose %a, dims = [1, 0] : (tensor<16x8xf32>) -> tensor<8x16xf32>
  %0 = stablehlo.dot_general %t, %b, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}
