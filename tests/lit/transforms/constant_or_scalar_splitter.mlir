// RUN: sdy-opt %s -split-input-file -sdy-constant-or-scalar-splitter | FileCheck %s

// A constant used twice becomes two sdy.constants.
// CHECK-LABEL: func.func @constant
// CHECK-NEXT: %[[C0:.*]] = sdy.constant dense<1.000000e+00>
// CHECK-NEXT: %[[C1:.*]] = sdy.constant dense<1.000000e+00>
// CHECK-NEXT: %[[A:.*]] = stablehlo.add %arg0, %[[C1]]
// CHECK-NEXT: %[[B:.*]] = stablehlo.multiply %arg0, %[[C0]]
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
