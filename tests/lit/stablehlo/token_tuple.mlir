// Round trips of the token type, after_all, create_token, tuple and
// get_tuple_element (pretty forms as the upstream printer prints them).
// RUN: sdy-opt %s | sdy-opt | FileCheck %s
// RUN: sdy-opt %s -mlir-print-op-generic | sdy-opt | FileCheck %s
// RUN: sdy-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

func.func @main(%a: !stablehlo.token, %b: !stablehlo.token, %x: tensor<2xf32>, %i: tensor<i32>) -> (!stablehlo.token, tensor<2xf32>, tuple<>, tuple<tuple<tensor<2xf32>, tensor<i32>>, !stablehlo.token>, !stablehlo.token, !stablehlo.token) {
  %0 = stablehlo.after_all %a, %b : !stablehlo.token
  %1 = stablehlo.after_all  : !stablehlo.token
  %2 = stablehlo.create_token : !stablehlo.token
  %3 = stablehlo.tuple %x, %i : tuple<tensor<2xf32>, tensor<i32>>
  %4 = stablehlo.tuple  : tuple<>
  %5 = stablehlo.tuple %3, %a : tuple<tuple<tensor<2xf32>, tensor<i32>>, !stablehlo.token>
  %6 = stablehlo.get_tuple_element %3[0] : (tuple<tensor<2xf32>, tensor<i32>>) -> tensor<2xf32>
  return %0, %6, %4, %5, %1, %2 : !stablehlo.token, tensor<2xf32>, tuple<>, tuple<tuple<tensor<2xf32>, tensor<i32>>, !stablehlo.token>, !stablehlo.token, !stablehlo.token
}

// CHECK-LABEL: func.func @main(%arg0: !stablehlo.token, %arg1: !stablehlo.token, %arg2: tensor<2xf32>, %arg3: tensor<i32>)
// CHECK-NEXT: %0 = stablehlo.after_all %arg0, %arg1 : !stablehlo.token
// CHECK-NEXT: %1 = stablehlo.after_all  : !stablehlo.token
// CHECK-NEXT: %2 = stablehlo.create_token : !stablehlo.token
// CHECK-NEXT: %3 = stablehlo.tuple %arg2, %arg3 : tuple<tensor<2xf32>, tensor<i32>>
// CHECK-NEXT: %4 = stablehlo.tuple  : tuple<>
// CHECK-NEXT: %5 = stablehlo.tuple %3, %arg0 : tuple<tuple<tensor<2xf32>, tensor<i32>>, !stablehlo.token>
// CHECK-NEXT: %6 = stablehlo.get_tuple_element %3[0] : (tuple<tensor<2xf32>, tensor<i32>>) -> tensor<2xf32>

// GENERIC: %0 = "stablehlo.after_all"(%arg0, %arg1) : (!stablehlo.token, !stablehlo.token) -> !stablehlo.token
// GENERIC: %1 = "stablehlo.after_all"() : () -> !stablehlo.token
// GENERIC: %2 = "stablehlo.create_token"() : () -> !stablehlo.token
// GENERIC: %3 = "stablehlo.tuple"(%arg2, %arg3) : (tensor<2xf32>, tensor<i32>) -> tuple<tensor<2xf32>, tensor<i32>>
// GENERIC: %4 = "stablehlo.tuple"() : () -> tuple<>
// GENERIC: %6 = "stablehlo.get_tuple_element"(%3) <{index = 0 : i32}> : (tuple<tensor<2xf32>, tensor<i32>>) -> tensor<2xf32>
