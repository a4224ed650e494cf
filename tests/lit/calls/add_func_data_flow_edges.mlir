// RUN: sdy-opt %s -split-input-file -sdy-add-func-data-flow-edges | FileCheck %s
//
// The CHECK lines are the output of the real Shardy (JAX 0.10.2's jaxlib) on
// the same input with `builtin.module(sdy-add-func-data-flow-edges)`.

// Every function but @main gets edges on its arguments, every call on its results.
// CHECK-LABEL: module {
// CHECK-NEXT: sdy.mesh @mesh = <["a"=2, "b"=2]>
// CHECK-NEXT: func.func private @inner(%arg0: tensor<8xf32>) -> tensor<8xf32> {
// CHECK-NEXT: %0 = sdy.func_data_flow_edge %arg0 : tensor<8xf32>
// CHECK-NEXT: %1 = stablehlo.negate %0 : tensor<8xf32>
// CHECK-NEXT: return %1 : tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @layer(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) {
// CHECK-NEXT: %0 = sdy.func_data_flow_edge %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<8xf32>
// CHECK-NEXT: %1 = call @inner(%0) : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: %2 = sdy.func_data_flow_edge %1 : tensor<8xf32>
// CHECK-NEXT: %3 = call @inner(%2) : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: %4 = sdy.func_data_flow_edge %3 : tensor<8xf32>
// CHECK-NEXT: return %4 : tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
// CHECK-NEXT: %0 = call @layer(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: %1 = sdy.func_data_flow_edge %0 : tensor<8xf32>
// CHECK-NEXT: %2 = call @layer(%1) {foo = 1 : i32, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b"}]>]>} : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: %3 = sdy.func_data_flow_edge %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b"}]>]>} : tensor<8xf32>
// CHECK-NEXT: return %3 : tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func private @inner(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8xf32>
  return %0 : tensor<8xf32>
}
func.func private @layer(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) {
  %0 = call @inner(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
  %1 = call @inner(%0) : (tensor<8xf32>) -> tensor<8xf32>
  return %1 : tensor<8xf32>
}
func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = call @layer(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
  %1 = call @layer(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b"}]>]>, foo = 1 : i32} : (tensor<8xf32>) -> tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

// Multiple results, calls in regions, public functions.
// CHECK-LABEL: module {
// CHECK-NEXT: sdy.mesh @mesh = <["a"=2, "b"=2]>
// CHECK-NEXT: func.func @pub(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}, %arg1: tensor<4xf32>) -> (tensor<8xf32>, tensor<4xf32>) {
// CHECK-NEXT: %0 = sdy.func_data_flow_edge %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<8xf32>
// CHECK-NEXT: %1 = sdy.func_data_flow_edge %arg1 : tensor<4xf32>
// CHECK-NEXT: return %0, %1 : tensor<8xf32>, tensor<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @main(%arg0: tensor<8xf32>, %arg1: tensor<4xf32>, %arg2: tensor<i32>) -> tensor<8xf32> {
// CHECK-NEXT: %0:2 = call @pub(%arg0, %arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>, <@mesh, [{}]>]>} : (tensor<8xf32>, tensor<4xf32>) -> (tensor<8xf32>, tensor<4xf32>)
// CHECK-NEXT: %1 = sdy.func_data_flow_edge %0#0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<8xf32>
// CHECK-NEXT: %2 = sdy.func_data_flow_edge %0#1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : tensor<4xf32>
// CHECK-NEXT: %3 = "stablehlo.case"(%arg2) ({
// CHECK-NEXT: %4:2 = func.call @pub(%arg0, %arg1) : (tensor<8xf32>, tensor<4xf32>) -> (tensor<8xf32>, tensor<4xf32>)
// CHECK-NEXT: %5 = sdy.func_data_flow_edge %4#0 : tensor<8xf32>
// CHECK-NEXT: %6 = sdy.func_data_flow_edge %4#1 : tensor<4xf32>
// CHECK-NEXT: stablehlo.return %5 : tensor<8xf32>
// CHECK-NEXT: }) : (tensor<i32>) -> tensor<8xf32>
// CHECK-NEXT: return %1 : tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @pub(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}, %arg1: tensor<4xf32>) -> (tensor<8xf32>, tensor<4xf32>) {
  return %arg0, %arg1 : tensor<8xf32>, tensor<4xf32>
}
func.func @main(%arg0: tensor<8xf32>, %arg1: tensor<4xf32>, %i: tensor<i32>) -> tensor<8xf32> {
  %0:2 = call @pub(%arg0, %arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>, <@mesh, [{}]>]>} : (tensor<8xf32>, tensor<4xf32>) -> (tensor<8xf32>, tensor<4xf32>)
  %1 = "stablehlo.case"(%i) ({
    %2:2 = func.call @pub(%arg0, %arg1) : (tensor<8xf32>, tensor<4xf32>) -> (tensor<8xf32>, tensor<4xf32>)
    stablehlo.return %2#0 : tensor<8xf32>
  }) : (tensor<i32>) -> tensor<8xf32>
  return %0#0 : tensor<8xf32>
}
