// Verifier and parser errors of gather and scatter.
// RUN: sdy-opt %s -split-input-file -verify-diagnostics

func.func @main(%a: tensor<4x8xf32>, %i: tensor<2x1xi32>) {
  // expected-error @+1 {{'stablehlo.gather' op index_vector_dim 3 is out of range [0, 2]}}
  %0 = "stablehlo.gather"(%a, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 3>, slice_sizes = array<i64: 1, 8>}> : (tensor<4x8xf32>, tensor<2x1xi32>) -> tensor<2x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %i: tensor<2x1xi32>) {
  // expected-error @+1 {{'stablehlo.gather' op slice_sizes [1, 8, 1] has size 3 but the operand has rank 2}}
  %0 = "stablehlo.gather"(%a, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 8, 1>}> : (tensor<4x8xf32>, tensor<2x1xi32>) -> tensor<2x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %i: tensor<2x1xi32>) {
  // expected-error @+1 {{'stablehlo.gather' op slice size of collapsed dimension 0 must be 0 or 1, got 2}}
  %0 = "stablehlo.gather"(%a, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 2, 8>}> : (tensor<4x8xf32>, tensor<2x1xi32>) -> tensor<2x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %i: tensor<2x1xi32>) {
  // expected-error @+1 {{'stablehlo.gather' op slice size 9 of dimension 1 is out of range [0, 8]}}
  %0 = "stablehlo.gather"(%a, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 9>}> : (tensor<4x8xf32>, tensor<2x1xi32>) -> tensor<2x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %i: tensor<2x1xi32>) {
  // expected-error @+1 {{'stablehlo.gather' op start_index_map [0, 1] must have one entry per index vector element (1)}}
  %0 = "stablehlo.gather"(%a, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 8>}> : (tensor<4x8xf32>, tensor<2x1xi32>) -> tensor<2x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %i: tensor<2x1xi32>) {
  // expected-error @+1 {{'stablehlo.gather' op start_index_map [2] has dimension 2 out of range [0, 2)}}
  %0 = "stablehlo.gather"(%a, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [2], index_vector_dim = 1>, slice_sizes = array<i64: 1, 8>}> : (tensor<4x8xf32>, tensor<2x1xi32>) -> tensor<2x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %i: tensor<2x1xi32>) {
  // expected-error @+1 {{'stablehlo.gather' op result shape [2, 8] does not match the inferred shape [2, 4]}}
  %0 = "stablehlo.gather"(%a, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<4x8xf32>, tensor<2x1xi32>) -> tensor<2x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %i: tensor<2x1xi32>) {
  // expected-error @+1 {{'stablehlo.gather' op offset_dims [1, 0] must be sorted and unique}}
  %0 = "stablehlo.gather"(%a, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 8>}> : (tensor<4x8xf32>, tensor<2x1xi32>) -> tensor<2x1x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %i: tensor<2x1xi32>) {
  // expected-error @+1 {{'stablehlo.gather' op collapsed_slice_dims [2] has dimension 2 out of range [0, 2)}}
  %0 = "stablehlo.gather"(%a, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [2], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 8>}> : (tensor<4x8xf32>, tensor<2x1xi32>) -> tensor<2x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %i: tensor<2x1xi32>) {
  // expected-error @+1 {{'stablehlo.gather' op result shape [2, 8] does not match the inferred shape [2, 1, 8]}}
  %0 = "stablehlo.gather"(%a, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 8>}> : (tensor<4x8xf32>, tensor<2x1xi32>) -> tensor<2x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %i: tensor<2x1xi32>) {
  // expected-error @+1 {{'stablehlo.gather' op collapsed_slice_dims [0] and operand_batching_dims [0] share dimension 0}}
  %0 = "stablehlo.gather"(%a, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 8>}> : (tensor<4x8xf32>, tensor<2x1xi32>) -> tensor<2x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %i: tensor<2x1xi32>) {
  // expected-error @+1 {{'stablehlo.gather' op operand_batching_dims [1] and start_indices_batching_dims [] must have the same size}}
  %0 = "stablehlo.gather"(%a, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims = [1], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 8>}> : (tensor<4x8xf32>, tensor<2x1xi32>) -> tensor<2x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %i: tensor<2x1xi32>) {
  // A missing index_vector_dim is 0, as upstream: dimension 0 of the indices
  // (size 2) is then the index vector.
  // expected-error @+1 {{start_index_map [0] must have one entry per index vector element (2)}}
  %0 = "stablehlo.gather"(%a, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0]>, slice_sizes = array<i64: 1, 8>}> : (tensor<4x8xf32>, tensor<2x1xi32>) -> tensor<2x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %i: tensor<2x1xi32>) {
  // expected-error @+1 {{unknown field 'foo', expected one of: offset_dims, collapsed_slice_dims, operand_batching_dims, start_indices_batching_dims, start_index_map, index_vector_dim}}
  %0 = "stablehlo.gather"(%a, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, foo = [1]>, slice_sizes = array<i64: 1, 8>}> : (tensor<4x8xf32>, tensor<2x1xi32>) -> tensor<2x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %i: tensor<2x1xi32>) {
  // expected-error @+1 {{'stablehlo.gather' op operand element type 'f32' does not match result element type 'i32'}}
  %0 = "stablehlo.gather"(%a, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 8>}> : (tensor<4x8xf32>, tensor<2x1xi32>) -> tensor<2x8xi32>
  return
}

// -----

func.func @main(%a: tensor<4x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x5xf32>) {
  // expected-error @+1 {{'stablehlo.scatter' op update window dimension 1 of size 5 is larger than operand dimension 1 of size 4}}
  %0 = "stablehlo.scatter"(%a, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    stablehlo.return %y : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x1xi32>, tensor<2x5xf32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @main(%a: tensor<4x4xf32>, %i: tensor<2x1xi32>, %u: tensor<3x4xf32>) {
  // expected-error @+1 {{'stablehlo.scatter' op update scatter dimension 0 has size 3 but the matching scatter_indices dimension has size 2}}
  %0 = "stablehlo.scatter"(%a, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    stablehlo.return %y : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x1xi32>, tensor<3x4xf32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @main(%a: tensor<4x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>) {
  // expected-error @+1 {{'stablehlo.scatter' op update_computation must have 2 argument(s) but has 3}}
  %0 = "stablehlo.scatter"(%a, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>, %z: tensor<f32>):
    stablehlo.return %y : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @main(%a: tensor<4x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>) {
  // expected-error @+1 {{'stablehlo.scatter' op result #0 has type 'tensor<4x4xi32>' but input #0 has type 'tensor<4x4xf32>'}}
  %0 = "stablehlo.scatter"(%a, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    stablehlo.return %y : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<4x4xi32>
  return
}

// -----

func.func @main(%a: tensor<4x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>) {
  // expected-error @+1 {{'stablehlo.scatter' op scatter_dims_to_operand_dims [0, 1] must have one entry per index vector element (1)}}
  %0 = "stablehlo.scatter"(%a, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    stablehlo.return %y : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @main(%a: tensor<4x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>) {
  // expected-error @+1 {{'stablehlo.scatter' op update_window_dims, inserted_window_dims and input_batching_dims must together have one entry per operand dimension (2)}}
  %0 = "stablehlo.scatter"(%a, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    stablehlo.return %y : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @main(%a: tensor<4x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>) {
  // expected-error @+1 {{'stablehlo.scatter' op update_window_dims [2] has dimension 2 out of range [0, 2)}}
  %0 = "stablehlo.scatter"(%a, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    stablehlo.return %y : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @main(%a: tensor<4x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>) {
  // expected-error @+1 {{'stablehlo.scatter' op index_vector_dim 5 is out of range [0, 2]}}
  %0 = "stablehlo.scatter"(%a, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 5>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    stablehlo.return %y : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @main(%a: tensor<4x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>) {
  // expected-error @+1 {{'stablehlo.scatter' op scatter_dims_to_operand_dims [3] has dimension 3 out of range [0, 2)}}
  %0 = "stablehlo.scatter"(%a, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [3], index_vector_dim = 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    stablehlo.return %y : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @main(%a: tensor<4x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>) {
  // expected-error @+1 {{'stablehlo.scatter' op updates have rank 2 but scatter_indices batch dims and update_window_dims give 3}}
  %0 = "stablehlo.scatter"(%a, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0, 1], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    stablehlo.return %y : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<4x4xf32>
  return
}
