// RUN: sdy-opt %s -sdy-add-func-data-flow-edges -verify-diagnostics
//
// The edges are added to every function but the entry function @main; the
// real Shardy aborts on a module without one.

// expected-error @+1 {{sdy-add-func-data-flow-edges needs the entry function @main, which the module lacks}}
module {
  func.func @entry(%arg0: tensor<8xf32>) -> tensor<8xf32> {
    return %arg0 : tensor<8xf32>
  }
}
