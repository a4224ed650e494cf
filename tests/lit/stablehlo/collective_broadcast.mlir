// RUN: sdy-opt %s | FileCheck %s
// RUN: sdy-opt %s --mlir-print-op-generic | sdy-opt | FileCheck %s

// Printed generically, as upstream; the channel handle is optional.
// CHECK-LABEL: func.func @collective_broadcast
func.func @collective_broadcast(%a: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  // CHECK: "stablehlo.collective_broadcast"(%arg0) <{replica_groups = dense<{{\[\[}}2, 1]]> : tensor<1x2xi64>}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %0 = "stablehlo.collective_broadcast"(%a) {replica_groups = dense<[[2, 1]]> : tensor<1x2xi64>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "stablehlo.collective_broadcast"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<{{\[\[}}0, 1], [2, 3]]> : tensor<2x2xi64>}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "stablehlo.collective_broadcast"(%a) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<2x3xf32>
}
