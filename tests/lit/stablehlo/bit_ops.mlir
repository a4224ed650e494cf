// Round trips of shifts, bit counts, rounding ops and get_dimension_size;
// the expected lines are the upstream printer's.
// RUN: sdy-opt %s -split-input-file | FileCheck %s
// RUN: sdy-opt %s -split-input-file | sdy-opt -split-input-file | FileCheck %s
// RUN: sdy-opt %s -split-input-file -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: sdy-opt %s -split-input-file -mlir-print-op-generic | sdy-opt -split-input-file | FileCheck %s

func.func @shifts(%a: tensor<4xi32>, %b: tensor<2x3xui8>) -> (tensor<4xi32>, tensor<4xi32>, tensor<2x3xui8>) {
  %0 = stablehlo.shift_left %a, %a : tensor<4xi32>
  %1 = stablehlo.shift_right_logical %a, %a : tensor<4xi32>
  %2 = "stablehlo.shift_right_arithmetic"(%b, %b) : (tensor<2x3xui8>, tensor<2x3xui8>) -> tensor<2x3xui8>
  return %0, %1, %2 : tensor<4xi32>, tensor<4xi32>, tensor<2x3xui8>
}

// CHECK-LABEL: func.func @shifts(%arg0: tensor<4xi32>, %arg1: tensor<2x3xui8>) -> (tensor<4xi32>, tensor<4xi32>, tensor<2x3xui8>) {
// CHECK-NEXT: %0 = stablehlo.shift_left %arg0, %arg0 : tensor<4xi32>
// CHECK-NEXT: %1 = stablehlo.shift_right_logical %arg0, %arg0 : tensor<4xi32>
// CHECK-NEXT: %2 = stablehlo.shift_right_arithmetic %arg1, %arg1 : tensor<2x3xui8>
// CHECK-NEXT: return %0, %1, %2 : tensor<4xi32>, tensor<4xi32>, tensor<2x3xui8>
// CHECK-NEXT: }
// GENERIC-LABEL: "func.func"() <{function_type = (tensor<4xi32>, tensor<2x3xui8>) -> (tensor<4xi32>, tensor<4xi32>, tensor<2x3xui8>), sym_name = "shifts"}> ({
// GENERIC-NEXT: ^bb0(%{{arg[0-9]+}}: tensor<4xi32>, %{{arg[0-9]+}}: tensor<2x3xui8>):
// GENERIC-NEXT: %0 = "stablehlo.shift_left"(%{{arg[0-9]+}}, %{{arg[0-9]+}}) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// GENERIC-NEXT: %1 = "stablehlo.shift_right_logical"(%{{arg[0-9]+}}, %{{arg[0-9]+}}) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// GENERIC-NEXT: %2 = "stablehlo.shift_right_arithmetic"(%{{arg[0-9]+}}, %{{arg[0-9]+}}) : (tensor<2x3xui8>, tensor<2x3xui8>) -> tensor<2x3xui8>
// GENERIC-NEXT: "func.return"(%0, %1, %2) : (tensor<4xi32>, tensor<4xi32>, tensor<2x3xui8>) -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

func.func @bit_counts(%a: tensor<4xi64>) -> (tensor<4xi64>, tensor<4xi64>) {
  %0 = stablehlo.popcnt %a : tensor<4xi64>
  %1 = "stablehlo.count_leading_zeros"(%a) : (tensor<4xi64>) -> tensor<4xi64>
  return %0, %1 : tensor<4xi64>, tensor<4xi64>
}

// CHECK-LABEL: func.func @bit_counts(%arg0: tensor<4xi64>) -> (tensor<4xi64>, tensor<4xi64>) {
// CHECK-NEXT: %0 = stablehlo.popcnt %arg0 : tensor<4xi64>
// CHECK-NEXT: %1 = stablehlo.count_leading_zeros %arg0 : tensor<4xi64>
// CHECK-NEXT: return %0, %1 : tensor<4xi64>, tensor<4xi64>
// CHECK-NEXT: }
// GENERIC-LABEL: "func.func"() <{function_type = (tensor<4xi64>) -> (tensor<4xi64>, tensor<4xi64>), sym_name = "bit_counts"}> ({
// GENERIC-NEXT: ^bb0(%{{arg[0-9]+}}: tensor<4xi64>):
// GENERIC-NEXT: %0 = "stablehlo.popcnt"(%{{arg[0-9]+}}) : (tensor<4xi64>) -> tensor<4xi64>
// GENERIC-NEXT: %1 = "stablehlo.count_leading_zeros"(%{{arg[0-9]+}}) : (tensor<4xi64>) -> tensor<4xi64>
// GENERIC-NEXT: "func.return"(%0, %1) : (tensor<4xi64>, tensor<4xi64>) -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

func.func @rounding(%a: tensor<4xbf16>, %b: tensor<3xf64>) -> (tensor<4xbf16>, tensor<3xf64>, tensor<4xbf16>) {
  %0 = stablehlo.round_nearest_afz %a : tensor<4xbf16>
  %1 = stablehlo.reduce_precision %b, format = e5m10 : tensor<3xf64>
  %2 = "stablehlo.reduce_precision"(%a) {exponent_bits = 1 : i32, mantissa_bits = 0 : i32} : (tensor<4xbf16>) -> tensor<4xbf16>
  return %0, %1, %2 : tensor<4xbf16>, tensor<3xf64>, tensor<4xbf16>
}

// CHECK-LABEL: func.func @rounding(%arg0: tensor<4xbf16>, %arg1: tensor<3xf64>) -> (tensor<4xbf16>, tensor<3xf64>, tensor<4xbf16>) {
// CHECK-NEXT: %0 = stablehlo.round_nearest_afz %arg0 : tensor<4xbf16>
// CHECK-NEXT: %1 = stablehlo.reduce_precision %arg1, format = e5m10 : tensor<3xf64>
// CHECK-NEXT: %2 = stablehlo.reduce_precision %arg0, format = e1m0 : tensor<4xbf16>
// CHECK-NEXT: return %0, %1, %2 : tensor<4xbf16>, tensor<3xf64>, tensor<4xbf16>
// CHECK-NEXT: }
// GENERIC-LABEL: "func.func"() <{function_type = (tensor<4xbf16>, tensor<3xf64>) -> (tensor<4xbf16>, tensor<3xf64>, tensor<4xbf16>), sym_name = "rounding"}> ({
// GENERIC-NEXT: ^bb0(%{{arg[0-9]+}}: tensor<4xbf16>, %{{arg[0-9]+}}: tensor<3xf64>):
// GENERIC-NEXT: %0 = "stablehlo.round_nearest_afz"(%{{arg[0-9]+}}) : (tensor<4xbf16>) -> tensor<4xbf16>
// GENERIC-NEXT: %1 = "stablehlo.reduce_precision"(%{{arg[0-9]+}}) <{exponent_bits = 5 : i32, mantissa_bits = 10 : i32}> : (tensor<3xf64>) -> tensor<3xf64>
// GENERIC-NEXT: %2 = "stablehlo.reduce_precision"(%{{arg[0-9]+}}) <{exponent_bits = 1 : i32, mantissa_bits = 0 : i32}> : (tensor<4xbf16>) -> tensor<4xbf16>
// GENERIC-NEXT: "func.return"(%0, %1, %2) : (tensor<4xbf16>, tensor<3xf64>, tensor<4xbf16>) -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

func.func @get_dimension_size(%a: tensor<4x7xf32>) -> (tensor<i32>, tensor<i32>) {
  %0 = stablehlo.get_dimension_size %a, dim = 1 : (tensor<4x7xf32>) -> tensor<i32>
  %1 = "stablehlo.get_dimension_size"(%a) {dimension = 0 : i64} : (tensor<4x7xf32>) -> tensor<i32>
  return %0, %1 : tensor<i32>, tensor<i32>
}

// CHECK-LABEL: func.func @get_dimension_size(%arg0: tensor<4x7xf32>) -> (tensor<i32>, tensor<i32>) {
// CHECK-NEXT: %0 = stablehlo.get_dimension_size %arg0, dim = 1 : (tensor<4x7xf32>) -> tensor<i32>
// CHECK-NEXT: %1 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<4x7xf32>) -> tensor<i32>
// CHECK-NEXT: return %0, %1 : tensor<i32>, tensor<i32>
// CHECK-NEXT: }
// GENERIC-LABEL: "func.func"() <{function_type = (tensor<4x7xf32>) -> (tensor<i32>, tensor<i32>), sym_name = "get_dimension_size"}> ({
// GENERIC-NEXT: ^bb0(%{{arg[0-9]+}}: tensor<4x7xf32>):
// GENERIC-NEXT: %0 = "stablehlo.get_dimension_size"(%{{arg[0-9]+}}) <{dimension = 1 : i64}> : (tensor<4x7xf32>) -> tensor<i32>
// GENERIC-NEXT: %1 = "stablehlo.get_dimension_size"(%{{arg[0-9]+}}) <{dimension = 0 : i64}> : (tensor<4x7xf32>) -> tensor<i32>
// GENERIC-NEXT: "func.return"(%0, %1) : (tensor<i32>, tensor<i32>) -> ()
// GENERIC-NEXT: }) : () -> ()
