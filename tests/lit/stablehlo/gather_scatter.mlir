// Round trips of gather and scatter (printed generically, as upstream does).
// RUN: sdy-opt %s -split-input-file | sdy-opt -split-input-file | FileCheck %s
// RUN: sdy-opt %s -split-input-file -mlir-print-op-generic | sdy-opt -split-input-file | FileCheck %s

func.func @gather(%a: tensor<4x8xf32>, %i: tensor<2x1xi32>) -> tensor<2x8xf32> {
  %0 = "stablehlo.gather"(%a, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 8>}> : (tensor<4x8xf32>, tensor<2x1xi32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// CHECK-LABEL: func.func @gather(
// CHECK-NEXT: [[GATHER:%.+]] = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 8>}> : (tensor<4x8xf32>, tensor<2x1xi32>) -> tensor<2x8xf32>
// CHECK-NEXT: return [[GATHER]] : tensor<2x8xf32>
// CHECK-NEXT: }

// -----

func.func @gather_sorted_implicit_index_vector(%a: tensor<5x3xf32>, %i: tensor<2xi64>) -> tensor<2x3xf32> {
  %0 = "stablehlo.gather"(%a, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = true, slice_sizes = array<i64: 1, 3>}> : (tensor<5x3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @gather_sorted_implicit_index_vector(
// CHECK-NEXT: [[GATHER:%.+]] = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = true, slice_sizes = array<i64: 1, 3>}> : (tensor<5x3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
// CHECK-NEXT: return [[GATHER]] : tensor<2x3xf32>
// CHECK-NEXT: }

// -----

func.func @gather_batching(%a: tensor<3x4x5xf32>, %i: tensor<3x2x1xi32>) -> tensor<3x2x5xf32> {
  %0 = "stablehlo.gather"(%a, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 5>}> : (tensor<3x4x5xf32>, tensor<3x2x1xi32>) -> tensor<3x2x5xf32>
  return %0 : tensor<3x2x5xf32>
}

// CHECK-LABEL: func.func @gather_batching(
// CHECK-NEXT: [[GATHER:%.+]] = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 5>}> : (tensor<3x4x5xf32>, tensor<3x2x1xi32>) -> tensor<3x2x5xf32>
// CHECK-NEXT: return [[GATHER]] : tensor<3x2x5xf32>
// CHECK-NEXT: }

// -----

func.func @gather_window(%a: tensor<8x8xbf16>, %i: tensor<3x2xi32>) -> tensor<3x2x4xbf16> {
  %0 = "stablehlo.gather"(%a, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 2, 4>}> : (tensor<8x8xbf16>, tensor<3x2xi32>) -> tensor<3x2x4xbf16>
  return %0 : tensor<3x2x4xbf16>
}

// CHECK-LABEL: func.func @gather_window(
// CHECK-NEXT: [[GATHER:%.+]] = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 2, 4>}> : (tensor<8x8xbf16>, tensor<3x2xi32>) -> tensor<3x2x4xbf16>
// CHECK-NEXT: return [[GATHER]] : tensor<3x2x4xbf16>
// CHECK-NEXT: }

// -----

func.func @scatter(%a: tensor<4x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> tensor<4x4xf32> {
  %0 = "stablehlo.scatter"(%a, %i, %u) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %1 = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// CHECK-LABEL: func.func @scatter(
// CHECK-NEXT: [[SCATTER:%.+]] = "stablehlo.scatter"(%arg0, %arg1, %arg2) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
// CHECK-NEXT: ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
// CHECK-NEXT: [[ADD:%.+]] = stablehlo.add %arg3, %arg4 : tensor<f32>
// CHECK-NEXT: stablehlo.return [[ADD]] : tensor<f32>
// CHECK-NEXT: }) : (tensor<4x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<4x4xf32>
// CHECK-NEXT: return [[SCATTER]] : tensor<4x4xf32>
// CHECK-NEXT: }

// -----

func.func @scatter_replace_batching(%a: tensor<3x4x5xi32>, %i: tensor<3x2x1xi32>, %u: tensor<3x2x5xi32>) -> tensor<3x4x5xi32> {
  %0 = "stablehlo.scatter"(%a, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = true}> ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    stablehlo.return %y : tensor<i32>
  }) : (tensor<3x4x5xi32>, tensor<3x2x1xi32>, tensor<3x2x5xi32>) -> tensor<3x4x5xi32>
  return %0 : tensor<3x4x5xi32>
}

// CHECK-LABEL: func.func @scatter_replace_batching(
// CHECK-NEXT: [[SCATTER:%.+]] = "stablehlo.scatter"(%arg0, %arg1, %arg2) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = true}> ({
// CHECK-NEXT: ^bb0(%arg3: tensor<i32>, %arg4: tensor<i32>):
// CHECK-NEXT: stablehlo.return %arg4 : tensor<i32>
// CHECK-NEXT: }) : (tensor<3x4x5xi32>, tensor<3x2x1xi32>, tensor<3x2x5xi32>) -> tensor<3x4x5xi32>
// CHECK-NEXT: return [[SCATTER]] : tensor<3x4x5xi32>
// CHECK-NEXT: }

// -----

func.func @scatter_variadic(%a: tensor<8xf32>, %b: tensor<8xi32>, %i: tensor<3x1xi32>, %u: tensor<3xf32>, %v: tensor<3xi32>) -> (tensor<8xf32>, tensor<8xi32>) {
  %0:2 = "stablehlo.scatter"(%a, %b, %i, %u, %v) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<i32>, %xu: tensor<f32>, %yu: tensor<i32>):
    %1 = stablehlo.add %x, %xu : tensor<f32>
    %2 = stablehlo.add %y, %yu : tensor<i32>
    stablehlo.return %1, %2 : tensor<f32>, tensor<i32>
  }) : (tensor<8xf32>, tensor<8xi32>, tensor<3x1xi32>, tensor<3xf32>, tensor<3xi32>) -> (tensor<8xf32>, tensor<8xi32>)
  return %0#0, %0#1 : tensor<8xf32>, tensor<8xi32>
}

// CHECK-LABEL: func.func @scatter_variadic(
// CHECK-NEXT: [[SCATTER:%.+]]:2 = "stablehlo.scatter"(%arg0, %arg1, %arg2, %arg3, %arg4) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
// CHECK-NEXT: ^bb0(%arg5: tensor<f32>, %arg6: tensor<i32>, %arg7: tensor<f32>, %arg8: tensor<i32>):
// CHECK-NEXT: [[ADD:%.+]] = stablehlo.add %arg5, %arg7 : tensor<f32>
// CHECK-NEXT: [[ADD_1:%.+]] = stablehlo.add %arg6, %arg8 : tensor<i32>
// CHECK-NEXT: stablehlo.return [[ADD]], [[ADD_1]] : tensor<f32>, tensor<i32>
// CHECK-NEXT: }) : (tensor<8xf32>, tensor<8xi32>, tensor<3x1xi32>, tensor<3xf32>, tensor<3xi32>) -> (tensor<8xf32>, tensor<8xi32>)
// CHECK-NEXT: return [[SCATTER]]#0, [[SCATTER]]#1 : tensor<8xf32>, tensor<8xi32>
// CHECK-NEXT: }
