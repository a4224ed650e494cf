// RUN: sdy-opt %s -split-input-file -sdy-populate-op-sharding-rules | FileCheck %s --check-prefixes=CHECK,BASE
// RUN: sdy-opt %s -split-input-file -sdy-populate-op-sharding-rules=conservative-propagation=true | FileCheck %s --check-prefixes=CHECK,CONS

// Result dimension j <-> operand dimension permutation[j].
// CHECK-LABEL: func.func @transpose
// CHECK: stablehlo.transpose{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([j, k, i])->([i, j, k]) {i=8, j=2, k=4}>
func.func @transpose(%arg0: tensor<2x4x8xf32>) -> tensor<8x2x4xf32> {
  %0 = stablehlo.transpose %arg0, dims = [2, 0, 1] : (tensor<2x4x8xf32>) -> tensor<8x2x4xf32>
  return %0 : tensor<8x2x4xf32>
}

// -----

// CHECK-LABEL: func.func @concatenate
// BASE: stablehlo.concatenate{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=12, j=8} need_replication={i}>
// CONS: stablehlo.concatenate{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=12, j=8} need_replication={i} blocked_propagation={i}>
func.func @concatenate(%arg0: tensor<4x8xf32>, %arg1: tensor<8x8xf32>) -> tensor<12x8xf32> {
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 0 : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<12x8xf32>
  return %0 : tensor<12x8xf32>
}

// -----

// CHECK-LABEL: func.func @concatenate_three
// BASE: stablehlo.concatenate{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j], [i, j])->([i, j]) {i=4, j=18} need_replication={j}>
// CONS: stablehlo.concatenate{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j], [i, j])->([i, j]) {i=4, j=18} need_replication={j} blocked_propagation={j}>
func.func @concatenate_three(%arg0: tensor<4x8xf32>, %arg1: tensor<4x2xf32>) -> tensor<4x18xf32> {
  %0 = stablehlo.concatenate %arg0, %arg1, %arg0, dim = 1 : (tensor<4x8xf32>, tensor<4x2xf32>, tensor<4x8xf32>) -> tensor<4x18xf32>
  return %0 : tensor<4x18xf32>
}

// -----

// The sliced dimension is a permutation factor of the operand size.
// CHECK-LABEL: func.func @slice
// BASE: stablehlo.slice{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=8} permutation={i}>
// CONS: stablehlo.slice{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=8} permutation={i} blocked_propagation={i}>
func.func @slice(%arg0: tensor<8x8xf32>) -> tensor<4x8xf32> {
  %0 = stablehlo.slice %arg0 [0:4, 0:8] : (tensor<8x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// CHECK-LABEL: func.func @slice_strided
// BASE: stablehlo.slice{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=8} permutation={j}>
// CONS: stablehlo.slice{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=8} permutation={j} blocked_propagation={j}>
func.func @slice_strided(%arg0: tensor<8x8xf32>) -> tensor<8x4xf32> {
  %0 = stablehlo.slice %arg0 [0:8, 0:8:2] : (tensor<8x8xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

// The padded dimension is a permutation factor of the operand size; the
// padding value is a scalar. BASE lines of concatenate and pad are the real
// Shardy's rules (under conservative propagation Shardy gives each
// concatenated dimension its own size-1 factor; ours blocks it instead).
// CHECK-LABEL: func.func @pad
// BASE: stablehlo.pad{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i, j]) {i=4, j=8} permutation={j}>
// CONS: stablehlo.pad{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i, j]) {i=4, j=8} permutation={j} blocked_propagation={j}>
func.func @pad(%arg0: tensor<4x8xf32>, %arg1: tensor<f32>) -> tensor<4x12xf32> {
  %0 = stablehlo.pad %arg0, %arg1, low = [0, 1], high = [0, 3], interior = [0, 0] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x12xf32>
  return %0 : tensor<4x12xf32>
}

// -----

// Same size but shifted: still a permutation factor.
// CHECK-LABEL: func.func @pad_shift
// BASE: stablehlo.pad{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i, j]) {i=4, j=8} permutation={i}>
// CONS: stablehlo.pad{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i, j]) {i=4, j=8} permutation={i} blocked_propagation={i}>
func.func @pad_shift(%arg0: tensor<4x8xf32>, %arg1: tensor<f32>) -> tensor<4x8xf32> {
  %0 = stablehlo.pad %arg0, %arg1, low = [1, 0], high = [-1, 0], interior = [0, 0] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// CHECK-LABEL: func.func @pad_interior
// BASE: stablehlo.pad{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i, j]) {i=4, j=8} permutation={i}>
// CONS: stablehlo.pad{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i, j]) {i=4, j=8} permutation={i} blocked_propagation={i}>
func.func @pad_interior(%arg0: tensor<4x8xf32>, %arg1: tensor<f32>) -> tensor<7x8xf32> {
  %0 = stablehlo.pad %arg0, %arg1, low = [0, 0], high = [0, 0], interior = [1, 0] : (tensor<4x8xf32>, tensor<f32>) -> tensor<7x8xf32>
  return %0 : tensor<7x8xf32>
}

// -----

// CHECK-LABEL: func.func @reverse
// CHECK: stablehlo.reverse{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=8} permutation={j}>
func.func @reverse(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.reverse %arg0, dims = [1] : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// The iota dimension is pass-through too.
// CHECK-LABEL: func.func @iota
// CHECK: stablehlo.iota{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<()->([i, j]) {i=4, j=8}>
func.func @iota() -> tensor<4x8xi32> {
  %0 = stablehlo.iota dim = 1 : tensor<4x8xi32>
  return %0 : tensor<4x8xi32>
}

// -----

// The whole dimension 1 is pass-through; the sliced dimension 0 gets a
// need_replication factor for the operand and another for the result.
// CHECK-LABEL: func.func @dynamic_slice
// CHECK: stablehlo.dynamic_slice{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [], [])->([j, k]) {i=8, j=2, k=8} need_replication={i, j}>
func.func @dynamic_slice(%arg0: tensor<8x8xf32>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<2x8xf32> {
  %0 = stablehlo.dynamic_slice %arg0, %arg1, %arg2, sizes = [2, 8] : (tensor<8x8xf32>, tensor<i32>, tensor<i32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

// CHECK-LABEL: func.func @dynamic_update_slice
// CHECK: stablehlo.dynamic_update_slice{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [j, k], [], [])->([i, k]) {i=8, j=2, k=8} need_replication={i, j}>
func.func @dynamic_update_slice(%arg0: tensor<8x8xf32>, %arg1: tensor<2x8xf32>, %arg2: tensor<i32>, %arg3: tensor<i32>) -> tensor<8x8xf32> {
  %0 = stablehlo.dynamic_update_slice %arg0, %arg1, %arg2, %arg3 : (tensor<8x8xf32>, tensor<2x8xf32>, tensor<i32>, tensor<i32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
