// Verifier and parser errors of while, case, if, optimization_barrier and
// return.
// RUN: sdy-opt %s -split-input-file -verify-diagnostics

func.func @main(%a: tensor<i32>) {
  // expected-error @+1 {{'stablehlo.while' op cond result #0 must have type 'tensor<i1>' but has 'tensor<i32>'}}
  %0 = stablehlo.while(%x = %a) : tensor<i32>
  cond {
    stablehlo.return %x : tensor<i32>
  } do {
    stablehlo.return %x : tensor<i32>
  }
  return
}

// -----

func.func @main(%a: tensor<i32>) {
  // expected-error @+1 {{'stablehlo.while' op body result #0 must have type 'tensor<i32>' but has 'tensor<i64>'}}
  %0 = stablehlo.while(%x = %a) : tensor<i32>
  cond {
    %1 = stablehlo.compare LT, %x, %x : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %1 = stablehlo.convert %x : (tensor<i32>) -> tensor<i64>
    stablehlo.return %1 : tensor<i64>
  }
  return
}

// -----

func.func @main(%a: tensor<i32>) {
  // expected-error @+1 {{'stablehlo.while' op result types 'tensor<i64>' must match operand types 'tensor<i32>'}}
  %0 = "stablehlo.while"(%a) ({
  ^bb0(%x: tensor<i32>):
    %1 = stablehlo.compare LT, %x, %x : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }, {
  ^bb0(%x: tensor<i32>):
    stablehlo.return %x : tensor<i32>
  }) : (tensor<i32>) -> tensor<i64>
  return
}

// -----

func.func @main(%a: tensor<i32>) {
  // expected-error @+1 {{'stablehlo.while' op cond argument #0 must have type 'tensor<i32>' but has 'tensor<i64>'}}
  %0 = "stablehlo.while"(%a) ({
  ^bb0(%x: tensor<i64>):
    %1 = stablehlo.compare LT, %x, %x : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }, {
  ^bb0(%x: tensor<i32>):
    stablehlo.return %x : tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  return
}

// -----

func.func @main(%a: tensor<i32>, %b: tensor<f32>) {
  // expected-error @+1 {{custom op 'stablehlo.while' expected 2 types but got 1}}
  %0:2 = stablehlo.while(%x = %a, %y = %b) : tensor<i32>
  cond {
    stablehlo.return %x : tensor<i32>
  } do {
    stablehlo.return %x : tensor<i32>
  }
  return
}

// -----

func.func @main(%i: tensor<i32>, %a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.case' op branch #1 result #0 must have type 'tensor<4xf32>' but has 'tensor<4xi32>'}}
  %0 = "stablehlo.case"(%i) ({
    stablehlo.return %a : tensor<4xf32>
  }, {
    %1 = stablehlo.convert %a : (tensor<4xf32>) -> tensor<4xi32>
    stablehlo.return %1 : tensor<4xi32>
  }) : (tensor<i32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%i: tensor<1xi32>, %a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.case' op operand #0 must be 0D tensor of integer values, but got 'tensor<1xi32>'}}
  %0 = "stablehlo.case"(%i) ({
    stablehlo.return %a : tensor<4xf32>
  }) : (tensor<1xi32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%i: tensor<i32>, %a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.case' op expects at least one branch}}
  %0 = "stablehlo.case"(%i) : (tensor<i32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%i: tensor<i32>, %a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.case' op branch #0 must have 0 argument(s) but has 1}}
  %0 = "stablehlo.case"(%i) ({
  ^bb0(%x: tensor<4xf32>):
    stablehlo.return %x : tensor<4xf32>
  }) : (tensor<i32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%p: tensor<2xi1>, %a: tensor<f32>) {
  // expected-error @+1 {{'stablehlo.if' op operand #0 must be 0D tensor of pred (AKA boolean or 1-bit integer) values, but got 'tensor<2xi1>'}}
  %0 = "stablehlo.if"(%p) ({
    stablehlo.return %a : tensor<f32>
  }, {
    stablehlo.return %a : tensor<f32>
  }) : (tensor<2xi1>) -> tensor<f32>
  return
}

// -----

func.func @main(%p: tensor<i1>, %a: tensor<f32>) {
  // expected-error @+1 {{'stablehlo.if' op false_branch must return 1 value(s) but returns 2}}
  %0 = "stablehlo.if"(%p) ({
    stablehlo.return %a : tensor<f32>
  }, {
    stablehlo.return %a, %a : tensor<f32>, tensor<f32>
  }) : (tensor<i1>) -> tensor<f32>
  return
}

// -----

func.func @main(%p: tensor<i1>, %a: tensor<f32>) {
  %0 = stablehlo.if(%p) ({
    stablehlo.return %a : tensor<f32>
  }) : (tensor<i1>) -> tensor<f32>
  // expected-error @+1 {{custom op 'stablehlo.if' expects 2 regions but got 1}}
  return
}

// -----

// stablehlo.return may end a function (JAX's ApproxTopK comparators), with
// the function's result types.
func.func @return_in_func(%a: tensor<f32>) -> tensor<i32> {
  // expected-error @+1 {{'stablehlo.return' op has operand types 'tensor<f32>' but the enclosing function returns 'tensor<i32>'}}
  stablehlo.return %a : tensor<f32>
}

// -----

module {
  %c = stablehlo.constant dense<1.0> : tensor<f32>
  // expected-error @+1 {{'stablehlo.return' op must be nested in a stablehlo op with regions or in a function}}
  stablehlo.return %c : tensor<f32>
}

// -----

func.func @main(%a: tensor<4xf32>) {
  // expected-error @+2 {{'stablehlo.optimization_barrier' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<4xi32>'}}
  // expected-error @+1 {{'stablehlo.optimization_barrier' op failed to infer returned types}}
  %0 = "stablehlo.optimization_barrier"(%a) : (tensor<4xf32>) -> tensor<4xi32>
  return
}

// -----

func.func @main(%a: tensor<4xf32>) {
  // expected-error @+1 {{custom op 'stablehlo.optimization_barrier' number of operands and types do not match: got 1 operands and 2 types}}
  %0 = stablehlo.optimization_barrier %a : tensor<4xf32>, tensor<4xf32>
  return
}

// -----

// A region whose block has no ops at all (no terminator) is an error, not a
// read past the end of the block (found by fuzzing).
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.all_reduce' op computation must end with stablehlo.return}}
  %0 = "stablehlo.all_reduce"(%a) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
