// Round trips of elementwise ops on quantized tensors: the rounding ops take
// per-tensor quantized operands, and operands and results may differ in
// scales and zero points (printed as a function type, as upstream does).
// RUN: sdy-opt %s -split-input-file | FileCheck %s
// RUN: sdy-opt %s -split-input-file | sdy-opt -split-input-file | FileCheck %s
// RUN: sdy-opt %s -split-input-file -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: sdy-opt %s -split-input-file -mlir-print-op-generic | sdy-opt -split-input-file | FileCheck %s

func.func @rounding(%a: tensor<2x!quant.uniform<i8:f32, 5.0e-01>>) {
  %0 = stablehlo.ceil %a : tensor<2x!quant.uniform<i8:f32, 5.0e-01>>
  %1 = stablehlo.floor %a : tensor<2x!quant.uniform<i8:f32, 5.0e-01>>
  %2 = stablehlo.round_nearest_afz %a : tensor<2x!quant.uniform<i8:f32, 5.0e-01>>
  %3 = "stablehlo.round_nearest_even"(%a) : (tensor<2x!quant.uniform<i8:f32, 5.0e-01>>) -> tensor<2x!quant.uniform<i8:f32, 2.5e-01:1>>
  return
}

// CHECK-LABEL: func.func @rounding
// CHECK-NEXT: %0 = stablehlo.ceil %arg0 : tensor<2x!quant.uniform<i8:f32, 5.000000e-01>>
// CHECK-NEXT: %1 = stablehlo.floor %arg0 : tensor<2x!quant.uniform<i8:f32, 5.000000e-01>>
// CHECK-NEXT: %2 = stablehlo.round_nearest_afz %arg0 : tensor<2x!quant.uniform<i8:f32, 5.000000e-01>>
// CHECK-NEXT: %3 = stablehlo.round_nearest_even %arg0 : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01>>) -> tensor<2x!quant.uniform<i8:f32, 2.500000e-01:1>>
// GENERIC: "stablehlo.ceil"(%{{arg[0-9]+}}) : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01>>) -> tensor<2x!quant.uniform<i8:f32, 5.000000e-01>>
// GENERIC: "stablehlo.round_nearest_even"(%{{arg[0-9]+}}) : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01>>) -> tensor<2x!quant.uniform<i8:f32, 2.500000e-01:1>>

// -----

func.func @binary(%a: tensor<2x!quant.uniform<i8:f32, 5.0e-01>>, %b: tensor<2x!quant.uniform<i8:f32, 2.5e-01:1>>, %c: tensor<2x!quant.uniform<i8:f32:0, {5.0e-01, 2.0:1}>>) {
  %0 = stablehlo.multiply %a, %b : (tensor<2x!quant.uniform<i8:f32, 5.0e-01>>, tensor<2x!quant.uniform<i8:f32, 2.5e-01:1>>) -> tensor<2x!quant.uniform<i8:f32, 1.0e-01:-3>>
  %1 = stablehlo.add %a, %c : (tensor<2x!quant.uniform<i8:f32, 5.0e-01>>, tensor<2x!quant.uniform<i8:f32:0, {5.0e-01, 2.0:1}>>) -> tensor<2x!quant.uniform<i8:f32:0, {5.0e-01, 2.0:1}>>
  %2 = stablehlo.compare GT, %a, %b : (tensor<2x!quant.uniform<i8:f32, 5.0e-01>>, tensor<2x!quant.uniform<i8:f32, 2.5e-01:1>>) -> tensor<2xi1>
  return
}

// CHECK-LABEL: func.func @binary
// CHECK-NEXT: %0 = stablehlo.multiply %arg0, %arg1 : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01>>, tensor<2x!quant.uniform<i8:f32, 2.500000e-01:1>>) -> tensor<2x!quant.uniform<i8:f32, 1.000000e-01:-3>>
// CHECK-NEXT: %1 = stablehlo.add %arg0, %arg2 : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01>>, tensor<2x!quant.uniform<i8:f32:0, {5.000000e-01,2.000000e+00:1}>>) -> tensor<2x!quant.uniform<i8:f32:0, {5.000000e-01,2.000000e+00:1}>>
// CHECK-NEXT: %2 = stablehlo.compare  GT, %arg0, %arg1 : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01>>, tensor<2x!quant.uniform<i8:f32, 2.500000e-01:1>>) -> tensor<2xi1>
// GENERIC: "stablehlo.multiply"(%{{arg[0-9]+}}, %{{arg[0-9]+}}) : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01>>, tensor<2x!quant.uniform<i8:f32, 2.500000e-01:1>>) -> tensor<2x!quant.uniform<i8:f32, 1.000000e-01:-3>>
