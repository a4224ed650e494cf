// RUN: not sdy-run --interpret -split-input-file %s > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: FileCheck %s --check-prefix=ERR < %t.err

// chlo.ragged_dot inputs the kernel refuses.

// OUT: FAIL @negative_group_size
// ERR: 'chlo.ragged_dot': group size 1 is negative (-1)
func.func @negative_group_size() {
  %lhs = stablehlo.constant dense<[[1.0], [2.0]]> : tensor<2x1xf32>
  %rhs = stablehlo.constant dense<[[[3.0]], [[5.0]]]> : tensor<2x1x1xf32>
  %sizes = stablehlo.constant dense<[1, -1]> : tensor<2xi32>
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %sizes) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<2x1xf32>, tensor<2x1x1xf32>, tensor<2xi32>) -> tensor<2x1xf32>
  check.expect_eq_const %0, dense<[[3.0], [0.0]]> : tensor<2x1xf32>
  func.return
}

