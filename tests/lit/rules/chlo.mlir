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
