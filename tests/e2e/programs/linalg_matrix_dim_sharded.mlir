// The matrix dimensions of cholesky and triangular_solve arrive sharded:
// they need replication, so the partitioner gathers them first.
// MESH @mesh = xy
// TOL: 1e-4
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<4x6x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}, {}]>}, %b: tensor<4x6x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}, {"x"}]>}) -> (tensor<4x6x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}, {}]>}, tensor<4x6x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {"y"}]>}) {
  %0 = stablehlo.dot_general %a, %a, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<4x6x6xf32>, tensor<4x6x6xf32>) -> tensor<4x6x6xf32>
  %i0 = stablehlo.iota dim = 0 : tensor<6x6xi32>
  %i1 = stablehlo.iota dim = 1 : tensor<6x6xi32>
  %eq = stablehlo.compare EQ, %i0, %i1 : (tensor<6x6xi32>, tensor<6x6xi32>) -> tensor<6x6xi1>
  %six = stablehlo.constant dense<6.0> : tensor<6x6xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<6x6xf32>
  %eye = stablehlo.select %eq, %six, %zero : tensor<6x6xi1>, tensor<6x6xf32>
  %eyeb = stablehlo.broadcast_in_dim %eye, dims = [1, 2] : (tensor<6x6xf32>) -> tensor<4x6x6xf32>
  %s = stablehlo.add %0, %eyeb : tensor<4x6x6xf32>
  %l = stablehlo.cholesky %s, lower = true : tensor<4x6x6xf32>
  %x = "stablehlo.triangular_solve"(%l, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<4x6x6xf32>, tensor<4x6x2xf32>) -> tensor<4x6x2xf32>
  return %x, %l : tensor<4x6x2xf32>, tensor<4x6x6xf32>
}
