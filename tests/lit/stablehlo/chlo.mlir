// The chlo ops round-trip in upstream's pretty and generic forms.
// RUN: sdy-opt %s | FileCheck %s
// RUN: sdy-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: sdy-opt %s -mlir-print-op-generic | sdy-opt | FileCheck %s

// CHECK-LABEL: func.func @unary
func.func @unary(%a: tensor<4xf32>, %h: tensor<2x3xbf16>) {
  // CHECK-NEXT: chlo.acos %arg0 : tensor<4xf32> -> tensor<4xf32>
  // GENERIC: "chlo.acos"(%{{[a-z0-9]+}}) : (tensor<4xf32>) -> tensor<4xf32>
  %0 = chlo.acos %a : tensor<4xf32> -> tensor<4xf32>
  // CHECK-NEXT: chlo.acosh %arg0
  %1 = chlo.acosh %a : tensor<4xf32> -> tensor<4xf32>
  // CHECK-NEXT: chlo.asin %arg0
  %2 = chlo.asin %a : tensor<4xf32> -> tensor<4xf32>
  // CHECK-NEXT: chlo.asinh %arg0
  %3 = chlo.asinh %a : tensor<4xf32> -> tensor<4xf32>
  // CHECK-NEXT: chlo.atan %arg0
  %4 = chlo.atan %a : tensor<4xf32> -> tensor<4xf32>
  // CHECK-NEXT: chlo.atanh %arg0
  %5 = chlo.atanh %a : tensor<4xf32> -> tensor<4xf32>
  // CHECK-NEXT: chlo.bessel_i1e %arg0
  %6 = chlo.bessel_i1e %a : tensor<4xf32> -> tensor<4xf32>
  // CHECK-NEXT: chlo.conj %arg0
  %7 = chlo.conj %a : tensor<4xf32> -> tensor<4xf32>
  // CHECK-NEXT: chlo.cosh %arg0
  %8 = chlo.cosh %a : tensor<4xf32> -> tensor<4xf32>
  // CHECK-NEXT: chlo.digamma %arg0
  %9 = chlo.digamma %a : tensor<4xf32> -> tensor<4xf32>
  // CHECK-NEXT: chlo.erf %arg1 : tensor<2x3xbf16> -> tensor<2x3xbf16>
  // GENERIC: "chlo.erf"(%{{[a-z0-9]+}}) : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
  %10 = chlo.erf %h : tensor<2x3xbf16> -> tensor<2x3xbf16>
  // CHECK-NEXT: chlo.erfc %arg0
  %11 = chlo.erfc %a : tensor<4xf32> -> tensor<4xf32>
  // CHECK-NEXT: chlo.erf_inv %arg0
  %12 = chlo.erf_inv %a : tensor<4xf32> -> tensor<4xf32>
  // CHECK-NEXT: chlo.lgamma %arg0
  %13 = chlo.lgamma %a : tensor<4xf32> -> tensor<4xf32>
  // CHECK-NEXT: chlo.sinh %arg0
  %14 = chlo.sinh %a : tensor<4xf32> -> tensor<4xf32>
  // CHECK-NEXT: chlo.square %arg0
  %15 = chlo.square %a : tensor<4xf32> -> tensor<4xf32>
  // CHECK-NEXT: chlo.tan %arg0
  %16 = chlo.tan %a : tensor<4xf32> -> tensor<4xf32>
  // CHECK-NEXT: chlo.is_inf %arg0 : tensor<4xf32> -> tensor<4xi1>
  // GENERIC: "chlo.is_inf"(%{{[a-z0-9]+}}) : (tensor<4xf32>) -> tensor<4xi1>
  %17 = chlo.is_inf %a : tensor<4xf32> -> tensor<4xi1>
  // CHECK-NEXT: chlo.is_neg_inf %arg0 : tensor<4xf32> -> tensor<4xi1>
  %18 = chlo.is_neg_inf %a : tensor<4xf32> -> tensor<4xi1>
  // CHECK-NEXT: chlo.is_pos_inf %arg0 : tensor<4xf32> -> tensor<4xi1>
  %19 = chlo.is_pos_inf %a : tensor<4xf32> -> tensor<4xi1>
  return
}

// CHECK-LABEL: func.func @binary
func.func @binary(%a: tensor<4xf64>, %i: tensor<4xui32>) {
  // CHECK-NEXT: chlo.next_after %arg0, %arg0 : tensor<4xf64>, tensor<4xf64> -> tensor<4xf64>
  // GENERIC: "chlo.next_after"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
  %0 = chlo.next_after %a, %a : tensor<4xf64>, tensor<4xf64> -> tensor<4xf64>
  // CHECK-NEXT: chlo.polygamma %arg0, %arg0 : tensor<4xf64>, tensor<4xf64> -> tensor<4xf64>
  %1 = chlo.polygamma %a, %a : tensor<4xf64>, tensor<4xf64> -> tensor<4xf64>
  // CHECK-NEXT: chlo.zeta %arg0, %arg0 : tensor<4xf64>, tensor<4xf64> -> tensor<4xf64>
  %2 = chlo.zeta %a, %a : tensor<4xf64>, tensor<4xf64> -> tensor<4xf64>
  // CHECK-NEXT: chlo.mulhi %arg1, %arg1 : tensor<4xui32>, tensor<4xui32> -> tensor<4xui32>
  %3 = chlo.mulhi %i, %i : tensor<4xui32>, tensor<4xui32> -> tensor<4xui32>
  return
}

// CHECK-LABEL: func.func @top_k
func.func @top_k(%a: tensor<2x8xf32>, %p: tensor<8xi1>) -> (tensor<2x2xf32>, tensor<2x2xi32>) {
  // CHECK-NEXT: %values, %indices = chlo.top_k(%arg0, k = 2) : tensor<2x8xf32> -> (tensor<2x2xf32>, tensor<2x2xi32>)
  // GENERIC: "chlo.top_k"(%{{[a-z0-9]+}}) <{k = 2 : i64}> : (tensor<2x8xf32>) -> (tensor<2x2xf32>, tensor<2x2xi32>)
  %values, %indices = chlo.top_k(%a, k = 2) : tensor<2x8xf32> -> (tensor<2x2xf32>, tensor<2x2xi32>)
  // CHECK-NEXT: %values_0, %indices_1 = chlo.top_k(%arg1, k = 0) : tensor<8xi1> -> (tensor<0xi1>, tensor<0xi32>)
  %v, %i = chlo.top_k(%p, k = 0) : tensor<8xi1> -> (tensor<0xi1>, tensor<0xi32>)
  return %values, %indices : tensor<2x2xf32>, tensor<2x2xi32>
}
