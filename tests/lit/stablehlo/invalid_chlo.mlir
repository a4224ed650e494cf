// Verifier errors of the chlo ops (upstream's messages).
// RUN: sdy-opt %s -split-input-file -verify-diagnostics

func.func @main(%a: tensor<4xf32>) {
  // expected-error @+1 {{'chlo.erf' op requires compatible types for all operands and results}}
  %0 = chlo.erf %a : tensor<4xf32> -> tensor<3xf32>
  return
}

// -----

func.func @main(%a: tensor<4xf32>) {
  // expected-error @+1 {{'chlo.sinh' op requires compatible types for all operands and results}}
  %0 = chlo.sinh %a : tensor<4xf32> -> tensor<4xf64>
  return
}

// -----

func.func @main(%a: tensor<4xi32>) {
  // expected-error @+1 {{'chlo.erf' op operand #0 must be statically shaped tensor of floating-point values, but got 'tensor<4xi32>'}}
  %0 = chlo.erf %a : tensor<4xi32> -> tensor<4xi32>
  return
}

// -----

func.func @main(%a: tensor<4xf32>) {
  // expected-error @+1 {{'chlo.erf' op result #0 must be statically shaped tensor of floating-point values, but got 'tensor<?xf32>'}}
  %0 = chlo.erf %a : tensor<4xf32> -> tensor<?xf32>
  return
}

// -----

func.func @main(%a: tensor<4xf32>) {
  // expected-error @+1 {{'chlo.is_inf' op result #0 must be statically shaped tensor of pred (AKA boolean or 1-bit integer) values, but got 'tensor<4xf32>'}}
  %0 = chlo.is_inf %a : tensor<4xf32> -> tensor<4xf32>
  return
}

// -----

func.func @main(%a: tensor<4xf32>) {
  // expected-error @+1 {{'chlo.is_pos_inf' op all non-scalar operands/results must have the same shape and base type}}
  %0 = chlo.is_pos_inf %a : tensor<4xf32> -> tensor<3xi1>
  return
}

// -----

func.func @main(%a: tensor<4xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'chlo.polygamma' op requires compatible types for all operands and results}}
  %0 = chlo.polygamma %a, %b : tensor<4xf32>, tensor<3xf32> -> tensor<4xf32>
  return
}

// -----

func.func @main(%a: tensor<4xf32>) {
  // expected-error @+1 {{'chlo.zeta' op requires compatible types for all operands and results}}
  %0 = chlo.zeta %a, %a : tensor<4xf32>, tensor<4xf32> -> tensor<4xf16>
  return
}

// -----

func.func @main(%a: tensor<4xf32>) {
  // expected-error @+1 {{'chlo.mulhi' op operand #0 must be statically shaped tensor of integer values, but got 'tensor<4xf32>'}}
  %0 = chlo.mulhi %a, %a : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return
}

// -----

func.func @main(%a: tensor<2x8xf32>) {
  // expected-error @+2 {{operand's last dimension must be at least 9}}
  // expected-error @+1 {{'chlo.top_k' op failed to infer returned types}}
  %v, %i = chlo.top_k(%a, k = 9) : tensor<2x8xf32> -> (tensor<2x9xf32>, tensor<2x9xi32>)
  return
}

// -----

func.func @main(%a: tensor<2x8xf32>) {
  // expected-error @+2 {{k must be non-negative, got -1}}
  // expected-error @+1 {{'chlo.top_k' op failed to infer returned types}}
  %v, %i = chlo.top_k(%a, k = -1) : tensor<2x8xf32> -> (tensor<2x0xf32>, tensor<2x0xi32>)
  return
}

// -----

func.func @main(%a: tensor<f32>) {
  // expected-error @+2 {{operand's rank must be at least 1}}
  // expected-error @+1 {{'chlo.top_k' op failed to infer returned types}}
  %v, %i = chlo.top_k(%a, k = 1) : tensor<f32> -> (tensor<f32>, tensor<i32>)
  return
}

// -----

func.func @main(%a: tensor<2x8xf32>) {
  // expected-error @+2 {{'chlo.top_k' op inferred type(s) 'tensor<2x2xf32>', 'tensor<2x2xi32>' are incompatible with return type(s) of operation 'tensor<2x3xf32>', 'tensor<2x2xi32>'}}
  // expected-error @+1 {{'chlo.top_k' op failed to infer returned types}}
  %v, %i = chlo.top_k(%a, k = 2) : tensor<2x8xf32> -> (tensor<2x3xf32>, tensor<2x2xi32>)
  return
}

// -----

func.func @main(%a: tensor<2x8xf32>) {
  // expected-error @+1 {{'chlo.top_k' op result #1 must be statically shaped tensor of 32-bit signless integer values, but got 'tensor<2x2xi64>'}}
  %v, %i = chlo.top_k(%a, k = 2) : tensor<2x8xf32> -> (tensor<2x2xf32>, tensor<2x2xi64>)
  return
}

// -----

func.func @main(%a: tensor<2x8xf32>) {
  // expected-error @+2 {{'chlo.top_k' op inferred type(s) 'tensor<2x2xf32>', 'tensor<2x2xi32>' are incompatible with return type(s) of operation 'tensor<2x2xf16>', 'tensor<2x2xi32>'}}
  // expected-error @+1 {{'chlo.top_k' op failed to infer returned types}}
  %v, %i = chlo.top_k(%a, k = 2) : tensor<2x8xf32> -> (tensor<2x2xf16>, tensor<2x2xi32>)
  return
}

// -----

func.func @main(%a: tensor<2x8xf32>) {
  // expected-error @+1 {{'chlo.top_k' op requires attribute 'k'}}
  %v:2 = "chlo.top_k"(%a) : (tensor<2x8xf32>) -> (tensor<2x2xf32>, tensor<2x2xi32>)
  return
}

// -----

func.func @main(%a: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{'chlo.digamma' op operand #0 must be statically shaped tensor of floating-point values, but got 'tensor<4xcomplex<f32>>'}}
  %0 = chlo.digamma %a : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  return
}
