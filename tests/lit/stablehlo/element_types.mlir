// Ops on the complex element types the spec allows them, in upstream's
// pretty and generic forms.
// RUN: sdy-opt %s | FileCheck %s
// RUN: sdy-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: sdy-opt %s -mlir-print-op-generic | sdy-opt | FileCheck %s

// CHECK-LABEL: func.func @complex_ops
// CHECK: chlo.asin %{{.*}} : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
// CHECK: chlo.conj %{{.*}} : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
// CHECK: chlo.square %{{.*}} : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
// CHECK: stablehlo.cbrt %{{.*}} : tensor<4xcomplex<f32>>
// CHECK: stablehlo.atan2 %{{.*}}, %{{.*}} : tensor<4xcomplex<f32>>
// CHECK: stablehlo.compare LT, %{{.*}}, %{{.*}}, FLOAT : (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<4xi1>
// GENERIC: "chlo.asin"(%{{.*}}) : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
// GENERIC: "chlo.conj"(%{{.*}}) : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
// GENERIC: "chlo.square"(%{{.*}}) : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
// GENERIC: "stablehlo.cbrt"(%{{.*}}) : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
func.func @complex_ops(%a: tensor<4xcomplex<f32>>) -> tensor<4xi1> {
  %0 = chlo.asin %a : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  %1 = chlo.conj %0 : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  %2 = chlo.square %1 : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  %3 = stablehlo.cbrt %2 : tensor<4xcomplex<f32>>
  %4 = stablehlo.atan2 %3, %a : tensor<4xcomplex<f32>>
  %5 = stablehlo.compare LT, %4, %a, FLOAT : (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<4xi1>
  return %5 : tensor<4xi1>
}
