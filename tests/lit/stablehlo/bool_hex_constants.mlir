// i1 constants in hex as frameworks print them (one byte per element) and
// as MLIR prints them (bits packed eight to a byte), in the generic and the
// pretty form; the values are what StableHLO's own parser reads.
// RUN: sdy-opt %s -split-input-file | FileCheck %s
// RUN: sdy-opt %s -split-input-file -mlir-print-op-generic | sdy-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @one_byte_per_element(
// CHECK-NEXT: stablehlo.constant dense<[true, false, true, true]> : tensor<4xi1>
// CHECK-NEXT: stablehlo.constant dense<[true, false, true, true]> : tensor<4xi1>
// CHECK-NEXT: stablehlo.constant dense<[true, true, false, false, false, false, false, false, false, true]> : tensor<10xi1>
// CHECK-NEXT: stablehlo.constant dense<[{{\[}}true, true, false, false, false], [false, false, false, false, true]]> : tensor<2x5xi1>
// CHECK-NEXT: stablehlo.constant dense<true> : tensor<8xi1>
func.func @one_byte_per_element() -> (tensor<4xi1>, tensor<4xi1>, tensor<10xi1>, tensor<2x5xi1>, tensor<8xi1>) {
  %0 = "stablehlo.constant"() {value = dense<"0x01000101"> : tensor<4xi1>} : () -> tensor<4xi1>
  %1 = "stablehlo.constant"() <{value = dense<"0x01000101"> : tensor<4xi1>}> : () -> tensor<4xi1>
  %2 = "stablehlo.constant"() {value = dense<"0x01010000000000000001"> : tensor<10xi1>} : () -> tensor<10xi1>
  %3 = stablehlo.constant dense<"0x01010000000000000001"> : tensor<2x5xi1>
  %4 = "stablehlo.constant"() {value = dense<"0x0101010101010101"> : tensor<8xi1>} : () -> tensor<8xi1>
  return %0, %1, %2, %3, %4 : tensor<4xi1>, tensor<4xi1>, tensor<10xi1>, tensor<2x5xi1>, tensor<8xi1>
}

// -----

// Packed bits (ceil(n/8) bytes) and the splat bytes 0x00 and 0xFF keep
// MLIR's meaning; one element is the same byte in both forms.
// CHECK-LABEL: func.func @packed_and_splat(
// CHECK-NEXT: stablehlo.constant dense<[true, false, true, true]> : tensor<4xi1>
// CHECK-NEXT: stablehlo.constant dense<[true, true, false, false, false, false, false, false, false, true]> : tensor<10xi1>
// CHECK-NEXT: stablehlo.constant dense<true> : tensor<4xi1>
// CHECK-NEXT: stablehlo.constant dense<false> : tensor<12xi1>
// CHECK-NEXT: stablehlo.constant dense<true> : tensor<1xi1>
func.func @packed_and_splat() -> (tensor<4xi1>, tensor<10xi1>, tensor<4xi1>, tensor<12xi1>, tensor<1xi1>) {
  %0 = "stablehlo.constant"() {value = dense<"0x0D"> : tensor<4xi1>} : () -> tensor<4xi1>
  %1 = "stablehlo.constant"() {value = dense<"0x0302"> : tensor<10xi1>} : () -> tensor<10xi1>
  %2 = "stablehlo.constant"() {value = dense<"0xFF"> : tensor<4xi1>} : () -> tensor<4xi1>
  %3 = "stablehlo.constant"() {value = dense<"0x00"> : tensor<12xi1>} : () -> tensor<12xi1>
  %4 = "stablehlo.constant"() {value = dense<"0x01"> : tensor<1xi1>} : () -> tensor<1xi1>
  return %0, %1, %2, %3, %4 : tensor<4xi1>, tensor<10xi1>, tensor<4xi1>, tensor<12xi1>, tensor<1xi1>
}

// -----

// Other element types are read as bytes, as before.
// CHECK-LABEL: func.func @other_types(
// CHECK-NEXT: stablehlo.constant dense<[1, 0, 1, 1]> : tensor<4xi8>
func.func @other_types() -> tensor<4xi8> {
  %0 = "stablehlo.constant"() {value = dense<"0x01000101"> : tensor<4xi8>} : () -> tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----

// Hex whose elements are all equal (packed bits with the unused high bits
// set, or one byte per element) is a splat, as the `dense<false>` /
// `dense<true>` it prints as reads back: printing is a fixed point (a case
// the module-parse fuzzer found).
// RUN: sdy-opt %s -split-input-file | sdy-opt -split-input-file | FileCheck %s --check-prefix=FIXED
// CHECK-LABEL: func.func @all_equal(
// CHECK-NEXT: stablehlo.constant dense<false> : tensor<4xi1>
// CHECK-NEXT: stablehlo.constant dense<true> : tensor<3xi1>
// CHECK-NEXT: stablehlo.constant dense<true> : tensor<4xi1>
// CHECK-NEXT: stablehlo.constant dense<false> : tensor<9xi1>
// FIXED-LABEL: func.func @all_equal(
// FIXED-NEXT: stablehlo.constant dense<false> : tensor<4xi1>
// FIXED-NEXT: stablehlo.constant dense<true> : tensor<3xi1>
func.func @all_equal() -> (tensor<4xi1>, tensor<3xi1>, tensor<4xi1>, tensor<9xi1>) {
  %0 = "stablehlo.constant"() {value = dense<"0xD0"> : tensor<4xi1>} : () -> tensor<4xi1>
  %1 = "stablehlo.constant"() {value = dense<"0x0F"> : tensor<3xi1>} : () -> tensor<3xi1>
  %2 = "stablehlo.constant"() {value = dense<"0x01010101"> : tensor<4xi1>} : () -> tensor<4xi1>
  %3 = "stablehlo.constant"() {value = dense<"0x00FE"> : tensor<9xi1>} : () -> tensor<9xi1>
  return %0, %1, %2, %3 : tensor<4xi1>, tensor<3xi1>, tensor<4xi1>, tensor<9xi1>
}
