// RUN: sdy-opt %s -split-input-file -sdy-update-non-divisible-input-output-shardings | FileCheck %s
//
// The CHECK lines are the output of the real Shardy (JAX 0.10.2's jaxlib) on
// the same input with
// `builtin.module(sdy-update-non-divisible-input-output-shardings)`: the
// results of calls are made divisible like function results.

// Arguments, results and call results; the ops inside keep their shardings.
// CHECK-LABEL: module {
// CHECK-NEXT: sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
// CHECK-NEXT: func.func private @inner(%arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", "b"}]>}) -> (tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", "b"}]>}) {
// CHECK-NEXT: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", "b", "a"}]>]>} : tensor<4xf32>
// CHECK-NEXT: return %0 : tensor<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @main(%arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", "b"}]>}) -> (tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", "b"}]>}) {
// CHECK-NEXT: %0 = call @inner(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", "b"}]>]>} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %1 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", "b", "a"}]>]>} : tensor<4xf32>
// CHECK-NEXT: return %1 : tensor<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func private @inner(%arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", "b", "a"}]>}) -> (tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", "b", "a"}]>}) {
  %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", "b", "a"}]>]>} : tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @main(%arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", "b", "a"}]>}) -> (tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", "b", "a"}]>}) {
  %0 = call @inner(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", "b", "a"}]>]>} : (tensor<4xf32>) -> tensor<4xf32>
  %1 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", "b", "a"}]>]>} : tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// Call results whose callee has none; open dimensions stay open.
// CHECK-LABEL: module {
// CHECK-NEXT: sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
// CHECK-NEXT: func.func private @inner(%arg0: tensor<4xf32>) -> (tensor<4xf32>, tensor<6xf32>) {
// CHECK-NEXT: %cst = stablehlo.constant dense<1.000000e+00> : tensor<6xf32>
// CHECK-NEXT: return %arg0, %cst : tensor<4xf32>, tensor<6xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT: %0:2 = call @inner(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", "b", ?}]>, <@mesh, [{"c", ?}]>]>} : (tensor<4xf32>) -> (tensor<4xf32>, tensor<6xf32>)
// CHECK-NEXT: %1 = stablehlo.abs %0#0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", "b", "a"}]>]>} : tensor<4xf32>
// CHECK-NEXT: return %1 : tensor<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func private @inner(%arg0: tensor<4xf32>) -> (tensor<4xf32>, tensor<6xf32>) {
  %c = stablehlo.constant dense<1.0> : tensor<6xf32>
  return %arg0, %c : tensor<4xf32>, tensor<6xf32>
}
func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0:2 = call @inner(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", "b", "a", ?}]>, <@mesh, [{"c", ?}]>]>} : (tensor<4xf32>) -> (tensor<4xf32>, tensor<6xf32>)
  %1 = stablehlo.abs %0#0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", "b", "a"}]>]>} : tensor<4xf32>
  return %1 : tensor<4xf32>
}
