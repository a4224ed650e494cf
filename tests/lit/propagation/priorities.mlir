// RUN: sdy-opt %s -split-input-file -sdy-user-priority-propagate | FileCheck %s

// The expectations are the real Shardy's output (sdy-user-priority-propagate);
// like it, the pass prints no priorities once it has used them.

sdy.mesh @mesh = <["x"=2, "y"=2]>
// p0 (no suffix) propagates first: the add takes "x" from %arg0; %arg1's p1
// dimension is not overridden but loses the conflict.
// CHECK-LABEL: func.func @p0_before_p1(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}, {?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", ?}, {?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}, {?}]>}) {
// CHECK: [[ADD:%.+]] = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", ?}, {?}]>]>} : tensor<8x8xf32>
// CHECK: return [[ADD]] : tensor<8x8xf32>
func.func @p0_before_p1(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}, {?}]>},
                        %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", ?}p1, {?}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
// -----
sdy.mesh @mesh = <["x"=2, "y"=2]>
// With the priorities swapped, "y" wins.
// CHECK-LABEL: func.func @p1_after_p0(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}, {?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", ?}, {?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", ?}, {?}]>}) {
// CHECK: [[ADD:%.+]] = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y", ?}, {?}]>]>} : tensor<8x8xf32>
// CHECK: return [[ADD]] : tensor<8x8xf32>
func.func @p1_after_p0(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}p1, {?}]>},
                       %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", ?}, {?}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
// -----
sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>
// Gaps are fine (p0, p2). The p2 dimension of %arg0 is hidden while p0
// propagates: "x" cannot take it ("x" is used by the hidden dim), so the
// second dim gets "y" from %arg1 first, then "z" is kept for p2.
// CHECK-LABEL: func.func @gaps(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"z", ?}, {"y", ?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"z", ?}, {"y", ?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"z", ?}, {"y", ?}]>}) {
// CHECK: [[ADD:%.+]] = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"z", ?}, {"y", ?}]>]>} : tensor<8x8xf32>
// CHECK: return [[ADD]] : tensor<8x8xf32>
func.func @gaps(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"z", ?}p2, {?}]>},
                %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"y", ?}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
// -----
sdy.mesh @mesh = <["x"=2, "y"=2]>
// A hidden dimension's axes are reserved: while p1 is hidden, "x" cannot
// reach dim 1 of %arg0, but (aggressive rounds) each tensor takes what it
// can hold, so the result gets it (the real Shardy's answer); in round p1,
// "x" of %arg0 conflicts with the result's use of "x".
// CHECK-LABEL: func.func @hidden_axes_reserved(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"x", ?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"x", ?}]>}) {
// CHECK: [[ADD:%.+]] = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"x", ?}]>]>} : tensor<8x8xf32>
// CHECK: return [[ADD]] : tensor<8x8xf32>
func.func @hidden_axes_reserved(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}p1, {?}]>},
                                %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"x", ?}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
// -----
sdy.mesh @mesh = <["x"=2, "y"=2]>
// Priorities on constraints and results too.
// CHECK-LABEL: func.func @constraint_priority(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}, {?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", ?}, {?}]>}) {
// CHECK: [[NEGATE:%.+]] = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", ?}, {?}]>]>} : tensor<8x8xf32>
// CHECK: [[SHARDING_CONSTRAINT:%.+]] = sdy.sharding_constraint [[NEGATE]] <@mesh, [{"x", ?}, {?}]> : tensor<8x8xf32>
// CHECK: [[ABS:%.+]] = stablehlo.abs [[SHARDING_CONSTRAINT]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", ?}, {?}]>]>} : tensor<8x8xf32>
// CHECK: return [[ABS]] : tensor<8x8xf32>
func.func @constraint_priority(%arg0: tensor<8x8xf32>) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", ?}p1, {?}]>}) {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{"x", ?}, {?}]> : tensor<8x8xf32>
  %2 = stablehlo.abs %1 : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}
