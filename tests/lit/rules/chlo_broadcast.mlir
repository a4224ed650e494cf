// RUN: sdy-opt %s -split-input-file -sdy-populate-op-sharding-rules | FileCheck %s

// Shardy has no rule for the broadcasting chlo ops nor constant_like (XLA
// expands them into stablehlo before Shardy runs). Their rule is that of the
// expansion, broadcast_in_dim then an elementwise op: a factor per result
// dimension, shared by the operand dimensions of its size; a size-1 operand
// dimension broadcast to more gets a size-1 factor of its own.
// CHECK-LABEL: func.func @broadcast
// CHECK: chlo.broadcast_add {{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [j])->([i, j]) {i=4, j=8}>
// CHECK: chlo.broadcast_add {{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k])->([i, k]) {i=4, j=1, k=8}>
// CHECK: chlo.broadcast_multiply {{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, l], [j, k])->([j, l]) {i=1, j=4, k=1, l=8}>
// CHECK: chlo.broadcast_compare {{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i])->([i, j]) {i=4, j=8}>
// CHECK: chlo.broadcast_select {{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j], [])->([i, j]) {i=4, j=8}>
// CHECK: chlo.constant_like{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=8}>
func.func @broadcast(%a: tensor<4x8xf32>, %b: tensor<8xf32>, %c: tensor<4x1xf32>, %d: tensor<1x8xf32>, %e: tensor<4xf32>, %p: tensor<4x8xi1>, %s: tensor<f32>) {
  %0 = chlo.broadcast_add %a, %b : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %1 = chlo.broadcast_add %c, %b : (tensor<4x1xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %2 = chlo.broadcast_multiply %d, %c : (tensor<1x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  %3 = chlo.broadcast_compare %a, %e {broadcast_dimensions = array<i64: 0>, comparison_direction = #chlo<comparison_direction LT>} : (tensor<4x8xf32>, tensor<4xf32>) -> tensor<4x8xi1>
  %4 = chlo.broadcast_select %p, %a, %s : (tensor<4x8xi1>, tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %5 = "chlo.constant_like"(%a) {value = 1.0 : f32} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return
}
