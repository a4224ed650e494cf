// RUN: sdy-opt %s -split-input-file -sdy-propagation-pipeline | FileCheck %s

sdy.mesh @mesh = <["a"=2, "b"=2]>
// A BACKWARD barrier lets the result's sharding reach the operand only.
// CHECK-LABEL: func.func @barrier_backward(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: [[PROPAGATION_BARRIER:%.+]] = sdy.propagation_barrier %arg0 allowed_direction=BACKWARD {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<8x8xf32>
// CHECK: return [[PROPAGATION_BARRIER]] : tensor<8x8xf32>
func.func @barrier_backward(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) {
  %0 = sdy.propagation_barrier %arg0 allowed_direction=BACKWARD : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
// -----
sdy.mesh @mesh = <["a"=2, "b"=2]>
// A NONE barrier stops both directions.
// CHECK-LABEL: func.func @barrier_none(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: [[PROPAGATION_BARRIER:%.+]] = sdy.propagation_barrier %arg0 allowed_direction=NONE {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<8x8xf32>
// CHECK: return [[PROPAGATION_BARRIER]] : tensor<8x8xf32>
func.func @barrier_none(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) {
  %0 = sdy.propagation_barrier %arg0 allowed_direction=NONE : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
// -----
sdy.mesh @mesh = <["a"=2, "b"=2]>
// Groups: three members converge to one sharding.
// CHECK-LABEL: func.func @group_of_three(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: [[NEGATE:%.+]] = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x8xf32>
// CHECK: return [[NEGATE]], %arg2 : tensor<8x8xf32>, tensor<8x8xf32>
func.func @group_of_three(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8x8xf32>, %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  sdy.sharding_group %arg0 group_id=4 : tensor<8x8xf32>
  sdy.sharding_group %arg1 group_id=4 : tensor<8x8xf32>
  sdy.sharding_group %arg2 group_id=4 : tensor<8x8xf32>
  %0 = stablehlo.negate %arg1 : tensor<8x8xf32>
  return %0, %arg2 : tensor<8x8xf32>, tensor<8x8xf32>
}
// -----
sdy.mesh @mesh = <["a"=2, "b"=2]>
// optimization_barrier is a data-flow op: shardings pass through it.
// CHECK-LABEL: func.func @optimization_barrier(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8xf32>) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, tensor<8xf32>) {
// CHECK: [[OPTIMIZATION_BARRIER:%.+]]:2 = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>, <@mesh, [{}]>]>} %arg0, %arg1 : tensor<8x8xf32>, tensor<8xf32>
// CHECK: [[NEGATE:%.+]] = stablehlo.negate [[OPTIMIZATION_BARRIER]]#0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x8xf32>
// CHECK: return [[NEGATE]], [[OPTIMIZATION_BARRIER]]#1 : tensor<8x8xf32>, tensor<8xf32>
func.func @optimization_barrier(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8xf32>) -> (tensor<8x8xf32>, tensor<8xf32>) {
  %0:2 = stablehlo.optimization_barrier %arg0, %arg1 : tensor<8x8xf32>, tensor<8xf32>
  %1 = stablehlo.negate %0#0 : tensor<8x8xf32>
  return %1, %0#1 : tensor<8x8xf32>, tensor<8xf32>
}
// -----
sdy.mesh @mesh = <["a"=2, "b"=2]>
// case: every branch's returned value and the result share one sharding.
// CHECK-LABEL: func.func @case(%arg0: tensor<i32>, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: [[CASE:%.+]] = "stablehlo.case"(%arg0) ({
// CHECK: stablehlo.return %arg1 : tensor<8x8xf32>
// CHECK: [[NEGATE:%.+]] = stablehlo.negate %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
// CHECK: stablehlo.return [[NEGATE]] : tensor<8x8xf32>
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<i32>) -> tensor<8x8xf32>
// CHECK: return [[CASE]] : tensor<8x8xf32>
func.func @case(%index: tensor<i32>, %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = "stablehlo.case"(%index) ({
    stablehlo.return %arg0 : tensor<8x8xf32>
  }, {
    %1 = stablehlo.negate %arg1 : tensor<8x8xf32>
    stablehlo.return %1 : tensor<8x8xf32>
  }) : (tensor<i32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
// -----
sdy.mesh @mesh = <["a"=2, "b"=2]>
// A constraint with an open dimension grows; its closed dimension does not.
// CHECK-LABEL: func.func @constraint_open(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: [[RESHARD:%.+]] = sdy.reshard %arg0 <@mesh, [{"a"}, {"b"}]> : tensor<8x8xf32>
// CHECK: [[NEGATE:%.+]] = stablehlo.negate [[RESHARD]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x8xf32>
// CHECK: return [[NEGATE]] : tensor<8x8xf32>
func.func @constraint_open(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) -> tensor<8x8xf32> {
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{"a"}, {?}]> : tensor<8x8xf32>
  %1 = stablehlo.negate %0 : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}
// -----
sdy.mesh @mesh = <["a"=2, "b"=2]>
// Multiple results: a reduce of two inputs shares the kept factor.
// CHECK-LABEL: func.func @multi_result(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}, tensor<8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) {
// CHECK: [[CONSTANT:%.+]] = sdy.constant dense<0.000000e+00> : tensor<f32>
// CHECK: [[CONSTANT_1:%.+]] = sdy.constant dense<0> : tensor<i32>
// CHECK: [[REDUCE:%.+]]:2 = stablehlo.reduce(%arg0 init: [[CONSTANT]]), (%arg1 init: [[CONSTANT_1]]) across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>, <@mesh, [{"a"}]>]>} : (tensor<8x16xf32>, tensor<8x16xi32>, tensor<f32>, tensor<i32>) -> (tensor<8xf32>, tensor<8xi32>)
// CHECK: [[ADD:%.+]] = stablehlo.add %arg2, %arg4 : tensor<f32>
// CHECK: [[ADD_1:%.+]] = stablehlo.add %arg3, %arg5 : tensor<i32>
// CHECK: stablehlo.return [[ADD]], [[ADD_1]] : tensor<f32>, tensor<i32>
// CHECK: return [[REDUCE]]#0, [[REDUCE]]#1 : tensor<8xf32>, tensor<8xi32>
func.func @multi_result(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x16xi32>) -> (tensor<8xf32>, tensor<8xi32>) {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %zi = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.reduce(%arg0 init: %z), (%arg1 init: %zi) across dimensions = [1] : (tensor<8x16xf32>, tensor<8x16xi32>, tensor<f32>, tensor<i32>) -> (tensor<8xf32>, tensor<8xi32>)
    reducer(%a: tensor<f32>, %c: tensor<f32>) (%b: tensor<i32>, %d: tensor<i32>) {
      %s = stablehlo.add %a, %c : tensor<f32>
      %t = stablehlo.add %b, %d : tensor<i32>
      stablehlo.return %s, %t : tensor<f32>, tensor<i32>
    }
  return %0#0, %0#1 : tensor<8xf32>, tensor<8xi32>
}
// -----
sdy.mesh @mesh = <["a"=2, "b"=2]>
// A maximal-mesh sharding does not propagate.
sdy.mesh @maximal = <[], device_ids=[0]>
// CHECK-LABEL: func.func @on_maximal_mesh(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@maximal, [{}]>}) -> tensor<8xf32> {
// CHECK: [[NEGATE:%.+]] = stablehlo.negate %arg0 : tensor<8xf32>
// CHECK: return [[NEGATE]] : tensor<8xf32>
func.func @on_maximal_mesh(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@maximal, [{}]>}) -> tensor<8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8xf32>
  return %0 : tensor<8xf32>
}
