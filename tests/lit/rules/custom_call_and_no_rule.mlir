// RUN: sdy-opt %s -split-input-file -sdy-populate-op-sharding-rules -verify-diagnostics | FileCheck %s
// Running the pass twice gives each custom_call its remark only once.
// RUN: sdy-opt %s -split-input-file -sdy-populate-op-sharding-rules -sdy-populate-op-sharding-rules -verify-diagnostics | FileCheck %s

// An unknown custom_call has no rule: nothing is attached, and a remark says
// that propagation stops there.
// CHECK-LABEL: func.func @custom_call_no_rule
// CHECK: stablehlo.custom_call @foo(%arg0) : (tensor<8x8xf32>) -> tensor<8x8xf32>
func.func @custom_call_no_rule(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-remark @+1 {{no sharding rule for 'stablehlo.custom_call' @foo: propagation does not go through it}}
  %0 = stablehlo.custom_call @foo(%arg0) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// A user rule on a custom_call is kept as is (and no remark).
// CHECK-LABEL: func.func @custom_call_user_rule
// CHECK: stablehlo.custom_call @bar(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=8} need_replication={j}, custom>}
func.func @custom_call_user_rule(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.custom_call @bar(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=8} need_replication={j}, custom>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// A user rule that is not marked custom also wins over the registry.
// CHECK-LABEL: func.func @custom_call_non_custom_user_rule
// CHECK: stablehlo.custom_call @baz(%arg0, %arg1) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=4, j=2, k=8} reduction={k}>}
func.func @custom_call_non_custom_user_rule(%arg0: tensor<4x8xf32>, %arg1: tensor<8x2xf32>) -> tensor<4x2xf32> {
  %0 = stablehlo.custom_call @baz(%arg0, %arg1) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=4, j=2, k=8} reduction={k}>} : (tensor<4x8xf32>, tensor<8x2xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

// A custom rule on a regular op is never replaced.
// CHECK-LABEL: func.func @custom_rule_on_dot
// CHECK: stablehlo.dot %arg0, %arg1 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [j, k])->([i, k]) {i=4, j=8, k=2} need_replication={j}, custom>}
func.func @custom_rule_on_dot(%arg0: tensor<4x8xf32>, %arg1: tensor<8x2xf32>) -> tensor<4x2xf32> {
  %0 = stablehlo.dot %arg0, %arg1 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [j, k])->([i, k]) {i=4, j=8, k=2} need_replication={j}, custom>} : (tensor<4x8xf32>, tensor<8x2xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

// Two custom_calls, two remarks.
// CHECK-LABEL: func.func @two_custom_calls
func.func @two_custom_calls(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-remark @+1 {{no sharding rule for 'stablehlo.custom_call' @first: propagation does not go through it}}
  %0 = stablehlo.custom_call @first(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
  // CHECK: stablehlo.negate [[V0:%.+]] {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=8}>}
  %1 = stablehlo.negate %0 : tensor<8xf32>
  // expected-remark @+1 {{no sharding rule for 'stablehlo.custom_call' @second: propagation does not go through it}}
  %2 = stablehlo.custom_call @second(%1) : (tensor<8xf32>) -> tensor<8xf32>
  return %2 : tensor<8xf32>
}

// -----

// Constants, ids and data-flow ops get no rule; ops inside an `if` do.
// CHECK-LABEL: func.func @no_rule_ops
// CHECK-NEXT: stablehlo.constant dense<1.000000e+00> : tensor<8xf32>
// CHECK-NEXT: stablehlo.partition_id : tensor<ui32>
// CHECK-NEXT: stablehlo.replica_id : tensor<ui32>
// CHECK-NEXT: stablehlo.optimization_barrier %arg0 : tensor<8xf32>
// CHECK-NEXT: "stablehlo.if"(%arg1) ({
// CHECK-NEXT: stablehlo.add {{.*}} {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=8}>}
// CHECK-NEXT: stablehlo.return %{{.*}} : tensor<8xf32>
// CHECK-NEXT: }, {
// CHECK-NEXT: stablehlo.return %{{.*}} : tensor<8xf32>
// CHECK-NEXT: }) : (tensor<i1>) -> tensor<8xf32>
func.func @no_rule_ops(%arg0: tensor<8xf32>, %arg1: tensor<i1>) -> tensor<8xf32> {
  %c = stablehlo.constant dense<1.0> : tensor<8xf32>
  %pid = stablehlo.partition_id : tensor<ui32>
  %rid = stablehlo.replica_id : tensor<ui32>
  %0 = stablehlo.optimization_barrier %arg0 : tensor<8xf32>
  %1 = "stablehlo.if"(%arg1) ({
    %2 = stablehlo.add %0, %c : tensor<8xf32>
    stablehlo.return %2 : tensor<8xf32>
  }, {
    stablehlo.return %0 : tensor<8xf32>
  }) : (tensor<i1>) -> tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

// A while op gets no rule; its body ops do.
// CHECK-LABEL: func.func @while_loop
// CHECK: stablehlo.while
// CHECK-NOT: stablehlo.while{{.*}}sdy.sharding_rule
// CHECK: stablehlo.compare LT, {{.*}} {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>}
// CHECK: stablehlo.multiply {{.*}} {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=8}>}
func.func @while_loop(%arg0: tensor<8xf32>, %arg1: tensor<i32>) -> tensor<8xf32> {
  %0:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %arg1) : tensor<8xf32>, tensor<i32>
    cond {
    %1 = stablehlo.compare LT, %iterArg_0, %iterArg_0 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %1 = stablehlo.multiply %iterArg, %iterArg : tensor<8xf32>
    stablehlo.return %1, %iterArg_0 : tensor<8xf32>, tensor<i32>
  }
  return %0#0 : tensor<8xf32>
}

// -----

// The body of a reduce gets no rule and keeps its compact form.
// CHECK-LABEL: func.func @reduce_body
// CHECK: stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.add across dimensions = [0] {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [])->([]) {i=8} reduction={i}>}
func.func @reduce_body(%arg0: tensor<8xf32>, %arg1: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.add across dimensions = [0] : (tensor<8xf32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// Collectives get no rule.
// CHECK-LABEL: func.func @collectives
// CHECK: "stablehlo.all_gather"
// CHECK-NOT: sdy.sharding_rule
func.func @collectives(%arg0: tensor<2x4xf32>) -> tensor<4x4xf32> {
  %0 = "stablehlo.all_gather"(%arg0) <{all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<2x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}
