// Scatter-add of rows into a table sharded along the feature dimension
// (indices random in [-8, 8]: out-of-range updates are dropped).
// MESH @mesh = x
sdy.mesh @mesh = MESH
func.func @main(%t: tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}, %i: tensor<6x1xi32>, %u: tensor<6x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) -> (tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) {
  %0 = "stablehlo.scatter"(%t, %i, %u) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    %1 = stablehlo.add %x, %y : tensor<i32>
    stablehlo.return %1 : tensor<i32>
  }) : (tensor<8x16xi32>, tensor<6x1xi32>, tensor<6x16xi32>) -> tensor<8x16xi32>
  return %0 : tensor<8x16xi32>
}
