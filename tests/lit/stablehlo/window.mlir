// Round trips of reduce_window, select_and_scatter, sort and map (upstream
// prints all four generically; the CHECK lines are what it prints).
// RUN: sdy-opt %s -split-input-file | sdy-opt -split-input-file | FileCheck %s
// RUN: sdy-opt %s -split-input-file -mlir-print-op-generic | sdy-opt -split-input-file | FileCheck %s

func.func @rw(%arg0: tensor<8x32xf32>, %i: tensor<f32>) -> tensor<8x32xf32> {
  %1 = "stablehlo.reduce_window"(%arg0, %i) <{base_dilations = array<i64: 1, 1>, padding = dense<[[0, 0], [31, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 1, 32>, window_strides = array<i64: 1, 1>}> ({
  ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
    %2 = stablehlo.add %arg1, %arg2 : tensor<f32>
    stablehlo.return %2 : tensor<f32>
  }) : (tensor<8x32xf32>, tensor<f32>) -> tensor<8x32xf32>
  return %1 : tensor<8x32xf32>
}

// CHECK-LABEL: func.func @rw(
// CHECK-NEXT: %0 = "stablehlo.reduce_window"(%arg0, %arg1) <{base_dilations = array<i64: 1, 1>, padding = dense<{{\[\[}}0, 0], [31, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 1, 32>, window_strides = array<i64: 1, 1>}> ({
// CHECK-NEXT: ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
// CHECK-NEXT: %1 = stablehlo.add %arg2, %arg3 : tensor<f32>
// CHECK-NEXT: stablehlo.return %1 : tensor<f32>
// CHECK-NEXT: }) : (tensor<8x32xf32>, tensor<f32>) -> tensor<8x32xf32>
// CHECK-NEXT: return %0 : tensor<8x32xf32>
// CHECK-NEXT: }

// -----

func.func @rw2(%arg0: tensor<4x8x8x3xf32>, %i: tensor<f32>, %a1: tensor<4x8x8x3xi32>, %i1: tensor<i32>) -> (tensor<4x4x4x3xf32>, tensor<4x4x4x3xi32>) {
  %1:2 = "stablehlo.reduce_window"(%arg0, %a1, %i, %i1) <{window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
  ^bb0(%arg1: tensor<f32>, %b1: tensor<i32>, %arg2: tensor<f32>, %b2: tensor<i32>):
    %2 = stablehlo.maximum %arg1, %arg2 : tensor<f32>
    %3 = stablehlo.maximum %b1, %b2 : tensor<i32>
    stablehlo.return %2, %3 : tensor<f32>, tensor<i32>
  }) : (tensor<4x8x8x3xf32>, tensor<4x8x8x3xi32>, tensor<f32>, tensor<i32>) -> (tensor<4x4x4x3xf32>, tensor<4x4x4x3xi32>)
  return %1#0, %1#1 : tensor<4x4x4x3xf32>, tensor<4x4x4x3xi32>
}

// CHECK-LABEL: func.func @rw2(
// CHECK-NEXT: %0:2 = "stablehlo.reduce_window"(%arg0, %arg2, %arg1, %arg3) <{window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
// CHECK-NEXT: ^bb0(%arg4: tensor<f32>, %arg5: tensor<i32>, %arg6: tensor<f32>, %arg7: tensor<i32>):
// CHECK-NEXT: %1 = stablehlo.maximum %arg4, %arg6 : tensor<f32>
// CHECK-NEXT: %2 = stablehlo.maximum %arg5, %arg7 : tensor<i32>
// CHECK-NEXT: stablehlo.return %1, %2 : tensor<f32>, tensor<i32>
// CHECK-NEXT: }) : (tensor<4x8x8x3xf32>, tensor<4x8x8x3xi32>, tensor<f32>, tensor<i32>) -> (tensor<4x4x4x3xf32>, tensor<4x4x4x3xi32>)
// CHECK-NEXT: return %0#0, %0#1 : tensor<4x4x4x3xf32>, tensor<4x4x4x3xi32>
// CHECK-NEXT: }

// -----

func.func @rw3(%arg0: tensor<4x8xf32>, %i: tensor<f32>) -> tensor<4x8xf32> {
  %1 = "stablehlo.reduce_window"(%arg0, %i) <{window_dimensions = array<i64: 1, 3>, padding = dense<[[0, 0], [1, 1]]> : tensor<2x2xi64>}> ({
  ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
    %2 = stablehlo.add %arg1, %arg2 : tensor<f32>
    stablehlo.return %2 : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  return %1 : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @rw3(
// CHECK-NEXT: %0 = "stablehlo.reduce_window"(%arg0, %arg1) <{padding = dense<{{\[\[}}0, 0], [1, 1]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 3>}> ({
// CHECK-NEXT: ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
// CHECK-NEXT: %1 = stablehlo.add %arg2, %arg3 : tensor<f32>
// CHECK-NEXT: stablehlo.return %1 : tensor<f32>
// CHECK-NEXT: }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
// CHECK-NEXT: return %0 : tensor<4x8xf32>
// CHECK-NEXT: }

// -----

func.func @rw4(%arg0: tensor<4x8xf32>, %i: tensor<f32>) -> tensor<4x15xf32> {
  %1 = "stablehlo.reduce_window"(%arg0, %i) <{window_dimensions = array<i64: 1, 1>, base_dilations = array<i64: 1, 2>}> ({
  ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
    %2 = stablehlo.add %arg1, %arg2 : tensor<f32>
    stablehlo.return %2 : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x15xf32>
  return %1 : tensor<4x15xf32>
}

// CHECK-LABEL: func.func @rw4(
// CHECK-NEXT: %0 = "stablehlo.reduce_window"(%arg0, %arg1) <{base_dilations = array<i64: 1, 2>, window_dimensions = array<i64: 1, 1>}> ({
// CHECK-NEXT: ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
// CHECK-NEXT: %1 = stablehlo.add %arg2, %arg3 : tensor<f32>
// CHECK-NEXT: stablehlo.return %1 : tensor<f32>
// CHECK-NEXT: }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x15xf32>
// CHECK-NEXT: return %0 : tensor<4x15xf32>
// CHECK-NEXT: }

// -----

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

// CHECK-LABEL: func.func @sas(
// CHECK-NEXT: %0 = "stablehlo.select_and_scatter"(%arg0, %arg1, %arg2) <{padding = dense<0> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 1, 2, 2>, window_strides = array<i64: 1, 1, 2, 2>}> ({
// CHECK-NEXT: ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
// CHECK-NEXT: %1 = stablehlo.compare GE, %arg3, %arg4, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK-NEXT: stablehlo.return %1 : tensor<i1>
// CHECK-NEXT: }, {
// CHECK-NEXT: ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
// CHECK-NEXT: %1 = stablehlo.add %arg3, %arg4 : tensor<f32>
// CHECK-NEXT: stablehlo.return %1 : tensor<f32>
// CHECK-NEXT: }) : (tensor<4x2x8x8xf32>, tensor<4x2x4x4xf32>, tensor<f32>) -> tensor<4x2x8x8xf32>
// CHECK-NEXT: return %0 : tensor<4x2x8x8xf32>
// CHECK-NEXT: }

// -----

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

// CHECK-LABEL: func.func @sas2(
// CHECK-NEXT: %0 = "stablehlo.select_and_scatter"(%arg0, %arg1, %arg2) <{padding = dense<{{\[\[}}0, 0], [1, 1]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 3>}> ({
// CHECK-NEXT: ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
// CHECK-NEXT: %1 = stablehlo.compare GE, %arg3, %arg4, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK-NEXT: stablehlo.return %1 : tensor<i1>
// CHECK-NEXT: }, {
// CHECK-NEXT: ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
// CHECK-NEXT: %1 = stablehlo.add %arg3, %arg4 : tensor<f32>
// CHECK-NEXT: stablehlo.return %1 : tensor<f32>
// CHECK-NEXT: }) : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
// CHECK-NEXT: return %0 : tensor<4x8xf32>
// CHECK-NEXT: }

// -----

func.func @sort(%arg0: tensor<8x32xf32>, %a1: tensor<8x32xi32>) -> (tensor<8x32xf32>, tensor<8x32xi32>) {
    %1:2 = "stablehlo.sort"(%arg0, %a1) <{dimension = 1 : i64, is_stable = true}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>, %arg3: tensor<i32>, %arg4: tensor<i32>):
      %10 = stablehlo.compare LT, %arg1, %arg2, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %10 : tensor<i1>
    }) : (tensor<8x32xf32>, tensor<8x32xi32>) -> (tensor<8x32xf32>, tensor<8x32xi32>)
  return %1#0, %1#1 : tensor<8x32xf32>, tensor<8x32xi32>
}

// CHECK-LABEL: func.func @sort(
// CHECK-NEXT: %0:2 = "stablehlo.sort"(%arg0, %arg1) <{dimension = 1 : i64, is_stable = true}> ({
// CHECK-NEXT: ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>, %arg4: tensor<i32>, %arg5: tensor<i32>):
// CHECK-NEXT: %1 = stablehlo.compare LT, %arg2, %arg3, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK-NEXT: stablehlo.return %1 : tensor<i1>
// CHECK-NEXT: }) : (tensor<8x32xf32>, tensor<8x32xi32>) -> (tensor<8x32xf32>, tensor<8x32xi32>)
// CHECK-NEXT: return %0#0, %0#1 : tensor<8x32xf32>, tensor<8x32xi32>
// CHECK-NEXT: }

// -----

func.func @sort1(%arg0: tensor<8x32xf32>) -> tensor<8x32xf32> {
    %1 = "stablehlo.sort"(%arg0) <{dimension = 0 : i64}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %10 = stablehlo.compare GT, %arg1, %arg2 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %10 : tensor<i1>
    }) : (tensor<8x32xf32>) -> tensor<8x32xf32>
  return %1 : tensor<8x32xf32>
}

// CHECK-LABEL: func.func @sort1(
// CHECK-NEXT: %0 = "stablehlo.sort"(%arg0) <{dimension = 0 : i64}> ({
// CHECK-NEXT: ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
// CHECK-NEXT: %1 = stablehlo.compare GT, %arg1, %arg2 : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK-NEXT: stablehlo.return %1 : tensor<i1>
// CHECK-NEXT: }) : (tensor<8x32xf32>) -> tensor<8x32xf32>
// CHECK-NEXT: return %0 : tensor<8x32xf32>
// CHECK-NEXT: }

// -----

func.func @map(%arg0: tensor<8x32xf32>, %a1: tensor<8x32xf32>) -> tensor<8x32xf32> {
    %1 = "stablehlo.map"(%arg0, %a1) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %10 = stablehlo.add %arg1, %arg2 : tensor<f32>
      stablehlo.return %10 : tensor<f32>
    }) : (tensor<8x32xf32>, tensor<8x32xf32>) -> tensor<8x32xf32>
  return %1 : tensor<8x32xf32>
}

// CHECK-LABEL: func.func @map(
// CHECK-NEXT: %0 = "stablehlo.map"(%arg0, %arg1) <{dimensions = array<i64: 0, 1>}> ({
// CHECK-NEXT: ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
// CHECK-NEXT: %1 = stablehlo.add %arg2, %arg3 : tensor<f32>
// CHECK-NEXT: stablehlo.return %1 : tensor<f32>
// CHECK-NEXT: }) : (tensor<8x32xf32>, tensor<8x32xf32>) -> tensor<8x32xf32>
// CHECK-NEXT: return %0 : tensor<8x32xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @rw5(%arg0: tensor<4x8xf32>, %i: tensor<f32>) -> tensor<2x10xf32> {
  %1 = "stablehlo.reduce_window"(%arg0, %i) <{window_dimensions = array<i64: 1, 1>, window_strides = array<i64: 2, 1>, padding = dense<[[0, 0], [1, 1]]> : tensor<2x2xi64>}> ({
  ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
    %2 = stablehlo.add %arg1, %arg2 : tensor<f32>
    stablehlo.return %2 : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<2x10xf32>
  return %1 : tensor<2x10xf32>
}

// CHECK-LABEL: func.func @rw5(
// CHECK-NEXT: %0 = "stablehlo.reduce_window"(%arg0, %arg1) <{padding = dense<{{\[\[}}0, 0], [1, 1]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 1>, window_strides = array<i64: 2, 1>}> ({
// CHECK-NEXT: ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
// CHECK-NEXT: %1 = stablehlo.add %arg2, %arg3 : tensor<f32>
// CHECK-NEXT: stablehlo.return %1 : tensor<f32>
// CHECK-NEXT: }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<2x10xf32>
// CHECK-NEXT: return %0 : tensor<2x10xf32>
// CHECK-NEXT: }

// -----

func.func @rw6(%arg0: tensor<4x8xf32>, %i: tensor<f32>) -> tensor<4x4xf32> {
  %1 = "stablehlo.reduce_window"(%arg0, %i) <{window_dimensions = array<i64: 1, 2>, window_dilations = array<i64: 1, 4>}> ({
  ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
    %2 = stablehlo.add %arg1, %arg2 : tensor<f32>
    stablehlo.return %2 : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %1 : tensor<4x4xf32>
}

// CHECK-LABEL: func.func @rw6(
// CHECK-NEXT: %0 = "stablehlo.reduce_window"(%arg0, %arg1) <{window_dilations = array<i64: 1, 4>, window_dimensions = array<i64: 1, 2>}> ({
// CHECK-NEXT: ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
// CHECK-NEXT: %1 = stablehlo.add %arg2, %arg3 : tensor<f32>
// CHECK-NEXT: stablehlo.return %1 : tensor<f32>
// CHECK-NEXT: }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x4xf32>
// CHECK-NEXT: return %0 : tensor<4x4xf32>
// CHECK-NEXT: }

// -----

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

// CHECK-LABEL: func.func @sas3(
// CHECK-NEXT: %0 = "stablehlo.select_and_scatter"(%arg0, %arg1, %arg2) <{window_dimensions = array<i64: 1, 1>, window_strides = array<i64: 2, 1>}> ({
// CHECK-NEXT: ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
// CHECK-NEXT: %1 = stablehlo.compare GE, %arg3, %arg4, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK-NEXT: stablehlo.return %1 : tensor<i1>
// CHECK-NEXT: }, {
// CHECK-NEXT: ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
// CHECK-NEXT: %1 = stablehlo.add %arg3, %arg4 : tensor<f32>
// CHECK-NEXT: stablehlo.return %1 : tensor<f32>
// CHECK-NEXT: }) : (tensor<4x8xf32>, tensor<2x8xf32>, tensor<f32>) -> tensor<4x8xf32>
// CHECK-NEXT: return %0 : tensor<4x8xf32>
// CHECK-NEXT: }

// -----

func.func @sort2(%arg0: tensor<32xf32>) -> tensor<32xf32> {
    %1 = "stablehlo.sort"(%arg0) <{dimension = 0 : i64}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %10 = stablehlo.compare GT, %arg1, %arg2 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %10 : tensor<i1>
    }) : (tensor<32xf32>) -> tensor<32xf32>
  return %1 : tensor<32xf32>
}

// CHECK-LABEL: func.func @sort2(
// CHECK-NEXT: %0 = "stablehlo.sort"(%arg0) <{dimension = 0 : i64}> ({
// CHECK-NEXT: ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
// CHECK-NEXT: %1 = stablehlo.compare GT, %arg1, %arg2 : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK-NEXT: stablehlo.return %1 : tensor<i1>
// CHECK-NEXT: }) : (tensor<32xf32>) -> tensor<32xf32>
// CHECK-NEXT: return %0 : tensor<32xf32>
// CHECK-NEXT: }

// -----

func.func @sort3(%arg0: tensor<1x32x1xf32>) -> tensor<1x32x1xf32> {
    %1 = "stablehlo.sort"(%arg0) <{dimension = 1 : i64}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %10 = stablehlo.compare GT, %arg1, %arg2 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %10 : tensor<i1>
    }) : (tensor<1x32x1xf32>) -> tensor<1x32x1xf32>
  return %1 : tensor<1x32x1xf32>
}

// CHECK-LABEL: func.func @sort3(
// CHECK-NEXT: %0 = "stablehlo.sort"(%arg0) <{dimension = 1 : i64}> ({
// CHECK-NEXT: ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
// CHECK-NEXT: %1 = stablehlo.compare GT, %arg1, %arg2 : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK-NEXT: stablehlo.return %1 : tensor<i1>
// CHECK-NEXT: }) : (tensor<1x32x1xf32>) -> tensor<1x32x1xf32>
// CHECK-NEXT: return %0 : tensor<1x32x1xf32>
// CHECK-NEXT: }

// -----

func.func @sort4(%arg0: tensor<4x32x2xf32>) -> tensor<4x32x2xf32> {
    %1 = "stablehlo.sort"(%arg0) <{dimension = -1 : i64}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %10 = stablehlo.compare GT, %arg1, %arg2 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %10 : tensor<i1>
    }) : (tensor<4x32x2xf32>) -> tensor<4x32x2xf32>
  return %1 : tensor<4x32x2xf32>
}

// CHECK-LABEL: func.func @sort4(
// CHECK-NEXT: %0 = "stablehlo.sort"(%arg0) <{dimension = -1 : i64}> ({
// CHECK-NEXT: ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
// CHECK-NEXT: %1 = stablehlo.compare GT, %arg1, %arg2 : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK-NEXT: stablehlo.return %1 : tensor<i1>
// CHECK-NEXT: }) : (tensor<4x32x2xf32>) -> tensor<4x32x2xf32>
// CHECK-NEXT: return %0 : tensor<4x32x2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @rw7(%arg0: tensor<4x8xf32>, %i: tensor<f32>) -> tensor<4x14xf32> {
  %1 = "stablehlo.reduce_window"(%arg0, %i) <{window_dimensions = array<i64: 1, 2>, base_dilations = array<i64: 1, 2>}> ({
  ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
    %2 = stablehlo.add %arg1, %arg2 : tensor<f32>
    stablehlo.return %2 : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x14xf32>
  return %1 : tensor<4x14xf32>
}

// CHECK-LABEL: func.func @rw7(
// CHECK-NEXT: %0 = "stablehlo.reduce_window"(%arg0, %arg1) <{base_dilations = array<i64: 1, 2>, window_dimensions = array<i64: 1, 2>}> ({
// CHECK-NEXT: ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
// CHECK-NEXT: %1 = stablehlo.add %arg2, %arg3 : tensor<f32>
// CHECK-NEXT: stablehlo.return %1 : tensor<f32>
// CHECK-NEXT: }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x14xf32>
// CHECK-NEXT: return %0 : tensor<4x14xf32>
// CHECK-NEXT: }

// -----

func.func @rw8(%arg0: tensor<4x8xf32>, %i: tensor<f32>) -> tensor<4x8xf32> {
  %1 = "stablehlo.reduce_window"(%arg0, %i) <{window_dimensions = array<i64: 1, 1>, window_dilations = array<i64: 3, 1>}> ({
  ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
    %2 = stablehlo.add %arg1, %arg2 : tensor<f32>
    stablehlo.return %2 : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  return %1 : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @rw8(
// CHECK-NEXT: %0 = "stablehlo.reduce_window"(%arg0, %arg1) <{window_dilations = array<i64: 3, 1>, window_dimensions = array<i64: 1, 1>}> ({
// CHECK-NEXT: ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
// CHECK-NEXT: %1 = stablehlo.add %arg2, %arg3 : tensor<f32>
// CHECK-NEXT: stablehlo.return %1 : tensor<f32>
// CHECK-NEXT: }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
// CHECK-NEXT: return %0 : tensor<4x8xf32>
// CHECK-NEXT: }

// -----

func.func @rw9(%arg0: tensor<4x8xf32>, %i: tensor<f32>) -> tensor<4x9xf32> {
  %1 = "stablehlo.reduce_window"(%arg0, %i) <{window_dimensions = array<i64: 1, 1>, padding = dense<[[0, 0], [1, 0]]> : tensor<2x2xi64>}> ({
  ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
    %2 = stablehlo.add %arg1, %arg2 : tensor<f32>
    stablehlo.return %2 : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x9xf32>
  return %1 : tensor<4x9xf32>
}

// CHECK-LABEL: func.func @rw9(
// CHECK-NEXT: %0 = "stablehlo.reduce_window"(%arg0, %arg1) <{padding = dense<{{\[\[}}0, 0], [1, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 1>}> ({
// CHECK-NEXT: ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
// CHECK-NEXT: %1 = stablehlo.add %arg2, %arg3 : tensor<f32>
// CHECK-NEXT: stablehlo.return %1 : tensor<f32>
// CHECK-NEXT: }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x9xf32>
// CHECK-NEXT: return %0 : tensor<4x9xf32>
// CHECK-NEXT: }

// -----

func.func @rw10(%arg0: tensor<4x8xf32>, %i: tensor<f32>) -> tensor<4x7xf32> {
  %1 = "stablehlo.reduce_window"(%arg0, %i) <{window_dimensions = array<i64: 1, 2>, padding = dense<[[0, 0], [0, 0]]> : tensor<2x2xi64>}> ({
  ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
    %2 = stablehlo.add %arg1, %arg2 : tensor<f32>
    stablehlo.return %2 : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x7xf32>
  return %1 : tensor<4x7xf32>
}

// CHECK-LABEL: func.func @rw10(
// CHECK-NEXT: %0 = "stablehlo.reduce_window"(%arg0, %arg1) <{padding = dense<0> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 2>}> ({
// CHECK-NEXT: ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
// CHECK-NEXT: %1 = stablehlo.add %arg2, %arg3 : tensor<f32>
// CHECK-NEXT: stablehlo.return %1 : tensor<f32>
// CHECK-NEXT: }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x7xf32>
// CHECK-NEXT: return %0 : tensor<4x7xf32>
// CHECK-NEXT: }

// -----

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

// CHECK-LABEL: func.func @sas4(
// CHECK-NEXT: %0 = "stablehlo.select_and_scatter"(%arg0, %arg1, %arg2) <{padding = dense<{{\[\[}}0, 0], [1, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 1>}> ({
// CHECK-NEXT: ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
// CHECK-NEXT: %1 = stablehlo.compare GE, %arg3, %arg4, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK-NEXT: stablehlo.return %1 : tensor<i1>
// CHECK-NEXT: }, {
// CHECK-NEXT: ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
// CHECK-NEXT: %1 = stablehlo.add %arg3, %arg4 : tensor<f32>
// CHECK-NEXT: stablehlo.return %1 : tensor<f32>
// CHECK-NEXT: }) : (tensor<4x8xf32>, tensor<4x9xf32>, tensor<f32>) -> tensor<4x8xf32>
// CHECK-NEXT: return %0 : tensor<4x8xf32>
// CHECK-NEXT: }
