// RUN: sdy-opt %s -sdy-basic-propagate | FileCheck %s
// RUN: sdy-opt %s -sdy-aggressive-propagate | FileCheck %s
// RUN: sdy-opt %s -sdy-op-priority-propagate | FileCheck %s
// RUN: sdy-opt %s -sdy-user-priority-propagate | FileCheck %s

// Every propagation pass drops the priorities it has used, everywhere. The
// expectations are the real Shardy's output (the same for the four passes).

sdy.mesh @mesh = <["x"=2, "y"=2]>
// CHECK-LABEL: func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y", ?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}, {"y", ?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}, {"y", ?}]>})
// CHECK: stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", ?}, {"y", ?}]>]>}
// CHECK: sdy.sharding_constraint %{{.+}} <@mesh, [{"x", ?}, {"y", ?}]>
// CHECK: stablehlo.multiply %{{.+}}, %{{.+}} {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", ?}, {"y", ?}]>]>}
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}p1, {?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"y", ?}p0]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}p2, {?}]>}) {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{"x", ?}p3, {?}]> : tensor<8x8xf32>
  %2 = stablehlo.multiply %1, %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}p1, {?}]>]>} : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}
