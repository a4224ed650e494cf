// RUN: sdy-run --interpret %s | FileCheck %s

// The ops that take the narrow floats through f32 (computed on the widened
// values, rounded once to the narrow type) and next_after on the narrow
// formats' own values, against hand-computed values. f8E4M3FN: 3 mantissa
// bits, largest 448, no infinity.

// 1 mantissa bit: 1.125 -> 1, 1.375 -> 1.5, 3 stays, -6.5 -> -6; 3 exponent
// bits (smallest normal 2^-2): 2^-6 flushes to 0.
// CHECK: PASS @reduce_precision_f8
func.func @reduce_precision_f8() {
  %x = stablehlo.constant dense<[1.125, 1.375, 3.0, -6.5]> : tensor<4xf8E4M3FN>
  %0 = stablehlo.reduce_precision %x, format = e4m1 : tensor<4xf8E4M3FN>
  check.expect_eq_const %0, dense<[1.0, 1.5, 3.0, -6.0]> : tensor<4xf8E4M3FN>
  %y = stablehlo.constant dense<[0.015625, 0.25]> : tensor<2xf8E5M2>
  %1 = stablehlo.reduce_precision %y, format = e3m2 : tensor<2xf8E5M2>
  check.expect_eq_const %1, dense<[0.0, 0.25]> : tensor<2xf8E5M2>
  func.return
}

// The neighbours of 1 are 1.125 and 0.9375; above 0 the smallest subnormal
// 2^-9; below 448 comes 416. f4E2M1FN holds 0, 0.5, 1, 1.5, 2, 3, 4, 6.
// CHECK: PASS @next_after_narrow
func.func @next_after_narrow() {
  %x = stablehlo.constant dense<[1.0, 1.0, 0.0, 448.0, 2.0]> : tensor<5xf8E4M3FN>
  %y = stablehlo.constant dense<[2.0, 0.0, 1.0, 1.0, 2.0]> : tensor<5xf8E4M3FN>
  %0 = chlo.next_after %x, %y : tensor<5xf8E4M3FN>, tensor<5xf8E4M3FN> -> tensor<5xf8E4M3FN>
  check.expect_eq_const %0, dense<[1.125, 0.9375, 0.001953125, 416.0, 2.0]> : tensor<5xf8E4M3FN>
  %a = stablehlo.constant dense<[1.5, 6.0, 0.5, 3.0]> : tensor<4xf4E2M1FN>
  %b = stablehlo.constant dense<[6.0, 1.0, -1.0, 4.0]> : tensor<4xf4E2M1FN>
  %1 = chlo.next_after %a, %b : tensor<4xf4E2M1FN>, tensor<4xf4E2M1FN> -> tensor<4xf4E2M1FN>
  check.expect_eq_const %1, dense<[2.0, 4.0, 0.0, 4.0]> : tensor<4xf4E2M1FN>
  func.return
}

// [[4, 2], [2, 2]] = L L^T with L = [[2, 0], [1, 1]]; solving L x = [4, 3]
// gives x = [2, 1].
// CHECK: PASS @cholesky_and_solve_f8
func.func @cholesky_and_solve_f8() {
  %a = stablehlo.constant dense<[[4.0, 2.0], [2.0, 2.0]]> : tensor<2x2xf8E4M3FN>
  %l = stablehlo.cholesky %a, lower = true : tensor<2x2xf8E4M3FN>
  check.expect_eq_const %l, dense<[[2.0, 0.0], [1.0, 1.0]]> : tensor<2x2xf8E4M3FN>
  %b = stablehlo.constant dense<[[4.0], [3.0]]> : tensor<2x1xf8E4M3FN>
  %x = "stablehlo.triangular_solve"(%l, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x2xf8E4M3FN>, tensor<2x1xf8E4M3FN>) -> tensor<2x1xf8E4M3FN>
  check.expect_eq_const %x, dense<[[2.0], [1.0]]> : tensor<2x1xf8E4M3FN>
  func.return
}

// Feature 0 has mean 2 and variance 1, feature 1 mean 4 and variance 4.
// CHECK: PASS @batch_norm_f8
func.func @batch_norm_f8() {
  %x = stablehlo.constant dense<[[1.0, 2.0], [3.0, 6.0]]> : tensor<2x2xf8E4M3FN>
  %one = stablehlo.constant dense<[1.0, 1.0]> : tensor<2xf8E4M3FN>
  %zero = stablehlo.constant dense<[0.0, 0.0]> : tensor<2xf8E4M3FN>
  %y, %mean, %var = "stablehlo.batch_norm_training"(%x, %one, %zero) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x2xf8E4M3FN>, tensor<2xf8E4M3FN>, tensor<2xf8E4M3FN>) -> (tensor<2x2xf8E4M3FN>, tensor<2xf8E4M3FN>, tensor<2xf8E4M3FN>)
  check.expect_eq_const %y, dense<[[-1.0, -1.0], [1.0, 1.0]]> : tensor<2x2xf8E4M3FN>
  check.expect_eq_const %mean, dense<[2.0, 4.0]> : tensor<2xf8E4M3FN>
  check.expect_eq_const %var, dense<[1.0, 4.0]> : tensor<2xf8E4M3FN>
  // scale [1, 2], offset [0, 1]: (x - 2) / 1 and (x - 4) / 2 * 2 + 1.
  %scale = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf8E4M3FN>
  %offset = stablehlo.constant dense<[0.0, 1.0]> : tensor<2xf8E4M3FN>
  %z = "stablehlo.batch_norm_inference"(%x, %scale, %offset, %mean, %var) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x2xf8E4M3FN>, tensor<2xf8E4M3FN>, tensor<2xf8E4M3FN>, tensor<2xf8E4M3FN>, tensor<2xf8E4M3FN>) -> tensor<2x2xf8E4M3FN>
  check.expect_eq_const %z, dense<[[-1.0, -1.0], [1.0, 3.0]]> : tensor<2x2xf8E4M3FN>
  // x = [1, 3] (mean 2, variance 1) and dy = [1, -1]: dy is minus the
  // normalized x, so dx = 0, dscale = -2, doffset = 0.
  %x1 = stablehlo.constant dense<[[1.0], [3.0]]> : tensor<2x1xf8E4M3FN>
  %s1 = stablehlo.constant dense<[1.0]> : tensor<1xf8E4M3FN>
  %m1 = stablehlo.constant dense<[2.0]> : tensor<1xf8E4M3FN>
  %v1 = stablehlo.constant dense<[1.0]> : tensor<1xf8E4M3FN>
  %dy = stablehlo.constant dense<[[1.0], [-1.0]]> : tensor<2x1xf8E4M3FN>
  %dx, %dscale, %doffset = "stablehlo.batch_norm_grad"(%x1, %s1, %m1, %v1, %dy) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x1xf8E4M3FN>, tensor<1xf8E4M3FN>, tensor<1xf8E4M3FN>, tensor<1xf8E4M3FN>, tensor<2x1xf8E4M3FN>) -> (tensor<2x1xf8E4M3FN>, tensor<1xf8E4M3FN>, tensor<1xf8E4M3FN>)
  check.expect_eq_const %dx, dense<[[0.0], [0.0]]> : tensor<2x1xf8E4M3FN>
  check.expect_eq_const %dscale, dense<[-2.0]> : tensor<1xf8E4M3FN>
  check.expect_eq_const %doffset, dense<[0.0]> : tensor<1xf8E4M3FN>
  func.return
}

// Uniform draws stay in [a, b) after rounding to the narrow type.
// CHECK: PASS @rng_uniform_f8
func.func @rng_uniform_f8() {
  %a = stablehlo.constant dense<1.0> : tensor<f8E4M3FN>
  %b = stablehlo.constant dense<2.0> : tensor<f8E4M3FN>
  %shape = stablehlo.constant dense<256> : tensor<1xi64>
  %r = stablehlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<f8E4M3FN>, tensor<f8E4M3FN>, tensor<1xi64>) -> tensor<256xf8E4M3FN>
  %lo = stablehlo.broadcast_in_dim %a, dims = [] : (tensor<f8E4M3FN>) -> tensor<256xf8E4M3FN>
  %hi = stablehlo.broadcast_in_dim %b, dims = [] : (tensor<f8E4M3FN>) -> tensor<256xf8E4M3FN>
  %ge = stablehlo.compare GE, %r, %lo : (tensor<256xf8E4M3FN>, tensor<256xf8E4M3FN>) -> tensor<256xi1>
  %lt = stablehlo.compare LT, %r, %hi : (tensor<256xf8E4M3FN>, tensor<256xf8E4M3FN>) -> tensor<256xi1>
  %in = stablehlo.and %ge, %lt : tensor<256xi1>
  %t = stablehlo.constant dense<true> : tensor<i1>
  %all = stablehlo.reduce(%in init: %t) applies stablehlo.and across dimensions = [0] : (tensor<256xi1>, tensor<i1>) -> tensor<i1>
  check.expect_eq_const %all, dense<true> : tensor<i1>
  func.return
}
