// Verifier and parser errors of the token and tuple ops.
// RUN: sdy-opt %s -split-input-file -verify-diagnostics

func.func @main(%x: tensor<2xf32>) {
  // expected-error @+1 {{'stablehlo.tuple' op result type 'tuple<tensor<2xi32>>' must be a tuple of the operand types}}
  %0 = "stablehlo.tuple"(%x) : (tensor<2xf32>) -> tuple<tensor<2xi32>>
  return
}

// -----

func.func @main(%x: tensor<2xf32>) {
  // expected-error @+1 {{expected a tuple type, got 'tensor<2xf32>'}}
  %0 = stablehlo.tuple %x : tensor<2xf32>
  return
}

// -----

func.func @main(%t: tuple<tensor<2xf32>>) {
  // expected-error @+1 {{'stablehlo.get_tuple_element' op index 1 is out of range for a tuple of 1 elements}}
  %0 = stablehlo.get_tuple_element %t[1] : (tuple<tensor<2xf32>>) -> tensor<2xf32>
  return
}

// -----

func.func @main(%t: tuple<tensor<2xf32>>) {
  // expected-error @+1 {{'stablehlo.get_tuple_element' op result type 'tensor<2xi32>' must be element 0 of the tuple, 'tensor<2xf32>'}}
  %0 = stablehlo.get_tuple_element %t[0] : (tuple<tensor<2xf32>>) -> tensor<2xi32>
  return
}

// -----

func.func @main(%t: tuple<tensor<2xf32>>) {
  // expected-error @+1 {{'stablehlo.get_tuple_element' op attribute 'index' failed to satisfy constraint}}
  %0 = "stablehlo.get_tuple_element"(%t) {index = -1 : i32} : (tuple<tensor<2xf32>>) -> tensor<2xf32>
  return
}

// -----

func.func @main(%x: tensor<2xf32>) {
  // expected-error @+1 {{'stablehlo.after_all' op operand #0 must be variadic of token}}
  %0 = "stablehlo.after_all"(%x) : (tensor<2xf32>) -> !stablehlo.token
  return
}

// -----

func.func @main() {
  // expected-error @+1 {{'stablehlo.create_token' op result #0 must be token}}
  %0 = "stablehlo.create_token"() : () -> tensor<f32>
  return
}

// -----

// expected-error @+1 {{type `tokens` in dialect `stablehlo`}}
func.func @main(%a: !stablehlo.tokens) {
  return
}
