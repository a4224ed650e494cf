// RUN: sdy-opt %s -split-input-file -sdy-populate-op-sharding-rules | FileCheck %s

// Gather rows: the batch dimension is shared by the indices and the result;
// the whole-row offset dimension is pass-through; the indexed (collapsed)
// operand dimension and the index vector dimension are need_replication.
// CHECK-LABEL: func.func @g1
// CHECK: stablehlo.gather{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([k, j], [i, l])->([i, j]) {i=2, j=8, k=4, l=1} need_replication={k, l}>
func.func @g1(%a: tensor<4x8xf32>, %i: tensor<2x1xi32>) -> tensor<2x8xf32> {
  %0 = "stablehlo.gather"(%a, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 8>}> : (tensor<4x8xf32>, tensor<2x1xi32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

// Partial slices of non-collapsed dimensions: operand and result each get
// their own need_replication factors.
// CHECK-LABEL: func.func @g2
// CHECK: stablehlo.gather{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([j, l], [i, n])->([i, k, m]) {i=2, j=4, k=1, l=8, m=4, n=1} need_replication={j, k, l, m, n}>
func.func @g2(%a: tensor<4x8xf32>, %i: tensor<2x1xi32>) -> tensor<2x1x4xf32> {
  %0 = "stablehlo.gather"(%a, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], start_index_map = [1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<4x8xf32>, tensor<2x1xi32>) -> tensor<2x1x4xf32>
  return %0 : tensor<2x1x4xf32>
}

// -----

// Explicit batching: the operand batching dimension shares the factor of
// the indices batching dimension and the result batch dimension.
// CHECK-LABEL: func.func @g3
// CHECK: stablehlo.gather{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, l, k], [i, j, m])->([i, j, k]) {i=3, j=2, k=8, l=4, m=1} need_replication={l, m}>
func.func @g3(%a: tensor<3x4x8xf32>, %i: tensor<3x2x1xi32>) -> tensor<3x2x8xf32> {
  %0 = "stablehlo.gather"(%a, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 8>}> : (tensor<3x4x8xf32>, tensor<3x2x1xi32>) -> tensor<3x2x8xf32>
  return %0 : tensor<3x2x8xf32>
}

// -----

// Scatter rows: the inserted dimension is need_replication for inputs and
// results; the whole-row window is pass-through with the updates; the scatter
// dimension of indices/updates is need_replication. The body gets no rule.
// CHECK-LABEL: func.func @s1
// CHECK: "stablehlo.scatter"
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l], [k, j])->([i, j]) {i=4, j=4, k=2, l=1} need_replication={i, k, l}>
func.func @s1(%a: tensor<4x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> tensor<4x4xf32> {
  %0 = "stablehlo.scatter"(%a, %i, %u) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %1 = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// Explicit batching shares one pass-through factor between inputs, indices,
// updates and results.
// CHECK-LABEL: func.func @s2
// CHECK: "stablehlo.scatter"
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k], [i, l, m], [i, l, k])->([i, j, k]) {i=3, j=4, k=8, l=2, m=1} need_replication={j, l, m}>
func.func @s2(%a: tensor<3x4x8xf32>, %i: tensor<3x2x1xi32>, %u: tensor<3x2x8xf32>) -> tensor<3x4x8xf32> {
  %0 = "stablehlo.scatter"(%a, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = true}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    stablehlo.return %y : tensor<f32>
  }) : (tensor<3x4x8xf32>, tensor<3x2x1xi32>, tensor<3x2x8xf32>) -> tensor<3x4x8xf32>
  return %0 : tensor<3x4x8xf32>
}

// -----

// Two inputs (and updates/results) share the factors; a partial window
// dimension is need_replication for inputs/results and for the updates.
// CHECK-LABEL: func.func @s3
// CHECK: "stablehlo.scatter"
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j], [l], [l, k], [l, k])->([i, j], [i, j]) {i=4, j=8, k=4, l=2} need_replication={i, j, k, l}>
func.func @s3(%a: tensor<4x8xf32>, %b: tensor<4x8xi32>, %i: tensor<2xi32>, %u: tensor<2x4xf32>, %v: tensor<2x4xi32>) -> (tensor<4x8xf32>, tensor<4x8xi32>) {
  %0:2 = "stablehlo.scatter"(%a, %b, %i, %u, %v) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%x: tensor<f32>, %xx: tensor<i32>, %y: tensor<f32>, %yy: tensor<i32>):
    stablehlo.return %y, %yy : tensor<f32>, tensor<i32>
  }) : (tensor<4x8xf32>, tensor<4x8xi32>, tensor<2xi32>, tensor<2x4xf32>, tensor<2x4xi32>) -> (tensor<4x8xf32>, tensor<4x8xi32>)
  return %0#0, %0#1 : tensor<4x8xf32>, tensor<4x8xi32>
}
