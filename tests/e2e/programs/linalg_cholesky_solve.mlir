// Cholesky factorizations and triangular solves of a batch of SPD matrices,
// sharded over the batch; the matrix dimensions are replicated.
// MESH @mesh = x
// TOL: 1e-4
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<8x4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {}]>}, %b: tensor<8x4x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {}]>}, %c: tensor<8x3x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {}]>}) -> (tensor<8x4x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {}]>}, tensor<8x4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {}]>}, tensor<8x3x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {}]>}) {
  // s = a a^T + 4 I is symmetric positive definite.
  %0 = stablehlo.dot_general %a, %a, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<8x4x4xf32>, tensor<8x4x4xf32>) -> tensor<8x4x4xf32>
  %i0 = stablehlo.iota dim = 0 : tensor<4x4xi32>
  %i1 = stablehlo.iota dim = 1 : tensor<4x4xi32>
  %eq = stablehlo.compare EQ, %i0, %i1 : (tensor<4x4xi32>, tensor<4x4xi32>) -> tensor<4x4xi1>
  %four = stablehlo.constant dense<4.0> : tensor<4x4xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<4x4xf32>
  %eye = stablehlo.select %eq, %four, %zero : tensor<4x4xi1>, tensor<4x4xf32>
  %eyeb = stablehlo.broadcast_in_dim %eye, dims = [1, 2] : (tensor<4x4xf32>) -> tensor<8x4x4xf32>
  %s = stablehlo.add %0, %eyeb : tensor<8x4x4xf32>
  %l = stablehlo.cholesky %s, lower = true : tensor<8x4x4xf32>
  %u = stablehlo.cholesky %s : tensor<8x4x4xf32>
  // s x = b through L L^T.
  %y = "stablehlo.triangular_solve"(%l, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<8x4x4xf32>, tensor<8x4x3xf32>) -> tensor<8x4x3xf32>
  %x = "stablehlo.triangular_solve"(%l, %y) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose TRANSPOSE>} : (tensor<8x4x4xf32>, tensor<8x4x3xf32>) -> tensor<8x4x3xf32>
  // z U = c, and the same with a unit diagonal.
  %z = "stablehlo.triangular_solve"(%u, %c) {left_side = false, lower = false, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<8x4x4xf32>, tensor<8x3x4xf32>) -> tensor<8x3x4xf32>
  %w = "stablehlo.triangular_solve"(%u, %z) {left_side = false, lower = false, unit_diagonal = true, transpose_a = #stablehlo<transpose ADJOINT>} : (tensor<8x4x4xf32>, tensor<8x3x4xf32>) -> tensor<8x3x4xf32>
  return %x, %u, %w : tensor<8x4x3xf32>, tensor<8x4x4xf32>, tensor<8x3x4xf32>
}
