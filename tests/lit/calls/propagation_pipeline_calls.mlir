// RUN: sdy-opt %s -split-input-file -sdy-propagation-pipeline | FileCheck %s
//
// The CHECK lines are the output of the real Shardy (JAX 0.10.2's jaxlib) on
// the same input with `builtin.module(sdy-propagation-pipeline)` (its mesh
// attribute `stablehlo.mesh`, which sdy does not print, left out): calls stay
// calls, each callee sharded as the values flowing through it.

// A callee called twice with the same shardings stays one function.
// CHECK-LABEL: module {
// CHECK-NEXT: sdy.mesh @mesh = <["a"=2, "b"=2]>
// CHECK-NEXT: func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK-NEXT: %0 = call @foo(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: %1 = call @foo(%arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: %2 = stablehlo.multiply %0, %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
// CHECK-NEXT: return %0, %2 : tensor<8x8xf32>, tensor<8x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @foo(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK-NEXT: %0 = stablehlo.add %arg0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
// CHECK-NEXT: return %0 : tensor<8x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func private @foo(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.add %arg0, %arg0 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %0 = call @foo(%arg0) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %1 = call @foo(%arg1) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %2 = stablehlo.multiply %0, %1 : tensor<8x8xf32>
  return %0, %2 : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

// A callee called with different shardings is cloned, one clone per set of shardings.
// CHECK-LABEL: module {
// CHECK-NEXT: sdy.mesh @mesh = <["a"=2, "b"=2]>
// CHECK-NEXT: func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK-NEXT: %0 = call @foo(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: %1 = call @foo_0(%arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: return %0, %1 : tensor<8x8xf32>, tensor<8x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @foo(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK-NEXT: %0 = stablehlo.abs %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
// CHECK-NEXT: return %0 : tensor<8x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @foo_0(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK-NEXT: %0 = stablehlo.abs %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<8x8xf32>
// CHECK-NEXT: return %0 : tensor<8x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func private @foo(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.abs %arg0 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %0 = call @foo(%arg0) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %1 = call @foo(%arg1) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0, %1 : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

// Nested calls: the caller's operands are resharded to the callee's arguments.
// CHECK-LABEL: module {
// CHECK-NEXT: sdy.mesh @mesh = <["a"=2, "b"=2]>
// CHECK-NEXT: func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK-NEXT: %0 = sdy.reshard %arg1 <@mesh, [{"a"}, {"b"}]> : tensor<8x8xf32>
// CHECK-NEXT: %1 = sdy.reshard %arg0 <@mesh, [{"a"}, {"b"}]> : tensor<8x8xf32>
// CHECK-NEXT: %2 = call @outer(%1, %0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: return %2 : tensor<8x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @inner(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK-NEXT: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x8xf32>
// CHECK-NEXT: return %0 : tensor<8x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @outer(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK-NEXT: %0 = call @inner(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: %1 = stablehlo.add %0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x8xf32>
// CHECK-NEXT: return %1 : tensor<8x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func private @inner(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
func.func private @outer(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = call @inner(%arg0) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %1 = stablehlo.add %0, %arg1 : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> tensor<8x8xf32> {
  %0 = call @outer(%arg0, %arg1) : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// Shardings on the callee's result and on a call: the call takes the callee's
// result shardings and an sdy.reshard to its own follows; a user sharding on
// the call does not flow into the callee against what flows in.
// CHECK-LABEL: module {
// CHECK-NEXT: sdy.mesh @mesh = <["a"=2, "b"=2]>
// CHECK-NEXT: func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}, tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK-NEXT: %0 = sdy.reshard %arg0 <@mesh, [{"a"}, {"b"}]> : tensor<8x8xf32>
// CHECK-NEXT: %1 = call @foo(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: %2 = sdy.reshard %1 <@mesh, [{}, {"b"}]> : tensor<8x8xf32>
// CHECK-NEXT: %3 = call @bar(%2) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: %4 = sdy.reshard %3 <@mesh, [{"b"}, {"a"}]> : tensor<8x8xf32>
// CHECK-NEXT: %5 = stablehlo.add %2, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x8xf32>
// CHECK-NEXT: return %4, %5 : tensor<8x8xf32>, tensor<8x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @foo(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK-NEXT: %0 = stablehlo.abs %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x8xf32>
// CHECK-NEXT: return %0 : tensor<8x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @bar(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK-NEXT: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<8x8xf32>
// CHECK-NEXT: return %0 : tensor<8x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func private @foo(%arg0: tensor<8x8xf32>) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
  %0 = stablehlo.abs %arg0 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
func.func private @bar(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %0 = call @foo(%arg0) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %1 = call @bar(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"a"}]>]>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %2 = stablehlo.add %0, %arg0 : tensor<8x8xf32>
  return %1, %2 : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

// Calls whose own shardings differ share the callee the arguments shard.
// CHECK-LABEL: module {
// CHECK-NEXT: sdy.mesh @mesh = <["a"=2, "b"=2]>
// CHECK-NEXT: func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) {
// CHECK-NEXT: %0 = sdy.reshard %arg0 <@mesh, [{"a"}, {"b"}]> : tensor<8x8xf32>
// CHECK-NEXT: %1 = call @bar(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: %2 = call @bar(%1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: %3 = sdy.reshard %2 <@mesh, [{}, {"a"}]> : tensor<8x8xf32>
// CHECK-NEXT: return %3 : tensor<8x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @bar(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK-NEXT: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x8xf32>
// CHECK-NEXT: return %0 : tensor<8x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func private @bar(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  %0 = call @bar(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %1 = call @bar(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

// A call with several results, one returned as is.
// CHECK-LABEL: module {
// CHECK-NEXT: sdy.mesh @mesh = <["a"=2, "b"=2]>
// CHECK-NEXT: func.func @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) {
// CHECK-NEXT: %0:3 = call @split(%arg0, %arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>, <@mesh, [{"a"}, {"b"}]>, <@mesh, [{"b"}, {"a"}]>]>} : (tensor<8x16xf32>, tensor<16x4xf32>) -> (tensor<8x4xf32>, tensor<8x16xf32>, tensor<16x4xf32>)
// CHECK-NEXT: return %0#0, %0#1, %0#2 : tensor<8x4xf32>, tensor<8x16xf32>, tensor<16x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @split(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) {
// CHECK-NEXT: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
// CHECK-NEXT: %1 = stablehlo.exponential %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x16xf32>
// CHECK-NEXT: return %0, %1, %arg1 : tensor<8x4xf32>, tensor<8x16xf32>, tensor<16x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func private @split(%arg0: tensor<8x16xf32>, %arg1: tensor<16x4xf32>) -> (tensor<8x4xf32>, tensor<8x16xf32>, tensor<16x4xf32>) {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  %1 = stablehlo.exponential %arg0 : tensor<8x16xf32>
  return %0, %1, %arg1 : tensor<8x4xf32>, tensor<8x16xf32>, tensor<16x4xf32>
}
func.func @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<16x4xf32>) -> (tensor<8x4xf32>, tensor<8x16xf32>, tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) {
  %0:3 = call @split(%arg0, %arg1) : (tensor<8x16xf32>, tensor<16x4xf32>) -> (tensor<8x4xf32>, tensor<8x16xf32>, tensor<16x4xf32>)
  return %0#0, %0#1, %0#2 : tensor<8x4xf32>, tensor<8x16xf32>, tensor<16x4xf32>
}

// -----

// A call in a while body.
// CHECK-LABEL: module {
// CHECK-NEXT: sdy.mesh @mesh = <["a"=2, "b"=2]>
// CHECK-NEXT: func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<i32>) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK-NEXT: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK-NEXT: %1 = sdy.constant dense<1> : tensor<i32>
// CHECK-NEXT: %2:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %0) : tensor<8x8xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>, <@mesh, []>]>}
// CHECK-NEXT: cond {
// CHECK-NEXT: %3 = stablehlo.compare LT, %iterArg_0, %arg1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
// CHECK-NEXT: stablehlo.return %3 : tensor<i1>
// CHECK-NEXT: } do {
// CHECK-NEXT: %3 = func.call @body(%iterArg) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: %4 = stablehlo.add %iterArg_0, %1 : tensor<i32>
// CHECK-NEXT: stablehlo.return %3, %4 : tensor<8x8xf32>, tensor<i32>
// CHECK-NEXT: }
// CHECK-NEXT: return %2#0 : tensor<8x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @body(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK-NEXT: %0 = stablehlo.sine %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x8xf32>
// CHECK-NEXT: return %0 : tensor<8x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func private @body(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.sine %arg0 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<i32>) -> tensor<8x8xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %0:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %c) : tensor<8x8xf32>, tensor<i32>
    cond {
    %1 = stablehlo.compare LT, %iterArg_0, %arg1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %1 = func.call @body(%iterArg) : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %2 = stablehlo.add %iterArg_0, %c1 : tensor<i32>
    stablehlo.return %1, %2 : tensor<8x8xf32>, tensor<i32>
  }
  return %0#0 : tensor<8x8xf32>
}

// -----

// Calls in case branches, one callee called from both.
// CHECK-LABEL: module {
// CHECK-NEXT: sdy.mesh @mesh = <["a"=2, "b"=2]>
// CHECK-NEXT: func.func @main(%arg0: tensor<i32>, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) {
// CHECK-NEXT: %0 = "stablehlo.case"(%arg0) ({
// CHECK-NEXT: %1 = func.call @f(%arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: stablehlo.return %1 : tensor<8x8xf32>
// CHECK-NEXT: }, {
// CHECK-NEXT: %1 = func.call @g(%arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: %2 = func.call @f(%1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: stablehlo.return %2 : tensor<8x8xf32>
// CHECK-NEXT: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : (tensor<i32>) -> tensor<8x8xf32>
// CHECK-NEXT: return %0 : tensor<8x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @f(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) {
// CHECK-NEXT: %0 = stablehlo.cosine %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : tensor<8x8xf32>
// CHECK-NEXT: return %0 : tensor<8x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @g(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) {
// CHECK-NEXT: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : tensor<8x8xf32>
// CHECK-NEXT: return %0 : tensor<8x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func private @f(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.cosine %arg0 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
func.func private @g(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
func.func @main(%arg0: tensor<i32>, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> tensor<8x8xf32> {
  %0 = "stablehlo.case"(%arg0) ({
    %1 = func.call @f(%arg1) : (tensor<8x8xf32>) -> tensor<8x8xf32>
    stablehlo.return %1 : tensor<8x8xf32>
  }, {
    %1 = func.call @g(%arg1) : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %2 = func.call @f(%1) : (tensor<8x8xf32>) -> tensor<8x8xf32>
    stablehlo.return %2 : tensor<8x8xf32>
  }) : (tensor<i32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// A public callee becomes private, as in Shardy.
// CHECK-LABEL: module {
// CHECK-NEXT: sdy.mesh @mesh = <["a"=2, "b"=2]>
// CHECK-NEXT: func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK-NEXT: %0 = call @foo(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: return %0 : tensor<8x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @foo(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK-NEXT: %0 = stablehlo.abs %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
// CHECK-NEXT: return %0 : tensor<8x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @foo(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.abs %arg0 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  %0 = call @foo(%arg0) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
