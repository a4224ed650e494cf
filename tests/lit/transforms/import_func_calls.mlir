// RUN: sdy-opt %s -split-input-file -sdy-import-func-calls -verify-diagnostics | FileCheck %s

sdy.mesh @mesh = <["a"=2, "b"=2]>

// Each call becomes a named computation with a copy of the callee (nested
// calls too); the callee's argument shardings become in shardings (a missing
// one is fully open) and the call's own shardings out shardings; private
// callees without calls are erased.
// CHECK-LABEL: module
// CHECK-NOT:   func.func private
// CHECK:       func.func @main(%arg0: tensor<8x8xf32>)
// CHECK-NEXT:  %[[L0:.*]] = sdy.named_computation<"layer">(%arg0) in_shardings=[<@mesh, [{"a"}, {?}]>] (%arg1: tensor<8x8xf32>) {
// CHECK-NEXT:    %[[T:.*]] = stablehlo.tanh %arg1
// CHECK-NEXT:    %[[I:.*]] = sdy.named_computation<"inner">(%[[T]]) (%arg2: tensor<8x8xf32>) {
// CHECK-NEXT:      %[[N:.*]] = stablehlo.negate %arg2
// CHECK-NEXT:      sdy.return %[[N]]
// CHECK-NEXT:    }
// CHECK-NEXT:    sdy.return %[[I]]
// CHECK-NEXT:  }
// CHECK-NEXT:  %[[L1:.*]] = sdy.named_computation<"layer">(%[[L0]])
// CHECK:       return %[[L1]]
func.func private @layer(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.tanh %x : tensor<8x8xf32>
  %1 = func.call @inner(%0) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}
func.func private @inner(%x: tensor<8x8xf32>) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b"}]>}) {
  %0 = stablehlo.negate %x : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
func.func @main(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = func.call @layer(%arg0) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %1 = func.call @layer(%0) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

// A public callee goes too, as in Shardy.
// CHECK-LABEL: module
// CHECK-NOT: func.func @public_callee
// CHECK: func.func @caller
// CHECK: sdy.named_computation<"public_callee">
func.func @public_callee(%x: tensor<8xf32>) -> tensor<8xf32> {
  return %x : tensor<8xf32>
}
func.func @caller(%x: tensor<8xf32>) -> tensor<8xf32> {
  %0 = func.call @public_callee(%x) : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func private @external(%x: tensor<8xf32>) -> tensor<8xf32>
func.func @calls_external(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{callee @external has no body to import}}
  %0 = func.call @external(%x) : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func private @recursive(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{calls its own function @recursive}}
  %0 = func.call @recursive(%x) : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// Mutual recursion: once @pong is copied into @ping, @ping calls itself.
func.func private @ping(%x: tensor<8xf32>) -> tensor<8xf32> {
  %0 = func.call @pong(%x) : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
func.func private @pong(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{calls its own function @ping}}
  %0 = func.call @ping(%x) : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
