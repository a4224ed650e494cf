// RUN: sdy-opt %s -split-input-file -sdy-export-named-computations | FileCheck %s
//
// The CHECK lines are the output of the real Shardy (JAX 0.10.2's jaxlib) on
// the same input with `builtin.module(sdy-export-named-computations)`.

// Nested named computations, attributes kept, multiple results.
// CHECK-LABEL: module {
// CHECK-NEXT: sdy.mesh @mesh = <["a"=2, "b"=2]>
// CHECK-NEXT: func.func @main(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
// CHECK-NEXT: %0 = call @foo(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: %1 = call @foo_0(%0) {mhlo.frontend_attributes = {x = "1"}} : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: %2:2 = call @two(%1, %1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>, <@mesh, [{}, {}]>]>} : (tensor<8x8xf32>, tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>)
// CHECK-NEXT: return %2#0 : tensor<8x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @bar(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> attributes {sdy.original_func_name = "bar"} {
// CHECK-NEXT: %0 = stablehlo.abs %arg0 : tensor<8x8xf32>
// CHECK-NEXT: return %0 : tensor<8x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @foo(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}) -> tensor<8x8xf32> attributes {sdy.original_func_name = "foo"} {
// CHECK-NEXT: %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
// CHECK-NEXT: %1 = call @bar(%0) : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: return %1 : tensor<8x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @foo_0(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> attributes {sdy.original_func_name = "foo"} {
// CHECK-NEXT: %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
// CHECK-NEXT: return %0 : tensor<8x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @two(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) attributes {sdy.original_func_name = "two"} {
// CHECK-NEXT: return %arg1, %arg0 : tensor<8x8xf32>, tensor<8x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @main(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = sdy.named_computation<"foo">(%arg0) in_shardings=[<@mesh, [{"a"}, {?}]>] out_shardings=[<@mesh, [{}, {"b"}]>] (%arg1: tensor<8x8xf32>) {
    %1 = stablehlo.negate %arg1 : tensor<8x8xf32>
    %2 = sdy.named_computation<"bar">(%1) (%arg2: tensor<8x8xf32>) {
      %3 = stablehlo.abs %arg2 : tensor<8x8xf32>
      sdy.return %3 : tensor<8x8xf32>
    } : (tensor<8x8xf32>) -> tensor<8x8xf32>
    sdy.return %2 : tensor<8x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %4 = sdy.named_computation<"foo">(%0) (%arg1: tensor<8x8xf32>) {
    %1 = stablehlo.negate %arg1 : tensor<8x8xf32>
    sdy.return %1 : tensor<8x8xf32>
  } {mhlo.frontend_attributes = {x = "1"}} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %5:2 = sdy.named_computation<"two">(%4, %4) out_shardings=[<@mesh, [{"a"}, {}]>, <@mesh, [{}, {}]>] (%a: tensor<8x8xf32>, %b: tensor<8x8xf32>) {
    sdy.return %b, %a : tensor<8x8xf32>, tensor<8x8xf32>
  } : (tensor<8x8xf32>, tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>)
  return %5#0 : tensor<8x8xf32>
}

// -----

// Names that clash with existing functions are uniqued.
// CHECK-LABEL: module {
// CHECK-NEXT: sdy.mesh @mesh = <["a"=2]>
// CHECK-NEXT: func.func private @foo(%arg0: tensor<8xf32>) -> tensor<8xf32> {
// CHECK-NEXT: return %arg0 : tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @helper(%arg0: tensor<8xf32>) -> tensor<8xf32> {
// CHECK-NEXT: %0 = call @foo_0(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: return %0 : tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
// CHECK-NEXT: %0 = call @helper(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: %1 = call @main_1(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}]>]>} : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: %2 = call @foo(%1) : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: return %2 : tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @foo_0(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<8xf32> attributes {sdy.original_func_name = "foo"} {
// CHECK-NEXT: %0 = stablehlo.abs %arg0 : tensor<8xf32>
// CHECK-NEXT: return %0 : tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @main_1(%arg0: tensor<8xf32>) -> tensor<8xf32> attributes {sdy.original_func_name = "main"} {
// CHECK-NEXT: return %arg0 : tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
sdy.mesh @mesh = <["a"=2]>
func.func private @foo(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  return %arg0 : tensor<8xf32>
}
func.func private @helper(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = sdy.named_computation<"foo">(%arg0) in_shardings=[<@mesh, [{"a"}]>] (%arg1: tensor<8xf32>) {
    %1 = stablehlo.abs %arg1 : tensor<8xf32>
    sdy.return %1 : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = call @helper(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
  %1 = sdy.named_computation<"main">(%0) out_shardings=[<@mesh, [{?}]>] (%arg1: tensor<8xf32>) {
    sdy.return %arg1 : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  %2 = call @foo(%1) : (tensor<8xf32>) -> tensor<8xf32>
  return %2 : tensor<8xf32>
}
