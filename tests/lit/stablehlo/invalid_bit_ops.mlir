// Verifier and parser errors of shifts, bit counts, rounding ops and
// get_dimension_size.
// RUN: sdy-opt %s -split-input-file -verify-diagnostics

func.func @main(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.shift_left' op operand #0 must be}}
  %0 = stablehlo.shift_left %a, %a : tensor<4xf32>
  return
}

// -----

func.func @main(%a: tensor<4xi1>) {
  // expected-error @+1 {{'stablehlo.popcnt' op operand #0 must be}}
  %0 = stablehlo.popcnt %a : tensor<4xi1>
  return
}

// -----

func.func @main(%a: tensor<4xi32>) {
  // expected-error @+1 {{'stablehlo.round_nearest_afz' op operand #0 must be}}
  %0 = stablehlo.round_nearest_afz %a : tensor<4xi32>
  return
}

// -----

func.func @main(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.reduce_precision' op attribute 'exponent_bits' failed to satisfy constraint: 32-bit signless integer attribute whose value is positive}}
  %0 = stablehlo.reduce_precision %a, format = e0m10 : tensor<4xf32>
  return
}

// -----

func.func @main(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.reduce_precision' op attribute 'mantissa_bits' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative}}
  %0 = "stablehlo.reduce_precision"(%a) {exponent_bits = 2 : i32, mantissa_bits = -1 : i32} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%a: tensor<4xf32>) {
  // expected-error @+1 {{expected exponent mantissa in format e#m#, saw x5m10}}
  %0 = stablehlo.reduce_precision %a, format = x5m10 : tensor<4xf32>
  return
}

// -----

func.func @main(%a: tensor<4xi32>) {
  // expected-error @+1 {{'stablehlo.reduce_precision' op operand #0 must be}}
  %0 = stablehlo.reduce_precision %a, format = e5m10 : tensor<4xi32>
  return
}

// -----

func.func @main(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.get_dimension_size' op requires dimension attribute in range [0, 1); found (1)}}
  %0 = stablehlo.get_dimension_size %a, dim = 1 : (tensor<4xf32>) -> tensor<i32>
  return
}

// -----

func.func @main(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.get_dimension_size' op result #0 must be}}
  %0 = stablehlo.get_dimension_size %a, dim = 0 : (tensor<4xf32>) -> tensor<i64>
  return
}
