// Embedding lookup (gather of rows) from a table sharded along the feature
// dimension; indices replicated (random in [-8, 8], clamped by gather).
// MESH @mesh = x
sdy.mesh @mesh = MESH
func.func @main(%t: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}, %i: tensor<6x1xi32>) -> (tensor<6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) {
  %0 = "stablehlo.gather"(%t, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 8>}> : (tensor<16x8xf32>, tensor<6x1xi32>) -> tensor<6x8xf32>
  return %0 : tensor<6x8xf32>
}
