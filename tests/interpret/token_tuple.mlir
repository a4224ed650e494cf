// RUN: sdy-run --interpret -split-input-file %s | FileCheck %s

// Tokens and tuples are values of the interpreter: a token holds nothing, a
// tuple its elements (nested tuples too). The first three chunks are
// StableHLO's own interpreter tests.

// CHECK: PASS @tuple_and_get_tuple_element
func.func @tuple_and_get_tuple_element() {
  %0 = stablehlo.constant dense<1> : tensor<i64>
  %1 = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %2 = stablehlo.tuple %0, %1 : tuple<tensor<i64>, tensor<2xi64>>
  %3 = stablehlo.tuple %0, %2 : tuple<tensor<i64>, tuple<tensor<i64>, tensor<2xi64>>>
  %4 = stablehlo.get_tuple_element %3[0] : (tuple<tensor<i64>, tuple<tensor<i64>, tensor<2xi64>>>) -> tensor<i64>
  %5 = stablehlo.get_tuple_element %3[1] : (tuple<tensor<i64>, tuple<tensor<i64>, tensor<2xi64>>>) -> tuple<tensor<i64>, tensor<2xi64>>
  %6 = stablehlo.get_tuple_element %5[0] : (tuple<tensor<i64>, tensor<2xi64>>) -> tensor<i64>
  %7 = stablehlo.get_tuple_element %5[1] : (tuple<tensor<i64>, tensor<2xi64>>) -> tensor<2xi64>
  check.expect_eq_const %4, dense<1> : tensor<i64>
  check.expect_eq_const %6, dense<1> : tensor<i64>
  check.expect_eq_const %7, dense<[2, 3]> : tensor<2xi64>
  func.return
}

// -----

// CHECK: PASS @after_all
// CHECK-NEXT: result 0: token
func.func @after_all() -> !stablehlo.token {
  %input0 = stablehlo.create_token : !stablehlo.token
  %input1 = stablehlo.create_token : !stablehlo.token
  %result = stablehlo.after_all %input0, %input1 : !stablehlo.token
  func.return %result : !stablehlo.token
}

// -----

// CHECK: PASS @create_token
// CHECK-NEXT: result 0: token
func.func @create_token() -> !stablehlo.token {
  %result = stablehlo.create_token : !stablehlo.token
  func.return %result : !stablehlo.token
}

// -----

// An empty after_all, an empty tuple, a tuple holding a token; a tuple
// result is printed element by element.
// CHECK: PASS @mixed
// CHECK-NEXT: result 0: tuple(tuple(), token, tensor<2xf32> [1.5, -2])
func.func @mixed() -> tuple<tuple<>, !stablehlo.token, tensor<2xf32>> {
  %t = stablehlo.after_all  : !stablehlo.token
  %e = stablehlo.tuple  : tuple<>
  %x = stablehlo.constant dense<[1.5, -2.0]> : tensor<2xf32>
  %u = stablehlo.tuple %e, %t, %x : tuple<tuple<>, !stablehlo.token, tensor<2xf32>>
  %v = stablehlo.get_tuple_element %u[1] : (tuple<tuple<>, !stablehlo.token, tensor<2xf32>>) -> !stablehlo.token
  %w = stablehlo.after_all %v, %t : !stablehlo.token
  func.return %u : tuple<tuple<>, !stablehlo.token, tensor<2xf32>>
}

// -----

// Tokens through while (carried 3 times), if, case and
// optimization_barrier; tuples through function calls.
// CHECK: PASS @main
func.func @swap(%p: tuple<tensor<i32>, tuple<tensor<2xf32>, !stablehlo.token>>) -> tuple<tuple<tensor<2xf32>, !stablehlo.token>, tensor<i32>> {
  %a = stablehlo.get_tuple_element %p[0] : (tuple<tensor<i32>, tuple<tensor<2xf32>, !stablehlo.token>>) -> tensor<i32>
  %b = stablehlo.get_tuple_element %p[1] : (tuple<tensor<i32>, tuple<tensor<2xf32>, !stablehlo.token>>) -> tuple<tensor<2xf32>, !stablehlo.token>
  %r = stablehlo.tuple %b, %a : tuple<tuple<tensor<2xf32>, !stablehlo.token>, tensor<i32>>
  func.return %r : tuple<tuple<tensor<2xf32>, !stablehlo.token>, tensor<i32>>
}
func.func @main() {
  %t = stablehlo.create_token : !stablehlo.token
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %three = stablehlo.constant dense<3> : tensor<i32>
  %w:2 = stablehlo.while(%i = %zero, %tok = %t) : tensor<i32>, !stablehlo.token
   cond {
    %c = stablehlo.compare  LT, %i, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %n = stablehlo.add %i, %one : tensor<i32>
    %k = stablehlo.after_all %tok : !stablehlo.token
    stablehlo.return %n, %k : tensor<i32>, !stablehlo.token
  }
  check.expect_eq_const %w#0, dense<3> : tensor<i32>
  %pred = stablehlo.constant dense<true> : tensor<i1>
  %f:2 = "stablehlo.if"(%pred) ({
    stablehlo.return %w#1, %one : !stablehlo.token, tensor<i32>
  }, {
    stablehlo.return %t, %zero : !stablehlo.token, tensor<i32>
  }) : (tensor<i1>) -> (!stablehlo.token, tensor<i32>)
  check.expect_eq_const %f#1, dense<1> : tensor<i32>
  %g:2 = "stablehlo.case"(%one) ({
    stablehlo.return %t, %zero : !stablehlo.token, tensor<i32>
  }, {
    stablehlo.return %f#0, %three : !stablehlo.token, tensor<i32>
  }) : (tensor<i32>) -> (!stablehlo.token, tensor<i32>)
  check.expect_eq_const %g#1, dense<3> : tensor<i32>
  %b:2 = stablehlo.optimization_barrier %g#0, %g#1 : !stablehlo.token, tensor<i32>
  check.expect_eq_const %b#1, dense<3> : tensor<i32>
  %x = stablehlo.constant dense<[4.0, 5.0]> : tensor<2xf32>
  %inner = stablehlo.tuple %x, %b#0 : tuple<tensor<2xf32>, !stablehlo.token>
  %outer = stablehlo.tuple %three, %inner : tuple<tensor<i32>, tuple<tensor<2xf32>, !stablehlo.token>>
  %s = func.call @swap(%outer) : (tuple<tensor<i32>, tuple<tensor<2xf32>, !stablehlo.token>>) -> tuple<tuple<tensor<2xf32>, !stablehlo.token>, tensor<i32>>
  %s0 = stablehlo.get_tuple_element %s[0] : (tuple<tuple<tensor<2xf32>, !stablehlo.token>, tensor<i32>>) -> tuple<tensor<2xf32>, !stablehlo.token>
  %s00 = stablehlo.get_tuple_element %s0[0] : (tuple<tensor<2xf32>, !stablehlo.token>) -> tensor<2xf32>
  %s1 = stablehlo.get_tuple_element %s[1] : (tuple<tuple<tensor<2xf32>, !stablehlo.token>, tensor<i32>>) -> tensor<i32>
  check.expect_eq_const %s00, dense<[4.0, 5.0]> : tensor<2xf32>
  check.expect_eq_const %s1, dense<3> : tensor<i32>
  func.return
}

// -----

// Tokens and tuples through interpreter.run_parallel.
// CHECK: PASS @main
func.func @p(%t: !stablehlo.token, %u: tuple<tensor<i32>>) -> (tuple<tensor<i32>, !stablehlo.token>) {
  %x = stablehlo.get_tuple_element %u[0] : (tuple<tensor<i32>>) -> tensor<i32>
  %y = stablehlo.add %x, %x : tensor<i32>
  %r = stablehlo.tuple %y, %t : tuple<tensor<i32>, !stablehlo.token>
  func.return %r : tuple<tensor<i32>, !stablehlo.token>
}
func.func @main() {
  %t = stablehlo.create_token : !stablehlo.token
  %c = stablehlo.constant dense<21> : tensor<i32>
  %u = stablehlo.tuple %c : tuple<tensor<i32>>
  %r:2 = "interpreter.run_parallel"(%t, %u, %t, %u) {programs = [[@p, @p]]} : (!stablehlo.token, tuple<tensor<i32>>, !stablehlo.token, tuple<tensor<i32>>) -> (tuple<tensor<i32>, !stablehlo.token>, tuple<tensor<i32>, !stablehlo.token>)
  %v = stablehlo.get_tuple_element %r#1[0] : (tuple<tensor<i32>, !stablehlo.token>) -> tensor<i32>
  check.expect_eq_const %v, dense<42> : tensor<i32>
  func.return
}

// CHECK: 6 passed, 0 failed
