// RUN: sdy-opt %s -split-input-file -sdy-propagation-pipeline | FileCheck %s

sdy.mesh @mesh = <["a"=2, "b"=2]>
// While loop: the init sharding flows through the loop body and out.
// CHECK-LABEL: func.func @while_loop(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<i32>) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: [[WHILE:%.+]]:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %arg1) : tensor<8x4xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>, <@mesh, []>]>}
// CHECK: [[CONSTANT:%.+]] = sdy.constant dense<4> : tensor<i32>
// CHECK: [[COMPARE:%.+]] = stablehlo.compare LT, %iterArg_0, [[CONSTANT]] : (tensor<i32>, tensor<i32>) -> tensor<i1>
// CHECK: stablehlo.return [[COMPARE]] : tensor<i1>
// CHECK: [[NEGATE:%.+]] = stablehlo.negate %iterArg {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x4xf32>
// CHECK: [[CONSTANT_1:%.+]] = sdy.constant dense<1> : tensor<i32>
// CHECK: [[ADD:%.+]] = stablehlo.add %iterArg_0, [[CONSTANT_1]] : tensor<i32>
// CHECK: stablehlo.return [[NEGATE]], [[ADD]] : tensor<8x4xf32>, tensor<i32>
// CHECK: [[ABS:%.+]] = stablehlo.abs [[WHILE]]#0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x4xf32>
// CHECK: return [[ABS]] : tensor<8x4xf32>
func.func @while_loop(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<i32>) -> tensor<8x4xf32> {
  %0:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %arg1) : tensor<8x4xf32>, tensor<i32>
   cond {
    %c = stablehlo.constant dense<4> : tensor<i32>
    %p = stablehlo.compare  LT, %iterArg_0, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %n = stablehlo.negate %iterArg : tensor<8x4xf32>
    %c1 = stablehlo.constant dense<1> : tensor<i32>
    %i = stablehlo.add %iterArg_0, %c1 : tensor<i32>
    stablehlo.return %n, %i : tensor<8x4xf32>, tensor<i32>
  }
  %r = stablehlo.abs %0#0 : tensor<8x4xf32>
  return %r : tensor<8x4xf32>
}
// -----
sdy.mesh @mesh = <["a"=2, "b"=2]>
// A sharding from inside the loop body reaches the init value and the result.
// CHECK-LABEL: func.func @while_from_body(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, %arg1: tensor<i32>) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: [[WHILE:%.+]]:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %arg1) : tensor<8x4xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>, <@mesh, []>]>}
// CHECK: [[CONSTANT:%.+]] = sdy.constant dense<4> : tensor<i32>
// CHECK: [[COMPARE:%.+]] = stablehlo.compare LT, %iterArg_0, [[CONSTANT]] : (tensor<i32>, tensor<i32>) -> tensor<i1>
// CHECK: stablehlo.return [[COMPARE]] : tensor<i1>
// CHECK: [[RESHARD:%.+]] = sdy.reshard %iterArg <@mesh, [{}, {"b"}]> : tensor<8x4xf32>
// CHECK: stablehlo.return [[RESHARD]], %iterArg_0 : tensor<8x4xf32>, tensor<i32>
// CHECK: return [[WHILE]]#0 : tensor<8x4xf32>
func.func @while_from_body(%arg0: tensor<8x4xf32>, %arg1: tensor<i32>) -> tensor<8x4xf32> {
  %0:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %arg1) : tensor<8x4xf32>, tensor<i32>
   cond {
    %c = stablehlo.constant dense<4> : tensor<i32>
    %p = stablehlo.compare  LT, %iterArg_0, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %n = sdy.sharding_constraint %iterArg <@mesh, [{}, {"b"}]> : tensor<8x4xf32>
    stablehlo.return %n, %iterArg_0 : tensor<8x4xf32>, tensor<i32>
  }
  return %0#0 : tensor<8x4xf32>
}
// -----
sdy.mesh @mesh = <["a"=2, "b"=2]>
// Named computations are transparent; the pipeline exports them as calls.
// CHECK-LABEL: func.func @named(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: [[CALL:%.+]] = call @body(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<8x4xf32>) -> tensor<8x4xf32>
// CHECK: return [[CALL]] : tensor<8x4xf32>
// CHECK: func.func private @body(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: [[EXPONENTIAL:%.+]] = stablehlo.exponential %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x4xf32>
// CHECK: return [[EXPONENTIAL]] : tensor<8x4xf32>
func.func @named(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x4xf32> {
  %0 = sdy.named_computation<"body">(%arg0) (%x: tensor<8x4xf32>) {
    %1 = stablehlo.exponential %x : tensor<8x4xf32>
    sdy.return %1 : tensor<8x4xf32>
  } : (tensor<8x4xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}
// -----
sdy.mesh @mesh = <["a"=2, "b"=2]>
// Manual computation: free axis "b" propagates through the body (which sees
// local types); the manual axis "a" stays outside.
// CHECK-LABEL: func.func @manual(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: [[MANUAL_COMPUTATION:%.+]] = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {"b"}]>] out_shardings=[<@mesh, [{"a"}, {"b"}]>] manual_axes={"a"} (%arg1: tensor<4x4xf32>) {
// CHECK: [[RESHARD:%.+]] = sdy.reshard %arg1 <@mesh, [{}, {"b"}]> : tensor<4x4xf32>
// CHECK: [[TANH:%.+]] = stablehlo.tanh [[RESHARD]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<4x4xf32>
// CHECK: sdy.return [[TANH]] : tensor<4x4xf32>
// CHECK: [[NEGATE:%.+]] = stablehlo.negate [[MANUAL_COMPUTATION]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x4xf32>
// CHECK: return [[NEGATE]] : tensor<8x4xf32>
func.func @manual(%arg0: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {?}]>] out_shardings=[<@mesh, [{"a"}, {?}]>] manual_axes={"a"} (%x: tensor<4x4xf32>) {
    %1 = sdy.sharding_constraint %x <@mesh, [{}, {"b"}]> : tensor<4x4xf32>
    %2 = stablehlo.tanh %1 : tensor<4x4xf32>
    sdy.return %2 : tensor<4x4xf32>
  } : (tensor<8x4xf32>) -> tensor<8x4xf32>
  %3 = stablehlo.negate %0 : tensor<8x4xf32>
  return %3 : tensor<8x4xf32>
}
// -----
sdy.mesh @mesh = <["a"=2, "b"=2]>
// Barrier: FORWARD lets the argument's sharding through, not the result's.
// CHECK-LABEL: func.func @barrier(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: [[PROPAGATION_BARRIER:%.+]] = sdy.propagation_barrier %arg0 allowed_direction=FORWARD {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x4xf32>
// CHECK: [[NEGATE:%.+]] = stablehlo.negate [[PROPAGATION_BARRIER]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x4xf32>
// CHECK: return [[NEGATE]] : tensor<8x4xf32>
func.func @barrier(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
  %0 = sdy.propagation_barrier %arg0 allowed_direction=FORWARD : tensor<8x4xf32>
  %1 = stablehlo.negate %0 : tensor<8x4xf32>
  return %1 : tensor<8x4xf32>
}
// -----
sdy.mesh @mesh = <["a"=2, "b"=2]>
sdy.mesh @other = <["x"=4]>
// No propagation between ops on different meshes.
// CHECK-LABEL: func.func @two_meshes(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@other, [{"x"}, {}]>}) -> tensor<8x4xf32> {
// CHECK: [[ADD:%.+]] = stablehlo.add %arg0, %arg1 : tensor<8x4xf32>
// CHECK: return [[ADD]] : tensor<8x4xf32>
func.func @two_meshes(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@other, [{"x"}, {}]>}) -> tensor<8x4xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}
