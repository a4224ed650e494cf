// Collectives inside counted stablehlo.while loops (a counter starting at a
// constant, compared LT against a constant, incremented by a constant) run
// once per iteration: the report gives each its executions per call and
// multiplies the function totals. Every collective_permute moves
// 16 x f32 = 64 B per device and execution (pairs 0<->1, 2<->3):
//   #0 in the outer loop, 0..3 step 1: 3 executions;
//   #1 in the inner loop, 1..10 step 2 (1,3,5,7,9): 5 x 3 = 15;
//   #2 in a loop compared LE: trip count unknown, counted once;
//   #3 in a loop that starts at its limit: 0 executions.
// Total per device: 64 x (3 + 15 + 1 + 0) = 1216 B.
// RUN: sdy-opt %s -sdy-collective-report -o /dev/null | FileCheck %s
// RUN: sdy-opt %s -sdy-collective-report='format=json' -o /dev/null | FileCheck %s --check-prefix=JSON

// CHECK: #0 stablehlo.collective_permute in @main at {{.*}} (inside a region op)
// CHECK-NEXT: axes: -  operands: tensor<16xf32>
// CHECK-NEXT: executions per call: 3 (trip counts 3)
// CHECK: #1 stablehlo.collective_permute in @main
// CHECK-NEXT: axes: -  operands: tensor<16xf32>
// CHECK-NEXT: executions per call: 15 (trip counts 3 5)
// CHECK: #2 stablehlo.collective_permute in @main
// CHECK-NEXT: axes: -  operands: tensor<16xf32>
// CHECK-NEXT: executions per call: trip count unknown: the stablehlo.while is not a counted loop (a counter compared LT against a constant, incremented by a constant); counted once
// CHECK: #3 stablehlo.collective_permute in @main
// CHECK-NEXT: axes: -  operands: tensor<16xf32>
// CHECK-NEXT: executions per call: 0 (trip counts 0)
// CHECK: total @main: 4 collective(s) (1 with unknown trip count, counted once), max sent 1216 B, max received 1216 B

// JSON: "executions": 3,
// JSON: "loops": [
// JSON-NEXT: {
// JSON-NEXT: "id": 0,
// JSON-NEXT: "op": "stablehlo.while",
// JSON-NEXT: "trip_count": 3
// JSON: "executions": 15,
// JSON: "loops": [
// JSON-NEXT: {
// JSON-NEXT: "id": 0,
// JSON: "id": 1,
// JSON-NEXT: "op": "stablehlo.while",
// JSON-NEXT: "trip_count": 5
// JSON: "executions": null,
// JSON: "id": 2,
// JSON-NEXT: "op": "stablehlo.while",
// JSON-NEXT: "trip_count": null
// JSON: "trip_count_unknown": "trip count unknown: the stablehlo.while is not a counted loop
// JSON: "executions": 0,
// JSON: "functions": [
// JSON: "received": [
// JSON-NEXT: 1216,
// JSON: "unknown_trip_counts": 1

sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @main(%a: tensor<16xf32>) -> tensor<16xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %r:2 = stablehlo.while(%i = %c0, %x = %a) : tensor<i32>, tensor<16xf32>
  cond {
    %c3 = stablehlo.constant dense<3> : tensor<i32>
    %p = stablehlo.compare LT, %i, %c3 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %n = stablehlo.add %i, %one : tensor<i32>
    %y = "stablehlo.collective_permute"(%x) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 0], [2, 3], [3, 2]]> : tensor<4x2xi64>}> : (tensor<16xf32>) -> tensor<16xf32>
    %s:2 = stablehlo.while(%j = %c1, %z = %y) : tensor<i32>, tensor<16xf32>
    cond {
      %c10 = stablehlo.constant dense<10> : tensor<i32>
      %q = stablehlo.compare LT, %j, %c10 : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %q : tensor<i1>
    } do {
      %two = stablehlo.constant dense<2> : tensor<i32>
      %m = stablehlo.add %two, %j : tensor<i32>
      %w = "stablehlo.collective_permute"(%z) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, source_target_pairs = dense<[[0, 1], [1, 0], [2, 3], [3, 2]]> : tensor<4x2xi64>}> : (tensor<16xf32>) -> tensor<16xf32>
      stablehlo.return %m, %w : tensor<i32>, tensor<16xf32>
    }
    stablehlo.return %n, %s#1 : tensor<i32>, tensor<16xf32>
  }
  %u:2 = stablehlo.while(%k = %c0, %v = %r#1) : tensor<i32>, tensor<16xf32>
  cond {
    %c4 = stablehlo.constant dense<4> : tensor<i32>
    %p = stablehlo.compare LE, %k, %c4 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %n = stablehlo.add %k, %c1 : tensor<i32>
    %y = "stablehlo.collective_permute"(%v) <{channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, source_target_pairs = dense<[[0, 1], [1, 0], [2, 3], [3, 2]]> : tensor<4x2xi64>}> : (tensor<16xf32>) -> tensor<16xf32>
    stablehlo.return %n, %y : tensor<i32>, tensor<16xf32>
  }
  %t:2 = stablehlo.while(%k = %c1, %v = %u#1) : tensor<i32>, tensor<16xf32>
  cond {
    %p = stablehlo.compare LT, %k, %c1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %n = stablehlo.add %k, %c1 : tensor<i32>
    %y = "stablehlo.collective_permute"(%v) <{channel_handle = #stablehlo.channel_handle<handle = 4, type = 1>, source_target_pairs = dense<[[0, 1], [1, 0], [2, 3], [3, 2]]> : tensor<4x2xi64>}> : (tensor<16xf32>) -> tensor<16xf32>
    stablehlo.return %n, %y : tensor<i32>, tensor<16xf32>
  }
  return %t#1 : tensor<16xf32>
}
