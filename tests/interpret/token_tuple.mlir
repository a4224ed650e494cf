// RUN: not sdy-run --interpret -split-input-file %s > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: FileCheck %s --check-prefix=ERR < %t.err

// The runtime does not execute tokens and tuples: each use is refused with
// a diagnostic naming the op, and the other chunks still run.

// OUT: FAIL @after_all
// ERR: @after_all in chunk 1 {{.*}}'stablehlo.create_token' at loc({{.*}}): only statically shaped tensors are supported
func.func @after_all() {
  %0 = stablehlo.create_token : !stablehlo.token
  %1 = stablehlo.after_all %0 : !stablehlo.token
  func.return
}

// -----

// OUT: FAIL @tuple
// ERR: @tuple in chunk 2 {{.*}}'stablehlo.tuple' at loc({{.*}}): only statically shaped tensors are supported
func.func @tuple() {
  %0 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %1 = stablehlo.tuple %0 : tuple<tensor<2xf32>>
  %2 = stablehlo.get_tuple_element %1[0] : (tuple<tensor<2xf32>>) -> tensor<2xf32>
  check.expect_eq_const %2, dense<[1.0, 2.0]> : tensor<2xf32>
  func.return
}

// -----

// OUT: PASS @after_tuple
func.func @after_tuple() {
  %0 = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  check.expect_eq_const %0, dense<[1, 2]> : tensor<2xi32>
  func.return
}
