// Megatron-style tensor parallelism (docs/partitioning.md): a
// column-parallel linear layer (weights split along "model" by output
// features) followed by a row-parallel one (split by input features). From
// the user's shardings, propagation, explicit reshards and
// reshard-to-collectives give exactly one all_reduce over "model" per
// row-parallel layer in the forward pass, and no other collective.
// RUN: sdy-opt %s -split-input-file -sdy-propagation-pipeline -sdy-insert-explicit-reshards='enable-full-version=true' -sdy-reshard-to-collectives | FileCheck %s
// RUN: sdy-opt %s -split-input-file -sdy-propagation-pipeline -sdy-insert-explicit-reshards='enable-full-version=true' -sdy-reshard-to-collectives | FileCheck %s --check-prefix=NOCOLL

// NOCOLL-NOT: sdy.all_gather
// NOCOLL-NOT: sdy.all_slice
// NOCOLL-NOT: sdy.all_to_all
// NOCOLL-NOT: sdy.collective_permute
// NOCOLL-NOT: sdy.reshard

sdy.mesh @mesh = <["model"=4]>

// One MLP block: dot, tanh, dot.
// CHECK-LABEL: func.func @mlp_block(
// CHECK-NEXT: [[DOT_GENERAL:%.+]] = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"model"}]>]>} : (tensor<8x16xf32>, tensor<16x64xf32>) -> tensor<8x64xf32>
// CHECK-NEXT: [[TANH:%.+]] = stablehlo.tanh [[DOT_GENERAL]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"model"}]>]>} : tensor<8x64xf32>
// CHECK-NEXT: [[DOT_GENERAL_1:%.+]] = stablehlo.dot_general [[TANH]], %arg2, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<8x64xf32>, tensor<64x16xf32>) -> tensor<8x16xf32>
// CHECK-NEXT: [[ALL_REDUCE:%.+]] = sdy.all_reduce {"model"} [[DOT_GENERAL_1]] out_sharding=<@mesh, [{}, {}]> : tensor<8x16xf32>
// CHECK-NEXT: return [[ALL_REDUCE]] : tensor<8x16xf32>
// CHECK-NEXT: }
func.func @mlp_block(%x: tensor<8x16xf32>,
                     %w1: tensor<16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>},
                     %w2: tensor<64x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x64xf32>) -> tensor<8x64xf32>
  %1 = stablehlo.tanh %0 : tensor<8x64xf32>
  %2 = stablehlo.dot_general %1, %w2, contracting_dims = [1] x [0] : (tensor<8x64xf32>, tensor<64x16xf32>) -> tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}

// -----

sdy.mesh @mesh = <["data"=2, "model"=4]>

// Two blocks with biases and ReLU, data parallel along "data": two
// all_reduces over "model", nothing over "data".
// CHECK-LABEL: func.func @mlp_two_blocks(
// CHECK-NEXT: [[DOT_GENERAL:%.+]] = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {"model"}]>]>} : (tensor<8x16xf32>, tensor<16x64xf32>) -> tensor<8x64xf32>
// CHECK-NEXT: [[BROADCAST_IN_DIM:%.+]] = stablehlo.broadcast_in_dim %arg2, dims = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {"model"}]>]>} : (tensor<64xf32>) -> tensor<8x64xf32>
// CHECK-NEXT: [[ADD:%.+]] = stablehlo.add [[DOT_GENERAL]], [[BROADCAST_IN_DIM]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {"model"}]>]>} : tensor<8x64xf32>
// CHECK-NEXT: [[CONSTANT:%.+]] = sdy.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {"model"}]>]>} dense<0.000000e+00> : tensor<8x64xf32>
// CHECK-NEXT: [[MAXIMUM:%.+]] = stablehlo.maximum [[ADD]], [[CONSTANT]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {"model"}]>]>} : tensor<8x64xf32>
// CHECK-NEXT: [[DOT_GENERAL_1:%.+]] = stablehlo.dot_general [[MAXIMUM]], %arg3, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {}]>]>} : (tensor<8x64xf32>, tensor<64x16xf32>) -> tensor<8x16xf32>
// CHECK-NEXT: [[ALL_REDUCE:%.+]] = sdy.all_reduce {"model"} [[DOT_GENERAL_1]] out_sharding=<@mesh, [{"data"}, {}]> : tensor<8x16xf32>
// CHECK-NEXT: [[BROADCAST_IN_DIM_1:%.+]] = stablehlo.broadcast_in_dim %arg4, dims = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {}]>]>} : (tensor<16xf32>) -> tensor<8x16xf32>
// CHECK-NEXT: [[ADD_1:%.+]] = stablehlo.add [[ALL_REDUCE]], [[BROADCAST_IN_DIM_1]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {}]>]>} : tensor<8x16xf32>
// CHECK-NEXT: [[DOT_GENERAL_2:%.+]] = stablehlo.dot_general [[ADD_1]], %arg5, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {"model"}]>]>} : (tensor<8x16xf32>, tensor<16x64xf32>) -> tensor<8x64xf32>
// CHECK-NEXT: [[TANH:%.+]] = stablehlo.tanh [[DOT_GENERAL_2]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {"model"}]>]>} : tensor<8x64xf32>
// CHECK-NEXT: [[DOT_GENERAL_3:%.+]] = stablehlo.dot_general [[TANH]], %arg6, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {}]>]>} : (tensor<8x64xf32>, tensor<64x16xf32>) -> tensor<8x16xf32>
// CHECK-NEXT: [[ALL_REDUCE_1:%.+]] = sdy.all_reduce {"model"} [[DOT_GENERAL_3]] out_sharding=<@mesh, [{"data"}, {}]> : tensor<8x16xf32>
// CHECK-NEXT: return [[ALL_REDUCE_1]] : tensor<8x16xf32>
// CHECK-NEXT: }
func.func @mlp_two_blocks(%x: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>},
               %w1: tensor<16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>},
               %b1: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}]>},
               %w2: tensor<64x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>},
               %b2: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>},
               %w3: tensor<16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>},
               %w4: tensor<64x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>})
    -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
  %0 = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x64xf32>) -> tensor<8x64xf32>
  %1 = stablehlo.broadcast_in_dim %b1, dims = [1] : (tensor<64xf32>) -> tensor<8x64xf32>
  %2 = stablehlo.add %0, %1 : tensor<8x64xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<8x64xf32>
  %3 = stablehlo.maximum %2, %zero : tensor<8x64xf32>
  %4 = stablehlo.dot_general %3, %w2, contracting_dims = [1] x [0] : (tensor<8x64xf32>, tensor<64x16xf32>) -> tensor<8x16xf32>
  %5 = stablehlo.broadcast_in_dim %b2, dims = [1] : (tensor<16xf32>) -> tensor<8x16xf32>
  %6 = stablehlo.add %4, %5 : tensor<8x16xf32>
  %7 = stablehlo.dot_general %6, %w3, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x64xf32>) -> tensor<8x64xf32>
  %8 = stablehlo.tanh %7 : tensor<8x64xf32>
  %9 = stablehlo.dot_general %8, %w4, contracting_dims = [1] x [0] : (tensor<8x64xf32>, tensor<64x16xf32>) -> tensor<8x16xf32>
  return %9 : tensor<8x16xf32>
}

// -----

sdy.mesh @mesh = <["data"=2, "model"=2]>

// Batched (rank-3) activations, as in a transformer MLP.
// CHECK-LABEL: func.func @mlp_batched(
// CHECK-NEXT: [[DOT_GENERAL:%.+]] = stablehlo.dot_general %arg0, %arg1, contracting_dims = [2] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {}, {"model"}]>]>} : (tensor<4x8x16xf32>, tensor<16x32xf32>) -> tensor<4x8x32xf32>
// CHECK-NEXT: [[LOGISTIC:%.+]] = stablehlo.logistic [[DOT_GENERAL]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {}, {"model"}]>]>} : tensor<4x8x32xf32>
// CHECK-NEXT: [[MULTIPLY:%.+]] = stablehlo.multiply [[DOT_GENERAL]], [[LOGISTIC]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {}, {"model"}]>]>} : tensor<4x8x32xf32>
// CHECK-NEXT: [[DOT_GENERAL_1:%.+]] = stablehlo.dot_general [[MULTIPLY]], %arg2, contracting_dims = [2] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {}, {}]>]>} : (tensor<4x8x32xf32>, tensor<32x16xf32>) -> tensor<4x8x16xf32>
// CHECK-NEXT: [[ALL_REDUCE:%.+]] = sdy.all_reduce {"model"} [[DOT_GENERAL_1]] out_sharding=<@mesh, [{"data"}, {}, {}]> : tensor<4x8x16xf32>
// CHECK-NEXT: return [[ALL_REDUCE]] : tensor<4x8x16xf32>
// CHECK-NEXT: }
func.func @mlp_batched(%x: tensor<4x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}, {}]>},
                       %w1: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>},
                       %w2: tensor<32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}) -> (tensor<4x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}, {}]>}) {
  %0 = stablehlo.dot_general %x, %w1, contracting_dims = [2] x [0] : (tensor<4x8x16xf32>, tensor<16x32xf32>) -> tensor<4x8x32xf32>
  %1 = stablehlo.logistic %0 : tensor<4x8x32xf32>
  %2 = stablehlo.multiply %0, %1 : tensor<4x8x32xf32>
  %3 = stablehlo.dot_general %2, %w2, contracting_dims = [2] x [0] : (tensor<4x8x32xf32>, tensor<32x16xf32>) -> tensor<4x8x16xf32>
  return %3 : tensor<4x8x16xf32>
}

// -----

sdy.mesh @mesh = <["model"=4]>

// The row-parallel result feeds a residual add: still one all_reduce.
// CHECK-LABEL: func.func @mlp_residual(
// CHECK-NEXT: [[DOT_GENERAL:%.+]] = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"model"}]>]>} : (tensor<8x16xf32>, tensor<16x64xf32>) -> tensor<8x64xf32>
// CHECK-NEXT: [[TANH:%.+]] = stablehlo.tanh [[DOT_GENERAL]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"model"}]>]>} : tensor<8x64xf32>
// CHECK-NEXT: [[DOT_GENERAL_1:%.+]] = stablehlo.dot_general [[TANH]], %arg2, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<8x64xf32>, tensor<64x16xf32>) -> tensor<8x16xf32>
// CHECK-NEXT: [[ALL_REDUCE:%.+]] = sdy.all_reduce {"model"} [[DOT_GENERAL_1]] out_sharding=<@mesh, [{}, {}]> : tensor<8x16xf32>
// CHECK-NEXT: [[ADD:%.+]] = stablehlo.add [[ALL_REDUCE]], %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : tensor<8x16xf32>
// CHECK-NEXT: return [[ADD]] : tensor<8x16xf32>
// CHECK-NEXT: }
func.func @mlp_residual(%x: tensor<8x16xf32>,
                        %w1: tensor<16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>},
                        %w2: tensor<64x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x64xf32>) -> tensor<8x64xf32>
  %1 = stablehlo.tanh %0 : tensor<8x64xf32>
  %2 = stablehlo.dot_general %1, %w2, contracting_dims = [1] x [0] : (tensor<8x64xf32>, tensor<64x16xf32>) -> tensor<8x16xf32>
  %3 = stablehlo.add %2, %x : tensor<8x16xf32>
  return %3 : tensor<8x16xf32>
}

