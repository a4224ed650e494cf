// What the upstream StableHLO printer leaves out: default-valued attributes
// (pretty form), zero index_vector_dim, empty dimension lists, DEFAULT
// result_accuracy. The expected lines are upstream's output for each input.
// RUN: sdy-opt %s -split-input-file | FileCheck %s
// RUN: sdy-opt %s -split-input-file | sdy-opt -split-input-file | FileCheck %s
// RUN: sdy-opt %s -split-input-file -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: sdy-opt %s -split-input-file -mlir-print-op-generic | sdy-opt -split-input-file -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

func.func @scatter_defaults(%a: tensor<4x5xf32>, %i: tensor<1x4xi32>, %u: tensor<4x5xf32>) -> tensor<4x5xf32> {
  %0 = "stablehlo.scatter"(%a, %i, %u) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %s = stablehlo.add %x, %y : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0]>} : (tensor<4x5xf32>, tensor<1x4xi32>, tensor<4x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// CHECK-LABEL: func.func @scatter_defaults(%arg0: tensor<4x5xf32>, %arg1: tensor<1x4xi32>, %arg2: tensor<4x5xf32>) -> tensor<4x5xf32> {
// CHECK-NEXT: %0 = "stablehlo.scatter"(%arg0, %arg1, %arg2) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0]>}> ({
// CHECK-NEXT: ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
// CHECK-NEXT: %1 = stablehlo.add %arg3, %arg4 : tensor<f32>
// CHECK-NEXT: stablehlo.return %1 : tensor<f32>
// CHECK-NEXT: }) : (tensor<4x5xf32>, tensor<1x4xi32>, tensor<4x5xf32>) -> tensor<4x5xf32>
// CHECK-NEXT: return %0 : tensor<4x5xf32>
// CHECK-NEXT: }
// GENERIC-LABEL: "func.func"() <{function_type = (tensor<4x5xf32>, tensor<1x4xi32>, tensor<4x5xf32>) -> tensor<4x5xf32>, sym_name = "scatter_defaults"}> ({
// GENERIC-NEXT: ^bb0(%{{arg[0-9]+}}: tensor<4x5xf32>, %{{arg[0-9]+}}: tensor<1x4xi32>, %{{arg[0-9]+}}: tensor<4x5xf32>):
// GENERIC-NEXT: %0 = "stablehlo.scatter"(%{{arg[0-9]+}}, %{{arg[0-9]+}}, %{{arg[0-9]+}}) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0]>}> ({
// GENERIC-NEXT: ^bb0(%{{arg[0-9]+}}: tensor<f32>, %{{arg[0-9]+}}: tensor<f32>):
// GENERIC-NEXT: %1 = "stablehlo.add"(%{{arg[0-9]+}}, %{{arg[0-9]+}}) : (tensor<f32>, tensor<f32>) -> tensor<f32>
// GENERIC-NEXT: "stablehlo.return"(%1) : (tensor<f32>) -> ()
// GENERIC-NEXT: }) : (tensor<4x5xf32>, tensor<1x4xi32>, tensor<4x5xf32>) -> tensor<4x5xf32>
// GENERIC-NEXT: "func.return"(%0) : (tensor<4x5xf32>) -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

func.func @scatter_explicit_defaults(%a: tensor<4x5xf32>, %i: tensor<1x4xi32>, %u: tensor<4x5xf32>) -> tensor<4x5xf32> {
  %0 = "stablehlo.scatter"(%a, %i, %u) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %s = stablehlo.add %x, %y : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 0>, indices_are_sorted = false, unique_indices = false} : (tensor<4x5xf32>, tensor<1x4xi32>, tensor<4x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// CHECK-LABEL: func.func @scatter_explicit_defaults(%arg0: tensor<4x5xf32>, %arg1: tensor<1x4xi32>, %arg2: tensor<4x5xf32>) -> tensor<4x5xf32> {
// CHECK-NEXT: %0 = "stablehlo.scatter"(%arg0, %arg1, %arg2) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0]>, unique_indices = false}> ({
// CHECK-NEXT: ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
// CHECK-NEXT: %1 = stablehlo.add %arg3, %arg4 : tensor<f32>
// CHECK-NEXT: stablehlo.return %1 : tensor<f32>
// CHECK-NEXT: }) : (tensor<4x5xf32>, tensor<1x4xi32>, tensor<4x5xf32>) -> tensor<4x5xf32>
// CHECK-NEXT: return %0 : tensor<4x5xf32>
// CHECK-NEXT: }
// GENERIC-LABEL: "func.func"() <{function_type = (tensor<4x5xf32>, tensor<1x4xi32>, tensor<4x5xf32>) -> tensor<4x5xf32>, sym_name = "scatter_explicit_defaults"}> ({
// GENERIC-NEXT: ^bb0(%{{arg[0-9]+}}: tensor<4x5xf32>, %{{arg[0-9]+}}: tensor<1x4xi32>, %{{arg[0-9]+}}: tensor<4x5xf32>):
// GENERIC-NEXT: %0 = "stablehlo.scatter"(%{{arg[0-9]+}}, %{{arg[0-9]+}}, %{{arg[0-9]+}}) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0]>, unique_indices = false}> ({
// GENERIC-NEXT: ^bb0(%{{arg[0-9]+}}: tensor<f32>, %{{arg[0-9]+}}: tensor<f32>):
// GENERIC-NEXT: %1 = "stablehlo.add"(%{{arg[0-9]+}}, %{{arg[0-9]+}}) : (tensor<f32>, tensor<f32>) -> tensor<f32>
// GENERIC-NEXT: "stablehlo.return"(%1) : (tensor<f32>) -> ()
// GENERIC-NEXT: }) : (tensor<4x5xf32>, tensor<1x4xi32>, tensor<4x5xf32>) -> tensor<4x5xf32>
// GENERIC-NEXT: "func.return"(%0) : (tensor<4x5xf32>) -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

func.func @gather_defaults(%a: tensor<4x5xf32>, %i: tensor<1x2xi32>) -> tensor<2x5xf32> {
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0]>, slice_sizes = array<i64: 1, 5>} : (tensor<4x5xf32>, tensor<1x2xi32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// CHECK-LABEL: func.func @gather_defaults(%arg0: tensor<4x5xf32>, %arg1: tensor<1x2xi32>) -> tensor<2x5xf32> {
// CHECK-NEXT: %0 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0]>, slice_sizes = array<i64: 1, 5>}> : (tensor<4x5xf32>, tensor<1x2xi32>) -> tensor<2x5xf32>
// CHECK-NEXT: return %0 : tensor<2x5xf32>
// CHECK-NEXT: }
// GENERIC-LABEL: "func.func"() <{function_type = (tensor<4x5xf32>, tensor<1x2xi32>) -> tensor<2x5xf32>, sym_name = "gather_defaults"}> ({
// GENERIC-NEXT: ^bb0(%{{arg[0-9]+}}: tensor<4x5xf32>, %{{arg[0-9]+}}: tensor<1x2xi32>):
// GENERIC-NEXT: %0 = "stablehlo.gather"(%{{arg[0-9]+}}, %{{arg[0-9]+}}) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0]>, slice_sizes = array<i64: 1, 5>}> : (tensor<4x5xf32>, tensor<1x2xi32>) -> tensor<2x5xf32>
// GENERIC-NEXT: "func.return"(%0) : (tensor<2x5xf32>) -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

func.func @gather_explicit_defaults(%a: tensor<4x5xf32>, %i: tensor<1x2xi32>) -> tensor<2x5xf32> {
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [0], index_vector_dim = 0>, slice_sizes = array<i64: 1, 5>, indices_are_sorted = false} : (tensor<4x5xf32>, tensor<1x2xi32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// CHECK-LABEL: func.func @gather_explicit_defaults(%arg0: tensor<4x5xf32>, %arg1: tensor<1x2xi32>) -> tensor<2x5xf32> {
// CHECK-NEXT: %0 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0]>, indices_are_sorted = false, slice_sizes = array<i64: 1, 5>}> : (tensor<4x5xf32>, tensor<1x2xi32>) -> tensor<2x5xf32>
// CHECK-NEXT: return %0 : tensor<2x5xf32>
// CHECK-NEXT: }
// GENERIC-LABEL: "func.func"() <{function_type = (tensor<4x5xf32>, tensor<1x2xi32>) -> tensor<2x5xf32>, sym_name = "gather_explicit_defaults"}> ({
// GENERIC-NEXT: ^bb0(%{{arg[0-9]+}}: tensor<4x5xf32>, %{{arg[0-9]+}}: tensor<1x2xi32>):
// GENERIC-NEXT: %0 = "stablehlo.gather"(%{{arg[0-9]+}}, %{{arg[0-9]+}}) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0]>, indices_are_sorted = false, slice_sizes = array<i64: 1, 5>}> : (tensor<4x5xf32>, tensor<1x2xi32>) -> tensor<2x5xf32>
// GENERIC-NEXT: "func.return"(%0) : (tensor<2x5xf32>) -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

func.func @result_accuracy(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = "stablehlo.exponential"(%a) {result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<DEFAULT>>} : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "stablehlo.tanh"(%a) {result_accuracy = #stablehlo.result_accuracy<atol = 0.0, rtol = 0.0, ulps = 0, mode = #stablehlo.result_accuracy_mode<HIGHEST>>} : (tensor<4xf32>) -> tensor<4xf32>
  %2 = stablehlo.log %a {result_accuracy = #stablehlo.result_accuracy<atol = 1.0e-05, ulps = 2, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<4xf32>
  %3 = stablehlo.sine %a {result_accuracy = #stablehlo.result_accuracy<rtol = 5.0e-01, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<4xf32>
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// CHECK-LABEL: func.func @result_accuracy(%arg0: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
// CHECK-NEXT: %0 = stablehlo.exponential %arg0 : tensor<4xf32>
// CHECK-NEXT: %1 = stablehlo.tanh %arg0 {result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<HIGHEST>>} : tensor<4xf32>
// CHECK-NEXT: %2 = stablehlo.log %arg0 {result_accuracy = #stablehlo.result_accuracy<atol = 1.000000e-05, ulps = 2, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<4xf32>
// CHECK-NEXT: %3 = stablehlo.sine %arg0 {result_accuracy = #stablehlo.result_accuracy<rtol = 5.000000e-01, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<4xf32>
// CHECK-NEXT: return %0, %1, %2, %3 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
// CHECK-NEXT: }
// GENERIC-LABEL: "func.func"() <{function_type = (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>), sym_name = "result_accuracy"}> ({
// GENERIC-NEXT: ^bb0(%{{arg[0-9]+}}: tensor<4xf32>):
// GENERIC-NEXT: %0 = "stablehlo.exponential"(%{{arg[0-9]+}}) <{result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<DEFAULT>>}> : (tensor<4xf32>) -> tensor<4xf32>
// GENERIC-NEXT: %1 = "stablehlo.tanh"(%{{arg[0-9]+}}) <{result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<HIGHEST>>}> : (tensor<4xf32>) -> tensor<4xf32>
// GENERIC-NEXT: %2 = "stablehlo.log"(%{{arg[0-9]+}}) <{result_accuracy = #stablehlo.result_accuracy<atol = 1.000000e-05, ulps = 2, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>}> : (tensor<4xf32>) -> tensor<4xf32>
// GENERIC-NEXT: %3 = "stablehlo.sine"(%{{arg[0-9]+}}) <{result_accuracy = #stablehlo.result_accuracy<rtol = 5.000000e-01, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>}> : (tensor<4xf32>) -> tensor<4xf32>
// GENERIC-NEXT: "func.return"(%0, %1, %2, %3) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

func.func @compare_and_dot(%a: tensor<4xf32>, %b: tensor<4x4xf32>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) {
  %0 = "stablehlo.compare"(%a, %a) {comparison_direction = #stablehlo<comparison_direction LT>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %1 = "stablehlo.compare"(%a, %a) {comparison_direction = #stablehlo<comparison_direction LT>, compare_type = #stablehlo<comparison_type FLOAT>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %2 = "stablehlo.dot_general"(%b, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %3 = "stablehlo.dot_general"(%b, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = []} : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %4 = "stablehlo.dot"(%b, %b) {precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision HIGHEST>]} : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %5 = "stablehlo.dot_general"(%b, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, algorithm = #stablehlo.dot_algorithm<lhs_precision_type = f32, rhs_precision_type = f32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>} : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<4xi1>, tensor<4xi1>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>
}

// CHECK-LABEL: func.func @compare_and_dot(%arg0: tensor<4xf32>, %arg1: tensor<4x4xf32>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) {
// CHECK-NEXT: %0 = stablehlo.compare LT, %arg0, %arg0 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// CHECK-NEXT: %1 = stablehlo.compare LT, %arg0, %arg0, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// CHECK-NEXT: %2 = stablehlo.dot_general %arg1, %arg1, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
// CHECK-NEXT: %3 = stablehlo.dot_general %arg1, %arg1, contracting_dims = [1] x [0], precision = [] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
// CHECK-NEXT: %4 = stablehlo.dot %arg1, %arg1, precision = [DEFAULT, HIGHEST] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
// CHECK-NEXT: %5 = stablehlo.dot_general %arg1, %arg1, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = f32, rhs_precision_type = f32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
// CHECK-NEXT: return %0, %1, %2, %3, %4, %5 : tensor<4xi1>, tensor<4xi1>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>
// CHECK-NEXT: }
// GENERIC-LABEL: "func.func"() <{function_type = (tensor<4xf32>, tensor<4x4xf32>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>), sym_name = "compare_and_dot"}> ({
// GENERIC-NEXT: ^bb0(%{{arg[0-9]+}}: tensor<4xf32>, %{{arg[0-9]+}}: tensor<4x4xf32>):
// GENERIC-NEXT: %0 = "stablehlo.compare"(%{{arg[0-9]+}}, %{{arg[0-9]+}}) <{comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// GENERIC-NEXT: %1 = "stablehlo.compare"(%{{arg[0-9]+}}, %{{arg[0-9]+}}) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// GENERIC-NEXT: %2 = "stablehlo.dot_general"(%{{arg[0-9]+}}, %{{arg[0-9]+}}) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
// GENERIC-NEXT: %3 = "stablehlo.dot_general"(%{{arg[0-9]+}}, %{{arg[0-9]+}}) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = []}> : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
// GENERIC-NEXT: %4 = "stablehlo.dot"(%{{arg[0-9]+}}, %{{arg[0-9]+}}) <{precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision HIGHEST>]}> : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
// GENERIC-NEXT: %5 = "stablehlo.dot_general"(%{{arg[0-9]+}}, %{{arg[0-9]+}}) <{algorithm = #stablehlo.dot_algorithm<lhs_precision_type = f32, rhs_precision_type = f32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>, dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
// GENERIC-NEXT: "func.return"(%0, %1, %2, %3, %4, %5) : (tensor<4xi1>, tensor<4xi1>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

func.func @dot_no_contraction(%a: tensor<4xf32>) -> tensor<4x4xf32> {
  %0 = "stablehlo.dot_general"(%a, %a) {dot_dimension_numbers = #stablehlo.dot<>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// CHECK-LABEL: func.func @dot_no_contraction(%arg0: tensor<4xf32>) -> tensor<4x4xf32> {
// CHECK-NEXT: %0 = stablehlo.dot_general %arg0, %arg0, contracting_dims = [] x [] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4x4xf32>
// CHECK-NEXT: return %0 : tensor<4x4xf32>
// CHECK-NEXT: }
// GENERIC-LABEL: "func.func"() <{function_type = (tensor<4xf32>) -> tensor<4x4xf32>, sym_name = "dot_no_contraction"}> ({
// GENERIC-NEXT: ^bb0(%{{arg[0-9]+}}: tensor<4xf32>):
// GENERIC-NEXT: %0 = "stablehlo.dot_general"(%{{arg[0-9]+}}, %{{arg[0-9]+}}) <{dot_dimension_numbers = #stablehlo.dot<>}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4x4xf32>
// GENERIC-NEXT: "func.return"(%0) : (tensor<4x4xf32>) -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

func.func @custom_call(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = "stablehlo.custom_call"(%a) {call_target_name = "foo", called_computations = [], output_operand_aliases = [], has_side_effect = false, api_version = 1 : i32} : (tensor<4xf32>) -> tensor<4xf32>
  %1 = stablehlo.custom_call @foo(%a) {backend_config = "", has_side_effect = true, api_version = 0 : i32} : (tensor<4xf32>) -> tensor<4xf32>
  %2 = stablehlo.custom_call @bar(%a) {api_version = 4 : i32, backend_config = {a = 1 : i64}, output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>], operand_layouts = [dense<0> : tensor<1xindex>], result_layouts = [dense<0> : tensor<1xindex>]} : (tensor<4xf32>) -> tensor<4xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// CHECK-LABEL: func.func @custom_call(%arg0: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
// CHECK-NEXT: %0 = stablehlo.custom_call @foo(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %1 = stablehlo.custom_call @foo(%arg0) {api_version = 0 : i32, backend_config = "", has_side_effect = true} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %2 = stablehlo.custom_call @bar(%arg0) {api_version = 4 : i32, backend_config = {a = 1 : i64}, operand_layouts = [dense<0> : tensor<1xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<0> : tensor<1xindex>]} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
// CHECK-NEXT: }
// GENERIC-LABEL: "func.func"() <{function_type = (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>), sym_name = "custom_call"}> ({
// GENERIC-NEXT: ^bb0(%{{arg[0-9]+}}: tensor<4xf32>):
// GENERIC-NEXT: %0 = "stablehlo.custom_call"(%{{arg[0-9]+}}) <{api_version = 1 : i32, call_target_name = "foo", called_computations = [], has_side_effect = false, output_operand_aliases = []}> : (tensor<4xf32>) -> tensor<4xf32>
// GENERIC-NEXT: %1 = "stablehlo.custom_call"(%{{arg[0-9]+}}) <{api_version = 0 : i32, backend_config = "", call_target_name = "foo", has_side_effect = true}> : (tensor<4xf32>) -> tensor<4xf32>
// GENERIC-NEXT: %2 = "stablehlo.custom_call"(%{{arg[0-9]+}}) <{api_version = 4 : i32, backend_config = {a = 1 : i64}, call_target_name = "bar", operand_layouts = [dense<0> : tensor<1xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<0> : tensor<1xindex>]}> : (tensor<4xf32>) -> tensor<4xf32>
// GENERIC-NEXT: "func.return"(%0, %1, %2) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

func.func @collectives(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<8xf32>) {
  %0 = "stablehlo.all_reduce"(%a) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %s = stablehlo.add %x, %y : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>} : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "stablehlo.all_gather"(%a) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<8xf32>
  return %0, %1 : tensor<4xf32>, tensor<8xf32>
}

// CHECK-LABEL: func.func @collectives(%arg0: tensor<4xf32>) -> (tensor<4xf32>, tensor<8xf32>) {
// CHECK-NEXT: %0 = "stablehlo.all_reduce"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>}> ({
// CHECK-NEXT: ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
// CHECK-NEXT: %2 = stablehlo.add %arg1, %arg2 : tensor<f32>
// CHECK-NEXT: stablehlo.return %2 : tensor<f32>
// CHECK-NEXT: }) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %1 = "stablehlo.all_gather"(%arg0) <{all_gather_dim = 0 : i64, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>}> : (tensor<4xf32>) -> tensor<8xf32>
// CHECK-NEXT: return %0, %1 : tensor<4xf32>, tensor<8xf32>
// CHECK-NEXT: }
// GENERIC-LABEL: "func.func"() <{function_type = (tensor<4xf32>) -> (tensor<4xf32>, tensor<8xf32>), sym_name = "collectives"}> ({
// GENERIC-NEXT: ^bb0(%{{arg[0-9]+}}: tensor<4xf32>):
// GENERIC-NEXT: %0 = "stablehlo.all_reduce"(%{{arg[0-9]+}}) <{channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>}> ({
// GENERIC-NEXT: ^bb0(%{{arg[0-9]+}}: tensor<f32>, %{{arg[0-9]+}}: tensor<f32>):
// GENERIC-NEXT: %2 = "stablehlo.add"(%{{arg[0-9]+}}, %{{arg[0-9]+}}) : (tensor<f32>, tensor<f32>) -> tensor<f32>
// GENERIC-NEXT: "stablehlo.return"(%2) : (tensor<f32>) -> ()
// GENERIC-NEXT: }) : (tensor<4xf32>) -> tensor<4xf32>
// GENERIC-NEXT: %1 = "stablehlo.all_gather"(%{{arg[0-9]+}}) <{all_gather_dim = 0 : i64, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>}> : (tensor<4xf32>) -> tensor<8xf32>
// GENERIC-NEXT: "func.return"(%0, %1) : (tensor<4xf32>, tensor<8xf32>) -> ()
// GENERIC-NEXT: }) : () -> ()
