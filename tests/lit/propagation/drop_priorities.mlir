// RUN: sdy-opt %s -split-input-file -sdy-basic-propagate | FileCheck %s
// RUN: sdy-opt %s -split-input-file -sdy-aggressive-propagate | FileCheck %s
// RUN: sdy-opt %s -split-input-file -sdy-op-priority-propagate | FileCheck %s
// RUN: sdy-opt %s -split-input-file -sdy-user-priority-propagate | FileCheck %s

// A sharding that propagation changes loses its priorities, in every
// propagation pass. The expectations are the real Shardy's output (the same
// for the four passes).

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

// -----

// A sharding that propagation leaves alone keeps its priorities in the
// basic, aggressive and op-priority passes, which ignore them; the
// user-priority pass drops every priority it has used. (The real Shardy's
// output.)
// RUN: sdy-opt %s -split-input-file -sdy-basic-propagate | FileCheck %s --check-prefix=KEEP
// RUN: sdy-opt %s -split-input-file -sdy-aggressive-propagate | FileCheck %s --check-prefix=KEEP
// RUN: sdy-opt %s -split-input-file -sdy-op-priority-propagate | FileCheck %s --check-prefix=KEEP
// RUN: sdy-opt %s -split-input-file -sdy-user-priority-propagate | FileCheck %s --check-prefix=DROP

sdy.mesh @mesh = <["x"=2, "y"=2]>
// KEEP-LABEL: func.func @unchanged(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}p1, {"y"}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}p0, {"y"}p2]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}, {"y", ?}]>})
// DROP-LABEL: func.func @unchanged(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}, {"y", ?}]>})
func.func @unchanged(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}p1, {"y"}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}p0, {"y"}p2]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
