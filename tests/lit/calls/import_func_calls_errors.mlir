// RUN: sdy-opt %s -sdy-import-func-calls=add-data-flow-edges-on-named-computations=true -verify-diagnostics
//
// Shardy's option puts data-flow edges on named computations; sdy's
// propagation reads their shardings from the op itself, so it refuses it.

// expected-error @+1 {{sdy-import-func-calls: add-data-flow-edges-on-named-computations is not supported (sdy keeps the shardings of named computations on the op); leave it false}}
module {
  func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
    return %arg0 : tensor<8xf32>
  }
}
