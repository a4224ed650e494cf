// RUN: sdy-opt %s -split-input-file -sdy-propagation-pipeline | FileCheck %s

// The op-priority round of pass-through factors also admits the factors
// that Shardy's own rules make pass-through where sdy's need replication
// (sdy's partitioner replicates them): the inserted dimensions of a
// scatter's inputs and the updated dimensions of a dynamic_update_slice's
// operand. A rule the op carries itself is taken as written. The
// expectations are the real Shardy's output (sdy-propagation-pipeline).

// The scatter's inserted dimension takes "d" from the result in the
// pass-through round, before the batch dimension's "d" from the indices.
// CHECK: func.func @main(%arg0: tensor<16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"d"}]>}, %arg1: tensor<16x1x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"d"}, {}, {}]>}, %arg2: tensor<16x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"d"}, {}]>}) -> (tensor<16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"d"}]>})
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"d"}]>]>} : (tensor<16x64xf32>, tensor<16x1x1xi32>, tensor<16x1xf32>) -> tensor<16x64xf32>
sdy.mesh @mesh = <["d"=8]>
func.func @main(%arg0: tensor<16x64xf32>, %arg1: tensor<16x1x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"d"}, {}, {}]>}, %arg2: tensor<16x1xf32>) -> (tensor<16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"d"}]>}) {
  %13 = "stablehlo.scatter"(%arg0, %arg1, %arg2) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = false}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %37 = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %37 : tensor<f32>
  }) : (tensor<16x64xf32>, tensor<16x1x1xi32>, tensor<16x1xf32>) -> tensor<16x64xf32>
  return %13 : tensor<16x64xf32>
}

// -----

// With its own rule (inserted dimension need_replication), the batch
// dimension takes "d" first.
// CHECK: func.func @main(%arg0: tensor<16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"d"}, {}]>}, %arg1: tensor<16x1x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"d"}, {}, {}]>}, %arg2: tensor<16x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"d"}, {}]>}) -> (tensor<16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"d"}]>})
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"d"}]>]>} : (tensor<16x64xf32>, tensor<16x1x1xi32>, tensor<16x1xf32>) -> tensor<16x64xf32>
sdy.mesh @mesh = <["d"=8]>
func.func @main(%arg0: tensor<16x64xf32>, %arg1: tensor<16x1x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"d"}, {}, {}]>}, %arg2: tensor<16x1xf32>) -> (tensor<16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"d"}]>}) {
  %13 = "stablehlo.scatter"(%arg0, %arg1, %arg2) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = false}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %37 = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %37 : tensor<f32>
  }) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, k, l], [i, k])->([i, j]) {i=16, j=64, k=1, l=1} need_replication={j, k, l}>} : (tensor<16x64xf32>, tensor<16x1x1xi32>, tensor<16x1xf32>) -> tensor<16x64xf32>
  return %13 : tensor<16x64xf32>
}

// -----

// The updated dimension of dynamic_update_slice propagates in the
// pass-through round, before the dot's contracting dimension.
// CHECK: func.func @main(%arg0: tensor<32x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"d"}, {}]>}, %arg1: tensor<4x64xf32>, %arg2: tensor<i32>, %arg3: tensor<64x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"d"}, {}]>}) -> (tensor<32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"d"}, {}]>}, tensor<32x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"d"}, {}]>})
// CHECK-NEXT: %0 = stablehlo.dot_general %arg0, %arg3, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"d"}, {}]>]>} : (tensor<32x64xf32>, tensor<64x16xf32>) -> tensor<32x16xf32>
// CHECK-NEXT: %1 = stablehlo.dynamic_update_slice %arg0, %arg1, %arg2, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"d"}, {}]>]>} : (tensor<32x64xf32>, tensor<4x64xf32>, tensor<i32>, tensor<i32>) -> tensor<32x64xf32>
sdy.mesh @mesh = <["d"=8]>
func.func @main(%arg0: tensor<32x64xf32>, %arg1: tensor<4x64xf32>, %arg2: tensor<i32>, %arg3: tensor<64x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"d"}, {}]>}) -> (tensor<32x16xf32>, tensor<32x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"d"}, {}]>}) {
  %0 = stablehlo.dot_general %arg0, %arg3, contracting_dims = [1] x [0] : (tensor<32x64xf32>, tensor<64x16xf32>) -> tensor<32x16xf32>
  %1 = stablehlo.dynamic_update_slice %arg0, %arg1, %arg2, %arg2 : (tensor<32x64xf32>, tensor<4x64xf32>, tensor<i32>, tensor<i32>) -> tensor<32x64xf32>
  return %0, %1 : tensor<32x16xf32>, tensor<32x64xf32>
}
