// RUN: sdy-run --interpret -split-input-file %s | FileCheck %s

// In the StableHLO reference interpreter's test format: zero-size tensors, variadic reduce (argmax), rounding converts, the check ops, pretty while, integer overflow, NaN in maximum/minimum, complex arithmetic.
// Expected values are the StableHLO spec's examples or computed by hand
// (rng_bit_generator's are XLA's on CPU).

// CHECK: 8 passed, 0 failed

func.func @zero_size() {
  %0 = stablehlo.constant dense<> : tensor<0x3xf32>
  %1 = stablehlo.add %0, %0 : tensor<0x3xf32>
  check.expect_eq_const %1, dense<> : tensor<0x3xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %2 = stablehlo.reduce(%0 init: %z) applies stablehlo.add across dimensions = [0] : (tensor<0x3xf32>, tensor<f32>) -> tensor<3xf32>
  check.expect_eq_const %2, dense<0.0> : tensor<3xf32>
  func.return
}

// -----

func.func @argmax() {
  %x = stablehlo.constant dense<[[1.0, 5.0, 3.0], [7.0, 2.0, 7.0]]> : tensor<2x3xf32>
  %i = stablehlo.iota dim = 1 : tensor<2x3xi32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.reduce(%x init: %ninf), (%i init: %zero) across dimensions = [1] : (tensor<2x3xf32>, tensor<2x3xi32>, tensor<f32>, tensor<i32>) -> (tensor<2xf32>, tensor<2xi32>)
   reducer(%a: tensor<f32>, %c: tensor<f32>) (%b: tensor<i32>, %d: tensor<i32>)  {
    %gt = stablehlo.compare GT, %a, %c, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %eq = stablehlo.compare EQ, %a, %c, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %lt = stablehlo.compare LT, %b, %d, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = stablehlo.and %eq, %lt : tensor<i1>
    %take = stablehlo.or %gt, %tie : tensor<i1>
    %v = stablehlo.select %take, %a, %c : tensor<i1>, tensor<f32>
    %j = stablehlo.select %take, %b, %d : tensor<i1>, tensor<i32>
    stablehlo.return %v, %j : tensor<f32>, tensor<i32>
  }
  check.expect_eq_const %r#0, dense<[5.0, 7.0]> : tensor<2xf32>
  check.expect_eq_const %r#1, dense<[1, 0]> : tensor<2xi32>
  func.return
}

// -----

func.func @rounding_converts() {
  %x = stablehlo.constant dense<[1.00048828125, 65520.0, 1.0e-8]> : tensor<3xf64>
  %0 = stablehlo.convert %x : (tensor<3xf64>) -> tensor<3xf16>
  check.expect_eq_const %0, dense<[1.0, 0x7C00, 0.0]> : tensor<3xf16>
  %y = stablehlo.constant dense<[1.00390625, 1.01171875]> : tensor<2xf32>
  %1 = stablehlo.convert %y : (tensor<2xf32>) -> tensor<2xbf16>
  check.expect_eq_const %1, dense<[1.0, 1.015625]> : tensor<2xbf16>
  %2 = stablehlo.reduce_precision %y, format = e5m2 : tensor<2xf32>
  check.expect_eq_const %2, dense<[1.0, 1.0]> : tensor<2xf32>
  func.return
}

// -----

func.func @expect_close() {
  %x = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %y = stablehlo.constant dense<[1.0000001, 2.0]> : tensor<2xf32>
  check.expect_close %x, %y, max_ulp_difference = 3 : tensor<2xf32>, tensor<2xf32>
  check.expect_almost_eq %x, %y : tensor<2xf32>
  check.expect_almost_eq_const %x, dense<[1.0000001, 2.0]> : tensor<2xf32>
  %b = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  check.expect_eq %b, %b : tensor<2xi1>
  func.return
}

// -----

func.func @while_pretty() {
  %c0 = stablehlo.constant dense<0> : tensor<i64>
  %c5 = stablehlo.constant dense<5> : tensor<i64>
  %c1 = stablehlo.constant dense<1> : tensor<i64>
  %0:2 = stablehlo.while(%iterArg = %c0, %iterArg_0 = %c1) : tensor<i64>, tensor<i64>
    cond {
    %1 = stablehlo.compare  LT, %iterArg, %c5,  SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %1 = stablehlo.add %iterArg, %c1 : tensor<i64>
    %2 = stablehlo.multiply %iterArg_0, %c5 : tensor<i64>
    stablehlo.return %1, %2 : tensor<i64>, tensor<i64>
  }
  check.expect_eq_const %0#1, dense<3125> : tensor<i64>
  func.return
}

// -----

func.func @int_edge() {
  %a = stablehlo.constant dense<[-128, 7]> : tensor<2xi8>
  %b = stablehlo.constant dense<[-1, 0]> : tensor<2xi8>
  %0 = stablehlo.multiply %a, %b : tensor<2xi8>
  check.expect_eq_const %0, dense<[-128, 0]> : tensor<2xi8>
  %1 = stablehlo.negate %a : tensor<2xi8>
  check.expect_eq_const %1, dense<[-128, -7]> : tensor<2xi8>
  %2 = stablehlo.abs %a : tensor<2xi8>
  check.expect_eq_const %2, dense<[-128, 7]> : tensor<2xi8>
  %t = stablehlo.constant dense<[true, true, false]> : tensor<3xi1>
  %f = stablehlo.constant dense<[true, false, false]> : tensor<3xi1>
  %3 = stablehlo.multiply %t, %f : tensor<3xi1>
  check.expect_eq_const %3, dense<[true, false, false]> : tensor<3xi1>
  %4 = stablehlo.maximum %t, %f : tensor<3xi1>
  check.expect_eq_const %4, dense<[true, true, false]> : tensor<3xi1>
  func.return
}

// -----

func.func @minmax_nan() {
  %a = stablehlo.constant dense<[0x7FC00000, 1.0, -0.0]> : tensor<3xf32>
  %b = stablehlo.constant dense<[1.0, 0x7FC00000, 0.0]> : tensor<3xf32>
  %0 = stablehlo.maximum %a, %b : tensor<3xf32>
  check.expect_eq_const %0, dense<[0x7FC00000, 0x7FC00000, 0.0]> : tensor<3xf32>
  %1 = stablehlo.minimum %a, %b : tensor<3xf32>
  check.expect_eq_const %1, dense<[0x7FC00000, 0x7FC00000, -0.0]> : tensor<3xf32>
  func.return
}

// -----

func.func @complex_ops() {
  %a = stablehlo.constant dense<[(1.0, 2.0), (3.0, -4.0)]> : tensor<2xcomplex<f64>>
  %b = stablehlo.constant dense<[(0.5, 0.5), (1.0, 1.0)]> : tensor<2xcomplex<f64>>
  %0 = stablehlo.multiply %a, %b : tensor<2xcomplex<f64>>
  check.expect_almost_eq_const %0, dense<[(-0.5, 1.5), (7.0, -1.0)]> : tensor<2xcomplex<f64>>
  %1 = stablehlo.divide %a, %b : tensor<2xcomplex<f64>>
  check.expect_almost_eq_const %1, dense<[(3.0, 1.0), (-0.5, -3.5)]> : tensor<2xcomplex<f64>>
  %2 = stablehlo.exponential %b : tensor<2xcomplex<f64>>
  check.expect_almost_eq_const %2, dense<[(1.4468890365841693, 0.79043908321361489), (1.4686939399158851, 2.2873552871788423)]> : tensor<2xcomplex<f64>>
  %3 = stablehlo.sqrt %a : tensor<2xcomplex<f64>>
  check.expect_almost_eq_const %3, dense<[(1.272019649514069, 0.78615137775742328), (2.0, -1.0)]> : tensor<2xcomplex<f64>>
  %4 = stablehlo.abs %a : (tensor<2xcomplex<f64>>) -> tensor<2xf64>
  check.expect_almost_eq_const %4, dense<[2.23606797749979, 5.0]> : tensor<2xf64>
  func.return
}
