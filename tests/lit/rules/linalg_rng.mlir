// RUN: sdy-opt %s -split-input-file -sdy-populate-op-sharding-rules | FileCheck %s

// Rules of cholesky, triangular_solve, rng_bit_generator and the batch_norm
// ops, as Shardy's sdy-populate-op-sharding-rules computes them (each
// expected rule was produced by Shardy on the same op).

// CHECK-LABEL: func.func @cholesky_batched
// CHECK: stablehlo.cholesky{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, j, k]) {i=2, j=3, k=3} need_replication={j, k}>
func.func @cholesky_batched(%a: tensor<2x3x3xf32>) {
  %0 = "stablehlo.cholesky"(%a) {lower = true} : (tensor<2x3x3xf32>) -> tensor<2x3x3xf32>
  return
}

// -----

// CHECK-LABEL: func.func @cholesky_2d
// CHECK: stablehlo.cholesky{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=4} need_replication={i, j}>
func.func @cholesky_2d(%a: tensor<4x4xf64>) {
  %0 = "stablehlo.cholesky"(%a) : (tensor<4x4xf64>) -> tensor<4x4xf64>
  return
}

// -----

// CHECK-LABEL: func.func @cholesky_rank4
// CHECK: stablehlo.cholesky{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k, l])->([i, j, k, l]) {i=2, j=1, k=5, l=5} need_replication={k, l}>
func.func @cholesky_rank4(%a: tensor<2x1x5x5xf32>) {
  %0 = "stablehlo.cholesky"(%a) : (tensor<2x1x5x5xf32>) -> tensor<2x1x5x5xf32>
  return
}

// -----

// CHECK-LABEL: func.func @ts_true_NO_TRANSPOSE
// CHECK: stablehlo.triangular_solve{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, l], [i, j, k])->([i, l, k]) {i=2, j=3, k=4, l=3} need_replication={j, k, l}>
func.func @ts_true_NO_TRANSPOSE(%a: tensor<2x3x3xf32>, %b: tensor<2x3x4xf32>) {
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x3x3xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

// CHECK-LABEL: func.func @ts_true_TRANSPOSE
// CHECK: stablehlo.triangular_solve{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, l, j], [i, j, k])->([i, l, k]) {i=2, j=3, k=4, l=3} need_replication={j, k, l}>
func.func @ts_true_TRANSPOSE(%a: tensor<2x3x3xf32>, %b: tensor<2x3x4xf32>) {
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose TRANSPOSE>} : (tensor<2x3x3xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

// CHECK-LABEL: func.func @ts_true_ADJOINT
// CHECK: stablehlo.triangular_solve{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, l, j], [i, j, k])->([i, l, k]) {i=2, j=3, k=4, l=3} need_replication={j, k, l}>
func.func @ts_true_ADJOINT(%a: tensor<2x3x3xf32>, %b: tensor<2x3x4xf32>) {
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose ADJOINT>} : (tensor<2x3x3xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

// CHECK-LABEL: func.func @ts_false_NO_TRANSPOSE
// CHECK: stablehlo.triangular_solve{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, l, k], [i, j, k])->([i, j, l]) {i=2, j=4, k=3, l=3} need_replication={j, k, l}>
func.func @ts_false_NO_TRANSPOSE(%a: tensor<2x3x3xf32>, %b: tensor<2x4x3xf32>) {
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = false, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x3x3xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
  return
}

// -----

// CHECK-LABEL: func.func @ts_false_TRANSPOSE
// CHECK: stablehlo.triangular_solve{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, k, l], [i, j, k])->([i, j, l]) {i=2, j=4, k=3, l=3} need_replication={j, k, l}>
func.func @ts_false_TRANSPOSE(%a: tensor<2x3x3xf32>, %b: tensor<2x4x3xf32>) {
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = false, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose TRANSPOSE>} : (tensor<2x3x3xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
  return
}

// -----

// CHECK-LABEL: func.func @ts_false_ADJOINT
// CHECK: stablehlo.triangular_solve{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, k, l], [i, j, k])->([i, j, l]) {i=2, j=4, k=3, l=3} need_replication={j, k, l}>
func.func @ts_false_ADJOINT(%a: tensor<2x3x3xf32>, %b: tensor<2x4x3xf32>) {
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = false, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose ADJOINT>} : (tensor<2x3x3xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
  return
}

// -----

// CHECK-LABEL: func.func @ts_2d
// CHECK: stablehlo.triangular_solve{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [i, j])->([k, j]) {i=3, j=5, k=3} need_replication={i, j, k}>
func.func @ts_2d(%a: tensor<3x3xf32>, %b: tensor<3x5xf32>) {
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = false, unit_diagonal = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x3xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  return
}

// -----

// CHECK-LABEL: func.func @ts_1col
// CHECK: stablehlo.triangular_solve{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, l], [i, j, k])->([i, l, k]) {i=4, j=3, k=1, l=3} need_replication={j, k, l}>
func.func @ts_1col(%a: tensor<4x3x3xf32>, %b: tensor<4x3x1xf32>) {
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<4x3x3xf32>, tensor<4x3x1xf32>) -> tensor<4x3x1xf32>
  return
}

// -----

// CHECK-LABEL: func.func @rbg_scalar
// CHECK: stablehlo.rng_bit_generator{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i], []) {i=2} need_replication={i} blocked_propagation={i}>
func.func @rbg_scalar(%s: tensor<2xui64>) {
  %0:2 = "stablehlo.rng_bit_generator"(%s) {rng_algorithm = #stablehlo<rng_algorithm THREE_FRY>} : (tensor<2xui64>) -> (tensor<2xui64>, tensor<ui32>)
  return
}

// -----

// CHECK-LABEL: func.func @rbg_ones
// CHECK: stablehlo.rng_bit_generator{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i], [j, k, l]) {i=3, j=1, k=8, l=1} need_replication={i} blocked_propagation={i}>
func.func @rbg_ones(%s: tensor<3xui64>) {
  %0:2 = "stablehlo.rng_bit_generator"(%s) {rng_algorithm = #stablehlo<rng_algorithm PHILOX>} : (tensor<3xui64>) -> (tensor<3xui64>, tensor<1x8x1xf32>)
  return
}

// -----

// CHECK-LABEL: func.func @rbg_default
// CHECK: stablehlo.rng_bit_generator{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i], [j, k, l]) {i=2, j=4, k=6, l=8} need_replication={i} blocked_propagation={i}>
func.func @rbg_default(%s: tensor<2xui64>) {
  %0:2 = "stablehlo.rng_bit_generator"(%s) {rng_algorithm = #stablehlo<rng_algorithm DEFAULT>} : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4x6x8xui32>)
  return
}

// -----

// CHECK-LABEL: func.func @bn_inference
// CHECK: stablehlo.batch_norm_inference{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k], [k], [k], [k], [k])->([i, j, k]) {i=2, j=3, k=4}>
func.func @bn_inference(%x: tensor<2x3x4xf32>, %f: tensor<4xf32>) {
  %0 = "stablehlo.batch_norm_inference"(%x, %f, %f, %f, %f) {epsilon = 1.0e-5 : f32, feature_index = 2 : i64} : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

// CHECK-LABEL: func.func @bn_training
// CHECK-NOT: sdy.sharding_rule
func.func @bn_training(%x: tensor<2x3x4xf32>, %f: tensor<3xf32>) {
  %0:3 = "stablehlo.batch_norm_training"(%x, %f, %f) {epsilon = 1.0e-5 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

// CHECK-LABEL: func.func @bn_grad
// CHECK-NOT: sdy.sharding_rule
func.func @bn_grad(%x: tensor<2x3x4xf32>, %f: tensor<3xf32>) {
  %0:3 = "stablehlo.batch_norm_grad"(%x, %f, %f, %f, %x) {epsilon = 1.0e-5 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

// CHECK-LABEL: func.func @rng
// CHECK-NOT: sdy.sharding_rule
func.func @rng(%l: tensor<f32>, %sh: tensor<2xi64>) {
  %0 = "stablehlo.rng"(%l, %l, %sh) {rng_distribution = #stablehlo<rng_distribution UNIFORM>} : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x4xf32>
  return
}
