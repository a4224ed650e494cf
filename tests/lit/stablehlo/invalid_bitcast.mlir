// Verifier errors of bitcast_convert.
// RUN: sdy-opt %s -split-input-file -verify-diagnostics

func.func @main(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.bitcast_convert' op operand and result shapes must match for element types of the same width}}
  %0 = stablehlo.bitcast_convert %a : (tensor<4xf32>) -> tensor<2xi32>
  return
}

// -----

func.func @main(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.bitcast_convert' op the result (narrower elements) must have rank 2, got 1}}
  %0 = stablehlo.bitcast_convert %a : (tensor<4xf32>) -> tensor<4xi16>
  return
}

// -----

func.func @main(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.bitcast_convert' op the last dimension of the result must be 2, got 3}}
  %0 = stablehlo.bitcast_convert %a : (tensor<4xf32>) -> tensor<4x3xi16>
  return
}

// -----

func.func @main(%a: tensor<4x2xi16>) {
  // expected-error @+1 {{'stablehlo.bitcast_convert' op the leading dimensions of the operand must equal the other shape}}
  %0 = stablehlo.bitcast_convert %a : (tensor<4x2xi16>) -> tensor<3xf32>
  return
}

// -----

func.func @main(%a: tensor<4x2xi16>) {
  // expected-error @+1 {{'stablehlo.bitcast_convert' op the last dimension of the operand must be 4, got 2}}
  %0 = stablehlo.bitcast_convert %a : (tensor<4x2xi16>) -> tensor<4xi64>
  return
}
