// -sdy-insert-explicit-reshards: every op gets one consistent
// sharding per factor; operands/results that differ get sdy.reshard, sharded
// reduction factors an sdy.all_reduce after the op.
// RUN: sdy-opt %s -split-input-file -sdy-insert-explicit-reshards='enable-full-version=true' | FileCheck %s

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// Already consistent: nothing changes.
// CHECK-LABEL: func.func @elementwise_consistent(
// CHECK-NEXT: [[ADD:%.+]] = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : tensor<8x8xf32>
// CHECK-NEXT: return [[ADD]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @elementwise_consistent(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) {
  %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// The operand that disagrees with the other operand and the result is
// resharded.
// CHECK-LABEL: func.func @elementwise_operand_differs(
// CHECK-NEXT: [[RESHARD:%.+]] = sdy.reshard %arg1 <@mesh, [{"x"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: [[ADD:%.+]] = stablehlo.add %arg0, [[RESHARD]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : tensor<8x8xf32>
// CHECK-NEXT: return [[ADD]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @elementwise_operand_differs(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// A value without a sharding is replicated: it is sliced.
// CHECK-LABEL: func.func @elementwise_unsharded_operand(
// CHECK-NEXT: [[RESHARD:%.+]] = sdy.reshard %arg1 <@mesh, [{"x"}, {"y"}]> : tensor<8x8xf32>
// CHECK-NEXT: [[MULTIPLY:%.+]] = stablehlo.multiply %arg0, [[RESHARD]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : tensor<8x8xf32>
// CHECK-NEXT: return [[MULTIPLY]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @elementwise_unsharded_operand(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %arg1: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.multiply %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// The operands outweigh the result: the op computes in their sharding and
// the result is resharded to its own.
// CHECK-LABEL: func.func @elementwise_result_differs(
// CHECK-NEXT: [[SUBTRACT:%.+]] = stablehlo.subtract %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}]>]>} : tensor<8x8xf32>
// CHECK-NEXT: [[RESHARD:%.+]] = sdy.reshard [[SUBTRACT]] <@mesh, [{"x"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: return [[RESHARD]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @elementwise_result_differs(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.subtract %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// Ties go to the result's sharding.
// CHECK-LABEL: func.func @unary_tie(
// CHECK-NEXT: [[RESHARD:%.+]] = sdy.reshard %arg0 <@mesh, [{"z"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: [[NEGATE:%.+]] = stablehlo.negate [[RESHARD]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"z"}, {}]>]>} : tensor<8x8xf32>
// CHECK-NEXT: return [[NEGATE]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @unary_tie(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"z"}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"z"}, {}]>]>} : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// A dot whose contracting dimension is sharded: partial results are summed.
// CHECK-LABEL: func.func @dot_contracting_sharded(
// CHECK-NEXT: [[DOT:%.+]] = stablehlo.dot %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: [[ALL_REDUCE:%.+]] = sdy.all_reduce {"x"} [[DOT]] out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: return [[ALL_REDUCE]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @dot_contracting_sharded(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.dot %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// Contracting dimension sharded by two axes, free dimensions by others.
// CHECK-LABEL: func.func @dot_general_two_reduction_axes(
// CHECK-NEXT: [[DOT_GENERAL:%.+]] = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"z"}, {}]>]>} : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: [[ALL_REDUCE:%.+]] = sdy.all_reduce {"x", "y"} [[DOT_GENERAL]] out_sharding=<@mesh, [{"z"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: return [[ALL_REDUCE]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @dot_general_two_reduction_axes(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"z"}, {"x", "y"}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"z"}, {}]>]>} : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// Batch dimension sharded consistently: no communication.
// CHECK-LABEL: func.func @dot_general_batch(
// CHECK-NEXT: [[DOT_GENERAL:%.+]] = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}, {"z"}]>]>} : (tensor<4x8x16xf32>, tensor<4x16x8xf32>) -> tensor<4x8x8xf32>
// CHECK-NEXT: return [[DOT_GENERAL]] : tensor<4x8x8xf32>
// CHECK-NEXT: }
func.func @dot_general_batch(%arg0: tensor<4x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}, {}]>}, %arg1: tensor<4x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {"z"}]>}) -> tensor<4x8x8xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}, {"z"}]>]>} : (tensor<4x8x16xf32>, tensor<4x16x8xf32>) -> tensor<4x8x8xf32>
  return %0 : tensor<4x8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// The contracting dimension is sharded differently by the two operands:
// the larger operand wins, the other one is resharded.
// CHECK-LABEL: func.func @dot_contracting_conflict(
// CHECK-NEXT: [[RESHARD:%.+]] = sdy.reshard %arg1 <@mesh, [{"x"}, {}]> : tensor<32x4xf32>
// CHECK-NEXT: [[DOT:%.+]] = stablehlo.dot %arg0, [[RESHARD]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<8x32xf32>, tensor<32x4xf32>) -> tensor<8x4xf32>
// CHECK-NEXT: [[ALL_REDUCE:%.+]] = sdy.all_reduce {"x"} [[DOT]] out_sharding=<@mesh, [{}, {}]> : tensor<8x4xf32>
// CHECK-NEXT: return [[ALL_REDUCE]] : tensor<8x4xf32>
// CHECK-NEXT: }
func.func @dot_contracting_conflict(%arg0: tensor<8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}, %arg1: tensor<32x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) -> tensor<8x4xf32> {
  %0 = stablehlo.dot %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<8x32xf32>, tensor<32x4xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// The same axis on two factors: the heavier factor keeps it, the other one
// loses it (lhs [{"x"}, {"x"...}] cannot both hold "x").
// CHECK-LABEL: func.func @dot_axis_conflict_between_factors(
// CHECK-NEXT: [[DOT:%.+]] = stablehlo.dot %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: [[ALL_REDUCE:%.+]] = sdy.all_reduce {"x"} [[DOT]] out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: [[RESHARD:%.+]] = sdy.reshard [[ALL_REDUCE]] <@mesh, [{"x"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: return [[RESHARD]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @dot_axis_conflict_between_factors(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.dot %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// Sum over a sharded dimension.
// CHECK-LABEL: func.func @reduce_sum_sharded(
// CHECK-NEXT: [[CST:%.+]] = stablehlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT: [[REDUCE:%.+]] = stablehlo.reduce(%arg0 init: [[CST]]) applies stablehlo.add across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
// CHECK-NEXT: [[ALL_REDUCE:%.+]] = sdy.all_reduce {"y"} [[REDUCE]] out_sharding=<@mesh, [{"x"}]> : tensor<8xf32>
// CHECK-NEXT: return [[ALL_REDUCE]] : tensor<8xf32>
// CHECK-NEXT: }
func.func @reduce_sum_sharded(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> tensor<8xf32> {
  %cst = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// Max over a sharded dimension: an all_reduce max.
// CHECK-LABEL: func.func @reduce_max_sharded(
// CHECK-NEXT: [[CST:%.+]] = stablehlo.constant dense<0xFF800000> : tensor<f32>
// CHECK-NEXT: [[REDUCE:%.+]] = stablehlo.reduce(%arg0 init: [[CST]]) applies stablehlo.maximum across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
// CHECK-NEXT: [[ALL_REDUCE:%.+]] = sdy.all_reduce max {"y", "z"} [[REDUCE]] out_sharding=<@mesh, [{}]> : tensor<8xf32>
// CHECK-NEXT: return [[ALL_REDUCE]] : tensor<8xf32>
// CHECK-NEXT: }
func.func @reduce_max_sharded(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y", "z"}]>}) -> tensor<8xf32> {
  %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// Reduce over an unsharded dimension: local.
// CHECK-LABEL: func.func @reduce_unsharded_dim(
// CHECK-NEXT: [[CST:%.+]] = stablehlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT: [[REDUCE:%.+]] = stablehlo.reduce(%arg0 init: [[CST]]) applies stablehlo.add across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
// CHECK-NEXT: return [[REDUCE]] : tensor<8xf32>
// CHECK-NEXT: }
func.func @reduce_unsharded_dim(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8xf32> {
  %cst = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// Transpose: the factors follow the permutation.
// CHECK-LABEL: func.func @transpose_consistent(
// CHECK-NEXT: [[TRANSPOSE:%.+]] = stablehlo.transpose %arg0, dims = [1, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {"x"}]>]>} : (tensor<8x16xf32>) -> tensor<16x8xf32>
// CHECK-NEXT: return [[TRANSPOSE]] : tensor<16x8xf32>
// CHECK-NEXT: }
func.func @transpose_consistent(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> tensor<16x8xf32> {
  %0 = stablehlo.transpose %arg0, dims = [1, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {"x"}]>]>} : (tensor<8x16xf32>) -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// CHECK-LABEL: func.func @transpose_mismatch(
// CHECK-NEXT: [[RESHARD:%.+]] = sdy.reshard %arg0 <@mesh, [{}, {"x"}]> : tensor<8x16xf32>
// CHECK-NEXT: [[TRANSPOSE:%.+]] = stablehlo.transpose [[RESHARD]], dims = [1, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : (tensor<8x16xf32>) -> tensor<16x8xf32>
// CHECK-NEXT: return [[TRANSPOSE]] : tensor<16x8xf32>
// CHECK-NEXT: }
func.func @transpose_mismatch(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<16x8xf32> {
  %0 = stablehlo.transpose %arg0, dims = [1, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : (tensor<8x16xf32>) -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>

// Reshape splitting a dimension: "x" is split into sub-axes between the
// factors.
// CHECK-LABEL: func.func @reshape_split_sub_axes(
// CHECK-NEXT: [[RESHAPE:%.+]] = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x":(1)2}, {"x":(2)2}]>]>} : (tensor<16xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: return [[RESHAPE]] : tensor<2x8xf32>
// CHECK-NEXT: }
func.func @reshape_split_sub_axes(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<2x8xf32> {
  %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x":(1)2}, {"x":(2)2}]>]>} : (tensor<16xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>

// Reshape merging dimensions whose shardings cannot be merged.
// CHECK-LABEL: func.func @reshape_merge_mismatch(
// CHECK-NEXT: [[RESHARD:%.+]] = sdy.reshard %arg0 <@mesh, [{"x"}, {}]> : tensor<4x8xf32>
// CHECK-NEXT: [[RESHAPE:%.+]] = stablehlo.reshape [[RESHARD]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : (tensor<4x8xf32>) -> tensor<32xf32>
// CHECK-NEXT: return [[RESHAPE]] : tensor<32xf32>
// CHECK-NEXT: }
func.func @reshape_merge_mismatch(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) -> tensor<32xf32> {
  %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : (tensor<4x8xf32>) -> tensor<32xf32>
  return %0 : tensor<32xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// Broadcast: the new dimension may be sharded freely.
// CHECK-LABEL: func.func @broadcast(
// CHECK-NEXT: [[BROADCAST_IN_DIM:%.+]] = stablehlo.broadcast_in_dim %arg0, dims = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : (tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: return [[BROADCAST_IN_DIM]] : tensor<4x8xf32>
// CHECK-NEXT: }
func.func @broadcast(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}) -> tensor<4x8xf32> {
  %0 = stablehlo.broadcast_in_dim %arg0, dims = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : (tensor<8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// Need-replication factors are gathered on every operand and result.
// CHECK-LABEL: func.func @need_replication(
// CHECK-NEXT: [[RESHARD:%.+]] = sdy.reshard %arg0 <@mesh, [{"x"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: [[CUSTOM_CALL:%.+]] = stablehlo.custom_call @bar([[RESHARD]]) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=8} need_replication={j}, custom>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: [[RESHARD_1:%.+]] = sdy.reshard [[CUSTOM_CALL]] <@mesh, [{"x"}, {"y"}]> : tensor<8x8xf32>
// CHECK-NEXT: return [[RESHARD_1]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @need_replication(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.custom_call @bar(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=8} need_replication={j}, custom>, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// Concatenate: the concatenated dimension is a permutation factor, it is
// replicated; the other one is kept.
// CHECK-LABEL: func.func @concatenate(
// CHECK-NEXT: [[RESHARD:%.+]] = sdy.reshard %arg0 <@mesh, [{}, {"y"}]> : tensor<4x8xf32>
// CHECK-NEXT: [[RESHARD_1:%.+]] = sdy.reshard %arg1 <@mesh, [{}, {"y"}]> : tensor<4x8xf32>
// CHECK-NEXT: [[CONCATENATE:%.+]] = stablehlo.concatenate [[RESHARD]], [[RESHARD_1]], dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: [[RESHARD_2:%.+]] = sdy.reshard [[CONCATENATE]] <@mesh, [{"x"}, {"y"}]> : tensor<8x8xf32>
// CHECK-NEXT: return [[RESHARD_2]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @concatenate(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// A reduction factor of a custom rule.
// CHECK-LABEL: func.func @custom_rule_reduction(
// CHECK-NEXT: [[CUSTOM_CALL:%.+]] = stablehlo.custom_call @baz(%arg0, %arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=4, j=2, k=8} reduction={k}, custom>} : (tensor<4x8xf32>, tensor<8x2xf32>) -> tensor<4x2xf32>
// CHECK-NEXT: [[ALL_REDUCE:%.+]] = sdy.all_reduce {"z"} [[CUSTOM_CALL]] out_sharding=<@mesh, [{}, {}]> : tensor<4x2xf32>
// CHECK-NEXT: return [[ALL_REDUCE]] : tensor<4x2xf32>
// CHECK-NEXT: }
func.func @custom_rule_reduction(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"z"}]>}, %arg1: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"z"}, {}]>}) -> tensor<4x2xf32> {
  %0 = stablehlo.custom_call @baz(%arg0, %arg1) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=4, j=2, k=8} reduction={k}, custom>, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<4x8xf32>, tensor<8x2xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// A returned value whose sharding differs from the function result's.
// CHECK-LABEL: func.func @return_differs(
// CHECK-NEXT: [[RESHARD:%.+]] = sdy.reshard %arg0 <@mesh, [{}, {"x"}]> : tensor<8x8xf32>
// CHECK-NEXT: return [[RESHARD]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @return_differs(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) {
  return %arg0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// A result resharded back to its own sharding, then to the next op's: the
// two reshards fold into one.
// CHECK-LABEL: func.func @folded_reshards(
// CHECK-NEXT: [[ADD:%.+]] = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}]>]>} : tensor<8x8xf32>
// CHECK-NEXT: [[RESHARD:%.+]] = sdy.reshard [[ADD]] <@mesh, [{}, {"z"}]> : tensor<8x8xf32>
// CHECK-NEXT: return [[RESHARD]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @folded_reshards(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"z"}]>}) {
  %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>
sdy.mesh @mesh_perm = <["x"=2, "y"=2, "z"=2], device_ids=[0, 2, 4, 6, 1, 3, 5, 7]>

// An operand on a mesh with another device order is moved to the op's mesh.
// CHECK-LABEL: func.func @other_mesh_operand(
// CHECK-NEXT: [[RESHARD:%.+]] = sdy.reshard %arg0 <@mesh, [{"x"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: [[ADD:%.+]] = stablehlo.add [[RESHARD]], %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : tensor<8x8xf32>
// CHECK-NEXT: return [[ADD]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @other_mesh_operand(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh_perm, [{"x"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// Ops without any sharding are left alone.
// CHECK-LABEL: func.func @no_shardings(
// CHECK-NEXT: [[DOT:%.+]] = stablehlo.dot %arg0, %arg1 : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: return [[DOT]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @no_shardings(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.dot %arg0, %arg1 : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// Open dimensions and priorities of the result are kept.
// CHECK-LABEL: func.func @open_dims_kept(
// CHECK-NEXT: [[RESHARD:%.+]] = sdy.reshard %arg1 <@mesh, [{"x"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: [[ADD:%.+]] = stablehlo.add %arg0, [[RESHARD]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", ?}, {?}]>]>} : tensor<8x8xf32>
// CHECK-NEXT: return [[ADD]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @open_dims_kept(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", ?}, {?}]>]>} : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// Several results (a variadic reduce with a non-trivial body: its reduction
// factor cannot be all-reduced, so the reduced dimension is gathered).
// CHECK-LABEL: func.func @reduce_two_results(
// CHECK-NEXT: [[CST:%.+]] = stablehlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT: [[C:%.+]] = stablehlo.constant dense<0> : tensor<i32>
// CHECK-NEXT: [[RESHARD:%.+]] = sdy.reshard %arg0 <@mesh, [{"x"}, {}]> : tensor<8x16xf32>
// CHECK-NEXT: [[RESHARD_1:%.+]] = sdy.reshard %arg1 <@mesh, [{"x"}, {}]> : tensor<8x16xi32>
// CHECK-NEXT: [[REDUCE:%.+]]:2 = stablehlo.reduce([[RESHARD]] init: [[CST]]), ([[RESHARD_1]] init: [[C]]) across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>, <@mesh, [{"x"}]>]>} : (tensor<8x16xf32>, tensor<8x16xi32>, tensor<f32>, tensor<i32>) -> (tensor<8xf32>, tensor<8xi32>)
// CHECK-NEXT: reducer(%arg2: tensor<f32>, %arg4: tensor<f32>) (%arg3: tensor<i32>, %arg5: tensor<i32>)  {
// CHECK-NEXT: [[MAXIMUM:%.+]] = stablehlo.maximum %arg2, %arg4 : tensor<f32>
// CHECK-NEXT: [[MAXIMUM_1:%.+]] = stablehlo.maximum %arg3, %arg5 : tensor<i32>
// CHECK-NEXT: stablehlo.return [[MAXIMUM]], [[MAXIMUM_1]] : tensor<f32>, tensor<i32>
// CHECK-NEXT: }
// CHECK-NEXT: return [[REDUCE]]#0, [[REDUCE]]#1 : tensor<8xf32>, tensor<8xi32>
// CHECK-NEXT: }
func.func @reduce_two_results(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %arg1: tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<8xf32>, tensor<8xi32>) {
  %c0 = stablehlo.constant dense<0.0> : tensor<f32>
  %c1 = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.reduce(%arg0 init: %c0), (%arg1 init: %c1) across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>, <@mesh, [{"x"}]>]>} : (tensor<8x16xf32>, tensor<8x16xi32>, tensor<f32>, tensor<i32>) -> (tensor<8xf32>, tensor<8xi32>)
   reducer(%a: tensor<f32>, %b: tensor<f32>) (%c: tensor<i32>, %d: tensor<i32>) {
    %1 = stablehlo.maximum %a, %b : tensor<f32>
    %2 = stablehlo.maximum %c, %d : tensor<i32>
    stablehlo.return %1, %2 : tensor<f32>, tensor<i32>
  }
  return %0#0, %0#1 : tensor<8xf32>, tensor<8xi32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// While: the operand and the body's yielded value follow the loop's sharding.
// CHECK-LABEL: func.func @while_loop(
// CHECK-NEXT: [[C:%.+]] = stablehlo.constant dense<0> : tensor<i32>
// CHECK-NEXT: [[RESHARD:%.+]] = sdy.reshard %arg0 <@mesh, [{"x"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: [[WHILE:%.+]]:2 = stablehlo.while(%iterArg = [[RESHARD]], %iterArg_0 = [[C]]) : tensor<8x8xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>, <@mesh, []>]>}
// CHECK-NEXT: cond {
// CHECK-NEXT: [[COMPARE:%.+]] = stablehlo.compare LT, %iterArg_0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>]>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
// CHECK-NEXT: stablehlo.return [[COMPARE]] : tensor<i1>
// CHECK-NEXT: } do {
// CHECK-NEXT: [[RESHARD_1:%.+]] = sdy.reshard %iterArg <@mesh, [{"z"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: [[NEGATE:%.+]] = stablehlo.negate [[RESHARD_1]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"z"}, {}]>]>} : tensor<8x8xf32>
// CHECK-NEXT: [[RESHARD_2:%.+]] = sdy.reshard [[NEGATE]] <@mesh, [{"x"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: stablehlo.return [[RESHARD_2]], %iterArg_0 : tensor<8x8xf32>, tensor<i32>
// CHECK-NEXT: }
// CHECK-NEXT: return [[WHILE]]#0 : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @while_loop(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}, %n: tensor<i32>) -> tensor<8x8xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%iterArg = %arg0, %i = %c0) : tensor<8x8xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>, <@mesh, []>]>}
   cond {
    %1 = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %1 = stablehlo.negate %iterArg {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"z"}, {}]>]>} : tensor<8x8xf32>
    stablehlo.return %1, %i : tensor<8x8xf32>, tensor<i32>
  }
  return %0#0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// Optimization barrier: operands follow the results' shardings.
// CHECK-LABEL: func.func @optimization_barrier(
// CHECK-NEXT: [[RESHARD:%.+]] = sdy.reshard %arg0 <@mesh, [{}, {"x"}]> : tensor<8x8xf32>
// CHECK-NEXT: [[OPTIMIZATION_BARRIER:%.+]] = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}]>]>} [[RESHARD]] : tensor<8x8xf32>
// CHECK-NEXT: return [[OPTIMIZATION_BARRIER]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @optimization_barrier(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}]>]>} %arg0 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// Case: every branch yields the result's sharding.
// CHECK-LABEL: func.func @case_branches(
// CHECK-NEXT: [[CASE:%.+]] = "stablehlo.case"(%arg0) ({
// CHECK-NEXT: stablehlo.return %arg1 : tensor<8x8xf32>
// CHECK-NEXT: }, {
// CHECK-NEXT: [[RESHARD:%.+]] = sdy.reshard %arg2 <@mesh, [{"x"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: stablehlo.return [[RESHARD]] : tensor<8x8xf32>
// CHECK-NEXT: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : (tensor<i32>) -> tensor<8x8xf32>
// CHECK-NEXT: return [[CASE]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @case_branches(%i: tensor<i32>, %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) -> tensor<8x8xf32> {
  %0 = "stablehlo.case"(%i) ({
    stablehlo.return %arg0 : tensor<8x8xf32>
  }, {
    stablehlo.return %arg1 : tensor<8x8xf32>
  }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : (tensor<i32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// Named computation: operands follow in_shardings, the body's results
// out_shardings; the body's ops are processed like any other.
// CHECK-LABEL: func.func @named_computation(
// CHECK-NEXT: [[RESHARD:%.+]] = sdy.reshard %arg0 <@mesh, [{"x"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: [[NAMED_COMPUTATION:%.+]] = sdy.named_computation<"foo">([[RESHARD]]) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {"z"}]>] (%arg1: tensor<8x8xf32>) {
// CHECK-NEXT: [[ABS:%.+]] = stablehlo.abs %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : tensor<8x8xf32>
// CHECK-NEXT: [[RESHARD_1:%.+]] = sdy.reshard [[ABS]] <@mesh, [{"x"}, {"z"}]> : tensor<8x8xf32>
// CHECK-NEXT: sdy.return [[RESHARD_1]] : tensor<8x8xf32>
// CHECK-NEXT: } : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: return [[NAMED_COMPUTATION]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @named_computation(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) -> tensor<8x8xf32> {
  %0 = sdy.named_computation<"foo">(%arg0) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {"z"}]>] (%arg1: tensor<8x8xf32>) {
    %1 = stablehlo.abs %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : tensor<8x8xf32>
    sdy.return %1 : tensor<8x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// Manual computation: operands follow in_shardings; inside, only free axes
// matter (the block argument is [{}, {"y"}] along them) and the body's
// result follows out_shardings without the manual axes.
// CHECK-LABEL: func.func @manual_computation(
// CHECK-NEXT: [[RESHARD:%.+]] = sdy.reshard %arg0 <@mesh, [{"x"}, {"y"}]> : tensor<8x8xf32>
// CHECK-NEXT: [[MANUAL_COMPUTATION:%.+]] = sdy.manual_computation([[RESHARD]]) in_shardings=[<@mesh, [{"x"}, {"y"}]>] out_shardings=[<@mesh, [{"x", "z"}, {}]>] manual_axes={"x"} (%arg1: tensor<4x8xf32>) {
// CHECK-NEXT: [[NEGATE:%.+]] = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} : tensor<4x8xf32>
// CHECK-NEXT: [[RESHARD_1:%.+]] = sdy.reshard [[NEGATE]] <@mesh, [{"z"}, {}]> : tensor<4x8xf32>
// CHECK-NEXT: sdy.return [[RESHARD_1]] : tensor<4x8xf32>
// CHECK-NEXT: } : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: return [[MANUAL_COMPUTATION]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @manual_computation(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {"y"}]>] out_shardings=[<@mesh, [{"x", "z"}, {}]>] manual_axes={"x"} (%arg1: tensor<4x8xf32>) {
    %1 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} : tensor<4x8xf32>
    sdy.return %1 : tensor<4x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// A dot inside a manual computation with its contracting dimension sharded
// along a free axis: the all_reduce is over the free axis only.
// CHECK-LABEL: func.func @manual_computation_dot(
// CHECK-NEXT: [[MANUAL_COMPUTATION:%.+]] = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{"x"}, {"y"}]>, <@mesh, [{"y"}, {}], replicated={"x"}>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%arg2: tensor<4x16xf32>, %arg3: tensor<16x8xf32>) {
// CHECK-NEXT: [[DOT:%.+]] = stablehlo.dot %arg2, %arg3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: [[ALL_REDUCE:%.+]] = sdy.all_reduce {"y"} [[DOT]] out_sharding=<@mesh, [{}, {}]> : tensor<4x8xf32>
// CHECK-NEXT: sdy.return [[ALL_REDUCE]] : tensor<4x8xf32>
// CHECK-NEXT: } : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: return [[MANUAL_COMPUTATION]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @manual_computation_dot(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) -> tensor<8x8xf32> {
  %0 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{"x"}, {"y"}]>, <@mesh, [{"y"}, {}], replicated={"x"}>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%a: tensor<4x16xf32>, %b: tensor<16x8xf32>) {
    %1 = stablehlo.dot %a, %b {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
    sdy.return %1 : tensor<4x8xf32>
  } : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// Scalars and rank-0 shardings.
// CHECK-LABEL: func.func @scalar(
// CHECK-NEXT: [[ADD:%.+]] = stablehlo.add %arg0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>]>} : tensor<f32>
// CHECK-NEXT: return [[ADD]] : tensor<f32>
// CHECK-NEXT: }
func.func @scalar(%arg0: tensor<f32> {sdy.sharding = #sdy.sharding<@mesh, []>}) -> tensor<f32> {
  %0 = stablehlo.add %arg0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>]>} : tensor<f32>
  return %0 : tensor<f32>
}

