// RUN: sdy-opt %s -split-input-file -sdy-populate-op-sharding-rules | FileCheck %s --check-prefixes=CHECK,BASE
// RUN: sdy-opt %s -split-input-file -sdy-populate-op-sharding-rules=conservative-propagation=true | FileCheck %s --check-prefixes=CHECK,CONS

// Operand dimension 0 maps to result dimension 1.
// CHECK-LABEL: func.func @broadcast
// CHECK: stablehlo.broadcast_in_dim{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([j])->([i, j]) {i=4, j=8}>
func.func @broadcast(%arg0: tensor<8xf32>) -> tensor<4x8xf32> {
  %0 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// Expansion (1 -> 4): the operand dimension gets its own size-1 factor and
// the result dimension a separate one.
// CHECK-LABEL: func.func @broadcast_expansion
// CHECK: stablehlo.broadcast_in_dim{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([j, i])->([i, k, l]) {i=8, j=1, k=4, l=16}>
func.func @broadcast_expansion(%arg0: tensor<1x8xf32>) -> tensor<8x4x16xf32> {
  %0 = stablehlo.broadcast_in_dim %arg0, dims = [1, 0] : (tensor<1x8xf32>) -> tensor<8x4x16xf32>
  return %0 : tensor<8x4x16xf32>
}

// -----

// CHECK-LABEL: func.func @broadcast_scalar
// CHECK: stablehlo.broadcast_in_dim{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i, j]) {i=4, j=8}>
func.func @broadcast_scalar(%arg0: tensor<f32>) -> tensor<4x8xf32> {
  %0 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// A size-1 operand dimension facing a size-1 result dimension is shared.
// CHECK-LABEL: func.func @broadcast_size_one_kept
// CHECK: stablehlo.broadcast_in_dim{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, k])->([i, j, k]) {i=1, j=4, k=8}>
func.func @broadcast_size_one_kept(%arg0: tensor<1x8xf32>) -> tensor<1x4x8xf32> {
  %0 = stablehlo.broadcast_in_dim %arg0, dims = [0, 2] : (tensor<1x8xf32>) -> tensor<1x4x8xf32>
  return %0 : tensor<1x4x8xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_split
// BASE: stablehlo.reshape{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([ij])->([i, j]) {i=2, j=4}>
// CONS: stablehlo.reshape{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([j, k]) {i=8, j=2, k=4}>
func.func @reshape_split(%arg0: tensor<8xf32>) -> tensor<2x4xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<8xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_merge
// BASE: stablehlo.reshape{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([ij, k]) {i=2, j=4, k=32}>
// CONS: stablehlo.reshape{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, k, l])->([j, l]) {i=2, j=8, k=4, l=32}>
func.func @reshape_merge(%arg0: tensor<2x4x32xf32>) -> tensor<8x32xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<2x4x32xf32>) -> tensor<8x32xf32>
  return %0 : tensor<8x32xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_merge_all
// BASE: stablehlo.reshape{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([ijk]) {i=8, j=4, k=5}>
// CONS: stablehlo.reshape{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, k, l])->([j]) {i=8, j=160, k=4, l=5}>
func.func @reshape_merge_all(%arg0: tensor<8x4x5xf32>) -> tensor<160xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<8x4x5xf32>) -> tensor<160xf32>
  return %0 : tensor<160xf32>
}

// -----

// Split and merge at once: 8 = 2*4 and 4*4 = 16.
// CHECK-LABEL: func.func @reshape_split_and_merge
// BASE: stablehlo.reshape{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([ij, k, l])->([i, jk, l]) {i=2, j=4, k=4, l=5}>
// CONS: stablehlo.reshape{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, l, m])->([j, k, m]) {i=8, j=2, k=16, l=4, m=5}>
func.func @reshape_split_and_merge(%arg0: tensor<8x4x5xf32>) -> tensor<2x16x5xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<8x4x5xf32>) -> tensor<2x16x5xf32>
  return %0 : tensor<2x16x5xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_split_two_dims
// BASE: stablehlo.reshape{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([ij, kl])->([i, j, k, l]) {i=4, j=4, k=2, l=4}>
// CONS: stablehlo.reshape{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, l])->([j, k, m, n]) {i=16, j=4, k=4, l=8, m=2, n=4}>
func.func @reshape_split_two_dims(%arg0: tensor<16x8xf32>) -> tensor<4x4x2x4xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<16x8xf32>) -> tensor<4x4x2x4xf32>
  return %0 : tensor<4x4x2x4xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_identity
// CHECK: stablehlo.reshape{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=16, j=8}>
func.func @reshape_identity(%arg0: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<16x8xf32>) -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// -----

// Size-1 dimensions get their own size-1 factor.
// CHECK-LABEL: func.func @reshape_size_one_dims
// BASE: stablehlo.reshape{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k, l])->([jl, m]) {i=1, j=4, k=1, l=8, m=1}>
// CONS: stablehlo.reshape{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, l, m])->([k, n]) {i=1, j=4, k=32, l=1, m=8, n=1}>
func.func @reshape_size_one_dims(%arg0: tensor<1x4x1x8xf32>) -> tensor<32x1xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<1x4x1x8xf32>) -> tensor<32x1xf32>
  return %0 : tensor<32x1xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_add_size_one_dims
// CHECK: stablehlo.reshape{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([j])->([i, j, k]) {i=1, j=8, k=1}>
func.func @reshape_add_size_one_dims(%arg0: tensor<8xf32>) -> tensor<1x8x1xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<8xf32>) -> tensor<1x8x1xf32>
  return %0 : tensor<1x8x1xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_to_scalar
// CHECK: stablehlo.reshape{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([]) {i=1, j=1}>
func.func @reshape_to_scalar(%arg0: tensor<1x1xf32>) -> tensor<f32> {
  %0 = stablehlo.reshape %arg0 : (tensor<1x1xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// CHECK-LABEL: func.func @reshape_from_scalar
// CHECK: stablehlo.reshape{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([])->([i]) {i=1}>
func.func @reshape_from_scalar(%arg0: tensor<f32>) -> tensor<1xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<f32>) -> tensor<1xf32>
  return %0 : tensor<1xf32>
}

// -----

// 6x4 -> 4x6: a common factor of 2, then 3x4 vs 2x6 are co-prime
// (non-divisible): the rest gets separate factors per tensor.
// CHECK-LABEL: func.func @reshape_non_divisible
// BASE: stablehlo.reshape{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([ij, k])->([il, m]) {i=2, j=3, k=4, l=2, m=6}>
// CONS: stablehlo.reshape{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, k])->([j, l]) {i=6, j=4, k=4, l=6}>
func.func @reshape_non_divisible(%arg0: tensor<6x4xf32>) -> tensor<4x6xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<6x4xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

// Co-prime leading dimensions; the trailing 5 is matched again.
// CHECK-LABEL: func.func @reshape_non_divisible_resync
// CHECK: stablehlo.reshape{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, m])->([k, l, m]) {i=3, j=4, k=2, l=6, m=5}>
func.func @reshape_non_divisible_resync(%arg0: tensor<3x4x5xf32>) -> tensor<2x6x5xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<3x4x5xf32>) -> tensor<2x6x5xf32>
  return %0 : tensor<2x6x5xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_non_divisible_partial
// BASE: stablehlo.reshape{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([ij, k, n])->([il, m, n]) {i=2, j=3, k=4, l=2, m=6, n=5}>
// CONS: stablehlo.reshape{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, k, m])->([j, l, m]) {i=6, j=4, k=4, l=6, m=5}>
func.func @reshape_non_divisible_partial(%arg0: tensor<6x4x5xf32>) -> tensor<4x6x5xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<6x4x5xf32>) -> tensor<4x6x5xf32>
  return %0 : tensor<4x6x5xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_zero_sized
// CHECK: stablehlo.reshape{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l]) {i=0, j=4, k=2, l=0}>
func.func @reshape_zero_sized(%arg0: tensor<0x4xf32>) -> tensor<2x0xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<0x4xf32>) -> tensor<2x0xf32>
  return %0 : tensor<2x0xf32>
}
