// RUN: sdy-opt %s -split-input-file -sdy-insert-func-call-reshards | FileCheck %s
//
// The CHECK lines are the output of the real Shardy (JAX 0.10.2's jaxlib) on
// the same input with `builtin.module(sdy-insert-func-call-reshards)`.

// CHECK-LABEL: module {
// CHECK-NEXT: sdy.mesh @mesh = <["a"=2, "b"=2]>
// CHECK-NEXT: func.func private @foo(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}) -> (tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
// CHECK-NEXT: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : tensor<8x8xf32>
// CHECK-NEXT: return %0, %arg0, %0 : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @main(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
// CHECK-NEXT: %0:3 = call @foo(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {?}]>, <@mesh, [{?}, {?}]>, <@mesh, [{}, {}]>]>} : (tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>)
// CHECK-NEXT: %1 = sdy.reshard %0#2 <@mesh, [{"a"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: %2 = sdy.reshard %0#1 <@mesh, [{"a"}, {?}]> : tensor<8x8xf32>
// CHECK-NEXT: %3 = sdy.reshard %0#0 <@mesh, [{}, {"a"}]> : tensor<8x8xf32>
// CHECK-NEXT: %4:3 = call @foo(%3) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {?}]>, <@mesh, [{?}, {?}]>, <@mesh, [{}, {}]>]>} : (tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>)
// CHECK-NEXT: %5 = stablehlo.add %2, %4#0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : tensor<8x8xf32>
// CHECK-NEXT: return %5 : tensor<8x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func private @foo(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}) -> (tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
  %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : tensor<8x8xf32>
  return %0, %arg0, %0 : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>
}
func.func @main(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0:3 = call @foo(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>, <@mesh, [{"a"}, {?}]>, <@mesh, [{"a"}, {}]>]>} : (tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>)
  %1:3 = call @foo(%0#0) : (tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>)
  %2 = stablehlo.add %0#1, %1#0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}

// -----

// Unsharded returned values, equal shardings, callees without shardings.
// CHECK-LABEL: module {
// CHECK-NEXT: sdy.mesh @mesh = <["a"=2, "b"=2]>
// CHECK-NEXT: func.func private @foo(%arg0: tensor<8xf32>, %arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}, tensor<8xf32>, tensor<8xf32>) {
// CHECK-NEXT: %0 = stablehlo.negate %arg0 : tensor<8xf32>
// CHECK-NEXT: return %0, %arg1, %arg0 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @none(%arg0: tensor<8xf32>) -> tensor<8xf32> {
// CHECK-NEXT: return %arg0 : tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
// CHECK-NEXT: %0:3 = call @foo(%arg0, %arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>, <@mesh, [{?}]>, <@mesh, [{?}]>]>} : (tensor<8xf32>, tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>)
// CHECK-NEXT: %1 = sdy.reshard %0#1 <@mesh, [{"b", ?}]> : tensor<8xf32>
// CHECK-NEXT: %2 = call @none(%0#0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: %3 = sdy.reshard %2 <@mesh, [{"a"}]> : tensor<8xf32>
// CHECK-NEXT: %4 = stablehlo.add %1, %3 : tensor<8xf32>
// CHECK-NEXT: return %4 : tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func private @foo(%arg0: tensor<8xf32>, %arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}, tensor<8xf32>, tensor<8xf32>) {
  %0 = stablehlo.negate %arg0 : tensor<8xf32>
  return %0, %arg1, %arg0 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}
func.func private @none(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  return %arg0 : tensor<8xf32>
}
func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0:3 = call @foo(%arg0, %arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>, <@mesh, [{"b", ?}]>, <@mesh, [{}]>]>} : (tensor<8xf32>, tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>)
  %1 = call @none(%0#0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : (tensor<8xf32>) -> tensor<8xf32>
  %2 = stablehlo.add %0#1, %1 : tensor<8xf32>
  return %2 : tensor<8xf32>
}

// -----

// Callees without result shardings return replicated values.
// CHECK-LABEL: module {
// CHECK-NEXT: sdy.mesh @mesh = <["a"=2, "b"=2]>
// CHECK-NEXT: sdy.mesh @mesh2 = <["c"=2]>
// CHECK-NEXT: func.func private @none(%arg0: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
// CHECK-NEXT: return %arg0, %arg0, %arg0 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @part(%arg0: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh2, [{"c"}]>}, tensor<8xf32>) {
// CHECK-NEXT: return %arg0, %arg0, %arg0 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
// CHECK-NEXT: %0:3 = call @none(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>, <@mesh2, [{}]>, <@mesh, [{}]>]>} : (tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>)
// CHECK-NEXT: %1 = sdy.reshard %0#2 <@mesh, [{"b"}]> : tensor<8xf32>
// CHECK-NEXT: %2 = sdy.reshard %0#0 <@mesh, [{"a", ?}]> : tensor<8xf32>
// CHECK-NEXT: %3:3 = call @none(%2) : (tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>)
// CHECK-NEXT: %4:3 = call @part(%3#0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh2, [{?}]>, <@mesh2, [{"c"}]>, <@mesh2, [{?}]>]>} : (tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>)
// CHECK-NEXT: %5 = sdy.reshard %4#0 <@mesh, [{"a", ?}]> : tensor<8xf32>
// CHECK-NEXT: %6 = stablehlo.add %5, %4#1 : tensor<8xf32>
// CHECK-NEXT: %7 = stablehlo.add %6, %4#2 : tensor<8xf32>
// CHECK-NEXT: %8 = stablehlo.add %7, %0#1 : tensor<8xf32>
// CHECK-NEXT: return %8 : tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
sdy.mesh @mesh = <["a"=2, "b"=2]>
sdy.mesh @mesh2 = <["c"=2]>
func.func private @none(%arg0: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  return %arg0, %arg0, %arg0 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}
func.func private @part(%arg0: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh2, [{"c"}]>}, tensor<8xf32>) {
  return %arg0, %arg0, %arg0 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}
func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0:3 = call @none(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}]>, <@mesh2, [{?}]>, <@mesh, [{"b"}]>]>} : (tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>)
  %1:3 = call @none(%0#0) : (tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>)
  %2:3 = call @part(%1#0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}]>, <@mesh2, [{"c", ?}]>, <@mesh, [{?}], replicated={"b"}>]>} : (tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>)
  %3 = stablehlo.add %2#0, %2#1 : tensor<8xf32>
  %4 = stablehlo.add %3, %2#2 : tensor<8xf32>
  %5 = stablehlo.add %4, %0#1 : tensor<8xf32>
  return %5 : tensor<8xf32>
}
