// Verifier errors of mhlo.topk (upstream's messages).
// RUN: sdy-opt %s -split-input-file -verify-diagnostics

func.func @main(%a: tensor<2x8xf32>) {
  // expected-error @+2 {{operand's last dimension must be at least 9}}
  // expected-error @+1 {{'mhlo.topk' op failed to infer returned types}}
  %v, %i = mhlo.topk(%a, k = 9) : tensor<2x8xf32> -> (tensor<2x9xf32>, tensor<2x9xi32>)
  return
}

// -----

func.func @main(%a: tensor<2x8xf32>) {
  // expected-error @+2 {{k must be non-negative, got -1}}
  // expected-error @+1 {{'mhlo.topk' op failed to infer returned types}}
  %v, %i = mhlo.topk(%a, k = -1, largest = false) : tensor<2x8xf32> -> (tensor<2x0xf32>, tensor<2x0xi32>)
  return
}

// -----

func.func @main(%a: tensor<f32>) {
  // expected-error @+2 {{operand's rank must be at least 1}}
  // expected-error @+1 {{'mhlo.topk' op failed to infer returned types}}
  %v, %i = mhlo.topk(%a, k = 1) : tensor<f32> -> (tensor<f32>, tensor<i32>)
  return
}

// -----

func.func @main(%a: tensor<2x8xf32>) {
  // expected-error @+2 {{'mhlo.topk' op inferred type(s) 'tensor<2x2xf32>', 'tensor<2x2xi32>' are incompatible with return type(s) of operation 'tensor<2x3xf32>', 'tensor<2x2xi32>'}}
  // expected-error @+1 {{'mhlo.topk' op failed to infer returned types}}
  %v, %i = mhlo.topk(%a, k = 2) : tensor<2x8xf32> -> (tensor<2x3xf32>, tensor<2x2xi32>)
  return
}

// -----

func.func @main(%a: tensor<2x8xf32>) {
  // expected-error @+1 {{'mhlo.topk' op result #1 must be statically shaped tensor of 32-bit signless integer values, but got 'tensor<2x2xi64>'}}
  %v, %i = mhlo.topk(%a, k = 2) : tensor<2x8xf32> -> (tensor<2x2xf32>, tensor<2x2xi64>)
  return
}

// -----

func.func @main(%a: tensor<2x8xf32>) {
  // expected-error @+1 {{invalid properties {k = 2 : i64, largest = 1 : i64} for op mhlo.topk: Invalid attribute `largest` in property conversion: 1 : i64}}
  %v, %i = "mhlo.topk"(%a) <{k = 2 : i64, largest = 1 : i64}> : (tensor<2x8xf32>) -> (tensor<2x2xf32>, tensor<2x2xi32>)
  return
}
