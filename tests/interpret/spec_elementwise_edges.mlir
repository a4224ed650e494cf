// RUN: sdy-run --interpret -split-input-file %s | FileCheck %s

// In the StableHLO reference interpreter's test format: elementwise edge cases: shifts of the width or more, bit counts, signed division and remainder, integer powers, rounding modes, sign of NaN and zeros, is_finite, TOTALORDER and unsigned compares, wrapping converts, bitcasts, bitwise logic, transcendental functions.
// Expected values are the StableHLO spec's examples or computed by hand
// (rng_bit_generator's are XLA's on CPU).

// CHECK: 12 passed, 0 failed

func.func @shifts() {
  %lhs = stablehlo.constant dense<[-1, 0, 1, 1, -8]> : tensor<5xi64>
  %rhs = stablehlo.constant dense<[1, 2, 3, 64, 65]> : tensor<5xi64>
  %0 = stablehlo.shift_left %lhs, %rhs : tensor<5xi64>
  check.expect_eq_const %0, dense<[-2, 0, 8, 0, 0]> : tensor<5xi64>
  %1 = stablehlo.shift_right_arithmetic %lhs, %rhs : tensor<5xi64>
  check.expect_eq_const %1, dense<[-1, 0, 0, 0, -1]> : tensor<5xi64>
  %2 = stablehlo.shift_right_logical %lhs, %rhs : tensor<5xi64>
  check.expect_eq_const %2, dense<[9223372036854775807, 0, 0, 0, 0]> : tensor<5xi64>
  func.return
}

// -----

func.func @popcnt_clz() {
  %x = stablehlo.constant dense<[0, 1, 2, 127, -1]> : tensor<5xi64>
  %0 = stablehlo.popcnt %x : tensor<5xi64>
  check.expect_eq_const %0, dense<[0, 1, 1, 7, 64]> : tensor<5xi64>
  %y = stablehlo.constant dense<[[0, 1], [128, -1]]> : tensor<2x2xi64>
  %1 = stablehlo.count_leading_zeros %y : tensor<2x2xi64>
  check.expect_eq_const %1, dense<[[64, 63], [56, 0]]> : tensor<2x2xi64>
  func.return
}

// -----

func.func @rem_div() {
  %a = stablehlo.constant dense<[17, -17, 17, -17]> : tensor<4xi64>
  %b = stablehlo.constant dense<[3, 3, -3, -3]> : tensor<4xi64>
  %0 = stablehlo.remainder %a, %b : tensor<4xi64>
  check.expect_eq_const %0, dense<[2, -2, 2, -2]> : tensor<4xi64>
  %1 = stablehlo.divide %a, %b : tensor<4xi64>
  check.expect_eq_const %1, dense<[5, -5, -5, 5]> : tensor<4xi64>
  %fa = stablehlo.constant dense<[17.1, -17.1, 17.1, -17.1]> : tensor<4xf64>
  %fb = stablehlo.constant dense<[3.0, 3.0, -3.0, -3.0]> : tensor<4xf64>
  %2 = stablehlo.remainder %fa, %fb : tensor<4xf64>
  check.expect_almost_eq_const %2, dense<[2.1, -2.1, 2.1, -2.1]> : tensor<4xf64>
  func.return
}

// -----

func.func @power() {
  %a = stablehlo.constant dense<[-1, -1, -3, 1, -3, 0]> : tensor<6xi64>
  %b = stablehlo.constant dense<[1, 0, -3, -3, 3, 2]> : tensor<6xi64>
  %0 = stablehlo.power %a, %b : tensor<6xi64>
  check.expect_eq_const %0, dense<[-1, 1, 0, 1, -27, 0]> : tensor<6xi64>
  %fa = stablehlo.constant dense<[-2.0, -0.0, 5.0, 3.0, 10000.0]> : tensor<5xf64>
  %fb = stablehlo.constant dense<[2.0, 2.0, 2.0, -1.0, 10.0]> : tensor<5xf64>
  %1 = stablehlo.power %fa, %fb : tensor<5xf64>
  check.expect_almost_eq_const %1, dense<[4.0, 0.0, 25.0, 0.33333333333333331, 1.000000e+40]> : tensor<5xf64>
  func.return
}

// -----

func.func @rounding() {
  %x = stablehlo.constant dense<[-2.5, 0.4, 0.5, 0.6, 2.5]> : tensor<5xf32>
  %0 = stablehlo.round_nearest_afz %x : tensor<5xf32>
  check.expect_eq_const %0, dense<[-3.0, 0.0, 1.0, 1.0, 3.0]> : tensor<5xf32>
  %1 = stablehlo.round_nearest_even %x : tensor<5xf32>
  check.expect_eq_const %1, dense<[-2.0, 0.0, 0.0, 1.0, 2.0]> : tensor<5xf32>
  %2 = stablehlo.floor %x : tensor<5xf32>
  check.expect_eq_const %2, dense<[-3.0, 0.0, 0.0, 0.0, 2.0]> : tensor<5xf32>
  %3 = stablehlo.ceil %x : tensor<5xf32>
  check.expect_eq_const %3, dense<[-2.0, 1.0, 1.0, 1.0, 3.0]> : tensor<5xf32>
  func.return
}

// -----

func.func @sign() {
  %x = stablehlo.constant dense<[0x7FF0000000000001, -1.0, -0.0, 0.0, 1.0]> : tensor<5xf64>
  %0 = stablehlo.sign %x : tensor<5xf64>
  check.expect_eq_const %0, dense<[0x7FF0000000000001, -1.0, -0.0, 0.0, 1.0]> : tensor<5xf64>
  %i = stablehlo.constant dense<[-5, 0, 5]> : tensor<3xi32>
  %1 = stablehlo.sign %i : tensor<3xi32>
  check.expect_eq_const %1, dense<[-1, 0, 1]> : tensor<3xi32>
  %c = stablehlo.constant dense<[(3.0, 4.0), (0.0, 0.0)]> : tensor<2xcomplex<f64>>
  %2 = stablehlo.sign %c : tensor<2xcomplex<f64>>
  check.expect_almost_eq_const %2, dense<[(0.6, 0.8), (0.0, 0.0)]> : tensor<2xcomplex<f64>>
  func.return
}

// -----

func.func @is_finite() {
  %x = stablehlo.constant dense<[0xFF800000, 0x7F800000, 0x7FFFFFFF, -10.0, -0.0, 0.0, 10.0]> : tensor<7xf32>
  %y = stablehlo.is_finite %x : (tensor<7xf32>) -> tensor<7xi1>
  check.expect_eq_const %y, dense<[false, false, false, true, true, true, true]> : tensor<7xi1>
  func.return
}

// -----

func.func @compare_totalorder() {
  %a = stablehlo.constant dense<[-0.0, 0x7FC00000, 1.0, 0xFFC00000]> : tensor<4xf32>
  %b = stablehlo.constant dense<[0.0, 1.0, 0x7FC00000, 0.0]> : tensor<4xf32>
  %0 = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  check.expect_eq_const %0, dense<[true, false, true, true]> : tensor<4xi1>
  %1 = stablehlo.compare LT, %a, %b, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  check.expect_eq_const %1, dense<[false, false, false, false]> : tensor<4xi1>
  %u = stablehlo.constant dense<[1, 255]> : tensor<2xui8>
  %v = stablehlo.constant dense<[2, 1]> : tensor<2xui8>
  %2 = stablehlo.compare GT, %u, %v, UNSIGNED : (tensor<2xui8>, tensor<2xui8>) -> tensor<2xi1>
  check.expect_eq_const %2, dense<[false, true]> : tensor<2xi1>
  %c1 = stablehlo.constant dense<[(1.0, 2.0), (1.0, 2.0)]> : tensor<2xcomplex<f32>>
  %c2 = stablehlo.constant dense<[(1.0, 2.0), (1.0, 3.0)]> : tensor<2xcomplex<f32>>
  %3 = stablehlo.compare NE, %c1, %c2 : (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> tensor<2xi1>
  check.expect_eq_const %3, dense<[false, true]> : tensor<2xi1>
  func.return
}

// -----

func.func @convert() {
  %x = stablehlo.constant dense<[1.5, -1.5, 2.9]> : tensor<3xf32>
  %0 = stablehlo.convert %x : (tensor<3xf32>) -> tensor<3xi32>
  check.expect_eq_const %0, dense<[1, -1, 2]> : tensor<3xi32>
  %b = stablehlo.constant dense<[0, 2, -1]> : tensor<3xi32>
  %1 = stablehlo.convert %b : (tensor<3xi32>) -> tensor<3xi1>
  check.expect_eq_const %1, dense<[false, true, true]> : tensor<3xi1>
  %2 = stablehlo.convert %1 : (tensor<3xi1>) -> tensor<3xf32>
  check.expect_eq_const %2, dense<[0.0, 1.0, 1.0]> : tensor<3xf32>
  %3 = stablehlo.convert %x : (tensor<3xf32>) -> tensor<3xcomplex<f32>>
  check.expect_eq_const %3, dense<[(1.5, 0.0), (-1.5, 0.0), (2.9, 0.0)]> : tensor<3xcomplex<f32>>
  %w = stablehlo.constant dense<[-1, 300]> : tensor<2xi32>
  %4 = stablehlo.convert %w : (tensor<2xi32>) -> tensor<2xui8>
  check.expect_eq_const %4, dense<[255, 44]> : tensor<2xui8>
  func.return
}

// -----

func.func @bitcast() {
  %x = stablehlo.constant dense<1.0> : tensor<f32>
  %0 = stablehlo.bitcast_convert %x : (tensor<f32>) -> tensor<i32>
  check.expect_eq_const %0, dense<1065353216> : tensor<i32>
  %y = stablehlo.constant dense<0x0123456789ABCDEF> : tensor<i64>
  %1 = stablehlo.bitcast_convert %y : (tensor<i64>) -> tensor<4xi16>
  check.expect_eq_const %1, dense<[-12817, -30293, 17767, 291]> : tensor<4xi16>
  func.return
}

// -----

func.func @logic() {
  %a = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %b = stablehlo.constant dense<[[5, 6], [7, 8]]> : tensor<2x2xi32>
  %0 = stablehlo.and %a, %b : tensor<2x2xi32>
  check.expect_eq_const %0, dense<[[1, 2], [3, 0]]> : tensor<2x2xi32>
  %1 = stablehlo.or %a, %b : tensor<2x2xi32>
  check.expect_eq_const %1, dense<[[5, 6], [7, 12]]> : tensor<2x2xi32>
  %2 = stablehlo.xor %a, %b : tensor<2x2xi32>
  check.expect_eq_const %2, dense<[[4, 4], [4, 12]]> : tensor<2x2xi32>
  %3 = stablehlo.not %a : tensor<2x2xi32>
  check.expect_eq_const %3, dense<[[-2, -3], [-4, -5]]> : tensor<2x2xi32>
  func.return
}

// -----

func.func @atan2_cbrt_expm1() {
  %y = stablehlo.constant dense<[0.0, 1.57079637, -1.57079637]> : tensor<3xf64>
  %x = stablehlo.constant dense<[0.0, 0.0, 0.0]> : tensor<3xf64>
  %0 = stablehlo.atan2 %y, %x : tensor<3xf64>
  check.expect_almost_eq_const %0, dense<[0.0, 1.5707963267948966, -1.5707963267948966]> : tensor<3xf64>
  %c = stablehlo.constant dense<[0.0, 1.0, 8.0, 27.0]> : tensor<4xf64>
  %1 = stablehlo.cbrt %c : tensor<4xf64>
  check.expect_almost_eq_const %1, dense<[0.0, 1.0, 2.0, 3.0]> : tensor<4xf64>
  %e = stablehlo.constant dense<[0.0, 1.0]> : tensor<2xf64>
  %2 = stablehlo.exponential_minus_one %e : tensor<2xf64>
  check.expect_almost_eq_const %2, dense<[0.0, 1.7182818284590451]> : tensor<2xf64>
  %3 = stablehlo.log_plus_one %e : tensor<2xf64>
  check.expect_almost_eq_const %3, dense<[0.0, 0.69314718055994529]> : tensor<2xf64>
  %4 = stablehlo.logistic %e : tensor<2xf64>
  check.expect_almost_eq_const %4, dense<[0.5, 0.7310585786300049]> : tensor<2xf64>
  %5 = stablehlo.rsqrt %c : tensor<4xf64>
  check.expect_almost_eq_const %5, dense<[0x7FF0000000000000, 1.0, 0.35355339059327373, 0.19245008972987526]> : tensor<4xf64>
  %6 = stablehlo.tan %e : tensor<2xf64>
  check.expect_almost_eq_const %6, dense<[0.0, 1.5574077246549023]> : tensor<2xf64>
  func.return
}
