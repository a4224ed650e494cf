// RUN: sdy-run --interpret -split-input-file %s | FileCheck %s

// i1 hex constants as frameworks print them (one byte per element, here in
// the generic form) and as MLIR prints them (packed bits) run with the same
// values.

// CHECK: PASS @one_byte_per_element_and_packed
func.func @one_byte_per_element_and_packed() {
  %0 = "stablehlo.constant"() {value = dense<"0x01000101000000000001"> : tensor<10xi1>} : () -> tensor<10xi1>
  %1 = "stablehlo.constant"() <{value = dense<"0x0D02"> : tensor<10xi1>}> : () -> tensor<10xi1>
  check.expect_eq_const %0, dense<[true, false, true, true, false, false, false, false, false, true]> : tensor<10xi1>
  check.expect_eq %0, %1 : tensor<10xi1>
  func.return
}
