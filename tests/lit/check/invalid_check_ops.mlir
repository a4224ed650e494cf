// RUN: sdy-opt %s -split-input-file -verify-diagnostics

func.func @types_differ(%a: tensor<3xi32>, %b: tensor<3xi64>) {
  // expected-error @+1 {{failed to verify that all of {lhs, rhs} have same type}}
  "check.expect_eq"(%a, %b) : (tensor<3xi32>, tensor<3xi64>) -> ()
  return
}

// -----

func.func @const_type(%a: tensor<3xi32>) {
  // expected-error @+1 {{failed to verify that all of {lhs, value} have same type}}
  "check.expect_eq_const"(%a) {value = dense<1> : tensor<3xi64>} : (tensor<3xi32>) -> ()
  return
}

// -----

func.func @close_int(%a: tensor<3xi32>) {
  // expected-error @+1 {{'check.expect_close' op compares floating-point tensors only}}
  check.expect_close %a, %a, max_ulp_difference = 1 : tensor<3xi32>
  return
}

// -----

func.func @close_bounds(%a: tensor<3xf32>) {
  // expected-error @+1 {{'check.expect_close' op min_ulp_difference (3) exceeds max_ulp_difference (1)}}
  check.expect_close %a, %a, max_ulp_difference = 1, min_ulp_difference = 3 : tensor<3xf32>
  return
}

// -----

func.func @close_shapes(%a: tensor<3xf32>, %b: tensor<2xf32>) {
  // expected-error @+1 {{'check.expect_close' op failed to verify that all of {actual, expected} have same shape}}
  check.expect_close %a, %b, max_ulp_difference = 1 : tensor<3xf32>, tensor<2xf32>
  return
}

// -----

func.func @p(%a: tensor<2xf32>) -> tensor<2xf32> {
  return %a : tensor<2xf32>
}
func.func @empty_grid() {
  // expected-error @+1 {{'interpreter.run_parallel' op programs must hold at least one replica}}
  "interpreter.run_parallel"() {programs = []} : () -> ()
  return
}

// -----

func.func @not_symbols() {
  // expected-error @+1 {{'interpreter.run_parallel' op programs entries must be function symbols, got 1 : i64}}
  "interpreter.run_parallel"() {programs = [[1]]} : () -> ()
  return
}

// -----

func.func @not_lists() {
  // expected-error @+1 {{'interpreter.run_parallel' op programs must be a list of non-empty lists of function symbols, one list per replica}}
  "interpreter.run_parallel"() {programs = [[]]} : () -> ()
  return
}

// -----

func.func @ragged() {
  // expected-error @+1 {{'interpreter.run_parallel' op every replica of programs must have the same number of partitions}}
  "interpreter.run_parallel"() {programs = [[@ragged], [@ragged, @ragged]]} : () -> ()
  return
}

// -----

func.func @unknown() {
  // expected-error @+1 {{'interpreter.run_parallel' op program @nope is not a func.func}}
  "interpreter.run_parallel"() {programs = [[@nope]]} : () -> ()
  return
}

// -----

func.func @p(%a: tensor<2xf32>) -> tensor<2xf32> {
  return %a : tensor<2xf32>
}
func.func @few_inputs() {
  // expected-error @+1 {{'interpreter.run_parallel' op the programs take more inputs than the 0 given}}
  "interpreter.run_parallel"() {programs = [[@p]]} : () -> ()
  return
}

// -----

func.func @p(%a: tensor<2xf32>) -> tensor<2xf32> {
  return %a : tensor<2xf32>
}
func.func @bad_input(%a: tensor<2xi32>) {
  // expected-error @+1 {{'interpreter.run_parallel' op input 0 has type 'tensor<2xi32>' but program @p takes 'tensor<2xf32>'}}
  %0 = "interpreter.run_parallel"(%a) {programs = [[@p]]} : (tensor<2xi32>) -> tensor<2xf32>
  return
}

// -----

func.func @p(%a: tensor<2xf32>) -> tensor<2xf32> {
  return %a : tensor<2xf32>
}
func.func @many_inputs(%a: tensor<2xf32>) {
  // expected-error @+1 {{'interpreter.run_parallel' op the programs take 1 inputs, 2 given}}
  %0 = "interpreter.run_parallel"(%a, %a) {programs = [[@p]]} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @p(%a: tensor<2xf32>) -> tensor<2xf32> {
  return %a : tensor<2xf32>
}
func.func @bad_result(%a: tensor<2xf32>) {
  // expected-error @+1 {{'interpreter.run_parallel' op result 0 has type 'tensor<2xi32>' but program @p returns 'tensor<2xf32>'}}
  %0 = "interpreter.run_parallel"(%a) {programs = [[@p]]} : (tensor<2xf32>) -> tensor<2xi32>
  return
}

// -----

func.func @p(%a: tensor<2xf32>) -> tensor<2xf32> {
  return %a : tensor<2xf32>
}
func.func @few_results(%a: tensor<2xf32>) {
  // expected-error @+1 {{'interpreter.run_parallel' op the programs return more results than the 0 of the op}}
  "interpreter.run_parallel"(%a) {programs = [[@p]]} : (tensor<2xf32>) -> ()
  return
}

// -----

func.func @p() {
  return
}
func.func @many_results() {
  // expected-error @+1 {{'interpreter.run_parallel' op the programs return 0 results, the op has 1}}
  %0 = "interpreter.run_parallel"() {programs = [[@p]]} : () -> tensor<2xf32>
  return
}
