// RUN: sdy-opt %s -split-input-file -sdy-insert-explicit-reshards='enable-full-version=true' | FileCheck %s

sdy.mesh @mesh = <["x"=8]>

// 60 -> 12x5 with the 12 sharded 8 ways: a shard of 2 padded rows (10
// elements) is no shard of the 60 (ceil(60/8) = 8 elements), so the 12,
// which has the 5 after it in the operand's dimension, takes no axes that
// do not divide it: the reshape runs replicated, the result is resharded.
// CHECK-LABEL: func.func @reshape_split_indivisible
// CHECK-NEXT: %[[R:.*]] = sdy.reshard %arg0 <@mesh, [{}]>
// CHECK-NEXT: %[[S:.*]] = stablehlo.reshape %[[R]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>}
// CHECK-NEXT: %[[B:.*]] = sdy.reshard %[[S]] <@mesh, [{"x"}, {}]>
// CHECK-NEXT: return %[[B]]
func.func @reshape_split_indivisible(%arg0: tensor<60xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> (tensor<12x5xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : (tensor<60xi32>) -> tensor<12x5xi32>
  return %0 : tensor<12x5xi32>
}

// -----

sdy.mesh @mesh = <["x"=8]>

// 64 -> 16x4: 8 divides 16, the sharding stays.
// CHECK-LABEL: func.func @reshape_split_divisible
// CHECK-NEXT: stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>}
// CHECK-NEXT: return
func.func @reshape_split_divisible(%arg0: tensor<64xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> (tensor<16x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : (tensor<64xi32>) -> tensor<16x4xi32>
  return %0 : tensor<16x4xi32>
}
