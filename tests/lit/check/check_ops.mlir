// RUN: sdy-opt %s | FileCheck %s
// RUN: sdy-opt %s | sdy-opt | FileCheck %s
// RUN: sdy-opt %s --mlir-print-op-generic | sdy-opt | FileCheck %s

// The check and interpreter dialects of interpreter tests round-trip;
// default attributes are omitted.

// CHECK-LABEL: func.func @checks
func.func @checks(%a: tensor<3xi32>, %f: tensor<2xf32>, %d: tensor<2xf64>) {
  // CHECK: check.expect_eq %arg0, %arg0 : tensor<3xi32>
  check.expect_eq %a, %a : tensor<3xi32>
  // CHECK: check.expect_eq_const %arg0, dense<[6, 0, -2]> : tensor<3xi32>
  check.expect_eq_const %a, dense<[6, 0, -2]> : tensor<3xi32>
  // CHECK: check.expect_almost_eq %arg1, %arg1 : tensor<2xf32>
  check.expect_almost_eq %f, %f : tensor<2xf32>
  // CHECK: check.expect_almost_eq %arg1, %arg1, tolerance = 1.000000e-03 : tensor<2xf32>
  check.expect_almost_eq %f, %f, tolerance = 1.0e-3 : tensor<2xf32>
  // CHECK: check.expect_almost_eq_const %arg1, dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
  check.expect_almost_eq_const %f, dense<[1.0, 2.0]> : tensor<2xf32>
  // CHECK: check.expect_almost_eq_const %arg1, dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>, tolerance = 5.000000e-01
  check.expect_almost_eq_const %f, dense<[1.0, 2.0]> : tensor<2xf32>, tolerance = 0.5
  // CHECK: check.expect_close %arg1, %arg1, max_ulp_difference = 3 : tensor<2xf32>
  check.expect_close %f, %f, max_ulp_difference = 3 : tensor<2xf32>, tensor<2xf32>
  // CHECK: check.expect_close %arg1, %arg2, max_ulp_difference = 4, min_ulp_difference = 1 : tensor<2xf32>, tensor<2xf64>
  check.expect_close %f, %d, max_ulp_difference = 4, min_ulp_difference = 1 : tensor<2xf32>, tensor<2xf64>
  // CHECK: check.expect_serialized_eq %arg1, probe_id = "probe1", iter = 2 : tensor<2xf32>
  check.expect_serialized_eq %f, probe_id = "probe1", iter = 2 : tensor<2xf32>
  // CHECK: check.expect_serialized_eq %arg1, probe_id = "probe1" : tensor<2xf32>
  check.expect_serialized_eq %f, probe_id = "probe1" : tensor<2xf32>
  return
}

func.func @p(%a: tensor<2xf32>) -> tensor<2xf32> {
  return %a : tensor<2xf32>
}

// CHECK-LABEL: func.func @parallel
func.func @parallel(%a: tensor<2xf32>) {
  // CHECK: "interpreter.run_parallel"(%arg0, %arg0) <{programs = {{\[\[}}@p], [@p]]}> : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  %0:2 = "interpreter.run_parallel"(%a, %a) {programs = [[@p], [@p]]} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  return
}
