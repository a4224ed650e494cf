// Verifier errors of reduce_window, select_and_scatter, sort and map.
// RUN: sdy-opt %s -split-input-file -verify-diagnostics

func.func @main(%a: tensor<4x8xf32>, %i: tensor<f32>) {
  // expected-error @+1 {{'stablehlo.reduce_window' op window_dimensions has size 1 but the operand has rank 2}}
  %0 = "stablehlo.reduce_window"(%a, %i) <{window_dimensions = array<i64: 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %r = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %i: tensor<f32>) {
  // expected-error @+1 {{'stablehlo.reduce_window' op window_dimensions [1, 0] must be positive}}
  %0 = "stablehlo.reduce_window"(%a, %i) <{window_dimensions = array<i64: 1, 0>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %r = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %i: tensor<f32>) {
  // expected-error @+1 {{'stablehlo.reduce_window' op window_strides [1, -1] must be positive}}
  %0 = "stablehlo.reduce_window"(%a, %i) <{window_dimensions = array<i64: 1, 1>, window_strides = array<i64: 1, -1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %r = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %i: tensor<f32>) {
  // expected-error @+1 {{'stablehlo.reduce_window' op base_dilations has size 3 but the operand has rank 2}}
  %0 = "stablehlo.reduce_window"(%a, %i) <{window_dimensions = array<i64: 1, 1>, base_dilations = array<i64: 1, 1, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %r = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %i: tensor<f32>) {
  // expected-error @+1 {{'stablehlo.reduce_window' op window_dilations [0, 1] must be positive}}
  %0 = "stablehlo.reduce_window"(%a, %i) <{window_dimensions = array<i64: 1, 1>, window_dilations = array<i64: 0, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %r = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %i: tensor<f32>) {
  // expected-error @+1 {{'stablehlo.reduce_window' op padding must have shape [2, 2] but has type 'tensor<2x3xi64>'}}
  %0 = "stablehlo.reduce_window"(%a, %i) <{window_dimensions = array<i64: 1, 1>, padding = dense<0> : tensor<2x3xi64>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %r = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %i: tensor<f32>) {
  // expected-error @+1 {{'stablehlo.reduce_window' op dimension 1 is -1 after padding}}
  %0 = "stablehlo.reduce_window"(%a, %i) <{window_dimensions = array<i64: 1, 1>, padding = dense<[[0, 0], [-5, -4]]> : tensor<2x2xi64>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %r = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x0xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %i: tensor<f32>) {
  // expected-error @+1 {{'stablehlo.reduce_window' op result #0 must have type 'tensor<4x7xf32>' but has 'tensor<4x8xf32>'}}
  %0 = "stablehlo.reduce_window"(%a, %i) <{window_dimensions = array<i64: 1, 2>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %r = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %i: tensor<i32>) {
  // expected-error @+1 {{'stablehlo.reduce_window' op init value #0 has element type 'i32' but input #0 has 'f32'}}
  %0 = "stablehlo.reduce_window"(%a, %i) <{window_dimensions = array<i64: 1, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %r = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<i32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %i: tensor<1xf32>) {
  // expected-error @+1 {{'stablehlo.reduce_window' op init value #0 must be rank-0, got 'tensor<1xf32>'}}
  %0 = "stablehlo.reduce_window"(%a, %i) <{window_dimensions = array<i64: 1, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %r = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<1xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %b: tensor<4x4xf32>, %i: tensor<f32>) {
  // expected-error @+1 {{'stablehlo.reduce_window' op input #1 has shape [4, 4] but input #0 has shape [4, 8]}}
  %0:2 = "stablehlo.reduce_window"(%a, %b, %i, %i) <{window_dimensions = array<i64: 1, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>, %z: tensor<f32>, %w: tensor<f32>):
    stablehlo.return %x, %y : tensor<f32>, tensor<f32>
  }) : (tensor<4x8xf32>, tensor<4x4xf32>, tensor<f32>, tensor<f32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %i: tensor<f32>) {
  // expected-error @+1 {{'stablehlo.reduce_window' op must have as many inputs, init values and results (at least one), got 1, 1 and 2}}
  %0:2 = "stablehlo.reduce_window"(%a, %i) <{window_dimensions = array<i64: 1, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %r = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<f32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %i: tensor<f32>) {
  // expected-error @+1 {{'stablehlo.reduce_window' op body must take 2 argument(s) but takes 1}}
  %0 = "stablehlo.reduce_window"(%a, %i) <{window_dimensions = array<i64: 1, 1>}> ({
  ^bb0(%x: tensor<f32>):
    stablehlo.return %x : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %i: tensor<f32>) {
  // expected-error @+1 {{'stablehlo.reduce_window' op body argument #1 must have type 'tensor<f32>' but has 'tensor<i32>'}}
  %0 = "stablehlo.reduce_window"(%a, %i) <{window_dimensions = array<i64: 1, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<i32>):
    stablehlo.return %x : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %i: tensor<f32>) {
  // expected-error @+1 {{'stablehlo.reduce_window' op body must return 1 value(s) but returns 2}}
  %0 = "stablehlo.reduce_window"(%a, %i) <{window_dimensions = array<i64: 1, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    stablehlo.return %x, %y : tensor<f32>, tensor<f32>
  }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %i: tensor<f32>) {
  // expected-error @+1 {{'stablehlo.reduce_window' op body result #0 must have type 'tensor<f32>' but has 'tensor<f64>'}}
  %0 = "stablehlo.reduce_window"(%a, %i) <{window_dimensions = array<i64: 1, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.convert %x : (tensor<f32>) -> tensor<f64>
    stablehlo.return %c : tensor<f64>
  }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %s: tensor<2x4xi32>, %i: tensor<f32>) {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op source has element type 'i32' but the operand has 'f32'}}
  %0 = "stablehlo.select_and_scatter"(%a, %s, %i) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare GE, %x, %y, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %r = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<2x4xi32>, tensor<f32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %s: tensor<2x4xf32>, %i: tensor<2xf32>) {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op init value must have type 'tensor<f32>' but has 'tensor<2xf32>'}}
  %0 = "stablehlo.select_and_scatter"(%a, %s, %i) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare GE, %x, %y, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %r = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<2x4xf32>, tensor<2xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %s: tensor<2x4xf32>, %i: tensor<f32>) {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op result must have the operand's type 'tensor<4x8xf32>' but has 'tensor<4x4xf32>'}}
  %0 = "stablehlo.select_and_scatter"(%a, %s, %i) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare GE, %x, %y, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %r = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<2x4xf32>, tensor<f32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %s: tensor<2x4xf32>, %i: tensor<f32>) {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op window_dimensions has size 1 but the operand has rank 2}}
  %0 = "stablehlo.select_and_scatter"(%a, %s, %i) <{window_dimensions = array<i64: 2>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare GE, %x, %y, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %r = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<2x4xf32>, tensor<f32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %s: tensor<2x4xf32>, %i: tensor<f32>) {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op window_strides [0, 2] must be positive}}
  %0 = "stablehlo.select_and_scatter"(%a, %s, %i) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 0, 2>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare GE, %x, %y, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %r = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<2x4xf32>, tensor<f32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %s: tensor<2x4xf32>, %i: tensor<f32>) {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op padding must have shape [2, 2] but has type 'tensor<3x2xi64>'}}
  %0 = "stablehlo.select_and_scatter"(%a, %s, %i) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>, padding = dense<0> : tensor<3x2xi64>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare GE, %x, %y, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %r = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<2x4xf32>, tensor<f32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %s: tensor<2x4xf32>, %i: tensor<f32>) {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op source must have shape [3, 7] (one element per window) but has [2, 4]}}
  %0 = "stablehlo.select_and_scatter"(%a, %s, %i) <{window_dimensions = array<i64: 2, 2>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare GE, %x, %y, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %r = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<2x4xf32>, tensor<f32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %s: tensor<2x4xf32>, %i: tensor<f32>) {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op select result #0 must have type 'tensor<i1>' but has 'tensor<f32>'}}
  %0 = "stablehlo.select_and_scatter"(%a, %s, %i) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare GE, %x, %y, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %x : tensor<f32>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %r = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<2x4xf32>, tensor<f32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %s: tensor<2x4xf32>, %i: tensor<f32>) {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op scatter must return 1 value(s) but returns 2}}
  %0 = "stablehlo.select_and_scatter"(%a, %s, %i) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare GE, %x, %y, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %r = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %r, %r : tensor<f32>, tensor<f32>
  }) : (tensor<4x8xf32>, tensor<2x4xf32>, tensor<f32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'stablehlo.sort' op dimension 2 is out of range [-2, 2)}}
  %0 = "stablehlo.sort"(%a) <{dimension = 2 : i64}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare LT, %x, %y, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'stablehlo.sort' op dimension -3 is out of range [-2, 2)}}
  %0 = "stablehlo.sort"(%a) <{dimension = -3 : i64}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare LT, %x, %y, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %b: tensor<4x4xi32>) {
  // expected-error @+1 {{'stablehlo.sort' op input #1 has shape [4, 4] but input #0 has shape [4, 8]}}
  %0:2 = "stablehlo.sort"(%a, %b) <{dimension = 0 : i64}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare LT, %x, %y, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) : (tensor<4x8xf32>, tensor<4x4xi32>) -> (tensor<4x8xf32>, tensor<4x4xi32>)
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'stablehlo.sort' op results must have the types of the inputs}}
  %0 = "stablehlo.sort"(%a) <{dimension = 0 : i64}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare LT, %x, %y, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) : (tensor<4x8xf32>) -> tensor<4x8xi32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %b: tensor<4x8xi32>) {
  // expected-error @+1 {{'stablehlo.sort' op comparator must take 4 argument(s) but takes 2}}
  %0:2 = "stablehlo.sort"(%a, %b) <{dimension = 0 : i64}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare LT, %x, %y, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) : (tensor<4x8xf32>, tensor<4x8xi32>) -> (tensor<4x8xf32>, tensor<4x8xi32>)
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'stablehlo.sort' op comparator result #0 must have type 'tensor<i1>' but has 'tensor<f32>'}}
  %0 = "stablehlo.sort"(%a) <{dimension = 0 : i64}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare LT, %x, %y, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %x : tensor<f32>
  }) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) {
  // expected-error @+1 {{'stablehlo.map' op dimensions [1, 0] must be [0, ..., rank - 1] (rank 2)}}
  %0 = "stablehlo.map"(%a, %b) <{dimensions = array<i64: 1, 0>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %r = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) {
  // expected-error @+1 {{'stablehlo.map' op dimensions [0] must be [0, ..., rank - 1] (rank 2)}}
  %0 = "stablehlo.map"(%a, %b) <{dimensions = array<i64: 0>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %r = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>) {
  // expected-error @+1 {{'stablehlo.map' op input #1 has shape [8, 4] but input #0 has shape [4, 8]}}
  %0 = "stablehlo.map"(%a, %b) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %r = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<8x4xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) {
  // expected-error @+1 {{'stablehlo.map' op result must have the inputs' shape [4, 8] but has type 'tensor<4x4xf32>'}}
  %0 = "stablehlo.map"(%a, %b) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %r = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) {
  // expected-error @+1 {{'stablehlo.map' op computation result #0 must have type 'tensor<i32>' but has 'tensor<f32>'}}
  %0 = "stablehlo.map"(%a, %b) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %r = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xi32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %b: tensor<4x8xi32>) {
  // expected-error @+1 {{'stablehlo.map' op computation argument #1 must have type 'tensor<i32>' but has 'tensor<f32>'}}
  %0 = "stablehlo.map"(%a, %b) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %r = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<4x8xi32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @main() {
  // expected-error @+1 {{'stablehlo.map' op must have at least one input}}
  %0 = "stablehlo.map"() <{dimensions = array<i64>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %r = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) : () -> tensor<4x8xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8xf32>, %i: tensor<f32>) {
  // expected-error @+1 {{'stablehlo.reduce_window' op window of dimension 1 overflows 64-bit sizes}}
  %0 = "stablehlo.reduce_window"(%a, %i) <{window_dimensions = array<i64: 1, 1>, base_dilations = array<i64: 1, 4611686018427387904>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %r = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  return
}
