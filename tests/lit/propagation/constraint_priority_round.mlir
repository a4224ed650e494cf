// Op-priority rounds and sharding constraints: like an elementwise op, a
// constraint whose input has other uses is not admitted to the first round.
// The CHECK lines are the real Shardy's output.
// RUN: sdy-opt %s -split-input-file -sdy-propagation-pipeline | FileCheck %s

sdy.mesh @mesh = <["x"=2, "y"=2]>
// %0 has other uses, so the constraint waits for the round that admits
// multi-use operands; by then negate has given %0 the sharding of %arg0 and
// the constraint's conflicting dimensions stay on the constraint.
// CHECK-LABEL: func.func @multi_use_input(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}, tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}, tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) {
// CHECK-NEXT: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} : tensor<8x16xf32>
// CHECK-NEXT: %1 = sdy.reshard %0 <@mesh, [{"y"}, {"x"}]> : tensor<8x16xf32>
// CHECK-NEXT: %2 = stablehlo.add %0, %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} : tensor<8x16xf32>
// CHECK-NEXT: %3 = stablehlo.abs %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} : tensor<8x16xf32>
// CHECK-NEXT: return %2, %1, %3 : tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>
func.func @multi_use_input(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) -> (tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>) {
  %0 = stablehlo.negate %arg0 : tensor<8x16xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{"y", ?}, {"x", ?}]> : tensor<8x16xf32>
  %2 = stablehlo.add %0, %0 : tensor<8x16xf32>
  %3 = stablehlo.abs %arg0 : tensor<8x16xf32>
  return %2, %1, %3 : tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>
}
// -----
sdy.mesh @mesh = <["x"=2, "y"=2]>
// A constraint whose input has no other use goes first and shards %0.
// CHECK-LABEL: func.func @single_use_input(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}, tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) {
// CHECK-NEXT: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {"x"}]>]>} : tensor<8x16xf32>
// CHECK-NEXT: %1 = sdy.reshard %0 <@mesh, [{"y"}, {"x"}]> : tensor<8x16xf32>
// CHECK-NEXT: %2 = stablehlo.abs %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} : tensor<8x16xf32>
// CHECK-NEXT: return %1, %2 : tensor<8x16xf32>, tensor<8x16xf32>
func.func @single_use_input(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
  %0 = stablehlo.negate %arg0 : tensor<8x16xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{"y", ?}, {"x", ?}]> : tensor<8x16xf32>
  %2 = stablehlo.abs %arg0 : tensor<8x16xf32>
  return %1, %2 : tensor<8x16xf32>, tensor<8x16xf32>
}
