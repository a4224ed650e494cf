// Verifier errors of the broadcasting chlo ops and constant_like.
// RUN: sdy-opt %s -split-input-file -verify-diagnostics

func.func @main(%a: tensor<2x3xf32>, %b: tensor<2xf32>) {
  // expected-error @+1 {{'chlo.broadcast_add' op operand shapes are not broadcast compatible: 3 vs 2 in result dimension 1}}
  %0 = chlo.broadcast_add %a, %b : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @main(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'chlo.broadcast_add' op broadcast_dimensions size (2) does not match the lower operand rank (1)}}
  %0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @main(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'chlo.broadcast_add' op broadcast_dimensions must be distinct dimensions of the higher-rank operand, got 2}}
  %0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 2>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @main(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'chlo.broadcast_maximum' op result shape must be the broadcast shape [2x3], got 'tensor<3x3xf32>'}}
  %0 = chlo.broadcast_maximum %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<3x3xf32>
  return
}

// -----

func.func @main(%a: tensor<3xf32>, %b: tensor<3xf64>) {
  // expected-error @+1 {{'chlo.broadcast_multiply' op requires operands of the same element type}}
  %0 = chlo.broadcast_multiply %a, %b : (tensor<3xf32>, tensor<3xf64>) -> tensor<3xf32>
  return
}

// -----

func.func @main(%a: tensor<3xf32>) {
  // expected-error @+1 {{'chlo.broadcast_subtract' op result element type must be 'f32'}}
  %0 = chlo.broadcast_subtract %a, %a : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf64>
  return
}

// -----

func.func @main(%a: tensor<3xf32>) {
  // expected-error @+1 {{'chlo.broadcast_complex' op result element type must be 'complex<f32>'}}
  %0 = chlo.broadcast_complex %a, %a : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xcomplex<f64>>
  return
}

// -----

func.func @main(%p: tensor<3xi1>, %a: tensor<3xf32>, %b: tensor<3xf64>) {
  // expected-error @+1 {{'chlo.broadcast_select' op requires on_true, on_false and the result of one element type}}
  %0 = chlo.broadcast_select %p, %a, %b : (tensor<3xi1>, tensor<3xf32>, tensor<3xf64>) -> tensor<3xf32>
  return
}

// -----

func.func @main(%p: tensor<2xi1>, %a: tensor<3xf32>) {
  // expected-error @+1 {{'chlo.broadcast_select' op operand shapes are not broadcast compatible: 2 vs 3 in result dimension 0}}
  %0 = chlo.broadcast_select %p, %a, %a : (tensor<2xi1>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @main(%a: tensor<3xf32>) {
  // expected-error @+1 {{'chlo.constant_like' op requires the result to have the operand's type}}
  %0 = "chlo.constant_like"(%a) {value = 1.0 : f32} : (tensor<3xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @main(%a: tensor<3xf32>) {
  // expected-error @+1 {{'chlo.constant_like' op value's type must be the operand's element type 'f32', got 'f64'}}
  %0 = "chlo.constant_like"(%a) {value = 1.0 : f64} : (tensor<3xf32>) -> tensor<3xf32>
  return
}
