// RUN: sdy-opt %s -split-input-file -sdy-basic-propagate | FileCheck %s

sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>

// CHECK-LABEL: func.func @forward(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: [[ADD:%.+]] = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x8xf32>
// CHECK: return [[ADD]] : tensor<8x8xf32>
func.func @forward(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
// -----
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
// CHECK-LABEL: func.func @backward(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}, {?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>}) {
// CHECK: [[NEGATE:%.+]] = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", ?}, {?}]>]>} : tensor<8x8xf32>
// CHECK: return [[NEGATE]] : tensor<8x8xf32>
func.func @backward(%arg0: tensor<8x8xf32>) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>}) {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
// -----
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
// Closed dims never gain axes.
// CHECK-LABEL: func.func @closed(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b", ?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) {
// CHECK: [[ADD:%.+]] = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<8x8xf32>
// CHECK: return [[ADD]] : tensor<8x8xf32>
func.func @closed(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {?}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
// -----
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
// Conflict: basic gives up on dim 0, aggressive picks one.
// CHECK-LABEL: func.func @conflict(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) -> tensor<8x8xf32> {
// CHECK: [[ADD:%.+]] = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
// CHECK: return [[ADD]] : tensor<8x8xf32>
func.func @conflict(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
// -----
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
// Prefix agreement: [a] and [a, b] agree on [a, b].
// CHECK-LABEL: func.func @prefix(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}, {?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}, {?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}, {?}]>}) {
// CHECK: [[ADD:%.+]] = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", ?}, {?}]>]>} : tensor<8x8xf32>
// CHECK: return [[ADD]] : tensor<8x8xf32>
func.func @prefix(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}, {?}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
// -----
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
// An axis explicitly replicated in the receiving tensor is not propagated.
// CHECK-LABEL: func.func @replicated(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}], replicated={"b"}>}) {
// CHECK: [[NEGATE:%.+]] = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", ?}, {?}]>]>} : tensor<8x8xf32>
// CHECK: return [[NEGATE]] : tensor<8x8xf32>
func.func @replicated(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}], replicated={"b"}>}) {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
// -----
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
// An axis used by another dim of the receiver is not propagated.
// CHECK-LABEL: func.func @used_elsewhere(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a"}]>}) -> tensor<8x8xf32> {
// CHECK: [[ADD:%.+]] = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
// CHECK: return [[ADD]] : tensor<8x8xf32>
func.func @used_elsewhere(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a"}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
// -----
sdy.mesh @mesh = <["a"=4, "b"=2]>
// A minor-most factor takes a whole axis larger than it, as in Shardy: the
// dim of size 2 takes all of "a"=4.
// CHECK-LABEL: func.func @sub_axis_for_small_dim(%arg0: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> (tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: [[TRANSPOSE:%.+]] = stablehlo.transpose %arg0, dims = [1, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : (tensor<8x2xf32>) -> tensor<2x8xf32>
// CHECK: return [[TRANSPOSE]] : tensor<2x8xf32>
func.func @sub_axis_for_small_dim(%arg0: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> tensor<2x8xf32> {
  %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<8x2xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}
