// RUN: sdy-opt %s -split-input-file -verify-diagnostics
//
// The messages are the real Shardy's (JAX 0.10.2's jaxlib) for the same ops.

func.func @two_users(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{expected operand of sdy.func_data_flow_edge to have a single user}}
  %0 = sdy.func_data_flow_edge %arg0 : tensor<8xf32>
  %1 = sdy.func_data_flow_edge %arg0 : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @dynamic(%arg0: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{expected sdy.func_data_flow_edge to have a static-shaped result. type: 'tensor<?xf32>'}}
  %0 = sdy.func_data_flow_edge %arg0 : tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @not_a_func_argument(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = sdy.named_computation<"x">(%arg0) (%a: tensor<8xf32>) {
    // expected-error @+1 {{expected operand of sdy.func_data_flow_edge to be a block argument of a func op.}}
    %1 = sdy.func_data_flow_edge %a : tensor<8xf32>
    sdy.return %1 : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @not_a_call_result(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8xf32>
  // expected-error @+1 {{expected operand of sdy.func_data_flow_edge to be a result of call op.}}
  %1 = sdy.func_data_flow_edge %0 : tensor<8xf32>
  return %1 : tensor<8xf32>
}
