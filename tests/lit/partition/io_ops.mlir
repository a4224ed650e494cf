// send, recv, infeed and outfeed have no sharding rule (as in Shardy):
// propagation does not go through them, but their tensor results take the
// shardings their users ask for, and the partitioner leaves the ops in
// place.
// RUN: sdy-opt %s -sdy-populate-op-sharding-rules | FileCheck %s --check-prefix=RULES
// RUN: sdy-opt %s -sdy-propagation-pipeline | FileCheck %s --check-prefix=PROP
// RUN: sdy-opt %s -sdy-partition-pipeline | FileCheck %s

sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @main(%x: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %t: !stablehlo.token) -> (tensor<8x4xf32>, tensor<8x4xf32>, !stablehlo.token) {
  %0 = "stablehlo.send"(%x, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<8x4xf32>, !stablehlo.token) -> !stablehlo.token
  %1:2 = "stablehlo.recv"(%0) {channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>} : (!stablehlo.token) -> (tensor<8x4xf32>, !stablehlo.token)
  %2:2 = "stablehlo.infeed"(%1#1) : (!stablehlo.token) -> (tensor<8x4xf32>, !stablehlo.token)
  %3 = "stablehlo.outfeed"(%x, %2#1) : (tensor<8x4xf32>, !stablehlo.token) -> !stablehlo.token
  %4 = stablehlo.add %1#0, %x : tensor<8x4xf32>
  %5 = stablehlo.add %2#0, %x : tensor<8x4xf32>
  %6 = stablehlo.after_all %3, %t : !stablehlo.token
  return %4, %5, %6 : tensor<8x4xf32>, tensor<8x4xf32>, !stablehlo.token
}

// RULES: "stablehlo.send"(%arg0, %arg1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>}> : (tensor<8x4xf32>, !stablehlo.token) -> !stablehlo.token
// RULES: "stablehlo.recv"(%0) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>}> : (!stablehlo.token) -> (tensor<8x4xf32>, !stablehlo.token)
// RULES: "stablehlo.infeed"(%1#1) <{infeed_config = ""}> : (!stablehlo.token) -> (tensor<8x4xf32>, !stablehlo.token)
// RULES: "stablehlo.outfeed"(%arg0, %2#1) <{outfeed_config = ""}> : (tensor<8x4xf32>, !stablehlo.token) -> !stablehlo.token
// RULES: stablehlo.add %1#0, %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=4}>} : tensor<8x4xf32>
// RULES: stablehlo.after_all %3, %arg1 : !stablehlo.token

// Shardy's propagation gives the same shardings (the token of recv and
// infeed gets a rank-0 sharding).
// PROP: "stablehlo.send"(%arg0, %arg1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>}> : (tensor<8x4xf32>, !stablehlo.token) -> !stablehlo.token
// PROP: "stablehlo.recv"(%0) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>, <@mesh, []>]>} : (!stablehlo.token) -> (tensor<8x4xf32>, !stablehlo.token)
// PROP: "stablehlo.infeed"(%1#1) <{infeed_config = ""}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>, <@mesh, []>]>} : (!stablehlo.token) -> (tensor<8x4xf32>, !stablehlo.token)
// PROP: "stablehlo.outfeed"(%arg0, %2#1) <{outfeed_config = ""}> : (tensor<8x4xf32>, !stablehlo.token) -> !stablehlo.token
// PROP: stablehlo.after_all %3, %arg1 : !stablehlo.token

// Each device sends, receives, reads and writes its own shard.
// CHECK: func.func @main(%arg0: tensor<4x2xf32> {{.*}}, %arg1: !stablehlo.token)
// CHECK: "stablehlo.send"(%arg0, %arg1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>}> : (tensor<4x2xf32>, !stablehlo.token) -> !stablehlo.token
// CHECK: "stablehlo.recv"(%0) {{.*}} : (!stablehlo.token) -> (tensor<4x2xf32>, !stablehlo.token)
// CHECK: "stablehlo.infeed"(%1#1) {{.*}} : (!stablehlo.token) -> (tensor<4x2xf32>, !stablehlo.token)
// CHECK: "stablehlo.outfeed"(%arg0, %2#1) <{outfeed_config = ""}> : (tensor<4x2xf32>, !stablehlo.token) -> !stablehlo.token
// CHECK: stablehlo.add %1#0, %arg0 {{.*}} : tensor<4x2xf32>
// CHECK: stablehlo.after_all %3, %arg1 : !stablehlo.token
