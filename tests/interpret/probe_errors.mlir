// RUN: not sdy-run --interpret -split-input-file %s > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: FileCheck %s < %t.err

// A failing check.expect_serialized_eq fails its function (exit 1) and
// names the check.

// OUT: FAIL @wrong_value
// CHECK: @wrong_value in chunk 1 {{.*}}'check.expect_serialized_eq' at loc({{.*}}): check.expect_serialized_eq failed: element [1]: expected 3, got 2
func.func @wrong_value() {
  %0 = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %1 = interpreter.probe %0, probe_id = "x" : tensor<2xi32>
  %2 = stablehlo.constant dense<[1, 3]> : tensor<2xi32>
  check.expect_serialized_eq %2, probe_id = "x" : tensor<2xi32>
  func.return
}

// -----

// OUT: FAIL @wrong_type
// CHECK: @wrong_type in chunk 2 {{.*}}check.expect_serialized_eq failed: expected a tensor<2xi64>, got tensor<2xi32>
func.func @wrong_type() {
  %0 = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %1 = interpreter.probe %0, probe_id = "x" : tensor<2xi32>
  %2 = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  check.expect_serialized_eq %2, probe_id = "x" : tensor<2xi64>
  func.return
}

// -----

// OUT: FAIL @no_such_iteration
// CHECK: @no_such_iteration in chunk 3 {{.*}}check.expect_serialized_eq failed: probe 'x' recorded 1 values, so it has no iteration 1
func.func @no_such_iteration() {
  %0 = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %1 = interpreter.probe %0, probe_id = "x" : tensor<2xi32>
  check.expect_serialized_eq %0, probe_id = "x", iter = 1 : tensor<2xi32>
  func.return
}

// -----

// Each test function starts with no probe recorded.
// OUT: FAIL @no_probe
// CHECK: @no_probe in chunk 4 {{.*}}check.expect_serialized_eq failed: probe 'x' recorded 0 values, so it has no iteration 0
func.func @no_probe() {
  %0 = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  check.expect_serialized_eq %0, probe_id = "x" : tensor<2xi32>
  func.return
}

// OUT: 0 passed, 4 failed
