// RUN: sdy-opt %s -split-input-file -sdy-sink-func-data-flow-edges | FileCheck %s
//
// The CHECK lines are the output of the real Shardy (JAX 0.10.2's jaxlib) on
// the same input with `builtin.module(func.func(sdy-sink-func-data-flow-edges))`.

// CHECK-LABEL: module {
// CHECK-NEXT: sdy.mesh @mesh = <["a"=2, "b"=2]>
// CHECK-NEXT: func.func private @foo(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<8xf32> {
// CHECK-NEXT: return %arg0 : tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
// CHECK-NEXT: %0 = call @foo(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: return %0 : tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func private @foo(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = sdy.func_data_flow_edge %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}
func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = call @foo(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
  %1 = sdy.func_data_flow_edge %0 : tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

// CHECK-LABEL: module {
// CHECK-NEXT: sdy.mesh @mesh = <["a"=2, "b"=2]>
// CHECK-NEXT: func.func private @foo(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}, %arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}]>}) -> (tensor<8xf32>, tensor<8xf32>) {
// CHECK-NEXT: return %arg0, %arg1 : tensor<8xf32>, tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
// CHECK-NEXT: %0:2 = call @foo(%arg0, %arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}]>, <@mesh, [{"a", ?}]>]>} : (tensor<8xf32>, tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>)
// CHECK-NEXT: %1:2 = call @foo(%arg0, %arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}]>, <@mesh, [{"a"}]>]>} : (tensor<8xf32>, tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>)
// CHECK-NEXT: %2 = stablehlo.add %0#0, %0#1 : tensor<8xf32>
// CHECK-NEXT: %3 = stablehlo.add %1#0, %1#1 : tensor<8xf32>
// CHECK-NEXT: %4 = stablehlo.add %2, %3 : tensor<8xf32>
// CHECK-NEXT: return %4 : tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func private @foo(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}, %arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) -> (tensor<8xf32>, tensor<8xf32>) {
  %0 = sdy.func_data_flow_edge %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<8xf32>
  %1 = sdy.func_data_flow_edge %arg1 : tensor<8xf32>
  return %0, %1 : tensor<8xf32>, tensor<8xf32>
}
func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0:2 = call @foo(%arg0, %arg0) : (tensor<8xf32>, tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>)
  %1 = sdy.func_data_flow_edge %0#0 : tensor<8xf32>
  %2 = sdy.func_data_flow_edge %0#1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}]>]>} : tensor<8xf32>
  %3:2 = call @foo(%arg0, %arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}]>, <@mesh, [{"b"}]>]>} : (tensor<8xf32>, tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>)
  %4 = sdy.func_data_flow_edge %3#0 : tensor<8xf32>
  %5 = sdy.func_data_flow_edge %3#1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<8xf32>
  %6 = stablehlo.add %1, %2 : tensor<8xf32>
  %7 = stablehlo.add %4, %5 : tensor<8xf32>
  %8 = stablehlo.add %6, %7 : tensor<8xf32>
  return %8 : tensor<8xf32>
}

// -----

// Edges without shardings leave sharded owners fully open.
// CHECK-LABEL: module {
// CHECK-NEXT: sdy.mesh @mesh = <["a"=2, "b"=2]>
// CHECK-NEXT: sdy.mesh @mesh2 = <["c"=2]>
// CHECK-NEXT: func.func private @foo(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}]>}, %arg1: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
// CHECK-NEXT: return %arg0, %arg1 : tensor<8xf32>, tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
// CHECK-NEXT: %0:2 = call @foo(%arg0, %arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}]>, <@mesh, [{?}]>]>} : (tensor<8xf32>, tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>)
// CHECK-NEXT: %1:2 = call @foo(%arg0, %arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh2, [{}]>, <@mesh, [{"a"}]>]>} : (tensor<8xf32>, tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>)
// CHECK-NEXT: %2 = stablehlo.add %0#0, %0#1 : tensor<8xf32>
// CHECK-NEXT: %3 = stablehlo.add %1#0, %1#1 : tensor<8xf32>
// CHECK-NEXT: %4 = stablehlo.add %2, %3 : tensor<8xf32>
// CHECK-NEXT: return %4 : tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
sdy.mesh @mesh = <["a"=2, "b"=2]>
sdy.mesh @mesh2 = <["c"=2]>
func.func private @foo(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}, %arg1: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %0 = sdy.func_data_flow_edge %arg0 : tensor<8xf32>
  %1 = sdy.func_data_flow_edge %arg1 : tensor<8xf32>
  return %0, %1 : tensor<8xf32>, tensor<8xf32>
}
func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0:2 = call @foo(%arg0, %arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}]>, <@mesh, [{"b"}]>]>} : (tensor<8xf32>, tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>)
  %1 = sdy.func_data_flow_edge %0#0 : tensor<8xf32>
  %2 = sdy.func_data_flow_edge %0#1 : tensor<8xf32>
  %3:2 = call @foo(%arg0, %arg0) : (tensor<8xf32>, tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>)
  %4 = sdy.func_data_flow_edge %3#0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh2, [{}]>]>} : tensor<8xf32>
  %5 = sdy.func_data_flow_edge %3#1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<8xf32>
  %6 = stablehlo.add %1, %2 : tensor<8xf32>
  %7 = stablehlo.add %4, %5 : tensor<8xf32>
  %8 = stablehlo.add %6, %7 : tensor<8xf32>
  return %8 : tensor<8xf32>
}
