// Round trips of quantized element types, uniform_quantize,
// uniform_dequantize, quantized constants and ops on quantized tensors; the
// expected lines are the upstream printer's.
// RUN: sdy-opt %s -split-input-file | FileCheck %s
// RUN: sdy-opt %s -split-input-file | sdy-opt -split-input-file | FileCheck %s
// RUN: sdy-opt %s -split-input-file -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: sdy-opt %s -split-input-file -mlir-print-op-generic | sdy-opt -split-input-file | FileCheck %s

func.func @quantize(%arg0: tensor<2xf32>) -> (tensor<2x!quant.uniform<i8:f32, 1.0e-01:3>>, tensor<2x!quant.uniform<i8<-127:127>:f32, 2.0e-01:-1>>, tensor<2x3x!quant.uniform<ui8:f32:1, {0.1:1, 0.2:2, 0.5}>>) {
  %0 = "stablehlo.uniform_quantize"(%arg0) : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 1.0e-01:3>>
  %1 = stablehlo.uniform_quantize %0 : (tensor<2x!quant.uniform<i8:f32, 1.0e-01:3>>) -> tensor<2x!quant.uniform<i8<-127:127>:f32, 2.0e-01:-1>>
  %2 = stablehlo.broadcast_in_dim %arg0, dims = [0] : (tensor<2xf32>) -> tensor<2x3xf32>
  %3 = stablehlo.uniform_quantize %2 : (tensor<2x3xf32>) -> tensor<2x3x!quant.uniform<ui8:f32:1, {0.1:1, 0.2:2, 0.5}>>
  return %0, %1, %3 : tensor<2x!quant.uniform<i8:f32, 1.0e-01:3>>, tensor<2x!quant.uniform<i8<-127:127>:f32, 2.0e-01:-1>>, tensor<2x3x!quant.uniform<ui8:f32:1, {0.1:1, 0.2:2, 0.5}>>
}

// CHECK-LABEL: func.func @quantize(%arg0: tensor<2xf32>) -> (tensor<2x!quant.uniform<i8:f32, 1.000000e-01:3>>, tensor<2x!quant.uniform<i8<-127:127>:f32, 2.000000e-01:-1>>, tensor<2x3x!quant.uniform<u8:f32:1, {1.000000e-01:1,2.000000e-01:2,5.000000e-01}>>) {
// CHECK-NEXT: %0 = stablehlo.uniform_quantize %arg0 : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 1.000000e-01:3>>
// CHECK-NEXT: %1 = stablehlo.uniform_quantize %0 : (tensor<2x!quant.uniform<i8:f32, 1.000000e-01:3>>) -> tensor<2x!quant.uniform<i8<-127:127>:f32, 2.000000e-01:-1>>
// CHECK-NEXT: %2 = stablehlo.broadcast_in_dim %arg0, dims = [0] : (tensor<2xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %3 = stablehlo.uniform_quantize %2 : (tensor<2x3xf32>) -> tensor<2x3x!quant.uniform<u8:f32:1, {1.000000e-01:1,2.000000e-01:2,5.000000e-01}>>
// CHECK-NEXT: return %0, %1, %3 : tensor<2x!quant.uniform<i8:f32, 1.000000e-01:3>>, tensor<2x!quant.uniform<i8<-127:127>:f32, 2.000000e-01:-1>>, tensor<2x3x!quant.uniform<u8:f32:1, {1.000000e-01:1,2.000000e-01:2,5.000000e-01}>>
// CHECK-NEXT: }
// GENERIC: %0 = "stablehlo.uniform_quantize"(%{{arg[0-9]+}}) : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 1.000000e-01:3>>
// GENERIC: %1 = "stablehlo.uniform_quantize"(%0) : (tensor<2x!quant.uniform<i8:f32, 1.000000e-01:3>>) -> tensor<2x!quant.uniform<i8<-127:127>:f32, 2.000000e-01:-1>>
// GENERIC: %2 = "stablehlo.broadcast_in_dim"(%{{arg[0-9]+}}) <{broadcast_dimensions = array<i64: 0>}> : (tensor<2xf32>) -> tensor<2x3xf32>
// GENERIC: %3 = "stablehlo.uniform_quantize"(%2) : (tensor<2x3xf32>) -> tensor<2x3x!quant.uniform<u8:f32:1, {1.000000e-01:1,2.000000e-01:2,5.000000e-01}>>

// -----

func.func @dequantize(%arg0: tensor<2x!quant.uniform<i4:bf16, 5.0e-01:-2>>, %arg1: tensor<2x3x!quant.uniform<i16:f32:0, {0.1, 0.2}>>) -> (tensor<2xbf16>, tensor<2x3xf32>) {
  %0 = "stablehlo.uniform_dequantize"(%arg0) : (tensor<2x!quant.uniform<i4:bf16, 5.0e-01:-2>>) -> tensor<2xbf16>
  %1 = stablehlo.uniform_dequantize %arg1 : (tensor<2x3x!quant.uniform<i16:f32:0, {0.1, 0.2}>>) -> tensor<2x3xf32>
  return %0, %1 : tensor<2xbf16>, tensor<2x3xf32>
}

// CHECK-LABEL: func.func @dequantize(%arg0: tensor<2x!quant.uniform<i4:bf16, 5.000000e-01:-2>>, %arg1: tensor<2x3x!quant.uniform<i16:f32:0, {1.000000e-01,2.000000e-01}>>) -> (tensor<2xbf16>, tensor<2x3xf32>) {
// CHECK-NEXT: %0 = stablehlo.uniform_dequantize %arg0 : (tensor<2x!quant.uniform<i4:bf16, 5.000000e-01:-2>>) -> tensor<2xbf16>
// CHECK-NEXT: %1 = stablehlo.uniform_dequantize %arg1 : (tensor<2x3x!quant.uniform<i16:f32:0, {1.000000e-01,2.000000e-01}>>) -> tensor<2x3xf32>
// CHECK-NEXT: return %0, %1 : tensor<2xbf16>, tensor<2x3xf32>
// CHECK-NEXT: }
// GENERIC: %0 = "stablehlo.uniform_dequantize"(%{{arg[0-9]+}}) : (tensor<2x!quant.uniform<i4:bf16, 5.000000e-01:-2>>) -> tensor<2xbf16>
// GENERIC: %1 = "stablehlo.uniform_dequantize"(%{{arg[0-9]+}}) : (tensor<2x3x!quant.uniform<i16:f32:0, {1.000000e-01,2.000000e-01}>>) -> tensor<2x3xf32>

// -----

func.func @constant() -> tensor<2x!quant.uniform<i8:f32, 1.0e-01:3>> {
  %0 = stablehlo.constant() {value = dense<[1, 2]> : tensor<2xi8>} : () -> tensor<2x!quant.uniform<i8:f32, 1.0e-01:3>>
  %1 = "stablehlo.constant"() <{value = dense<3> : tensor<2xi8>}> : () -> tensor<2x!quant.uniform<i8:f32, 1.0e-01:3>>
  %2 = stablehlo.add %0, %1 : tensor<2x!quant.uniform<i8:f32, 1.0e-01:3>>
  return %2 : tensor<2x!quant.uniform<i8:f32, 1.0e-01:3>>
}

// CHECK-LABEL: func.func @constant() -> tensor<2x!quant.uniform<i8:f32, 1.000000e-01:3>> {
// CHECK-NEXT: %cst = stablehlo.constant() <{value = dense<[1, 2]> : tensor<2xi8>}> : () -> tensor<2x!quant.uniform<i8:f32, 1.000000e-01:3>>
// CHECK-NEXT: %cst_0 = stablehlo.constant() <{value = dense<3> : tensor<2xi8>}> : () -> tensor<2x!quant.uniform<i8:f32, 1.000000e-01:3>>
// CHECK-NEXT: %0 = stablehlo.add %cst, %cst_0 : tensor<2x!quant.uniform<i8:f32, 1.000000e-01:3>>
// CHECK-NEXT: return %0 : tensor<2x!quant.uniform<i8:f32, 1.000000e-01:3>>
// CHECK-NEXT: }
// GENERIC: %0 = "stablehlo.constant"() <{value = dense<[1, 2]> : tensor<2xi8>}> : () -> tensor<2x!quant.uniform<i8:f32, 1.000000e-01:3>>
// GENERIC: %1 = "stablehlo.constant"() <{value = dense<3> : tensor<2xi8>}> : () -> tensor<2x!quant.uniform<i8:f32, 1.000000e-01:3>>
// GENERIC: %2 = "stablehlo.add"(%0, %1) : (tensor<2x!quant.uniform<i8:f32, 1.000000e-01:3>>, tensor<2x!quant.uniform<i8:f32, 1.000000e-01:3>>) -> tensor<2x!quant.uniform<i8:f32, 1.000000e-01:3>>

// -----

// Ops on quantized tensors.
func.func @ops(%a: tensor<2x2x!quant.uniform<i8:f32, 1.0e-01:3>>, %w: tensor<2x2x!quant.uniform<i8:f32:1, {0.1, 0.2}>>, %f: tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2x2xi1>, tensor<2x2x!quant.uniform<i8:f32, 1.0e-01:3>>, tensor<2x!quant.uniform<i8:f32, 1.0e-01:3>>, tensor<2x2x!quant.uniform<i8:f32:0, {0.1, 0.2}>>) {
  %0 = stablehlo.dot_general %f, %w, contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2x2x!quant.uniform<i8:f32:1, {0.1, 0.2}>>) -> tensor<2x2xf32>
  %1 = stablehlo.compare GT, %a, %a : (tensor<2x2x!quant.uniform<i8:f32, 1.0e-01:3>>, tensor<2x2x!quant.uniform<i8:f32, 1.0e-01:3>>) -> tensor<2x2xi1>
  %2 = stablehlo.select %1, %a, %a : tensor<2x2xi1>, tensor<2x2x!quant.uniform<i8:f32, 1.0e-01:3>>
  %3 = stablehlo.exponential %2 : tensor<2x2x!quant.uniform<i8:f32, 1.0e-01:3>>
  %4 = stablehlo.negate %3 : tensor<2x2x!quant.uniform<i8:f32, 1.0e-01:3>>
  %5 = stablehlo.abs %4 : tensor<2x2x!quant.uniform<i8:f32, 1.0e-01:3>>
  %6 = stablehlo.maximum %5, %a : tensor<2x2x!quant.uniform<i8:f32, 1.0e-01:3>>
  %7 = stablehlo.slice %6 [0:1, 0:2] : (tensor<2x2x!quant.uniform<i8:f32, 1.0e-01:3>>) -> tensor<1x2x!quant.uniform<i8:f32, 1.0e-01:3>>
  %8 = stablehlo.reshape %7 : (tensor<1x2x!quant.uniform<i8:f32, 1.0e-01:3>>) -> tensor<2x!quant.uniform<i8:f32, 1.0e-01:3>>
  %9 = stablehlo.transpose %w, dims = [1, 0] : (tensor<2x2x!quant.uniform<i8:f32:1, {0.1, 0.2}>>) -> tensor<2x2x!quant.uniform<i8:f32:0, {0.1, 0.2}>>
  return %0, %1, %6, %8, %9 : tensor<2x2xf32>, tensor<2x2xi1>, tensor<2x2x!quant.uniform<i8:f32, 1.0e-01:3>>, tensor<2x!quant.uniform<i8:f32, 1.0e-01:3>>, tensor<2x2x!quant.uniform<i8:f32:0, {0.1, 0.2}>>
}

// CHECK-LABEL: func.func @ops(%arg0: tensor<2x2x!quant.uniform<i8:f32, 1.000000e-01:3>>, %arg1: tensor<2x2x!quant.uniform<i8:f32:1, {1.000000e-01,2.000000e-01}>>, %arg2: tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2x2xi1>, tensor<2x2x!quant.uniform<i8:f32, 1.000000e-01:3>>, tensor<2x!quant.uniform<i8:f32, 1.000000e-01:3>>, tensor<2x2x!quant.uniform<i8:f32:0, {1.000000e-01,2.000000e-01}>>) {
// CHECK-NEXT: %0 = stablehlo.dot_general %arg2, %arg1, contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2x2x!quant.uniform<i8:f32:1, {1.000000e-01,2.000000e-01}>>) -> tensor<2x2xf32>
// CHECK-NEXT: %1 = stablehlo.compare GT, %arg0, %arg0 : (tensor<2x2x!quant.uniform<i8:f32, 1.000000e-01:3>>, tensor<2x2x!quant.uniform<i8:f32, 1.000000e-01:3>>) -> tensor<2x2xi1>
// CHECK-NEXT: %2 = stablehlo.select %1, %arg0, %arg0 : tensor<2x2xi1>, tensor<2x2x!quant.uniform<i8:f32, 1.000000e-01:3>>
// CHECK-NEXT: %3 = stablehlo.exponential %2 : tensor<2x2x!quant.uniform<i8:f32, 1.000000e-01:3>>
// CHECK-NEXT: %4 = stablehlo.negate %3 : tensor<2x2x!quant.uniform<i8:f32, 1.000000e-01:3>>
// CHECK-NEXT: %5 = stablehlo.abs %4 : tensor<2x2x!quant.uniform<i8:f32, 1.000000e-01:3>>
// CHECK-NEXT: %6 = stablehlo.maximum %5, %arg0 : tensor<2x2x!quant.uniform<i8:f32, 1.000000e-01:3>>
// CHECK-NEXT: %7 = stablehlo.slice %6 [0:1, 0:2] : (tensor<2x2x!quant.uniform<i8:f32, 1.000000e-01:3>>) -> tensor<1x2x!quant.uniform<i8:f32, 1.000000e-01:3>>
// CHECK-NEXT: %8 = stablehlo.reshape %7 : (tensor<1x2x!quant.uniform<i8:f32, 1.000000e-01:3>>) -> tensor<2x!quant.uniform<i8:f32, 1.000000e-01:3>>
// CHECK-NEXT: %9 = stablehlo.transpose %arg1, dims = [1, 0] : (tensor<2x2x!quant.uniform<i8:f32:1, {1.000000e-01,2.000000e-01}>>) -> tensor<2x2x!quant.uniform<i8:f32:0, {1.000000e-01,2.000000e-01}>>
// CHECK-NEXT: return %0, %1, %6, %8, %9 : tensor<2x2xf32>, tensor<2x2xi1>, tensor<2x2x!quant.uniform<i8:f32, 1.000000e-01:3>>, tensor<2x!quant.uniform<i8:f32, 1.000000e-01:3>>, tensor<2x2x!quant.uniform<i8:f32:0, {1.000000e-01,2.000000e-01}>>
// CHECK-NEXT: }
// GENERIC: %0 = "stablehlo.dot_general"(%{{arg[0-9]+}}, %{{arg[0-9]+}}) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<2x2xf32>, tensor<2x2x!quant.uniform<i8:f32:1, {1.000000e-01,2.000000e-01}>>) -> tensor<2x2xf32>
// GENERIC: %1 = "stablehlo.compare"(%{{arg[0-9]+}}, %{{arg[0-9]+}}) <{comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<2x2x!quant.uniform<i8:f32, 1.000000e-01:3>>, tensor<2x2x!quant.uniform<i8:f32, 1.000000e-01:3>>) -> tensor<2x2xi1>
// GENERIC: %2 = "stablehlo.select"(%1, %{{arg[0-9]+}}, %{{arg[0-9]+}}) : (tensor<2x2xi1>, tensor<2x2x!quant.uniform<i8:f32, 1.000000e-01:3>>, tensor<2x2x!quant.uniform<i8:f32, 1.000000e-01:3>>) -> tensor<2x2x!quant.uniform<i8:f32, 1.000000e-01:3>>
// GENERIC: %3 = "stablehlo.exponential"(%2) : (tensor<2x2x!quant.uniform<i8:f32, 1.000000e-01:3>>) -> tensor<2x2x!quant.uniform<i8:f32, 1.000000e-01:3>>
// GENERIC: %4 = "stablehlo.negate"(%3) : (tensor<2x2x!quant.uniform<i8:f32, 1.000000e-01:3>>) -> tensor<2x2x!quant.uniform<i8:f32, 1.000000e-01:3>>
// GENERIC: %5 = "stablehlo.abs"(%4) : (tensor<2x2x!quant.uniform<i8:f32, 1.000000e-01:3>>) -> tensor<2x2x!quant.uniform<i8:f32, 1.000000e-01:3>>
// GENERIC: %6 = "stablehlo.maximum"(%5, %{{arg[0-9]+}}) : (tensor<2x2x!quant.uniform<i8:f32, 1.000000e-01:3>>, tensor<2x2x!quant.uniform<i8:f32, 1.000000e-01:3>>) -> tensor<2x2x!quant.uniform<i8:f32, 1.000000e-01:3>>
// GENERIC: %7 = "stablehlo.slice"(%6) <{limit_indices = array<i64: 1, 2>, start_indices = array<i64: 0, 0>, strides = array<i64: 1, 1>}> : (tensor<2x2x!quant.uniform<i8:f32, 1.000000e-01:3>>) -> tensor<1x2x!quant.uniform<i8:f32, 1.000000e-01:3>>
// GENERIC: %8 = "stablehlo.reshape"(%7) : (tensor<1x2x!quant.uniform<i8:f32, 1.000000e-01:3>>) -> tensor<2x!quant.uniform<i8:f32, 1.000000e-01:3>>
// GENERIC: %9 = "stablehlo.transpose"(%{{arg[0-9]+}}) <{permutation = array<i64: 1, 0>}> : (tensor<2x2x!quant.uniform<i8:f32:1, {1.000000e-01,2.000000e-01}>>) -> tensor<2x2x!quant.uniform<i8:f32:0, {1.000000e-01,2.000000e-01}>>
