// Round trips of the shape-operand ops; the pretty forms are the ones
// StableHLO prints (dynamic_gather and dynamic_conv have only the generic
// form).
// RUN: sdy-opt %s -split-input-file | sdy-opt -split-input-file | FileCheck %s
// RUN: sdy-opt %s -split-input-file -mlir-print-op-generic | sdy-opt -split-input-file | FileCheck %s

func.func @shapes(%a: tensor<1x3xi64>, %s: tensor<3xi64>, %t: tensor<2xindex>) -> (tensor<2x3x2xi64>, tensor<2x3x2xi64>, tensor<4x5xf32>, tensor<3x1xi64>) {
  %0 = stablehlo.dynamic_broadcast_in_dim %a, %s, dims = [2, 1] {known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 1>} : (tensor<1x3xi64>, tensor<3xi64>) -> tensor<2x3x2xi64>
  %1 = stablehlo.dynamic_broadcast_in_dim %a, %s, dims = [2, 1] : (tensor<1x3xi64>, tensor<3xi64>) -> tensor<2x3x2xi64>
  %2 = stablehlo.dynamic_iota %t, dim = 1 : (tensor<2xindex>) -> tensor<4x5xf32>
  %3 = stablehlo.dynamic_reshape %a, %t : (tensor<1x3xi64>, tensor<2xindex>) -> tensor<3x1xi64>
  return %0, %1, %2, %3 : tensor<2x3x2xi64>, tensor<2x3x2xi64>, tensor<4x5xf32>, tensor<3x1xi64>
}

// CHECK-LABEL: func.func @shapes(
// CHECK-NEXT: stablehlo.dynamic_broadcast_in_dim %arg0, %arg1, dims = [2, 1] {known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 1>} : (tensor<1x3xi64>, tensor<3xi64>) -> tensor<2x3x2xi64>
// CHECK-NEXT: stablehlo.dynamic_broadcast_in_dim %arg0, %arg1, dims = [2, 1] : (tensor<1x3xi64>, tensor<3xi64>) -> tensor<2x3x2xi64>
// CHECK-NEXT: stablehlo.dynamic_iota %arg2, dim = 1 : (tensor<2xindex>) -> tensor<4x5xf32>
// CHECK-NEXT: stablehlo.dynamic_reshape %arg0, %arg2 : (tensor<1x3xi64>, tensor<2xindex>) -> tensor<3x1xi64>

// -----

func.func @pad_slice(%a: tensor<2x3xi64>, %v: tensor<i64>, %p: tensor<2xi64>) -> (tensor<5x9xi64>, tensor<1x1xi64>) {
  %0 = stablehlo.dynamic_pad %a, %v, %p, %p, %p : (tensor<2x3xi64>, tensor<i64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<5x9xi64>
  %1 = stablehlo.real_dynamic_slice %a, %p, %p, %p : (tensor<2x3xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x1xi64>
  return %0, %1 : tensor<5x9xi64>, tensor<1x1xi64>
}

// CHECK-LABEL: func.func @pad_slice(
// CHECK-NEXT: stablehlo.dynamic_pad %arg0, %arg1, %arg2, %arg2, %arg2 : (tensor<2x3xi64>, tensor<i64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<5x9xi64>
// CHECK-NEXT: stablehlo.real_dynamic_slice %arg0, %arg2, %arg2, %arg2 : (tensor<2x3xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x1xi64>

// -----

func.func @gather_conv(%a: tensor<3x4x2xi64>, %i: tensor<2x3x2xi64>, %s: tensor<3xi64>, %l: tensor<1x4x4x1xi64>, %k: tensor<3x3x1x1xi64>, %p: tensor<2x2xi64>) -> (tensor<2x3x2x2xi64>, tensor<1x2x2x1xi64>) {
  %0 = "stablehlo.dynamic_gather"(%a, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>} : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x3x2x2xi64>
  %1 = "stablehlo.dynamic_conv"(%l, %k, %p) {window_strides = array<i64: 4, 4>, lhs_dilation = array<i64: 2, 2>, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x4x4x1xi64>, tensor<3x3x1x1xi64>, tensor<2x2xi64>) -> tensor<1x2x2x1xi64>
  return %0, %1 : tensor<2x3x2x2xi64>, tensor<1x2x2x1xi64>
}

// CHECK-LABEL: func.func @gather_conv(
// CHECK-NEXT: "stablehlo.dynamic_gather"(%arg0, %arg1, %arg2) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x3x2x2xi64>
// CHECK-NEXT: "stablehlo.dynamic_conv"(%arg3, %arg4, %arg5) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 2, 2>, window_strides = array<i64: 4, 4>}> : (tensor<1x4x4x1xi64>, tensor<3x3x1x1xi64>, tensor<2x2xi64>) -> tensor<1x2x2x1xi64>
