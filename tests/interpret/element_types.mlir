// RUN: sdy-run --interpret -split-input-file %s | FileCheck %s

// Window, sort, scatter, iota and convolution kernels on complex numbers,
// narrow floats and sub-byte integers; complex compare, cbrt and atan2.
// Expected values are computed by hand; complex results are checked through
// their real and imaginary parts, narrow floats through f32 or their bits.

// CHECK: PASS @scatter_complex_add
func.func @scatter_complex_add() {
  %input = stablehlo.constant dense<[(1.0, 1.0), (2.0, 2.0), (3.0, 3.0)]> : tensor<3xcomplex<f32>>
  %indices = stablehlo.constant dense<[[0], [2]]> : tensor<2x1xi32>
  %updates = stablehlo.constant dense<[(10.0, 0.0), (0.0, 10.0)]> : tensor<2xcomplex<f32>>
  %r = "stablehlo.scatter"(%input, %indices, %updates) ({
  ^bb0(%a: tensor<complex<f32>>, %b: tensor<complex<f32>>):
    %s = stablehlo.add %a, %b : tensor<complex<f32>>
    stablehlo.return %s : tensor<complex<f32>>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3xcomplex<f32>>, tensor<2x1xi32>, tensor<2xcomplex<f32>>) -> tensor<3xcomplex<f32>>
  %re = stablehlo.real %r : (tensor<3xcomplex<f32>>) -> tensor<3xf32>
  %im = stablehlo.imag %r : (tensor<3xcomplex<f32>>) -> tensor<3xf32>
  check.expect_eq_const %re, dense<[11.0, 2.0, 3.0]> : tensor<3xf32>
  check.expect_eq_const %im, dense<[1.0, 2.0, 13.0]> : tensor<3xf32>
  func.return
}

// -----

// complex<f64> elements are 16 bytes: gather and replacing scatter move
// them whole.
// CHECK: PASS @gather_scatter_c128
func.func @gather_scatter_c128() {
  %input = stablehlo.constant dense<[(1.0, 2.0), (3.0, 4.0), (5.0, 6.0)]> : tensor<3xcomplex<f64>>
  %indices = stablehlo.constant dense<[[2], [0]]> : tensor<2x1xi32>
  %g = "stablehlo.gather"(%input, %indices) {dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1>} : (tensor<3xcomplex<f64>>, tensor<2x1xi32>) -> tensor<2xcomplex<f64>>
  %gre = stablehlo.real %g : (tensor<2xcomplex<f64>>) -> tensor<2xf64>
  %gim = stablehlo.imag %g : (tensor<2xcomplex<f64>>) -> tensor<2xf64>
  check.expect_eq_const %gre, dense<[5.0, 1.0]> : tensor<2xf64>
  check.expect_eq_const %gim, dense<[6.0, 2.0]> : tensor<2xf64>
  %s = "stablehlo.scatter"(%input, %indices, %g) ({
  ^bb0(%a: tensor<complex<f64>>, %b: tensor<complex<f64>>):
    stablehlo.return %b : tensor<complex<f64>>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3xcomplex<f64>>, tensor<2x1xi32>, tensor<2xcomplex<f64>>) -> tensor<3xcomplex<f64>>
  %sim = stablehlo.imag %s : (tensor<3xcomplex<f64>>) -> tensor<3xf64>
  check.expect_eq_const %sim, dense<[2.0, 4.0, 6.0]> : tensor<3xf64>
  func.return
}

// -----

// Sub-byte integers wrap: 7 + 1 is -8 in i4.
// CHECK: PASS @scatter_i4_add
func.func @scatter_i4_add() {
  %input = stablehlo.constant dense<[7, -8, 0, 1]> : tensor<4xi4>
  %indices = stablehlo.constant dense<[[0], [3]]> : tensor<2x1xi32>
  %updates = stablehlo.constant dense<[1, 2]> : tensor<2xi4>
  %r = "stablehlo.scatter"(%input, %indices, %updates) ({
  ^bb0(%a: tensor<i4>, %b: tensor<i4>):
    %s = stablehlo.add %a, %b : tensor<i4>
    stablehlo.return %s : tensor<i4>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<4xi4>, tensor<2x1xi32>, tensor<2xi4>) -> tensor<4xi4>
  %c = stablehlo.convert %r : (tensor<4xi4>) -> tensor<4xi32>
  check.expect_eq_const %c, dense<[-8, -8, 0, 3]> : tensor<4xi32>
  func.return
}

// -----

// CHECK: PASS @scatter_f8_replace
func.func @scatter_f8_replace() {
  %input = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf8E4M3FN>
  %indices = stablehlo.constant dense<[[1]]> : tensor<1x1xi32>
  %updates = stablehlo.constant dense<[0.5]> : tensor<1xf8E4M3FN>
  %r = "stablehlo.scatter"(%input, %indices, %updates) ({
  ^bb0(%a: tensor<f8E4M3FN>, %b: tensor<f8E4M3FN>):
    stablehlo.return %b : tensor<f8E4M3FN>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<4xf8E4M3FN>, tensor<1x1xi32>, tensor<1xf8E4M3FN>) -> tensor<4xf8E4M3FN>
  %c = stablehlo.convert %r : (tensor<4xf8E4M3FN>) -> tensor<4xf32>
  check.expect_eq_const %c, dense<[1.0, 0.5, 3.0, 4.0]> : tensor<4xf32>
  func.return
}

// -----

// CHECK: PASS @iota_complex
func.func @iota_complex() {
  %c = stablehlo.iota dim = 0 : tensor<3xcomplex<f32>>
  %re = stablehlo.real %c : (tensor<3xcomplex<f32>>) -> tensor<3xf32>
  %im = stablehlo.imag %c : (tensor<3xcomplex<f32>>) -> tensor<3xf32>
  check.expect_eq_const %re, dense<[0.0, 1.0, 2.0]> : tensor<3xf32>
  check.expect_eq_const %im, dense<0.0> : tensor<3xf32>
  func.return
}

// -----

// CHECK: PASS @iota_narrow
func.func @iota_narrow() {
  %f = stablehlo.iota dim = 0 : tensor<4xf8E5M2>
  %fc = stablehlo.convert %f : (tensor<4xf8E5M2>) -> tensor<4xf32>
  check.expect_eq_const %fc, dense<[0.0, 1.0, 2.0, 3.0]> : tensor<4xf32>
  %i = stablehlo.iota dim = 1 : tensor<2x3xui4>
  %ic = stablehlo.convert %i : (tensor<2x3xui4>) -> tensor<2x3xi32>
  check.expect_eq_const %ic, dense<[[0, 1, 2], [0, 1, 2]]> : tensor<2x3xi32>
  func.return
}

// -----

// Complex numbers sort lexicographically on (real, imag).
// CHECK: PASS @sort_complex
func.func @sort_complex() {
  %x = stablehlo.constant dense<[(2.0, 0.0), (1.0, 5.0), (1.0, -1.0), (0.0, 3.0)]> : tensor<4xcomplex<f32>>
  %r = "stablehlo.sort"(%x) ({
  ^bb0(%a: tensor<complex<f32>>, %b: tensor<complex<f32>>):
    %c = stablehlo.compare LT, %a, %b, FLOAT : (tensor<complex<f32>>, tensor<complex<f32>>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = 0 : i64} : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  %re = stablehlo.real %r : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  %im = stablehlo.imag %r : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  check.expect_eq_const %re, dense<[0.0, 1.0, 1.0, 2.0]> : tensor<4xf32>
  check.expect_eq_const %im, dense<[3.0, -1.0, 5.0, 0.0]> : tensor<4xf32>
  func.return
}

// -----

// TOTALORDER puts -0 before +0; the bits of f8E4M3FN: -1 = 0xB8, -0 = 0x80,
// 0.5 = 0x30, 2 = 0x40.
// CHECK: PASS @sort_f8_total_order
func.func @sort_f8_total_order() {
  %x = stablehlo.constant dense<[2.0, 0.0, -0.0, -1.0, 0.5]> : tensor<5xf8E4M3FN>
  %r = "stablehlo.sort"(%x) ({
  ^bb0(%a: tensor<f8E4M3FN>, %b: tensor<f8E4M3FN>):
    %c = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<f8E4M3FN>, tensor<f8E4M3FN>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = 0 : i64} : (tensor<5xf8E4M3FN>) -> tensor<5xf8E4M3FN>
  %bits = stablehlo.bitcast_convert %r : (tensor<5xf8E4M3FN>) -> tensor<5xi8>
  check.expect_eq_const %bits, dense<[-72, -128, 0, 48, 64]> : tensor<5xi8>
  func.return
}

// -----

// CHECK: PASS @sort_i4_descending
func.func @sort_i4_descending() {
  %x = stablehlo.constant dense<[3, -2, 7, -8]> : tensor<4xi4>
  %y = stablehlo.constant dense<[0, 1, 2, 3]> : tensor<4xi32>
  %r:2 = "stablehlo.sort"(%x, %y) ({
  ^bb0(%a: tensor<i4>, %b: tensor<i4>, %c: tensor<i32>, %d: tensor<i32>):
    %p = stablehlo.compare GT, %a, %b, SIGNED : (tensor<i4>, tensor<i4>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) {dimension = 0 : i64} : (tensor<4xi4>, tensor<4xi32>) -> (tensor<4xi4>, tensor<4xi32>)
  %c = stablehlo.convert %r#0 : (tensor<4xi4>) -> tensor<4xi32>
  check.expect_eq_const %c, dense<[7, 3, -2, -8]> : tensor<4xi32>
  check.expect_eq_const %r#1, dense<[2, 0, 1, 3]> : tensor<4xi32>
  func.return
}

// -----

// CHECK: PASS @reduce_window_complex
func.func @reduce_window_complex() {
  %x = stablehlo.constant dense<[(1.0, 1.0), (2.0, -2.0), (3.0, 3.0)]> : tensor<3xcomplex<f32>>
  %init = stablehlo.constant dense<(0.0, 0.0)> : tensor<complex<f32>>
  %r = "stablehlo.reduce_window"(%x, %init) ({
  ^bb0(%a: tensor<complex<f32>>, %b: tensor<complex<f32>>):
    %s = stablehlo.add %a, %b : tensor<complex<f32>>
    stablehlo.return %s : tensor<complex<f32>>
  }) {window_dimensions = array<i64: 2>} : (tensor<3xcomplex<f32>>, tensor<complex<f32>>) -> tensor<2xcomplex<f32>>
  %re = stablehlo.real %r : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  %im = stablehlo.imag %r : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  check.expect_eq_const %re, dense<[3.0, 5.0]> : tensor<2xf32>
  check.expect_eq_const %im, dense<[-1.0, 1.0]> : tensor<2xf32>
  func.return
}

// -----

// Padding windows see the init value (-inf).
// CHECK: PASS @reduce_window_f8_max
func.func @reduce_window_f8_max() {
  %x = stablehlo.constant dense<[1.0, 3.0, 2.0]> : tensor<3xf8E5M2>
  %init = stablehlo.constant dense<0xFC> : tensor<f8E5M2>
  %r = "stablehlo.reduce_window"(%x, %init) ({
  ^bb0(%a: tensor<f8E5M2>, %b: tensor<f8E5M2>):
    %s = stablehlo.maximum %a, %b : tensor<f8E5M2>
    stablehlo.return %s : tensor<f8E5M2>
  }) {window_dimensions = array<i64: 2>, padding = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<3xf8E5M2>, tensor<f8E5M2>) -> tensor<3xf8E5M2>
  %c = stablehlo.convert %r : (tensor<3xf8E5M2>) -> tensor<3xf32>
  check.expect_eq_const %c, dense<[3.0, 3.0, 2.0]> : tensor<3xf32>
  func.return
}

// -----

// CHECK: PASS @select_and_scatter_f8
func.func @select_and_scatter_f8() {
  %operand = stablehlo.constant dense<[1.0, 3.0, 2.0, 0.0]> : tensor<4xf8E4M3FN>
  %source = stablehlo.constant dense<[0.5, 0.25]> : tensor<2xf8E4M3FN>
  %init = stablehlo.constant dense<0.0> : tensor<f8E4M3FN>
  %r = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
  ^bb0(%a: tensor<f8E4M3FN>, %b: tensor<f8E4M3FN>):
    %c = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f8E4M3FN>, tensor<f8E4M3FN>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f8E4M3FN>, %b: tensor<f8E4M3FN>):
    %s = stablehlo.add %a, %b : tensor<f8E4M3FN>
    stablehlo.return %s : tensor<f8E4M3FN>
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2>} : (tensor<4xf8E4M3FN>, tensor<2xf8E4M3FN>, tensor<f8E4M3FN>) -> tensor<4xf8E4M3FN>
  %c = stablehlo.convert %r : (tensor<4xf8E4M3FN>) -> tensor<4xf32>
  check.expect_eq_const %c, dense<[0.0, 0.5, 0.25, 0.0]> : tensor<4xf32>
  func.return
}

// -----

// out[0] = 1 * 1 + i * i = 0, out[1] = i * 1 + (1 + i) * i = -1 + 2i.
// CHECK: PASS @convolution_complex
func.func @convolution_complex() {
  %lhs = stablehlo.constant dense<[[[(1.0, 0.0)], [(0.0, 1.0)], [(1.0, 1.0)]]]> : tensor<1x3x1xcomplex<f32>>
  %rhs = stablehlo.constant dense<[[[(1.0, 0.0)]], [[(0.0, 1.0)]]]> : tensor<2x1x1xcomplex<f32>>
  %r = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x1xcomplex<f32>>, tensor<2x1x1xcomplex<f32>>) -> tensor<1x2x1xcomplex<f32>>
  %re = stablehlo.real %r : (tensor<1x2x1xcomplex<f32>>) -> tensor<1x2x1xf32>
  %im = stablehlo.imag %r : (tensor<1x2x1xcomplex<f32>>) -> tensor<1x2x1xf32>
  check.expect_eq_const %re, dense<[[[0.0], [-1.0]]]> : tensor<1x2x1xf32>
  check.expect_eq_const %im, dense<[[[0.0], [2.0]]]> : tensor<1x2x1xf32>
  func.return
}

// -----

// CHECK: PASS @convolution_f8
func.func @convolution_f8() {
  %lhs = stablehlo.constant dense<[[[1.0], [2.0], [3.0]]]> : tensor<1x3x1xf8E4M3FN>
  %rhs = stablehlo.constant dense<[[[1.0]], [[1.0]]]> : tensor<2x1x1xf8E4M3FN>
  %r = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x1xf8E4M3FN>, tensor<2x1x1xf8E4M3FN>) -> tensor<1x2x1xf8E4M3FN>
  %c = stablehlo.convert %r : (tensor<1x2x1xf8E4M3FN>) -> tensor<1x2x1xf32>
  check.expect_eq_const %c, dense<[[[3.0], [5.0]]]> : tensor<1x2x1xf32>
  func.return
}

// -----

// CHECK: PASS @compare_complex
func.func @compare_complex() {
  %a = stablehlo.constant dense<[(1.0, 2.0), (1.0, 2.0), (0.0, 5.0)]> : tensor<3xcomplex<f32>>
  %b = stablehlo.constant dense<[(1.0, 3.0), (1.0, 2.0), (1.0, 0.0)]> : tensor<3xcomplex<f32>>
  %lt = stablehlo.compare LT, %a, %b, FLOAT : (tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>) -> tensor<3xi1>
  check.expect_eq_const %lt, dense<[true, false, true]> : tensor<3xi1>
  %ge = stablehlo.compare GE, %a, %b, FLOAT : (tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>) -> tensor<3xi1>
  check.expect_eq_const %ge, dense<[false, true, false]> : tensor<3xi1>
  %le = stablehlo.compare LE, %a, %b, TOTALORDER : (tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>) -> tensor<3xi1>
  check.expect_eq_const %le, dense<[true, true, true]> : tensor<3xi1>
  func.return
}

// -----

// cbrt is the principal root: cbrt(-8) = 2 (cos(pi/3) + i sin(pi/3)).
// atan2(y, x) = -i log((x + i y) / sqrt(x^2 + y^2)): atan2(1, 1) = pi / 4,
// atan2(1, -1) = 3 pi / 4.
// CHECK: PASS @cbrt_atan2_complex
func.func @cbrt_atan2_complex() {
  %x = stablehlo.constant dense<[(8.0, 0.0), (-8.0, 0.0)]> : tensor<2xcomplex<f64>>
  %c = stablehlo.cbrt %x : tensor<2xcomplex<f64>>
  %cre = stablehlo.real %c : (tensor<2xcomplex<f64>>) -> tensor<2xf64>
  %cim = stablehlo.imag %c : (tensor<2xcomplex<f64>>) -> tensor<2xf64>
  check.expect_almost_eq_const %cre, dense<[2.0, 1.0]> : tensor<2xf64>
  check.expect_almost_eq_const %cim, dense<[0.0, 1.7320508075688772]> : tensor<2xf64>
  %y = stablehlo.constant dense<[(1.0, 0.0), (1.0, 0.0)]> : tensor<2xcomplex<f64>>
  %z = stablehlo.constant dense<[(1.0, 0.0), (-1.0, 0.0)]> : tensor<2xcomplex<f64>>
  %a = stablehlo.atan2 %y, %z : tensor<2xcomplex<f64>>
  %are = stablehlo.real %a : (tensor<2xcomplex<f64>>) -> tensor<2xf64>
  %aim = stablehlo.imag %a : (tensor<2xcomplex<f64>>) -> tensor<2xf64>
  check.expect_almost_eq_const %are, dense<[0.78539816339744828, 2.3561944901923448]> : tensor<2xf64>
  check.expect_almost_eq_const %aim, dense<[0.0, 0.0]> : tensor<2xf64>
  func.return
}

// -----

// chlo on complex numbers: principal branches.
// CHECK: PASS @chlo_complex
func.func @chlo_complex() {
  %x = stablehlo.constant dense<[(0.0, 1.5707963267948966), (0.0, 3.1415926535897931), (0.0, 1.0), (0.0, 0.5)]> : tensor<4xcomplex<f64>>
  %sinh = chlo.sinh %x : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %cosh = chlo.cosh %x : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %tan = chlo.tan %x : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %atanh = chlo.atanh %x : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %asinh = chlo.asinh %x : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %sinh_im = stablehlo.imag %sinh : (tensor<4xcomplex<f64>>) -> tensor<4xf64>
  check.expect_almost_eq_const %sinh_im, dense<[1.0, 0.0, 0.8414709848078965, 0.479425538604203]> : tensor<4xf64>
  %cosh_re = stablehlo.real %cosh : (tensor<4xcomplex<f64>>) -> tensor<4xf64>
  check.expect_almost_eq_const %cosh_re, dense<[0.0, -1.0, 0.5403023058681398, 0.8775825618903728]> : tensor<4xf64>
  %tan_im = stablehlo.imag %tan : (tensor<4xcomplex<f64>>) -> tensor<4xf64>
  check.expect_almost_eq_const %tan_im, dense<[0.9171523356672744, 0.99627207622075, 0.7615941559557649, 0.46211715726000974]> : tensor<4xf64>
  %atanh_im = stablehlo.imag %atanh : (tensor<4xcomplex<f64>>) -> tensor<4xf64>
  check.expect_almost_eq_const %atanh_im, dense<[1.0038848218538872, 1.2626272556789118, 0.7853981633974483, 0.4636476090008061]> : tensor<4xf64>
  %y = stablehlo.constant dense<[(0.5, 0.0), (2.0, 0.0)]> : tensor<2xcomplex<f64>>
  %asin = chlo.asin %y : tensor<2xcomplex<f64>> -> tensor<2xcomplex<f64>>
  %asin_re = stablehlo.real %asin : (tensor<2xcomplex<f64>>) -> tensor<2xf64>
  check.expect_almost_eq_const %asin_re, dense<[0.5235987755982989, 1.5707963267948966]> : tensor<2xf64>
  %acos = chlo.acos %y : tensor<2xcomplex<f64>> -> tensor<2xcomplex<f64>>
  %acos_re = stablehlo.real %acos : (tensor<2xcomplex<f64>>) -> tensor<2xf64>
  check.expect_almost_eq_const %acos_re, dense<[1.0471975511965979, 0.0]> : tensor<2xf64>
  %atan = chlo.atan %y : tensor<2xcomplex<f64>> -> tensor<2xcomplex<f64>>
  %atan_re = stablehlo.real %atan : (tensor<2xcomplex<f64>>) -> tensor<2xf64>
  check.expect_almost_eq_const %atan_re, dense<[0.4636476090008061, 1.1071487177940904]> : tensor<2xf64>
  %acosh = chlo.acosh %y : tensor<2xcomplex<f64>> -> tensor<2xcomplex<f64>>
  %acosh_re = stablehlo.real %acosh : (tensor<2xcomplex<f64>>) -> tensor<2xf64>
  check.expect_almost_eq_const %acosh_re, dense<[0.0, 1.3169578969248166]> : tensor<2xf64>
  %asinh_im = stablehlo.imag %asinh : (tensor<4xcomplex<f64>>) -> tensor<4xf64>
  check.expect_almost_eq_const %asinh_im, dense<[1.5707963267948966, 1.5707963267948966, 1.5707963267948966, 0.5235987755982989]> : tensor<4xf64>
  %z = stablehlo.constant dense<(1.0, 2.0)> : tensor<complex<f32>>
  %conj = chlo.conj %z : tensor<complex<f32>> -> tensor<complex<f32>>
  %conj_im = stablehlo.imag %conj : (tensor<complex<f32>>) -> tensor<f32>
  check.expect_eq_const %conj_im, dense<-2.0> : tensor<f32>
  %sq = chlo.square %z : tensor<complex<f32>> -> tensor<complex<f32>>
  %sq_re = stablehlo.real %sq : (tensor<complex<f32>>) -> tensor<f32>
  %sq_im = stablehlo.imag %sq : (tensor<complex<f32>>) -> tensor<f32>
  check.expect_eq_const %sq_re, dense<-3.0> : tensor<f32>
  check.expect_eq_const %sq_im, dense<4.0> : tensor<f32>
  func.return
}

// -----

// Narrow floats: computed in double and rounded once (erf(1) = 0.8427 is
// 0.8125 in f8E4M3FN, whose step there is 1/16); top_k by total order.
// CHECK: PASS @chlo_narrow
func.func @chlo_narrow() {
  %x = stablehlo.constant dense<[0.0, 1.0, 3.0, 2.0]> : tensor<4xf8E4M3FN>
  %e = chlo.erf %x : tensor<4xf8E4M3FN> -> tensor<4xf8E4M3FN>
  %ec = stablehlo.convert %e : (tensor<4xf8E4M3FN>) -> tensor<4xf32>
  check.expect_eq_const %ec, dense<[0.0, 0.8125, 1.0, 1.0]> : tensor<4xf32>
  %v, %i = chlo.top_k(%x, k = 2) : tensor<4xf8E4M3FN> -> (tensor<2xf8E4M3FN>, tensor<2xi32>)
  %vc = stablehlo.convert %v : (tensor<2xf8E4M3FN>) -> tensor<2xf32>
  check.expect_eq_const %vc, dense<[3.0, 2.0]> : tensor<2xf32>
  check.expect_eq_const %i, dense<[2, 3]> : tensor<2xi32>
  func.return
}

// -----

// 16-bit and narrower outputs of rng_bit_generator are the low bits of the
// 32-bit ones, as XLA computes them (these values and states are XLA's).
// CHECK: PASS @rng_bit_generator_narrow
func.func @rng_bit_generator_narrow() {
  %key = stablehlo.constant dense<[81985529216486895, 42]> : tensor<2xui64>
  %s0, %u16 = stablehlo.rng_bit_generator %key, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x5xui16>)
  check.expect_eq_const %s0, dense<[81985529216486895, 51]> : tensor<2xui64>
  check.expect_eq_const %u16, dense<[[9665, 30212, 50057, 42683, 43773], [57141, 5320, 30461, 6923, 10078], [40667, 12773, 30873, 13849, 18994]]> : tensor<3x5xui16>
  %s1, %f16 = stablehlo.rng_bit_generator %key, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x5xf16>)
  %f16bits = stablehlo.bitcast_convert %f16 : (tensor<3x5xf16>) -> tensor<3x5xui16>
  check.expect_eq_const %f16bits, dense<[[9665, 30212, 50057, 42683, 43773], [57141, 5320, 30461, 6923, 10078], [40667, 12773, 30873, 13849, 18994]]> : tensor<3x5xui16>
  %s2, %p16 = stablehlo.rng_bit_generator %key, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x5xui16>)
  check.expect_eq_const %s2, dense<[81985529216486895, 46]> : tensor<2xui64>
  check.expect_eq_const %p16, dense<[[60385, 63064, 5647, 8823, 42290], [58293, 11854, 25968, 46053, 28458], [20254, 24555, 5882, 7870, 55051]]> : tensor<3x5xui16>
  %s3, %u4 = stablehlo.rng_bit_generator %key, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x5xui4>)
  %u4c = stablehlo.convert %u4 : (tensor<3x5xui4>) -> tensor<3x5xi32>
  check.expect_eq_const %u4c, dense<[[1, 4, 9, 11, 13], [5, 8, 13, 11, 14], [11, 5, 9, 9, 2]]> : tensor<3x5xi32>
  %s4, %i2 = stablehlo.rng_bit_generator %key, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x5xi2>)
  %i2c = stablehlo.convert %i2 : (tensor<3x5xi2>) -> tensor<3x5xi32>
  check.expect_eq_const %i2c, dense<[[1, 0, 1, -1, 1], [1, 0, 1, -1, -2], [-1, 1, 1, 1, -2]]> : tensor<3x5xi32>
  func.return
}

// -----

// The checks compare every element type: complex numbers part by part.
// CHECK: PASS @checks_all_types
func.func @checks_all_types() {
  %c = stablehlo.constant dense<[(1.0, 2.0), (0x7FC00000, -0.0)]> : tensor<2xcomplex<f32>>
  check.expect_eq_const %c, dense<[(1.0, 2.0), (0x7FC00000, 0.0)]> : tensor<2xcomplex<f32>>
  check.expect_almost_eq_const %c, dense<[(1.00001, 2.0), (0x7FC00000, 0.0)]> : tensor<2xcomplex<f32>>
  %f = stablehlo.constant dense<[0.5, -1.5]> : tensor<2xf8E4M3FN>
  check.expect_eq_const %f, dense<[0.5, -1.5]> : tensor<2xf8E4M3FN>
  %i = stablehlo.constant dense<[-8, 7]> : tensor<2xi4>
  check.expect_eq_const %i, dense<[-8, 7]> : tensor<2xi4>
  func.return
}

// -----

// Bit ops on sub-byte integers work on their own width: 3 << 2 is 0b1100,
// -4 in i4; shifts by the width or more give 0 or the sign fill.
// CHECK: PASS @bit_ops_sub_byte
func.func @bit_ops_sub_byte() {
  %a = stablehlo.constant dense<[1, 3, -8, 1]> : tensor<4xi4>
  %s = stablehlo.constant dense<[1, 2, 1, 4]> : tensor<4xi4>
  %shl = stablehlo.shift_left %a, %s : tensor<4xi4>
  %shlc = stablehlo.convert %shl : (tensor<4xi4>) -> tensor<4xi32>
  check.expect_eq_const %shlc, dense<[2, -4, 0, 0]> : tensor<4xi32>
  %b = stablehlo.constant dense<[-8, -8, 7, -1]> : tensor<4xi4>
  %t = stablehlo.constant dense<[1, 3, 1, 5]> : tensor<4xi4>
  %sra = stablehlo.shift_right_arithmetic %b, %t : tensor<4xi4>
  %srac = stablehlo.convert %sra : (tensor<4xi4>) -> tensor<4xi32>
  check.expect_eq_const %srac, dense<[-4, -1, 3, -1]> : tensor<4xi32>
  %u = stablehlo.constant dense<[15, 8, 8]> : tensor<3xui4>
  %v = stablehlo.constant dense<[1, 3, 4]> : tensor<3xui4>
  %srl = stablehlo.shift_right_logical %u, %v : tensor<3xui4>
  %srlc = stablehlo.convert %srl : (tensor<3xui4>) -> tensor<3xi32>
  check.expect_eq_const %srlc, dense<[7, 1, 0]> : tensor<3xi32>
  %p = stablehlo.constant dense<[-1, 5, -8, 0]> : tensor<4xi4>
  %pop = stablehlo.popcnt %p : tensor<4xi4>
  %popc = stablehlo.convert %pop : (tensor<4xi4>) -> tensor<4xi32>
  check.expect_eq_const %popc, dense<[4, 2, 1, 0]> : tensor<4xi32>
  %q = stablehlo.constant dense<[1, -1, 0, 4]> : tensor<4xi4>
  %clz = stablehlo.count_leading_zeros %q : tensor<4xi4>
  %clzc = stablehlo.convert %clz : (tensor<4xi4>) -> tensor<4xi32>
  check.expect_eq_const %clzc, dense<[3, 0, 4, 1]> : tensor<4xi32>
  %w = stablehlo.constant dense<[3, 2]> : tensor<2xui2>
  %pop2 = stablehlo.popcnt %w : tensor<2xui2>
  %pop2c = stablehlo.convert %pop2 : (tensor<2xui2>) -> tensor<2xi32>
  check.expect_eq_const %pop2c, dense<[2, 1]> : tensor<2xi32>
  func.return
}

// -----

// CHECK: PASS @round_afz_f8
func.func @round_afz_f8() {
  %x = stablehlo.constant dense<[0.5, -2.5, 1.25, 2.5]> : tensor<4xf8E4M3FN>
  %r = stablehlo.round_nearest_afz %x : tensor<4xf8E4M3FN>
  %c = stablehlo.convert %r : (tensor<4xf8E4M3FN>) -> tensor<4xf32>
  check.expect_eq_const %c, dense<[1.0, -3.0, 1.0, 3.0]> : tensor<4xf32>
  func.return
}
