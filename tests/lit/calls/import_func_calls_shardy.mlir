// RUN: sdy-opt %s -split-input-file -sdy-import-func-calls | FileCheck %s
//
// The CHECK lines are the output of the real Shardy (JAX 0.10.2's jaxlib) on
// the same input with `builtin.module(sdy-import-func-calls{add-data-flow-edges-on-named-computations=false})`.

// The call's attributes stay, out shardings are the call's own, the name is the original function's.
// CHECK-LABEL: module {
// CHECK-NEXT: sdy.mesh @mesh = <["a"=2, "b"=2]>
// CHECK-NEXT: func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
// CHECK-NEXT: %0:2 = sdy.named_computation<"foo">(%arg0) in_shardings=[<@mesh, [{"a"}]>] out_shardings=[<@mesh, [{}]>, <@mesh, [{"a"}]>] (%arg1: tensor<8xf32>) {
// CHECK-NEXT: %3 = stablehlo.negate %arg1 : tensor<8xf32>
// CHECK-NEXT: sdy.return %3, %arg1 : tensor<8xf32>, tensor<8xf32>
// CHECK-NEXT: } {mhlo.frontend_attributes = {x = "1"}} : (tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>)
// CHECK-NEXT: %1 = sdy.named_computation<"bar">(%0#0) (%arg1: tensor<8xf32>) {
// CHECK-NEXT: %3 = stablehlo.abs %arg1 : tensor<8xf32>
// CHECK-NEXT: sdy.return %3 : tensor<8xf32>
// CHECK-NEXT: } : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: %2 = stablehlo.add %1, %0#1 : tensor<8xf32>
// CHECK-NEXT: return %2 : tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func private @foo(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}, tensor<8xf32>) {
  %0 = stablehlo.negate %arg0 : tensor<8xf32>
  return %0, %arg0 : tensor<8xf32>, tensor<8xf32>
}
func.func private @bar(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = stablehlo.abs %arg0 : tensor<8xf32>
  return %0 : tensor<8xf32>
}
func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0:2 = call @foo(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>, <@mesh, [{"a"}]>]>, mhlo.frontend_attributes = {x = "1"}} : (tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>)
  %1 = call @bar(%0#0) : (tensor<8xf32>) -> tensor<8xf32>
  %2 = stablehlo.add %1, %0#1 : tensor<8xf32>
  return %2 : tensor<8xf32>
}

// -----

// Flattened clones take the name of the function they were cloned from.
// CHECK-LABEL: module {
// CHECK-NEXT: sdy.mesh @mesh = <["a"=2, "b"=2]>
// CHECK-NEXT: func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
// CHECK-NEXT: %0:2 = sdy.named_computation<"foo">(%arg0, %arg0) in_shardings=[<@mesh, [{?}]>, <@mesh, [{"a"}]>] (%arg1: tensor<8xf32>, %arg2: tensor<8xf32>) {
// CHECK-NEXT: %3 = stablehlo.negate %arg1 : tensor<8xf32>
// CHECK-NEXT: sdy.return %3, %arg2 : tensor<8xf32>, tensor<8xf32>
// CHECK-NEXT: } : (tensor<8xf32>, tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>)
// CHECK-NEXT: %1:2 = sdy.named_computation<"foo">(%0#0, %0#1) in_shardings=[<@mesh, [{?}]>, <@mesh, [{"a"}]>] out_shardings=[<@mesh, [{}]>, <@mesh, [{"a"}]>] (%arg1: tensor<8xf32>, %arg2: tensor<8xf32>) {
// CHECK-NEXT: %3 = stablehlo.negate %arg1 : tensor<8xf32>
// CHECK-NEXT: sdy.return %3, %arg2 : tensor<8xf32>, tensor<8xf32>
// CHECK-NEXT: } : (tensor<8xf32>, tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>)
// CHECK-NEXT: %2 = stablehlo.add %1#0, %1#1 : tensor<8xf32>
// CHECK-NEXT: return %2 : tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func private @foo(%arg0: tensor<8xf32>, %arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}, tensor<8xf32>) {
  %0 = stablehlo.negate %arg0 : tensor<8xf32>
  return %0, %arg1 : tensor<8xf32>, tensor<8xf32>
}
func.func private @foo_1(%arg0: tensor<8xf32>, %arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}, tensor<8xf32>) attributes {sdy.original_func_name = "foo"} {
  %0 = stablehlo.negate %arg0 : tensor<8xf32>
  return %0, %arg1 : tensor<8xf32>, tensor<8xf32>
}
func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0:2 = call @foo(%arg0, %arg0) : (tensor<8xf32>, tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>)
  %1:2 = call @foo_1(%0#0, %0#1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>, <@mesh, [{"a"}]>]>} : (tensor<8xf32>, tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>)
  %2 = stablehlo.add %1#0, %1#1 : tensor<8xf32>
  return %2 : tensor<8xf32>
}
