// RUN: sdy-opt %s -split-input-file -sdy-populate-op-sharding-rules | FileCheck %s

// Factors: batching, lhs free, rhs free, contracting (reduction).
// CHECK-LABEL: func.func @dot_general_batch
// CHECK: stablehlo.dot_general{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, l], [i, l, k])->([i, j, k]) {i=4, j=8, k=32, l=16} reduction={l}>
func.func @dot_general_batch(%arg0: tensor<4x8x16xf32>, %arg1: tensor<4x16x32xf32>) -> tensor<4x8x32xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x8x16xf32>, tensor<4x16x32xf32>) -> tensor<4x8x32xf32>
  return %0 : tensor<4x8x32xf32>
}

// -----

// CHECK-LABEL: func.func @dot_general_matmul
// CHECK: stablehlo.dot_general{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=8, j=16, k=8} reduction={k}>
func.func @dot_general_matmul(%arg0: tensor<8x8xf32>, %arg1: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x8xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func @dot_general_permuted
// CHECK: stablehlo.dot_general{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, l, j], [i, k, l])->([i, j, k]) {i=4, j=32, k=8, l=16} reduction={l}>
func.func @dot_general_permuted(%arg0: tensor<4x16x32xf32>, %arg1: tensor<4x8x16xf32>) -> tensor<4x32x8xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [1] x [2] : (tensor<4x16x32xf32>, tensor<4x8x16xf32>) -> tensor<4x32x8xf32>
  return %0 : tensor<4x32x8xf32>
}

// -----

// CHECK-LABEL: func.func @dot_general_two_contracting
// CHECK: stablehlo.dot_general{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, k, l], [l, k, j])->([i, j]) {i=2, j=16, k=4, l=8} reduction={k, l}>
func.func @dot_general_two_contracting(%arg0: tensor<2x4x8xf32>, %arg1: tensor<8x4x16xf32>) -> tensor<2x16xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1, 2] x [1, 0] : (tensor<2x4x8xf32>, tensor<8x4x16xf32>) -> tensor<2x16xf32>
  return %0 : tensor<2x16xf32>
}

// -----

// CHECK-LABEL: func.func @dot_matmul
// CHECK: stablehlo.dot{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=8, j=32, k=16} reduction={k}>
func.func @dot_matmul(%arg0: tensor<8x16xf32>, %arg1: tensor<16x32xf32>) -> tensor<8x32xf32> {
  %0 = stablehlo.dot %arg0, %arg1 : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
  return %0 : tensor<8x32xf32>
}

// -----

// CHECK-LABEL: func.func @dot_matvec
// CHECK: stablehlo.dot{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [j])->([i]) {i=8, j=16} reduction={j}>
func.func @dot_matvec(%arg0: tensor<8x16xf32>, %arg1: tensor<16xf32>) -> tensor<8xf32> {
  %0 = stablehlo.dot %arg0, %arg1 : (tensor<8x16xf32>, tensor<16xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// CHECK-LABEL: func.func @dot_vecmat
// CHECK: stablehlo.dot{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([j], [j, i])->([i]) {i=32, j=16} reduction={j}>
func.func @dot_vecmat(%arg0: tensor<16xf32>, %arg1: tensor<16x32xf32>) -> tensor<32xf32> {
  %0 = stablehlo.dot %arg0, %arg1 : (tensor<16xf32>, tensor<16x32xf32>) -> tensor<32xf32>
  return %0 : tensor<32xf32>
}

// -----

// CHECK-LABEL: func.func @dot_vecvec
// CHECK: stablehlo.dot{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([]) {i=16} reduction={i}>
func.func @dot_vecvec(%arg0: tensor<16xf32>) -> tensor<f32> {
  %0 = stablehlo.dot %arg0, %arg0 : (tensor<16xf32>, tensor<16xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// Kept dimensions are pass-through, reduced ones reduction factors; the init
// value is a scalar. The body gets no rule.
// CHECK-LABEL: func.func @reduce
// CHECK: stablehlo.reduce{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k], [])->([i, k]) {i=4, j=8, k=16} reduction={j}>
func.func @reduce(%arg0: tensor<4x8x16xf32>, %arg1: tensor<f32>) -> tensor<4x16xf32> {
  %0 = stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.add across dimensions = [1] : (tensor<4x8x16xf32>, tensor<f32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

// CHECK-LABEL: func.func @reduce_all
// CHECK: stablehlo.reduce{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([]) {i=4, j=8} reduction={i, j}>
func.func @reduce_all(%arg0: tensor<4x8xf32>, %arg1: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.maximum across dimensions = [0, 1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// Several inputs share the factors.
// CHECK-LABEL: func.func @reduce_two_inputs
// CHECK: stablehlo.reduce{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j], [], [])->([i], [i]) {i=4, j=8} reduction={j}>
func.func @reduce_two_inputs(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xi32>, %arg2: tensor<f32>, %arg3: tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %0:2 = stablehlo.reduce(%arg0 init: %arg2), (%arg1 init: %arg3) across dimensions = [1] : (tensor<4x8xf32>, tensor<4x8xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
    reducer(%x: tensor<f32>, %xx: tensor<f32>) (%w: tensor<i32>, %ww: tensor<i32>) {
      %c = stablehlo.compare GT, %x, %xx : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %s = stablehlo.select %c, %x, %xx : (tensor<i1>, tensor<f32>, tensor<f32>) -> tensor<f32>
      %t = stablehlo.select %c, %w, %ww : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      stablehlo.return %s, %t : tensor<f32>, tensor<i32>
    }
  return %0#0, %0#1 : tensor<4xf32>, tensor<4xi32>
}
