// RUN: sdy-opt %s -split-input-file -sdy-populate-op-sharding-rules | FileCheck %s

// One module per op; every expected rule is the real Shardy's output
// (sdy-populate-op-sharding-rules) for the same op.
//
// Rules still different from Shardy's (not here): dynamic_slice (Shardy
// shares the sliced dim's factor, need_replication + blocked; ours has two
// blocked need_replication factors: the same propagation), dynamic_update_slice
// and gather/scatter (Shardy lets the partitioner handle sharded indexed
// dims; ours needs them replicated to stay correct), pad with low = -high
// (Shardy: pass-through; ours: permutation, since a local pad would shift the
// wrong data), reshapes whose dims share no prefix (Shardy splits by gcd),
// iota (Shardy: no rule), all_gather/all_to_all/reduce_scatter/map (Shardy
// has rules; ours none).

// CHECK-LABEL: func.func @concatenate
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=32} need_replication={j}>
func.func @concatenate(%a: tensor<8x16xf32>, %b: tensor<8x16xf32>) {
  %0 = stablehlo.concatenate %a, %b, dim = 1 : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x32xf32>
  return
}

// -----

// CHECK-LABEL: func.func @pad
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i, j]) {i=8, j=16} permutation={j}>
func.func @pad(%a: tensor<8x16xf32>, %c: tensor<f32>) {
  %0 = stablehlo.pad %a, %c, low = [0, 1], high = [0, 3], interior = [0, 0] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8x20xf32>
  return
}

// -----

// CHECK-LABEL: func.func @pad_interior
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i, j]) {i=8, j=16} permutation={j}>
func.func @pad_interior(%a: tensor<8x16xf32>, %c: tensor<f32>) {
  %0 = stablehlo.pad %a, %c, low = [0, 1], high = [0, 3], interior = [0, 1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8x35xf32>
  return
}

// -----

// CHECK-LABEL: func.func @pad_neg
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i, j]) {i=8, j=16} permutation={j}>
func.func @pad_neg(%a: tensor<8x16xf32>, %c: tensor<f32>) {
  %0 = stablehlo.pad %a, %c, low = [0, -2], high = [0, -2], interior = [0, 0] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8x12xf32>
  return
}

// -----

// CHECK-LABEL: func.func @slice
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=16} permutation={j}>
func.func @slice(%a: tensor<8x16xf32>) {
  %0 = stablehlo.slice %a [0:8, 2:9] : (tensor<8x16xf32>) -> tensor<8x7xf32>
  return
}

// -----

// CHECK-LABEL: func.func @slice_stride
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=16} permutation={i, j}>
func.func @slice_stride(%a: tensor<8x16xf32>) {
  %0 = stablehlo.slice %a [0:8:2, 0:16:4] : (tensor<8x16xf32>) -> tensor<4x4xf32>
  return
}

// -----

// CHECK-LABEL: func.func @reverse
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=16} permutation={j}>
func.func @reverse(%a: tensor<8x16xf32>) {
  %0 = stablehlo.reverse %a, dims = [1] : tensor<8x16xf32>
  return
}

// -----

// CHECK-LABEL: func.func @reshape_1
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, k, l]) {i=8, j=1, k=16, l=1}>
func.func @reshape_1(%a: tensor<8x1x16xf32>) {
  %0 = stablehlo.reshape %a : (tensor<8x1x16xf32>) -> tensor<8x16x1xf32>
  return
}

// -----

// CHECK-LABEL: func.func @reshape_2
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([j, k])->([i, jk]) {i=1, j=8, k=16}>
func.func @reshape_2(%a: tensor<8x16xf32>) {
  %0 = stablehlo.reshape %a : (tensor<8x16xf32>) -> tensor<1x128xf32>
  return
}

// -----

// CHECK-LABEL: func.func @reshape_4
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([ik]) {i=2, j=1, k=4}>
func.func @reshape_4(%a: tensor<2x1x4xf32>) {
  %0 = stablehlo.reshape %a : (tensor<2x1x4xf32>) -> tensor<8xf32>
  return
}

// -----

// CHECK-LABEL: func.func @reshape_5
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([il])->([i, j, k, l]) {i=2, j=1, k=1, l=4}>
func.func @reshape_5(%a: tensor<8xf32>) {
  %0 = stablehlo.reshape %a : (tensor<8xf32>) -> tensor<2x1x1x4xf32>
  return
}

// -----

// CHECK-LABEL: func.func @broadcast
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([j, l])->([i, k, l]) {i=8, j=1, k=4, l=16}>
func.func @broadcast(%a: tensor<1x16xf32>) {
  %0 = stablehlo.broadcast_in_dim %a, dims = [1, 2] : (tensor<1x16xf32>) -> tensor<8x4x16xf32>
  return
}

// -----

// CHECK-LABEL: func.func @transpose
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([j, k, i])->([i, j, k]) {i=4, j=8, k=16}>
func.func @transpose(%a: tensor<8x16x4xf32>) {
  %0 = stablehlo.transpose %a, dims = [2, 0, 1] : (tensor<8x16x4xf32>) -> tensor<4x8x16xf32>
  return
}

// -----

// CHECK-LABEL: func.func @dot
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=8, j=32, k=16} reduction={k}>
func.func @dot(%a: tensor<8x16xf32>, %b: tensor<16x32xf32>) {
  %0 = stablehlo.dot %a, %b : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
  return
}

// -----

// CHECK-LABEL: func.func @dot_general
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, l], [i, l, k])->([i, j, k]) {i=2, j=8, k=32, l=16} reduction={l}>
func.func @dot_general(%a: tensor<2x8x16xf32>, %b: tensor<2x16x32xf32>) {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x8x16xf32>, tensor<2x16x32xf32>) -> tensor<2x8x32xf32>
  return
}

// -----

// CHECK-LABEL: func.func @reduce
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i]) {i=8, j=16} reduction={j}>
func.func @reduce(%a: tensor<8x16xf32>, %c: tensor<f32>) {
  %0 = stablehlo.reduce(%a init: %c) applies stablehlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
  return
}

// -----

// CHECK-LABEL: func.func @select
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j], [i, j])->([i, j]) {i=8, j=16}>
func.func @select(%p: tensor<8x16xi1>, %a: tensor<8x16xf32>) {
  %0 = stablehlo.select %p, %a, %a : tensor<8x16xi1>, tensor<8x16xf32>
  return
}

// -----

// CHECK-LABEL: func.func @select_scalar
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([], [i, j], [i, j])->([i, j]) {i=8, j=16}>
func.func @select_scalar(%p: tensor<i1>, %a: tensor<8x16xf32>) {
  %0 = stablehlo.select %p, %a, %a : tensor<i1>, tensor<8x16xf32>
  return
}

// -----

// CHECK-LABEL: func.func @clamp
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([], [i, j], [])->([i, j]) {i=8, j=16}>
func.func @clamp(%c: tensor<f32>, %a: tensor<8x16xf32>) {
  %0 = stablehlo.clamp %c, %a, %c : (tensor<f32>, tensor<8x16xf32>, tensor<f32>) -> tensor<8x16xf32>
  return
}

// -----

// CHECK-LABEL: func.func @sort
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=16} need_replication={j}>
func.func @sort(%a: tensor<8x16xf32>) {
  %0 = "stablehlo.sort"(%a) ({ ^bb0(%x: tensor<f32>, %y: tensor<f32>): %s = stablehlo.compare GT, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1> stablehlo.return %s : tensor<i1> }) {dimension = 1 : i64, is_stable = false} : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return
}

// -----

// CHECK-LABEL: func.func @cholesky
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, j, k]) {i=4, j=8, k=8} need_replication={j, k}>
func.func @cholesky(%a: tensor<4x8x8xf32>) {
  %0 = stablehlo.cholesky %a, lower = true : tensor<4x8x8xf32>
  return
}

// -----

// CHECK-LABEL: func.func @fft
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, j, k]) {i=4, j=8, k=16} need_replication={j, k}>
func.func @fft(%a: tensor<4x8x16xcomplex<f32>>) {
  %0 = stablehlo.fft %a, type = FFT, length = [8, 16] : (tensor<4x8x16xcomplex<f32>>) -> tensor<4x8x16xcomplex<f32>>
  return
}

// -----

// CHECK-LABEL: func.func @rfft
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=16} need_replication={j} blocked_propagation={j}>
func.func @rfft(%a: tensor<4x16xf32>) {
  %0 = stablehlo.fft %a, type = RFFT, length = [16] : (tensor<4x16xf32>) -> tensor<4x9xcomplex<f32>>
  return
}

// -----

// CHECK-LABEL: func.func @triangular_solve
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, l], [i, j, k])->([i, l, k]) {i=4, j=8, k=3, l=8} need_replication={j, k, l}>
func.func @triangular_solve(%a: tensor<4x8x8xf32>, %b: tensor<4x8x3xf32>) {
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<4x8x8xf32>, tensor<4x8x3xf32>) -> tensor<4x8x3xf32>
  return
}

// -----

// CHECK-LABEL: func.func @reduce_window
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i, j]) {i=8, j=16} permutation={j}>
func.func @reduce_window(%a: tensor<8x16xf32>, %c: tensor<f32>) {
  %0 = "stablehlo.reduce_window"(%a, %c) ({ ^bb0(%x: tensor<f32>, %y: tensor<f32>): %s = stablehlo.add %x, %y : tensor<f32> stablehlo.return %s : tensor<f32> }) {window_dimensions = array<i64: 1, 3>, window_strides = array<i64: 1, 1>, padding = dense<[[0, 0], [1, 1]]> : tensor<2x2xi64>} : (tensor<8x16xf32>, tensor<f32>) -> tensor<8x16xf32>
  return
}

// -----

// CHECK-LABEL: func.func @reduce_window_stride
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i, j]) {i=4, j=16} permutation={i}>
func.func @reduce_window_stride(%a: tensor<8x16xf32>, %c: tensor<f32>) {
  %0 = "stablehlo.reduce_window"(%a, %c) ({ ^bb0(%x: tensor<f32>, %y: tensor<f32>): %s = stablehlo.add %x, %y : tensor<f32> stablehlo.return %s : tensor<f32> }) {window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 2, 1>} : (tensor<8x16xf32>, tensor<f32>) -> tensor<4x16xf32>
  return
}

// -----

// CHECK-LABEL: func.func @select_and_scatter
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([j, k], [i, k], [])->([j, k]) {i=4, j=8, k=16} need_replication={i} permutation={j}>
func.func @select_and_scatter(%a: tensor<8x16xf32>, %s: tensor<4x16xf32>, %c: tensor<f32>) {
  %0 = "stablehlo.select_and_scatter"(%a, %s, %c) ({ ^bb0(%x: tensor<f32>, %y: tensor<f32>): %t = stablehlo.compare GE, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1> stablehlo.return %t : tensor<i1> }, { ^bb0(%x: tensor<f32>, %y: tensor<f32>): %t = stablehlo.add %x, %y : tensor<f32> stablehlo.return %t : tensor<f32> }) {window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 2, 1>} : (tensor<8x16xf32>, tensor<4x16xf32>, tensor<f32>) -> tensor<8x16xf32>
  return
}

// -----

// CHECK-LABEL: func.func @convolution
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k, l], [n, o, l, m])->([i, j, k, m]) {i=2, j=16, k=16, l=3, m=8, n=1, o=1} reduction={l} permutation={j, k}>
func.func @convolution(%a: tensor<2x16x16x3xf32>, %b: tensor<3x3x3x8xf32>) {
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x16x16x3xf32>, tensor<3x3x3x8xf32>) -> tensor<2x16x16x8xf32>
  return
}

// -----

// CHECK-LABEL: func.func @all_gather_like_bitcast
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=16}>
func.func @all_gather_like_bitcast(%a: tensor<8x16xf32>) {
  %0 = stablehlo.bitcast_convert %a : (tensor<8x16xf32>) -> tensor<8x16xi32>
  return
}

// -----

// CHECK-LABEL: func.func @bitcast_narrow
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j, k]) {i=8, j=16, k=4} need_replication={k}>
func.func @bitcast_narrow(%a: tensor<8x16xf32>) {
  %0 = stablehlo.bitcast_convert %a : (tensor<8x16xf32>) -> tensor<8x16x4xi8>
  return
}

// -----

// CHECK-LABEL: func.func @reduce_precision
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=16}>
func.func @reduce_precision(%a: tensor<8x16xf32>) {
  %0 = stablehlo.reduce_precision %a, format = e5m10 : tensor<8x16xf32>
  return
}

// -----

// CHECK-LABEL: func.func @batch_norm_inference
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [j], [j], [j], [j])->([i, j]) {i=8, j=16}>
func.func @batch_norm_inference(%a: tensor<8x16xf32>, %s: tensor<16xf32>) {
  %0 = "stablehlo.batch_norm_inference"(%a, %s, %s, %s, %s) {epsilon = 1.0e-5 : f32, feature_index = 1 : i64} : (tensor<8x16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<8x16xf32>
  return
}

// -----

// CHECK-LABEL: func.func @all_reduce
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=16}>
func.func @all_reduce(%a: tensor<8x16xf32>) {
  %0 = "stablehlo.all_reduce"(%a) ({ ^bb0(%x: tensor<f32>, %y: tensor<f32>): %s = stablehlo.add %x, %y : tensor<f32> stablehlo.return %s : tensor<f32> }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return
}

// -----

// CHECK-LABEL: func.func @cbrt
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=16}>
func.func @cbrt(%a: tensor<8x16xf32>) {
  %0 = stablehlo.cbrt %a : tensor<8x16xf32>
  return
}

// -----

// CHECK-LABEL: func.func @compare
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=16}>
func.func @compare(%a: tensor<8x16xf32>) {
  %0 = stablehlo.compare LT, %a, %a : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
  return
}

// -----

// CHECK-LABEL: func.func @collective_permute
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=16}>
func.func @collective_permute(%a: tensor<8x16xf32>) {
  %0 = "stablehlo.collective_permute"(%a) {source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return
}
