// RUN: sdy-opt %s -sdy-populate-op-sharding-rules | FileCheck %s

// As Shardy: collective_broadcast passes every dimension through, like an
// elementwise op.
// CHECK-LABEL: func.func @collective_broadcast
func.func @collective_broadcast(%a: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=4}>
  %0 = "stablehlo.collective_broadcast"(%a) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<8x4xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}
