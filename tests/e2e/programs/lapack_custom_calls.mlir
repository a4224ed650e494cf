// JAX's CPU lowering of cholesky and solve_triangular: LAPACK custom calls
// with the sharding rules JAX attaches, sharded over the batch.
// MESH @mesh = x
// TOL: 1e-4
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<8x4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {}]>}, %b: tensor<8x4x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {}]>}) -> (tensor<8x4x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {}]>}, tensor<8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
  %0 = stablehlo.dot_general %a, %a, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<8x4x4xf32>, tensor<8x4x4xf32>) -> tensor<8x4x4xf32>
  %i0 = stablehlo.iota dim = 0 : tensor<4x4xi32>
  %i1 = stablehlo.iota dim = 1 : tensor<4x4xi32>
  %eq = stablehlo.compare EQ, %i0, %i1 : (tensor<4x4xi32>, tensor<4x4xi32>) -> tensor<4x4xi1>
  %four = stablehlo.constant dense<4.0> : tensor<4x4xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<4x4xf32>
  %eye = stablehlo.select %eq, %four, %zero : tensor<4x4xi1>, tensor<4x4xf32>
  %eyeb = stablehlo.broadcast_in_dim %eye, dims = [1, 2] : (tensor<4x4xf32>) -> tensor<8x4x4xf32>
  %s = stablehlo.add %0, %eyeb : tensor<8x4x4xf32>
  %l:2 = stablehlo.custom_call @lapack_spotrf_ffi(%s) {backend_config = "", mhlo.backend_config = {uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<0> : tensor<1xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, l, m], [i]) {i=8, j=4, k=4, l=4, m=4}, custom>} : (tensor<8x4x4xf32>) -> (tensor<8x4x4xf32>, tensor<8xi32>)
  %x = stablehlo.custom_call @lapack_strsm_ffi(%l#0, %b) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k], [i, l, m])->([i, n, o]) {i=8, j=4, k=4, l=4, m=3, n=4, o=3}, custom>} : (tensor<8x4x4xf32>, tensor<8x4x3xf32>) -> tensor<8x4x3xf32>
  return %x, %l#1 : tensor<8x4x3xf32>, tensor<8xi32>
}
