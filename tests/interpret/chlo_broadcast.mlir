// RUN: sdy-run --interpret %s | FileCheck %s

// The broadcasting chlo ops and constant_like, against hand-computed values.

// CHECK: PASS @add_broadcast_dimensions
func.func @add_broadcast_dimensions() {
  %a = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %b = stablehlo.constant dense<[10.0, 20.0]> : tensor<2xf32>
  %0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  check.expect_eq_const %0, dense<[[11.0, 12.0, 13.0], [24.0, 25.0, 26.0]]> : tensor<2x3xf32>
  func.return
}

// CHECK: PASS @numpy_both_sides
func.func @numpy_both_sides() {
  %a = stablehlo.constant dense<[[1], [2]]> : tensor<2x1xi32>
  %b = stablehlo.constant dense<[10, 20, 30]> : tensor<3xi32>
  %0 = chlo.broadcast_subtract %a, %b : (tensor<2x1xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  check.expect_eq_const %0, dense<[[-9, -19, -29], [-8, -18, -28]]> : tensor<2x3xi32>
  %1 = chlo.broadcast_multiply %a, %b : (tensor<2x1xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  check.expect_eq_const %1, dense<[[10, 20, 30], [20, 40, 60]]> : tensor<2x3xi32>
  func.return
}

// CHECK: PASS @arithmetic
func.func @arithmetic() {
  %a = stablehlo.constant dense<[7, -7, 8]> : tensor<3xi32>
  %s = stablehlo.constant dense<2> : tensor<i32>
  %0 = chlo.broadcast_divide %a, %s : (tensor<3xi32>, tensor<i32>) -> tensor<3xi32>
  check.expect_eq_const %0, dense<[3, -3, 4]> : tensor<3xi32>
  %1 = chlo.broadcast_remainder %a, %s : (tensor<3xi32>, tensor<i32>) -> tensor<3xi32>
  check.expect_eq_const %1, dense<[1, -1, 0]> : tensor<3xi32>
  %2 = chlo.broadcast_maximum %a, %s : (tensor<3xi32>, tensor<i32>) -> tensor<3xi32>
  check.expect_eq_const %2, dense<[7, 2, 8]> : tensor<3xi32>
  %3 = chlo.broadcast_minimum %a, %s : (tensor<3xi32>, tensor<i32>) -> tensor<3xi32>
  check.expect_eq_const %3, dense<[2, -7, 2]> : tensor<3xi32>
  %4 = chlo.broadcast_power %a, %s : (tensor<3xi32>, tensor<i32>) -> tensor<3xi32>
  check.expect_eq_const %4, dense<[49, 49, 64]> : tensor<3xi32>
  func.return
}

// CHECK: PASS @atan2
func.func @atan2() {
  %y = stablehlo.constant dense<[0.0, 1.0]> : tensor<2xf32>
  %x = stablehlo.constant dense<1.0> : tensor<f32>
  %0 = chlo.broadcast_atan2 %y, %x : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  check.expect_almost_eq_const %0, dense<[0.0, 0.785398185]> : tensor<2xf32>
  func.return
}

// CHECK: PASS @bits
func.func @bits() {
  %a = stablehlo.constant dense<[12, -16]> : tensor<2xi8>
  %m = stablehlo.constant dense<10> : tensor<1xi8>
  %0 = chlo.broadcast_and %a, %m : (tensor<2xi8>, tensor<1xi8>) -> tensor<2xi8>
  check.expect_eq_const %0, dense<[8, 0]> : tensor<2xi8>
  %1 = chlo.broadcast_or %a, %m : (tensor<2xi8>, tensor<1xi8>) -> tensor<2xi8>
  check.expect_eq_const %1, dense<[14, -6]> : tensor<2xi8>
  %2 = chlo.broadcast_xor %a, %m : (tensor<2xi8>, tensor<1xi8>) -> tensor<2xi8>
  check.expect_eq_const %2, dense<[6, -6]> : tensor<2xi8>
  %s = stablehlo.constant dense<2> : tensor<i8>
  %3 = chlo.broadcast_shift_left %a, %s : (tensor<2xi8>, tensor<i8>) -> tensor<2xi8>
  check.expect_eq_const %3, dense<[48, -64]> : tensor<2xi8>
  %4 = chlo.broadcast_shift_right_arithmetic %a, %s : (tensor<2xi8>, tensor<i8>) -> tensor<2xi8>
  check.expect_eq_const %4, dense<[3, -4]> : tensor<2xi8>
  %5 = chlo.broadcast_shift_right_logical %a, %s : (tensor<2xi8>, tensor<i8>) -> tensor<2xi8>
  check.expect_eq_const %5, dense<[3, 60]> : tensor<2xi8>
  %p = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %t = stablehlo.constant dense<true> : tensor<i1>
  %6 = chlo.broadcast_and %p, %t : (tensor<2xi1>, tensor<i1>) -> tensor<2xi1>
  check.expect_eq_const %6, dense<[true, false]> : tensor<2xi1>
  func.return
}

// CHECK: PASS @compare
func.func @compare() {
  %a = stablehlo.constant dense<[[1.0, 2.0], [3.0, 0x7FC00000]]> : tensor<2x2xf32>
  %b = stablehlo.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %0 = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction LT>} : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xi1>
  check.expect_eq_const %0, dense<[[true, false], [false, false]]> : tensor<2x2xi1>
  %1 = chlo.broadcast_compare %a, %b {compare_type = #chlo<comparison_type TOTALORDER>, comparison_direction = #chlo<comparison_direction GT>} : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xi1>
  check.expect_eq_const %1, dense<[[false, false], [true, true]]> : tensor<2x2xi1>
  %c = stablehlo.constant dense<[1.0, 3.0]> : tensor<2xf32>
  %2 = chlo.broadcast_compare %a, %c {broadcast_dimensions = array<i64: 0>, comparison_direction = #chlo<comparison_direction EQ>} : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xi1>
  check.expect_eq_const %2, dense<[[true, false], [true, false]]> : tensor<2x2xi1>
  func.return
}

// CHECK: PASS @select
func.func @select() {
  %p = stablehlo.constant dense<[true, false, true]> : tensor<3xi1>
  %a = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %0 = chlo.broadcast_select %p, %a, %z : (tensor<3xi1>, tensor<2x3xi32>, tensor<i32>) -> tensor<2x3xi32>
  check.expect_eq_const %0, dense<[[1, 0, 3], [4, 0, 6]]> : tensor<2x3xi32>
  func.return
}

// CHECK: PASS @complex
func.func @complex() {
  %re = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %im = stablehlo.constant dense<5.0> : tensor<f32>
  %0 = chlo.broadcast_complex %re, %im : (tensor<2xf32>, tensor<f32>) -> tensor<2xcomplex<f32>>
  check.expect_eq_const %0, dense<[(1.0, 5.0), (2.0, 5.0)]> : tensor<2xcomplex<f32>>
  func.return
}

// CHECK: PASS @special
func.func @special() {
  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %one = stablehlo.constant dense<1.0> : tensor<f32>
  %two = stablehlo.constant dense<2.0> : tensor<f32>
  %0 = chlo.broadcast_next_after %one, %a : (tensor<f32>, tensor<2xf32>) -> tensor<2xf32>
  check.expect_eq_const %0, dense<[1.0, 1.00000012]> : tensor<2xf32>
  // zeta(2, 1) = pi^2 / 6, zeta(2, 2) = pi^2 / 6 - 1.
  %1 = chlo.broadcast_zeta %two, %a : (tensor<f32>, tensor<2xf32>) -> tensor<2xf32>
  check.expect_almost_eq_const %1, dense<[1.64493406, 0.644934066]> : tensor<2xf32>
  // polygamma(1, x) = zeta(2, x).
  %2 = chlo.broadcast_polygamma %one, %a : (tensor<f32>, tensor<2xf32>) -> tensor<2xf32>
  check.expect_almost_eq_const %2, dense<[1.64493406, 0.644934066]> : tensor<2xf32>
  func.return
}

// CHECK: PASS @constant_like
func.func @constant_like() {
  %a = stablehlo.constant dense<[[1.0, 2.0, 3.0]]> : tensor<1x3xbf16>
  %0 = "chlo.constant_like"(%a) <{value = 2.5 : bf16}> : (tensor<1x3xbf16>) -> tensor<1x3xbf16>
  check.expect_eq_const %0, dense<[[2.5, 2.5, 2.5]]> : tensor<1x3xbf16>
  %i = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %1 = "chlo.constant_like"(%i) <{value = -3 : i64}> : (tensor<2xi64>) -> tensor<2xi64>
  check.expect_eq_const %1, dense<[-3, -3]> : tensor<2xi64>
  func.return
}
