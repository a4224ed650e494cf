// The concatenate reshards of the propagation pipeline
// (-sdy-insert-explicit-reshards{enable-full-version=false}) on a result
// without a sharding. The CHECK lines are the real Shardy's output.
// RUN: sdy-opt %s -split-input-file -sdy-propagation-pipeline | FileCheck %s

sdy.mesh @mesh = <["x"=2, "y"=4]>
// Operands resharded to replicated: the result stays without a sharding.
// CHECK-LABEL: func.func @replicated_result(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}, %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}) -> tensor<32xf32> {
// CHECK-NEXT: %0 = sdy.reshard %arg0 <@mesh, [{}]> : tensor<16xf32>
// CHECK-NEXT: %1 = sdy.reshard %arg1 <@mesh, [{}]> : tensor<16xf32>
// CHECK-NEXT: %2 = stablehlo.concatenate %0, %1, dim = 0 : (tensor<16xf32>, tensor<16xf32>) -> tensor<32xf32>
// CHECK-NEXT: return %2 : tensor<32xf32>
func.func @replicated_result(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}, %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}) -> tensor<32xf32> {
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 0 : (tensor<16xf32>, tensor<16xf32>) -> tensor<32xf32>
  return %0 : tensor<32xf32>
}
// -----
sdy.mesh @mesh = <["x"=2, "y"=4]>
// A sharded layout is written on the result and resharded back.
// CHECK-LABEL: func.func @sharded_result(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) -> tensor<32x8xf32> {
// CHECK-NEXT: %0 = sdy.reshard %arg0 <@mesh, [{}, {"y"}]> : tensor<16x8xf32>
// CHECK-NEXT: %1 = sdy.reshard %arg1 <@mesh, [{}, {"y"}]> : tensor<16x8xf32>
// CHECK-NEXT: %2 = stablehlo.concatenate %0, %1, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} : (tensor<16x8xf32>, tensor<16x8xf32>) -> tensor<32x8xf32>
// CHECK-NEXT: %3 = sdy.reshard %2 <@mesh, [{}, {}]> : tensor<32x8xf32>
// CHECK-NEXT: return %3 : tensor<32x8xf32>
func.func @sharded_result(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) -> tensor<32x8xf32> {
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 0 : (tensor<16x8xf32>, tensor<16x8xf32>) -> tensor<32x8xf32>
  return %0 : tensor<32x8xf32>
}
