// Round trips of send, recv, infeed, outfeed (upstream prints them
// generically, with infeed_config and outfeed_config always and
// is_host_transfer only when given) and interpreter.probe.
// RUN: sdy-opt %s | sdy-opt | FileCheck %s
// RUN: sdy-opt %s -mlir-print-op-generic | sdy-opt | FileCheck %s

// CHECK-LABEL: func.func @io
func.func @io(%t: !stablehlo.token, %x: tensor<2xf32>) -> (tensor<2xf32>, !stablehlo.token) {
  // CHECK-NEXT: %0 = "stablehlo.send"(%arg1, %arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = false}> : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  %0 = "stablehlo.send"(%x, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = false} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  // CHECK-NEXT: %1:2 = "stablehlo.recv"(%0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 3>, is_host_transfer = true}> : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  %1:2 = "stablehlo.recv"(%0) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 3>, is_host_transfer = true} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  // CHECK-NEXT: %2:2 = "stablehlo.infeed"(%1#1) <{infeed_config = "", layout = {{\[\[}}0]]}> : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  %2:2 = "stablehlo.infeed"(%1#1) {infeed_config = "", layout = [[0]]} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  // CHECK-NEXT: %3 = "stablehlo.outfeed"(%2#0, %2#1) <{outfeed_config = ""}> : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  %3 = "stablehlo.outfeed"(%2#0, %2#1) {outfeed_config = ""} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  // CHECK-NEXT: %4 = "stablehlo.send"(%arg1, %arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>}> : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  %4 = "stablehlo.send"(%x, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0,1]]> : tensor<1x2xi64>} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  // CHECK-NEXT: %5:2 = "stablehlo.infeed"(%1#1) <{infeed_config = "abc"}> : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  %5:2 = "stablehlo.infeed"(%1#1) {infeed_config = "abc"} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  // CHECK-NEXT: %6 = "stablehlo.outfeed"(%2#1) <{outfeed_config = ""}> : (!stablehlo.token) -> !stablehlo.token
  %6 = "stablehlo.outfeed"(%2#1) : (!stablehlo.token) -> !stablehlo.token
  // CHECK-NEXT: %7 = "stablehlo.recv"(%0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>}> : (!stablehlo.token) -> !stablehlo.token
  %7 = "stablehlo.recv"(%0) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (!stablehlo.token) -> (!stablehlo.token)
  // CHECK-NEXT: %8 = "stablehlo.send"(%arg1, %arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>, is_host_transfer = true}> : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  %8 = "stablehlo.send"(%x, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>, is_host_transfer = true} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  // CHECK-NEXT: %9 = "stablehlo.infeed"(%8) <{infeed_config = ""}> : (!stablehlo.token) -> !stablehlo.token
  %9 = "stablehlo.infeed"(%8) : (!stablehlo.token) -> !stablehlo.token
  // CHECK-NEXT: %10 = "stablehlo.send"(%9) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>}> : (!stablehlo.token) -> !stablehlo.token
  %10 = "stablehlo.send"(%9) {channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>} : (!stablehlo.token) -> !stablehlo.token
  return %1#0, %3 : tensor<2xf32>, !stablehlo.token
}

// Tokens through while, if, case and optimization_barrier (pretty forms).
// CHECK-LABEL: func.func @control_flow
func.func @control_flow(%t: !stablehlo.token, %p: tensor<i1>, %i: tensor<i32>) -> !stablehlo.token {
  // CHECK-NEXT: %0 = stablehlo.optimization_barrier %arg0 : !stablehlo.token
  %0 = stablehlo.optimization_barrier %t : !stablehlo.token
  // CHECK-NEXT: %1 = stablehlo.while(%iterArg = %0) : !stablehlo.token
  %1 = stablehlo.while(%a = %0) : !stablehlo.token
   cond {
    stablehlo.return %p : tensor<i1>
  } do {
    stablehlo.return %a : !stablehlo.token
  }
  // CHECK: "stablehlo.if"(%arg1)
  // CHECK: }) : (tensor<i1>) -> !stablehlo.token
  %2 = "stablehlo.if"(%p) ({
    stablehlo.return %1 : !stablehlo.token
  }, {
    stablehlo.return %t : !stablehlo.token
  }) : (tensor<i1>) -> !stablehlo.token
  // CHECK: "stablehlo.case"(%arg2)
  // CHECK: }) : (tensor<i32>) -> !stablehlo.token
  %3 = "stablehlo.case"(%i) ({
    stablehlo.return %2 : !stablehlo.token
  }) : (tensor<i32>) -> !stablehlo.token
  return %3 : !stablehlo.token
}

// CHECK-LABEL: func.func @probe
func.func @probe(%x: tensor<2xf32>) -> tensor<2xf32> {
  // CHECK-NEXT: %0 = interpreter.probe %arg0, probe_id = "p" : tensor<2xf32>
  %0 = interpreter.probe %x, probe_id = "p" : tensor<2xf32>
  // CHECK-NEXT: check.expect_serialized_eq %0, probe_id = "p", iter = 1 : tensor<2xf32>
  check.expect_serialized_eq %0, probe_id = "p", iter = 1 : tensor<2xf32>
  return %0 : tensor<2xf32>
}
