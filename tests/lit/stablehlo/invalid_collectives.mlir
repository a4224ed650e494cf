// Verifier and parser errors of the collectives.
// RUN: sdy-opt %s -split-input-file -verify-diagnostics

func.func @main(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'stablehlo.all_gather' op all_gather_dim 2 is out of range [0, 2)}}
  %0 = "stablehlo.all_gather"(%a) <{all_gather_dim = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<4x8xf32>) -> tensor<4x16xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'stablehlo.all_gather' op result #0 all_gather_dim size 24 must be the operand size 8 times the group size 2}}
  %0 = "stablehlo.all_gather"(%a) <{all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<4x8xf32>) -> tensor<4x24xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'stablehlo.all_gather' op operand #0 dimension 0 has size 4 but the result has 2}}
  %0 = "stablehlo.all_gather"(%a) <{all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<4x8xf32>) -> tensor<2x16xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'stablehlo.all_gather' op replica_groups must be a 2-D tensor, got 'tensor<2xi64>'}}
  %0 = "stablehlo.all_gather"(%a) <{all_gather_dim = 1 : i64, replica_groups = dense<[0, 1]> : tensor<2xi64>}> : (tensor<4x8xf32>) -> tensor<4x16xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'stablehlo.all_gather' op replica id 1 appears more than once in replica_groups}}
  %0 = "stablehlo.all_gather"(%a) <{all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>}> : (tensor<4x8xf32>) -> tensor<4x16xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'stablehlo.all_gather' op replica_groups values must be non-negative, got -1}}
  %0 = "stablehlo.all_gather"(%a) <{all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1], [2, -1]]> : tensor<2x2xi64>}> : (tensor<4x8xf32>) -> tensor<4x16xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'stablehlo.all_gather' op use_global_device_ids requires a channel_handle with a positive handle}}
  %0 = "stablehlo.all_gather"(%a) <{all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids}> : (tensor<4x8xf32>) -> tensor<4x16xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'stablehlo.all_gather' op operand #0 has element type 'f32' but result #0 has 'i32'}}
  %0 = "stablehlo.all_gather"(%a) <{all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<4x8xf32>) -> tensor<4x16xi32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'stablehlo.all_gather' op has 1 operand(s) but 2 result(s)}}
  %0:2 = "stablehlo.all_gather"(%a) <{all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<4x8xf32>) -> (tensor<4x16xf32>, tensor<4x16xf32>)
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'stablehlo.all_reduce' op result #0 has type 'tensor<4x16xf32>' but operand #0 has type 'tensor<4x8xf32>'}}
  %0 = "stablehlo.all_reduce"(%a) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %1 = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<4x8xf32>) -> tensor<4x16xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xi32>) {
  // expected-error @+1 {{'stablehlo.all_reduce' op computation argument #0 must have type 'tensor<i32>' but has 'tensor<f32>'}}
  %0 = "stablehlo.all_reduce"(%a) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %1 = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<4x8xi32>) -> tensor<4x8xi32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %b: tensor<4xi32>) {
  // expected-error @+1 {{'stablehlo.all_reduce' op operand #1 has element type 'i32' but operand #0 has 'f32' (the computation is shared)}}
  %0:2 = "stablehlo.all_reduce"(%a, %b) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %1 = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<4xi32>) -> (tensor<4x8xf32>, tensor<4xi32>)
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'stablehlo.all_reduce' op use_global_device_ids requires a channel_handle with a positive handle}}
  %0 = "stablehlo.all_reduce"(%a) <{channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %1 = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'stablehlo.all_to_all' op replica group size 3 must equal split_count 2}}
  %0 = "stablehlo.all_to_all"(%a) <{concat_dimension = 1 : i64, replica_groups = dense<[[0, 1, 2]]> : tensor<1x3xi64>, split_count = 2 : i64, split_dimension = 0 : i64}> : (tensor<4x8xf32>) -> tensor<2x16xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'stablehlo.all_to_all' op operand #0 split dimension size 4 is not divisible by split_count 3}}
  %0 = "stablehlo.all_to_all"(%a) <{concat_dimension = 1 : i64, replica_groups = dense<[[0, 1, 2]]> : tensor<1x3xi64>, split_count = 3 : i64, split_dimension = 0 : i64}> : (tensor<4x8xf32>) -> tensor<2x16xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'stablehlo.all_to_all' op concat_dimension 2 is out of range [0, 2)}}
  %0 = "stablehlo.all_to_all"(%a) <{concat_dimension = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, split_count = 2 : i64, split_dimension = 0 : i64}> : (tensor<4x8xf32>) -> tensor<2x16xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'stablehlo.all_to_all' op result #0 shape [4, 8] does not match the expected shape [2, 16]}}
  %0 = "stablehlo.all_to_all"(%a) <{concat_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, split_count = 2 : i64, split_dimension = 0 : i64}> : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'stablehlo.all_to_all' op attribute 'split_count' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive}}
  %0 = "stablehlo.all_to_all"(%a) <{concat_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, split_count = 0 : i64, split_dimension = 0 : i64}> : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'stablehlo.collective_permute' op duplicate source 0 in source_target_pairs}}
  %0 = "stablehlo.collective_permute"(%a) <{source_target_pairs = dense<[[0, 1], [0, 2]]> : tensor<2x2xi64>}> : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'stablehlo.collective_permute' op duplicate target 1 in source_target_pairs}}
  %0 = "stablehlo.collective_permute"(%a) <{source_target_pairs = dense<[[0, 1], [2, 1]]> : tensor<2x2xi64>}> : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'stablehlo.collective_permute' op source_target_pairs must have shape Nx2, got 'tensor<1x3xi64>'}}
  %0 = "stablehlo.collective_permute"(%a) <{source_target_pairs = dense<[[0, 1, 2]]> : tensor<1x3xi64>}> : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'stablehlo.collective_permute' op source_target_pairs must be non-negative, got [0, -1]}}
  %0 = "stablehlo.collective_permute"(%a) <{source_target_pairs = dense<[[0, -1]]> : tensor<1x2xi64>}> : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'stablehlo.collective_permute' op requires the same type for all operands and results}}
  %0 = "stablehlo.collective_permute"(%a) <{source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<4x8xf32>) -> tensor<8x4xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'stablehlo.reduce_scatter' op scatter_dimension size 8 must be the result size 8 times the group size 2}}
  %0 = "stablehlo.reduce_scatter"(%a) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, scatter_dimension = 1 : i64}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %1 = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'stablehlo.reduce_scatter' op scatter_dimension 2 is out of range [0, 2)}}
  %0 = "stablehlo.reduce_scatter"(%a) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, scatter_dimension = 2 : i64}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %1 = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xi32>) {
  // expected-error @+1 {{'stablehlo.reduce_scatter' op computation argument #0 must have type 'tensor<i32>' but has 'tensor<f32>'}}
  %0 = "stablehlo.reduce_scatter"(%a) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, scatter_dimension = 1 : i64}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %1 = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<4x8xi32>) -> tensor<4x4xi32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'stablehlo.reduce_scatter' op operand dimension 0 has size 4 but the result has 2}}
  %0 = "stablehlo.reduce_scatter"(%a) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, scatter_dimension = 1 : i64}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %1 = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<4x8xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{expected ','}}
  %0 = "stablehlo.all_gather"(%a) <{all_gather_dim = 1 : i64, channel_handle = #stablehlo.channel_handle<handle = 1>, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<4x8xf32>) -> tensor<4x16xf32>
  return
}
