// mhlo.topk round-trips in upstream's pretty and generic forms.
// RUN: sdy-opt %s | FileCheck %s
// RUN: sdy-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: sdy-opt %s -mlir-print-op-generic | sdy-opt | FileCheck %s

func.func @main(%a: tensor<2x8xf32>, %b: tensor<3x2x8xi32>) -> (tensor<2x3xf32>, tensor<2x3xi32>, tensor<3x2x0xi32>, tensor<3x2x8xi32>) {
  // CHECK: %values, %indices = mhlo.topk(%arg0, k = 3) : tensor<2x8xf32> -> (tensor<2x3xf32>, tensor<2x3xi32>)
  // CHECK: mhlo.topk(%arg1, k = 0, largest = false) : tensor<3x2x8xi32> -> (tensor<3x2x0xi32>, tensor<3x2x0xi32>)
  // CHECK: mhlo.topk(%arg1, k = 8, largest = true) : tensor<3x2x8xi32> -> (tensor<3x2x8xi32>, tensor<3x2x8xi32>)
  // GENERIC: "mhlo.topk"(%arg0) <{k = 3 : i64}> : (tensor<2x8xf32>) -> (tensor<2x3xf32>, tensor<2x3xi32>)
  // GENERIC: "mhlo.topk"(%arg1) <{k = 0 : i64, largest = false}>
  %v, %i = mhlo.topk(%a, k = 3) : tensor<2x8xf32> -> (tensor<2x3xf32>, tensor<2x3xi32>)
  %v2, %i2 = mhlo.topk(%b, k = 0, largest = false) : tensor<3x2x8xi32> -> (tensor<3x2x0xi32>, tensor<3x2x0xi32>)
  %v3, %i3 = mhlo.topk(%b, k = 8, largest = true) : tensor<3x2x8xi32> -> (tensor<3x2x8xi32>, tensor<3x2x8xi32>)
  return %v, %i, %v2, %i3 : tensor<2x3xf32>, tensor<2x3xi32>, tensor<3x2x0xi32>, tensor<3x2x8xi32>
}
