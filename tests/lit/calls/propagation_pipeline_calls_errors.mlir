// RUN: sdy-opt %s -split-input-file -sdy-propagation-pipeline -verify-diagnostics
//
// Calls the pipeline cannot import are errors, not crashes.

// A recursive function cannot be flattened.
func.func private @f(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'func.call' op closes a cycle of calls through @f; recursive functions cannot be flattened}}
  %0 = func.call @f(%x) : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
func.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {
  %0 = func.call @f(%x) : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// A callee without a body has nothing to import.
func.func private @external(%x: tensor<8xf32>) -> tensor<8xf32>
func.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'func.call' op callee @external has no body to import}}
  %0 = func.call @external(%x) : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
