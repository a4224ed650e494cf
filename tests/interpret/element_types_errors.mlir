// RUN: not sdy-run --interpret -split-input-file %s > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: FileCheck %s --check-prefix=ERR < %t.err

// What stays refused on the extended element types, and a failed check on
// complex numbers.

// OUT: FAIL @complex_mismatch
// ERR: check.expect_eq_const failed: element [1]: expected (3, 4), got (3, -4)
func.func @complex_mismatch() {
  %c = stablehlo.constant dense<[(1.0, 2.0), (3.0, -4.0)]> : tensor<2xcomplex<f32>>
  check.expect_eq_const %c, dense<[(1.0, 2.0), (3.0, 4.0)]> : tensor<2xcomplex<f32>>
  func.return
}

// -----

// Upstream has no complex bessel_i1e to match.
// OUT: FAIL @bessel_complex
// ERR: 'chlo.bessel_i1e' on complex numbers: StableHLO's CHLO legalization and XLA have no complex bessel_i1e (they reject it too)
func.func @bessel_complex() {
  %c = stablehlo.constant dense<[(1.0, 2.0)]> : tensor<1xcomplex<f32>>
  %b = chlo.bessel_i1e %c : tensor<1xcomplex<f32>> -> tensor<1xcomplex<f32>>
  func.return
}

// -----

// XLA has no f6 random bits to match.
// OUT: FAIL @rng_bit_generator_f6
// ERR: rng_bit_generator: output element type f6E2M3FN is not supported
func.func @rng_bit_generator_f6() {
  %key = stablehlo.constant dense<[1, 2]> : tensor<2xui64>
  %s, %o = stablehlo.rng_bit_generator %key, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3xf6E2M3FN>)
  func.return
}
