// Element types the spec (and upstream's verifier) leaves out of an op.
// RUN: sdy-opt %s -split-input-file -verify-diagnostics

// remainder has no complex form.
func.func @main(%a: tensor<3xcomplex<f32>>) {
  // expected-error @+1 {{'stablehlo.remainder' op operand #0 must be statically shaped tensor of integer or floating-point values, but got 'tensor<3xcomplex<f32>>'}}
  %0 = stablehlo.remainder %a, %a : tensor<3xcomplex<f32>>
  return
}

// -----

func.func @main(%a: tensor<3xcomplex<f32>>) {
  // expected-error @+1 {{'chlo.erf' op operand #0 must be statically shaped tensor of floating-point values, but got 'tensor<3xcomplex<f32>>'}}
  %0 = chlo.erf %a : tensor<3xcomplex<f32>> -> tensor<3xcomplex<f32>>
  return
}

// -----

func.func @main(%a: tensor<3xcomplex<f32>>) {
  // expected-error @+1 {{'chlo.lgamma' op operand #0 must be statically shaped tensor of floating-point values, but got 'tensor<3xcomplex<f32>>'}}
  %0 = chlo.lgamma %a : tensor<3xcomplex<f32>> -> tensor<3xcomplex<f32>>
  return
}

// -----

func.func @main(%a: tensor<3xcomplex<f32>>) {
  // expected-error @+1 {{'chlo.is_inf' op operand #0 must be statically shaped tensor of floating-point values, but got 'tensor<3xcomplex<f32>>'}}
  %0 = chlo.is_inf %a : tensor<3xcomplex<f32>> -> tensor<3xi1>
  return
}

// -----

func.func @main(%a: tensor<3xcomplex<f32>>) {
  // expected-error @+1 {{'stablehlo.round_nearest_afz' op operand #0 must be statically shaped tensor of floating-point values, but got 'tensor<3xcomplex<f32>>'}}
  %0 = stablehlo.round_nearest_afz %a : tensor<3xcomplex<f32>>
  return
}

// -----

// rng_bit_generator makes integers or floats, not booleans.
func.func @main(%k: tensor<2xui64>) {
  // expected-error @+1 {{'stablehlo.rng_bit_generator' op result #1 must be statically shaped tensor of integer or floating-point values, but got 'tensor<3xi1>'}}
  %s, %o = stablehlo.rng_bit_generator %k, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3xi1>)
  return
}
