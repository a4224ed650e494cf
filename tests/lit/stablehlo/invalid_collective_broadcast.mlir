// RUN: sdy-opt %s -split-input-file -verify-diagnostics

func.func @main(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.collective_broadcast' op replica_groups must be a 2-D tensor, got 'tensor<2xi64>'}}
  %0 = "stablehlo.collective_broadcast"(%a) {replica_groups = dense<[0, 1]> : tensor<2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.collective_broadcast' op replica_groups values must be non-negative, got -1}}
  %0 = "stablehlo.collective_broadcast"(%a) {replica_groups = dense<[[0, -1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.collective_broadcast' op process id 1 appears more than once in replica_groups}}
  %0 = "stablehlo.collective_broadcast"(%a) {replica_groups = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.collective_broadcast' op requires the same type for all operands and results}}
  %0 = "stablehlo.collective_broadcast"(%a) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf16>
  return
}
