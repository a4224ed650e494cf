// Verifier and parser errors of the shape ops.
// RUN: sdy-opt %s -split-input-file -verify-diagnostics

func.func @main(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.broadcast_in_dim' op broadcast_dimensions [0, 1] has size 2 but the operand has rank 1}}
  %0 = stablehlo.broadcast_in_dim %a, dims = [0, 1] : (tensor<4xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.broadcast_in_dim' op broadcast_dimensions [2] has dimension 2 out of range [0, 2)}}
  %0 = stablehlo.broadcast_in_dim %a, dims = [2] : (tensor<4xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x4xf32>) {
  // expected-error @+1 {{'stablehlo.broadcast_in_dim' op broadcast_dimensions [1, 1] has duplicate dimension 1}}
  %0 = stablehlo.broadcast_in_dim %a, dims = [1, 1] : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @main(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.broadcast_in_dim' op operand dimension 0 of size 4 cannot be broadcast to result dimension 1 of size 8}}
  %0 = stablehlo.broadcast_in_dim %a, dims = [1] : (tensor<4xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.broadcast_in_dim' op operand element type 'f32' does not match result element type 'i32'}}
  %0 = stablehlo.broadcast_in_dim %a, dims = [0] : (tensor<4xf32>) -> tensor<4x8xi32>
  return
}

// -----

func.func @main(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.reshape' op operand has 4 elements but the result has 6}}
  %0 = stablehlo.reshape %a : (tensor<4xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @main(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.reshape' op operand element type 'f32' does not match result element type 'f64'}}
  %0 = stablehlo.reshape %a : (tensor<4xf32>) -> tensor<2x2xf64>
  return
}

// -----

func.func @main(%a: tensor<2x3xf32>) {
  // expected-error @+2 {{'stablehlo.transpose' op permutation [1, 1] is not a permutation of [0, 2)}}
  // expected-error @+1 {{'stablehlo.transpose' op failed to infer returned types}}
  %0 = stablehlo.transpose %a, dims = [1, 1] : (tensor<2x3xf32>) -> tensor<3x3xf32>
  return
}

// -----

func.func @main(%a: tensor<2x3xf32>) {
  // expected-error @+2 {{'stablehlo.transpose' op permutation [0, 2] is not a permutation of [0, 2)}}
  // expected-error @+1 {{'stablehlo.transpose' op failed to infer returned types}}
  %0 = stablehlo.transpose %a, dims = [0, 2] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @main(%a: tensor<2x3xf32>) {
  // expected-error @+2 {{'stablehlo.transpose' op permutation [1, 0, 2] has size 3 but the operand has rank 2}}
  // expected-error @+1 {{'stablehlo.transpose' op failed to infer returned types}}
  %0 = stablehlo.transpose %a, dims = [1, 0, 2] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @main(%a: tensor<2x3xf32>) {
  // expected-error @+2 {{'stablehlo.transpose' op inferred type(s) 'tensor<3x2xf32>' are incompatible with return type(s) of operation 'tensor<2x3xf32>'}}
  // expected-error @+1 {{'stablehlo.transpose' op failed to infer returned types}}
  %0 = stablehlo.transpose %a, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @main(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'stablehlo.transpose' op requires attribute 'permutation'}}
  %0 = "stablehlo.transpose"(%a) : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @main(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) {
  // expected-error @+2 {{'stablehlo.concatenate' op dimension 2 is out of range [0, 2)}}
  // expected-error @+1 {{'stablehlo.concatenate' op failed to infer returned types}}
  %0 = stablehlo.concatenate %a, %b, dim = 2 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
  return
}

// -----

func.func @main(%a: tensor<2x3xf32>, %b: tensor<2x4xf32>) {
  // expected-error @+2 {{'stablehlo.concatenate' op input #1 has size 4 in dimension 1 but input #0 has size 3}}
  // expected-error @+1 {{'stablehlo.concatenate' op failed to infer returned types}}
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @main(%a: tensor<2x3xf32>, %b: tensor<6xf32>) {
  // expected-error @+2 {{'stablehlo.concatenate' op input #1 has rank 1 but input #0 has rank 2}}
  // expected-error @+1 {{'stablehlo.concatenate' op failed to infer returned types}}
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2x3xf32>, tensor<6xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @main(%a: tensor<2x3xf32>, %b: tensor<2x3xi32>) {
  // expected-error @+1 {{'stablehlo.concatenate' op requires the same element type for all operands and results}}
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2x3xf32>, tensor<2x3xi32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @main(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) {
  // expected-error @+2 {{'stablehlo.concatenate' op inferred type(s) 'tensor<4x3xf32>' are incompatible with return type(s) of operation 'tensor<5x3xf32>'}}
  // expected-error @+1 {{'stablehlo.concatenate' op failed to infer returned types}}
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<5x3xf32>
  return
}

// -----

func.func @main() {
  // expected-error @+1 {{'stablehlo.concatenate' op expected 1 or more operands, but found 0}}
  %0 = "stablehlo.concatenate"() {dimension = 0 : i64} : () -> tensor<2xf32>
  return
}

// -----

func.func @main(%a: tensor<8x8xf32>) {
  // expected-error @+2 {{'stablehlo.slice' op limit index 9 is larger than the size 8 of dimension 0}}
  // expected-error @+1 {{'stablehlo.slice' op failed to infer returned types}}
  %0 = stablehlo.slice %a [0:9, 0:8] : (tensor<8x8xf32>) -> tensor<9x8xf32>
  return
}

// -----

func.func @main(%a: tensor<8x8xf32>) {
  // expected-error @+2 {{'stablehlo.slice' op stride 0 must be positive in dimension 1}}
  // expected-error @+1 {{'stablehlo.slice' op failed to infer returned types}}
  %0 = stablehlo.slice %a [0:8, 0:8:0] : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return
}

// -----

func.func @main(%a: tensor<8x8xf32>) {
  // expected-error @+2 {{'stablehlo.slice' op start index 5 is larger than limit index 4 in dimension 0}}
  // expected-error @+1 {{'stablehlo.slice' op failed to infer returned types}}
  %0 = stablehlo.slice %a [5:4, 0:8] : (tensor<8x8xf32>) -> tensor<0x8xf32>
  return
}

// -----

func.func @main(%a: tensor<8x8xf32>) {
  // expected-error @+2 {{'stablehlo.slice' op start_indices has size 1 but the operand has rank 2}}
  // expected-error @+1 {{'stablehlo.slice' op failed to infer returned types}}
  %0 = stablehlo.slice %a [0:4] : (tensor<8x8xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%a: tensor<8x8xf32>) {
  // expected-error @+2 {{'stablehlo.slice' op negative start index -1 in dimension 0}}
  // expected-error @+1 {{'stablehlo.slice' op failed to infer returned types}}
  %0 = stablehlo.slice %a [-1:4, 0:8] : (tensor<8x8xf32>) -> tensor<5x8xf32>
  return
}

// -----

func.func @main(%a: tensor<8x8xf32>) {
  // expected-error @+2 {{'stablehlo.slice' op inferred type(s) 'tensor<4x3xf32>' are incompatible with return type(s) of operation 'tensor<4x2xf32>'}}
  // expected-error @+1 {{'stablehlo.slice' op failed to infer returned types}}
  %0 = stablehlo.slice %a [0:4, 0:8:3] : (tensor<8x8xf32>) -> tensor<4x2xf32>
  return
}

// -----

func.func @main(%a: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+2 {{'stablehlo.pad' op interior padding -1 must be non-negative in dimension 0}}
  // expected-error @+1 {{'stablehlo.pad' op failed to infer returned types}}
  %0 = stablehlo.pad %a, %z, low = [0], high = [0], interior = [-1] : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%a: tensor<4xf32>, %z: tensor<1xf32>) {
  // expected-error @+2 {{'stablehlo.pad' op padding value must be rank-0, got 'tensor<1xf32>'}}
  // expected-error @+1 {{'stablehlo.pad' op failed to infer returned types}}
  %0 = stablehlo.pad %a, %z, low = [0], high = [0], interior = [0] : (tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%a: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+2 {{'stablehlo.pad' op edge_padding_low has size 2 but the operand has rank 1}}
  // expected-error @+1 {{'stablehlo.pad' op failed to infer returned types}}
  %0 = stablehlo.pad %a, %z, low = [0, 0], high = [0], interior = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%a: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+2 {{'stablehlo.pad' op padding makes dimension 0 negative (-2)}}
  // expected-error @+1 {{'stablehlo.pad' op failed to infer returned types}}
  %0 = stablehlo.pad %a, %z, low = [-3], high = [-3], interior = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<0xf32>
  return
}

// -----

func.func @main(%a: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+2 {{'stablehlo.pad' op inferred type(s) 'tensor<9xf32>' are incompatible with return type(s) of operation 'tensor<6xf32>'}}
  // expected-error @+1 {{'stablehlo.pad' op failed to infer returned types}}
  %0 = stablehlo.pad %a, %z, low = [1], high = [1], interior = [1] : (tensor<4xf32>, tensor<f32>) -> tensor<6xf32>
  return
}

// -----

func.func @main(%a: tensor<4xf32>, %z: tensor<i32>) {
  // expected-error @+1 {{'stablehlo.pad' op requires the same element type for all operands and results}}
  %0 = stablehlo.pad %a, %z, low = [1], high = [1], interior = [0] : (tensor<4xf32>, tensor<i32>) -> tensor<6xf32>
  return
}

// -----

func.func @main(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'stablehlo.reverse' op dimensions [0, 0] has duplicate dimension 0}}
  %0 = stablehlo.reverse %a, dims = [0, 0] : tensor<2x3xf32>
  return
}

// -----

func.func @main(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'stablehlo.reverse' op dimensions [2] has dimension 2 out of range [0, 2)}}
  %0 = stablehlo.reverse %a, dims = [2] : tensor<2x3xf32>
  return
}

// -----

func.func @main() {
  // expected-error @+1 {{'stablehlo.iota' op iota dimension 1 is out of range [0, 1)}}
  %0 = stablehlo.iota dim = 1 : tensor<4xi32>
  return
}

// -----

func.func @main() {
  // expected-error @+1 {{'stablehlo.iota' op result must have rank at least 1}}
  %0 = stablehlo.iota dim = 0 : tensor<i32>
  return
}

// -----

func.func @main() {
  // expected-error @+1 {{'stablehlo.iota' op attribute 'iota_dimension' failed to satisfy constraint: 64-bit signless integer attribute whose value is non-negative}}
  %0 = stablehlo.iota dim = -1 : tensor<4xi32>
  return
}

// -----

func.func @main() {
  // expected-error @+1 {{'stablehlo.iota' op result #0 must be statically shaped tensor of integer or floating-point or complex type with 32-bit float or 64-bit float elements values, but got 'tensor<4xi1>'}}
  %0 = stablehlo.iota dim = 0 : tensor<4xi1>
  return
}

// -----

func.func @main() {
  // expected-error @+2 {{'stablehlo.constant' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<2xf32>'}}
  // expected-error @+1 {{'stablehlo.constant' op failed to infer returned types}}
  %0 = "stablehlo.constant"() {value = dense<1.0> : tensor<4xf32>} : () -> tensor<2xf32>
  return
}

// -----

func.func @main() {
  // expected-error @+1 {{'stablehlo.constant' op result #0 must be statically shaped tensor of pred, integer, floating-point or complex values, but got 'tensor<4xi3>'}}
  %0 = stablehlo.constant dense<1> : tensor<4xi3>
  return
}

// -----

func.func @main(%a: tensor<8xf32>, %i: tensor<i32>) {
  // expected-error @+2 {{'stablehlo.dynamic_slice' op has 2 start indices but the operand has rank 1}}
  // expected-error @+1 {{'stablehlo.dynamic_slice' op failed to infer returned types}}
  %0 = stablehlo.dynamic_slice %a, %i, %i, sizes = [2] : (tensor<8xf32>, tensor<i32>, tensor<i32>) -> tensor<2xf32>
  return
}

// -----

func.func @main(%a: tensor<8xf32>, %i: tensor<i32>) {
  // expected-error @+2 {{'stablehlo.dynamic_slice' op slice size 9 is larger than the size 8 of dimension 0}}
  // expected-error @+1 {{'stablehlo.dynamic_slice' op failed to infer returned types}}
  %0 = stablehlo.dynamic_slice %a, %i, sizes = [9] : (tensor<8xf32>, tensor<i32>) -> tensor<9xf32>
  return
}

// -----

func.func @main(%a: tensor<8xf32>, %i: tensor<1xi32>) {
  // expected-error @+1 {{'stablehlo.dynamic_slice' op operand #1 must be variadic of 0D tensor of integer values, but got 'tensor<1xi32>'}}
  %0 = stablehlo.dynamic_slice %a, %i, sizes = [2] : (tensor<8xf32>, tensor<1xi32>) -> tensor<2xf32>
  return
}

// -----

func.func @main(%a: tensor<8xf32>, %i: tensor<f32>) {
  // expected-error @+1 {{'stablehlo.dynamic_slice' op operand #1 must be variadic of 0D tensor of integer values, but got 'tensor<f32>'}}
  %0 = stablehlo.dynamic_slice %a, %i, sizes = [2] : (tensor<8xf32>, tensor<f32>) -> tensor<2xf32>
  return
}

// -----

func.func @main(%a: tensor<8xf32>, %i: tensor<i32>) {
  // expected-error @+2 {{'stablehlo.dynamic_slice' op slice_sizes [2, 1] has size 2 but the operand has rank 1}}
  // expected-error @+1 {{'stablehlo.dynamic_slice' op failed to infer returned types}}
  %0 = stablehlo.dynamic_slice %a, %i, sizes = [2, 1] : (tensor<8xf32>, tensor<i32>) -> tensor<2xf32>
  return
}

// -----

func.func @main(%a: tensor<8xf32>, %i: tensor<i32>) {
  // expected-error @+2 {{'stablehlo.dynamic_slice' op inferred type(s) 'tensor<2xf32>' are incompatible with return type(s) of operation 'tensor<3xf32>'}}
  // expected-error @+1 {{'stablehlo.dynamic_slice' op failed to infer returned types}}
  %0 = stablehlo.dynamic_slice %a, %i, sizes = [2] : (tensor<8xf32>, tensor<i32>) -> tensor<3xf32>
  return
}

// -----

func.func @main(%a: tensor<4x4xf32>, %u: tensor<5x2xf32>, %i: tensor<i32>) {
  // expected-error @+2 {{'stablehlo.dynamic_update_slice' op update size 5 is larger than the size 4 of dimension 0}}
  // expected-error @+1 {{'stablehlo.dynamic_update_slice' op failed to infer returned types}}
  %0 = stablehlo.dynamic_update_slice %a, %u, %i, %i : (tensor<4x4xf32>, tensor<5x2xf32>, tensor<i32>, tensor<i32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @main(%a: tensor<4x4xf32>, %u: tensor<2x2xf32>, %i: tensor<i32>, %j: tensor<i64>) {
  // expected-error @+2 {{'stablehlo.dynamic_update_slice' op start index #1 has type 'tensor<i64>' but start index #0 has type 'tensor<i32>'}}
  // expected-error @+1 {{'stablehlo.dynamic_update_slice' op failed to infer returned types}}
  %0 = stablehlo.dynamic_update_slice %a, %u, %i, %j : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<i32>, tensor<i64>) -> tensor<4x4xf32>
  return
}

// -----

func.func @main(%a: tensor<4x4xf32>, %u: tensor<2xf32>, %i: tensor<i32>) {
  // expected-error @+2 {{'stablehlo.dynamic_update_slice' op update has rank 1 but the operand has rank 2}}
  // expected-error @+1 {{'stablehlo.dynamic_update_slice' op failed to infer returned types}}
  %0 = stablehlo.dynamic_update_slice %a, %u, %i, %i : (tensor<4x4xf32>, tensor<2xf32>, tensor<i32>, tensor<i32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @main(%a: tensor<4x4xf32>, %u: tensor<2x2xf32>, %i: tensor<i32>) {
  // expected-error @+2 {{'stablehlo.dynamic_update_slice' op has 1 start indices but the operand has rank 2}}
  // expected-error @+1 {{'stablehlo.dynamic_update_slice' op failed to infer returned types}}
  %0 = stablehlo.dynamic_update_slice %a, %u, %i : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<i32>) -> tensor<4x4xf32>
  return
}
