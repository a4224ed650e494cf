// RUN: sdy-opt %s -split-input-file -sdy-partition-pipeline 2>/dev/null | FileCheck %s
// RUN: sdy-opt %s -split-input-file -sdy-partition-pipeline=drop-sharding-and-mesh=true 2>/dev/null | FileCheck %s --check-prefix=DROP
// RUN: sdy-opt %s -split-input-file -sdy-canonicalize-collectives | FileCheck %s --check-prefix=CANON

// With drop-sharding-and-mesh, no sdy attribute or mesh is left.
// DROP-NOT: sdy
// DROP: func.func @mlp(%arg0: tensor<4x16xf32>, %arg1: tensor<16x8xf32>, %arg2: tensor<8x16xf32>) -> tensor<4x16xf32> {
// DROP-NOT: sdy

sdy.mesh @mesh = <["data"=2, "model"=4]>

// A two-layer MLP (Megatron style): the hidden activations stay sharded
// along "model", the second matmul ends with an all_reduce over "model".
// CHECK-LABEL: func.func @mlp(
// CHECK-SAME: %arg0: tensor<4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>}, %arg2: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}) -> (tensor<4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) attributes {sdy.global_type = (tensor<8x16xf32>, tensor<16x32xf32>, tensor<32x16xf32>) -> tensor<8x16xf32>} {
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {"model"}]>]>} : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: [[V1:%[^ ,:)#]+]] = stablehlo.tanh [[V0]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {"model"}]>]>} : tensor<4x8xf32>
// CHECK-NEXT: [[V2:%[^ ,:)#]+]] = stablehlo.dot_general [[V1]], %arg2, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {}]>]>} : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
// CHECK-NEXT: [[V3:%[^ ,:)#]+]] = "stablehlo.all_reduce"([[V2]]) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<{{\[\[}}0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi64>, use_global_device_ids}> ({
// CHECK-NEXT: ^bb0([[ARG3:%[^ ,:)#]+]]: tensor<f32>, [[ARG4:%[^ ,:)#]+]]: tensor<f32>):
// CHECK-NEXT: [[V4:%[^ ,:)#]+]] = stablehlo.add [[ARG3]], [[ARG4]] : tensor<f32>
// CHECK-NEXT: stablehlo.return [[V4]] : tensor<f32>
// CHECK-NEXT: }) : (tensor<4x16xf32>) -> tensor<4x16xf32>
// CHECK-NEXT: return [[V3]] : tensor<4x16xf32>
func.func @mlp(%x: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}, %w1: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>}, %w2: tensor<32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
  %0 = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
  %1 = stablehlo.tanh %0 : tensor<8x32xf32>
  %2 = stablehlo.dot_general %1, %w2, contracting_dims = [1] x [0] : (tensor<8x32xf32>, tensor<32x16xf32>) -> tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// A contraction over "y" whose result is sharded along "y": the all_reduce
// and the all_slice become one reduce_scatter.
// CHECK-LABEL: func.func @reduce_scatter(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}, %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) -> (tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) attributes {sdy.global_type = (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>} {
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<8x4xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: [[V1:%[^ ,:)#]+]] = "stablehlo.reduce_scatter"([[V0]]) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<{{\[\[}}0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi64>, scatter_dimension = 0 : i64, use_global_device_ids}> ({
// CHECK-NEXT: ^bb0([[ARG2:%[^ ,:)#]+]]: tensor<f32>, [[ARG3:%[^ ,:)#]+]]: tensor<f32>):
// CHECK-NEXT: [[V2:%[^ ,:)#]+]] = stablehlo.add [[ARG2]], [[ARG3]] : tensor<f32>
// CHECK-NEXT: stablehlo.return [[V2]] : tensor<f32>
// CHECK-NEXT: }) : (tensor<8x8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: return [[V1]] : tensor<2x8xf32>
func.func @reduce_scatter(%a: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}, %b: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// A reduction over an indivisible dimension (7 on 4 devices): the padding is
// masked with local iota + offset < 7 before the reduce.
// CHECK-LABEL: func.func @indivisible_reduce(
// CHECK-SAME: %arg0: tensor<3x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) attributes {sdy.global_type = (tensor<6x7xf32>) -> tensor<6xf32>} {
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = stablehlo.partition_id : tensor<ui32>
// CHECK-NEXT: [[CST:%[^ ,:)#]+]] = stablehlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT: [[V1:%[^ ,:)#]+]] = stablehlo.broadcast_in_dim [[CST]], dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : (tensor<f32>) -> tensor<3x2xf32>
// CHECK-NEXT: [[V2:%[^ ,:)#]+]] = stablehlo.iota dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : tensor<3x2xi32>
// CHECK-NEXT: [[C:%[^ ,:)#]+]] = stablehlo.constant dense<[0, 2, 4, 6, 0, 2, 4, 6]> : tensor<8xi32>
// CHECK-NEXT: [[V3:%[^ ,:)#]+]] = stablehlo.dynamic_slice [[C]], [[V0]], sizes = [1] : (tensor<8xi32>, tensor<ui32>) -> tensor<1xi32>
// CHECK-NEXT: [[V4:%[^ ,:)#]+]] = stablehlo.reshape [[V3]] : (tensor<1xi32>) -> tensor<i32>
// CHECK-NEXT: [[V5:%[^ ,:)#]+]] = stablehlo.broadcast_in_dim [[V4]], dims = [] : (tensor<i32>) -> tensor<3x2xi32>
// CHECK-NEXT: [[V6:%[^ ,:)#]+]] = stablehlo.add [[V2]], [[V5]] : tensor<3x2xi32>
// CHECK-NEXT: [[C_0:%[^ ,:)#]+]] = stablehlo.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} dense<7> : tensor<3x2xi32>
// CHECK-NEXT: [[V7:%[^ ,:)#]+]] = stablehlo.compare LT, [[V6]], [[C_0]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : (tensor<3x2xi32>, tensor<3x2xi32>) -> tensor<3x2xi1>
// CHECK-NEXT: [[V8:%[^ ,:)#]+]] = stablehlo.select [[V7]], %arg0, [[V1]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : tensor<3x2xi1>, tensor<3x2xf32>
// CHECK-NEXT: [[V9:%[^ ,:)#]+]] = stablehlo.reduce([[V8]] init: [[CST]]) applies stablehlo.add across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : (tensor<3x2xf32>, tensor<f32>) -> tensor<3xf32>
// CHECK-NEXT: [[V10:%[^ ,:)#]+]] = "stablehlo.all_reduce"([[V9]]) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<{{\[\[}}0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi64>, use_global_device_ids}> ({
// CHECK-NEXT: ^bb0([[ARG1:%[^ ,:)#]+]]: tensor<f32>, [[ARG2:%[^ ,:)#]+]]: tensor<f32>):
// CHECK-NEXT: [[V11:%[^ ,:)#]+]] = stablehlo.add [[ARG1]], [[ARG2]] : tensor<f32>
// CHECK-NEXT: stablehlo.return [[V11]] : tensor<f32>
// CHECK-NEXT: }) : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: return [[V10]] : tensor<3xf32>
func.func @indivisible_reduce(%a: tensor<6x7xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [1] : (tensor<6x7xf32>, tensor<f32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// A sharding constraint in the middle: reshards become collectives.
// CHECK-LABEL: func.func @constraint(
// CHECK-SAME: %arg0: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) attributes {sdy.global_type = (tensor<8x16xf32>) -> tensor<8x16xf32>} {
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = "stablehlo.all_to_all"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, concat_dimension = 1 : i64, replica_groups = dense<{{\[\[}}0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi64>, split_count = 4 : i64, split_dimension = 0 : i64}> : (tensor<4x4xf32>) -> tensor<1x16xf32>
// CHECK-NEXT: [[V1:%[^ ,:)#]+]] = "stablehlo.all_to_all"([[V0]]) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, concat_dimension = 0 : i64, replica_groups = dense<{{\[\[}}0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>, split_count = 8 : i64, split_dimension = 1 : i64}> : (tensor<1x16xf32>) -> tensor<8x2xf32>
// CHECK-NEXT: [[V2:%[^ ,:)#]+]] = stablehlo.negate [[V1]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x", "y"}]>]>} : tensor<8x2xf32>
// CHECK-NEXT: [[V3:%[^ ,:)#]+]] = stablehlo.abs [[V2]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x", "y"}]>]>} : tensor<8x2xf32>
// CHECK-NEXT: [[V4:%[^ ,:)#]+]] = "stablehlo.all_gather"([[V3]]) <{all_gather_dim = 1 : i64, channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, replica_groups = dense<{{\[\[}}0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>, use_global_device_ids}> : (tensor<8x2xf32>) -> tensor<8x16xf32>
// CHECK-NEXT: return [[V4]] : tensor<8x16xf32>
func.func @constraint(%a: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
  %0 = stablehlo.negate %a : tensor<8x16xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{}, {"x", "y"}]> : tensor<8x16xf32>
  %2 = stablehlo.abs %1 : tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// all_slice of an all_gather over the same axes cancels.
// CANON-LABEL: func.func @slice_of_gather(
// CANON-NEXT: return %arg0
// CHECK-LABEL: func.func @slice_of_gather(
// CHECK-SAME: %arg0: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) attributes {sdy.global_type = (tensor<8x16xf32>) -> tensor<8x16xf32>} {
// CHECK-NEXT: return %arg0 : tensor<4x4xf32>
func.func @slice_of_gather(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) {
  %0 = sdy.all_gather [{"x"}, {}] %arg0 out_sharding=<@mesh, [{}, {"y"}]> : tensor<8x16xf32>
  %1 = sdy.all_slice [{"x"}, {}] %0 out_sharding=<@mesh, [{"x"}, {"y"}]> : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// all_gather of an all_slice over the same axes cancels.
// CANON-LABEL: func.func @gather_of_slice(
// CANON-NEXT: return %arg0
// CHECK-LABEL: func.func @gather_of_slice(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) attributes {sdy.global_type = (tensor<8x16xf32>) -> tensor<8x16xf32>} {
// CHECK-NEXT: return %arg0 : tensor<8x4xf32>
func.func @gather_of_slice(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) {
  %0 = sdy.all_slice [{"x"}, {}] %arg0 out_sharding=<@mesh, [{"x"}, {"y"}]> : tensor<8x16xf32>
  %1 = sdy.all_gather [{"x"}, {}] %0 out_sharding=<@mesh, [{}, {"y"}]> : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// Different axes: no folding.
// CANON-LABEL: func.func @no_fold(
// CANON-NEXT: %[[G:.*]] = sdy.all_gather [{"x"}, {}] %arg0
// CANON-NEXT: %[[S:.*]] = sdy.all_slice [{}, {"x"}] %[[G]]
// CANON-NEXT: return %[[S]]
// CHECK-LABEL: func.func @no_fold(
// CHECK-SAME: %arg0: tensor<4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) attributes {sdy.global_type = (tensor<8x16xf32>) -> tensor<8x16xf32>} {
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = stablehlo.partition_id : tensor<ui32>
// CHECK-NEXT: [[V1:%[^ ,:)#]+]] = stablehlo.convert [[V0]] : (tensor<ui32>) -> tensor<i64>
// CHECK-NEXT: [[V2:%[^ ,:)#]+]] = "stablehlo.all_gather"(%arg0) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<{{\[\[}}0, 4], [1, 5], [2, 6], [3, 7]]> : tensor<4x2xi64>, use_global_device_ids}> : (tensor<4x16xf32>) -> tensor<8x16xf32>
// CHECK-NEXT: [[C:%[^ ,:)#]+]] = stablehlo.constant dense<0> : tensor<i64>
// CHECK-NEXT: [[C_0:%[^ ,:)#]+]] = stablehlo.constant dense<[0, 0, 0, 0, 8, 8, 8, 8]> : tensor<8xi64>
// CHECK-NEXT: [[V3:%[^ ,:)#]+]] = stablehlo.dynamic_slice [[C_0]], [[V1]], sizes = [1] : (tensor<8xi64>, tensor<i64>) -> tensor<1xi64>
// CHECK-NEXT: [[V4:%[^ ,:)#]+]] = stablehlo.reshape [[V3]] : (tensor<1xi64>) -> tensor<i64>
// CHECK-NEXT: [[V5:%[^ ,:)#]+]] = stablehlo.dynamic_slice [[V2]], [[C]], [[V4]], sizes = [8, 8] : (tensor<8x16xf32>, tensor<i64>, tensor<i64>) -> tensor<8x8xf32>
// CHECK-NEXT: return [[V5]] : tensor<8x8xf32>
func.func @no_fold(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) {
  %0 = sdy.all_gather [{"x"}, {}] %arg0 out_sharding=<@mesh, [{}, {}]> : tensor<8x16xf32>
  %1 = sdy.all_slice [{}, {"x"}] %0 out_sharding=<@mesh, [{}, {"x"}]> : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// Collectives without axes are removed.
// CANON-LABEL: func.func @noop(
// CANON-NEXT: return %arg0
// CHECK-LABEL: func.func @noop(
// CHECK-SAME: %arg0: tensor<4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) attributes {sdy.global_type = (tensor<8x16xf32>) -> tensor<8x16xf32>} {
// CHECK-NEXT: return %arg0 : tensor<4x16xf32>
func.func @noop(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %0 = sdy.all_gather [{}, {}] %arg0 out_sharding=<@mesh, [{"x"}, {}]> : tensor<8x16xf32>
  %1 = sdy.all_slice [{}, {}] %0 out_sharding=<@mesh, [{"x"}, {}]> : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// An iota and a constant feeding a sharded elementwise op.
// CHECK-LABEL: func.func @iota_and_constant(
// CHECK-SAME: %arg0: tensor<2x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) -> (tensor<2x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) attributes {sdy.global_type = (tensor<8x4xi32>) -> tensor<8x4xi32>} {
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = stablehlo.partition_id : tensor<ui32>
// CHECK-NEXT: [[V1:%[^ ,:)#]+]] = stablehlo.iota dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}]>]>} : tensor<2x4xi32>
// CHECK-NEXT: [[C:%[^ ,:)#]+]] = stablehlo.constant dense<[0, 2, 4, 6, 0, 2, 4, 6]> : tensor<8xi32>
// CHECK-NEXT: [[V2:%[^ ,:)#]+]] = stablehlo.dynamic_slice [[C]], [[V0]], sizes = [1] : (tensor<8xi32>, tensor<ui32>) -> tensor<1xi32>
// CHECK-NEXT: [[V3:%[^ ,:)#]+]] = stablehlo.reshape [[V2]] : (tensor<1xi32>) -> tensor<i32>
// CHECK-NEXT: [[V4:%[^ ,:)#]+]] = stablehlo.broadcast_in_dim [[V3]], dims = [] : (tensor<i32>) -> tensor<2x4xi32>
// CHECK-NEXT: [[V5:%[^ ,:)#]+]] = stablehlo.add [[V1]], [[V4]] : tensor<2x4xi32>
// CHECK-NEXT: [[C_0:%[^ ,:)#]+]] = stablehlo.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}]>]>} dense<3> : tensor<2x4xi32>
// CHECK-NEXT: [[V6:%[^ ,:)#]+]] = stablehlo.add %arg0, [[V5]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}]>]>} : tensor<2x4xi32>
// CHECK-NEXT: [[V7:%[^ ,:)#]+]] = stablehlo.multiply [[V6]], [[C_0]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}]>]>} : tensor<2x4xi32>
// CHECK-NEXT: return [[V7]] : tensor<2x4xi32>
func.func @iota_and_constant(%a: tensor<8x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) -> (tensor<8x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) {
  %i = stablehlo.iota dim = 0 : tensor<8x4xi32>
  %c = stablehlo.constant dense<3> : tensor<8x4xi32>
  %0 = stablehlo.add %a, %i : tensor<8x4xi32>
  %1 = stablehlo.multiply %0, %c : tensor<8x4xi32>
  return %1 : tensor<8x4xi32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// all_slice of an all_reduce over the same axes: a reduce_scatter.
// CANON-LABEL: func.func @reduce_then_slice(
// CANON-NEXT: %[[RS:.*]] = sdy.reduce_scatter [{}, {"y"}] %arg0 out_sharding=<@mesh, [{"x"}, {"y"}]>
// CANON-NEXT: return %[[RS]]
// CHECK-LABEL: func.func @reduce_then_slice(
// CHECK-SAME: %arg0: tensor<4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) attributes {sdy.global_type = (tensor<8x16xf32>) -> tensor<8x16xf32>} {
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = "stablehlo.reduce_scatter"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<{{\[\[}}0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi64>, scatter_dimension = 1 : i64, use_global_device_ids}> ({
// CHECK-NEXT: ^bb0([[ARG1:%[^ ,:)#]+]]: tensor<f32>, [[ARG2:%[^ ,:)#]+]]: tensor<f32>):
// CHECK-NEXT: [[V1:%[^ ,:)#]+]] = stablehlo.add [[ARG1]], [[ARG2]] : tensor<f32>
// CHECK-NEXT: stablehlo.return [[V1]] : tensor<f32>
// CHECK-NEXT: }) : (tensor<4x16xf32>) -> tensor<4x4xf32>
// CHECK-NEXT: return [[V0]] : tensor<4x4xf32>
func.func @reduce_then_slice(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) {
  %0 = sdy.all_reduce {"y"} %arg0 out_sharding=<@mesh, [{"x"}, {}]> : tensor<8x16xf32>
  %1 = sdy.all_slice [{}, {"y"}] %0 out_sharding=<@mesh, [{"x"}, {"y"}]> : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// The all_reduce has another use: it stays.
// CANON-LABEL: func.func @reduce_two_uses(
// CANON-NEXT: %[[R:.*]] = sdy.all_reduce {"y"} %arg0
// CANON-NEXT: %[[S:.*]] = sdy.all_slice [{}, {"y"}] %[[R]]
// CANON-NEXT: return %[[R]], %[[S]]
func.func @reduce_two_uses(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) {
  %0 = sdy.all_reduce {"y"} %arg0 out_sharding=<@mesh, [{"x"}, {}]> : tensor<8x16xf32>
  %1 = sdy.all_slice [{}, {"y"}] %0 out_sharding=<@mesh, [{"x"}, {"y"}]> : tensor<8x16xf32>
  return %0, %1 : tensor<8x16xf32>, tensor<8x16xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>
sdy.mesh @other = <["x"=4]>

// A reshard between meshes with different axes over the same devices: gather
// on the source mesh, relabel (no data moves), slice on the target mesh.
// CHECK-LABEL: func.func @cross_mesh(
// CHECK-SAME: %arg0: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@other, [{}, {"x"}]>}) attributes {sdy.global_type = (tensor<8x8xf32>) -> tensor<8x8xf32>} {
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = stablehlo.partition_id : tensor<ui32>
// CHECK-NEXT: [[V1:%[^ ,:)#]+]] = stablehlo.convert [[V0]] : (tensor<ui32>) -> tensor<i64>
// CHECK-NEXT: [[V2:%[^ ,:)#]+]] = stablehlo.reshape %arg0 : (tensor<4x4xf32>) -> tensor<1x4x4xf32>
// CHECK-NEXT: [[V3:%[^ ,:)#]+]] = "stablehlo.all_gather"([[V2]]) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<{{\[\[}}0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x4x4xf32>) -> tensor<4x4x4xf32>
// CHECK-NEXT: [[V4:%[^ ,:)#]+]] = stablehlo.reshape [[V3]] : (tensor<4x4x4xf32>) -> tensor<2x2x4x4xf32>
// CHECK-NEXT: [[V5:%[^ ,:)#]+]] = stablehlo.transpose [[V4]], dims = [0, 2, 1, 3] : (tensor<2x2x4x4xf32>) -> tensor<2x4x2x4xf32>
// CHECK-NEXT: [[V6:%[^ ,:)#]+]] = stablehlo.reshape [[V5]] : (tensor<2x4x2x4xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: [[C:%[^ ,:)#]+]] = stablehlo.constant dense<0> : tensor<i64>
// CHECK-NEXT: [[C_0:%[^ ,:)#]+]] = stablehlo.constant dense<[0, 2, 4, 6]> : tensor<4xi64>
// CHECK-NEXT: [[V7:%[^ ,:)#]+]] = stablehlo.dynamic_slice [[C_0]], [[V1]], sizes = [1] : (tensor<4xi64>, tensor<i64>) -> tensor<1xi64>
// CHECK-NEXT: [[V8:%[^ ,:)#]+]] = stablehlo.reshape [[V7]] : (tensor<1xi64>) -> tensor<i64>
// CHECK-NEXT: [[V9:%[^ ,:)#]+]] = stablehlo.dynamic_slice [[V6]], [[C]], [[V8]], sizes = [8, 2] : (tensor<8x8xf32>, tensor<i64>, tensor<i64>) -> tensor<8x2xf32>
// CHECK-NEXT: return [[V9]] : tensor<8x2xf32>
func.func @cross_mesh(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@other, [{}, {"x"}]>}) {
  %0 = sdy.reshard %arg0 <@other, [{}, {"x"}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
