// Verifier and parser errors of dot, dot_general and reduce.
// RUN: sdy-opt %s -split-input-file -verify-diagnostics

func.func @main(%a: tensor<2x3x4xf32>, %b: tensor<4xf32>) {
  // expected-error @+2 {{'stablehlo.dot' op lhs must be rank 1 or 2, got rank 3}}
  // expected-error @+1 {{'stablehlo.dot' op failed to infer returned types}}
  %0 = stablehlo.dot %a, %b : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @main(%a: tensor<2x3xf32>, %b: tensor<4x5xf32>) {
  // expected-error @+2 {{'stablehlo.dot' op contracting dimension sizes differ: lhs 3 vs rhs 4}}
  // expected-error @+1 {{'stablehlo.dot' op failed to infer returned types}}
  %0 = stablehlo.dot %a, %b : (tensor<2x3xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
  return
}

// -----

func.func @main(%a: tensor<2x3xf32>, %b: tensor<3x5xf32>) {
  // expected-error @+2 {{'stablehlo.dot' op inferred type(s) 'tensor<2x5xf32>' are incompatible with return type(s) of operation 'tensor<5x2xf32>'}}
  // expected-error @+1 {{'stablehlo.dot' op failed to infer returned types}}
  %0 = stablehlo.dot %a, %b : (tensor<2x3xf32>, tensor<3x5xf32>) -> tensor<5x2xf32>
  return
}

// -----

func.func @main(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) {
  // expected-error @+2 {{'stablehlo.dot_general' op lhs and rhs should have the same number of batching dimensions, got [0] and []}}
  // expected-error @+1 {{'stablehlo.dot_general' op failed to infer returned types}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @main(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) {
  // expected-error @+2 {{'stablehlo.dot_general' op contracting dimension sizes differ: lhs dimension 2 has size 4 but rhs dimension 2 has size 5}}
  // expected-error @+1 {{'stablehlo.dot_general' op failed to infer returned types}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @main(%a: tensor<2x3x4xf32>, %b: tensor<3x4x5xf32>) {
  // expected-error @+2 {{'stablehlo.dot_general' op batching dimension sizes differ: lhs dimension 0 has size 2 but rhs dimension 0 has size 3}}
  // expected-error @+1 {{'stablehlo.dot_general' op failed to infer returned types}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<3x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @main(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) {
  // expected-error @+2 {{'stablehlo.dot_general' op lhs batching and contracting dimensions [0, 3] has dimension 3 out of range [0, 3)}}
  // expected-error @+1 {{'stablehlo.dot_general' op failed to infer returned types}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [3] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @main(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) {
  // expected-error @+2 {{'stablehlo.dot_general' op lhs batching and contracting dimensions [0, 0] has duplicate dimension 0}}
  // expected-error @+1 {{'stablehlo.dot_general' op failed to infer returned types}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [0] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @main(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) {
  // expected-error @+2 {{'stablehlo.dot_general' op inferred type(s) 'tensor<2x3x5xf32>' are incompatible with return type(s) of operation 'tensor<2x5x3xf32>'}}
  // expected-error @+1 {{'stablehlo.dot_general' op failed to infer returned types}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x5x3xf32>
  return
}

// -----

func.func @main(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) {
  // expected-error @+2 {{'stablehlo.dot_general' op expects at most 2 precision config values, got 3}}
  // expected-error @+1 {{'stablehlo.dot_general' op failed to infer returned types}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT, DEFAULT] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @main(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) {
  // expected-error @+2 {{'stablehlo.dot_general' op must specify DEFAULT precision config when algorithm is set}}
  // expected-error @+1 {{'stablehlo.dot_general' op failed to infer returned types}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST], algorithm = <lhs_precision_type = f32, rhs_precision_type = f32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @main(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) {
  // expected-error @+1 {{custom op 'stablehlo.dot_general' lhs_component_count must be positive, got 0}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = f32, rhs_precision_type = f32, accumulation_type = f32, lhs_component_count = 0, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @main(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) {
  // expected-error @+1 {{custom op 'stablehlo.dot_general' expected precision DEFAULT, HIGH or HIGHEST, got 'FASTEST'}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], precision = [FASTEST] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @main(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) {
  // expected-error @+1 {{custom op 'stablehlo.dot_general' expected 'precision' or 'algorithm' (each at most once), got 'precision'}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], precision = [DEFAULT], precision = [DEFAULT] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @main(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) {
  // expected-error @+1 {{expected ','}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) {
  // expected-error @+1 {{duplicate field 'lhs_contracting_dimensions'}}
  %0 = "stablehlo.dot_general"(%a, %b) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], lhs_contracting_dimensions = [0]>}> : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @main(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) {
  // expected-error @+1 {{unknown field 'contracting_dimensions', expected one of: lhs_batching_dimensions, rhs_batching_dimensions, lhs_contracting_dimensions, rhs_contracting_dimensions}}
  %0 = "stablehlo.dot_general"(%a, %b) <{dot_dimension_numbers = #stablehlo.dot<contracting_dimensions = [1]>}> : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %z: tensor<f32>) {
  // expected-error @+2 {{'stablehlo.reduce' op dimensions [2] has dimension 2 out of range [0, 2)}}
  // expected-error @+1 {{'stablehlo.reduce' op failed to infer returned types}}
  %0 = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [2] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %z: tensor<f32>) {
  // expected-error @+2 {{'stablehlo.reduce' op dimensions [1, 1] has duplicate dimension 1}}
  // expected-error @+1 {{'stablehlo.reduce' op failed to infer returned types}}
  %0 = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [1, 1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %z: tensor<1xf32>) {
  // expected-error @+2 {{'stablehlo.reduce' op init value #0 must be rank-0, got 'tensor<1xf32>'}}
  // expected-error @+1 {{'stablehlo.reduce' op failed to infer returned types}}
  %0 = stablehlo.reduce(%a init: %z) across dimensions = [1] : (tensor<4x8xf32>, tensor<1xf32>) -> tensor<4xf32>
   reducer(%x: tensor<1xf32>, %y: tensor<1xf32>) {
    stablehlo.return %x : tensor<1xf32>
  }
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %z: tensor<i32>) {
  // expected-error @+2 {{'stablehlo.reduce' op init value #0 has element type 'i32' but input #0 has 'f32'}}
  // expected-error @+1 {{'stablehlo.reduce' op failed to infer returned types}}
  %0 = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<i32>) -> tensor<4xi32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %z: tensor<f32>) {
  // expected-error @+2 {{'stablehlo.reduce' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<8xf32>'}}
  // expected-error @+1 {{'stablehlo.reduce' op failed to infer returned types}}
  %0 = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{'stablehlo.reduce' op body result #0 must have type 'tensor<f32>' but has 'tensor<f64>'}}
  %0 = stablehlo.reduce(%a init: %z) across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
   reducer(%x: tensor<f32>, %y: tensor<f32>) {
    %1 = stablehlo.convert %x : (tensor<f32>) -> tensor<f64>
    stablehlo.return %1 : tensor<f64>
  }
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{'stablehlo.reduce' op body must have 2 argument(s) but has 1}}
  %0 = "stablehlo.reduce"(%a, %z) <{dimensions = array<i64: 1>}> ({
  ^bb0(%x: tensor<f32>):
    stablehlo.return %x : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{custom op 'stablehlo.reduce' expected the inner op to be a commutative binary stablehlo op with one result and no region, got 'stablehlo.subtract'}}
  %0 = stablehlo.reduce(%a init: %z) applies stablehlo.subtract across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %b: tensor<4x4xf32>, %z: tensor<f32>) {
  // expected-error @+2 {{'stablehlo.reduce' op input #1 has shape [4, 4] but input #0 has shape [4, 8]}}
  // expected-error @+1 {{'stablehlo.reduce' op failed to infer returned types}}
  %0:2 = stablehlo.reduce(%a init: %z), (%b init: %z) across dimensions = [1] : (tensor<4x8xf32>, tensor<4x4xf32>, tensor<f32>, tensor<f32>) -> (tensor<4xf32>, tensor<4xf32>)
   reducer(%x: tensor<f32>, %y: tensor<f32>) (%x2: tensor<f32>, %y2: tensor<f32>) {
    stablehlo.return %x, %x2 : tensor<f32>, tensor<f32>
  }
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %z: tensor<f32>) {
  %0 = stablehlo.reduce(%a init: %z) across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
   reducer(%x: tensor<f32>, %y: tensor<f32>) {
    // expected-error @+1 {{'func.return' op expects parent op 'func.func'}}
    func.return %x : tensor<f32>
  }
  return
}
