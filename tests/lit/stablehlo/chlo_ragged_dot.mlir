// chlo.ragged_dot round-trips in the generic form upstream prints (it has
// no pretty form): empty dimension lists are left out, fields parse in any
// order.
// RUN: sdy-opt %s | FileCheck %s
// RUN: sdy-opt %s -mlir-print-op-generic | sdy-opt | FileCheck %s

// CHECK-LABEL: func.func @ragged_rows
func.func @ragged_rows(%a: tensor<6x4xf32>, %b: tensor<3x4x5xf32>, %g: tensor<3xi32>) -> tensor<6x5xf32> {
  // CHECK-NEXT: %0 = "chlo.ragged_dot"(%arg0, %arg1, %arg2) <{precision_config = [#chlo<precision DEFAULT>, #chlo<precision HIGHEST>], ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<6x4xf32>, tensor<3x4x5xf32>, tensor<3xi32>) -> tensor<6x5xf32>
  %0 = "chlo.ragged_dot"(%a, %b, %g) <{precision_config = [#chlo<precision DEFAULT>, #chlo<precision HIGHEST>], ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_group_dimensions = [0], lhs_ragged_dimensions = [0], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>}> : (tensor<6x4xf32>, tensor<3x4x5xf32>, tensor<3xi32>) -> tensor<6x5xf32>
  return %0 : tensor<6x5xf32>
}

// CHECK-LABEL: func.func @ragged_contracting
func.func @ragged_contracting(%a: tensor<2x6x4xf32>, %b: tensor<2x4x5xbf16>, %g: tensor<3xi64>) -> tensor<3x2x6x5xf32> {
  // CHECK-NEXT: %0 = "chlo.ragged_dot"(%arg0, %arg1, %arg2) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [2]>}> : (tensor<2x6x4xf32>, tensor<2x4x5xbf16>, tensor<3xi64>) -> tensor<3x2x6x5xf32>
  %0 = "chlo.ragged_dot"(%a, %b, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [2]>}> : (tensor<2x6x4xf32>, tensor<2x4x5xbf16>, tensor<3xi64>) -> tensor<3x2x6x5xf32>
  return %0 : tensor<3x2x6x5xf32>
}

// CHECK-LABEL: func.func @ragged_batch
func.func @ragged_batch(%a: tensor<2x6x4xi8>, %b: tensor<2x4x5xi8>, %g: tensor<2xi32>) -> tensor<2x6x5xi32> {
  // CHECK-NEXT: %0 = "chlo.ragged_dot"(%arg0, %arg1, %arg2) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0]>}> : (tensor<2x6x4xi8>, tensor<2x4x5xi8>, tensor<2xi32>) -> tensor<2x6x5xi32>
  %0 = "chlo.ragged_dot"(%a, %b, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0]>}> : (tensor<2x6x4xi8>, tensor<2x4x5xi8>, tensor<2xi32>) -> tensor<2x6x5xi32>
  return %0 : tensor<2x6x5xi32>
}
