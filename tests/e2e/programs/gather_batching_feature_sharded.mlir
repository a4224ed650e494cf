// Batched gather (operand_batching_dims) from tables sharded along the batch
// and the feature (offset) dimension: slice_sizes become local along the
// feature dimension. Indices random in [-8, 8] (clamped by gather).
// MESH @mesh = xy
sdy.mesh @mesh = MESH
func.func @main(%t: tensor<4x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {"y"}]>}, %i: tensor<4x6x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {}]>}) -> (tensor<4x6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {"y"}]>}) {
  %0 = "stablehlo.gather"(%t, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 8>}> : (tensor<4x16x8xf32>, tensor<4x6x1xi32>) -> tensor<4x6x8xf32>
  return %0 : tensor<4x6x8xf32>
}
