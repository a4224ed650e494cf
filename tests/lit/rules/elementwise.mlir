// RUN: sdy-opt %s -split-input-file -sdy-populate-op-sharding-rules | FileCheck %s

// CHECK-LABEL: func.func @unary
func.func @unary(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // CHECK: stablehlo.negate %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=16}>}
  %0 = stablehlo.negate %arg0 : tensor<8x16xf32>
  // CHECK: stablehlo.exponential [[V0:%.+]] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=16}>}
  %1 = stablehlo.exponential %0 : tensor<8x16xf32>
  // CHECK: stablehlo.tanh [[V1:%.+]] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=16}>}
  %2 = stablehlo.tanh %1 : tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func @binary
func.func @binary(%arg0: tensor<2x4x8xf32>, %arg1: tensor<2x4x8xf32>) -> tensor<2x4x8xf32> {
  // CHECK: stablehlo.add %arg0, %arg1 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k], [i, j, k])->([i, j, k]) {i=2, j=4, k=8}>}
  %0 = stablehlo.add %arg0, %arg1 : tensor<2x4x8xf32>
  // CHECK: stablehlo.multiply {{.*}}#sdy.op_sharding_rule<([i, j, k], [i, j, k])->([i, j, k]) {i=2, j=4, k=8}>
  %1 = stablehlo.multiply %0, %arg1 : tensor<2x4x8xf32>
  // CHECK: stablehlo.maximum {{.*}}#sdy.op_sharding_rule<([i, j, k], [i, j, k])->([i, j, k]) {i=2, j=4, k=8}>
  %2 = stablehlo.maximum %1, %arg0 : tensor<2x4x8xf32>
  return %2 : tensor<2x4x8xf32>
}

// -----

// Size-1 dimensions still get a factor.
// CHECK-LABEL: func.func @size_one_dims
func.func @size_one_dims(%arg0: tensor<1x8x1xf32>) -> tensor<1x8x1xf32> {
  // CHECK: stablehlo.subtract %arg0, %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k], [i, j, k])->([i, j, k]) {i=1, j=8, k=1}>}
  %0 = stablehlo.subtract %arg0, %arg0 : tensor<1x8x1xf32>
  return %0 : tensor<1x8x1xf32>
}

// -----

// CHECK-LABEL: func.func @scalar
func.func @scalar(%arg0: tensor<f32>) -> tensor<f32> {
  // CHECK: stablehlo.add %arg0, %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>}
  %0 = stablehlo.add %arg0, %arg0 : tensor<f32>
  return %0 : tensor<f32>
}

// -----

// CHECK-LABEL: func.func @compare
func.func @compare(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>) -> tensor<4x8xi1> {
  // CHECK: stablehlo.compare LT, %arg0, %arg1 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=8}>}
  %0 = stablehlo.compare LT, %arg0, %arg1 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xi1>
  return %0 : tensor<4x8xi1>
}

// -----

// CHECK-LABEL: func.func @convert
func.func @convert(%arg0: tensor<4x8xf32>) -> tensor<4x8xi32> {
  // CHECK: stablehlo.convert %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=8}>}
  %0 = stablehlo.convert %arg0 : (tensor<4x8xf32>) -> tensor<4x8xi32>
  return %0 : tensor<4x8xi32>
}

// -----

// CHECK-LABEL: func.func @select
func.func @select(%p: tensor<4x8xi1>, %a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // CHECK: stablehlo.select %arg0, %arg1, %arg2 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j], [i, j])->([i, j]) {i=4, j=8}>}
  %0 = stablehlo.select %p, %a, %b : (tensor<4x8xi1>, tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// A scalar predicate has an empty mapping.
// CHECK-LABEL: func.func @select_scalar_pred
func.func @select_scalar_pred(%p: tensor<i1>, %a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // CHECK: stablehlo.select %arg0, %arg1, %arg2 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [i, j], [i, j])->([i, j]) {i=4, j=8}>}
  %0 = stablehlo.select %p, %a, %b : (tensor<i1>, tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// CHECK-LABEL: func.func @clamp
func.func @clamp(%lo: tensor<4x8xf32>, %a: tensor<4x8xf32>, %hi: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // CHECK: stablehlo.clamp %arg0, %arg1, %arg2 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j], [i, j])->([i, j]) {i=4, j=8}>}
  %0 = stablehlo.clamp %lo, %a, %hi : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// Scalar bounds have empty mappings.
// CHECK-LABEL: func.func @clamp_scalar_bounds
func.func @clamp_scalar_bounds(%lo: tensor<f32>, %a: tensor<4x8xf32>, %hi: tensor<f32>) -> tensor<4x8xf32> {
  // CHECK: stablehlo.clamp %arg0, %arg1, %arg2 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [i, j], [])->([i, j]) {i=4, j=8}>}
  %0 = stablehlo.clamp %lo, %a, %hi : (tensor<f32>, tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// CHECK-LABEL: func.func @more_unary
func.func @more_unary(%arg0: tensor<8xf32>, %arg1: tensor<8xi32>) -> (tensor<8xi1>, tensor<8xi32>) {
  // CHECK: stablehlo.is_finite %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=8}>}
  %0 = stablehlo.is_finite %arg0 : (tensor<8xf32>) -> tensor<8xi1>
  // CHECK: stablehlo.not %arg1 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=8}>}
  %1 = stablehlo.not %arg1 : tensor<8xi32>
  // CHECK: stablehlo.xor [[V1:%.+]], %arg1 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=8}>}
  %2 = stablehlo.xor %1, %arg1 : tensor<8xi32>
  return %0, %2 : tensor<8xi1>, tensor<8xi32>
}

// -----

// An existing rule (custom or not) is kept.
// CHECK-LABEL: func.func @existing_rule
func.func @existing_rule(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // CHECK: stablehlo.add %arg0, %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=8} need_replication={j}, custom>}
  %0 = stablehlo.add %arg0, %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=8} need_replication={j}, custom>} : tensor<8x8xf32>
  // CHECK: stablehlo.abs [[V0:%.+]] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=8} need_replication={i}>}
  %1 = stablehlo.abs %0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=8} need_replication={i}>} : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}
