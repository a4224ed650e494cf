// RUN: sdy-opt %s -split-input-file -sdy-propagate-sharding-from-func-to-call | FileCheck %s

// Expectations checked against the real Shardy's pass (JAX 0.10.2).

sdy.mesh @mesh = <["x"=2, "y"=4]>

// A call takes its callee's result shardings (open dimensions stay open);
// a call with its own sharding keeps it; a callee without result shardings
// gives none.
// CHECK-LABEL: func.func @main
// CHECK-NEXT: %[[A:.*]] = call @f(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>}
// CHECK-NEXT: %[[B:.*]] = call @g(%[[A]], %[[A]]) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", ?}, {}]>]>}
// CHECK-NEXT: %[[C:.*]] = call @f(%[[B]]) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}]>]>}
// CHECK-NEXT: call @h(%[[C]]) : (tensor<8x16xf32>) -> tensor<8x16xf32>
func.func @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x16xf32> {
  %0 = call @f(%arg0) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %1 = call @g(%0, %0) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %2 = call @f(%1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}]>]>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %3 = call @h(%2) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %3 : tensor<8x16xf32>
}
func.func private @f(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) {
  %0 = stablehlo.negate %arg0 : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
func.func private @g(%arg0: tensor<8x16xf32>, %arg1: tensor<8x16xf32>) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}, {}]>}) {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
func.func private @h(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// Results the callee leaves unsharded are fully open; declarations count.
// CHECK-LABEL: func.func @partly_sharded
// CHECK-NEXT: call @f(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {?}]>, <@mesh, [{}, {"y"}]>]>}
// CHECK-NEXT: call @d(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>}
func.func @partly_sharded(%arg0: tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
  %0:2 = call @f(%arg0) : (tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>)
  %1 = call @d(%arg0) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0#0, %1 : tensor<8x16xf32>, tensor<8x16xf32>
}
func.func private @f(%arg0: tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) {
  %0 = stablehlo.negate %arg0 : tensor<8x16xf32>
  return %0, %0 : tensor<8x16xf32>, tensor<8x16xf32>
}
func.func private @d(%arg0: tensor<8x16xf32>) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>})
