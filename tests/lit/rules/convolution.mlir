// The sharding rule of stablehlo.convolution; every expected rule is what
// Shardy's sdy-populate-op-sharding-rules gives for the same op.
// With conservative propagation no spatial dimension gets a factor.
// RUN: sdy-opt %s -split-input-file -sdy-populate-op-sharding-rules | FileCheck %s --check-prefixes=CHECK,BASE
// RUN: sdy-opt %s -split-input-file -sdy-populate-op-sharding-rules=conservative-propagation=true | FileCheck %s --check-prefixes=CHECK,CONS

// 2-D NHWC, SAME padding: spatial dims are permutation factors, the kernel window gets size-1 factors.
// CHECK-LABEL: func.func @nhwc_same
// BASE: stablehlo.convolution{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k, l], [n, o, l, m])->([i, j, k, m]) {i=2, j=8, k=8, l=4, m=6, n=1, o=1} reduction={l} permutation={j, k}>
// CONS: stablehlo.convolution{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, l, m, j], [n, o, j, k])->([i, p, q, k]) {i=2, j=4, k=6, l=1, m=1, n=1, o=1, p=1, q=1} reduction={j}>
func.func @nhwc_same(%arg0: tensor<2x8x8x4xf32>, %arg1: tensor<3x3x4x6xf32>) -> tensor<2x8x8x6xf32> {
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x8x4xf32>, tensor<3x3x4x6xf32>) -> tensor<2x8x8x6xf32>
  return %0 : tensor<2x8x8x6xf32>
}

// -----

// Strides, negative padding and dilations: dim 0 is [output, window].
// CHECK-LABEL: func.func @nchw_strided
// BASE: stablehlo.convolution{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, m, jk, l], [n, m, k, o])->([i, n, j, l]) {i=2, j=3, k=3, l=6, m=4, n=6, o=1} reduction={k, m} permutation={j, l}>
// CONS: stablehlo.convolution{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, l, m], [k, j, n, o])->([i, k, p, q]) {i=2, j=4, k=6, l=1, m=1, n=1, o=1, p=1, q=1} reduction={j}>
func.func @nchw_strided(%arg0: tensor<2x4x9x9xf32>, %arg1: tensor<6x4x3x3xf32>) -> tensor<2x6x3x6xf32> {
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 3], pad = [[1, 0], [2, -1]], lhs_dilate = [1, 2], rhs_dilate = [2, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x4x9x9xf32>, tensor<6x4x3x3xf32>) -> tensor<2x6x3x6xf32>
  return %0 : tensor<2x6x3x6xf32>
}

// -----

// Weight gradient shape: the window (4) is larger than the output (3): [window, output].
// CHECK-LABEL: func.func @window_major
// BASE: stablehlo.convolution{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([n, jk, lm, i], [n, j, l, o])->([k, m, i, o]) {i=3, j=4, k=2, l=4, m=2, n=2, o=4} reduction={j, l, n} permutation={k, m}>
// CONS: stablehlo.convolution{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([j, l, m, i], [j, n, o, k])->([p, q, i, k]) {i=3, j=2, k=4, l=1, m=1, n=1, o=1, p=1, q=1} reduction={j}>
func.func @window_major(%arg0: tensor<2x8x8x3xf32>, %arg1: tensor<2x4x4x4xf32>) -> tensor<3x3x3x4xf32> {
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[0, 1], [0, 1]], lhs_dilate = [1, 1], rhs_dilate = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x8x3xf32>, tensor<2x4x4x4xf32>) -> tensor<3x3x3x4xf32>
  return %0 : tensor<3x3x3x4xf32>
}

// -----

// One output position: the output dim gets its own size-1 factor.
// CHECK-LABEL: func.func @single_output
// BASE: stablehlo.convolution{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k], [j, k, l])->([i, m, l]) {i=2, j=4, k=3, l=4, m=1} reduction={j, k}>
// CONS: stablehlo.convolution{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, l, j], [m, j, k])->([i, n, k]) {i=2, j=3, k=4, l=1, m=1, n=1} reduction={j}>
func.func @single_output(%arg0: tensor<2x8x3xf32>, %arg1: tensor<4x3x4xf32>) -> tensor<2x1x4xf32> {
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [2], pad = [[0, 0]], lhs_dilate = [1], rhs_dilate = [2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x3xf32>, tensor<4x3x4xf32>) -> tensor<2x1x4xf32>
  return %0 : tensor<2x1x4xf32>
}

// -----

// feature_group_count: a group factor shared by input features, kernel and result output features.
// CHECK-LABEL: func.func @depthwise
// BASE: stablehlo.convolution{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k, l], [o, p, m, ln])->([i, j, k, ln]) {i=2, j=8, k=8, l=4, m=1, n=2, o=1, p=1} reduction={m} permutation={j, k}>
// CONS: stablehlo.convolution{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, m, n, j], [o, p, k, jl])->([i, q, r, jl]) {i=2, j=4, k=1, l=2, m=1, n=1, o=1, p=1, q=1, r=1} reduction={k}>
func.func @depthwise(%arg0: tensor<2x8x8x4xf32>, %arg1: tensor<3x3x1x8xf32>) -> tensor<2x8x8x8xf32> {
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 4 : i64} : (tensor<2x8x8x4xf32>, tensor<3x3x1x8xf32>) -> tensor<2x8x8x8xf32>
  return %0 : tensor<2x8x8x8xf32>
}

// -----

// CHECK-LABEL: func.func @depthwise_mult1
// BASE: stablehlo.convolution{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k, l], [n, o, m, l])->([i, j, k, l]) {i=2, j=8, k=8, l=4, m=1, n=1, o=1} reduction={m} permutation={j, k}>
// CONS: stablehlo.convolution{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, l, m, j], [n, o, k, j])->([i, p, q, j]) {i=2, j=4, k=1, l=1, m=1, n=1, o=1, p=1, q=1} reduction={k}>
func.func @depthwise_mult1(%arg0: tensor<2x8x8x4xf32>, %arg1: tensor<3x3x1x4xf32>) -> tensor<2x8x8x4xf32> {
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 4 : i64} : (tensor<2x8x8x4xf32>, tensor<3x3x1x4xf32>) -> tensor<2x8x8x4xf32>
  return %0 : tensor<2x8x8x4xf32>
}

// -----

// CHECK-LABEL: func.func @grouped
// BASE: stablehlo.convolution{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, kl, j], [km, l, n])->([i, km, j]) {i=2, j=8, k=2, l=3, m=2, n=1} reduction={l} permutation={j}>
// CONS: stablehlo.convolution{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, jk, m], [jl, k, n])->([i, jl, o]) {i=2, j=2, k=3, l=2, m=1, n=1, o=1} reduction={k}>
func.func @grouped(%arg0: tensor<2x6x10xf32>, %arg1: tensor<4x3x3xf32>) -> tensor<2x4x8xf32> {
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {stride = [1], pad = [[0, 0]], lhs_dilate = [1], rhs_dilate = [1]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<2x6x10xf32>, tensor<4x3x3xf32>) -> tensor<2x4x8xf32>
  return %0 : tensor<2x4x8xf32>
}

// -----

// batch_group_count: a group factor shared by the input batch, kernel and result output features.
// CHECK-LABEL: func.func @batch_groups
// BASE: stablehlo.convolution{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([ij, k, l, m], [o, p, m, in])->([j, k, l, in]) {i=2, j=2, k=6, l=6, m=3, n=3, o=1, p=1} reduction={m} permutation={k, l}>
// CONS: stablehlo.convolution{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([ij, m, n, k], [o, p, k, il])->([j, q, r, il]) {i=2, j=2, k=3, l=3, m=1, n=1, o=1, p=1, q=1, r=1} reduction={k}>
func.func @batch_groups(%arg0: tensor<4x8x8x3xf32>, %arg1: tensor<3x3x3x6xf32>) -> tensor<2x6x6x6xf32> {
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<4x8x8x3xf32>, tensor<3x3x3x6xf32>) -> tensor<2x6x6x6xf32>
  return %0 : tensor<2x6x6x6xf32>
}

// -----

// All sizes 1.
// CHECK-LABEL: func.func @batch_one
// BASE: stablehlo.convolution{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, k, j], [l, j, m])->([i, n, o]) {i=1, j=1, k=1, l=1, m=1, n=1, o=1} reduction={j}>
// CONS: stablehlo.convolution{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, k, j], [l, j, m])->([i, n, o]) {i=1, j=1, k=1, l=1, m=1, n=1, o=1} reduction={j}>
func.func @batch_one(%arg0: tensor<1x1x1xf32>, %arg1: tensor<1x1x1xf32>) -> tensor<1x1x1xf32> {
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1], pad = [[0, 0]], lhs_dilate = [1], rhs_dilate = [1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x1x1xf32>, tensor<1x1x1xf32>) -> tensor<1x1x1xf32>
  return %0 : tensor<1x1x1xf32>
}

// -----

// CHECK-LABEL: func.func @conv1d
// BASE: stablehlo.convolution{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k], [m, k, l])->([i, j, l]) {i=2, j=16, k=3, l=4, m=1} reduction={k} permutation={j}>
// CONS: stablehlo.convolution{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, l, j], [m, j, k])->([i, n, k]) {i=2, j=3, k=4, l=1, m=1, n=1} reduction={j}>
func.func @conv1d(%arg0: tensor<2x16x3xf32>, %arg1: tensor<5x3x4xf32>) -> tensor<2x16x4xf32> {
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1], pad = [[2, 2]], lhs_dilate = [1], rhs_dilate = [1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x16x3xf32>, tensor<5x3x4xf32>) -> tensor<2x16x4xf32>
  return %0 : tensor<2x16x4xf32>
}

// -----

// CHECK-LABEL: func.func @conv3d
// BASE: stablehlo.convolution{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k, l, m], [o, p, q, m, n])->([i, j, k, l, n]) {i=2, j=4, k=4, l=4, m=3, n=5, o=1, p=1, q=1} reduction={m} permutation={j, k, l}>
// CONS: stablehlo.convolution{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, l, m, n, j], [o, p, q, j, k])->([i, r, s, t, k]) {i=2, j=3, k=5, l=1, m=1, n=1, o=1, p=1, q=1, r=1, s=1, t=1} reduction={j}>
func.func @conv3d(%arg0: tensor<2x4x4x4x3xf32>, %arg1: tensor<2x2x2x3x5xf32>) -> tensor<2x4x4x4x5xf32> {
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, 2, f]x[0, 1, 2, i, o]->[b, 0, 1, 2, f], window = {stride = [1, 1, 1], pad = [[0, 1], [0, 1], [0, 1]], lhs_dilate = [1, 1, 1], rhs_dilate = [1, 1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x4x4x4x3xf32>, tensor<2x2x2x3x5xf32>) -> tensor<2x4x4x4x5xf32>
  return %0 : tensor<2x4x4x4x5xf32>
}

// -----

// Non-overlapping windows: [output, window]; reversal does not matter.
// CHECK-LABEL: func.func @stride_eq_window
// BASE: stablehlo.convolution{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, jk, l], [k, l, m])->([i, j, m]) {i=2, j=4, k=3, l=3, m=4} reduction={k, l} permutation={j}>
// CONS: stablehlo.convolution{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, l, j], [m, j, k])->([i, n, k]) {i=2, j=3, k=4, l=1, m=1, n=1} reduction={j}>
func.func @stride_eq_window(%arg0: tensor<2x12x3xf32>, %arg1: tensor<3x3x4xf32>) -> tensor<2x4x4xf32> {
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [3], pad = [[0, 0]], lhs_dilate = [1], rhs_dilate = [1], reverse = [true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x12x3xf32>, tensor<3x3x4xf32>) -> tensor<2x4x4xf32>
  return %0 : tensor<2x4x4xf32>
}

// -----

// CHECK-LABEL: func.func @lhs_dilated
// BASE: stablehlo.convolution{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k], [m, k, l])->([i, j, l]) {i=2, j=3, k=3, l=4, m=1} reduction={k} permutation={j}>
// CONS: stablehlo.convolution{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, l, j], [m, j, k])->([i, n, k]) {i=2, j=3, k=4, l=1, m=1, n=1} reduction={j}>
func.func @lhs_dilated(%arg0: tensor<2x3x3xf32>, %arg1: tensor<2x3x4xf32>) -> tensor<2x6x4xf32> {
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1], pad = [[0, 0]], lhs_dilate = [3], rhs_dilate = [1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x3x3xf32>, tensor<2x3x4xf32>) -> tensor<2x6x4xf32>
  return %0 : tensor<2x6x4xf32>
}

// -----

// Window larger than the input.
// CHECK-LABEL: func.func @padded_window
// BASE: stablehlo.convolution{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k], [j, k, l])->([i, m, l]) {i=2, j=4, k=3, l=4, m=1} reduction={j, k}>
// CONS: stablehlo.convolution{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, l, j], [m, j, k])->([i, n, k]) {i=2, j=3, k=4, l=1, m=1, n=1} reduction={j}>
func.func @padded_window(%arg0: tensor<2x4x3xf32>, %arg1: tensor<6x3x4xf32>) -> tensor<2x5x4xf32> {
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1], pad = [[3, 3]], lhs_dilate = [1], rhs_dilate = [1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x4x3xf32>, tensor<6x3x4xf32>) -> tensor<2x5x4xf32>
  return %0 : tensor<2x5x4xf32>
}

// -----

// CHECK-LABEL: func.func @feature_one
// BASE: stablehlo.convolution{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, jk, l], [k, l, m])->([i, j, n]) {i=2, j=4, k=2, l=1, m=1, n=1} reduction={k, l} permutation={j}>
// CONS: stablehlo.convolution{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, k, j], [l, j, m])->([i, n, o]) {i=2, j=1, k=1, l=1, m=1, n=1, o=1} reduction={j}>
func.func @feature_one(%arg0: tensor<2x8x1xf32>, %arg1: tensor<2x1x1xf32>) -> tensor<2x4x1xf32> {
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [2], pad = [[0, 0]], lhs_dilate = [1], rhs_dilate = [1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x1xf32>, tensor<2x1x1xf32>) -> tensor<2x4x1xf32>
  return %0 : tensor<2x4x1xf32>
}
