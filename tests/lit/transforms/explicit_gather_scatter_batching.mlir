// RUN: sdy-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(sdy-explicit-gather-scatter-batching))' | FileCheck %s

// Expectations checked against the real Shardy's pass (JAX 0.10.2), except
// @broadcast_iota_other_dim, where Shardy's rewrite changes the result.

// An iota over the batch concatenated to the indices becomes a batching
// dimension pair; the concatenate and the iota go away.
// CHECK-LABEL: func.func @gather
// CHECK-NEXT: %[[G:.*]] = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = true, slice_sizes = array<i64: 1, 1>}> : (tensor<4x10xf32>, tensor<4x3x1xi32>) -> tensor<4x3xf32>
// CHECK-NEXT: return %[[G]]
func.func @gather(%arg0: tensor<4x10xf32>, %arg1: tensor<4x3x1xi32>) -> tensor<4x3xf32> {
  %iota = stablehlo.iota dim = 0 : tensor<4x3x1xi32>
  %idx = stablehlo.concatenate %iota, %arg1, dim = 2 : (tensor<4x3x1xi32>, tensor<4x3x1xi32>) -> tensor<4x3x2xi32>
  %0 = "stablehlo.gather"(%arg0, %idx) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1>, indices_are_sorted = true}> : (tensor<4x10xf32>, tensor<4x3x2xi32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// The iota may come last and sit between other pieces; offset dimensions
// stay.
// CHECK-LABEL: func.func @gather_iota_last
// CHECK-NEXT: %[[I:.*]] = stablehlo.iota dim = 1 : tensor<4x5x3x1xi32>
// CHECK-NEXT: %[[C:.*]] = stablehlo.concatenate %arg1, %[[I]], dim = 3 : (tensor<4x5x3x1xi32>, tensor<4x5x3x1xi32>) -> tensor<4x5x3x2xi32>
// CHECK-NEXT: "stablehlo.gather"(%arg0, %[[C]]) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1, 2], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [2, 1], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 1>}>
// CHECK-LABEL: func.func @gather_offset_dims
// CHECK-NEXT: "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 6>}>
func.func @gather_iota_last(%arg0: tensor<4x5x10xf32>, %arg1: tensor<4x5x3x1xi32>) -> tensor<4x5x3xf32> {
  %iota0 = stablehlo.iota dim = 0 : tensor<4x5x3x1xi32>
  %iota1 = stablehlo.iota dim = 1 : tensor<4x5x3x1xi32>
  %idx = stablehlo.concatenate %arg1, %iota1, %iota0, dim = 3 : (tensor<4x5x3x1xi32>, tensor<4x5x3x1xi32>, tensor<4x5x3x1xi32>) -> tensor<4x5x3x3xi32>
  %0 = "stablehlo.gather"(%arg0, %idx) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1, 2], start_index_map = [2, 1, 0], index_vector_dim = 3>, slice_sizes = array<i64: 1, 1, 1>}> : (tensor<4x5x10xf32>, tensor<4x5x3x3xi32>) -> tensor<4x5x3xf32>
  return %0 : tensor<4x5x3xf32>
}
func.func @gather_offset_dims(%arg0: tensor<4x10x6xf32>, %arg1: tensor<4x3x1xi32>) -> tensor<4x3x6xf32> {
  %iota = stablehlo.iota dim = 0 : tensor<4x3x1xi32>
  %idx = stablehlo.concatenate %iota, %arg1, dim = 2 : (tensor<4x3x1xi32>, tensor<4x3x1xi32>) -> tensor<4x3x2xi32>
  %0 = "stablehlo.gather"(%arg0, %idx) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 6>}> : (tensor<4x10x6xf32>, tensor<4x3x2xi32>) -> tensor<4x3x6xf32>
  return %0 : tensor<4x3x6xf32>
}

// -----

// An iota seen through a reshape or a broadcast that keeps dimension 0.
// CHECK-LABEL: func.func @reshaped_iota
// CHECK-NEXT: "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>
// CHECK-LABEL: func.func @broadcast_iota
// CHECK-NEXT: "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>
func.func @reshaped_iota(%arg0: tensor<4x10xf32>, %arg1: tensor<4x3x1xi32>) -> tensor<4x3xf32> {
  %i = stablehlo.iota dim = 0 : tensor<4x3xi32>
  %iota = stablehlo.reshape %i : (tensor<4x3xi32>) -> tensor<4x3x1xi32>
  %idx = stablehlo.concatenate %iota, %arg1, dim = 2 : (tensor<4x3x1xi32>, tensor<4x3x1xi32>) -> tensor<4x3x2xi32>
  %0 = "stablehlo.gather"(%arg0, %idx) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1>}> : (tensor<4x10xf32>, tensor<4x3x2xi32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}
func.func @broadcast_iota(%arg0: tensor<4x10xf32>, %arg1: tensor<4x3x1xi32>) -> tensor<4x3xf32> {
  %i = stablehlo.iota dim = 0 : tensor<4xi32>
  %iota = stablehlo.broadcast_in_dim %i, dims = [0] : (tensor<4xi32>) -> tensor<4x3x1xi32>
  %idx = stablehlo.concatenate %iota, %arg1, dim = 2 : (tensor<4x3x1xi32>, tensor<4x3x1xi32>) -> tensor<4x3x2xi32>
  %0 = "stablehlo.gather"(%arg0, %idx) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1>}> : (tensor<4x10xf32>, tensor<4x3x2xi32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// A broadcast that puts the iota on dimension 1 indexes operand dimension 0
// by the column, not by the batch: it is left alone. (The real Shardy
// rewrites it, which changes the gathered values.)
// CHECK-LABEL: func.func @broadcast_iota_other_dim
// CHECK: stablehlo.concatenate
// CHECK: "stablehlo.gather"(%arg0, %{{.*}}) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 2>
func.func @broadcast_iota_other_dim(%arg0: tensor<4x10xf32>, %arg1: tensor<4x3x1xi32>) -> tensor<4x3xf32> {
  %i = stablehlo.iota dim = 0 : tensor<3xi32>
  %iota = stablehlo.broadcast_in_dim %i, dims = [1] : (tensor<3xi32>) -> tensor<4x3x1xi32>
  %idx = stablehlo.concatenate %iota, %arg1, dim = 2 : (tensor<4x3x1xi32>, tensor<4x3x1xi32>) -> tensor<4x3x2xi32>
  %0 = "stablehlo.gather"(%arg0, %idx) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1>}> : (tensor<4x10xf32>, tensor<4x3x2xi32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// Left alone, as by Shardy: sizes that differ, an iota over another
// dimension, an operand dimension that is not collapsed, existing batching
// dimensions, indices that are the iota alone, the index vector in front.
// CHECK-LABEL: func.func @size_mismatch
// CHECK: collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 2>
// CHECK-LABEL: func.func @iota_dim1
// CHECK: collapsed_slice_dims = [0, 1], start_index_map = [1, 0], index_vector_dim = 2>
// CHECK-LABEL: func.func @not_collapsed
// CHECK: offset_dims = [2], collapsed_slice_dims = [1], start_index_map = [0, 1], index_vector_dim = 2>
// CHECK-LABEL: func.func @existing_batching
// CHECK: collapsed_slice_dims = [1, 2], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1, 2], index_vector_dim = 3>
// CHECK-LABEL: func.func @only_iota
// CHECK: offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>
// CHECK-LABEL: func.func @index_vector_first
// CHECK: collapsed_slice_dims = [0, 1], start_index_map = [0, 1]>
func.func @size_mismatch(%arg0: tensor<8x10xf32>, %arg1: tensor<4x3x1xi32>) -> tensor<4x3xf32> {
  %iota = stablehlo.iota dim = 0 : tensor<4x3x1xi32>
  %idx = stablehlo.concatenate %iota, %arg1, dim = 2 : (tensor<4x3x1xi32>, tensor<4x3x1xi32>) -> tensor<4x3x2xi32>
  %0 = "stablehlo.gather"(%arg0, %idx) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1>}> : (tensor<8x10xf32>, tensor<4x3x2xi32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}
func.func @iota_dim1(%arg0: tensor<5x10xf32>, %arg1: tensor<4x5x1xi32>) -> tensor<4x5xf32> {
  %iota1 = stablehlo.iota dim = 1 : tensor<4x5x1xi32>
  %idx = stablehlo.concatenate %arg1, %iota1, dim = 2 : (tensor<4x5x1xi32>, tensor<4x5x1xi32>) -> tensor<4x5x2xi32>
  %0 = "stablehlo.gather"(%arg0, %idx) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1>}> : (tensor<5x10xf32>, tensor<4x5x2xi32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}
func.func @not_collapsed(%arg0: tensor<4x10xf32>, %arg1: tensor<4x3x1xi32>) -> tensor<4x3x1xf32> {
  %iota = stablehlo.iota dim = 0 : tensor<4x3x1xi32>
  %idx = stablehlo.concatenate %iota, %arg1, dim = 2 : (tensor<4x3x1xi32>, tensor<4x3x1xi32>) -> tensor<4x3x2xi32>
  %0 = "stablehlo.gather"(%arg0, %idx) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], start_index_map = [0, 1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1>}> : (tensor<4x10xf32>, tensor<4x3x2xi32>) -> tensor<4x3x1xf32>
  return %0 : tensor<4x3x1xf32>
}
func.func @existing_batching(%arg0: tensor<2x4x10xf32>, %arg1: tensor<2x4x3x1xi32>) -> tensor<2x4x3xf32> {
  %iota = stablehlo.iota dim = 1 : tensor<2x4x3x1xi32>
  %idx = stablehlo.concatenate %iota, %arg1, dim = 3 : (tensor<2x4x3x1xi32>, tensor<2x4x3x1xi32>) -> tensor<2x4x3x2xi32>
  %0 = "stablehlo.gather"(%arg0, %idx) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1, 2], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1, 2], index_vector_dim = 3>, slice_sizes = array<i64: 1, 1, 1>}> : (tensor<2x4x10xf32>, tensor<2x4x3x2xi32>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}
func.func @only_iota(%arg0: tensor<4x10xf32>) -> tensor<4x3x10xf32> {
  %iota = stablehlo.iota dim = 0 : tensor<4x3x1xi32>
  %0 = "stablehlo.gather"(%arg0, %iota) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 10>}> : (tensor<4x10xf32>, tensor<4x3x1xi32>) -> tensor<4x3x10xf32>
  return %0 : tensor<4x3x10xf32>
}
func.func @index_vector_first(%arg0: tensor<4x10xf32>, %arg1: tensor<1x4x3xi32>) -> tensor<4x3xf32> {
  %iota = stablehlo.iota dim = 1 : tensor<1x4x3xi32>
  %idx = stablehlo.concatenate %iota, %arg1, dim = 0 : (tensor<1x4x3xi32>, tensor<1x4x3xi32>) -> tensor<2x4x3xi32>
  %0 = "stablehlo.gather"(%arg0, %idx) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 0>, slice_sizes = array<i64: 1, 1>}> : (tensor<4x10xf32>, tensor<2x4x3xi32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// Scatter: the iota becomes input/scatter-indices batching dimensions; the
// other attributes stay.
// CHECK-LABEL: func.func @scatter
// CHECK-NEXT: "stablehlo.scatter"(%arg0, %arg1, %arg2) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = true}>
func.func @scatter(%arg0: tensor<4x10xf32>, %arg1: tensor<4x3x1xi32>, %upd: tensor<4x3xf32>) -> tensor<4x10xf32> {
  %iota = stablehlo.iota dim = 0 : tensor<4x3x1xi32>
  %idx = stablehlo.concatenate %iota, %arg1, dim = 2 : (tensor<4x3x1xi32>, tensor<4x3x1xi32>) -> tensor<4x3x2xi32>
  %0 = "stablehlo.scatter"(%arg0, %idx, %upd) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 2>, unique_indices = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x10xf32>, tensor<4x3x2xi32>, tensor<4x3xf32>) -> tensor<4x10xf32>
  return %0 : tensor<4x10xf32>
}

// -----

// The concatenate stays while something else uses it.
// CHECK-LABEL: func.func @indices_used_elsewhere
// CHECK: %[[C:.*]] = stablehlo.concatenate
// CHECK: "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0]
// CHECK: return %{{.*}}, %[[C]]
func.func @indices_used_elsewhere(%arg0: tensor<4x10xf32>, %arg1: tensor<4x3x1xi32>) -> (tensor<4x3xf32>, tensor<4x3x2xi32>) {
  %iota = stablehlo.iota dim = 0 : tensor<4x3x1xi32>
  %idx = stablehlo.concatenate %iota, %arg1, dim = 2 : (tensor<4x3x1xi32>, tensor<4x3x1xi32>) -> tensor<4x3x2xi32>
  %0 = "stablehlo.gather"(%arg0, %idx) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1>}> : (tensor<4x10xf32>, tensor<4x3x2xi32>) -> tensor<4x3xf32>
  return %0, %idx : tensor<4x3xf32>, tensor<4x3x2xi32>
}

// -----

// A scatter without unique_indices gets it written out, as Shardy does.
// CHECK-LABEL: func.func @scatter_flags
// CHECK-NEXT: "stablehlo.scatter"(%arg0, %arg1, %arg2) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = false}>
func.func @scatter_flags(%arg0: tensor<4x10xf32>, %arg1: tensor<4x3x1xi32>, %upd: tensor<4x3xf32>) -> tensor<4x10xf32> {
  %iota = stablehlo.iota dim = 0 : tensor<4x3x1xi32>
  %idx = stablehlo.concatenate %iota, %arg1, dim = 2 : (tensor<4x3x1xi32>, tensor<4x3x1xi32>) -> tensor<4x3x2xi32>
  %0 = "stablehlo.scatter"(%arg0, %idx, %upd) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<4x10xf32>, tensor<4x3x2xi32>, tensor<4x3xf32>) -> tensor<4x10xf32>
  return %0 : tensor<4x10xf32>
}
