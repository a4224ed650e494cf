// RUN: sdy-opt %s -sdy-partition-pipeline | FileCheck %s

// The partition pipeline runs the propagation pipeline's import and
// propagation but keeps the named computations (inlined into the local
// program) instead of exporting calls; a public callee stays a function of
// the module, partitioned on its own. Functions come out in reverse order
// (-sdy-pre-order-funcs).
sdy.mesh @mesh = <["x"=2]>
// CHECK-LABEL: func.func @main(%arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> (tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>})
// CHECK-NEXT: %[[NEG:.*]] = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : tensor<4xf32>
// CHECK-NEXT: return %[[NEG]] : tensor<4xf32>
// CHECK-LABEL: func.func @f(%arg0: tensor<8xf32>) -> tensor<8xf32>
// CHECK-NOT: call
func.func @f(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8xf32>
  return %0 : tensor<8xf32>
}
func.func @main(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<8xf32> {
  %0 = call @f(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
