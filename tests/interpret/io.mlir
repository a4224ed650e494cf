// RUN: sdy-run --interpret -split-input-file %s | FileCheck %s

// send/recv, infeed and outfeed inside interpreter.run_parallel, in the
// style of StableHLO's own interpreter tests.

// recv gets what send sent on the same channel handle (whatever the
// device); here partition 0 sends and partition 1 receives.
// CHECK: PASS @main
func.func @send(%operand : tensor<2x2xi64>, %token : !stablehlo.token) -> !stablehlo.token {
  %result = "stablehlo.send"(%operand, %token) {
    channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>,
    is_host_transfer = true
  } : (tensor<2x2xi64>, !stablehlo.token) -> !stablehlo.token
  func.return %result : !stablehlo.token
}
func.func @recv(%token : !stablehlo.token) -> (tensor<2x2xi64>, !stablehlo.token) {
  %results0, %results1 = "stablehlo.recv"(%token) {
    channel_handle = #stablehlo.channel_handle<handle = 1, type = 3>,
    is_host_transfer = true
  } : (!stablehlo.token) -> (tensor<2x2xi64>, !stablehlo.token)
  func.return %results0, %results1 : tensor<2x2xi64>, !stablehlo.token
}
func.func @main() {
  %0 = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>
  %1 = stablehlo.after_all : !stablehlo.token
  %results0, %results1, %results2 = "interpreter.run_parallel"(%0, %1, %1) {
    programs = [[@send, @recv]]
  } : (tensor<2x2xi64>, !stablehlo.token, !stablehlo.token) -> (!stablehlo.token, tensor<2x2xi64>, !stablehlo.token)
  check.expect_eq_const %results1, dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>
  func.return
}

// -----

// Two channels, several values per send, messages taken in order, the
// receiver first in the grid; device to device channels.
// CHECK: PASS @main
func.func @recv2(%t : !stablehlo.token) -> (tensor<i32>, tensor<2xf32>, tensor<i32>) {
  %a:3 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 7, type = 1>} : (!stablehlo.token) -> (tensor<i32>, tensor<2xf32>, !stablehlo.token)
  %b:2 = "stablehlo.recv"(%a#2) {channel_handle = #stablehlo.channel_handle<handle = 8, type = 1>} : (!stablehlo.token) -> (tensor<i32>, !stablehlo.token)
  %c:2 = "stablehlo.recv"(%b#1) {channel_handle = #stablehlo.channel_handle<handle = 8, type = 1>} : (!stablehlo.token) -> (tensor<i32>, !stablehlo.token)
  %d = stablehlo.subtract %b#0, %c#0 : tensor<i32>
  func.return %a#0, %a#1, %d : tensor<i32>, tensor<2xf32>, tensor<i32>
}
func.func @send2(%t : !stablehlo.token) {
  %i = stablehlo.constant dense<5> : tensor<i32>
  %j = stablehlo.constant dense<2> : tensor<i32>
  %x = stablehlo.constant dense<[0.5, 1.5]> : tensor<2xf32>
  %0 = "stablehlo.send"(%i, %t) {channel_handle = #stablehlo.channel_handle<handle = 8, type = 1>} : (tensor<i32>, !stablehlo.token) -> !stablehlo.token
  %1 = "stablehlo.send"(%j, %0) {channel_handle = #stablehlo.channel_handle<handle = 8, type = 1>} : (tensor<i32>, !stablehlo.token) -> !stablehlo.token
  %2 = "stablehlo.send"(%j, %x, %1) {channel_handle = #stablehlo.channel_handle<handle = 7, type = 1>} : (tensor<i32>, tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  func.return
}
func.func @main() {
  %t = stablehlo.create_token : !stablehlo.token
  %r:3 = "interpreter.run_parallel"(%t, %t) {programs = [[@recv2], [@send2]]} : (!stablehlo.token, !stablehlo.token) -> (tensor<i32>, tensor<2xf32>, tensor<i32>)
  check.expect_eq_const %r#0, dense<2> : tensor<i32>
  check.expect_eq_const %r#1, dense<[0.5, 1.5]> : tensor<2xf32>
  check.expect_eq_const %r#2, dense<3> : tensor<i32>
  func.return
}

// -----

// Each infeed runs the next function of `infeed`.
// CHECK: PASS @main
func.func @infeed_queue0() -> tensor<2xi64> {
  %queue0 = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  func.return %queue0 : tensor<2xi64>
}
func.func @infeed_queue1() -> tensor<2xi64> {
  %queue1 = stablehlo.constant dense<[3, 4]> : tensor<2xi64>
  func.return %queue1 : tensor<2xi64>
}
func.func @infeed(%token : !stablehlo.token) -> (tensor<2x2xi64>, !stablehlo.token) {
  %results0:2 = "stablehlo.infeed"(%token) : (!stablehlo.token) -> (tensor<2xi64>, !stablehlo.token)
  %results1:2 = "stablehlo.infeed"(%token) : (!stablehlo.token) -> (tensor<2xi64>, !stablehlo.token)
  %results2 = stablehlo.concatenate %results0#0, %results1#0, dim = 0 : (tensor<2xi64>, tensor<2xi64>) -> tensor<4xi64>
  %results3 = stablehlo.reshape %results2 : (tensor<4xi64>) -> tensor<2x2xi64>
  func.return %results3, %results1#1 : tensor<2x2xi64>, !stablehlo.token
}
func.func @main() {
  %token = stablehlo.after_all : !stablehlo.token
  %results:2 = "interpreter.run_parallel"(%token) {
    infeed = [@infeed_queue0, @infeed_queue1],
    programs = [[@infeed]]
  } : (!stablehlo.token) -> (tensor<2x2xi64>, !stablehlo.token)
  check.expect_eq_const %results#0, dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>
  func.return
}

// -----

// outfeed takes its values and gives a token (the values stay with the
// run, as in StableHLO's reference interpreter).
// CHECK: PASS @main
func.func @outfeed(%inputs0 : tensor<2x2x2xi64>, %token : !stablehlo.token) -> !stablehlo.token {
  %result = "stablehlo.outfeed"(%inputs0, %token) : (tensor<2x2x2xi64>, !stablehlo.token) -> !stablehlo.token
  %empty = "stablehlo.outfeed"(%result) {outfeed_config = "x"} : (!stablehlo.token) -> !stablehlo.token
  func.return %empty : !stablehlo.token
}
func.func @main() {
  %inputs0 = stablehlo.constant dense<[[[1, 2], [3, 4]], [[5, 6], [7, 8]]]> : tensor<2x2x2xi64>
  %token = stablehlo.after_all : !stablehlo.token
  %results0 = "interpreter.run_parallel"(%inputs0, %token) {programs = [[@outfeed]]} : (tensor<2x2x2xi64>, !stablehlo.token) -> !stablehlo.token
  func.return
}

// CHECK: 4 passed, 0 failed
