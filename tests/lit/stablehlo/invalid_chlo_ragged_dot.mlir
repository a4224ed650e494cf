// Verifier errors of chlo.ragged_dot (upstream's messages; group_sizes of
// rank > 1 are not supported).
// RUN: sdy-opt %s -split-input-file -verify-diagnostics

func.func @f(%a: tensor<6x4xf32>, %b: tensor<3x4x5xf32>, %g: tensor<3xi32>) -> tensor<6x6xf32> {
  // expected-error @+1 {{inferred shape '[6, 5]' is incompatible with return type of operation 'tensor<6x6xf32>'}}
  %0 = "chlo.ragged_dot"(%a, %b, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<6x4xf32>, tensor<3x4x5xf32>, tensor<3xi32>) -> tensor<6x6xf32>
  return %0 : tensor<6x6xf32>
}

// -----

func.func @f(%a: tensor<6x4xf32>, %b: tensor<3x4x5xf32>, %g: tensor<3xi32>) -> tensor<6x5xf32> {
  // expected-error @+1 {{There must be exactly one ragged dimension in the lhs.}}
  %0 = "chlo.ragged_dot"(%a, %b, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0, 1], rhs_group_dimensions = [0]>}> : (tensor<6x4xf32>, tensor<3x4x5xf32>, tensor<3xi32>) -> tensor<6x5xf32>
  return %0 : tensor<6x5xf32>
}

// -----

func.func @f(%a: tensor<6x4xf32>, %b: tensor<3x4x5xf32>, %g: tensor<3xi32>) -> tensor<6x5xf32> {
  // expected-error @+1 {{Expects lhs_ragged_dim to be in range [0, lhs_rank) i.e. [0, 2). got: 2.}}
  %0 = "chlo.ragged_dot"(%a, %b, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [2], rhs_group_dimensions = [0]>}> : (tensor<6x4xf32>, tensor<3x4x5xf32>, tensor<3xi32>) -> tensor<6x5xf32>
  return %0 : tensor<6x5xf32>
}

// -----

func.func @f(%a: tensor<6x4xf32>, %b: tensor<3x4x5xf32>, %g: tensor<3xi32>) -> tensor<6x5xf32> {
  // expected-error @+1 {{There must be exactly one group dimension in the rhs when the lhs ragged dimension is non-contracting.}}
  %0 = "chlo.ragged_dot"(%a, %b, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0]>}> : (tensor<6x4xf32>, tensor<3x4x5xf32>, tensor<3xi32>) -> tensor<6x5xf32>
  return %0 : tensor<6x5xf32>
}

// -----

func.func @f(%a: tensor<6x4xf32>, %b: tensor<3x4x5xf32>, %g: tensor<2xi32>) -> tensor<6x5xf32> {
  // expected-error @+1 {{rhs group dimension is expected to have size=2, got 3}}
  %0 = "chlo.ragged_dot"(%a, %b, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<6x4xf32>, tensor<3x4x5xf32>, tensor<2xi32>) -> tensor<6x5xf32>
  return %0 : tensor<6x5xf32>
}

// -----

func.func @f(%a: tensor<6x4xf32>, %b: tensor<3x3x5xf32>, %g: tensor<3xi32>) -> tensor<6x5xf32> {
  // expected-error @+1 {{contracting dimension sizes must match for lhs/rhs}}
  %0 = "chlo.ragged_dot"(%a, %b, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<6x4xf32>, tensor<3x3x5xf32>, tensor<3xi32>) -> tensor<6x5xf32>
  return %0 : tensor<6x5xf32>
}

// -----

func.func @f(%a: tensor<6x4xf32>, %b: tensor<3x4x5xf32>, %g: tensor<3xi32>) -> tensor<3x6x5xf32> {
  // expected-error @+1 {{There must be zero group dimensions in the rhs when the ragged dimension is batch or contracting.}}
  %0 = "chlo.ragged_dot"(%a, %b, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [1], rhs_group_dimensions = [0]>}> : (tensor<6x4xf32>, tensor<3x4x5xf32>, tensor<3xi32>) -> tensor<3x6x5xf32>
  return %0 : tensor<3x6x5xf32>
}

// -----

func.func @f(%a: tensor<2x6x4xf32>, %b: tensor<2x3x4x5xf32>, %g: tensor<2x3xi32>) -> tensor<2x6x5xf32> {
  // expected-error @+1 {{expected group_sizes to have rank 1, got 2 (group sizes per batch are not supported)}}
  %0 = "chlo.ragged_dot"(%a, %b, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2], lhs_ragged_dimensions = [1], rhs_group_dimensions = [1]>}> : (tensor<2x6x4xf32>, tensor<2x3x4x5xf32>, tensor<2x3xi32>) -> tensor<2x6x5xf32>
  return %0 : tensor<2x6x5xf32>
}

// -----

func.func @f(%a: tensor<6x4xf32>, %b: tensor<3x4x5xf32>, %g: tensor<3xi32>) -> tensor<6x5xf32> {
  // expected-error @+1 {{expects precision config to be empty or have <= 2 elements, got 3}}
  %0 = "chlo.ragged_dot"(%a, %b, %g) <{precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>, #chlo<precision DEFAULT>], ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<6x4xf32>, tensor<3x4x5xf32>, tensor<3xi32>) -> tensor<6x5xf32>
  return %0 : tensor<6x5xf32>
}

// -----

func.func @f(%a: tensor<6x4xf32>, %b: tensor<3x4x5xf32>, %g: tensor<3xi32>) -> tensor<6x5xf32> {
  // expected-error @+1 {{lhs and rhs should have the same number of contracting dimensions}}
  %0 = "chlo.ragged_dot"(%a, %b, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1, 2], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<6x4xf32>, tensor<3x4x5xf32>, tensor<3xi32>) -> tensor<6x5xf32>
  return %0 : tensor<6x5xf32>
}

// -----

func.func @f(%a: tensor<6x4xf32>, %b: tensor<3x4x5xf32>, %g: tensor<3xi32>) -> tensor<6x5xf32> {
  // expected-error @+1 {{has duplicated dimension from rhs_group_dimensions and rhs_contracting_dimensions: 1}}
  %0 = "chlo.ragged_dot"(%a, %b, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [1]>}> : (tensor<6x4xf32>, tensor<3x4x5xf32>, tensor<3xi32>) -> tensor<6x5xf32>
  return %0 : tensor<6x5xf32>
}

// -----

func.func @f(%a: tensor<2x6x4xf32>, %b: tensor<3x4x5xf32>, %g: tensor<3xi32>) -> tensor<2x6x5xf32> {
  // expected-error @+1 {{lhs and rhs should have the same number of batching dimensions}}
  %0 = "chlo.ragged_dot"(%a, %b, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [1], rhs_group_dimensions = [0]>}> : (tensor<2x6x4xf32>, tensor<3x4x5xf32>, tensor<3xi32>) -> tensor<2x6x5xf32>
  return %0 : tensor<2x6x5xf32>
}

// -----

func.func @f(%a: tensor<2x6x4xf32>, %b: tensor<3x3x4x5xf32>, %g: tensor<3xi32>) -> tensor<2x6x5xf32> {
  // expected-error @+1 {{batching dimension sizes must match for lhs/rhs}}
  %0 = "chlo.ragged_dot"(%a, %b, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2], lhs_ragged_dimensions = [1], rhs_group_dimensions = [1]>}> : (tensor<2x6x4xf32>, tensor<3x3x4x5xf32>, tensor<3xi32>) -> tensor<2x6x5xf32>
  return %0 : tensor<2x6x5xf32>
}

// -----

func.func @f(%a: tensor<6x4xf32>, %b: tensor<3x4x5xf32>, %g: tensor<3xi32>) -> tensor<6x5xf32> {
  // expected-error @+1 {{lhs_contracting_dimensions value: 2 is out of range: [0, 2)}}
  %0 = "chlo.ragged_dot"(%a, %b, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<6x4xf32>, tensor<3x4x5xf32>, tensor<3xi32>) -> tensor<6x5xf32>
  return %0 : tensor<6x5xf32>
}

// -----

func.func @f(%a: tensor<6x4xf32>, %b: tensor<3x4x5xf32>, %g: tensor<3xi32>) -> tensor<6x5xf32> {
  // expected-error @+1 {{rhs_contracting_dimensions value: 5 is out of range: [0, 3)}}
  %0 = "chlo.ragged_dot"(%a, %b, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [5], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<6x4xf32>, tensor<3x4x5xf32>, tensor<3xi32>) -> tensor<6x5xf32>
  return %0 : tensor<6x5xf32>
}

// -----

func.func @f(%a: tensor<6x4xf32>, %b: tensor<3x4x5xf32>, %g: tensor<3xi32>) -> tensor<6x5xf32> {
  // expected-error @+1 {{rhs_group_dimensions value: 3 is out of range: [0, 3)}}
  %0 = "chlo.ragged_dot"(%a, %b, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [3]>}> : (tensor<6x4xf32>, tensor<3x4x5xf32>, tensor<3xi32>) -> tensor<6x5xf32>
  return %0 : tensor<6x5xf32>
}

// -----

func.func @f(%a: tensor<2x6x4xf32>, %b: tensor<2x3x4x5xf32>, %g: tensor<3xi32>) -> tensor<2x6x5xf32> {
  // expected-error @+1 {{has duplicated dimension from lhs_batching_dimensions and lhs_contracting_dimensions: 0}}
  %0 = "chlo.ragged_dot"(%a, %b, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [2], lhs_ragged_dimensions = [1], rhs_group_dimensions = [1]>}> : (tensor<2x6x4xf32>, tensor<2x3x4x5xf32>, tensor<3xi32>) -> tensor<2x6x5xf32>
  return %0 : tensor<2x6x5xf32>
}

// -----

func.func @f(%a: tensor<6x4xf32>, %b: tensor<3x4x5xf32>, %g: tensor<3xf32>) -> tensor<6x5xf32> {
  // expected-error @+1 {{'chlo.ragged_dot' op operand #2 must be statically shaped tensor of integer values, but got 'tensor<3xf32>'}}
  %0 = "chlo.ragged_dot"(%a, %b, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<6x4xf32>, tensor<3x4x5xf32>, tensor<3xf32>) -> tensor<6x5xf32>
  return %0 : tensor<6x5xf32>
}

// -----

func.func @f(%a: tensor<6x4xf32>, %b: tensor<3x4x5xf32>, %g: tensor<1x3xi32>) -> tensor<6x5xf32> {
  // expected-error @+1 {{expected group_sizes to have rank 1, got 2}}
  %0 = "chlo.ragged_dot"(%a, %b, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<6x4xf32>, tensor<3x4x5xf32>, tensor<1x3xi32>) -> tensor<6x5xf32>
  return %0 : tensor<6x5xf32>
}

// -----

func.func @f(%a: tensor<6x4xf32>, %b: tensor<3x4x5xf32>, %g: tensor<3xi32>) -> tensor<6x5xf32> {
  // expected-error @+1 {{unknown field 'lhs_group_dimensions', expected one of: lhs_batching_dimensions, rhs_batching_dimensions, lhs_contracting_dimensions, rhs_contracting_dimensions, lhs_ragged_dimensions, rhs_group_dimensions}}
  %0 = "chlo.ragged_dot"(%a, %b, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_group_dimensions = [0]>}> : (tensor<6x4xf32>, tensor<3x4x5xf32>, tensor<3xi32>) -> tensor<6x5xf32>
  return %0 : tensor<6x5xf32>
}

// -----

func.func @f(%a: tensor<6x4xf32>, %b: tensor<3x4x5xf32>, %g: tensor<3xi32>) -> tensor<6x5xf32> {
  // expected-error @+1 {{duplicate field 'lhs_ragged_dimensions'}}
  %0 = "chlo.ragged_dot"(%a, %b, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_ragged_dimensions = [0], lhs_ragged_dimensions = [0]>}> : (tensor<6x4xf32>, tensor<3x4x5xf32>, tensor<3xi32>) -> tensor<6x5xf32>
  return %0 : tensor<6x5xf32>
}
