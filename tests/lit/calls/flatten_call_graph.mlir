// RUN: sdy-opt %s -split-input-file -sdy-flatten-call-graph | FileCheck %s
//
// The CHECK lines are the output of the real Shardy (JAX 0.10.2's jaxlib) on
// the same input with `builtin.module(sdy-flatten-call-graph)`.

// Repeated and nested calls: callees are visited first.
// CHECK-LABEL: module {
// CHECK-NEXT: sdy.mesh @mesh = <["a"=2, "b"=2]>
// CHECK-NEXT: func.func private @inner(%arg0: tensor<8xf32>) -> tensor<8xf32> {
// CHECK-NEXT: %0 = stablehlo.negate %arg0 : tensor<8xf32>
// CHECK-NEXT: return %0 : tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @layer(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) {
// CHECK-NEXT: %0 = call @inner(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: %1 = call @inner_0(%0) : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: return %1 : tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
// CHECK-NEXT: %0 = call @layer(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: %1 = call @layer_3(%0) {foo = 1 : i32, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b"}]>]>} : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: return %1 : tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @inner_0(%arg0: tensor<8xf32>) -> tensor<8xf32> attributes {sdy.original_func_name = "inner"} {
// CHECK-NEXT: %0 = stablehlo.negate %arg0 : tensor<8xf32>
// CHECK-NEXT: return %0 : tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @inner_1(%arg0: tensor<8xf32>) -> tensor<8xf32> attributes {sdy.original_func_name = "inner"} {
// CHECK-NEXT: %0 = stablehlo.negate %arg0 : tensor<8xf32>
// CHECK-NEXT: return %0 : tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @inner_0_2(%arg0: tensor<8xf32>) -> tensor<8xf32> attributes {sdy.original_func_name = "inner"} {
// CHECK-NEXT: %0 = stablehlo.negate %arg0 : tensor<8xf32>
// CHECK-NEXT: return %0 : tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @layer_3(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) attributes {sdy.original_func_name = "layer"} {
// CHECK-NEXT: %0 = call @inner_1(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: %1 = call @inner_0_2(%0) : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: return %1 : tensor<8xf32>
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

// A function called from several callers, and a public one.
// CHECK-LABEL: module {
// CHECK-NEXT: func.func private @z(%arg0: tensor<8xf32>) -> tensor<8xf32> {
// CHECK-NEXT: return %arg0 : tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @y(%arg0: tensor<8xf32>) -> tensor<8xf32> {
// CHECK-NEXT: %0 = call @z(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: return %0 : tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @unreached(%arg0: tensor<8xf32>) -> tensor<8xf32> {
// CHECK-NEXT: %0 = call @z_0(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: return %0 : tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @x(%arg0: tensor<8xf32>) -> tensor<8xf32> {
// CHECK-NEXT: %0 = call @z_1(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: %1 = call @y(%0) : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: return %1 : tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @other(%arg0: tensor<8xf32>) -> tensor<8xf32> {
// CHECK-NEXT: %0 = call @y_3(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: return %0 : tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
// CHECK-NEXT: %0 = call @y_5(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: %1 = call @x(%0) : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: return %1 : tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @z_0(%arg0: tensor<8xf32>) -> tensor<8xf32> attributes {sdy.original_func_name = "z"} {
// CHECK-NEXT: return %arg0 : tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @z_1(%arg0: tensor<8xf32>) -> tensor<8xf32> attributes {sdy.original_func_name = "z"} {
// CHECK-NEXT: return %arg0 : tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @z_2(%arg0: tensor<8xf32>) -> tensor<8xf32> attributes {sdy.original_func_name = "z"} {
// CHECK-NEXT: return %arg0 : tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @y_3(%arg0: tensor<8xf32>) -> tensor<8xf32> attributes {sdy.original_func_name = "y"} {
// CHECK-NEXT: %0 = call @z_2(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: return %0 : tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @z_4(%arg0: tensor<8xf32>) -> tensor<8xf32> attributes {sdy.original_func_name = "z"} {
// CHECK-NEXT: return %arg0 : tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @y_5(%arg0: tensor<8xf32>) -> tensor<8xf32> attributes {sdy.original_func_name = "y"} {
// CHECK-NEXT: %0 = call @z_4(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: return %0 : tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
func.func private @z(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  return %arg0 : tensor<8xf32>
}
func.func private @y(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = call @z(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
func.func private @unreached(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = call @z(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
func.func private @x(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = call @z(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
  %1 = call @y(%0) : (tensor<8xf32>) -> tensor<8xf32>
  return %1 : tensor<8xf32>
}
func.func @other(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = call @y(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = call @y(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
  %1 = call @x(%0) : (tensor<8xf32>) -> tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

// Multiple results, a call inside a region.
// CHECK-LABEL: module {
// CHECK-NEXT: sdy.mesh @mesh = <["a"=2, "b"=2]>
// CHECK-NEXT: func.func @pub(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}, %arg1: tensor<4xf32>) -> (tensor<8xf32>, tensor<4xf32>) {
// CHECK-NEXT: return %arg0, %arg1 : tensor<8xf32>, tensor<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @main(%arg0: tensor<8xf32>, %arg1: tensor<4xf32>, %arg2: tensor<i32>) -> tensor<8xf32> {
// CHECK-NEXT: %0:2 = call @pub(%arg0, %arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>, <@mesh, [{}]>]>} : (tensor<8xf32>, tensor<4xf32>) -> (tensor<8xf32>, tensor<4xf32>)
// CHECK-NEXT: %1 = "stablehlo.case"(%arg2) ({
// CHECK-NEXT: %2:2 = func.call @pub_0(%arg0, %arg1) : (tensor<8xf32>, tensor<4xf32>) -> (tensor<8xf32>, tensor<4xf32>)
// CHECK-NEXT: stablehlo.return %2#0 : tensor<8xf32>
// CHECK-NEXT: }) : (tensor<i32>) -> tensor<8xf32>
// CHECK-NEXT: return %0#0 : tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @pub_0(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}, %arg1: tensor<4xf32>) -> (tensor<8xf32>, tensor<4xf32>) attributes {sdy.original_func_name = "pub"} {
// CHECK-NEXT: return %arg0, %arg1 : tensor<8xf32>, tensor<4xf32>
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
