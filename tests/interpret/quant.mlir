// RUN: sdy-run --interpret -split-input-file %s | FileCheck %s

// Quantized tensors: uniform_quantize/uniform_dequantize against
// hand-computed values, data movement on the storage values, and ops that
// compute in the expressed type. Storage values are read back through
// bitcast_convert.

// 4.0 / 0.1 - 30 = 10 and 15.0 / 0.5 - 20 = 10 (per-axis).
// CHECK: PASS @quantize_per_axis
func.func @quantize_per_axis() {
  %operand = stablehlo.constant dense<[4.0, 15.0]> : tensor<2xf32>
  %result = stablehlo.uniform_quantize %operand : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32:0, {0.1:-30, 0.5:-20}>>
  %bits = stablehlo.bitcast_convert %result : (tensor<2x!quant.uniform<i8:f32:0, {0.1:-30, 0.5:-20}>>) -> tensor<2xi8>
  check.expect_eq_const %bits, dense<[10, 10]> : tensor<2xi8>
  func.return
}

// -----

// x / 0.5 = [0.5, 1.5, -0.5, 2.5, 200, -200]: ties to even, then the
// storage range [-128, 127], or [-127, 127] when narrowed.
// CHECK: PASS @quantize_round_and_clamp
func.func @quantize_round_and_clamp() {
  %operand = stablehlo.constant dense<[0.25, 0.75, -0.25, 1.25, 100.0, -100.0]> : tensor<6xf32>
  %q = stablehlo.uniform_quantize %operand : (tensor<6xf32>) -> tensor<6x!quant.uniform<i8:f32, 5.0e-01>>
  %bits = stablehlo.bitcast_convert %q : (tensor<6x!quant.uniform<i8:f32, 5.0e-01>>) -> tensor<6xi8>
  check.expect_eq_const %bits, dense<[0, 2, 0, 2, 127, -128]> : tensor<6xi8>
  %n = stablehlo.uniform_quantize %operand : (tensor<6xf32>) -> tensor<6x!quant.uniform<i8<-127:127>:f32, 5.0e-01>>
  %nbits = stablehlo.bitcast_convert %n : (tensor<6x!quant.uniform<i8<-127:127>:f32, 5.0e-01>>) -> tensor<6xi8>
  check.expect_eq_const %nbits, dense<[0, 2, 0, 2, 127, -127]> : tensor<6xi8>
  func.return
}

// -----

// (10 - 3) * 0.5 = 3.5, (-5 - 3) * 0.5 = -4, (127 - 3) * 0.5 = 62.
// CHECK: PASS @dequantize
func.func @dequantize() {
  %bits = stablehlo.constant dense<[10, -5, 127]> : tensor<3xi8>
  %q = stablehlo.bitcast_convert %bits : (tensor<3xi8>) -> tensor<3x!quant.uniform<i8:f32, 5.0e-01:3>>
  %result = stablehlo.uniform_dequantize %q : (tensor<3x!quant.uniform<i8:f32, 5.0e-01:3>>) -> tensor<3xf32>
  check.expect_eq_const %result, dense<[3.5, -4.0, 62.0]> : tensor<3xf32>
  func.return
}

// -----

// Per-axis along dimension 1: column j has scale 0.5 * (j + 1) and zero
// point j.
// CHECK: PASS @dequantize_per_axis
func.func @dequantize_per_axis() {
  %bits = stablehlo.constant dense<[[2, 3, 4], [0, 1, 2]]> : tensor<2x3xi8>
  %q = stablehlo.bitcast_convert %bits : (tensor<2x3xi8>) -> tensor<2x3x!quant.uniform<i8:f32:1, {0.5, 1.0:1, 1.5:2}>>
  %result = stablehlo.uniform_dequantize %q : (tensor<2x3x!quant.uniform<i8:f32:1, {0.5, 1.0:1, 1.5:2}>>) -> tensor<2x3xf32>
  check.expect_eq_const %result, dense<[[1.0, 2.0, 3.0], [0.0, 0.0, 0.0]]> : tensor<2x3xf32>
  func.return
}

// -----

// [13, 23] at (0.1, 3) is [1.0, 2.0]; at (0.2, -1) that is [4, 9].
// CHECK: PASS @requantize
func.func @requantize() {
  %bits = stablehlo.constant dense<[13, 23]> : tensor<2xi8>
  %q = stablehlo.bitcast_convert %bits : (tensor<2xi8>) -> tensor<2x!quant.uniform<i8:f32, 1.0e-01:3>>
  %r = stablehlo.uniform_quantize %q : (tensor<2x!quant.uniform<i8:f32, 1.0e-01:3>>) -> tensor<2x!quant.uniform<i8:f32, 2.0e-01:-1>>
  %rbits = stablehlo.bitcast_convert %r : (tensor<2x!quant.uniform<i8:f32, 2.0e-01:-1>>) -> tensor<2xi8>
  check.expect_eq_const %rbits, dense<[4, 9]> : tensor<2xi8>
  func.return
}

// -----

// A quantized constant holds its storage values: [1, 2] at (0.1, 3) is
// [-0.2, -0.1]; the sum [-0.4, -0.2] is stored as [-1, 1].
// CHECK: PASS @constant_add
func.func @constant_add() {
  %c = stablehlo.constant() {value = dense<[1, 2]> : tensor<2xi8>} : () -> tensor<2x!quant.uniform<i8:f32, 1.0e-01:3>>
  %sum = stablehlo.add %c, %c : tensor<2x!quant.uniform<i8:f32, 1.0e-01:3>>
  %bits = stablehlo.bitcast_convert %sum : (tensor<2x!quant.uniform<i8:f32, 1.0e-01:3>>) -> tensor<2xi8>
  check.expect_eq_const %bits, dense<[-1, 1]> : tensor<2xi8>
  %f = stablehlo.uniform_dequantize %sum : (tensor<2x!quant.uniform<i8:f32, 1.0e-01:3>>) -> tensor<2xf32>
  check.expect_almost_eq_const %f, dense<[-0.4, -0.2]> : tensor<2xf32>
  func.return
}

// -----

// Data movement keeps the storage values, per-axis dimension and all.
// CHECK: PASS @data_movement
func.func @data_movement() {
  %bits = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi8>
  %q = stablehlo.bitcast_convert %bits : (tensor<2x3xi8>) -> tensor<2x3x!quant.uniform<i8:f32:0, {0.5, 0.25}>>
  %t = stablehlo.transpose %q, dims = [1, 0] : (tensor<2x3x!quant.uniform<i8:f32:0, {0.5, 0.25}>>) -> tensor<3x2x!quant.uniform<i8:f32:1, {0.5, 0.25}>>
  %tb = stablehlo.bitcast_convert %t : (tensor<3x2x!quant.uniform<i8:f32:1, {0.5, 0.25}>>) -> tensor<3x2xi8>
  check.expect_eq_const %tb, dense<[[1, 4], [2, 5], [3, 6]]> : tensor<3x2xi8>
  %td = stablehlo.uniform_dequantize %t : (tensor<3x2x!quant.uniform<i8:f32:1, {0.5, 0.25}>>) -> tensor<3x2xf32>
  check.expect_eq_const %td, dense<[[0.5, 1.0], [1.0, 1.25], [1.5, 1.5]]> : tensor<3x2xf32>
  %p = stablehlo.bitcast_convert %bits : (tensor<2x3xi8>) -> tensor<2x3x!quant.uniform<i8:f32, 1.0>>
  %s = stablehlo.slice %p [0:2, 1:3] : (tensor<2x3x!quant.uniform<i8:f32, 1.0>>) -> tensor<2x2x!quant.uniform<i8:f32, 1.0>>
  %r = stablehlo.reshape %s : (tensor<2x2x!quant.uniform<i8:f32, 1.0>>) -> tensor<4x!quant.uniform<i8:f32, 1.0>>
  %c = stablehlo.concatenate %r, %r, dim = 0 : (tensor<4x!quant.uniform<i8:f32, 1.0>>, tensor<4x!quant.uniform<i8:f32, 1.0>>) -> tensor<8x!quant.uniform<i8:f32, 1.0>>
  %cb = stablehlo.bitcast_convert %c : (tensor<8x!quant.uniform<i8:f32, 1.0>>) -> tensor<8xi8>
  check.expect_eq_const %cb, dense<[2, 3, 5, 6, 2, 3, 5, 6]> : tensor<8xi8>
  func.return
}

// -----

// Hybrid dot_general: a float lhs times a quantized rhs ([[2, 4], [6, 8]] at
// scale 0.5 is [[1, 2], [3, 4]]) gives a float result.
// CHECK: PASS @dot_general_hybrid
func.func @dot_general_hybrid() {
  %lhs = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %bits = stablehlo.constant dense<[[2, 4], [6, 8]]> : tensor<2x2xi8>
  %rhs = stablehlo.bitcast_convert %bits : (tensor<2x2xi8>) -> tensor<2x2x!quant.uniform<i8:f32, 5.0e-01>>
  %r = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2x2x!quant.uniform<i8:f32, 5.0e-01>>) -> tensor<2x2xf32>
  check.expect_eq_const %r, dense<[[7.0, 10.0], [15.0, 22.0]]> : tensor<2x2xf32>
  func.return
}

// -----

// Fully quantized dot_general: the float product [[7, 10], [15, 22]]
// quantized at scale 2 with zero point 1 is [[4.5, 6], [8.5, 12]], rounded
// to even.
// CHECK: PASS @dot_general_quantized
func.func @dot_general_quantized() {
  %lbits = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>
  %rbits = stablehlo.constant dense<[[2, 4], [6, 8]]> : tensor<2x2xi8>
  %lhs = stablehlo.bitcast_convert %lbits : (tensor<2x2xi8>) -> tensor<2x2x!quant.uniform<i8:f32, 1.0>>
  %rhs = stablehlo.bitcast_convert %rbits : (tensor<2x2xi8>) -> tensor<2x2x!quant.uniform<i8:f32, 5.0e-01>>
  %r = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0] : (tensor<2x2x!quant.uniform<i8:f32, 1.0>>, tensor<2x2x!quant.uniform<i8:f32, 5.0e-01>>) -> tensor<2x2x!quant.uniform<i8:f32, 2.0:1>>
  %b = stablehlo.bitcast_convert %r : (tensor<2x2x!quant.uniform<i8:f32, 2.0:1>>) -> tensor<2x2xi8>
  check.expect_eq_const %b, dense<[[4, 6], [8, 12]]> : tensor<2x2xi8>
  func.return
}

// -----

// compare and select on quantized values: [1, 2, 3, 4] at scale 0.5 against
// 1.0 (stored 2).
// CHECK: PASS @compare_select_reduce
func.func @compare_select_reduce() {
  %bits = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi8>
  %q = stablehlo.bitcast_convert %bits : (tensor<4xi8>) -> tensor<4x!quant.uniform<i8:f32, 5.0e-01>>
  %tb = stablehlo.constant dense<2> : tensor<4xi8>
  %t = stablehlo.bitcast_convert %tb : (tensor<4xi8>) -> tensor<4x!quant.uniform<i8:f32, 5.0e-01>>
  %gt = stablehlo.compare GT, %q, %t : (tensor<4x!quant.uniform<i8:f32, 5.0e-01>>, tensor<4x!quant.uniform<i8:f32, 5.0e-01>>) -> tensor<4xi1>
  check.expect_eq_const %gt, dense<[false, false, true, true]> : tensor<4xi1>
  %m = stablehlo.select %gt, %q, %t : tensor<4xi1>, tensor<4x!quant.uniform<i8:f32, 5.0e-01>>
  %mb = stablehlo.bitcast_convert %m : (tensor<4x!quant.uniform<i8:f32, 5.0e-01>>) -> tensor<4xi8>
  check.expect_eq_const %mb, dense<[2, 2, 3, 4]> : tensor<4xi8>
  // 0.5 + 1 + 1.5 + 2 = 5, stored as 10.
  %zb = stablehlo.constant dense<0> : tensor<i8>
  %z = stablehlo.bitcast_convert %zb : (tensor<i8>) -> tensor<!quant.uniform<i8:f32, 5.0e-01>>
  %sum = stablehlo.reduce(%q init: %z) applies stablehlo.add across dimensions = [0] : (tensor<4x!quant.uniform<i8:f32, 5.0e-01>>, tensor<!quant.uniform<i8:f32, 5.0e-01>>) -> tensor<!quant.uniform<i8:f32, 5.0e-01>>
  %sb = stablehlo.bitcast_convert %sum : (tensor<!quant.uniform<i8:f32, 5.0e-01>>) -> tensor<i8>
  check.expect_eq_const %sb, dense<10> : tensor<i8>
  func.return
}

// -----

// Hybrid convolution: a quantized input ([2, 4, 6, 8] at scale 0.5 is
// [1, 2, 3, 4]) with a float kernel [1, 1] gives float sums of neighbours.
// CHECK: PASS @convolution_hybrid
func.func @convolution_hybrid() {
  %bits = stablehlo.constant dense<[[[2, 4, 6, 8]]]> : tensor<1x1x4xi8>
  %lhs = stablehlo.bitcast_convert %bits : (tensor<1x1x4xi8>) -> tensor<1x1x4x!quant.uniform<i8:f32, 5.0e-01>>
  %rhs = stablehlo.constant dense<[[[1.0, 1.0]]]> : tensor<1x1x2xf32>
  %r = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x1x4x!quant.uniform<i8:f32, 5.0e-01>>, tensor<1x1x2xf32>) -> tensor<1x1x3xf32>
  check.expect_eq_const %r, dense<[[[3.0, 5.0, 7.0]]]> : tensor<1x1x3xf32>
  func.return
}
