// RUN: not sdy-run --interpret -split-input-file %s > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: FileCheck %s --check-prefix=ERR < %t.err

// A shape operand that the static op needs as an attribute must be a
// constant, and its values must agree with the types; either error names
// the op, and the other chunks still run (exit 2: bad input).

// ERR: cannot run chunk 1 (line {{[0-9]+}}):
// ERR: error: 'stablehlo.dynamic_pad' op edge_padding_low must be a stablehlo.constant: sdy runs static shapes only
func.func @computed_padding() {
  %operand = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi64>
  %v = stablehlo.constant dense<0> : tensor<i64>
  %one = stablehlo.constant dense<[1]> : tensor<1xi64>
  %low = stablehlo.add %one, %one : tensor<1xi64>
  %result = stablehlo.dynamic_pad %operand, %v, %low, %one, %one : (tensor<3xi64>, tensor<i64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<8xi64>
  func.return
}

// -----

// ERR: cannot run chunk 2 (line {{[0-9]+}}):
// ERR: error: 'stablehlo.pad' op inferred type(s) 'tensor<7xi64>' are incompatible with return type(s) of operation 'tensor<9xi64>'
// ERR: error: 'stablehlo.dynamic_pad' op has shape operands that disagree with its operand and result types
func.func @wrong_padding() {
  %operand = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi64>
  %v = stablehlo.constant dense<0> : tensor<i64>
  %one = stablehlo.constant dense<[1]> : tensor<1xi64>
  %result = stablehlo.dynamic_pad %operand, %v, %one, %one, %one : (tensor<3xi64>, tensor<i64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<9xi64>
  func.return
}

// -----

// OUT: PASS @fine
func.func @fine() {
  %operand = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi64>
  %v = stablehlo.constant dense<0> : tensor<i64>
  %one = stablehlo.constant dense<[1]> : tensor<1xi64>
  %result = stablehlo.dynamic_pad %operand, %v, %one, %one, %one : (tensor<3xi64>, tensor<i64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<7xi64>
  check.expect_eq_const %result, dense<[0, 1, 0, 2, 0, 3, 0]> : tensor<7xi64>
  func.return
}

// OUT: 1 passed, 0 failed
