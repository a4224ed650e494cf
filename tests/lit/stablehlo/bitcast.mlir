// Round trips of bitcast_convert.
// RUN: sdy-opt %s -split-input-file | sdy-opt -split-input-file | FileCheck %s
// RUN: sdy-opt %s -split-input-file -mlir-print-op-generic | sdy-opt -split-input-file | FileCheck %s

func.func @same_width(%a: tensor<4x8xui32>) -> tensor<4x8xf32> {
  %0 = stablehlo.bitcast_convert %a : (tensor<4x8xui32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @same_width(
// CHECK-NEXT: stablehlo.bitcast_convert %arg0 : (tensor<4x8xui32>) -> tensor<4x8xf32>

// -----

func.func @same_type(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.bitcast_convert %a : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// CHECK-LABEL: func.func @same_type(
// CHECK-NEXT: stablehlo.bitcast_convert %arg0 : (tensor<4xf32>) -> tensor<4xf32>

// -----

func.func @narrowing(%a: tensor<4x8xui32>) -> tensor<4x8x4xui8> {
  %0 = stablehlo.bitcast_convert %a : (tensor<4x8xui32>) -> tensor<4x8x4xui8>
  return %0 : tensor<4x8x4xui8>
}

// CHECK-LABEL: func.func @narrowing(
// CHECK-NEXT: stablehlo.bitcast_convert %arg0 : (tensor<4x8xui32>) -> tensor<4x8x4xui8>

// -----

func.func @widening(%a: tensor<2xui16>) -> tensor<i32> {
  %0 = stablehlo.bitcast_convert %a : (tensor<2xui16>) -> tensor<i32>
  return %0 : tensor<i32>
}

// CHECK-LABEL: func.func @widening(
// CHECK-NEXT: stablehlo.bitcast_convert %arg0 : (tensor<2xui16>) -> tensor<i32>
