// RUN: sdy-opt %s -split-input-file -sdy-flatten-call-graph -verify-diagnostics
//
// Recursive functions cannot be flattened (the real Shardy recurses until
// it runs out of stack).

func.func private @recursive(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{closes a cycle of calls through @recursive; recursive functions cannot be flattened}}
  %0 = call @recursive(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = call @recursive(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
  %1 = call @recursive(%0) : (tensor<8xf32>) -> tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

func.func private @ping(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = call @pong(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
func.func private @pong(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{closes a cycle of calls through @ping; recursive functions cannot be flattened}}
  %0 = call @ping(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
