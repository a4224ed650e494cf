// Round trips of convolution, in the pretty and the generic form.
// RUN: sdy-opt %s -split-input-file | sdy-opt -split-input-file | FileCheck %s
// RUN: sdy-opt %s -split-input-file -mlir-print-op-generic | sdy-opt -split-input-file | FileCheck %s

// As JAX prints it.
// CHECK-LABEL: func.func @jax
// CHECK-NEXT: stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = {{\[\[}}1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x3x16x16xf32>, tensor<8x3x3x3xf32>) -> tensor<4x8x16x16xf32>
func.func @jax(%arg0: tensor<4x3x16x16xf32>, %arg1: tensor<8x3x3x3xf32>) -> tensor<4x8x16x16xf32> {
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x3x16x16xf32>, tensor<8x3x3x3xf32>) -> tensor<4x8x16x16xf32>
  return %0 : tensor<4x8x16x16xf32>
}

// -----

// Window entries that are absent stay absent; `window` itself may be left
// out. Reversal may be written with 0 and 1.
// CHECK-LABEL: func.func @partial_window
// CHECK-NEXT: stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [2], reverse = [true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x9x3xf32>, tensor<3x3x4xf32>) -> tensor<2x4x4xf32>
// CHECK-NEXT: stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x9x3xf32>, tensor<3x3x4xf32>) -> tensor<2x7x4xf32>
func.func @partial_window(%arg0: tensor<2x9x3xf32>, %arg1: tensor<3x3x4xf32>) -> (tensor<2x4x4xf32>, tensor<2x7x4xf32>) {
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [2], reverse = [1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x9x3xf32>, tensor<3x3x4xf32>) -> tensor<2x4x4xf32>
  %1 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x9x3xf32>, tensor<3x3x4xf32>) -> tensor<2x7x4xf32>
  return %0, %1 : tensor<2x4x4xf32>, tensor<2x7x4xf32>
}

// -----

// The generic form, with the dimension numbers written field by field;
// mixed element types (bf16 operands, f32 result), groups, 3-D.
// CHECK-LABEL: func.func @generic
// CHECK-NEXT: stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, 2, f]x[0, 1, 2, i, o]->[f, b, 0, 1, 2], window = {stride = [1, 2, 1], pad = {{\[\[}}0, 0], [1, -1], [2, 2]], lhs_dilate = [1, 1, 2], rhs_dilate = [2, 1, 1], reverse = [false, true, false]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<2x5x6x3x4xbf16>, tensor<2x3x2x2x6xbf16>) -> tensor<6x2x3x2x8xf32>
// CHECK-NEXT: stablehlo.convolution(%arg2, %arg3) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<4x5x3xi32>, tensor<2x3x6xi32>) -> tensor<2x4x6xi32>
func.func @generic(%a: tensor<2x5x6x3x4xbf16>, %b: tensor<2x3x2x2x6xbf16>, %c: tensor<4x5x3xi32>, %d: tensor<2x3x6xi32>) -> (tensor<6x2x3x2x8xf32>, tensor<2x4x6xi32>) {
  %0 = "stablehlo.convolution"(%a, %b) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 4, input_spatial_dimensions = [1, 2, 3], kernel_input_feature_dimension = 3, kernel_output_feature_dimension = 4, kernel_spatial_dimensions = [0, 1, 2], output_batch_dimension = 1, output_feature_dimension = 0, output_spatial_dimensions = [2, 3, 4]>, feature_group_count = 2 : i64, lhs_dilation = array<i64: 1, 1, 2>, padding = dense<[[0, 0], [1, -1], [2, 2]]> : tensor<3x2xi64>, rhs_dilation = array<i64: 2, 1, 1>, window_reversal = array<i1: false, true, false>, window_strides = array<i64: 1, 2, 1>} : (tensor<2x5x6x3x4xbf16>, tensor<2x3x2x2x6xbf16>) -> tensor<6x2x3x2x8xf32>
  %1 = "stablehlo.convolution"(%c, %d) {batch_group_count = 2 : i64, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64} : (tensor<4x5x3xi32>, tensor<2x3x6xi32>) -> tensor<2x4x6xi32>
  return %0, %1 : tensor<6x2x3x2x8xf32>, tensor<2x4x6xi32>
}
