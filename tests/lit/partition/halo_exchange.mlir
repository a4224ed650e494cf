// RUN: sdy-opt %s -split-input-file -sdy-partition-pipeline | FileCheck %s

// A 3-row window with padding 1 on each side (SAME, stride 1) along a
// dimension split 4 ways: one row from each neighbour, the padding (-inf)
// on the edge shards, no all_gather.
// CHECK-LABEL: func.func @same
// CHECK-NOT:     all_gather
// CHECK:         %[[LAST:.*]] = stablehlo.slice %arg0 [3:4, 0:64]
// CHECK:         %[[FROMLEFT:.*]] = "stablehlo.collective_permute"(%[[LAST]]) {{.*}}source_target_pairs = dense<{{\[\[}}0, 1], [1, 2], [2, 3]]>
// CHECK:         stablehlo.constant dense<[1, 0, 0, 0]>
// CHECK:         %[[LEFT:.*]] = stablehlo.select {{.*}}, %[[FROMLEFT]]
// CHECK:         %[[FIRST:.*]] = stablehlo.slice %arg0 [0:1, 0:64]
// CHECK:         %[[FROMRIGHT:.*]] = "stablehlo.collective_permute"(%[[FIRST]]) {{.*}}source_target_pairs = dense<{{\[\[}}1, 0], [2, 1], [3, 2]]>
// CHECK:         stablehlo.constant dense<[0, 0, 0, 1]>
// CHECK:         %[[RIGHT:.*]] = stablehlo.select {{.*}}, %[[FROMRIGHT]]
// CHECK:         %[[EXT:.*]] = stablehlo.concatenate %[[LEFT]], %arg0, %[[RIGHT]], dim = 0 : {{.*}} -> tensor<6x64xf32>
// CHECK:         "stablehlo.reduce_window"(%[[EXT]], %{{.*}}) <{padding = dense<0> : tensor<2x2xi64>
// CHECK:         }) {{.*}} : (tensor<6x64xf32>, tensor<f32>) -> tensor<4x64xf32>
// CHECK-NOT:     all_gather
sdy.mesh @mesh = <["x"=4]>
func.func @same(%a: tensor<16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%a, %cst) <{padding = dense<[[1, 1], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %m = stablehlo.maximum %x, %y : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<16x64xf32>, tensor<f32>) -> tensor<16x64xf32>
  return %0 : tensor<16x64xf32>
}

// -----

// VALID 3-row window, 16 rows -> 14 on 2 devices: shard 0 computes rows
// 0..6 from input rows 0..8, shard 1 rows 7..13 from input rows 7..15, so
// each takes one row from its neighbour and its window starts at a
// different offset of the extended shard (1 and 0).
// CHECK-LABEL: func.func @valid
// CHECK-NOT:     all_gather
// CHECK:         "stablehlo.collective_permute"{{.*}}dense<{{\[\[}}0, 1]]>
// CHECK:         "stablehlo.collective_permute"{{.*}}dense<{{\[\[}}1, 0]]>
// CHECK:         %[[EXT:.*]] = stablehlo.concatenate {{.*}} -> tensor<10x64xf32>
// CHECK:         stablehlo.constant dense<[1, 0]>
// CHECK:         %[[WIN:.*]] = stablehlo.dynamic_slice %[[EXT]], {{.*}} sizes = [9, 64]
// CHECK:         "stablehlo.reduce_window"(%[[WIN]],
// CHECK:         }) {{.*}} : (tensor<9x64xf32>, tensor<f32>) -> tensor<7x64xf32>
sdy.mesh @mesh = <["x"=2]>
func.func @valid(%a: tensor<16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<14x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%a, %cst) <{window_dimensions = array<i64: 3, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %m = stablehlo.maximum %x, %y : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<16x64xf32>, tensor<f32>) -> tensor<14x64xf32>
  return %0 : tensor<14x64xf32>
}

// -----

// A 2x2 window with stride 2 reads no row of another shard: no collective.
// CHECK-LABEL: func.func @disjoint
// CHECK-NOT:     collective_permute
// CHECK-NOT:     all_gather
// CHECK:         "stablehlo.reduce_window"(%arg0,
// CHECK:         }) {{.*}} : (tensor<4x2xf32>, tensor<f32>) -> tensor<2x2xf32>
sdy.mesh @mesh = <["x"=4]>
func.func @disjoint(%a: tensor<16x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%a, %cst) <{window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 2, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %m = stablehlo.maximum %x, %y : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<16x2xf32>, tensor<f32>) -> tensor<8x2xf32>
  return %0 : tensor<8x2xf32>
}

// -----

// A dilated window (3 taps, dilation 2: 5 rows) whose 12 results split
// into 3 per shard: shard d reads rows [3d, 3d+7) of 4-row shards, so 3
// rows come from each neighbour. A 6-row window with padding 5 on 4-row
// shards needs 5 rows before each shard: 4 (a whole shard) from the shard
// before and 1 from the shard two before (pairs 0->2, 1->3).
// CHECK-LABEL: func.func @dilated_and_long
// CHECK-NOT:     all_gather
// CHECK:         "stablehlo.collective_permute"{{.*}}dense<{{\[\[}}0, 1], [1, 2], [2, 3]]>{{.*}} : (tensor<3x64xf32>)
// CHECK:         "stablehlo.collective_permute"{{.*}}dense<{{\[\[}}1, 0], [2, 1], [3, 2]]>{{.*}} : (tensor<3x64xf32>)
// CHECK:         stablehlo.concatenate {{.*}} -> tensor<10x64xf32>
// CHECK:         stablehlo.dynamic_slice {{.*}} sizes = [7, 64]
// CHECK:         "stablehlo.reduce_window"{{.*}}window_dilations = array<i64: 2, 1>
// CHECK:         }) {{.*}} : (tensor<7x64xf32>, tensor<f32>) -> tensor<3x64xf32>
// CHECK:         %[[NEAR:.*]] = "stablehlo.collective_permute"{{.*}}dense<{{\[\[}}0, 1], [1, 2], [2, 3]]>{{.*}} : (tensor<4x64xf32>)
// CHECK:         stablehlo.constant dense<[1, 0, 0, 0]>
// CHECK:         %[[NEARSEL:.*]] = stablehlo.select {{.*}}, %[[NEAR]]
// CHECK:         %[[FAR:.*]] = "stablehlo.collective_permute"{{.*}}dense<{{\[\[}}0, 2], [1, 3]]>{{.*}} : (tensor<1x64xf32>)
// CHECK:         stablehlo.constant dense<[1, 1, 0, 0]>
// CHECK:         %[[FARSEL:.*]] = stablehlo.select {{.*}}, %[[FAR]]
// CHECK:         stablehlo.concatenate %[[FARSEL]], %[[NEARSEL]], %arg1, dim = 0 : {{.*}} -> tensor<9x64xf32>
// CHECK:         }) {{.*}} : (tensor<9x64xf32>, tensor<f32>) -> tensor<4x64xf32>
// CHECK-NOT:     all_gather
sdy.mesh @mesh = <["x"=4]>
func.func @dilated_and_long(%a: tensor<16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %b: tensor<16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<12x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, tensor<16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %cst = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%a, %cst) <{window_dimensions = array<i64: 3, 1>, window_dilations = array<i64: 2, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<16x64xf32>, tensor<f32>) -> tensor<12x64xf32>
  %1 = "stablehlo.reduce_window"(%b, %cst) <{padding = dense<[[5, 0], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 6, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<16x64xf32>, tensor<f32>) -> tensor<16x64xf32>
  return %0, %1 : tensor<12x64xf32>, tensor<16x64xf32>
}

// -----

// Uneven: 14 rows on 4 devices are 4-row shards, the last two rows of
// shard 3 padding. Before the exchange those rows become the init value
// (iota + shard offset < 14), so shard 3's last real result sees -inf
// after row 13, as the global op does.
// CHECK-LABEL: func.func @uneven
// CHECK-NOT:     all_gather
// CHECK:         %[[INIT:.*]] = stablehlo.broadcast_in_dim %cst, dims = [] {{.*}} -> tensor<4x64xf32>
// CHECK:         stablehlo.constant dense<[0, 4, 8, 12]>
// CHECK:         dense<14>
// CHECK:         %[[REAL:.*]] = stablehlo.compare LT
// CHECK:         %[[MASKED:.*]] = stablehlo.select %[[REAL]], %arg0, %[[INIT]]
// CHECK:         stablehlo.slice %[[MASKED]] [3:4, 0:64]
// CHECK:         "stablehlo.collective_permute"
// CHECK:         stablehlo.slice %[[MASKED]] [0:1, 0:64]
// CHECK:         "stablehlo.collective_permute"
// CHECK:         stablehlo.concatenate {{.*}}, %[[MASKED]], {{.*}} -> tensor<6x64xf32>
// CHECK:         }) {{.*}} : (tensor<6x64xf32>, tensor<f32>) -> tensor<4x64xf32>
// CHECK-NOT:     all_gather
sdy.mesh @mesh = <["x"=4]>
func.func @uneven(%a: tensor<14x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<14x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%a, %cst) <{padding = dense<[[1, 1], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %m = stablehlo.maximum %x, %y : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<14x64xf32>, tensor<f32>) -> tensor<14x64xf32>
  return %0 : tensor<14x64xf32>
}

// -----

// A 2-row window over rows dilated by 2 (16 rows -> 31 dilated -> 30
// results, 8 per shard): shard d's windows read the dilated rows
// [8d, 8d+9), that is input rows 4d..4d+4, so each shard receives one row
// from the shard after it and keeps the base dilation on the local op. One
// collective_permute costs less than an all_gather even for this small
// tensor.
// CHECK-LABEL: func.func @base_dilated_window
// CHECK-NOT:     all_gather
// CHECK:         "stablehlo.collective_permute"{{.*}}dense<{{\[\[}}1, 0], [2, 1], [3, 2]]>{{.*}} : (tensor<1x2xf32>)
// CHECK-NOT:     collective_permute
// CHECK:         stablehlo.concatenate %arg0, {{.*}} -> tensor<5x2xf32>
// CHECK:         "stablehlo.reduce_window"{{.*}}base_dilations = array<i64: 2, 1>, padding = dense<0> : tensor<2x2xi64>
// CHECK:         }) {{.*}} : (tensor<5x2xf32>, tensor<f32>) -> tensor<8x2xf32>
// CHECK-NOT:     all_gather
sdy.mesh @mesh = <["x"=4]>
func.func @base_dilated_window(%a: tensor<16x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<30x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %cst = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%a, %cst) <{window_dimensions = array<i64: 2, 1>, base_dilations = array<i64: 2, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<16x2xf32>, tensor<f32>) -> tensor<30x2xf32>
  return %0 : tensor<30x2xf32>
}

// -----

// A centred 3-row window (padding 1) over rows dilated by 2: shard d's
// windows start one dilated row (a padding or hole row) before its input
// row 4d, so the local op keeps a low padding of 1.
// CHECK-LABEL: func.func @base_dilated_window_padded
// CHECK-NOT:     all_gather
// CHECK:         "stablehlo.collective_permute"{{.*}}dense<{{\[\[}}1, 0], [2, 1], [3, 2]]>{{.*}} : (tensor<1x64xf32>)
// CHECK-NOT:     collective_permute
// CHECK:         "stablehlo.reduce_window"{{.*}}base_dilations = array<i64: 2, 1>, padding = dense<{{\[\[}}1, 0], [0, 0]]> : tensor<2x2xi64>
// CHECK:         }) {{.*}} : (tensor<5x64xf32>, tensor<f32>) -> tensor<8x64xf32>
// CHECK-NOT:     all_gather
sdy.mesh @mesh = <["x"=4]>
func.func @base_dilated_window_padded(%a: tensor<16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<31x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%a, %cst) <{padding = dense<[[1, 1], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 1>, base_dilations = array<i64: 2, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.maximum %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<16x64xf32>, tensor<f32>) -> tensor<31x64xf32>
  return %0 : tensor<31x64xf32>
}

// -----

// 15 rows dilated by 2 and a 3-row window give 27 results, 7 per shard:
// shard d's windows start at dilated row 7d, on an input row for even d
// and on a hole for odd d. One low padding (0) fits all local ops when
// the odd shards start one result early: every local op computes 8
// results from 5 input rows (2 received from before, 1 from after) and
// each device keeps 7 from its offset (0 or 1).
// CHECK-LABEL: func.func @base_dilated_offset
// CHECK-NOT:     all_gather
// CHECK:         "stablehlo.collective_permute"{{.*}}dense<{{\[\[}}0, 1], [1, 2], [2, 3]]>{{.*}} : (tensor<2x64xf32>)
// CHECK:         "stablehlo.collective_permute"{{.*}}dense<{{\[\[}}1, 0], [2, 1], [3, 2]]>{{.*}} : (tensor<1x64xf32>)
// CHECK:         stablehlo.constant dense<[2, 1, 1, 0]>
// CHECK:         %[[WIN:.*]] = stablehlo.dynamic_slice {{.*}} sizes = [5, 64]
// CHECK:         %[[RW:.*]] = "stablehlo.reduce_window"(%[[WIN]], {{.*}}base_dilations = array<i64: 2, 1>, padding = dense<{{\[\[}}0, 1], [0, 0]]>
// CHECK:         }) {{.*}} : (tensor<5x64xf32>, tensor<f32>) -> tensor<8x64xf32>
// CHECK:         stablehlo.constant dense<[0, 1, 0, 1]>
// CHECK:         stablehlo.dynamic_slice %[[RW]], {{.*}} sizes = [7, 64] : (tensor<8x64xf32>, {{.*}}) -> tensor<7x64xf32>
// CHECK-NOT:     all_gather
sdy.mesh @mesh = <["x"=4]>
func.func @base_dilated_offset(%a: tensor<15x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<27x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %cst = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%a, %cst) <{window_dimensions = array<i64: 3, 1>, base_dilations = array<i64: 2, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<15x64xf32>, tensor<f32>) -> tensor<27x64xf32>
  return %0 : tensor<27x64xf32>
}

// -----

// A size-1 window with base dilation 2 (a pass-through factor): 16 rows
// dilated to 31, split 4 ways; shard d's 8 result rows are the dilated 4
// input rows it holds, the high padding (one init row) filling the gap to
// the next shard. Nothing is exchanged.
// CHECK-LABEL: func.func @base_dilated_local
// CHECK-NOT:     all_gather
// CHECK-NOT:     collective_permute
// CHECK:         "stablehlo.reduce_window"(%arg0, %{{.*}}) <{base_dilations = array<i64: 2, 1>, padding = dense<{{\[\[}}0, 1], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 1>}>
// CHECK:         }) {{.*}} : (tensor<4x2xf32>, tensor<f32>) -> tensor<8x2xf32>
// CHECK-NOT:     all_gather
// CHECK-NOT:     collective_permute
sdy.mesh @mesh = <["x"=4]>
func.func @base_dilated_local(%a: tensor<16x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<31x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %cst = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%a, %cst) <{window_dimensions = array<i64: 1, 1>, base_dilations = array<i64: 2, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<16x2xf32>, tensor<f32>) -> tensor<31x2xf32>
  return %0 : tensor<31x2xf32>
}

// -----

// Base dilation 3 of 8 rows gives 22, whose 2-way shards (11 rows) do not
// line up with the 12 dilated rows of an input shard: shard 1's rows start
// on a hole (global row 11). Every shard dilates its own 4 rows with one
// padding row on each side (12 rows) and keeps 11 of them, shard 0 from 1
// on and shard 1 from 0 on: nothing is exchanged.
// CHECK-LABEL: func.func @base_dilated_unaligned
// CHECK-NOT:     collective_permute
// CHECK-NOT:     all_gather
// CHECK:         %[[RW:.*]] = "stablehlo.reduce_window"(%arg0, {{.*}}base_dilations = array<i64: 3, 1>, padding = dense<{{\[\[}}1, 1], [0, 0]]>
// CHECK:         }) {{.*}} : (tensor<4x2xf32>, tensor<f32>) -> tensor<12x2xf32>
// CHECK:         stablehlo.constant dense<[1, 0]>
// CHECK:         stablehlo.dynamic_slice %[[RW]], {{.*}} sizes = [11, 2]
// CHECK-NOT:     collective_permute
// CHECK-NOT:     all_gather
sdy.mesh @mesh = <["x"=2]>
func.func @base_dilated_unaligned(%a: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<22x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %cst = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%a, %cst) <{window_dimensions = array<i64: 1, 1>, base_dilations = array<i64: 3, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<8x2xf32>, tensor<f32>) -> tensor<22x2xf32>
  return %0 : tensor<22x2xf32>
}

// -----

// A convolution's spatial dimension (3-wide kernel, SAME, stride 1) split 4
// ways: the lhs gets one row from each neighbour, zeros (the padding) on
// the edge shards, and the local convolution runs unpadded; the kernel is
// not exchanged.
// CHECK-LABEL: func.func @conv_same
// CHECK-NOT:     all_gather
// CHECK:         %[[ZERO:.*]] = stablehlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK:         %[[LAST:.*]] = stablehlo.slice %arg0 [0:32, 3:4, 0:2]
// CHECK:         %[[FROM_LEFT:.*]] = "stablehlo.collective_permute"(%[[LAST]]) {{.*}}source_target_pairs = dense<{{\[}}[0, 1], [1, 2], [2, 3]]>
// CHECK:         %[[PAD_LEFT:.*]] = stablehlo.broadcast_in_dim %[[ZERO]]
// CHECK:         %[[LEFT:.*]] = stablehlo.select %{{.*}}, %[[PAD_LEFT]], %[[FROM_LEFT]]
// CHECK:         %[[FIRST:.*]] = stablehlo.slice %arg0 [0:32, 0:1, 0:2]
// CHECK:         %[[FROM_RIGHT:.*]] = "stablehlo.collective_permute"(%[[FIRST]]) {{.*}}source_target_pairs = dense<{{\[}}[1, 0], [2, 1], [3, 2]]>
// CHECK:         %[[RIGHT:.*]] = stablehlo.select
// CHECK:         %[[EXT:.*]] = stablehlo.concatenate %[[LEFT]], %arg0, %[[RIGHT]], dim = 1 : {{.*}} -> tensor<32x6x2xf32>
// CHECK:         stablehlo.convolution(%[[EXT]], %arg1) {{.*}}pad = {{\[\[}}0, 0]]{{.*}} : (tensor<32x6x2xf32>, tensor<3x2x2xf32>) -> tensor<32x4x2xf32>
// CHECK-NOT:     all_gather
sdy.mesh @mesh = <["x"=4]>
func.func @conv_same(%a: tensor<32x16x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {}]>}, %w: tensor<3x2x2xf32>) -> (tensor<32x16x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {}]>}) {
  %0 = stablehlo.convolution(%a, %w) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {pad = [[1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<32x16x2xf32>, tensor<3x2x2xf32>) -> tensor<32x16x2xf32>
  return %0 : tensor<32x16x2xf32>
}

// -----

// VALID (16 rows -> 14) on 2 devices: shard 0 reads its rows and one of
// shard 1, shard 1 one row of shard 0 and its own. Both shards are extended
// by a row on each side, so the window rows start at 1 (shard 0) and 0
// (shard 1) of the extended shard: a dynamic_slice by device.
// CHECK-LABEL: func.func @conv_valid
// CHECK-NOT:     all_gather
// CHECK:         "stablehlo.collective_permute"{{.*}}source_target_pairs = dense<{{\[\[}}0, 1]]>
// CHECK:         "stablehlo.collective_permute"{{.*}}source_target_pairs = dense<{{\[\[}}1, 0]]>
// CHECK:         stablehlo.concatenate {{.*}} -> tensor<32x10x1xi32>
// CHECK:         stablehlo.constant dense<[1, 0]> : tensor<2xi{{(32|64)}}>
// CHECK:         %[[WINDOW:.*]] = stablehlo.dynamic_slice {{.*}} sizes = [32, 9, 1] : (tensor<32x10x1xi32>, {{.*}}) -> tensor<32x9x1xi32>
// CHECK:         stablehlo.convolution(%[[WINDOW]], %arg1) {{.*}} : (tensor<32x9x1xi32>, tensor<3x1x1xi32>) -> tensor<32x7x1xi32>
// CHECK-NOT:     all_gather
sdy.mesh @mesh = <["x"=2]>
func.func @conv_valid(%a: tensor<32x16x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {}]>}, %w: tensor<3x1x1xi32>) -> (tensor<32x14x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {}]>}) {
  %0 = stablehlo.convolution(%a, %w) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<32x16x1xi32>, tensor<3x1x1xi32>) -> tensor<32x14x1xi32>
  return %0 : tensor<32x14x1xi32>
}

// -----

// Stride 2 (pad 1 low): each shard's 4 results read rows [8d-1, 8d+8), one
// row from the shard before; a kernel dilated by 2 (5 rows, pad 2) takes 2
// rows from each side. Both keep stride and dilation on the local op. An
// lhs dilation of 2 (a transposed convolution, 16 rows -> 31 results, 16
// per shard): shard d's windows read the dilated rows [16d-1, 16d+17),
// that is input rows 8d..8d+8, one row from the shard after; the local op
// keeps the lhs dilation with a low padding of 1.
// CHECK-LABEL: func.func @conv_strided_dilated
// CHECK-NOT:     all_gather
// CHECK:         "stablehlo.collective_permute"{{.*}}dense<{{\[\[}}0, 1]]>{{.*}} : (tensor<32x1x1xf32>)
// CHECK-NOT:     "stablehlo.collective_permute"{{.*}}dense<{{\[\[}}1, 0]]>{{.*}} : (tensor<32x1x1xf32>)
// CHECK:         stablehlo.concatenate {{.*}} -> tensor<32x9x1xf32>
// CHECK:         stablehlo.convolution{{.*}}stride = [2], pad = {{\[\[}}0, 0]]{{.*}} : (tensor<32x9x1xf32>, tensor<3x1x1xf32>) -> tensor<32x4x1xf32>
// CHECK:         "stablehlo.collective_permute"{{.*}}dense<{{\[\[}}0, 1]]>{{.*}} : (tensor<32x2x1xf32>)
// CHECK:         "stablehlo.collective_permute"{{.*}}dense<{{\[\[}}1, 0]]>{{.*}} : (tensor<32x2x1xf32>)
// CHECK:         stablehlo.concatenate {{.*}} -> tensor<32x12x1xf32>
// CHECK:         stablehlo.convolution{{.*}}rhs_dilate = [2]{{.*}} : (tensor<32x12x1xf32>, tensor<3x1x1xf32>) -> tensor<32x8x1xf32>
// CHECK:         "stablehlo.collective_permute"{{.*}}dense<{{\[\[}}1, 0]]>{{.*}} : (tensor<32x1x1xf32>)
// CHECK:         stablehlo.concatenate %arg0, {{.*}} -> tensor<32x9x1xf32>
// CHECK:         stablehlo.convolution{{.*}}pad = {{\[\[}}1, 0]], lhs_dilate = [2]{{.*}} : (tensor<32x9x1xf32>, tensor<3x1x1xf32>) -> tensor<32x16x1xf32>
// CHECK-NOT:     all_gather
sdy.mesh @mesh = <["x"=2]>
func.func @conv_strided_dilated(%a: tensor<32x16x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {}]>}, %w: tensor<3x1x1xf32>) -> (tensor<32x8x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {}]>}, tensor<32x16x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {}]>}, tensor<32x31x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {}]>}) {
  %0 = stablehlo.convolution(%a, %w) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [2], pad = [[1, 0]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<32x16x1xf32>, tensor<3x1x1xf32>) -> tensor<32x8x1xf32>
  %1 = stablehlo.convolution(%a, %w) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {pad = [[2, 2]], rhs_dilate = [2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<32x16x1xf32>, tensor<3x1x1xf32>) -> tensor<32x16x1xf32>
  %2 = stablehlo.convolution(%a, %w) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {pad = [[1, 1]], lhs_dilate = [2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<32x16x1xf32>, tensor<3x1x1xf32>) -> tensor<32x31x1xf32>
  return %0, %1, %2 : tensor<32x8x1xf32>, tensor<32x16x1xf32>, tensor<32x31x1xf32>
}

// -----

// An lhs dilation of 2 whose 14 results split 7 per shard: shard d's
// windows start at dilated row 7d - 1, on a hole for d = 0 and on input
// row 3 for d = 1. Shard 0 starts one result early: both local
// convolutions compute 8 results from 5 input rows (one received from the
// shard before), shard 0 keeping them from 1 on and shard 1 from 0 on.
// CHECK-LABEL: func.func @conv_lhs_dilated_offset
// CHECK-NOT:     all_gather
// CHECK:         "stablehlo.collective_permute"{{.*}}dense<{{\[\[}}0, 1]]>{{.*}} : (tensor<32x1x1xf32>)
// CHECK-NOT:     collective_permute
// CHECK:         stablehlo.concatenate {{.*}}, %arg0, dim = 1 : {{.*}} -> tensor<32x5x1xf32>
// CHECK:         %[[CONV:.*]] = stablehlo.convolution{{.*}}pad = {{\[\[}}0, 1]], lhs_dilate = [2]{{.*}} : (tensor<32x5x1xf32>, tensor<3x1x1xf32>) -> tensor<32x8x1xf32>
// CHECK:         stablehlo.constant dense<[1, 0]>
// CHECK:         %[[OUT:.*]] = stablehlo.dynamic_slice %[[CONV]], {{.*}} sizes = [32, 7, 1] : (tensor<32x8x1xf32>, {{.*}}) -> tensor<32x7x1xf32>
// CHECK:         return %[[OUT]]
sdy.mesh @mesh = <["x"=2]>
func.func @conv_lhs_dilated_offset(%a: tensor<32x8x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {}]>}, %w: tensor<3x1x1xf32>) -> (tensor<32x14x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {}]>}) {
  %0 = stablehlo.convolution(%a, %w) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {pad = [[1, 0]], lhs_dilate = [2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<32x8x1xf32>, tensor<3x1x1xf32>) -> tensor<32x14x1xf32>
  return %0 : tensor<32x14x1xf32>
}

// -----

// Complex inputs: the halo of a stride-2 convolution is padded with a
// complex zero. With 7 results on 4 devices (2 per shard, 14 input rows in
// 4-row shards) the output factor does not split evenly, yet the dimension
// stays sharded: shard d reads rows [4d-1, 4d+4), one row from the shard
// before; the returned complex result's padding row is zeroed (a complex
// zero splat of the local shape). The functions come out in reverse order
// (-sdy-pre-order-funcs).
// CHECK-LABEL: func.func @conv_complex_uneven
// CHECK-NOT:     all_gather
// CHECK:         "stablehlo.collective_permute"{{.*}}dense<{{\[\[}}0, 1], [1, 2], [2, 3]]>{{.*}} : (tensor<32x1x2xcomplex<f32>>)
// CHECK-NOT:     collective_permute
// CHECK:         stablehlo.convolution{{.*}}stride = [2]{{.*}} : (tensor<32x5x2xcomplex<f32>>, tensor<3x2x1xcomplex<f32>>) -> tensor<32x2x1xcomplex<f32>>
// CHECK:         stablehlo.constant {{.*}}dense<(0.000000e+00,0.000000e+00)> : tensor<32x2x1xcomplex<f32>>
// CHECK-LABEL: func.func @conv_complex(
// CHECK-NOT:     all_gather
// CHECK:         %[[ZERO:.*]] = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
// CHECK:         "stablehlo.collective_permute"{{.*}}dense<{{\[\[}}0, 1], [1, 2], [2, 3]]>{{.*}} : (tensor<32x1x2xcomplex<f32>>)
// CHECK:         stablehlo.broadcast_in_dim %[[ZERO]]
// CHECK:         stablehlo.convolution{{.*}}stride = [2]{{.*}} : (tensor<32x5x2xcomplex<f32>>, tensor<3x2x1xcomplex<f32>>) -> tensor<32x2x1xcomplex<f32>>
sdy.mesh @mesh = <["x"=4]>
func.func @conv_complex(%a: tensor<32x16x2xcomplex<f32>> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {}]>}, %w: tensor<3x2x1xcomplex<f32>>) -> (tensor<32x8x1xcomplex<f32>> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {}]>}) {
  %0 = stablehlo.convolution(%a, %w) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [2], pad = [[1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<32x16x2xcomplex<f32>>, tensor<3x2x1xcomplex<f32>>) -> tensor<32x8x1xcomplex<f32>>
  return %0 : tensor<32x8x1xcomplex<f32>>
}
func.func @conv_complex_uneven(%a: tensor<32x14x2xcomplex<f32>> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {}]>}, %w: tensor<3x2x1xcomplex<f32>>) -> (tensor<32x7x1xcomplex<f32>> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {}]>}) {
  %0 = stablehlo.convolution(%a, %w) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [2], pad = [[1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<32x14x2xcomplex<f32>>, tensor<3x2x1xcomplex<f32>>) -> tensor<32x7x1xcomplex<f32>>
  return %0 : tensor<32x7x1xcomplex<f32>>
}

// -----

// A low padding of 10 on 2-row shards: shard 0's windows start 10 rows
// before it, so 10 rows come before every shard, 2 from each of the 3
// shards before it (fewer near the edge) and the 4 beyond every shard are
// the padding, one broadcast without a collective. The 15 results split
// unevenly (4 per shard).
// CHECK-LABEL: func.func @far_padding
// CHECK-COUNT-3: "stablehlo.collective_permute"{{.*}} : (tensor<2x128xf32>) -> tensor<2x128xf32>
// CHECK:         %[[BEYOND:.*]] = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x128xf32>
// CHECK-NEXT:    %[[LAST:.*]] = stablehlo.slice %arg0 [0:1, 0:128]
// CHECK-NEXT:    "stablehlo.collective_permute"(%[[LAST]]) {{.*}}dense<{{\[\[}}1, 0], [2, 1], [3, 2]]>
// CHECK:         stablehlo.concatenate %[[BEYOND]], {{.*}} -> tensor<13x128xf32>
// CHECK:         }) {{.*}} : (tensor<7x128xf32>, tensor<f32>) -> tensor<4x128xf32>
sdy.mesh @mesh = <["x"=4]>
func.func @far_padding(%a: tensor<8x128xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<15x128xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %cst = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%a, %cst) <{padding = dense<[[10, 0], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 4, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<8x128xf32>, tensor<f32>) -> tensor<15x128xf32>
  return %0 : tensor<15x128xf32>
}

// -----

// The choice weighs latency against bytes with the local backend's default
// model (bench/comm/models/local.model): two collective_permutes (one row
// from each side) against one all_gather of the shard. For 8 floats on 2
// devices (16 B per shard) the gather is modelled cheaper and the
// dimension is gathered; for 1024 floats (2 KiB per shard) the exchange
// is. The functions come out in reverse order (-sdy-pre-order-funcs).
// CHECK-LABEL: func.func @tiny_gathers
// CHECK-NOT:     collective_permute
// CHECK:         "stablehlo.all_gather"
// CHECK:         }) {{.*}} : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
// CHECK-NOT:     collective_permute
// CHECK-LABEL: func.func @large_exchanges
// CHECK-NOT:     all_gather
// CHECK-COUNT-2: "stablehlo.collective_permute"{{.*}} : (tensor<1xf32>) -> tensor<1xf32>
// CHECK:         }) {{.*}} : (tensor<514xf32>, tensor<f32>) -> tensor<512xf32>
// CHECK-NOT:     all_gather
sdy.mesh @mesh = <["x"=2]>
func.func @large_exchanges(%a: tensor<1024xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> (tensor<1024xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
  %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%a, %cst) <{padding = dense<[[1, 1]]> : tensor<1x2xi64>, window_dimensions = array<i64: 3>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %m = stablehlo.maximum %x, %y : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<1024xf32>, tensor<f32>) -> tensor<1024xf32>
  return %0 : tensor<1024xf32>
}
func.func @tiny_gathers(%a: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
  %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%a, %cst) <{padding = dense<[[1, 1]]> : tensor<1x2xi64>, window_dimensions = array<i64: 3>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %m = stablehlo.maximum %x, %y : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// A stride-2 window of one row over rows dilated by 2, shifted by a low
// padding of 1, reads only holes and padding: with one result per shard
// no shard's window reads an input row, which halo exchange does not
// handle, so the dimension is gathered.
// CHECK-LABEL: func.func @no_input_rows
// CHECK-NOT:     collective_permute
// CHECK:         "stablehlo.all_gather"
// CHECK:         }) {{.*}} : (tensor<4x64xf32>, tensor<f32>) -> tensor<4x64xf32>
sdy.mesh @mesh = <["x"=4]>
func.func @no_input_rows(%a: tensor<4x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<4x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %cst = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%a, %cst) <{padding = dense<[[1, 0], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 1>, window_strides = array<i64: 2, 1>, base_dilations = array<i64: 2, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x64xf32>, tensor<f32>) -> tensor<4x64xf32>
  return %0 : tensor<4x64xf32>
}
