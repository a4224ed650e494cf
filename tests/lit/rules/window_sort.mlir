// RUN: sdy-opt %s -split-input-file -sdy-populate-op-sharding-rules | FileCheck %s --check-prefixes=CHECK,BASE
// RUN: sdy-opt %s -split-input-file -sdy-populate-op-sharding-rules=conservative-propagation=true | FileCheck %s --check-prefixes=CHECK,CONS

// Rules of reduce_window, select_and_scatter, sort and map, as the real Shardy
// computes them.

// cumsum as JAX lowers it: the window (size 32, padding 31) is a permutation factor.
// CHECK-LABEL: func.func @rw
// BASE: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i, j]) {i=8, j=32} permutation={j}>
// CONS: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i, j]) {i=8, j=32} permutation={j} blocked_propagation={j}>
func.func @rw(%arg0: tensor<8x32xf32>, %i: tensor<f32>) -> tensor<8x32xf32> {
  %1 = "stablehlo.reduce_window"(%arg0, %i) <{base_dilations = array<i64: 1, 1>, padding = dense<[[0, 0], [31, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 1, 32>, window_strides = array<i64: 1, 1>}> ({
  ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
    %2 = stablehlo.add %arg1, %arg2 : tensor<f32>
    stablehlo.return %2 : tensor<f32>
  }) : (tensor<8x32xf32>, tensor<f32>) -> tensor<8x32xf32>
  return %1 : tensor<8x32xf32>
}

// -----

// Max pooling over two inputs: windowed dimensions are permutation factors of the result size; the init values are scalars.
// CHECK-LABEL: func.func @rw2
// BASE: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k, l], [i, j, k, l], [], [])->([i, j, k, l], [i, j, k, l]) {i=4, j=4, k=4, l=3} permutation={j, k}>
// CONS: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k, l], [i, j, k, l], [], [])->([i, j, k, l], [i, j, k, l]) {i=4, j=4, k=4, l=3} permutation={j, k} blocked_propagation={j, k}>
func.func @rw2(%arg0: tensor<4x8x8x3xf32>, %i: tensor<f32>, %a1: tensor<4x8x8x3xi32>, %i1: tensor<i32>) -> (tensor<4x4x4x3xf32>, tensor<4x4x4x3xi32>) {
  %1:2 = "stablehlo.reduce_window"(%arg0, %a1, %i, %i1) <{window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
  ^bb0(%arg1: tensor<f32>, %b1: tensor<i32>, %arg2: tensor<f32>, %b2: tensor<i32>):
    %2 = stablehlo.maximum %arg1, %arg2 : tensor<f32>
    %3 = stablehlo.maximum %b1, %b2 : tensor<i32>
    stablehlo.return %2, %3 : tensor<f32>, tensor<i32>
  }) : (tensor<4x8x8x3xf32>, tensor<4x8x8x3xi32>, tensor<f32>, tensor<i32>) -> (tensor<4x4x4x3xf32>, tensor<4x4x4x3xi32>)
  return %1#0, %1#1 : tensor<4x4x4x3xf32>, tensor<4x4x4x3xi32>
}

// -----

// A same-size window with padding is still a permutation.
// CHECK-LABEL: func.func @rw3
// BASE: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i, j]) {i=4, j=8} permutation={j}>
// CONS: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i, j]) {i=4, j=8} permutation={j} blocked_propagation={j}>
func.func @rw3(%arg0: tensor<4x8xf32>, %i: tensor<f32>) -> tensor<4x8xf32> {
  %1 = "stablehlo.reduce_window"(%arg0, %i) <{window_dimensions = array<i64: 1, 3>, padding = dense<[[0, 0], [1, 1]]> : tensor<2x2xi64>}> ({
  ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
    %2 = stablehlo.add %arg1, %arg2 : tensor<f32>
    stablehlo.return %2 : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  return %1 : tensor<4x8xf32>
}

// -----

// Base dilation alone does not make a dimension a permutation; the factor has the result size.
// CHECK-LABEL: func.func @rw4
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i, j]) {i=4, j=15}>
func.func @rw4(%arg0: tensor<4x8xf32>, %i: tensor<f32>) -> tensor<4x15xf32> {
  %1 = "stablehlo.reduce_window"(%arg0, %i) <{window_dimensions = array<i64: 1, 1>, base_dilations = array<i64: 1, 2>}> ({
  ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
    %2 = stablehlo.add %arg1, %arg2 : tensor<f32>
    stablehlo.return %2 : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x15xf32>
  return %1 : tensor<4x15xf32>
}

// -----

// Base and window dilations with a size-1 window keep a pass-through factor
// of the result size; a dimension with a 2-wide padded window is a
// permutation whatever the other one's base dilation.
// CHECK-LABEL: func.func @rw_dilated
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i, j]) {i=22, j=4}>
// BASE: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i, j]) {i=15, j=4} permutation={j}>
// CONS: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i, j]) {i=15, j=4} permutation={j} blocked_propagation={j}>
func.func @rw_dilated(%arg0: tensor<8x4xf32>, %i: tensor<f32>) -> (tensor<22x4xf32>, tensor<15x4xf32>) {
  %0 = "stablehlo.reduce_window"(%arg0, %i) <{window_dimensions = array<i64: 1, 1>, window_dilations = array<i64: 2, 3>, base_dilations = array<i64: 3, 1>}> ({
  ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
    %2 = stablehlo.add %arg1, %arg2 : tensor<f32>
    stablehlo.return %2 : tensor<f32>
  }) : (tensor<8x4xf32>, tensor<f32>) -> tensor<22x4xf32>
  %1 = "stablehlo.reduce_window"(%arg0, %i) <{window_dimensions = array<i64: 1, 2>, window_strides = array<i64: 1, 1>, padding = dense<[[0, 0], [1, 0]]> : tensor<2x2xi64>, base_dilations = array<i64: 2, 1>}> ({
  ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
    %2 = stablehlo.add %arg1, %arg2 : tensor<f32>
    stablehlo.return %2 : tensor<f32>
  }) : (tensor<8x4xf32>, tensor<f32>) -> tensor<15x4xf32>
  return %0, %1 : tensor<22x4xf32>, tensor<15x4xf32>
}

// -----

// Max pool gradient: the windowed source dimensions need replication, the operand/result dimensions are permutations.
// CHECK-LABEL: func.func @sas
// BASE: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, l, n], [i, j, k, m], [])->([i, j, l, n]) {i=4, j=2, k=4, l=8, m=4, n=8} need_replication={k, m} permutation={l, n}>
// CONS: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, l, n], [i, j, k, m], [])->([i, j, l, n]) {i=4, j=2, k=4, l=8, m=4, n=8} need_replication={k, m} permutation={l, n} blocked_propagation={k, l, m, n}>
func.func @sas(%arg0: tensor<4x2x8x8xf32>, %s: tensor<4x2x4x4xf32>, %i: tensor<f32>) -> tensor<4x2x8x8xf32> {
    %2 = "stablehlo.select_and_scatter"(%arg0, %s, %i) <{padding = dense<0> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 1, 2, 2>, window_strides = array<i64: 1, 1, 2, 2>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %4 = stablehlo.compare GE, %arg1, %arg2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %4 : tensor<i1>
    }, {
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %4 = stablehlo.add %arg1, %arg2 : tensor<f32>
      stablehlo.return %4 : tensor<f32>
    }) : (tensor<4x2x8x8xf32>, tensor<4x2x4x4xf32>, tensor<f32>) -> tensor<4x2x8x8xf32>
  return %2 : tensor<4x2x8x8xf32>
}

// -----

// Padded window, stride 1.
// CHECK-LABEL: func.func @sas2
// BASE: sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [i, j], [])->([i, k]) {i=4, j=8, k=8} need_replication={j} permutation={k}>
// CONS: sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [i, j], [])->([i, k]) {i=4, j=8, k=8} need_replication={j} permutation={k} blocked_propagation={j, k}>
func.func @sas2(%arg0: tensor<4x8xf32>, %s: tensor<4x8xf32>, %i: tensor<f32>) -> tensor<4x8xf32> {
    %2 = "stablehlo.select_and_scatter"(%arg0, %s, %i) <{padding = dense<[[0,0],[1,1]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 3>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %4 = stablehlo.compare GE, %arg1, %arg2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %4 : tensor<i1>
    }, {
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %4 = stablehlo.add %arg1, %arg2 : tensor<f32>
      stablehlo.return %4 : tensor<f32>
    }) : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  return %2 : tensor<4x8xf32>
}

// -----

// sort: the sort dimension needs replication.
// CHECK-LABEL: func.func @sort
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j], [i, j]) {i=8, j=32} need_replication={j}>
func.func @sort(%arg0: tensor<8x32xf32>, %a1: tensor<8x32xi32>) -> (tensor<8x32xf32>, tensor<8x32xi32>) {
    %1:2 = "stablehlo.sort"(%arg0, %a1) <{dimension = 1 : i64, is_stable = true}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>, %arg3: tensor<i32>, %arg4: tensor<i32>):
      %10 = stablehlo.compare LT, %arg1, %arg2, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %10 : tensor<i1>
    }) : (tensor<8x32xf32>, tensor<8x32xi32>) -> (tensor<8x32xf32>, tensor<8x32xi32>)
  return %1#0, %1#1 : tensor<8x32xf32>, tensor<8x32xi32>
}

// -----

// sort along dimension 0.
// CHECK-LABEL: func.func @sort1
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=32} need_replication={i}>
func.func @sort1(%arg0: tensor<8x32xf32>) -> tensor<8x32xf32> {
    %1 = "stablehlo.sort"(%arg0) <{dimension = 0 : i64}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %10 = stablehlo.compare GT, %arg1, %arg2 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %10 : tensor<i1>
    }) : (tensor<8x32xf32>) -> tensor<8x32xf32>
  return %1 : tensor<8x32xf32>
}

// -----

// map has no rule.
// CHECK-LABEL: func.func @map
// CHECK-NOT: sdy.sharding_rule
func.func @map(%arg0: tensor<8x32xf32>, %a1: tensor<8x32xf32>) -> tensor<8x32xf32> {
    %1 = "stablehlo.map"(%arg0, %a1) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %10 = stablehlo.add %arg1, %arg2 : tensor<f32>
      stablehlo.return %10 : tensor<f32>
    }) : (tensor<8x32xf32>, tensor<8x32xf32>) -> tensor<8x32xf32>
  return %1 : tensor<8x32xf32>
}

// -----

// A stride or padding with a size-1 window is a permutation.
// CHECK-LABEL: func.func @rw5
// BASE: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i, j]) {i=2, j=10} permutation={i, j}>
// CONS: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i, j]) {i=2, j=10} permutation={i, j} blocked_propagation={i, j}>
func.func @rw5(%arg0: tensor<4x8xf32>, %i: tensor<f32>) -> tensor<2x10xf32> {
  %1 = "stablehlo.reduce_window"(%arg0, %i) <{window_dimensions = array<i64: 1, 1>, window_strides = array<i64: 2, 1>, padding = dense<[[0, 0], [1, 1]]> : tensor<2x2xi64>}> ({
  ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
    %2 = stablehlo.add %arg1, %arg2 : tensor<f32>
    stablehlo.return %2 : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<2x10xf32>
  return %1 : tensor<2x10xf32>
}

// -----

// Window dilation with a larger window.
// CHECK-LABEL: func.func @rw6
// BASE: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i, j]) {i=4, j=4} permutation={j}>
// CONS: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i, j]) {i=4, j=4} permutation={j} blocked_propagation={j}>
func.func @rw6(%arg0: tensor<4x8xf32>, %i: tensor<f32>) -> tensor<4x4xf32> {
  %1 = "stablehlo.reduce_window"(%arg0, %i) <{window_dimensions = array<i64: 1, 2>, window_dilations = array<i64: 1, 4>}> ({
  ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
    %2 = stablehlo.add %arg1, %arg2 : tensor<f32>
    stablehlo.return %2 : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %1 : tensor<4x4xf32>
}

// -----

// A size-1 window with a stride.
// CHECK-LABEL: func.func @sas3
// BASE: sdy.sharding_rule = #sdy.op_sharding_rule<([j, k], [i, k], [])->([j, k]) {i=2, j=4, k=8} need_replication={i} permutation={j}>
// CONS: sdy.sharding_rule = #sdy.op_sharding_rule<([j, k], [i, k], [])->([j, k]) {i=2, j=4, k=8} need_replication={i} permutation={j} blocked_propagation={i, j}>
func.func @sas3(%arg0: tensor<4x8xf32>, %s: tensor<2x8xf32>, %i: tensor<f32>) -> tensor<4x8xf32> {
    %2 = "stablehlo.select_and_scatter"(%arg0, %s, %i) <{window_dimensions = array<i64: 1, 1>, window_strides = array<i64: 2, 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %4 = stablehlo.compare GE, %arg1, %arg2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %4 : tensor<i1>
    }, {
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %4 = stablehlo.add %arg1, %arg2 : tensor<f32>
      stablehlo.return %4 : tensor<f32>
    }) : (tensor<4x8xf32>, tensor<2x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  return %2 : tensor<4x8xf32>
}

// -----

// The sort dimension is the only one: its propagation is blocked too.
// CHECK-LABEL: func.func @sort2
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=32} need_replication={i} blocked_propagation={i}>
func.func @sort2(%arg0: tensor<32xf32>) -> tensor<32xf32> {
    %1 = "stablehlo.sort"(%arg0) <{dimension = 0 : i64}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %10 = stablehlo.compare GT, %arg1, %arg2 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %10 : tensor<i1>
    }) : (tensor<32xf32>) -> tensor<32xf32>
  return %1 : tensor<32xf32>
}

// -----

// Other dimensions of size 1: blocked as well.
// CHECK-LABEL: func.func @sort3
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, j, k]) {i=1, j=32, k=1} need_replication={j} blocked_propagation={j}>
func.func @sort3(%arg0: tensor<1x32x1xf32>) -> tensor<1x32x1xf32> {
    %1 = "stablehlo.sort"(%arg0) <{dimension = 1 : i64}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %10 = stablehlo.compare GT, %arg1, %arg2 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %10 : tensor<i1>
    }) : (tensor<1x32x1xf32>) -> tensor<1x32x1xf32>
  return %1 : tensor<1x32x1xf32>
}

// -----

// A negative dimension counts from the back (Shardy leaves it pass-through, which would sort each shard alone).
// CHECK-LABEL: func.func @sort4
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, j, k]) {i=4, j=32, k=2} need_replication={k}>
func.func @sort4(%arg0: tensor<4x32x2xf32>) -> tensor<4x32x2xf32> {
    %1 = "stablehlo.sort"(%arg0) <{dimension = -1 : i64}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %10 = stablehlo.compare GT, %arg1, %arg2 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %10 : tensor<i1>
    }) : (tensor<4x32x2xf32>) -> tensor<4x32x2xf32>
  return %1 : tensor<4x32x2xf32>
}

// -----

// Base dilation with a window of 2.
// CHECK-LABEL: func.func @rw7
// BASE: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i, j]) {i=4, j=14} permutation={j}>
// CONS: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i, j]) {i=4, j=14} permutation={j} blocked_propagation={j}>
func.func @rw7(%arg0: tensor<4x8xf32>, %i: tensor<f32>) -> tensor<4x14xf32> {
  %1 = "stablehlo.reduce_window"(%arg0, %i) <{window_dimensions = array<i64: 1, 2>, base_dilations = array<i64: 1, 2>}> ({
  ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
    %2 = stablehlo.add %arg1, %arg2 : tensor<f32>
    stablehlo.return %2 : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x14xf32>
  return %1 : tensor<4x14xf32>
}

// -----

// Window dilation with a size-1 window is the identity.
// CHECK-LABEL: func.func @rw8
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i, j]) {i=4, j=8}>
func.func @rw8(%arg0: tensor<4x8xf32>, %i: tensor<f32>) -> tensor<4x8xf32> {
  %1 = "stablehlo.reduce_window"(%arg0, %i) <{window_dimensions = array<i64: 1, 1>, window_dilations = array<i64: 3, 1>}> ({
  ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
    %2 = stablehlo.add %arg1, %arg2 : tensor<f32>
    stablehlo.return %2 : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  return %1 : tensor<4x8xf32>
}

// -----

// Padding only.
// CHECK-LABEL: func.func @rw9
// BASE: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i, j]) {i=4, j=9} permutation={j}>
// CONS: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i, j]) {i=4, j=9} permutation={j} blocked_propagation={j}>
func.func @rw9(%arg0: tensor<4x8xf32>, %i: tensor<f32>) -> tensor<4x9xf32> {
  %1 = "stablehlo.reduce_window"(%arg0, %i) <{window_dimensions = array<i64: 1, 1>, padding = dense<[[0, 0], [1, 0]]> : tensor<2x2xi64>}> ({
  ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
    %2 = stablehlo.add %arg1, %arg2 : tensor<f32>
    stablehlo.return %2 : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x9xf32>
  return %1 : tensor<4x9xf32>
}

// -----

// An unpadded window of 2.
// CHECK-LABEL: func.func @rw10
// BASE: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i, j]) {i=4, j=7} permutation={j}>
// CONS: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i, j]) {i=4, j=7} permutation={j} blocked_propagation={j}>
func.func @rw10(%arg0: tensor<4x8xf32>, %i: tensor<f32>) -> tensor<4x7xf32> {
  %1 = "stablehlo.reduce_window"(%arg0, %i) <{window_dimensions = array<i64: 1, 2>, padding = dense<[[0, 0], [0, 0]]> : tensor<2x2xi64>}> ({
  ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
    %2 = stablehlo.add %arg1, %arg2 : tensor<f32>
    stablehlo.return %2 : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x7xf32>
  return %1 : tensor<4x7xf32>
}

// -----

// Padding only.
// CHECK-LABEL: func.func @sas4
// BASE: sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [i, j], [])->([i, k]) {i=4, j=9, k=8} need_replication={j} permutation={k}>
// CONS: sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [i, j], [])->([i, k]) {i=4, j=9, k=8} need_replication={j} permutation={k} blocked_propagation={j, k}>
func.func @sas4(%arg0: tensor<4x8xf32>, %s: tensor<4x9xf32>, %i: tensor<f32>) -> tensor<4x8xf32> {
    %2 = "stablehlo.select_and_scatter"(%arg0, %s, %i) <{window_dimensions = array<i64: 1, 1>, padding = dense<[[0, 0], [1, 0]]> : tensor<2x2xi64>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %4 = stablehlo.compare GE, %arg1, %arg2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %4 : tensor<i1>
    }, {
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %4 = stablehlo.add %arg1, %arg2 : tensor<f32>
      stablehlo.return %4 : tensor<f32>
    }) : (tensor<4x8xf32>, tensor<4x9xf32>, tensor<f32>) -> tensor<4x8xf32>
  return %2 : tensor<4x8xf32>
}
