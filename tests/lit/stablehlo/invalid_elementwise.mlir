// Verifier and parser errors of the elementwise ops.
// RUN: sdy-opt %s -split-input-file -verify-diagnostics

func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xi32>) {
  // expected-error @+1 {{'stablehlo.add' op requires the same type for all operands and results}}
  %0 = "stablehlo.add"(%a, %c) : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%a: tensor<4xi32>) {
  // expected-error @+1 {{'stablehlo.sine' op operand #0 must be statically shaped tensor of floating-point or complex type with 32-bit float or 64-bit float elements values, but got 'tensor<4xi32>'}}
  %0 = stablehlo.sine %a : tensor<4xi32>
  return
}

// -----

func.func @main(%a: tensor<?xf32>) {
  // expected-error @+1 {{'stablehlo.add' op operand #0 must be statically shaped tensor of pred, integer, floating-point or complex values, but got 'tensor<?xf32>'}}
  %0 = stablehlo.add %a, %a : tensor<?xf32>
  return
}

// -----

func.func @main(%a: tensor<4xi3>) {
  // expected-error @+1 {{but got 'tensor<4xi3>'}}
  %0 = stablehlo.negate %a : tensor<4xi3>
  return
}

// -----

func.func @main(%a: tensor<4xcomplex<f16>>) {
  // expected-error @+1 {{'stablehlo.add' op operand #0 must be statically shaped tensor of pred, integer, floating-point or complex values, but got 'tensor<4xcomplex<f16>>'}}
  %0 = stablehlo.add %a, %a : tensor<4xcomplex<f16>>
  return
}

// -----

func.func @main(%a: tensor<4xf80>) {
  // expected-error @+1 {{'stablehlo.add' op operand #0 must be statically shaped tensor of pred, integer, floating-point or complex values, but got 'tensor<4xf80>'}}
  %0 = stablehlo.add %a, %a : tensor<4xf80>
  return
}

// -----

func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.and' op operand #0 must be statically shaped tensor of pred (AKA boolean or 1-bit integer) or integer values, but got 'tensor<4xf32>'}}
  %0 = stablehlo.and %a, %b : tensor<4xf32>
  return
}

// -----

func.func @main(%a: tensor<4xui32>) {
  // expected-error @+1 {{'stablehlo.abs' op operand #0 must be statically shaped tensor of signless integer or floating-point or complex type with 32-bit float or 64-bit float elements values, but got 'tensor<4xui32>'}}
  %0 = stablehlo.abs %a : tensor<4xui32>
  return
}

// -----

func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xi32>) {
  // expected-error @+2 {{'stablehlo.compare' op requires lhs and rhs of the same type, got 'tensor<4xf32>' and 'tensor<4xi32>'}}
  // expected-error @+1 {{'stablehlo.compare' op failed to infer returned types}}
  %0 = stablehlo.compare LT, %a, %c : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xi1>
  return
}

// -----

func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.compare' op result #0 must be statically shaped tensor of pred (AKA boolean or 1-bit integer) values, but got 'tensor<4xi32>'}}
  %0 = stablehlo.compare LT, %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi32>
  return
}

// -----

func.func @main(%a: tensor<4xf32>, %b: tensor<2xf32>) {
  // expected-error @+1 {{'stablehlo.compare' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "stablehlo.compare"(%a, %b) {comparison_direction = #stablehlo<comparison_direction LT>} : (tensor<4xf32>, tensor<2xf32>) -> tensor<4xi1>
  return
}

// -----

func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{custom op 'stablehlo.compare' unknown comparison direction 'XX'}}
  %0 = stablehlo.compare XX, %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return
}

// -----

func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{custom op 'stablehlo.compare' unknown comparison type 'BAD'}}
  %0 = stablehlo.compare LT, %a, %b, BAD : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return
}

// -----

func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.compare' op requires attribute 'comparison_direction'}}
  %0 = "stablehlo.compare"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return
}

// -----

func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>, %p: tensor<2xi1>) {
  // expected-error @+2 {{'stablehlo.select' op pred must be rank-0 or of the shape [4], got [2]}}
  // expected-error @+1 {{'stablehlo.select' op failed to infer returned types}}
  %0 = stablehlo.select %p, %a, %b : (tensor<2xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>, %p: tensor<4xi1>, %c: tensor<4xi32>) {
  // expected-error @+2 {{'stablehlo.select' op requires on_true and on_false of the same type, got 'tensor<4xf32>' and 'tensor<4xi32>'}}
  // expected-error @+1 {{'stablehlo.select' op failed to infer returned types}}
  %0 = stablehlo.select %p, %a, %c : (tensor<4xi1>, tensor<4xf32>, tensor<4xi32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>, %p: tensor<4xi32>) {
  // expected-error @+1 {{'stablehlo.select' op operand #0 must be statically shaped tensor of pred (AKA boolean or 1-bit integer) values, but got 'tensor<4xi32>'}}
  %0 = stablehlo.select %p, %a, %b : (tensor<4xi32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>, %m: tensor<2xf32>) {
  // expected-error @+2 {{'stablehlo.clamp' op min must be rank-0 or of the operand shape [4], got [2]}}
  // expected-error @+1 {{'stablehlo.clamp' op failed to infer returned types}}
  %0 = stablehlo.clamp %m, %a, %b : (tensor<2xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>, %m: tensor<f64>) {
  // expected-error @+2 {{'stablehlo.clamp' op min element type 'f64' does not match operand element type 'f32'}}
  // expected-error @+1 {{'stablehlo.clamp' op failed to infer returned types}}
  %0 = stablehlo.clamp %m, %a, %b : (tensor<f64>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.convert' op all non-scalar operands/results must have the same shape and base type}}
  %0 = stablehlo.convert %a : (tensor<4xf32>) -> tensor<2xi32>
  return
}

// -----

func.func @main(%a: tensor<4xi32>) {
  // expected-error @+1 {{'stablehlo.is_finite' op operand #0 must be statically shaped tensor of floating-point values, but got 'tensor<4xi32>'}}
  %0 = stablehlo.is_finite %a : (tensor<4xi32>) -> tensor<4xi1>
  return
}

// -----

func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{custom op 'stablehlo.add' expected 2 operand type(s) but got 1}}
  %0 = stablehlo.add %a, %b : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{custom op 'stablehlo.select' expected `pred_type, result_type`}}
  %0 = stablehlo.select %a, %b : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
  return
}
