// Round trips of cholesky, triangular_solve, rng, rng_bit_generator and the
// batch_norm ops; the expected lines are what the upstream printer prints
// for the same ops (defaults omitted, generic forms where upstream has no
// pretty one).
// RUN: sdy-opt %s -split-input-file | sdy-opt -split-input-file | FileCheck %s
// RUN: sdy-opt %s -split-input-file -mlir-print-op-generic | sdy-opt -split-input-file | FileCheck %s
// RUN: sdy-opt %s -split-input-file -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @cholesky(
// CHECK-NEXT: %0 = stablehlo.cholesky %arg0, lower = true : tensor<2x3x3xf32>
// CHECK-NEXT: %1 = stablehlo.cholesky %arg0 : tensor<2x3x3xf32>
// CHECK-NEXT: %2 = stablehlo.cholesky %arg0 : tensor<2x3x3xf32>
// GENERIC-LABEL: sym_name = "cholesky"
// GENERIC: %0 = "stablehlo.cholesky"(%arg0) <{lower = true}> : (tensor<2x3x3xf32>) -> tensor<2x3x3xf32>
// GENERIC-NEXT: %1 = "stablehlo.cholesky"(%arg0) <{lower = false}> : (tensor<2x3x3xf32>) -> tensor<2x3x3xf32>
// GENERIC-NEXT: %2 = "stablehlo.cholesky"(%arg0) : (tensor<2x3x3xf32>) -> tensor<2x3x3xf32>
func.func @cholesky(%a: tensor<2x3x3xf32>) -> (tensor<2x3x3xf32>, tensor<2x3x3xf32>, tensor<2x3x3xf32>) {
  %0 = stablehlo.cholesky %a, lower = true : tensor<2x3x3xf32>
  %1 = "stablehlo.cholesky"(%a) {lower = false} : (tensor<2x3x3xf32>) -> tensor<2x3x3xf32>
  %2 = stablehlo.cholesky %a : tensor<2x3x3xf32>
  return %0, %1, %2 : tensor<2x3x3xf32>, tensor<2x3x3xf32>, tensor<2x3x3xf32>
}

// -----

// Complex numbers, as upstream takes them (the oracle's printer prints the
// same lines).
// CHECK-LABEL: func.func @complex_linalg(
// CHECK-NEXT: %0 = stablehlo.cholesky %arg0, lower = true : tensor<2x2xcomplex<f32>>
// CHECK-NEXT: %1 = "stablehlo.triangular_solve"(%arg0, %arg1) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose ADJOINT>, unit_diagonal = false}> : (tensor<2x2xcomplex<f32>>, tensor<2x3xcomplex<f32>>) -> tensor<2x3xcomplex<f32>>
func.func @complex_linalg(%a: tensor<2x2xcomplex<f32>>, %b: tensor<2x3xcomplex<f32>>) -> (tensor<2x2xcomplex<f32>>, tensor<2x3xcomplex<f32>>) {
  %0 = "stablehlo.cholesky"(%a) {lower = true} : (tensor<2x2xcomplex<f32>>) -> tensor<2x2xcomplex<f32>>
  %1 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose ADJOINT>} : (tensor<2x2xcomplex<f32>>, tensor<2x3xcomplex<f32>>) -> tensor<2x3xcomplex<f32>>
  return %0, %1 : tensor<2x2xcomplex<f32>>, tensor<2x3xcomplex<f32>>
}

// -----

// CHECK-LABEL: func.func @triangular_solve(
// CHECK-NEXT: %0 = "stablehlo.triangular_solve"(%arg0, %arg1) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<2x3x3xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: %1 = "stablehlo.triangular_solve"(%arg0, %arg2) <{left_side = false, lower = false, transpose_a = #stablehlo<transpose ADJOINT>, unit_diagonal = true}> : (tensor<2x3x3xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
func.func @triangular_solve(%a: tensor<2x3x3xf32>, %b: tensor<2x3x4xf32>, %c: tensor<2x4x3xf32>) -> (tensor<2x3x4xf32>, tensor<2x4x3xf32>) {
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x3x3xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %1 = "stablehlo.triangular_solve"(%a, %c) {left_side = false, lower = false, unit_diagonal = true, transpose_a = #stablehlo<transpose ADJOINT>} : (tensor<2x3x3xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
  return %0, %1 : tensor<2x3x4xf32>, tensor<2x4x3xf32>
}

// -----

// CHECK-LABEL: func.func @rng(
// CHECK: %0 = stablehlo.rng %arg0, %arg1, %c, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x4xf32>
// CHECK-NEXT: %1 = stablehlo.rng %arg0, %arg1, %c, distribution = NORMAL : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x4xf32>
// CHECK: %2 = stablehlo.rng %arg2, %arg2, %c_0, distribution = UNIFORM : (tensor<i32>, tensor<i32>, tensor<1xi64>) -> tensor<5xi32>
// GENERIC-LABEL: sym_name = "rng"
// GENERIC: "stablehlo.rng"(%arg0, %arg1, %0) <{rng_distribution = #stablehlo<rng_distribution UNIFORM>}> : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x4xf32>
func.func @rng(%lo: tensor<f32>, %hi: tensor<f32>, %i: tensor<i32>) -> (tensor<3x4xf32>, tensor<3x4xf32>, tensor<5xi32>) {
  %shape = stablehlo.constant dense<[3, 4]> : tensor<2xi64>
  %0 = stablehlo.rng %lo, %hi, %shape, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x4xf32>
  %1 = "stablehlo.rng"(%lo, %hi, %shape) {rng_distribution = #stablehlo<rng_distribution NORMAL>} : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x4xf32>
  %shape1 = stablehlo.constant dense<5> : tensor<1xi64>
  %2 = stablehlo.rng %i, %i, %shape1, distribution = UNIFORM : (tensor<i32>, tensor<i32>, tensor<1xi64>) -> tensor<5xi32>
  return %0, %1, %2 : tensor<3x4xf32>, tensor<3x4xf32>, tensor<5xi32>
}

// -----

// CHECK-LABEL: func.func @rng_bit_generator(
// CHECK-NEXT: %output_state, %output = stablehlo.rng_bit_generator %arg0, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x4xui32>)
// CHECK-NEXT: %output_state_0, %output_1 = stablehlo.rng_bit_generator %arg0, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x3xui32>)
// CHECK-NEXT: %output_state_2, %output_3 = stablehlo.rng_bit_generator %arg1, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<5xf64>)
// GENERIC-LABEL: sym_name = "rng_bit_generator"
// GENERIC: %0:2 = "stablehlo.rng_bit_generator"(%arg0) <{rng_algorithm = #stablehlo<rng_algorithm DEFAULT>}> : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x4xui32>)
func.func @rng_bit_generator(%s: tensor<2xui64>, %s3: tensor<3xui64>) -> (tensor<3x4xui32>, tensor<2x3xui32>, tensor<5xf64>) {
  %output_state, %output = stablehlo.rng_bit_generator %s, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x4xui32>)
  %0:2 = "stablehlo.rng_bit_generator"(%s) {rng_algorithm = #stablehlo<rng_algorithm THREE_FRY>} : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x3xui32>)
  %1:2 = stablehlo.rng_bit_generator %s3, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<5xf64>)
  return %output, %0#1, %1#1 : tensor<3x4xui32>, tensor<2x3xui32>, tensor<5xf64>
}

// -----

// CHECK-LABEL: func.func @batch_norm(
// CHECK-NEXT: %output, %batch_mean, %batch_var = "stablehlo.batch_norm_training"(%arg0, %arg1, %arg1) <{epsilon = 9.99999974E-6 : f32, feature_index = 1 : i64}> : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
// CHECK-NEXT: %0 = "stablehlo.batch_norm_inference"(%arg0, %arg1, %arg1, %arg1, %arg1) <{epsilon = 9.99999974E-6 : f32, feature_index = 1 : i64}> : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: %grad_operand, %grad_scale, %grad_offset = "stablehlo.batch_norm_grad"(%arg0, %arg1, %arg1, %arg1, %arg0) <{epsilon = 9.99999974E-6 : f32, feature_index = 1 : i64}> : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
func.func @batch_norm(%x: tensor<2x3x4xf32>, %f: tensor<3xf32>) -> (tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>) {
  %0:3 = "stablehlo.batch_norm_training"(%x, %f, %f) {epsilon = 1.0e-5 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
  %1 = "stablehlo.batch_norm_inference"(%x, %f, %f, %f, %f) {epsilon = 1.0e-5 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  %2:3 = "stablehlo.batch_norm_grad"(%x, %f, %f, %f, %x) {epsilon = 1.0e-5 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0, %1, %2#0 : tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>
}
