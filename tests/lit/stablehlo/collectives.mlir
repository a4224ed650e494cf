// Round trips of the collectives (printed generically, as upstream does).
// RUN: sdy-opt %s -split-input-file | sdy-opt -split-input-file | FileCheck %s
// RUN: sdy-opt %s -split-input-file -mlir-print-op-generic | sdy-opt -split-input-file | FileCheck %s

func.func @all_gather(%a: tensor<4x8xf32>) -> tensor<4x32xf32> {
  %0 = "stablehlo.all_gather"(%a) <{all_gather_dim = 1 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi64>, use_global_device_ids}> : (tensor<4x8xf32>) -> tensor<4x32xf32>
  return %0 : tensor<4x32xf32>
}

// CHECK-LABEL: func.func @all_gather(
// CHECK-NEXT: [[ALL_GATHER:%.+]] = "stablehlo.all_gather"(%arg0) <{all_gather_dim = 1 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<{{\[\[}}0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi64>, use_global_device_ids}> : (tensor<4x8xf32>) -> tensor<4x32xf32>
// CHECK-NEXT: return [[ALL_GATHER]] : tensor<4x32xf32>
// CHECK-NEXT: }

// -----

func.func @all_gather_variadic(%a: tensor<2xf32>, %b: tensor<2x2xi32>) -> (tensor<4xf32>, tensor<4x2xi32>) {
  %0:2 = "stablehlo.all_gather"(%a, %b) <{all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<2xf32>, tensor<2x2xi32>) -> (tensor<4xf32>, tensor<4x2xi32>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<4x2xi32>
}

// CHECK-LABEL: func.func @all_gather_variadic(
// CHECK-NEXT: [[ALL_GATHER:%.+]]:2 = "stablehlo.all_gather"(%arg0, %arg1) <{all_gather_dim = 0 : i64, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>}> : (tensor<2xf32>, tensor<2x2xi32>) -> (tensor<4xf32>, tensor<4x2xi32>)
// CHECK-NEXT: return [[ALL_GATHER]]#0, [[ALL_GATHER]]#1 : tensor<4xf32>, tensor<4x2xi32>
// CHECK-NEXT: }

// -----

func.func @all_reduce(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "stablehlo.all_reduce"(%a) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %1 = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// CHECK-LABEL: func.func @all_reduce(
// CHECK-NEXT: [[ALL_REDUCE:%.+]] = "stablehlo.all_reduce"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>, use_global_device_ids}> ({
// CHECK-NEXT: ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
// CHECK-NEXT: [[ADD:%.+]] = stablehlo.add %arg1, %arg2 : tensor<f32>
// CHECK-NEXT: stablehlo.return [[ADD]] : tensor<f32>
// CHECK-NEXT: }) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: return [[ALL_REDUCE]] : tensor<4xf32>
// CHECK-NEXT: }

// -----

func.func @all_reduce_variadic_all_devices(%a: tensor<4xi32>, %b: tensor<i32>) -> (tensor<4xi32>, tensor<i32>) {
  %0:2 = "stablehlo.all_reduce"(%a, %b) <{replica_groups = dense<> : tensor<0x0xi64>}> ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    %1 = stablehlo.maximum %x, %y : tensor<i32>
    stablehlo.return %1 : tensor<i32>
  }) : (tensor<4xi32>, tensor<i32>) -> (tensor<4xi32>, tensor<i32>)
  return %0#0, %0#1 : tensor<4xi32>, tensor<i32>
}

// CHECK-LABEL: func.func @all_reduce_variadic_all_devices(
// CHECK-NEXT: [[ALL_REDUCE:%.+]]:2 = "stablehlo.all_reduce"(%arg0, %arg1) <{replica_groups = dense<> : tensor<0x0xi64>}> ({
// CHECK-NEXT: ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
// CHECK-NEXT: [[MAXIMUM:%.+]] = stablehlo.maximum %arg2, %arg3 : tensor<i32>
// CHECK-NEXT: stablehlo.return [[MAXIMUM]] : tensor<i32>
// CHECK-NEXT: }) : (tensor<4xi32>, tensor<i32>) -> (tensor<4xi32>, tensor<i32>)
// CHECK-NEXT: return [[ALL_REDUCE]]#0, [[ALL_REDUCE]]#1 : tensor<4xi32>, tensor<i32>
// CHECK-NEXT: }

// -----

func.func @all_to_all(%a: tensor<4x8xf32>) -> (tensor<2x16xf32>, tensor<4x8xf32>) {
  %0 = "stablehlo.all_to_all"(%a) <{concat_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, split_count = 2 : i64, split_dimension = 0 : i64}> : (tensor<4x8xf32>) -> tensor<2x16xf32>
  %1 = "stablehlo.all_to_all"(%a) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, concat_dimension = 0 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, split_count = 4 : i64, split_dimension = 0 : i64}> : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0, %1 : tensor<2x16xf32>, tensor<4x8xf32>
}

// CHECK-LABEL: func.func @all_to_all(
// CHECK-NEXT: [[ALL_TO_ALL:%.+]] = "stablehlo.all_to_all"(%arg0) <{concat_dimension = 1 : i64, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>, split_count = 2 : i64, split_dimension = 0 : i64}> : (tensor<4x8xf32>) -> tensor<2x16xf32>
// CHECK-NEXT: [[ALL_TO_ALL_1:%.+]] = "stablehlo.all_to_all"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, concat_dimension = 0 : i64, replica_groups = dense<{{\[\[}}0, 1, 2, 3]]> : tensor<1x4xi64>, split_count = 4 : i64, split_dimension = 0 : i64}> : (tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: return [[ALL_TO_ALL]], [[ALL_TO_ALL_1]] : tensor<2x16xf32>, tensor<4x8xf32>
// CHECK-NEXT: }

// -----

func.func @collective_permute(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %0 = "stablehlo.collective_permute"(%a) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 0]]> : tensor<4x2xi64>}> : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// CHECK-LABEL: func.func @collective_permute(
// CHECK-NEXT: [[COLLECTIVE_PERMUTE:%.+]] = "stablehlo.collective_permute"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<{{\[\[}}0, 1], [1, 2], [2, 3], [3, 0]]> : tensor<4x2xi64>}> : (tensor<4x4xf32>) -> tensor<4x4xf32>
// CHECK-NEXT: return [[COLLECTIVE_PERMUTE]] : tensor<4x4xf32>
// CHECK-NEXT: }

// -----

func.func @reduce_scatter(%a: tensor<8x4xf32>) -> tensor<2x4xf32> {
  %0 = "stablehlo.reduce_scatter"(%a) <{channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, scatter_dimension = 0 : i64, use_global_device_ids}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %1 = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<8x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// CHECK-LABEL: func.func @reduce_scatter(
// CHECK-NEXT: [[REDUCE_SCATTER:%.+]] = "stablehlo.reduce_scatter"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, replica_groups = dense<{{\[\[}}0, 1, 2, 3]]> : tensor<1x4xi64>, scatter_dimension = 0 : i64, use_global_device_ids}> ({
// CHECK-NEXT: ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
// CHECK-NEXT: [[ADD:%.+]] = stablehlo.add %arg1, %arg2 : tensor<f32>
// CHECK-NEXT: stablehlo.return [[ADD]] : tensor<f32>
// CHECK-NEXT: }) : (tensor<8x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: return [[REDUCE_SCATTER]] : tensor<2x4xf32>
// CHECK-NEXT: }

// -----

func.func @all_reduce_replica_groups_padding(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "stablehlo.all_reduce"(%a) <{replica_groups = dense<[[0, 1, 2], [3, 4, -1]]> : tensor<2x3xi64>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %1 = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// CHECK-LABEL: func.func @all_reduce_replica_groups_padding(
// CHECK-NEXT: [[ALL_REDUCE:%.+]] = "stablehlo.all_reduce"(%arg0) <{replica_groups = dense<{{\[\[}}0, 1, 2], [3, 4, -1]]> : tensor<2x3xi64>}> ({
// CHECK-NEXT: ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
// CHECK-NEXT: [[ADD:%.+]] = stablehlo.add %arg1, %arg2 : tensor<f32>
// CHECK-NEXT: stablehlo.return [[ADD]] : tensor<f32>
// CHECK-NEXT: }) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: return [[ALL_REDUCE]] : tensor<4xf32>
// CHECK-NEXT: }
