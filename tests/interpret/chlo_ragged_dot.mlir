// RUN: sdy-run --interpret %s | FileCheck %s

// chlo.ragged_dot in its three modes, against hand-computed values.

// A ragged non-contracting lhs dimension: rows [0, 1) use rhs group 0 (the
// identity), rows [1, 3) group 1 (a swap), row 3 is past the last group.
// CHECK: PASS @ragged_rows
func.func @ragged_rows() {
  %lhs = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]> : tensor<4x2xf32>
  %rhs = stablehlo.constant dense<[[[1.0, 0.0], [0.0, 1.0]], [[0.0, 1.0], [1.0, 0.0]]]> : tensor<2x2x2xf32>
  %sizes = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %sizes) <{precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>], ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<4x2xf32>, tensor<2x2x2xf32>, tensor<2xi32>) -> tensor<4x2xf32>
  check.expect_eq_const %0, dense<[[1.0, 2.0], [4.0, 3.0], [6.0, 5.0], [0.0, 0.0]]> : tensor<4x2xf32>
  func.return
}

// Group sizes summing past the ragged dimension: the last group is cut.
// CHECK: PASS @groups_past_the_end
func.func @groups_past_the_end() {
  %lhs = stablehlo.constant dense<[[1.0], [2.0]]> : tensor<2x1xf32>
  %rhs = stablehlo.constant dense<[[[3.0]], [[5.0]]]> : tensor<2x1x1xf32>
  %sizes = stablehlo.constant dense<[1, 4]> : tensor<2xi64>
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %sizes) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<2x1xf32>, tensor<2x1x1xf32>, tensor<2xi64>) -> tensor<2x1xf32>
  check.expect_eq_const %0, dense<[[3.0], [10.0]]> : tensor<2x1xf32>
  func.return
}

// A ragged contracting dimension: result entry g contracts only group g
// (columns [0, 2), then [2, 3)).
// CHECK: PASS @ragged_contracting
func.func @ragged_contracting() {
  %lhs = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %rhs = stablehlo.constant dense<[[1.0, 1.0], [1.0, 0.0], [0.0, 1.0]]> : tensor<3x2xf32>
  %sizes = stablehlo.constant dense<[2, 1]> : tensor<2xi32>
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %sizes) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0], lhs_ragged_dimensions = [1]>}> : (tensor<2x3xf32>, tensor<3x2xf32>, tensor<2xi32>) -> tensor<2x2x2xf32>
  check.expect_eq_const %0, dense<[[[3.0, 1.0], [9.0, 4.0]], [[0.0, 3.0], [0.0, 6.0]]]> : tensor<2x2x2xf32>
  func.return
}

// A ragged batch dimension: a plain batched dot.
// CHECK: PASS @ragged_batch
func.func @ragged_batch() {
  %lhs = stablehlo.constant dense<[[[1.0, 2.0]], [[3.0, 4.0]]]> : tensor<2x1x2xf32>
  %rhs = stablehlo.constant dense<[[[1.0], [1.0]], [[2.0], [0.0]]]> : tensor<2x2x1xf32>
  %sizes = stablehlo.constant dense<[1, 1]> : tensor<2xi32>
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %sizes) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0]>}> : (tensor<2x1x2xf32>, tensor<2x2x1xf32>, tensor<2xi32>) -> tensor<2x1x1xf32>
  check.expect_eq_const %0, dense<[[[3.0]], [[6.0]]]> : tensor<2x1x1xf32>
  func.return
}

// Integers, a batch dimension and ragged rows: the same group sizes split
// each batch's rows (rows [0, 2) group 0, row 2 group 1).
// CHECK: PASS @batched_integer_rows
func.func @batched_integer_rows() {
  %lhs = stablehlo.constant dense<[[[1], [2], [3]], [[4], [5], [6]]]> : tensor<2x3x1xi32>
  %rhs = stablehlo.constant dense<[[[[10]], [[100]]], [[[-1]], [[2]]]]> : tensor<2x2x1x1xi32>
  %sizes = stablehlo.constant dense<[2, 1]> : tensor<2xi32>
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %sizes) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2], lhs_ragged_dimensions = [1], rhs_group_dimensions = [1]>}> : (tensor<2x3x1xi32>, tensor<2x2x1x1xi32>, tensor<2xi32>) -> tensor<2x3x1xi32>
  check.expect_eq_const %0, dense<[[[10], [20], [300]], [[-4], [-5], [12]]]> : tensor<2x3x1xi32>
  func.return
}

// Mixed operand types: i8 operands, an i32 result that holds 100 * 100.
// CHECK: PASS @widening_integers
func.func @widening_integers() {
  %lhs = stablehlo.constant dense<[[100], [-100]]> : tensor<2x1xi8>
  %rhs = stablehlo.constant dense<[[[100]]]> : tensor<1x1x1xi8>
  %sizes = stablehlo.constant dense<[2]> : tensor<1xi32>
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %sizes) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<2x1xi8>, tensor<1x1x1xi8>, tensor<1xi32>) -> tensor<2x1xi32>
  check.expect_eq_const %0, dense<[[10000], [-10000]]> : tensor<2x1xi32>
  func.return
}

// Complex numbers: (1+i)(2-i) = 3+i, (1+i)(i) = -1+i.
// CHECK: PASS @complex_rows
func.func @complex_rows() {
  %lhs = stablehlo.constant dense<[[(1.0, 1.0)], [(1.0, 1.0)]]> : tensor<2x1xcomplex<f32>>
  %rhs = stablehlo.constant dense<[[[(2.0, -1.0)]], [[(0.0, 1.0)]]]> : tensor<2x1x1xcomplex<f32>>
  %sizes = stablehlo.constant dense<[1, 1]> : tensor<2xi32>
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %sizes) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<2x1xcomplex<f32>>, tensor<2x1x1xcomplex<f32>>, tensor<2xi32>) -> tensor<2x1xcomplex<f32>>
  check.expect_eq_const %0, dense<[[(3.0, 1.0)], [(-1.0, 1.0)]]> : tensor<2x1xcomplex<f32>>
  func.return
}

// bf16 operands accumulate in f32 and round once: 1 + 2^-9 + 2^-9 is 1 +
// 2^-8 in bf16 (each product alone would round back to 1).
// CHECK: PASS @bf16_contracting
func.func @bf16_contracting() {
  %lhs = stablehlo.constant dense<[[1.0, 0.001953125, 0.001953125]]> : tensor<1x3xbf16>
  %rhs = stablehlo.constant dense<[[1.0], [1.0], [1.0]]> : tensor<3x1xbf16>
  %sizes = stablehlo.constant dense<[3, 0]> : tensor<2xi32>
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %sizes) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0], lhs_ragged_dimensions = [1]>}> : (tensor<1x3xbf16>, tensor<3x1xbf16>, tensor<2xi32>) -> tensor<2x1x1xbf16>
  check.expect_eq_const %0, dense<[[[1.00390625]], [[0.0]]]> : tensor<2x1x1xbf16>
  func.return
}

// Empty groups everywhere: all zeros.
// CHECK: PASS @no_rows_in_groups
func.func @no_rows_in_groups() {
  %lhs = stablehlo.constant dense<[[1.0], [2.0]]> : tensor<2x1xf32>
  %rhs = stablehlo.constant dense<[[[3.0]]]> : tensor<1x1x1xf32>
  %sizes = stablehlo.constant dense<[0]> : tensor<1xi32>
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %sizes) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<2x1xf32>, tensor<1x1x1xf32>, tensor<1xi32>) -> tensor<2x1xf32>
  check.expect_eq_const %0, dense<[[0.0], [0.0]]> : tensor<2x1xf32>
  func.return
}

// No rows: an empty result.
// CHECK: PASS @no_rows
func.func @no_rows() {
  %lhs = stablehlo.constant dense<> : tensor<0x2xf32>
  %rhs = stablehlo.constant dense<1.0> : tensor<1x2x3xf32>
  %sizes = stablehlo.constant dense<[4]> : tensor<1xi32>
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %sizes) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<0x2xf32>, tensor<1x2x3xf32>, tensor<1xi32>) -> tensor<0x3xf32>
  check.expect_eq_const %0, dense<> : tensor<0x3xf32>
  func.return
}
