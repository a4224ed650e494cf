// RUN: sdy-run --interpret -split-input-file %s | FileCheck %s

// Every check form, passing. Without @main, each function without
// arguments runs.

// CHECK: PASS @add_op_test_si32
func.func @add_op_test_si32() {
  %lhs = stablehlo.constant dense<[7, -8, 7]> : tensor<3xi32>
  %rhs = stablehlo.constant dense<[-1, -8, 7]> : tensor<3xi32>
  %result = stablehlo.add %lhs, %rhs : tensor<3xi32>
  check.expect_eq_const %result, dense<[6, -16, 14]> : tensor<3xi32>
  check.expect_eq %result, %result : tensor<3xi32>
  func.return
}

// CHECK: PASS @second
func.func @second() {
  %0 = stablehlo.constant dense<true> : tensor<2xi1>
  check.expect_eq_const %0, dense<[true, true]> : tensor<2xi1>
  func.return
}

// A function with arguments is not a test.
// CHECK-NOT: @helper
func.func @helper(%a: tensor<f32>) -> tensor<f32> {
  func.return %a : tensor<f32>
}

// -----

// Floats: +0 equals -0 and NaN equals NaN under expect_eq; almost_eq
// allows 1e-4 by default; expect_close counts ULPs.
// CHECK: PASS @main
func.func @main() {
  %f = stablehlo.constant dense<[1.0, 0x7FC00000, -0.0]> : tensor<3xf32>
  %g = stablehlo.constant dense<[1.00001, 0x7FC00000, 0.0]> : tensor<3xf32>
  check.expect_eq_const %f, dense<[1.0, 0x7FC00000, 0.0]> : tensor<3xf32>
  check.expect_almost_eq %f, %g : tensor<3xf32>
  check.expect_almost_eq_const %f, dense<[1.05, 0x7FC00000, 0.0]> : tensor<3xf32>, tolerance = 1.000000e-01
  %h = stablehlo.constant dense<[1.00000012, 0x7FC00000, 0.0]> : tensor<3xf32>
  check.expect_close %h, %f, max_ulp_difference = 1 : tensor<3xf32>
  %one = stablehlo.constant dense<1.0> : tensor<f32>
  %next = stablehlo.constant dense<1.00000012> : tensor<f32>
  check.expect_close %next, %one, max_ulp_difference = 2, min_ulp_difference = 1 : tensor<f32>
  %b = stablehlo.constant dense<[1.0, 2.5]> : tensor<2xbf16>
  %d = stablehlo.constant dense<[1.0, 2.5]> : tensor<2xf64>
  check.expect_close %b, %d, max_ulp_difference = 0 : tensor<2xbf16>, tensor<2xf64>
  func.return
}

// -----

// The custom-call form of framework-generated tests; the verdict, when
// returned, is true.
// CHECK: PASS @main
// CHECK-NEXT: result 0: tensor<i1> [true]
func.func @main() -> tensor<i1> {
  %0 = stablehlo.constant dense<[[1.0, 2.0]]> : tensor<1x2xf32>
  %1 = stablehlo.constant dense<[[1.0, 2.00001]]> : tensor<1x2xf32>
  stablehlo.custom_call @check.expect_almost_eq(%0, %1) {has_side_effect = true} : (tensor<1x2xf32>, tensor<1x2xf32>) -> ()
  stablehlo.custom_call @check.expect_close(%0, %0) {has_side_effect = true} : (tensor<1x2xf32>, tensor<1x2xf32>) -> ()
  %2 = stablehlo.custom_call @check.eq(%0, %0) : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<i1>
  func.return %2 : tensor<i1>
}

// CHECK: 4 passed, 0 failed
