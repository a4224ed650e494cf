// RUN: not sdy-run --interpret --timeout-ms=200 -split-input-file %s 2>&1 | FileCheck %s

// CHECK: @main in chunk 1 {{.*}}'stablehlo.send' at loc({{.*}}): stablehlo.send only runs inside interpreter.run_parallel
func.func @main() {
  %t = stablehlo.create_token : !stablehlo.token
  %x = stablehlo.constant dense<1> : tensor<i32>
  %0 = "stablehlo.send"(%x, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<i32>, !stablehlo.token) -> !stablehlo.token
  func.return
}

// -----

// CHECK: @main in chunk 2 {{.*}}'stablehlo.recv' at loc({{.*}}): stablehlo.recv only runs inside interpreter.run_parallel
func.func @main() {
  %t = stablehlo.create_token : !stablehlo.token
  %0:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (!stablehlo.token) -> (tensor<i32>, !stablehlo.token)
  func.return
}

// -----

// CHECK: @main in chunk 3 {{.*}}'stablehlo.infeed' at loc({{.*}}): stablehlo.infeed only runs inside interpreter.run_parallel
func.func @main() {
  %t = stablehlo.create_token : !stablehlo.token
  %0:2 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> (tensor<i32>, !stablehlo.token)
  func.return
}

// -----

// CHECK: @main in chunk 4 {{.*}}'stablehlo.outfeed' at loc({{.*}}): stablehlo.outfeed only runs inside interpreter.run_parallel
func.func @main() {
  %t = stablehlo.create_token : !stablehlo.token
  %0 = "stablehlo.outfeed"(%t) : (!stablehlo.token) -> !stablehlo.token
  func.return
}

// -----

// A recv that nothing answers ends with the collective timeout.
// CHECK: @main in chunk 5 {{.*}}program @r of replica 0, partition 0: 'stablehlo.recv' at loc({{.*}}): collective timeout of 200 ms exceeded: nothing was sent on channel 3
func.func @r(%t: !stablehlo.token) {
  %0:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>} : (!stablehlo.token) -> (tensor<i32>, !stablehlo.token)
  func.return
}
func.func @main() {
  %t = stablehlo.create_token : !stablehlo.token
  "interpreter.run_parallel"(%t) {programs = [[@r]]} : (!stablehlo.token) -> ()
  func.return
}

// -----

// What was sent must be what recv expects.
// CHECK: @main in chunk 6 {{.*}}'stablehlo.recv' at loc({{.*}}): value 0 of the send on channel 1 must be tensor<2xi32>, got tensor<i32>
func.func @s(%t: !stablehlo.token) {
  %x = stablehlo.constant dense<1> : tensor<i32>
  %0 = "stablehlo.send"(%x, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<i32>, !stablehlo.token) -> !stablehlo.token
  func.return
}
func.func @r(%t: !stablehlo.token) {
  %0:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (!stablehlo.token) -> (tensor<2xi32>, !stablehlo.token)
  func.return
}
func.func @main() {
  %t = stablehlo.create_token : !stablehlo.token
  "interpreter.run_parallel"(%t, %t) {programs = [[@s, @r]]} : (!stablehlo.token, !stablehlo.token) -> ()
  func.return
}

// -----

// One infeed function per infeed op.
// CHECK: @main in chunk 7 {{.*}}'stablehlo.infeed' at loc({{.*}}): the infeed of interpreter.run_parallel has no function left
func.func @q() -> tensor<i32> {
  %x = stablehlo.constant dense<1> : tensor<i32>
  func.return %x : tensor<i32>
}
func.func @p(%t: !stablehlo.token) {
  %0:2 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> (tensor<i32>, !stablehlo.token)
  %1:2 = "stablehlo.infeed"(%0#1) : (!stablehlo.token) -> (tensor<i32>, !stablehlo.token)
  func.return
}
func.func @main() {
  %t = stablehlo.create_token : !stablehlo.token
  "interpreter.run_parallel"(%t) {programs = [[@p]], infeed = [@q]} : (!stablehlo.token) -> ()
  func.return
}

// -----

// CHECK: @main in chunk 8 {{.*}}'stablehlo.infeed' at loc({{.*}}): value 0 of infeed function @q must be tensor<f32>, got tensor<i32>
func.func @q() -> tensor<i32> {
  %x = stablehlo.constant dense<1> : tensor<i32>
  func.return %x : tensor<i32>
}
func.func @p(%t: !stablehlo.token) {
  %0:2 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> (tensor<f32>, !stablehlo.token)
  func.return
}
func.func @main() {
  %t = stablehlo.create_token : !stablehlo.token
  "interpreter.run_parallel"(%t) {programs = [[@p]], infeed = [@q]} : (!stablehlo.token) -> ()
  func.return
}

// -----

// CHECK: cannot parse chunk 9
// CHECK: error: 'interpreter.run_parallel' op infeed entries must name defined functions without arguments, got @q
func.func @q(%a: tensor<i32>) -> tensor<i32> {
  func.return %a : tensor<i32>
}
func.func @p() {
  func.return
}
func.func @main() {
  "interpreter.run_parallel"() {programs = [[@p]], infeed = [@q]} : () -> ()
  func.return
}
