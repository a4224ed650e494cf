// RUN: rm -rf %t && mkdir -p %t
// RUN: sdy-run --interpret --probe-output-dir=%t -split-input-file %s | FileCheck %s
// RUN: FileCheck %s --check-prefix=INDEX < %t/index.csv
// RUN: sdy-run --interpret -split-input-file %s | FileCheck %s
// RUN: not sdy-run %s --probe-output-dir=%t 2>&1 | FileCheck %s --check-prefix=USAGE

// interpreter.probe records each value it sees (iteration 0, 1, ... per
// probe id and test function); check.expect_serialized_eq compares with a
// recorded iteration. Without --probe-output-dir the values go to a
// temporary directory.

// CHECK: PASS @probe_i1
// INDEX: probe_i1,tensor<4xi1>,probe0.npy
func.func @probe_i1() {
  %0 = stablehlo.constant dense<[true, false, true, false]> : tensor<4xi1>
  %1 = stablehlo.constant dense<[false, false, true, true]> : tensor<4xi1>
  %2 = stablehlo.and %0, %1 : tensor<4xi1>
  %3 = interpreter.probe %2, probe_id = "probe_i1" : tensor<4xi1>
  check.expect_serialized_eq %3, probe_id = "probe_i1" : tensor<4xi1>
  func.return
}

// -----

// CHECK: PASS @probe_f32
func.func @probe_f32() {
  %0 = stablehlo.constant dense<[1.5, -0.0, 0x7FC00000]> : tensor<3xf32>
  %1 = interpreter.probe %0, probe_id = "probe_f32" : tensor<3xf32>
  %2 = stablehlo.constant dense<[1.5, 0.0, 0x7FC00000]> : tensor<3xf32>
  check.expect_serialized_eq %2, probe_id = "probe_f32" : tensor<3xf32>
  func.return
}

// -----

// Iterations of a probe in a loop.
// CHECK: PASS @probe_iterations
func.func @probe_iterations() {
  %input = stablehlo.constant dense<0> : tensor<i64>
  %result = stablehlo.while(%arg0 = %input) : tensor<i64>
   cond {
    %c3 = stablehlo.constant dense<3> : tensor<i64>
    %cmp = stablehlo.compare  LT, %arg0, %c3 : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %cmp : tensor<i1>
  } do {
    %p = interpreter.probe %arg0, probe_id = "index" : tensor<i64>
    %c1 = stablehlo.constant dense<1> : tensor<i64>
    %n = stablehlo.add %p, %c1 : tensor<i64>
    stablehlo.return %n : tensor<i64>
  }
  %c0 = stablehlo.constant dense<0> : tensor<i64>
  %c1 = stablehlo.constant dense<1> : tensor<i64>
  %c2 = stablehlo.constant dense<2> : tensor<i64>
  check.expect_serialized_eq %c0, probe_id = "index" : tensor<i64>
  check.expect_serialized_eq %c1, probe_id = "index", iter = 1 : tensor<i64>
  check.expect_serialized_eq %c2, probe_id = "index", iter = 2 : tensor<i64>
  func.return
}

// -----

// Probes inside run_parallel programs record too.
// CHECK: PASS @main
func.func @p() -> tensor<ui32> {
  %r = stablehlo.replica_id : tensor<ui32>
  %q = interpreter.probe %r, probe_id = "replica" : tensor<ui32>
  func.return %q : tensor<ui32>
}
func.func @main() {
  %r = "interpreter.run_parallel"() {programs = [[@p]]} : () -> tensor<ui32>
  check.expect_serialized_eq %r, probe_id = "replica" : tensor<ui32>
  func.return
}

// CHECK: 4 passed, 0 failed

// USAGE: sdy-run: error: --probe-output-dir needs --interpret
