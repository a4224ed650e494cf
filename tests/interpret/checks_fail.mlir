// RUN: not sdy-run --interpret -split-input-file %s > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: FileCheck %s --check-prefix=ERR < %t.err

// Each failing check names the function, the op's location, the first
// differing element and both tensors; the other chunks still run.

// OUT: FAIL @eq
// ERR: error: @eq in chunk 1 (line 1) failed: 'check.expect_eq_const' at loc({{.*}}checks_fail.mlir":[[# @LINE + 3]]:3): check.expect_eq_const failed: element [1, 0]: expected 5, got 3
func.func @eq() {
  %0 = stablehlo.constant dense<[[1], [3]]> : tensor<2x1xi64>
  check.expect_eq_const %0, dense<[[1], [5]]> : tensor<2x1xi64>
  func.return
}
// ERR-NEXT: expected: tensor<2x1xi64> [1, 5]
// ERR-NEXT: actual:   tensor<2x1xi64> [1, 3]

// -----

// OUT: FAIL @almost
// ERR: @almost in chunk 2 (line {{[0-9]+}}) failed: {{.*}}check.expect_almost_eq failed: element [0]: expected 1.10000002, got 1 (tolerance 0.000100)
func.func @almost() {
  %0 = stablehlo.constant dense<[1.0]> : tensor<1xf32>
  %1 = stablehlo.constant dense<[1.1]> : tensor<1xf32>
  check.expect_almost_eq %0, %1 : tensor<1xf32>
  func.return
}

// -----

// OUT: FAIL @nan
// ERR: @nan in chunk 3 {{.*}}check.expect_eq failed: element [0]: expected 1, got nan
func.func @nan() {
  %0 = stablehlo.constant dense<[0x7FC00000]> : tensor<1xf32>
  %1 = stablehlo.constant dense<[1.0]> : tensor<1xf32>
  check.expect_eq %0, %1 : tensor<1xf32>
  func.return
}

// -----

// OUT: FAIL @close
// ERR: @close in chunk 4 {{.*}}check.expect_close failed: element [0]: expected 1, got 1.00000024 (2 ULPs, allowed 0..1)
func.func @close() {
  %0 = stablehlo.constant dense<[1.00000024]> : tensor<1xf32>
  %1 = stablehlo.constant dense<[1.0]> : tensor<1xf32>
  check.expect_close %0, %1, max_ulp_difference = 1 : tensor<1xf32>
  func.return
}

// -----

// OUT: FAIL @custom
// ERR: @custom in chunk 5 {{.*}}check.expect_eq failed: element [1]: expected 3, got 2
func.func @custom() {
  %0 = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %1 = stablehlo.constant dense<[1, 3]> : tensor<2xi32>
  stablehlo.custom_call @check.expect_eq(%0, %1) {has_side_effect = true} : (tensor<2xi32>, tensor<2xi32>) -> ()
  func.return
}

// -----

// An op that cannot run is named.
// OUT: FAIL @unsupported
// ERR: @unsupported in chunk 6 {{.*}}'stablehlo.custom_call' at loc({{.*}}): custom_call target 'foo' cannot be executed
func.func @unsupported() {
  %0 = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %1 = stablehlo.custom_call @foo(%0) : (tensor<2xi32>) -> tensor<2xi32>
  func.return
}

// -----

// OUT: FAIL @serialized
// ERR: @serialized in chunk 7 {{.*}}check.expect_serialized_eq failed: probe 'probe1' recorded 0 values, so it has no iteration 1
func.func @serialized() {
  %0 = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  check.expect_serialized_eq %0, probe_id = "probe1", iter = 1 : tensor<2xi32>
  func.return
}

// -----

// A parse error names the chunk and the line of the file.
// ERR: error: cannot parse chunk 8 (line [[# @LINE - 2]]):
// ERR-NEXT: checks_fail.mlir:[[# @LINE + 3]]:{{[0-9]+}}: error: use of value '%0' expects different type than prior uses
func.func @parse_error() {
  %0 = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  check.expect_eq_const %0, dense<[1, 2]> : tensor<2xi64>
  func.return
}

// -----

// The checks after a passing function still count.
// OUT: PASS @ok
func.func @ok() {
  func.return
}

// OUT: 1 passed, 7 failed
