// RUN: sdy-opt %s -sdy-propagation-pipeline | FileCheck %s

// A manual computation over "x" with "y" free: "y" crosses the body, also
// through a user all_reduce (elementwise along free dimensions). The
// expectations are the real Shardy's output for this module.

sdy.mesh @mesh = <["x"=2, "y"=4]>
// CHECK-LABEL: func.func @main
// CHECK: sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"y"}, {"x"}]>] out_shardings=[<@mesh, [{"y"}, {"x"}]>] manual_axes={"x"}
// CHECK: stablehlo.add %arg1, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}]>]>}
// CHECK: "stablehlo.all_reduce"
// CHECK: {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}]>]>} : (tensor<8x8xi32>) -> tensor<8x8xi32>
func.func @main(%a: tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}) -> (tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}) {
  %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{?}, {"x", ?}]>] out_shardings=[<@mesh, [{?}, {"x", ?}]>] manual_axes={"x"} (%l: tensor<8x8xi32>) {
    %d = stablehlo.add %l, %l : tensor<8x8xi32>
    %r = "stablehlo.all_reduce"(%d) <{channel_handle = #stablehlo.channel_handle<handle = 102, type = 1>, replica_groups = dense<[[0, 4], [1, 5], [2, 6], [3, 7]]> : tensor<4x2xi64>, use_global_device_ids}> ({
    ^bb0(%p: tensor<i32>, %q: tensor<i32>):
      %t = stablehlo.add %p, %q : tensor<i32>
      stablehlo.return %t : tensor<i32>
    }) : (tensor<8x8xi32>) -> tensor<8x8xi32>
    sdy.return %r : tensor<8x8xi32>
  } : (tensor<8x16xi32>) -> tensor<8x16xi32>
  return %0 : tensor<8x16xi32>
}
