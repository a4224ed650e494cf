// Scatter-add of rows into a table sharded along the scattered (row)
// dimension: that dimension must be taken whole (need-replication factor),
// so the table is gathered, updated and re-sliced. Indices random in
// [-8, 8] (out-of-range updates are dropped).
// MESH @mesh = xy
sdy.mesh @mesh = MESH
func.func @main(%t: tensor<16x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %i: tensor<6x1xi32>, %u: tensor<6x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) -> (tensor<16x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) {
  %0 = "stablehlo.scatter"(%t, %i, %u) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    %1 = stablehlo.add %x, %y : tensor<i32>
    stablehlo.return %1 : tensor<i32>
  }) : (tensor<16x8xi32>, tensor<6x1xi32>, tensor<6x8xi32>) -> tensor<16x8xi32>
  return %0 : tensor<16x8xi32>
}
