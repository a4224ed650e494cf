// Integer matmul with the contracting dimension sharded over both axes:
// exact all_reduce of partial sums.
// MESH @mesh = xy
// MPI
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<4x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x", "y"}]>}, %b: tensor<16x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}) -> (tensor<4x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x16xi32>, tensor<16x8xi32>) -> tensor<4x8xi32>
  return %0 : tensor<4x8xi32>
}
