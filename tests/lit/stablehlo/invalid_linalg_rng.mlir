// Verifier and parser errors of cholesky, triangular_solve, rng,
// rng_bit_generator and the batch_norm ops.
// RUN: sdy-opt %s -split-input-file -verify-diagnostics

func.func @main(%a: tensor<3xf32>) {
  // expected-error @+1 {{'stablehlo.cholesky' op operand must have rank >= 2, got rank 1}}
  %0 = stablehlo.cholesky %a : tensor<3xf32>
  return
}

// -----

func.func @main(%a: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'stablehlo.cholesky' op operand must be square in its two minor dimensions, got shape [2, 3, 4]}}
  %0 = stablehlo.cholesky %a, lower = true : tensor<2x3x4xf32>
  return
}

// -----

func.func @main(%a: tensor<3x3xi32>) {
  // expected-error @+1 {{'stablehlo.cholesky' op operand #0 must be statically shaped tensor of floating-point or complex type with 32-bit float or 64-bit float elements values, but got 'tensor<3x3xi32>'}}
  %0 = "stablehlo.cholesky"(%a) : (tensor<3x3xi32>) -> tensor<3x3xi32>
  return
}

// -----

// Complex numbers of f32 and f64 parts only.
func.func @main(%a: tensor<2x2xcomplex<f16>>, %b: tensor<2x1xcomplex<f16>>) {
  // expected-error @+1 {{'stablehlo.triangular_solve' op operand #0 must be statically shaped tensor of floating-point or complex type with 32-bit float or 64-bit float elements values, but got 'tensor<2x2xcomplex<f16>>'}}
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose ADJOINT>} : (tensor<2x2xcomplex<f16>>, tensor<2x1xcomplex<f16>>) -> tensor<2x1xcomplex<f16>>
  return
}

// -----

func.func @main(%a: tensor<3x4xf32>, %b: tensor<3x2xf32>) {
  // expected-error @+2 {{'stablehlo.triangular_solve' op a must be square in its two minor dimensions, got shape [3, 4]}}
  // expected-error @+1 {{'stablehlo.triangular_solve' op failed to infer returned types}}
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x4xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @main(%a: tensor<3x3xf32>, %b: tensor<2x3x2xf32>) {
  // expected-error @+2 {{'stablehlo.triangular_solve' op b must have the rank of a (2), got rank 3}}
  // expected-error @+1 {{'stablehlo.triangular_solve' op failed to infer returned types}}
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x3xf32>, tensor<2x3x2xf32>) -> tensor<2x3x2xf32>
  return
}

// -----

func.func @main(%a: tensor<2x3x3xf32>, %b: tensor<4x3x2xf32>) {
  // expected-error @+2 {{'stablehlo.triangular_solve' op batch dimensions of a and b must match, got [2, 3, 3] and [4, 3, 2]}}
  // expected-error @+1 {{'stablehlo.triangular_solve' op failed to infer returned types}}
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x3x3xf32>, tensor<4x3x2xf32>) -> tensor<4x3x2xf32>
  return
}

// -----

func.func @main(%a: tensor<3x3xf32>, %b: tensor<3x2xf32>) {
  // expected-error @+2 {{'stablehlo.triangular_solve' op dimension 1 of b must equal the size of a (3) when left_side = false, got 2}}
  // expected-error @+1 {{'stablehlo.triangular_solve' op failed to infer returned types}}
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = false, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @main(%a: tensor<3x3xf32>, %b: tensor<3x2xf32>) {
  // expected-error @+2 {{'stablehlo.triangular_solve' op transpose_a must not be TRANSPOSE_INVALID}}
  // expected-error @+1 {{'stablehlo.triangular_solve' op failed to infer returned types}}
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose TRANSPOSE_INVALID>} : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @main(%a: tensor<3x3xf32>, %b: tensor<3x2xf32>) {
  // expected-error @+2 {{'stablehlo.triangular_solve' op inferred type(s) 'tensor<3x2xf32>' are incompatible with return type(s) of operation 'tensor<2x3xf32>'}}
  // expected-error @+1 {{'stablehlo.triangular_solve' op failed to infer returned types}}
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @main(%a: tensor<f32>, %b: tensor<f64>) {
  %s = stablehlo.constant dense<3> : tensor<1xi64>
  // expected-error @+1 {{'stablehlo.rng' op a, b and the result must have the same element type, got 'f32', 'f64' and 'f32'}}
  %0 = stablehlo.rng %a, %b, %s, distribution = UNIFORM : (tensor<f32>, tensor<f64>, tensor<1xi64>) -> tensor<3xf32>
  return
}

// -----

func.func @main(%a: tensor<i32>) {
  %s = stablehlo.constant dense<3> : tensor<1xi64>
  // expected-error @+1 {{'stablehlo.rng' op NORMAL needs a floating-point element type, got 'i32'}}
  %0 = stablehlo.rng %a, %a, %s, distribution = NORMAL : (tensor<i32>, tensor<i32>, tensor<1xi64>) -> tensor<3xi32>
  return
}

// -----

func.func @main(%a: tensor<f32>, %s: tensor<2xi64>) {
  // expected-error @+1 {{'stablehlo.rng' op shape must be a 1-d tensor of 1 elements (the result rank), got 'tensor<2xi64>'}}
  %0 = stablehlo.rng %a, %a, %s, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3xf32>
  return
}

// -----

func.func @main(%a: tensor<f32>) {
  %s = stablehlo.constant dense<4> : tensor<1xi64>
  // expected-error @+1 {{'stablehlo.rng' op shape dense<4> : tensor<1xi64> does not match the result type 'tensor<3xf32>'}}
  %0 = stablehlo.rng %a, %a, %s, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<3xf32>
  return
}

// -----

func.func @main(%a: tensor<f32>, %s: tensor<1xi64>) {
  // expected-error @+1 {{expected one of [UNIFORM, NORMAL] for The distribution of stablehlo.rng., got: POISSON}}
  %0 = stablehlo.rng %a, %a, %s, distribution = POISSON : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<3xf32>
  return
}

// -----

func.func @main(%s: tensor<2xui64>) {
  // expected-error @+1 {{'stablehlo.rng_bit_generator' op output_state type must equal the initial_state type 'tensor<2xui64>', got 'tensor<2xi64>'}}
  %0, %1 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xi64>, tensor<4xui32>)
  return
}

// -----

func.func @main(%s: tensor<3xui64>) {
  // expected-error @+1 {{'stablehlo.rng_bit_generator' op THREE_FRY needs a state of 2 elements, got 3}}
  %0, %1 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<3xui64>) -> (tensor<3xui64>, tensor<4xui32>)
  return
}

// -----

func.func @main(%s: tensor<4xui64>) {
  // expected-error @+1 {{'stablehlo.rng_bit_generator' op PHILOX needs a state of 2 or 3 elements, got 4}}
  %0, %1 = stablehlo.rng_bit_generator %s, algorithm = PHILOX : (tensor<4xui64>) -> (tensor<4xui64>, tensor<4xui32>)
  return
}

// -----

func.func @main(%s: tensor<1xui64>) {
  // expected-error @+1 {{'stablehlo.rng_bit_generator' op DEFAULT needs a state of 2 or 3 elements, got 1}}
  %0, %1 = stablehlo.rng_bit_generator %s, algorithm = DEFAULT : (tensor<1xui64>) -> (tensor<1xui64>, tensor<4xui32>)
  return
}

// -----

func.func @main(%s: tensor<2x1xui64>) {
  // expected-error @+1 {{'stablehlo.rng_bit_generator' op initial_state must be 1-d, got 'tensor<2x1xui64>'}}
  %0, %1 = stablehlo.rng_bit_generator %s, algorithm = DEFAULT : (tensor<2x1xui64>) -> (tensor<2x1xui64>, tensor<4xui32>)
  return
}

// -----

func.func @main(%s: tensor<2xui64>) {
  // expected-error @+1 {{expected one of [DEFAULT, THREE_FRY, PHILOX] for The bit generator of stablehlo.rng_bit_generator., got: MT19937}}
  %0, %1 = stablehlo.rng_bit_generator %s, algorithm = MT19937 : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
  return
}

// -----

func.func @main(%x: tensor<2x3xf32>, %f: tensor<3xf32>) {
  // expected-error @+2 {{'stablehlo.batch_norm_training' op feature_index 2 is out of range [0, 2)}}
  // expected-error @+1 {{'stablehlo.batch_norm_training' op failed to infer returned types}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %f, %f) {epsilon = 1.0e-5 : f32, feature_index = 2 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @main(%x: tensor<2x3xf32>, %f: tensor<3xf32>) {
  // expected-error @+2 {{'stablehlo.batch_norm_training' op feature_index -1 is out of range [0, 2)}}
  // expected-error @+1 {{'stablehlo.batch_norm_training' op failed to infer returned types}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %f, %f) {epsilon = 1.0e-5 : f32, feature_index = -1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @main(%x: tensor<2x3xf32>, %f: tensor<3xf32>, %g: tensor<2xf32>) {
  // expected-error @+2 {{'stablehlo.batch_norm_training' op offset must be of type 'tensor<3xf32>' (the feature dimension of the operand), got 'tensor<2xf32>'}}
  // expected-error @+1 {{'stablehlo.batch_norm_training' op failed to infer returned types}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %f, %g) {epsilon = 1.0e-5 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<2xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @main(%x: tensor<2x3xf32>, %f: tensor<3xf32>, %d: tensor<3xf64>) {
  // expected-error @+2 {{'stablehlo.batch_norm_inference' op variance must be of type 'tensor<3xf32>' (the feature dimension of the operand), got 'tensor<3xf64>'}}
  // expected-error @+1 {{'stablehlo.batch_norm_inference' op failed to infer returned types}}
  %0 = "stablehlo.batch_norm_inference"(%x, %f, %f, %f, %d) {epsilon = 1.0e-5 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf64>) -> tensor<2x3xf32>
  return
}

// -----

func.func @main(%x: tensor<2x3xf32>, %f: tensor<3xf32>) {
  // expected-error @+2 {{'stablehlo.batch_norm_inference' op inferred type(s) 'tensor<2x3xf32>' are incompatible with return type(s) of operation 'tensor<3x2xf32>'}}
  // expected-error @+1 {{'stablehlo.batch_norm_inference' op failed to infer returned types}}
  %0 = "stablehlo.batch_norm_inference"(%x, %f, %f, %f, %f) {epsilon = 1.0e-5 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @main(%x: tensor<2x3xf32>, %f: tensor<3xf32>, %g: tensor<3x2xf32>) {
  // expected-error @+2 {{'stablehlo.batch_norm_grad' op grad_output must have the operand type 'tensor<2x3xf32>'}}
  // expected-error @+1 {{'stablehlo.batch_norm_grad' op failed to infer returned types}}
  %0:3 = "stablehlo.batch_norm_grad"(%x, %f, %f, %f, %g) {epsilon = 1.0e-5 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3x2xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @main(%x: tensor<2x3xf32>, %f: tensor<3xf32>, %m: tensor<3x1xf32>) {
  // expected-error @+2 {{'stablehlo.batch_norm_grad' op mean must be of type 'tensor<3xf32>' (the feature dimension of the operand), got 'tensor<3x1xf32>'}}
  // expected-error @+1 {{'stablehlo.batch_norm_grad' op failed to infer returned types}}
  %0:3 = "stablehlo.batch_norm_grad"(%x, %f, %m, %f, %x) {epsilon = 1.0e-5 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3x1xf32>, tensor<3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

