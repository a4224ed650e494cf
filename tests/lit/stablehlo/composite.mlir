// Round trips of stablehlo.composite; the expected lines are the upstream
// printer's.
// RUN: sdy-opt %s | FileCheck %s
// RUN: sdy-opt %s | sdy-opt | FileCheck %s
// RUN: sdy-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: sdy-opt %s -mlir-print-op-generic | sdy-opt | FileCheck %s

func.func @composite(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.composite "my.op" %a {composite_attributes = {}, decomposition = @f, version = 0 : i32} : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "stablehlo.composite"(%0) {name = "my.scaled", composite_attributes = {k = 2.0 : f32}, decomposition = @f, version = 1 : i32} : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// CHECK-LABEL: func.func @composite(%arg0: tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT: %0 = stablehlo.composite "my.op" %arg0 {decomposition = @f} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %1 = stablehlo.composite "my.scaled" %0 {composite_attributes = {k = 2.000000e+00 : f32}, decomposition = @f, version = 1 : i32} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: return %1 : tensor<4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func private @f(%arg0: tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT: return %arg0 : tensor<4xf32>
// CHECK-NEXT: }
// GENERIC-LABEL: "func.func"() <{function_type = (tensor<4xf32>) -> tensor<4xf32>, sym_name = "composite"}> ({
// GENERIC-NEXT: ^bb0(%{{arg[0-9]+}}: tensor<4xf32>):
// GENERIC-NEXT: %0 = "stablehlo.composite"(%{{arg[0-9]+}}) <{composite_attributes = {}, decomposition = @f, name = "my.op", version = 0 : i32}> : (tensor<4xf32>) -> tensor<4xf32>
// GENERIC-NEXT: %1 = "stablehlo.composite"(%0) <{composite_attributes = {k = 2.000000e+00 : f32}, decomposition = @f, name = "my.scaled", version = 1 : i32}> : (tensor<4xf32>) -> tensor<4xf32>
// GENERIC-NEXT: "func.return"(%1) : (tensor<4xf32>) -> ()
// GENERIC-NEXT: }) : () -> ()
// GENERIC-LABEL: "func.func"() <{function_type = (tensor<4xf32>) -> tensor<4xf32>, sym_name = "f", sym_visibility = "private"}> ({
// GENERIC-NEXT: ^bb0(%{{arg[0-9]+}}: tensor<4xf32>):
// GENERIC-NEXT: "func.return"(%{{arg[0-9]+}}) : (tensor<4xf32>) -> ()
// GENERIC-NEXT: }) : () -> ()
