// RUN: sdy-opt %s -split-input-file -sdy-constant-or-scalar-splitter | FileCheck %s

// A constant used twice becomes two sdy.constants: the first user keeps the
// original, the next one takes the copy after it (as in the real Shardy).
// CHECK-LABEL: func.func @constant
// CHECK-NEXT: %[[C0:.*]] = sdy.constant dense<1.000000e+00>
// CHECK-NEXT: %[[C1:.*]] = sdy.constant dense<1.000000e+00>
// CHECK-NEXT: %[[A:.*]] = stablehlo.add %arg0, %[[C0]]
// CHECK-NEXT: %[[B:.*]] = stablehlo.multiply %arg0, %[[C1]]
func.func @constant(%arg0: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %c = stablehlo.constant dense<1.0> : tensor<8xf32>
  %0 = stablehlo.add %arg0, %c : tensor<8xf32>
  %1 = stablehlo.multiply %arg0, %c : tensor<8xf32>
  return %0, %1 : tensor<8xf32>, tensor<8xf32>
}

// -----

// A constant sub-computation (iota -> broadcast -> add with a constant) is
// copied as a whole for each use.
// CHECK-LABEL: func.func @sub_computation
// CHECK-COUNT-2: stablehlo.iota
// CHECK-COUNT-2: stablehlo.broadcast_in_dim
// CHECK-NOT: stablehlo.iota
func.func @sub_computation(%arg0: tensor<4x8xi32>) -> (tensor<4x8xi32>, tensor<4x8xi32>) {
  %i = stablehlo.iota dim = 0 : tensor<8xi32>
  %b = stablehlo.broadcast_in_dim %i, dims = [1] : (tensor<8xi32>) -> tensor<4x8xi32>
  %0 = stablehlo.add %arg0, %b : tensor<4x8xi32>
  %1 = stablehlo.subtract %arg0, %b : tensor<4x8xi32>
  return %0, %1 : tensor<4x8xi32>, tensor<4x8xi32>
}

// -----

// A broadcast of a (non-constant) scalar is split; the scalar is not.
// CHECK-LABEL: func.func @scalar_broadcast
// CHECK-NEXT: %[[B0:.*]] = stablehlo.broadcast_in_dim %arg1, dims = []
// CHECK-NEXT: %[[B1:.*]] = stablehlo.broadcast_in_dim %arg1, dims = []
// CHECK-NOT:  stablehlo.broadcast_in_dim
func.func @scalar_broadcast(%arg0: tensor<8xf32>, %arg1: tensor<f32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %b = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<8xf32>
  %0 = stablehlo.add %arg0, %b : tensor<8xf32>
  %1 = stablehlo.multiply %arg0, %b : tensor<8xf32>
  return %0, %1 : tensor<8xf32>, tensor<8xf32>
}

// -----

// Ops that depend on a non-constant value are not split.
// CHECK-LABEL: func.func @not_constant
// CHECK-COUNT-1: stablehlo.negate
func.func @not_constant(%arg0: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %n = stablehlo.negate %arg0 : tensor<8xf32>
  %0 = stablehlo.add %n, %n : tensor<8xf32>
  %1 = stablehlo.multiply %n, %n : tensor<8xf32>
  return %0, %1 : tensor<8xf32>, tensor<8xf32>
}

// -----

// Dead values are left alone (an unused constant once crashed the pass):
// the constant becomes an sdy.constant and is not copied.
// CHECK-LABEL: func.func @dead_values
// CHECK-NEXT: sdy.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT: stablehlo.broadcast_in_dim %arg1
// CHECK-NEXT: stablehlo.iota
// CHECK-NEXT: %[[N:.*]] = stablehlo.negate %arg0
// CHECK-NEXT: return %[[N]]
func.func @dead_values(%arg0: tensor<8xf32>, %arg1: tensor<f32>) -> tensor<8xf32> {
  %cst = stablehlo.constant dense<0.0> : tensor<f32>
  %b = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<8xf32>
  %i = stablehlo.iota dim = 0 : tensor<8xf32>
  %0 = stablehlo.negate %arg0 : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// Scalars are not copied (they cannot be sharded), as in the real Shardy:
// the scalar constant and its scalar convert keep both uses, while the
// vector constant expression and the scalar broadcast get a copy per use.
// CHECK-LABEL: func.func @scalars_not_split
// CHECK-NEXT: %[[C:.*]] = sdy.constant dense<3> : tensor<i32>
// CHECK-NEXT: %[[F:.*]] = stablehlo.convert %[[C]]
// CHECK-NEXT: stablehlo.add %[[F]], %arg0
// CHECK-NEXT: stablehlo.multiply %[[F]], %arg0
// CHECK-NEXT: %[[V0:.*]] = sdy.constant dense<3.000000e+00> : tensor<4xf32>
// CHECK-NEXT: %[[V1:.*]] = sdy.constant dense<3.000000e+00> : tensor<4xf32>
// CHECK-NEXT: %[[N0:.*]] = stablehlo.negate %[[V0]]
// CHECK-NEXT: %[[N1:.*]] = stablehlo.negate %[[V1]]
// CHECK-NEXT: stablehlo.add %[[N0]], %arg1
// CHECK-NEXT: stablehlo.multiply %[[N1]], %arg1
// CHECK-NEXT: %[[B0:.*]] = stablehlo.broadcast_in_dim %arg0
// CHECK-NEXT: %[[B1:.*]] = stablehlo.broadcast_in_dim %arg0
// CHECK-NEXT: stablehlo.abs %[[B0]]
// CHECK-NEXT: stablehlo.abs %[[B1]]
func.func @scalars_not_split(%arg0: tensor<f32>, %arg1: tensor<4xf32>) -> (tensor<f32>, tensor<f32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %c = stablehlo.constant dense<3> : tensor<i32>
  %1 = stablehlo.convert %c : (tensor<i32>) -> tensor<f32>
  %2 = stablehlo.add %1, %arg0 : tensor<f32>
  %3 = stablehlo.multiply %1, %arg0 : tensor<f32>
  %v = stablehlo.constant dense<3.0> : tensor<4xf32>
  %4 = stablehlo.negate %v : tensor<4xf32>
  %5 = stablehlo.add %4, %arg1 : tensor<4xf32>
  %6 = stablehlo.multiply %4, %arg1 : tensor<4xf32>
  %b = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<f32>) -> tensor<4xf32>
  %7 = stablehlo.abs %b : tensor<4xf32>
  %8 = stablehlo.abs %b : tensor<4xf32>
  return %2, %3, %5, %6, %7, %8 : tensor<f32>, tensor<f32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
