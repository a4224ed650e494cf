// RUN: not sdy-run --interpret -split-input-file %s 2>&1 | FileCheck %s

// A failing check inside a program names the program and its device.
// CHECK: @main in chunk 1 {{.*}}'interpreter.run_parallel' at loc({{.*}}): program @p of replica 1, partition 0: 'check.expect_eq_const' at loc({{.*}}): check.expect_eq_const failed: element []: expected 0, got 1
func.func @p() {
  %r = stablehlo.replica_id : tensor<ui32>
  check.expect_eq_const %r, dense<0> : tensor<ui32>
  func.return
}
func.func @main() {
  "interpreter.run_parallel"() {programs = [[@p], [@p]]} : () -> ()
  func.return
}

// -----

// An infeed function that fails names itself.
// CHECK: @main in chunk 2 {{.*}}program @p of replica 0, partition 0: 'stablehlo.infeed' at loc({{.*}}): 'check.expect_eq_const' at loc({{.*}}): check.expect_eq_const failed
func.func @q() -> tensor<i32> {
  %x = stablehlo.constant dense<1> : tensor<i32>
  check.expect_eq_const %x, dense<2> : tensor<i32>
  func.return %x : tensor<i32>
}
func.func @p(%t: !stablehlo.token) {
  %0:2 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> (tensor<i32>, !stablehlo.token)
  func.return
}
func.func @main() {
  %t = stablehlo.create_token : !stablehlo.token
  "interpreter.run_parallel"(%t) {programs = [[@p]], infeed = [@q]} : (!stablehlo.token) -> ()
  func.return
}

// -----

// A replica id beyond the grid.
// CHECK: @main in chunk 3 {{.*}}program @f of replica 1, partition 0: 'stablehlo.all_reduce' at loc({{.*}}): replica_groups (cross_replica) names replica 2 but there are only 2
func.func @f(%x: tensor<i64>) -> tensor<i64> {
  %0 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) {replica_groups = dense<[[0, -1], [1, 2]]> : tensor<2x2xi64>} : (tensor<i64>) -> tensor<i64>
  func.return %0 : tensor<i64>
}
func.func @main() {
  %c = stablehlo.constant dense<1> : tensor<i64>
  %r:2 = "interpreter.run_parallel"(%c, %c) {programs = [[@f], [@f]]} : (tensor<i64>, tensor<i64>) -> (tensor<i64>, tensor<i64>)
  func.return
}

// -----

// CHECK: cannot parse chunk 4
// CHECK: error: 'interpreter.run_parallel' op every replica of programs must have the same number of partitions
func.func @p() {
  func.return
}
func.func @main() {
  "interpreter.run_parallel"() {programs = [[@p], [@p, @p]]} : () -> ()
  func.return
}

// -----

// CHECK: cannot parse chunk 5
// CHECK: error: 'interpreter.run_parallel' op input 0 has type 'tensor<i64>' but program @q takes 'tensor<i32>'
func.func @q(%a: tensor<i32>) {
  func.return
}
func.func @main() {
  %c = stablehlo.constant dense<1> : tensor<i64>
  "interpreter.run_parallel"(%c) {programs = [[@q]]} : (tensor<i64>) -> ()
  func.return
}
