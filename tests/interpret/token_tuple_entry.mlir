// RUN: not sdy-run %s 2>&1 | FileCheck %s
// RUN: not sdy-run %s --entry=result 2>&1 | FileCheck %s --check-prefix=RESULT
// RUN: not sdy-run %s --entry=sends -n 2 2>&1 | FileCheck %s --check-prefix=SEND
// RUN: sdy-run %s --entry=inside -n 2 | FileCheck %s --check-prefix=INSIDE
// RUN: not sdy-run %s --entry=probe 2>&1 | FileCheck %s --check-prefix=PROBE

// Outside --interpret (sdy-run, the C ABI), the entry function takes and
// returns tensors only: token and tuple arguments and results are refused
// before anything runs. Inside it they are ordinary values.

// CHECK: argument 0 has type !stablehlo.token: only statically shaped tensors can be run
func.func @main(%t: !stablehlo.token, %x: tensor<2xf32>) -> tensor<2xf32> {
  %u = stablehlo.tuple %x, %t : tuple<tensor<2xf32>, !stablehlo.token>
  %y = stablehlo.get_tuple_element %u[0] : (tuple<tensor<2xf32>, !stablehlo.token>) -> tensor<2xf32>
  func.return %y : tensor<2xf32>
}

// RESULT: result 0 has type tuple<tensor<2xf32>>: only statically shaped tensors can be run
func.func public @result(%x: tensor<2xf32>) -> tuple<tensor<2xf32>> {
  %u = stablehlo.tuple %x : tuple<tensor<2xf32>>
  func.return %u : tuple<tensor<2xf32>>
}

// send and recv between the devices of a run are not supported there.
// SEND: 'stablehlo.send' at loc({{.*}}): stablehlo.send only runs inside interpreter.run_parallel
func.func public @sends(%x: tensor<2xf32>) -> tensor<2xf32> {
  %t = stablehlo.create_token : !stablehlo.token
  %0 = "stablehlo.send"(%x, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  func.return %x : tensor<2xf32>
}

// Tokens and tuples inside the entry function run.
// INSIDE: device 1 result 0: tensor<2xf32> [3, 4]
func.func public @inside() -> tensor<2xf32> {
  %x = stablehlo.constant dense<[3.0, 4.0]> : tensor<2xf32>
  %t = stablehlo.create_token : !stablehlo.token
  %u = stablehlo.tuple %x, %t : tuple<tensor<2xf32>, !stablehlo.token>
  %y = stablehlo.get_tuple_element %u[0] : (tuple<tensor<2xf32>, !stablehlo.token>) -> tensor<2xf32>
  func.return %y : tensor<2xf32>
}

// Probes are recorded by sdy-run --interpret only.
// PROBE: 'interpreter.probe' at loc({{.*}}): interpreter.probe needs the probes that sdy-run --interpret records
func.func public @probe() -> tensor<2xf32> {
  %x = stablehlo.constant dense<[3.0, 4.0]> : tensor<2xf32>
  %y = interpreter.probe %x, probe_id = "p" : tensor<2xf32>
  func.return %y : tensor<2xf32>
}
