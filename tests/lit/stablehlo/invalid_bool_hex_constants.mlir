// An i1 hex constant of neither one byte per element nor packed bits (nor a
// splat byte) is rejected; a rewritten constant earlier on the line keeps
// the error's column that of the original text.
// RUN: not sdy-opt %s -split-input-file 2>&1 | FileCheck %s

// CHECK: invalid_bool_hex_constants.mlir:[[# @LINE + 2]]:40: error: elements hex data size is invalid for provided type: 'tensor<4xi1>'
func.func @three_bytes_for_four() -> tensor<4xi1> {
  %0 = "stablehlo.constant"() {value = dense<"0x010001"> : tensor<4xi1>} : () -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// CHECK: invalid_bool_hex_constants.mlir:[[# @LINE + 2]]:80: error: elements hex data size is invalid for provided type: 'tensor<8xi1>'
func.func @after_a_rewritten_one() -> tensor<4xi1> {
  %0 = "stablehlo.constant"() {a = dense<"0x01000101"> : tensor<4xi1>, value = dense<"0x0100010101"> : tensor<8xi1>} : () -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// The pretty form says the same.
// CHECK: invalid_bool_hex_constants.mlir:[[# @LINE + 2]]:27: error: custom op 'stablehlo.constant' elements hex data size is invalid for type 'tensor<3xi1>'
func.func @pretty() -> tensor<3xi1> {
  %0 = stablehlo.constant dense<"0x0100"> : tensor<3xi1>
  return %0 : tensor<3xi1>
}
