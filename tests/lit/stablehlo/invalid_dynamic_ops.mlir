// Verifier errors of the shape-operand ops.
// RUN: sdy-opt %s -split-input-file -verify-diagnostics

func.func @main(%a: tensor<1x3xi64>) {
  %s = stablehlo.constant dense<[2, 3, 3]> : tensor<3xi64>
  // expected-error @+1 {{'stablehlo.dynamic_broadcast_in_dim' op output_dimensions [2, 3, 3] disagrees with the result shape [2, 3, 2]}}
  %0 = stablehlo.dynamic_broadcast_in_dim %a, %s, dims = [2, 1] : (tensor<1x3xi64>, tensor<3xi64>) -> tensor<2x3x2xi64>
  return
}

// -----

func.func @main(%a: tensor<1x3xi64>, %s: tensor<2xi64>) {
  // expected-error @+1 {{'stablehlo.dynamic_broadcast_in_dim' op output_dimensions must have 3 elements (one per dimension), got 2}}
  %0 = stablehlo.dynamic_broadcast_in_dim %a, %s, dims = [2, 1] : (tensor<1x3xi64>, tensor<2xi64>) -> tensor<2x3x2xi64>
  return
}

// -----

func.func @main(%a: tensor<2x3xi64>, %s: tensor<3xi64>) {
  // expected-error @+1 {{'stablehlo.dynamic_broadcast_in_dim' op operand dimension 1 of size 3 cannot broadcast to result dimension 2 of size 2}}
  %0 = stablehlo.dynamic_broadcast_in_dim %a, %s, dims = [1, 2] : (tensor<2x3xi64>, tensor<3xi64>) -> tensor<2x2x2xi64>
  return
}

// -----

func.func @main(%a: tensor<1x3xi64>, %s: tensor<3xi64>) {
  // expected-error @+1 {{'stablehlo.dynamic_broadcast_in_dim' op known_expanding_dimensions and known_nonexpanding_dimensions together}}
  %0 = stablehlo.dynamic_broadcast_in_dim %a, %s, dims = [2, 1] {known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 0>} : (tensor<1x3xi64>, tensor<3xi64>) -> tensor<2x3x2xi64>
  return
}

// -----

func.func @main(%s: tensor<2xi64>) {
  // expected-error @+1 {{'stablehlo.dynamic_iota' op iota_dimension 2 is out of range for a result of rank 2}}
  %0 = stablehlo.dynamic_iota %s, dim = 2 : (tensor<2xi64>) -> tensor<4x5xf32>
  return
}

// -----

func.func @main(%s: tensor<2x1xi64>) {
  // expected-error @+1 {{'stablehlo.dynamic_iota' op output_shape must be a 1-D tensor, got 'tensor<2x1xi64>'}}
  %0 = stablehlo.dynamic_iota %s, dim = 0 : (tensor<2x1xi64>) -> tensor<4x5xf32>
  return
}

// -----

func.func @main(%a: tensor<2x3xi64>, %s: tensor<2xi64>) {
  // expected-error @+1 {{'stablehlo.dynamic_reshape' op operand of 6 elements cannot reshape to a result of 8}}
  %0 = stablehlo.dynamic_reshape %a, %s : (tensor<2x3xi64>, tensor<2xi64>) -> tensor<4x2xi64>
  return
}

// -----

func.func @main(%a: tensor<2x3xi64>, %s: tensor<2xi64>) {
  // expected-error @+1 {{'stablehlo.dynamic_reshape' op operand element type 'i64' does not match result element type 'f32'}}
  %0 = stablehlo.dynamic_reshape %a, %s : (tensor<2x3xi64>, tensor<2xi64>) -> tensor<3x2xf32>
  return
}

// -----

func.func @main(%a: tensor<2x3xi64>, %v: tensor<1xi64>, %p: tensor<2xi64>) {
  // expected-error @+1 {{'stablehlo.dynamic_pad' op padding_value must be a 0-D tensor, got 'tensor<1xi64>'}}
  %0 = stablehlo.dynamic_pad %a, %v, %p, %p, %p : (tensor<2x3xi64>, tensor<1xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<5x9xi64>
  return
}

// -----

func.func @main(%a: tensor<2x3xi64>, %p: tensor<3xi64>) {
  // expected-error @+1 {{'stablehlo.real_dynamic_slice' op start_indices must have 2 elements (one per dimension), got 3}}
  %0 = stablehlo.real_dynamic_slice %a, %p, %p, %p : (tensor<2x3xi64>, tensor<3xi64>, tensor<3xi64>, tensor<3xi64>) -> tensor<1x1xi64>
  return
}

// -----

func.func @main(%a: tensor<3x4x2xi64>, %i: tensor<2x3x2xi64>, %s: tensor<2xi64>) {
  // expected-error @+1 {{'stablehlo.dynamic_gather' op slice_sizes must have 3 elements (one per dimension), got 2}}
  %0 = "stablehlo.dynamic_gather"(%a, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>} : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2xi64>) -> tensor<2x3x2x2xi64>
  return
}

// -----

func.func @main(%l: tensor<1x4x4x1xi64>, %k: tensor<3x3x1x1xi64>, %p: tensor<2xi64>) {
  // expected-error @+1 {{'stablehlo.dynamic_conv' op padding must have shape [2, 2], got 'tensor<2xi64>'}}
  %0 = "stablehlo.dynamic_conv"(%l, %k, %p) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x4x4x1xi64>, tensor<3x3x1x1xi64>, tensor<2xi64>) -> tensor<1x2x2x1xi64>
  return
}
