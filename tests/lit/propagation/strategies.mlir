// RUN: sdy-opt %s -split-input-file -sdy-aggressive-propagate | FileCheck %s --check-prefix=AGG
// RUN: sdy-opt %s -split-input-file -sdy-aggressive-propagate='propagation-strategy=basic' | FileCheck %s --check-prefix=BASIC
// RUN: sdy-opt %s -split-input-file -sdy-aggressive-propagate='propagation-strategy=basic-then-aggressive' | FileCheck %s --check-prefix=BTA
// The CHECK lines are the real Shardy's output for each strategy.

sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
// Two operands disagree on dim 0: every strategy leaves the result alone
// (as in Shardy, aggressive resolves conflicts between factors, not within
// one).
// AGG-LABEL: func.func @tie(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) -> tensor<8x8xf32> {
// AGG-NEXT: %0 = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
// AGG-NEXT: return %0 : tensor<8x8xf32>
// BASIC-LABEL: func.func @tie(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) -> tensor<8x8xf32> {
// BASIC-NEXT: %0 = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
// BASIC-NEXT: return %0 : tensor<8x8xf32>
// BTA-LABEL: func.func @tie(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) -> tensor<8x8xf32> {
// BTA-NEXT: %0 = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
// BTA-NEXT: return %0 : tensor<8x8xf32>
func.func @tie(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
// -----
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
// The more sharded operand does not win a conflict either.
// AGG-LABEL: func.func @more_sharded(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "c", ?}, {?}]>}) -> tensor<8x8xf32> {
// AGG-NEXT: %0 = stablehlo.multiply %arg0, %arg1 : tensor<8x8xf32>
// AGG-NEXT: return %0 : tensor<8x8xf32>
// BASIC-LABEL: func.func @more_sharded(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "c", ?}, {?}]>}) -> tensor<8x8xf32> {
// BASIC-NEXT: %0 = stablehlo.multiply %arg0, %arg1 : tensor<8x8xf32>
// BASIC-NEXT: return %0 : tensor<8x8xf32>
// BTA-LABEL: func.func @more_sharded(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "c", ?}, {?}]>}) -> tensor<8x8xf32> {
// BTA-NEXT: %0 = stablehlo.multiply %arg0, %arg1 : tensor<8x8xf32>
// BTA-NEXT: return %0 : tensor<8x8xf32>
func.func @more_sharded(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "c", ?}, {?}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.multiply %arg0, %arg1 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
// -----
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
// The dot result takes "a" from its lhs; at the add it meets "b" of %arg2
// and every strategy leaves the add unsharded.
// AGG-LABEL: func.func @larger_tensor(%arg0: tensor<8x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<64x8xf32>, %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) -> tensor<8x8xf32> {
// AGG-NEXT: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : (tensor<8x64xf32>, tensor<64x8xf32>) -> tensor<8x8xf32>
// AGG-NEXT: %1 = stablehlo.add %0, %arg2 : tensor<8x8xf32>
// AGG-NEXT: return %1 : tensor<8x8xf32>
// BASIC-LABEL: func.func @larger_tensor(%arg0: tensor<8x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<64x8xf32>, %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) -> tensor<8x8xf32> {
// BASIC-NEXT: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : (tensor<8x64xf32>, tensor<64x8xf32>) -> tensor<8x8xf32>
// BASIC-NEXT: %1 = stablehlo.add %0, %arg2 : tensor<8x8xf32>
// BASIC-NEXT: return %1 : tensor<8x8xf32>
// BTA-LABEL: func.func @larger_tensor(%arg0: tensor<8x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<64x8xf32>, %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) -> tensor<8x8xf32> {
// BTA-NEXT: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : (tensor<8x64xf32>, tensor<64x8xf32>) -> tensor<8x8xf32>
// BTA-NEXT: %1 = stablehlo.add %0, %arg2 : tensor<8x8xf32>
// BTA-NEXT: return %1 : tensor<8x8xf32>
func.func @larger_tensor(%arg0: tensor<8x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<64x8xf32>, %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x64xf32>, tensor<64x8xf32>) -> tensor<8x8xf32>
  %1 = stablehlo.add %0, %arg2 : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}
// -----
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
// A chain of elementwise ops: every strategy agrees.
// AGG-LABEL: func.func @chain(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}, {?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}, {?}]>}) {
// AGG-NEXT: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", ?}, {?}]>]>} : tensor<8x8xf32>
// AGG-NEXT: %1 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", ?}, {?}]>]>} : tensor<8x8xf32>
// AGG-NEXT: %2 = stablehlo.exponential %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", ?}, {?}]>]>} : tensor<8x8xf32>
// AGG-NEXT: return %2 : tensor<8x8xf32>
// BASIC-LABEL: func.func @chain(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}, {?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}, {?}]>}) {
// BASIC-NEXT: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", ?}, {?}]>]>} : tensor<8x8xf32>
// BASIC-NEXT: %1 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", ?}, {?}]>]>} : tensor<8x8xf32>
// BASIC-NEXT: %2 = stablehlo.exponential %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", ?}, {?}]>]>} : tensor<8x8xf32>
// BASIC-NEXT: return %2 : tensor<8x8xf32>
// BTA-LABEL: func.func @chain(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}, {?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}, {?}]>}) {
// BTA-NEXT: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", ?}, {?}]>]>} : tensor<8x8xf32>
// BTA-NEXT: %1 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", ?}, {?}]>]>} : tensor<8x8xf32>
// BTA-NEXT: %2 = stablehlo.exponential %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", ?}, {?}]>]>} : tensor<8x8xf32>
// BTA-NEXT: return %2 : tensor<8x8xf32>
func.func @chain(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}, {?}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  %1 = stablehlo.abs %0 : tensor<8x8xf32>
  %2 = stablehlo.exponential %1 : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}
// -----
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
// A closed dimension holding a prefix of another tensor's axes (here none)
// stops basic propagation; aggressive still propagates the longer list.
// AGG-LABEL: func.func @closed_prefix(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}, {?}]>}) {
// AGG-NEXT: %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", ?}, {?}]>]>} : tensor<8x8xf32>
// AGG-NEXT: return %0 : tensor<8x8xf32>
// BASIC-LABEL: func.func @closed_prefix(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> tensor<8x8xf32> {
// BASIC-NEXT: %0 = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
// BASIC-NEXT: return %0 : tensor<8x8xf32>
// BTA-LABEL: func.func @closed_prefix(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}, {?}]>}) {
// BTA-NEXT: %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", ?}, {?}]>]>} : tensor<8x8xf32>
// BTA-NEXT: return %0 : tensor<8x8xf32>
func.func @closed_prefix(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
