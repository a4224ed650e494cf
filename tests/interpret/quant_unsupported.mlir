// RUN: not sdy-run --interpret -split-input-file %s > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: FileCheck %s --check-prefix=ERR < %t.err

// Ops the runtime cannot run on quantized tensors are refused with a
// diagnostic naming the op.

// OUT: FAIL @sort
// ERR: @sort in chunk 1 {{.*}}'stablehlo.sort' at loc({{.*}}): quantized element types are not supported by 'stablehlo.sort' in the runtime
func.func @sort() {
  %bits = stablehlo.constant dense<[3, 1, 2]> : tensor<3xi8>
  %q = stablehlo.bitcast_convert %bits : (tensor<3xi8>) -> tensor<3x!quant.uniform<i8:f32, 5.0e-01>>
  %s = "stablehlo.sort"(%q) ({
  ^bb0(%a: tensor<!quant.uniform<i8:f32, 5.0e-01>>, %b: tensor<!quant.uniform<i8:f32, 5.0e-01>>):
    %lt = stablehlo.compare LT, %a, %b : (tensor<!quant.uniform<i8:f32, 5.0e-01>>, tensor<!quant.uniform<i8:f32, 5.0e-01>>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) {dimension = 0 : i64} : (tensor<3x!quant.uniform<i8:f32, 5.0e-01>>) -> tensor<3x!quant.uniform<i8:f32, 5.0e-01>>
  func.return
}

// -----

// OUT: PASS @after
func.func @after() {
  %bits = stablehlo.constant dense<[3]> : tensor<1xi8>
  %q = stablehlo.bitcast_convert %bits : (tensor<1xi8>) -> tensor<1x!quant.uniform<i8:f32, 5.0e-01>>
  %f = stablehlo.uniform_dequantize %q : (tensor<1x!quant.uniform<i8:f32, 5.0e-01>>) -> tensor<1xf32>
  check.expect_eq_const %f, dense<[1.5]> : tensor<1xf32>
  func.return
}
