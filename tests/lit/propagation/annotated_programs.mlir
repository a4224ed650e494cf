// The documented annotation examples, propagated: each user annotation
// (docs/attaching-shardings.md) and the shardings propagation derives from it.
// RUN: sdy-opt %s -split-input-file -sdy-propagation-pipeline | FileCheck %s

// Input and output shardings of the main function.
sdy.mesh @mesh_xy = <["x"=2, "y"=2]>
// CHECK-LABEL: func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh_xy, [{"x"}, {}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh_xy, [{}, {"y"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh_xy, [{}, {"y"}]>}) {
// CHECK: [[DOT_GENERAL:%.+]] = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh_xy, [{"x"}, {"y"}]>]>} : (tensor<8x8xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
// CHECK: return [[DOT_GENERAL]] : tensor<8x16xf32>
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh_xy, [{"x"}, {}]>},
                %arg1: tensor<8x16xf32>)
    -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh_xy, [{}, {"y"}]>}) {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x8xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
// -----

// A sharding group ties the input and the constant, so the output
// ends up sharded [{"x"}, {"y"}].
sdy.mesh @mesh_xy = <["x"=2, "y"=2]>
// CHECK-LABEL: func.func @sharding_group(%arg0: tensor<8x2xi64> {sdy.sharding = #sdy.sharding<@mesh_xy, [{"x"}, {"y"}]>}) -> (tensor<8x2xi64> {sdy.sharding = #sdy.sharding<@mesh_xy, [{"x"}, {"y"}]>}) {
// CHECK: [[CONSTANT:%.+]] = sdy.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh_xy, [{"x"}, {"y"}]>]>} dense<0> : tensor<8x2xi64>
// CHECK: return [[CONSTANT]] : tensor<8x2xi64>
func.func @sharding_group(%arg0: tensor<8x2xi64> {sdy.sharding = #sdy.sharding<@mesh_xy, [{"x"}, {"y"}]>}) -> tensor<8x2xi64> {
  sdy.sharding_group %arg0 group_id=0 : tensor<8x2xi64>
  %1 = stablehlo.constant dense<0> : tensor<8x2xi64>
  sdy.sharding_group %1 group_id=0 : tensor<8x2xi64>
  return %1 : tensor<8x2xi64>
}
// -----

// A sharding constraint on an intermediate value.
sdy.mesh @mesh_xy = <["x"=2, "y"=2]>
// CHECK-LABEL: func.func @constraint(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh_xy, [{"x"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh_xy, [{"x"}, {}]>}) {
// CHECK: [[ADD:%.+]] = stablehlo.add %arg0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh_xy, [{"x"}, {}]>]>} : tensor<8x8xf32>
// CHECK: [[RESHARD:%.+]] = sdy.reshard [[ADD]] <@mesh_xy, [{"x"}, {}]> : tensor<8x8xf32>
// CHECK: [[MULTIPLY:%.+]] = stablehlo.multiply [[RESHARD]], [[RESHARD]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh_xy, [{"x"}, {}]>]>} : tensor<8x8xf32>
// CHECK: return [[MULTIPLY]] : tensor<8x8xf32>
func.func @constraint(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.add %arg0, %arg0 : tensor<8x8xf32>
  %1 = sdy.sharding_constraint %0 <@mesh_xy, [{"x"}, {?}]> : tensor<8x8xf32>
  %2 = stablehlo.multiply %1, %1 : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}
// -----

// A manual computation over "data"; "model" is free and propagates
// through the body, which sees tensor<8x32xf32>.
sdy.mesh @mesh_name = <["data"=2, "model"=2]>
// CHECK-LABEL: func.func @manual(%arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh_name, [{"data"}, {"model"}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh_name, [{"data"}, {"model"}]>}) {
// CHECK: [[MANUAL_COMPUTATION:%.+]] = sdy.manual_computation(%arg0) in_shardings=[<@mesh_name, [{"data"}, {"model"}]>] out_shardings=[<@mesh_name, [{"data"}, {"model"}]>] manual_axes={"data"} (%arg1: tensor<8x32xf32>) {
// CHECK: [[MULTIPLY:%.+]] = stablehlo.multiply %arg1, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh_name, [{}, {"model"}]>]>} : tensor<8x32xf32>
// CHECK: sdy.return [[MULTIPLY]] : tensor<8x32xf32>
// CHECK: return [[MANUAL_COMPUTATION]] : tensor<16x32xf32>
func.func @manual(%arg0: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %1 = sdy.manual_computation(%arg0)
      in_shardings=[<@mesh_name, [{"data"}, {"model", ?}]>]
      out_shardings=[<@mesh_name, [{"data"}, {?}]>]
      manual_axes={"data"} (%arg1: tensor<8x32xf32>) {
    %2 = stablehlo.multiply %arg1, %arg1 : tensor<8x32xf32>
    sdy.return %2 : tensor<8x32xf32>
  } : (tensor<16x32xf32>) -> tensor<16x32xf32>
  return %1 : tensor<16x32xf32>
}
// -----

// A reshape keeps data in place by splitting "x" into sub-axes.
sdy.mesh @mesh_x = <["x"=4]>
// The function result keeps whole axes only (as the real Shardy's export).
// CHECK-LABEL: func.func @reshape(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh_x, [{"x"}]>}) -> (tensor<2x4xf32> {sdy.sharding = #sdy.sharding<@mesh_x, [{}, {}]>}) {
// CHECK: [[RESHAPE:%.+]] = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh_x, [{"x":(1)2}, {"x":(2)2}]>]>} : (tensor<8xf32>) -> tensor<2x4xf32>
// CHECK: return [[RESHAPE]] : tensor<2x4xf32>
func.func @reshape(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh_x, [{"x"}]>}) -> tensor<2x4xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<8xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
// -----

// A Megatron MLP. Batch over "data", W1 column-parallel, W2
// row-parallel over "model": the hidden activation is [{"data"}, {"model"}]
// and the output [{"data"}, {}] (partial sums over "model" before the
// partitioner's all_reduce).
sdy.mesh @mesh = <["data"=2, "model"=4]>
// CHECK-LABEL: func.func @mlp(%arg0: tensor<16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}, %arg1: tensor<64x256xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>}, %arg2: tensor<256x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}) -> (tensor<16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
// CHECK: [[DOT_GENERAL:%.+]] = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {"model"}]>]>} : (tensor<16x64xf32>, tensor<64x256xf32>) -> tensor<16x256xf32>
// CHECK: [[CONSTANT:%.+]] = sdy.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {"model"}]>]>} dense<0.000000e+00> : tensor<16x256xf32>
// CHECK: [[MAXIMUM:%.+]] = stablehlo.maximum [[DOT_GENERAL]], [[CONSTANT]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {"model"}]>]>} : tensor<16x256xf32>
// CHECK: [[DOT_GENERAL_1:%.+]] = stablehlo.dot_general [[MAXIMUM]], %arg2, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {}]>]>} : (tensor<16x256xf32>, tensor<256x64xf32>) -> tensor<16x64xf32>
// CHECK: return [[DOT_GENERAL_1]] : tensor<16x64xf32>
func.func @mlp(%x: tensor<16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>},
               %w1: tensor<64x256xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>},
               %w2: tensor<256x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}) -> tensor<16x64xf32> {
  %h = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<16x64xf32>, tensor<64x256xf32>) -> tensor<16x256xf32>
  %z = stablehlo.constant dense<0.0> : tensor<16x256xf32>
  %r = stablehlo.maximum %h, %z : tensor<16x256xf32>
  %y = stablehlo.dot_general %r, %w2, contracting_dims = [1] x [0] : (tensor<16x256xf32>, tensor<256x64xf32>) -> tensor<16x64xf32>
  return %y : tensor<16x64xf32>
}
// -----

// Priorities. Batch parallelism (p0) first, then Megatron (p1),
// then ZeRO-style sharding of the open p2 dimension.
sdy.mesh @mesh = <["w"=6, "x"=2, "y"=4, "z"=2]>
// CHECK-LABEL: func.func @priorities(%arg0: tensor<8x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}, {"z"}]>}, %arg1: tensor<8x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}, {"z"}]>}) -> (tensor<8x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}, {"z"}]>}) {
// CHECK: [[ADD:%.+]] = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}, {"z"}]>]>} : tensor<8x8x8xf32>
// CHECK: return [[ADD]] : tensor<8x8x8xf32>
func.func @priorities(%arg0: tensor<8x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}p1, {"y"}, {"z", ?}p2]>}, %arg1: tensor<8x8x8xf32>) -> tensor<8x8x8xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x8x8xf32>
  return %0 : tensor<8x8x8xf32>
}
// -----

// "y" is explicitly replicated, "z" implicitly: the open second
// dimension may take "z" but never "y".
sdy.mesh @mesh_xyz = <["x"=2, "y"=4, "z"=2]>
// CHECK-LABEL: func.func @replicated(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh_xyz, [{"x"}, {"z"}]>}, %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh_xyz, [{"x"}, {"y"}]>}, %arg2: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh_xyz, [{"x"}, {"z"}]>}) -> (tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh_xyz, [{"x"}, {"y"}]>}, tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh_xyz, [{"x"}, {"z"}]>}) {
// CHECK: [[ADD:%.+]] = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh_xyz, [{"x"}, {"y"}]>]>} : tensor<4x8xf32>
// CHECK: [[ADD_1:%.+]] = stablehlo.add %arg0, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh_xyz, [{"x"}, {"z"}]>]>} : tensor<4x8xf32>
// CHECK: return [[ADD]], [[ADD_1]] : tensor<4x8xf32>, tensor<4x8xf32>
func.func @replicated(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh_xyz, [{"x"}, {?}], replicated={"y"}>},
                      %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh_xyz, [{?}, {"y", ?}]>},
                      %arg2: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh_xyz, [{?}, {"z", ?}]>}) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %0 = stablehlo.add %arg0, %arg1 : tensor<4x8xf32>
  %1 = stablehlo.add %arg0, %arg2 : tensor<4x8xf32>
  return %0, %1 : tensor<4x8xf32>, tensor<4x8xf32>
}
