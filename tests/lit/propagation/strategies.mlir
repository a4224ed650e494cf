// RUN: sdy-opt %s -split-input-file -sdy-aggressive-propagate | FileCheck %s --check-prefix=AGG
// RUN: sdy-opt %s -split-input-file -sdy-aggressive-propagate='propagation-strategy=basic' | FileCheck %s --check-prefix=BASIC
// RUN: sdy-opt %s -split-input-file -sdy-aggressive-propagate='propagation-strategy=basic-then-aggressive' | FileCheck %s --check-prefix=BTA

sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
// Two operands disagree: basic leaves the result alone; aggressive picks the
// lower tensor index among equals.
// AGG-LABEL: func.func @tie(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// AGG: [[ADD:%.+]] = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x8xf32>
// AGG: return [[ADD]] : tensor<8x8xf32>
// BASIC-LABEL: func.func @tie(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) -> tensor<8x8xf32> {
// BASIC: [[ADD:%.+]] = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
// BASIC: return [[ADD]] : tensor<8x8xf32>
// BTA-LABEL: func.func @tie(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// BTA: [[ADD:%.+]] = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x8xf32>
// BTA: return [[ADD]] : tensor<8x8xf32>
func.func @tie(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
// -----
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
// The more-sharded source wins in aggressive mode.
// AGG-LABEL: func.func @more_sharded(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "c", ?}, {?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "c", ?}, {?}]>}) {
// AGG: [[MULTIPLY:%.+]] = stablehlo.multiply %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "c", ?}, {?}]>]>} : tensor<8x8xf32>
// AGG: return [[MULTIPLY]] : tensor<8x8xf32>
// BASIC-LABEL: func.func @more_sharded(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "c", ?}, {?}]>}) -> tensor<8x8xf32> {
// BASIC: [[MULTIPLY:%.+]] = stablehlo.multiply %arg0, %arg1 : tensor<8x8xf32>
// BASIC: return [[MULTIPLY]] : tensor<8x8xf32>
// BTA-LABEL: func.func @more_sharded(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "c", ?}, {?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "c", ?}, {?}]>}) {
// BTA: [[MULTIPLY:%.+]] = stablehlo.multiply %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "c", ?}, {?}]>]>} : tensor<8x8xf32>
// BTA: return [[MULTIPLY]] : tensor<8x8xf32>
func.func @more_sharded(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "c", ?}, {?}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.multiply %arg0, %arg1 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
// -----
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
// The dot result takes "a" from its lhs (no conflict, so basic does too);
// at the add it meets "b" of %arg2: aggressive resolves the tie by tensor
// index, basic leaves the add unsharded.
// AGG-LABEL: func.func @larger_tensor(%arg0: tensor<8x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<64x8xf32>, %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// AGG: [[DOT_GENERAL:%.+]] = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : (tensor<8x64xf32>, tensor<64x8xf32>) -> tensor<8x8xf32>
// AGG: [[ADD:%.+]] = stablehlo.add [[DOT_GENERAL]], %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x8xf32>
// AGG: return [[ADD]] : tensor<8x8xf32>
// BASIC-LABEL: func.func @larger_tensor(%arg0: tensor<8x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<64x8xf32>, %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) -> tensor<8x8xf32> {
// BASIC: [[DOT_GENERAL:%.+]] = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : (tensor<8x64xf32>, tensor<64x8xf32>) -> tensor<8x8xf32>
// BASIC: [[ADD:%.+]] = stablehlo.add [[DOT_GENERAL]], %arg2 : tensor<8x8xf32>
// BASIC: return [[ADD]] : tensor<8x8xf32>
// BTA-LABEL: func.func @larger_tensor(%arg0: tensor<8x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<64x8xf32>, %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// BTA: [[DOT_GENERAL:%.+]] = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : (tensor<8x64xf32>, tensor<64x8xf32>) -> tensor<8x8xf32>
// BTA: [[ADD:%.+]] = stablehlo.add [[DOT_GENERAL]], %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x8xf32>
// BTA: return [[ADD]] : tensor<8x8xf32>
func.func @larger_tensor(%arg0: tensor<8x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<64x8xf32>, %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x64xf32>, tensor<64x8xf32>) -> tensor<8x8xf32>
  %1 = stablehlo.add %0, %arg2 : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}
// -----
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
// A chain of elementwise ops: every strategy agrees.
// AGG-LABEL: func.func @chain(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}, {?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}, {?}]>}) {
// AGG: [[NEGATE:%.+]] = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", ?}, {?}]>]>} : tensor<8x8xf32>
// AGG: [[ABS:%.+]] = stablehlo.abs [[NEGATE]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", ?}, {?}]>]>} : tensor<8x8xf32>
// AGG: [[EXPONENTIAL:%.+]] = stablehlo.exponential [[ABS]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", ?}, {?}]>]>} : tensor<8x8xf32>
// AGG: return [[EXPONENTIAL]] : tensor<8x8xf32>
// BASIC-LABEL: func.func @chain(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}, {?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}, {?}]>}) {
// BASIC: [[NEGATE:%.+]] = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", ?}, {?}]>]>} : tensor<8x8xf32>
// BASIC: [[ABS:%.+]] = stablehlo.abs [[NEGATE]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", ?}, {?}]>]>} : tensor<8x8xf32>
// BASIC: [[EXPONENTIAL:%.+]] = stablehlo.exponential [[ABS]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", ?}, {?}]>]>} : tensor<8x8xf32>
// BASIC: return [[EXPONENTIAL]] : tensor<8x8xf32>
// BTA-LABEL: func.func @chain(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}, {?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}, {?}]>}) {
// BTA: [[NEGATE:%.+]] = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", ?}, {?}]>]>} : tensor<8x8xf32>
// BTA: [[ABS:%.+]] = stablehlo.abs [[NEGATE]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", ?}, {?}]>]>} : tensor<8x8xf32>
// BTA: [[EXPONENTIAL:%.+]] = stablehlo.exponential [[ABS]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", ?}, {?}]>]>} : tensor<8x8xf32>
// BTA: return [[EXPONENTIAL]] : tensor<8x8xf32>
func.func @chain(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}, {?}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  %1 = stablehlo.abs %0 : tensor<8x8xf32>
  %2 = stablehlo.exponential %1 : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}
