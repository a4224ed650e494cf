// RUN: sdy-opt %s -split-input-file -sdy-convert-global-to-local -verify-diagnostics | FileCheck %s

sdy.mesh @mesh = <["x"=2, "y"=4]>

// Types become local, function signatures included.
// CHECK-LABEL: func.func @local_types(
// CHECK-SAME: %arg0: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %arg1: tensor<8xf32>) -> (tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, tensor<8xf32>) attributes {sdy.global_type = (tensor<8x16xf32>, tensor<8xf32>) -> (tensor<8x16xf32>, tensor<8xf32>)} {
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = stablehlo.add %arg0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : tensor<4x4xf32>
// CHECK-NEXT: [[V1:%[^ ,:)#]+]] = stablehlo.negate %arg1 : tensor<8xf32>
// CHECK-NEXT: return [[V0]], [[V1]] : tensor<4x4xf32>, tensor<8xf32>
func.func @local_types(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %arg1: tensor<8xf32>) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, tensor<8xf32>) {
  %0 = stablehlo.add %arg0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : tensor<8x16xf32>
  %1 = stablehlo.negate %arg1 : tensor<8xf32>
  return %0, %1 : tensor<8x16xf32>, tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// all_gather along one dimension: groups are the devices that differ in "x".
// CHECK-LABEL: func.func @all_gather(
// CHECK-SAME: %arg0: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) attributes {sdy.global_type = (tensor<8x16xf32>) -> tensor<8x16xf32>} {
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = "stablehlo.all_gather"(%arg0) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<{{\[\[}}0, 4], [1, 5], [2, 6], [3, 7]]> : tensor<4x2xi64>, use_global_device_ids}> : (tensor<4x4xf32>) -> tensor<8x4xf32>
// CHECK-NEXT: return [[V0]] : tensor<8x4xf32>
func.func @all_gather(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) {
  %0 = sdy.all_gather [{"x"}, {}] %arg0 out_sharding=<@mesh, [{}, {"y"}]> : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// all_gather along two dimensions: one stablehlo.all_gather over both axes
// (x then y) of a leading dimension, the parts moved next to their
// dimensions, as the real Shardy lowers it (checked against it).
// CHECK-LABEL: func.func @all_gather_two_dims(
// CHECK-SAME: %arg0: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) attributes {sdy.global_type = (tensor<8x16xf32>) -> tensor<8x16xf32>} {
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = stablehlo.reshape %arg0 : (tensor<4x4xf32>) -> tensor<1x4x4xf32>
// CHECK-NEXT: [[V1:%[^ ,:)#]+]] = "stablehlo.all_gather"([[V0]]) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<{{\[\[}}0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>, use_global_device_ids}> : (tensor<1x4x4xf32>) -> tensor<8x4x4xf32>
// CHECK-NEXT: [[V2:%[^ ,:)#]+]] = stablehlo.reshape [[V1]] : (tensor<8x4x4xf32>) -> tensor<2x4x4x4xf32>
// CHECK-NEXT: [[V3:%[^ ,:)#]+]] = stablehlo.transpose [[V2]], dims = [0, 2, 1, 3] : (tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32>
// CHECK-NEXT: [[V4:%[^ ,:)#]+]] = stablehlo.reshape [[V3]] : (tensor<2x4x4x4xf32>) -> tensor<8x16xf32>
// CHECK-NEXT: return [[V4]] : tensor<8x16xf32>
func.func @all_gather_two_dims(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
  %0 = sdy.all_gather [{"x"}, {"y"}] %arg0 out_sharding=<@mesh, [{}, {}]> : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// Gathering two axes of one dimension: members are ordered by the shard
// index ("y" major, "x" minor here).
// CHECK-LABEL: func.func @all_gather_two_axes(
// CHECK-SAME: %arg0: tensor<2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "x"}, {}]>}) -> (tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) attributes {sdy.global_type = (tensor<16x4xf32>) -> tensor<16x4xf32>} {
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = "stablehlo.all_gather"(%arg0) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<{{\[\[}}0, 4, 1, 5, 2, 6, 3, 7]]> : tensor<1x8xi64>, use_global_device_ids}> : (tensor<2x4xf32>) -> tensor<16x4xf32>
// CHECK-NEXT: return [[V0]] : tensor<16x4xf32>
func.func @all_gather_two_axes(%arg0: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "x"}, {}]>}) -> (tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
  %0 = sdy.all_gather [{"y", "x"}, {}] %arg0 out_sharding=<@mesh, [{}, {}]> : tensor<16x4xf32>
  return %0 : tensor<16x4xf32>
}

// -----

sdy.mesh @mesh = <["x"=8]>

// Gathering the sub-axis "x":(1)4: groups are the devices with the same
// "x":(4)2 coordinate.
// CHECK-LABEL: func.func @all_gather_sub_axis(
// CHECK-SAME: %arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)4}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) attributes {sdy.global_type = (tensor<16xf32>) -> tensor<16xf32>} {
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = "stablehlo.all_gather"(%arg0) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<{{\[\[}}0, 2, 4, 6], [1, 3, 5, 7]]> : tensor<2x4xi64>, use_global_device_ids}> : (tensor<4xf32>) -> tensor<16xf32>
// CHECK-NEXT: return [[V0]] : tensor<16xf32>
func.func @all_gather_sub_axis(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)4}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
  %0 = sdy.all_gather [{"x":(1)4}] %arg0 out_sharding=<@mesh, [{}]> : tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// all_slice: a dynamic_slice at offsets looked up by partition id.
// CHECK-LABEL: func.func @all_slice(
// CHECK-SAME: %arg0: tensor<8x16xf32>) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) attributes {sdy.global_type = (tensor<8x16xf32>) -> tensor<8x16xf32>} {
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = stablehlo.partition_id : tensor<ui32>
// CHECK-NEXT: [[V1:%[^ ,:)#]+]] = stablehlo.convert [[V0]] : (tensor<ui32>) -> tensor<i64>
// CHECK-NEXT: [[C:%[^ ,:)#]+]] = stablehlo.constant dense<0> : tensor<i64>
// CHECK-NEXT: [[C_0:%[^ ,:)#]+]] = stablehlo.constant dense<[0, 4, 8, 12, 0, 4, 8, 12]> : tensor<8xi64>
// CHECK-NEXT: [[V2:%[^ ,:)#]+]] = stablehlo.dynamic_slice [[C_0]], [[V1]], sizes = [1] : (tensor<8xi64>, tensor<i64>) -> tensor<1xi64>
// CHECK-NEXT: [[V3:%[^ ,:)#]+]] = stablehlo.reshape [[V2]] : (tensor<1xi64>) -> tensor<i64>
// CHECK-NEXT: [[V4:%[^ ,:)#]+]] = stablehlo.dynamic_slice %arg0, [[C]], [[V3]], sizes = [8, 4] : (tensor<8x16xf32>, tensor<i64>, tensor<i64>) -> tensor<8x4xf32>
// CHECK-NEXT: return [[V4]] : tensor<8x4xf32>
func.func @all_slice(%arg0: tensor<8x16xf32>) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) {
  %0 = sdy.all_slice [{}, {"y"}] %arg0 out_sharding=<@mesh, [{}, {"y"}]> : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// all_slice of two dimensions: one dynamic_slice.
// CHECK-LABEL: func.func @all_slice_two_dims(
// CHECK-SAME: %arg0: tensor<8x16xf32>) -> (tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) attributes {sdy.global_type = (tensor<8x16xf32>) -> tensor<8x16xf32>} {
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = stablehlo.partition_id : tensor<ui32>
// CHECK-NEXT: [[V1:%[^ ,:)#]+]] = stablehlo.convert [[V0]] : (tensor<ui32>) -> tensor<i64>
// CHECK-NEXT: [[C:%[^ ,:)#]+]] = stablehlo.constant dense<[0, 0, 0, 0, 4, 4, 4, 4]> : tensor<8xi64>
// CHECK-NEXT: [[V2:%[^ ,:)#]+]] = stablehlo.dynamic_slice [[C]], [[V1]], sizes = [1] : (tensor<8xi64>, tensor<i64>) -> tensor<1xi64>
// CHECK-NEXT: [[V3:%[^ ,:)#]+]] = stablehlo.reshape [[V2]] : (tensor<1xi64>) -> tensor<i64>
// CHECK-NEXT: [[C_0:%[^ ,:)#]+]] = stablehlo.constant dense<[0, 4, 8, 12, 0, 4, 8, 12]> : tensor<8xi64>
// CHECK-NEXT: [[V4:%[^ ,:)#]+]] = stablehlo.dynamic_slice [[C_0]], [[V1]], sizes = [1] : (tensor<8xi64>, tensor<i64>) -> tensor<1xi64>
// CHECK-NEXT: [[V5:%[^ ,:)#]+]] = stablehlo.reshape [[V4]] : (tensor<1xi64>) -> tensor<i64>
// CHECK-NEXT: [[V6:%[^ ,:)#]+]] = stablehlo.dynamic_slice %arg0, [[V3]], [[V5]], sizes = [4, 4] : (tensor<8x16xf32>, tensor<i64>, tensor<i64>) -> tensor<4x4xf32>
// CHECK-NEXT: return [[V6]] : tensor<4x4xf32>
func.func @all_slice_two_dims(%arg0: tensor<8x16xf32>) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) {
  %0 = sdy.all_slice [{"x"}, {"y"}] %arg0 out_sharding=<@mesh, [{"x"}, {"y"}]> : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// all_slice of an already sharded dimension: offsets within the local shard.
// CHECK-LABEL: func.func @all_slice_nested(
// CHECK-SAME: %arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> (tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}]>}) attributes {sdy.global_type = (tensor<16xf32>) -> tensor<16xf32>} {
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = stablehlo.partition_id : tensor<ui32>
// CHECK-NEXT: [[V1:%[^ ,:)#]+]] = stablehlo.convert [[V0]] : (tensor<ui32>) -> tensor<i64>
// CHECK-NEXT: [[C:%[^ ,:)#]+]] = stablehlo.constant dense<[0, 2, 4, 6, 0, 2, 4, 6]> : tensor<8xi64>
// CHECK-NEXT: [[V2:%[^ ,:)#]+]] = stablehlo.dynamic_slice [[C]], [[V1]], sizes = [1] : (tensor<8xi64>, tensor<i64>) -> tensor<1xi64>
// CHECK-NEXT: [[V3:%[^ ,:)#]+]] = stablehlo.reshape [[V2]] : (tensor<1xi64>) -> tensor<i64>
// CHECK-NEXT: [[V4:%[^ ,:)#]+]] = stablehlo.dynamic_slice %arg0, [[V3]], sizes = [2] : (tensor<8xf32>, tensor<i64>) -> tensor<2xf32>
// CHECK-NEXT: return [[V4]] : tensor<2xf32>
func.func @all_slice_nested(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}]>}) {
  %0 = sdy.all_slice [{"y"}] %arg0 out_sharding=<@mesh, [{"x", "y"}]> : tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// all_to_all: split the target dimension, concatenate the source one.
// CHECK-LABEL: func.func @all_to_all(
// CHECK-SAME: %arg0: tensor<2x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) attributes {sdy.global_type = (tensor<8x16xf32>) -> tensor<8x16xf32>} {
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = "stablehlo.all_to_all"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, concat_dimension = 0 : i64, replica_groups = dense<{{\[\[}}0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi64>, split_count = 4 : i64, split_dimension = 1 : i64}> : (tensor<2x16xf32>) -> tensor<8x4xf32>
// CHECK-NEXT: return [[V0]] : tensor<8x4xf32>
func.func @all_to_all(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) {
  %0 = sdy.all_to_all [{"y"}: 0->1] %arg0 out_sharding=<@mesh, [{}, {"y"}]> : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// Two all_to_all parameters: one stablehlo.all_to_all each.
// CHECK-LABEL: func.func @all_to_all_two_params(
// CHECK-SAME: %arg0: tensor<4x2x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}, {}, {}]>}) -> (tensor<8x8x4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"x"}, {"y"}]>}) attributes {sdy.global_type = (tensor<8x8x8x8xf32>) -> tensor<8x8x8x8xf32>} {
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = "stablehlo.all_to_all"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, concat_dimension = 0 : i64, replica_groups = dense<{{\[\[}}0, 4], [1, 5], [2, 6], [3, 7]]> : tensor<4x2xi64>, split_count = 2 : i64, split_dimension = 2 : i64}> : (tensor<4x2x8x8xf32>) -> tensor<8x2x4x8xf32>
// CHECK-NEXT: [[V1:%[^ ,:)#]+]] = "stablehlo.all_to_all"([[V0]]) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, concat_dimension = 1 : i64, replica_groups = dense<{{\[\[}}0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi64>, split_count = 4 : i64, split_dimension = 3 : i64}> : (tensor<8x2x4x8xf32>) -> tensor<8x8x4x2xf32>
// CHECK-NEXT: return [[V1]] : tensor<8x8x4x2xf32>
func.func @all_to_all_two_params(%arg0: tensor<8x8x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}, {}, {}]>}) -> (tensor<8x8x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"x"}, {"y"}]>}) {
  %0 = sdy.all_to_all [{"x"}: 0->2, {"y"}: 1->3] %arg0 out_sharding=<@mesh, [{}, {}, {"x"}, {"y"}]> : tensor<8x8x8x8xf32>
  return %0 : tensor<8x8x8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>

// collective_permute swapping two equally sized axes: devices 1 and 2
// exchange their shards, 0 and 3 keep theirs (listed as pairs to
// themselves, as the real Shardy lists them).
// CHECK-LABEL: func.func @collective_permute(
// CHECK-SAME: %arg0: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}) attributes {sdy.global_type = (tensor<8x8xf32>) -> tensor<8x8xf32>} {
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = "stablehlo.collective_permute"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<{{\[\[}}0, 0], [1, 2], [2, 1], [3, 3]]> : tensor<4x2xi64>}> : (tensor<4x4xf32>) -> tensor<4x4xf32>
// CHECK-NEXT: return [[V0]] : tensor<4x4xf32>
func.func @collective_permute(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}) {
  %0 = sdy.collective_permute %arg0 out_sharding=<@mesh, [{"y"}, {"x"}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4]>
sdy.mesh @rev = <["x"=4], device_ids=[3, 2, 1, 0]>

// collective_permute to a mesh with another device order: every device
// sends its shard to the device that holds it in the new order.
// CHECK-LABEL: func.func @collective_permute_device_order(
// CHECK-SAME: %arg0: tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> (tensor<2xf32> {sdy.sharding = #sdy.sharding<@rev, [{"x"}]>}) attributes {sdy.global_type = (tensor<8xf32>) -> tensor<8xf32>} {
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = "stablehlo.collective_permute"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<{{\[\[}}0, 3], [1, 2], [2, 1], [3, 0]]> : tensor<4x2xi64>}> : (tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT: return [[V0]] : tensor<2xf32>
func.func @collective_permute_device_order(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@rev, [{"x"}]>}) {
  %0 = sdy.collective_permute %arg0 out_sharding=<@rev, [{"x"}]> : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// all_reduce sums over the devices that differ in "y".
// CHECK-LABEL: func.func @all_reduce(
// CHECK-SAME: %arg0: tensor<4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) attributes {sdy.global_type = (tensor<8x16xf32>) -> tensor<8x16xf32>} {
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = "stablehlo.all_reduce"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<{{\[\[}}0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi64>, use_global_device_ids}> ({
// CHECK-NEXT: ^bb0([[ARG1:%[^ ,:)#]+]]: tensor<f32>, [[ARG2:%[^ ,:)#]+]]: tensor<f32>):
// CHECK-NEXT: [[V1:%[^ ,:)#]+]] = stablehlo.add [[ARG1]], [[ARG2]] : tensor<f32>
// CHECK-NEXT: stablehlo.return [[V1]] : tensor<f32>
// CHECK-NEXT: }) : (tensor<4x16xf32>) -> tensor<4x16xf32>
// CHECK-NEXT: return [[V0]] : tensor<4x16xf32>
func.func @all_reduce(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %0 = sdy.all_reduce {"y"} %arg0 out_sharding=<@mesh, [{"x"}, {}]> : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// all_reduce max over both axes.
// CHECK-LABEL: func.func @all_reduce_max(
// CHECK-SAME: %arg0: tensor<8xi32>) -> tensor<8xi32> {
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = "stablehlo.all_reduce"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<{{\[\[}}0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>, use_global_device_ids}> ({
// CHECK-NEXT: ^bb0([[ARG1:%[^ ,:)#]+]]: tensor<i32>, [[ARG2:%[^ ,:)#]+]]: tensor<i32>):
// CHECK-NEXT: [[V1:%[^ ,:)#]+]] = stablehlo.maximum [[ARG1]], [[ARG2]] : tensor<i32>
// CHECK-NEXT: stablehlo.return [[V1]] : tensor<i32>
// CHECK-NEXT: }) : (tensor<8xi32>) -> tensor<8xi32>
// CHECK-NEXT: return [[V0]] : tensor<8xi32>
func.func @all_reduce_max(%arg0: tensor<8xi32>) -> tensor<8xi32> {
  %0 = sdy.all_reduce max {"x", "y"} %arg0 out_sharding=<@mesh, [{}]> : tensor<8xi32>
  return %0 : tensor<8xi32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// reduce_scatter along one dimension.
// CHECK-LABEL: func.func @reduce_scatter(
// CHECK-SAME: %arg0: tensor<4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) attributes {sdy.global_type = (tensor<8x16xf32>) -> tensor<8x16xf32>} {
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = "stablehlo.reduce_scatter"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<{{\[\[}}0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi64>, scatter_dimension = 1 : i64, use_global_device_ids}> ({
// CHECK-NEXT: ^bb0([[ARG1:%[^ ,:)#]+]]: tensor<f32>, [[ARG2:%[^ ,:)#]+]]: tensor<f32>):
// CHECK-NEXT: [[V1:%[^ ,:)#]+]] = stablehlo.add [[ARG1]], [[ARG2]] : tensor<f32>
// CHECK-NEXT: stablehlo.return [[V1]] : tensor<f32>
// CHECK-NEXT: }) : (tensor<4x16xf32>) -> tensor<4x4xf32>
// CHECK-NEXT: return [[V0]] : tensor<4x4xf32>
func.func @reduce_scatter(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) {
  %0 = sdy.reduce_scatter [{}, {"y"}] %arg0 out_sharding=<@mesh, [{"x"}, {"y"}]> : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// reduce_scatter along two dimensions: by default an all_reduce over both
// axes and this device's slice, as the real Shardy lowers it
// (combine-multi-dimension-reduce-scatter makes it one reduce_scatter, see
// convert_global_to_local_options.mlir).
// CHECK-LABEL: func.func @reduce_scatter_two_dims(
// CHECK-SAME: %arg0: tensor<8x16xf32>) -> (tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) attributes {sdy.global_type = (tensor<8x16xf32>) -> tensor<8x16xf32>} {
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = stablehlo.partition_id : tensor<ui32>
// CHECK-NEXT: [[V1:%[^ ,:)#]+]] = stablehlo.convert [[V0]] : (tensor<ui32>) -> tensor<i64>
// CHECK-NEXT: [[V2:%[^ ,:)#]+]] = "stablehlo.all_reduce"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<{{\[\[}}0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>, use_global_device_ids}> ({
// CHECK-NEXT: ^bb0([[ARG1:%[^ ,:)#]+]]: tensor<f32>, [[ARG2:%[^ ,:)#]+]]: tensor<f32>):
// CHECK-NEXT: [[V8:%[^ ,:)#]+]] = stablehlo.add [[ARG1]], [[ARG2]] : tensor<f32>
// CHECK-NEXT: stablehlo.return [[V8]] : tensor<f32>
// CHECK-NEXT: }) : (tensor<8x16xf32>) -> tensor<8x16xf32>
// CHECK-NEXT: [[C:%[^ ,:)#]+]] = stablehlo.constant dense<[0, 0, 0, 0, 4, 4, 4, 4]> : tensor<8xi64>
// CHECK-NEXT: [[V3:%[^ ,:)#]+]] = stablehlo.dynamic_slice [[C]], [[V1]], sizes = [1] : (tensor<8xi64>, tensor<i64>) -> tensor<1xi64>
// CHECK-NEXT: [[V4:%[^ ,:)#]+]] = stablehlo.reshape [[V3]] : (tensor<1xi64>) -> tensor<i64>
// CHECK-NEXT: [[C_0:%[^ ,:)#]+]] = stablehlo.constant dense<[0, 4, 8, 12, 0, 4, 8, 12]> : tensor<8xi64>
// CHECK-NEXT: [[V5:%[^ ,:)#]+]] = stablehlo.dynamic_slice [[C_0]], [[V1]], sizes = [1] : (tensor<8xi64>, tensor<i64>) -> tensor<1xi64>
// CHECK-NEXT: [[V6:%[^ ,:)#]+]] = stablehlo.reshape [[V5]] : (tensor<1xi64>) -> tensor<i64>
// CHECK-NEXT: [[V7:%[^ ,:)#]+]] = stablehlo.dynamic_slice [[V2]], [[V4]], [[V6]], sizes = [4, 4] : (tensor<8x16xf32>, tensor<i64>, tensor<i64>) -> tensor<4x4xf32>
// CHECK-NEXT: return [[V7]] : tensor<4x4xf32>
func.func @reduce_scatter_two_dims(%arg0: tensor<8x16xf32>) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) {
  %0 = sdy.reduce_scatter [{"x"}, {"y"}] %arg0 out_sharding=<@mesh, [{"x"}, {"y"}]> : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// An iota sharded along its dimension: local iota + this shard's offset.
// CHECK-LABEL: func.func @iota(
// CHECK-SAME: ) -> (tensor<4x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) attributes {sdy.global_type = () -> tensor<8x16xi32>} {
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = stablehlo.partition_id : tensor<ui32>
// CHECK-NEXT: [[V1:%[^ ,:)#]+]] = stablehlo.iota dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : tensor<4x4xi32>
// CHECK-NEXT: [[C:%[^ ,:)#]+]] = stablehlo.constant dense<[0, 0, 0, 0, 4, 4, 4, 4]> : tensor<8xi32>
// CHECK-NEXT: [[V2:%[^ ,:)#]+]] = stablehlo.dynamic_slice [[C]], [[V0]], sizes = [1] : (tensor<8xi32>, tensor<ui32>) -> tensor<1xi32>
// CHECK-NEXT: [[V3:%[^ ,:)#]+]] = stablehlo.reshape [[V2]] : (tensor<1xi32>) -> tensor<i32>
// CHECK-NEXT: [[V4:%[^ ,:)#]+]] = stablehlo.broadcast_in_dim [[V3]], dims = [] : (tensor<i32>) -> tensor<4x4xi32>
// CHECK-NEXT: [[V5:%[^ ,:)#]+]] = stablehlo.add [[V1]], [[V4]] : tensor<4x4xi32>
// CHECK-NEXT: return [[V5]] : tensor<4x4xi32>
func.func @iota() -> (tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) {
  %0 = stablehlo.iota dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : tensor<8x16xi32>
  return %0 : tensor<8x16xi32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// An iota sharded along another dimension only needs the local type.
// CHECK-LABEL: func.func @iota_other_dim(
// CHECK-SAME: ) -> (tensor<8x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) attributes {sdy.global_type = () -> tensor<8x16xi32>} {
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = stablehlo.iota dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} : tensor<8x4xi32>
// CHECK-NEXT: return [[V0]] : tensor<8x4xi32>
func.func @iota_other_dim() -> (tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) {
  %0 = stablehlo.iota dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} : tensor<8x16xi32>
  return %0 : tensor<8x16xi32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// A float iota: the offset is converted.
// CHECK-LABEL: func.func @iota_float(
// CHECK-SAME: ) -> (tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}) attributes {sdy.global_type = () -> tensor<16xf32>} {
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = stablehlo.partition_id : tensor<ui32>
// CHECK-NEXT: [[V1:%[^ ,:)#]+]] = stablehlo.iota dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}]>]>} : tensor<4xf32>
// CHECK-NEXT: [[C:%[^ ,:)#]+]] = stablehlo.constant dense<[0, 4, 8, 12, 0, 4, 8, 12]> : tensor<8xi32>
// CHECK-NEXT: [[V2:%[^ ,:)#]+]] = stablehlo.dynamic_slice [[C]], [[V0]], sizes = [1] : (tensor<8xi32>, tensor<ui32>) -> tensor<1xi32>
// CHECK-NEXT: [[V3:%[^ ,:)#]+]] = stablehlo.reshape [[V2]] : (tensor<1xi32>) -> tensor<i32>
// CHECK-NEXT: [[V4:%[^ ,:)#]+]] = stablehlo.convert [[V3]] : (tensor<i32>) -> tensor<f32>
// CHECK-NEXT: [[V5:%[^ ,:)#]+]] = stablehlo.broadcast_in_dim [[V4]], dims = [] : (tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT: [[V6:%[^ ,:)#]+]] = stablehlo.add [[V1]], [[V5]] : tensor<4xf32>
// CHECK-NEXT: return [[V6]] : tensor<4xf32>
func.func @iota_float() -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}) {
  %0 = stablehlo.iota dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}]>]>} : tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// A sharded splat constant is rebuilt with the local type.
// CHECK-LABEL: func.func @constant_splat(
// CHECK-SAME: ) -> (tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) attributes {sdy.global_type = () -> tensor<8x16xf32>} {
// CHECK-NEXT: [[CST:%[^ ,:)#]+]] = stablehlo.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} dense<1.000000e+00> : tensor<4x4xf32>
// CHECK-NEXT: return [[CST]] : tensor<4x4xf32>
func.func @constant_splat() -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) {
  %0 = stablehlo.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} dense<1.0> : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// Other sharded constants: dynamic_slice of the full constant.
// CHECK-LABEL: func.func @constant_dense(
// CHECK-SAME: ) -> (tensor<2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) attributes {sdy.global_type = () -> tensor<4xi32>} {
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = stablehlo.partition_id : tensor<ui32>
// CHECK-NEXT: [[V1:%[^ ,:)#]+]] = stablehlo.convert [[V0]] : (tensor<ui32>) -> tensor<i64>
// CHECK-NEXT: [[C:%[^ ,:)#]+]] = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
// CHECK-NEXT: [[C_0:%[^ ,:)#]+]] = stablehlo.constant dense<[0, 0, 0, 0, 2, 2, 2, 2]> : tensor<8xi64>
// CHECK-NEXT: [[V2:%[^ ,:)#]+]] = stablehlo.dynamic_slice [[C_0]], [[V1]], sizes = [1] : (tensor<8xi64>, tensor<i64>) -> tensor<1xi64>
// CHECK-NEXT: [[V3:%[^ ,:)#]+]] = stablehlo.reshape [[V2]] : (tensor<1xi64>) -> tensor<i64>
// CHECK-NEXT: [[V4:%[^ ,:)#]+]] = stablehlo.dynamic_slice [[C]], [[V3]], sizes = [2] : (tensor<4xi32>, tensor<i64>) -> tensor<2xi32>
// CHECK-NEXT: return [[V4]] : tensor<2xi32>
func.func @constant_dense() -> (tensor<4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
  %0 = stablehlo.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} dense<[1, 2, 3, 4]> : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// sdy.constant becomes stablehlo.constant; unsharded constants are kept.
// CHECK-LABEL: func.func @sdy_constant(
// CHECK-SAME: ) -> (tensor<4xf32>, tensor<1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}) attributes {sdy.global_type = () -> (tensor<4xf32>, tensor<4xf32>)} {
// CHECK-NEXT: [[CST:%[^ ,:)#]+]] = stablehlo.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32>
// CHECK-NEXT: [[CST_0:%[^ ,:)#]+]] = stablehlo.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}]>]>} dense<2.000000e+00> : tensor<1xf32>
// CHECK-NEXT: return [[CST]], [[CST_0]] : tensor<4xf32>, tensor<1xf32>
func.func @sdy_constant() -> (tensor<4xf32>, tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}) {
  %0 = sdy.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %1 = sdy.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}]>]>} dense<2.0> : tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// A manual computation is inlined; its body is local along "x" already and
// becomes local along "y".
// CHECK-LABEL: func.func @manual_computation(
// CHECK-SAME: %arg0: tensor<1x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}) -> (tensor<4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) attributes {sdy.global_type = (tensor<8x16xf32>) -> tensor<8x16xf32>} {
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}]>]>} : tensor<1x16xf32>
// CHECK-NEXT: [[V1:%[^ ,:)#]+]] = "stablehlo.all_gather"([[V0]]) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<{{\[\[}}0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi64>, use_global_device_ids}> : (tensor<1x16xf32>) -> tensor<4x16xf32>
// CHECK-NEXT: return [[V1]] : tensor<4x16xf32>
func.func @manual_computation(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x", "y"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%arg1: tensor<4x16xf32>) {
    %1 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}]>]>} : tensor<4x16xf32>
    %2 = sdy.all_gather [{"y"}, {}] %1 out_sharding=<@mesh, [{}, {}]> : tensor<4x16xf32>
    sdy.return %2 : tensor<4x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// A named computation is kept with local types, as the real Shardy keeps
// it (keep-named-computations=false inlines it, see
// convert_global_to_local_options.mlir).
// CHECK-LABEL: func.func @named_computation(
// CHECK-SAME: %arg0: tensor<4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) attributes {sdy.global_type = (tensor<8x16xf32>) -> tensor<8x16xf32>} {
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = sdy.named_computation<"foo">(%arg0) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] ([[ARG1:%[^ ,:)#]+]]: tensor<4x16xf32>) {
// CHECK-NEXT: [[V1:%[^ ,:)#]+]] = stablehlo.abs [[ARG1]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : tensor<4x16xf32>
// CHECK-NEXT: sdy.return [[V1]] : tensor<4x16xf32>
// CHECK-NEXT: } : (tensor<4x16xf32>) -> tensor<4x16xf32>
// CHECK-NEXT: return [[V0]] : tensor<4x16xf32>
func.func @named_computation(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %0 = sdy.named_computation<"foo">(%arg0) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] (%arg1: tensor<8x16xf32>) {
    %1 = stablehlo.abs %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : tensor<8x16xf32>
    sdy.return %1 : tensor<8x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// Slices keep sharded dimensions whole: their limits become local.
// CHECK-LABEL: func.func @slice(
// CHECK-SAME: %arg0: tensor<4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) attributes {sdy.global_type = (tensor<8x16xf32>) -> tensor<8x4xf32>} {
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = stablehlo.slice %arg0 [0:4, 2:10:2] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : (tensor<4x16xf32>) -> tensor<4x4xf32>
// CHECK-NEXT: return [[V0]] : tensor<4x4xf32>
func.func @slice(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %0 = stablehlo.slice %arg0 [0:8, 2:10:2] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : (tensor<8x16xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// dynamic_slice sizes along sharded dimensions become local.
// CHECK-LABEL: func.func @dynamic_slice(
// CHECK-SAME: %arg0: tensor<4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg1: tensor<i32>) -> (tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) attributes {sdy.global_type = (tensor<8x16xf32>, tensor<i32>) -> tensor<8x4xf32>} {
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = stablehlo.dynamic_slice %arg0, %arg1, %arg1, sizes = [4, 4] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : (tensor<4x16xf32>, tensor<i32>, tensor<i32>) -> tensor<4x4xf32>
// CHECK-NEXT: return [[V0]] : tensor<4x4xf32>
func.func @dynamic_slice(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %i: tensor<i32>) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %0 = stablehlo.dynamic_slice %arg0, %i, %i, sizes = [8, 4] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : (tensor<8x16xf32>, tensor<i32>, tensor<i32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// A while loop: the carried values and the region arguments become local.
// CHECK-LABEL: func.func @while(
// CHECK-SAME: %arg0: tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}) -> (tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}) attributes {sdy.global_type = (tensor<8xf32>) -> tensor<8xf32>} {
// CHECK-NEXT: [[C:%[^ ,:)#]+]] = stablehlo.constant dense<0> : tensor<i32>
// CHECK-NEXT: [[V0:%[^ ,:)#]+]]:2 = stablehlo.while([[ITERARG:%[^ ,:)#]+]] = [[C]], [[ITERARG_0:%[^ ,:)#]+]] = %arg0) : tensor<i32>, tensor<2xf32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>, <@mesh, [{"y"}]>]>}
// CHECK-NEXT: cond {
// CHECK-NEXT: [[C_1:%[^ ,:)#]+]] = stablehlo.constant dense<3> : tensor<i32>
// CHECK-NEXT: [[V1:%[^ ,:)#]+]] = stablehlo.compare LT, [[ITERARG]], [[C_1]] : (tensor<i32>, tensor<i32>) -> tensor<i1>
// CHECK-NEXT: stablehlo.return [[V1]] : tensor<i1>
// CHECK-NEXT: } do {
// CHECK-NEXT: [[C_1]] = stablehlo.constant dense<1> : tensor<i32>
// CHECK-NEXT: [[V1]] = stablehlo.add [[ITERARG]], [[C_1]] : tensor<i32>
// CHECK-NEXT: [[V2:%[^ ,:)#]+]] = stablehlo.add [[ITERARG_0]], [[ITERARG_0]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}]>]>} : tensor<2xf32>
// CHECK-NEXT: stablehlo.return [[V1]], [[V2]] : tensor<i32>, tensor<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return [[V0]]#1 : tensor<2xf32>
func.func @while(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%i = %c0, %x = %arg0) : tensor<i32>, tensor<8xf32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>, <@mesh, [{"y"}]>]>}
  cond {
    %c3 = stablehlo.constant dense<3> : tensor<i32>
    %1 = stablehlo.compare LT, %i, %c3 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %c1 = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.add %i, %c1 : tensor<i32>
    %2 = stablehlo.add %x, %x {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}]>]>} : tensor<8xf32>
    stablehlo.return %1, %2 : tensor<i32>, tensor<8xf32>
  }
  return %0#1 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// A reduce over a sharded dimension followed by the all_reduce of partial
// results.
// CHECK-LABEL: func.func @reduce(
// CHECK-SAME: %arg0: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) attributes {sdy.global_type = (tensor<8x16xf32>) -> tensor<8xf32>} {
// CHECK-NEXT: [[CST:%[^ ,:)#]+]] = stablehlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = stablehlo.reduce(%arg0 init: [[CST]]) applies stablehlo.add across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : (tensor<4x4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT: [[V1:%[^ ,:)#]+]] = "stablehlo.all_reduce"([[V0]]) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<{{\[\[}}0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi64>, use_global_device_ids}> ({
// CHECK-NEXT: ^bb0([[ARG1:%[^ ,:)#]+]]: tensor<f32>, [[ARG2:%[^ ,:)#]+]]: tensor<f32>):
// CHECK-NEXT: [[V2:%[^ ,:)#]+]] = stablehlo.add [[ARG1]], [[ARG2]] : tensor<f32>
// CHECK-NEXT: stablehlo.return [[V2]] : tensor<f32>
// CHECK-NEXT: }) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: return [[V1]] : tensor<4xf32>
func.func @reduce(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reduce(%arg0 init: %z) applies stablehlo.add across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
  %1 = sdy.all_reduce {"y"} %0 out_sharding=<@mesh, [{"x"}]> : tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// Indivisible (5 rows on 4 devices, 2 each): the gathered 8 rows lose their
// padding.
// CHECK-LABEL: func.func @all_gather_indivisible(
// CHECK-SAME: %arg0: tensor<2x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) -> (tensor<5x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) attributes {sdy.global_type = (tensor<5x6xf32>) -> tensor<5x6xf32>} {
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = "stablehlo.all_gather"(%arg0) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<{{\[\[}}0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi64>, use_global_device_ids}> : (tensor<2x6xf32>) -> tensor<8x6xf32>
// CHECK-NEXT: [[V1:%[^ ,:)#]+]] = stablehlo.slice [[V0]] [0:5, 0:6] : (tensor<8x6xf32>) -> tensor<5x6xf32>
// CHECK-NEXT: return [[V1]] : tensor<5x6xf32>
func.func @all_gather_indivisible(%arg0: tensor<5x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) -> (tensor<5x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
  %0 = sdy.all_gather [{"y"}, {}] %arg0 out_sharding=<@mesh, [{}, {}]> : tensor<5x6xf32>
  return %0 : tensor<5x6xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// Indivisible partial gather (10 rows: 2 per shard of {"x","y"}, 5 per shard
// of {"x"}): the gathered rows are not the rows of the kept shard, so
// everything is gathered, the padding dropped and the shard sliced again.
// CHECK-LABEL: func.func @all_gather_indivisible_partial(
// CHECK-SAME: %arg0: tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}]>}) -> (tensor<5xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) attributes {sdy.global_type = (tensor<10xf32>) -> tensor<10xf32>} {
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = stablehlo.partition_id : tensor<ui32>
// CHECK-NEXT: [[V1:%[^ ,:)#]+]] = stablehlo.convert [[V0]] : (tensor<ui32>) -> tensor<i64>
// CHECK-NEXT: [[V2:%[^ ,:)#]+]] = "stablehlo.all_gather"(%arg0) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<{{\[\[}}0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>, use_global_device_ids}> : (tensor<2xf32>) -> tensor<16xf32>
// CHECK-NEXT: [[V3:%[^ ,:)#]+]] = stablehlo.slice [[V2]] [0:10] : (tensor<16xf32>) -> tensor<10xf32>
// CHECK-NEXT: [[C:%[^ ,:)#]+]] = stablehlo.constant dense<[0, 0, 0, 0, 5, 5, 5, 5]> : tensor<8xi64>
// CHECK-NEXT: [[V4:%[^ ,:)#]+]] = stablehlo.dynamic_slice [[C]], [[V1]], sizes = [1] : (tensor<8xi64>, tensor<i64>) -> tensor<1xi64>
// CHECK-NEXT: [[V5:%[^ ,:)#]+]] = stablehlo.reshape [[V4]] : (tensor<1xi64>) -> tensor<i64>
// CHECK-NEXT: [[V6:%[^ ,:)#]+]] = stablehlo.dynamic_slice [[V3]], [[V5]], sizes = [5] : (tensor<10xf32>, tensor<i64>) -> tensor<5xf32>
// CHECK-NEXT: return [[V6]] : tensor<5xf32>
func.func @all_gather_indivisible_partial(%arg0: tensor<10xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}]>}) -> (tensor<10xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
  %0 = sdy.all_gather [{"y"}] %arg0 out_sharding=<@mesh, [{"x"}]> : tensor<10xf32>
  return %0 : tensor<10xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// Indivisible all_slice (5 rows on 4 devices): pad to 8 rows, then slice.
// CHECK-LABEL: func.func @all_slice_indivisible(
// CHECK-SAME: %arg0: tensor<5xf32>) -> (tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}) attributes {sdy.global_type = (tensor<5xf32>) -> tensor<5xf32>} {
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = stablehlo.partition_id : tensor<ui32>
// CHECK-NEXT: [[V1:%[^ ,:)#]+]] = stablehlo.convert [[V0]] : (tensor<ui32>) -> tensor<i64>
// CHECK-NEXT: [[CST:%[^ ,:)#]+]] = stablehlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT: [[V2:%[^ ,:)#]+]] = stablehlo.pad %arg0, [[CST]], low = [0], high = [1], interior = [0] : (tensor<5xf32>, tensor<f32>) -> tensor<6xf32>
// CHECK-NEXT: [[C:%[^ ,:)#]+]] = stablehlo.constant dense<[0, 2, 4, 0, 0, 2, 4, 0]> : tensor<8xi64>
// CHECK-NEXT: [[V3:%[^ ,:)#]+]] = stablehlo.dynamic_slice [[C]], [[V1]], sizes = [1] : (tensor<8xi64>, tensor<i64>) -> tensor<1xi64>
// CHECK-NEXT: [[V4:%[^ ,:)#]+]] = stablehlo.reshape [[V3]] : (tensor<1xi64>) -> tensor<i64>
// CHECK-NEXT: [[V5:%[^ ,:)#]+]] = stablehlo.dynamic_slice [[V2]], [[V4]], sizes = [2] : (tensor<6xf32>, tensor<i64>) -> tensor<2xf32>
// CHECK-NEXT: return [[V5]] : tensor<2xf32>
func.func @all_slice_indivisible(%arg0: tensor<5xf32>) -> (tensor<5xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}) {
  %0 = sdy.all_slice [{"y"}] %arg0 out_sharding=<@mesh, [{"y"}]> : tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

sdy.mesh @mesh = <["a"=3, "b"=2], device_ids=[0, 2, 4, 1, 3, 5]>

// Explicit device ids: groups and tables use them.
// CHECK-LABEL: func.func @device_ids(
// CHECK-SAME: %arg0: tensor<2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<6x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) attributes {sdy.global_type = (tensor<6x4xf32>) -> tensor<6x4xf32>} {
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = stablehlo.partition_id : tensor<ui32>
// CHECK-NEXT: [[V1:%[^ ,:)#]+]] = stablehlo.convert [[V0]] : (tensor<ui32>) -> tensor<i64>
// CHECK-NEXT: [[V2:%[^ ,:)#]+]] = "stablehlo.all_gather"(%arg0) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<{{\[\[}}0, 4, 3], [2, 1, 5]]> : tensor<2x3xi64>, use_global_device_ids}> : (tensor<2x4xf32>) -> tensor<6x4xf32>
// CHECK-NEXT: [[C:%[^ ,:)#]+]] = stablehlo.constant dense<0> : tensor<i64>
// CHECK-NEXT: [[C_0:%[^ ,:)#]+]] = stablehlo.constant dense<[0, 2, 2, 0, 0, 2]> : tensor<6xi64>
// CHECK-NEXT: [[V3:%[^ ,:)#]+]] = stablehlo.dynamic_slice [[C_0]], [[V1]], sizes = [1] : (tensor<6xi64>, tensor<i64>) -> tensor<1xi64>
// CHECK-NEXT: [[V4:%[^ ,:)#]+]] = stablehlo.reshape [[V3]] : (tensor<1xi64>) -> tensor<i64>
// CHECK-NEXT: [[V5:%[^ ,:)#]+]] = stablehlo.dynamic_slice [[V2]], [[C]], [[V4]], sizes = [6, 2] : (tensor<6x4xf32>, tensor<i64>, tensor<i64>) -> tensor<6x2xf32>
// CHECK-NEXT: return [[V5]] : tensor<6x2xf32>
func.func @device_ids(%arg0: tensor<6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
  %0 = sdy.all_gather [{"a"}, {}] %arg0 out_sharding=<@mesh, [{}, {}]> : tensor<6x4xf32>
  %1 = sdy.all_slice [{}, {"b"}] %0 out_sharding=<@mesh, [{}, {"b"}]> : tensor<6x4xf32>
  return %1 : tensor<6x4xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// A leftover reshard is lowered too: gather what the target drops, slice
// what it adds.
// CHECK-LABEL: func.func @reshard(
// CHECK-SAME: %arg0: tensor<4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) attributes {sdy.global_type = (tensor<8x16xf32>) -> tensor<8x16xf32>} {
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = stablehlo.partition_id : tensor<ui32>
// CHECK-NEXT: [[V1:%[^ ,:)#]+]] = stablehlo.convert [[V0]] : (tensor<ui32>) -> tensor<i64>
// CHECK-NEXT: [[V2:%[^ ,:)#]+]] = "stablehlo.all_gather"(%arg0) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<{{\[\[}}0, 4], [1, 5], [2, 6], [3, 7]]> : tensor<4x2xi64>, use_global_device_ids}> : (tensor<4x16xf32>) -> tensor<8x16xf32>
// CHECK-NEXT: [[C:%[^ ,:)#]+]] = stablehlo.constant dense<0> : tensor<i64>
// CHECK-NEXT: [[C_0:%[^ ,:)#]+]] = stablehlo.constant dense<[0, 4, 8, 12, 0, 4, 8, 12]> : tensor<8xi64>
// CHECK-NEXT: [[V3:%[^ ,:)#]+]] = stablehlo.dynamic_slice [[C_0]], [[V1]], sizes = [1] : (tensor<8xi64>, tensor<i64>) -> tensor<1xi64>
// CHECK-NEXT: [[V4:%[^ ,:)#]+]] = stablehlo.reshape [[V3]] : (tensor<1xi64>) -> tensor<i64>
// CHECK-NEXT: [[V5:%[^ ,:)#]+]] = stablehlo.dynamic_slice [[V2]], [[C]], [[V4]], sizes = [8, 4] : (tensor<8x16xf32>, tensor<i64>, tensor<i64>) -> tensor<8x4xf32>
// CHECK-NEXT: return [[V5]] : tensor<8x4xf32>
func.func @reshard(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) {
  %0 = sdy.reshard %arg0 <@mesh, [{}, {"y"}]> : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// Channel handles continue after the ones already in the module.
// CHECK-LABEL: func.func @channels(
// CHECK-SAME: %arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<8xf32> attributes {sdy.global_type = (tensor<8xf32>) -> tensor<8xf32>} {
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = "stablehlo.all_reduce"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 7, type = 1>, replica_groups = dense<{{\[\[}}0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>, use_global_device_ids}> ({
// CHECK-NEXT: ^bb0([[ARG1:%[^ ,:)#]+]]: tensor<f32>, [[ARG2:%[^ ,:)#]+]]: tensor<f32>):
// CHECK-NEXT: [[V2:%[^ ,:)#]+]] = stablehlo.add [[ARG1]], [[ARG2]] : tensor<f32>
// CHECK-NEXT: stablehlo.return [[V2]] : tensor<f32>
// CHECK-NEXT: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: [[V1:%[^ ,:)#]+]] = "stablehlo.all_gather"([[V0]]) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 8, type = 1>, replica_groups = dense<{{\[\[}}0, 4], [1, 5], [2, 6], [3, 7]]> : tensor<4x2xi64>, use_global_device_ids}> : (tensor<4xf32>) -> tensor<8xf32>
// CHECK-NEXT: return [[V1]] : tensor<8xf32>
func.func @channels(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<8xf32> {
  %0 = "stablehlo.all_reduce"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 7, type = 1>, replica_groups = dense<[[0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>, use_global_device_ids}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : (tensor<8xf32>) -> tensor<8xf32>
  %1 = sdy.all_gather [{"x"}] %0 out_sharding=<@mesh, [{}]> : tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// Calls: callees get local signatures too.
// CHECK-LABEL: func.func private @callee(
// CHECK-SAME: %arg0: tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}) -> (tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}) attributes {sdy.global_type = (tensor<8xf32>) -> tensor<8xf32>} {
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = stablehlo.sine %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}]>]>} : tensor<2xf32>
// CHECK-NEXT: return [[V0]] : tensor<2xf32>
// CHECK-LABEL: func.func @caller(
// CHECK-SAME: %arg0: tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}) -> (tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}) attributes {sdy.global_type = (tensor<8xf32>) -> tensor<8xf32>} {
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = call @callee(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}]>]>} : (tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT: return [[V0]] : tensor<2xf32>
func.func private @callee(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}) {
  %0 = stablehlo.sine %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}]>]>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

func.func @caller(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}) {
  %0 = func.call @callee(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}]>]>} : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

func.func @sliced_sharded_dim(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  // expected-error @+1 {{dimension 0 is sharded but sliced}}
  %0 = stablehlo.slice %arg0 [0:4, 0:16] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : (tensor<8x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

func.func @missing_reshard(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
  // expected-error @+1 {{returns a value of local type 'tensor<4xf32>' as result 0 of local type 'tensor<8xf32>'}}
  return %arg0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// A gather whose offset dimension takes the whole (sharded) feature
// dimension: slice_sizes becomes local along it.
// CHECK-LABEL: func.func @gather_offset_dim_sharded(
// CHECK-SAME: %arg0: tensor<16x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}, %arg1: tensor<3x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<3x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) attributes {sdy.global_type = (tensor<16x8xf32>, tensor<6x1xi32>) -> tensor<6x8xf32>} {
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : (tensor<16x2xf32>, tensor<3x1xi32>) -> tensor<3x2xf32>
// CHECK-NEXT: return [[V0]] : tensor<3x2xf32>
func.func @gather_offset_dim_sharded(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}, %arg1: tensor<6x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) {
  %0 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 8>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : (tensor<16x8xf32>, tensor<6x1xi32>) -> tensor<6x8xf32>
  return %0 : tensor<6x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// With batching dimensions (sharded, slice size 1, unchanged) before the
// sharded offset dimension.
// CHECK-LABEL: func.func @gather_batching_and_offset_sharded(
// CHECK-SAME: %arg0: tensor<2x16x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {"y"}]>}, %arg1: tensor<2x6x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {}]>}) -> (tensor<2x6x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {"y"}]>}) attributes {sdy.global_type = (tensor<4x16x8xf32>, tensor<4x6x1xi32>) -> tensor<4x6x8xf32>} {
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 2>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}, {"y"}]>]>} : (tensor<2x16x2xf32>, tensor<2x6x1xi32>) -> tensor<2x6x2xf32>
// CHECK-NEXT: return [[V0]] : tensor<2x6x2xf32>
func.func @gather_batching_and_offset_sharded(%arg0: tensor<4x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {"y"}]>}, %arg1: tensor<4x6x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {}]>}) -> (tensor<4x6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {"y"}]>}) {
  %0 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 8>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}, {"y"}]>]>} : (tensor<4x16x8xf32>, tensor<4x6x1xi32>) -> tensor<4x6x8xf32>
  return %0 : tensor<4x6x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

func.func @gather_partial_slice_of_sharded_dim(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}, %arg1: tensor<6x1xi32>) -> (tensor<6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) {
  // expected-error @+1 {{operand dimension 1 is sharded but sliced}}
  %0 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} : (tensor<16x8xf32>, tensor<6x1xi32>) -> tensor<6x4xf32>
  return %0 : tensor<6x4xf32>
}
