// RUN: sdy-run --interpret -split-input-file %s | FileCheck %s

// Elementwise ops on quantized tensors compute as dequantize, op, quantize,
// so operands and results may carry different scales and zero points.
// Storage values are written and read through bitcast_convert.

// [3, 5, -3] at scale 0.5 is [1.5, 2.5, -1.5]; rounded and stored at 0.5:
// ceil [2, 3, -1], floor [1, 2, -2], ties away from zero [2, 3, -2], ties to
// even [2, 2, -2].
// CHECK: PASS @rounding
func.func @rounding() {
  %bits = stablehlo.constant dense<[3, 5, -3]> : tensor<3xi8>
  %q = stablehlo.bitcast_convert %bits : (tensor<3xi8>) -> tensor<3x!quant.uniform<i8:f32, 5.0e-01>>
  %ceil = stablehlo.ceil %q : tensor<3x!quant.uniform<i8:f32, 5.0e-01>>
  %floor = stablehlo.floor %q : tensor<3x!quant.uniform<i8:f32, 5.0e-01>>
  %afz = stablehlo.round_nearest_afz %q : tensor<3x!quant.uniform<i8:f32, 5.0e-01>>
  %even = stablehlo.round_nearest_even %q : tensor<3x!quant.uniform<i8:f32, 5.0e-01>>
  %c = stablehlo.bitcast_convert %ceil : (tensor<3x!quant.uniform<i8:f32, 5.0e-01>>) -> tensor<3xi8>
  %f = stablehlo.bitcast_convert %floor : (tensor<3x!quant.uniform<i8:f32, 5.0e-01>>) -> tensor<3xi8>
  %a = stablehlo.bitcast_convert %afz : (tensor<3x!quant.uniform<i8:f32, 5.0e-01>>) -> tensor<3xi8>
  %e = stablehlo.bitcast_convert %even : (tensor<3x!quant.uniform<i8:f32, 5.0e-01>>) -> tensor<3xi8>
  check.expect_eq_const %c, dense<[4, 6, -2]> : tensor<3xi8>
  check.expect_eq_const %f, dense<[2, 4, -4]> : tensor<3xi8>
  check.expect_eq_const %a, dense<[4, 6, -4]> : tensor<3xi8>
  check.expect_eq_const %e, dense<[4, 4, -4]> : tensor<3xi8>
  func.return
}

// -----

// ceil([1.5, 2.5, -1.5]) = [2, 3, -1] stored at (0.25, 1): [9, 13, -3].
// CHECK: PASS @ceil_requantized
func.func @ceil_requantized() {
  %bits = stablehlo.constant dense<[3, 5, -3]> : tensor<3xi8>
  %q = stablehlo.bitcast_convert %bits : (tensor<3xi8>) -> tensor<3x!quant.uniform<i8:f32, 5.0e-01>>
  %r = stablehlo.ceil %q : (tensor<3x!quant.uniform<i8:f32, 5.0e-01>>) -> tensor<3x!quant.uniform<i8:f32, 2.5e-01:1>>
  %rbits = stablehlo.bitcast_convert %r : (tensor<3x!quant.uniform<i8:f32, 2.5e-01:1>>) -> tensor<3xi8>
  check.expect_eq_const %rbits, dense<[9, 13, -3]> : tensor<3xi8>
  func.return
}

// -----

// [4, -2] at 0.5 is [2, -1]; [13, 7] at (0.25, 1) is [3, 1.5]; the product
// [6, -1.5] at (0.1, -3) is [57, -18].
// CHECK: PASS @multiply_params
func.func @multiply_params() {
  %lbits = stablehlo.constant dense<[4, -2]> : tensor<2xi8>
  %rbits = stablehlo.constant dense<[13, 7]> : tensor<2xi8>
  %l = stablehlo.bitcast_convert %lbits : (tensor<2xi8>) -> tensor<2x!quant.uniform<i8:f32, 5.0e-01>>
  %r = stablehlo.bitcast_convert %rbits : (tensor<2xi8>) -> tensor<2x!quant.uniform<i8:f32, 2.5e-01:1>>
  %p = stablehlo.multiply %l, %r : (tensor<2x!quant.uniform<i8:f32, 5.0e-01>>, tensor<2x!quant.uniform<i8:f32, 2.5e-01:1>>) -> tensor<2x!quant.uniform<i8:f32, 1.0e-01:-3>>
  %pbits = stablehlo.bitcast_convert %p : (tensor<2x!quant.uniform<i8:f32, 1.0e-01:-3>>) -> tensor<2xi8>
  check.expect_eq_const %pbits, dense<[57, -18]> : tensor<2xi8>
  func.return
}

// -----

// [10, 20] at (0.5, 10) is [0, 5]; [0, 4] at (1, -1) is [1, 5].
// subtract: [-1, 0] at (0.25, 2) is [-2, 2]; maximum: [1, 5] at 0.5 is
// [2, 10]; minimum: [0, 5] at 0.5 is [0, 10]; divide [0, 1] at 0.5 is [0, 2].
// CHECK: PASS @binary_params
func.func @binary_params() {
  %lbits = stablehlo.constant dense<[10, 20]> : tensor<2xi8>
  %rbits = stablehlo.constant dense<[0, 4]> : tensor<2xi8>
  %l = stablehlo.bitcast_convert %lbits : (tensor<2xi8>) -> tensor<2x!quant.uniform<i8:f32, 5.0e-01:10>>
  %r = stablehlo.bitcast_convert %rbits : (tensor<2xi8>) -> tensor<2x!quant.uniform<i8:f32, 1.0:-1>>
  %sub = stablehlo.subtract %l, %r : (tensor<2x!quant.uniform<i8:f32, 5.0e-01:10>>, tensor<2x!quant.uniform<i8:f32, 1.0:-1>>) -> tensor<2x!quant.uniform<i8:f32, 2.5e-01:2>>
  %max = stablehlo.maximum %l, %r : (tensor<2x!quant.uniform<i8:f32, 5.0e-01:10>>, tensor<2x!quant.uniform<i8:f32, 1.0:-1>>) -> tensor<2x!quant.uniform<i8:f32, 5.0e-01>>
  %min = stablehlo.minimum %l, %r : (tensor<2x!quant.uniform<i8:f32, 5.0e-01:10>>, tensor<2x!quant.uniform<i8:f32, 1.0:-1>>) -> tensor<2x!quant.uniform<i8:f32, 5.0e-01>>
  %div = stablehlo.divide %l, %r : (tensor<2x!quant.uniform<i8:f32, 5.0e-01:10>>, tensor<2x!quant.uniform<i8:f32, 1.0:-1>>) -> tensor<2x!quant.uniform<i8:f32, 5.0e-01>>
  %s = stablehlo.bitcast_convert %sub : (tensor<2x!quant.uniform<i8:f32, 2.5e-01:2>>) -> tensor<2xi8>
  %x = stablehlo.bitcast_convert %max : (tensor<2x!quant.uniform<i8:f32, 5.0e-01>>) -> tensor<2xi8>
  %n = stablehlo.bitcast_convert %min : (tensor<2x!quant.uniform<i8:f32, 5.0e-01>>) -> tensor<2xi8>
  %d = stablehlo.bitcast_convert %div : (tensor<2x!quant.uniform<i8:f32, 5.0e-01>>) -> tensor<2xi8>
  check.expect_eq_const %s, dense<[-2, 2]> : tensor<2xi8>
  check.expect_eq_const %x, dense<[2, 10]> : tensor<2xi8>
  check.expect_eq_const %n, dense<[0, 10]> : tensor<2xi8>
  check.expect_eq_const %d, dense<[0, 2]> : tensor<2xi8>
  func.return
}

// -----

// compare works on the dequantized values [0, 5] and [1, 5].
// CHECK: PASS @compare_params
func.func @compare_params() {
  %lbits = stablehlo.constant dense<[10, 20]> : tensor<2xi8>
  %rbits = stablehlo.constant dense<[0, 4]> : tensor<2xi8>
  %l = stablehlo.bitcast_convert %lbits : (tensor<2xi8>) -> tensor<2x!quant.uniform<i8:f32, 5.0e-01:10>>
  %r = stablehlo.bitcast_convert %rbits : (tensor<2xi8>) -> tensor<2x!quant.uniform<i8:f32, 1.0:-1>>
  %ge = stablehlo.compare GE, %l, %r : (tensor<2x!quant.uniform<i8:f32, 5.0e-01:10>>, tensor<2x!quant.uniform<i8:f32, 1.0:-1>>) -> tensor<2xi1>
  check.expect_eq_const %ge, dense<[false, true]> : tensor<2xi1>
  func.return
}

// -----

// [1, 2] at 1.0 plus [4, 3] at {0.5, (2, 1)} per axis ([2, 4]) is [3, 6];
// stored per axis: [3 / 0.5, 6 / 2 + 1] = [6, 4].
// CHECK: PASS @add_per_axis
func.func @add_per_axis() {
  %lbits = stablehlo.constant dense<[1, 2]> : tensor<2xi8>
  %rbits = stablehlo.constant dense<[4, 3]> : tensor<2xi8>
  %l = stablehlo.bitcast_convert %lbits : (tensor<2xi8>) -> tensor<2x!quant.uniform<i8:f32, 1.0>>
  %r = stablehlo.bitcast_convert %rbits : (tensor<2xi8>) -> tensor<2x!quant.uniform<i8:f32:0, {5.0e-01, 2.0:1}>>
  %sum = stablehlo.add %l, %r : (tensor<2x!quant.uniform<i8:f32, 1.0>>, tensor<2x!quant.uniform<i8:f32:0, {5.0e-01, 2.0:1}>>) -> tensor<2x!quant.uniform<i8:f32:0, {5.0e-01, 2.0:1}>>
  %bits = stablehlo.bitcast_convert %sum : (tensor<2x!quant.uniform<i8:f32:0, {5.0e-01, 2.0:1}>>) -> tensor<2xi8>
  check.expect_eq_const %bits, dense<[6, 4]> : tensor<2xi8>
  func.return
}

// -----

// negate([1.5, -2]) = [-1.5, 2] stored at 0.25: [-6, 8].
// CHECK: PASS @negate_params
func.func @negate_params() {
  %bits = stablehlo.constant dense<[3, -4]> : tensor<2xi8>
  %q = stablehlo.bitcast_convert %bits : (tensor<2xi8>) -> tensor<2x!quant.uniform<i8:f32, 5.0e-01>>
  %n = stablehlo.negate %q : (tensor<2x!quant.uniform<i8:f32, 5.0e-01>>) -> tensor<2x!quant.uniform<i8:f32, 2.5e-01>>
  %nbits = stablehlo.bitcast_convert %n : (tensor<2x!quant.uniform<i8:f32, 2.5e-01>>) -> tensor<2xi8>
  check.expect_eq_const %nbits, dense<[-6, 8]> : tensor<2xi8>
  func.return
}
