// RUN: sdy-opt %s -split-input-file -sdy-populate-op-sharding-rules | FileCheck %s

// The elementwise chlo ops are pointwise. XLA expands most of them into
// elementwise stablehlo ops before Shardy runs (pointwise rules there too);
// erf becomes mhlo.erf, for which Shardy has no rule: we keep it pointwise
// like the rest.
// CHECK-LABEL: func.func @elementwise
// CHECK: chlo.erf {{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=8}>
// CHECK: chlo.is_inf {{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=8}>
// CHECK: chlo.polygamma {{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=8}>
// CHECK: chlo.next_after {{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=8}>
func.func @elementwise(%a: tensor<4x8xf32>) {
  %0 = chlo.erf %a : tensor<4x8xf32> -> tensor<4x8xf32>
  %1 = chlo.is_inf %a : tensor<4x8xf32> -> tensor<4x8xi1>
  %2 = chlo.polygamma %a, %a : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<4x8xf32>
  %3 = chlo.next_after %a, %a : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<4x8xf32>
  return
}

// -----

// top_k: Shardy's rule for the top-k that XLA lowers chlo.top_k to: batch
// dimensions pass through, the last is a blocked need-replication factor of
// the operand's size.
// CHECK-LABEL: func.func @top_k
// CHECK: chlo.top_k{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j], [i, j]) {i=4, j=16} need_replication={j} blocked_propagation={j}>
// CHECK: chlo.top_k{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, j, k], [i, j, k]) {i=2, j=4, k=8} need_replication={k} blocked_propagation={k}>
func.func @top_k(%a: tensor<4x16xf32>, %b: tensor<2x4x8xf32>) {
  %v, %i = chlo.top_k(%a, k = 2) : tensor<4x16xf32> -> (tensor<4x2xf32>, tensor<4x2xi32>)
  %v2, %i2 = chlo.top_k(%b, k = 3) : tensor<2x4x8xf32> -> (tensor<2x4x3xf32>, tensor<2x4x3xi32>)
  return
}

// -----

// k equal to the size: Shardy makes the last dimension pass-through; we keep
// it need-replication, since a top_k of a shard is not a shard of the top_k.
// CHECK-LABEL: func.func @top_k_full
// CHECK: chlo.top_k{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j], [i, j]) {i=4, j=16} need_replication={j} blocked_propagation={j}>
func.func @top_k_full(%a: tensor<4x16xf32>) {
  %v, %i = chlo.top_k(%a, k = 16) : tensor<4x16xf32> -> (tensor<4x16xf32>, tensor<4x16xi32>)
  return
}

// -----

// ragged_dot (Shardy has no rule): dot_general's factors, with the lhs
// ragged dimension, the rhs group dimension, the result's group dimension
// and group_sizes' dimension blocked need-replication factors (the group
// sizes index the global ragged dimension and rhs groups).
// CHECK-LABEL: func.func @ragged_dot
// CHECK: chlo.ragged_dot{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [l, k, j], [l])->([i, j]) {i=6, j=5, k=4, l=3} reduction={k} need_replication={i, l} blocked_propagation={i, l}>
// CHECK: chlo.ragged_dot{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([j, k, m], [j, m, l], [i])->([i, j, k, l]) {i=7, j=2, k=6, l=5, m=4} need_replication={i, m} blocked_propagation={i, m}>
// CHECK: chlo.ragged_dot{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, l], [i, l, k], [m])->([i, j, k]) {i=2, j=6, k=5, l=4, m=7} reduction={l} need_replication={i, m} blocked_propagation={i, m}>
// CHECK: chlo.ragged_dot{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, l], [i, m, l, k], [m])->([i, j, k]) {i=2, j=6, k=5, l=4, m=3} reduction={l} need_replication={j, m} blocked_propagation={j, m}>
func.func @ragged_dot(%a: tensor<6x4xf32>, %b: tensor<3x4x5xf32>, %g: tensor<3xi32>, %a2: tensor<2x6x4xf32>, %b2: tensor<2x4x5xf32>, %g2: tensor<7xi32>, %b3: tensor<2x3x4x5xf32>) {
  %0 = "chlo.ragged_dot"(%a, %b, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<6x4xf32>, tensor<3x4x5xf32>, tensor<3xi32>) -> tensor<6x5xf32>
  %1 = "chlo.ragged_dot"(%a2, %b2, %g2) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [2]>}> : (tensor<2x6x4xf32>, tensor<2x4x5xf32>, tensor<7xi32>) -> tensor<7x2x6x5xf32>
  %2 = "chlo.ragged_dot"(%a2, %b2, %g2) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0]>}> : (tensor<2x6x4xf32>, tensor<2x4x5xf32>, tensor<7xi32>) -> tensor<2x6x5xf32>
  %3 = "chlo.ragged_dot"(%a2, %b3, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2], lhs_ragged_dimensions = [1], rhs_group_dimensions = [1]>}> : (tensor<2x6x4xf32>, tensor<2x3x4x5xf32>, tensor<3xi32>) -> tensor<2x6x5xf32>
  return
}

// -----

// custom_call @ApproxTopK (lax.approx_max_k on CPU): Shardy's rule, batch
// dimensions pass through, the results' top-k dimension is a blocked
// need-replication factor of its own; the inputs' reduction dimension,
// which Shardy leaves a reduction factor, needs replication (a top-k of
// shards all-reduced is wrong). Other custom calls get no rule.
// CHECK-LABEL: func.func @approx_top_k
// CHECK: stablehlo.custom_call @ApproxTopK{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j], [], [])->([i, k], [i, k]) {i=8, j=32, k=3} need_replication={j, k} blocked_propagation={k}>
// CHECK: stablehlo.custom_call @foo
// CHECK-NOT: sharding_rule
func.func @top_k_gt(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>) -> tensor<i1> {
  %0 = stablehlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
  stablehlo.return %0 : tensor<i1>
}

func.func @approx_top_k(%x: tensor<8x32xf32>, %i: tensor<8x32xi32>) -> (tensor<8x3xf32>, tensor<8x3xi32>) {
  %init = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %c = stablehlo.constant dense<-1> : tensor<i32>
  %0:2 = stablehlo.custom_call @ApproxTopK(%x, %i, %init, %c) {called_computations = [@top_k_gt], mhlo.backend_config = {aggregate_to_topk = true, is_fallback = true, recall_target = 0.949999988 : f32, reduction_dim = 1 : i64, reduction_input_size_override = -1 : i64, top_k = 3 : i64}} : (tensor<8x32xf32>, tensor<8x32xi32>, tensor<f32>, tensor<i32>) -> (tensor<8x3xf32>, tensor<8x3xi32>)
  %1 = stablehlo.custom_call @foo(%x) : (tensor<8x32xf32>) -> tensor<8x32xf32>
  return %0#0, %0#1 : tensor<8x3xf32>, tensor<8x3xi32>
}
