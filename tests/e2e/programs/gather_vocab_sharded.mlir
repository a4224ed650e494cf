// Gather from a table sharded along the gathered (vocabulary) dimension,
// batch of indices sharded.
// MESH @mesh = xy
sdy.mesh @mesh = MESH
func.func @main(%t: tensor<16x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %i: tensor<8x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) -> (tensor<8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) {
  %0 = "stablehlo.gather"(%t, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 8>}> : (tensor<16x8xi32>, tensor<8x1xi32>) -> tensor<8x8xi32>
  return %0 : tensor<8x8xi32>
}
