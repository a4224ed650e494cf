// The order ops are visited in: as in Shardy, ops are taken from a stack
// (program order first), and when a value changes the ops around it are
// visited next, depth first. The CHECK lines are the real Shardy's output.
// RUN: sdy-opt %s -sdy-propagation-pipeline | FileCheck %s

sdy.mesh @mesh = <["x"=2, "y"=2]>
// Once %arg0 takes ["x", "y"] from the sqrt, the ops using %arg0 are visited
// before negate hands ["y"] back to %0: the minimum gives %0 ["x", "y"] first
// and the negate's result keeps its own ["y"].
// CHECK-LABEL: func.func @depth_first(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}, tensor<4x16xf32>, tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) {
// CHECK-NEXT: %0 = stablehlo.minimum %arg0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : tensor<8x16xf32>
// CHECK-NEXT: %1 = stablehlo.sqrt %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", "y"}, {}]>]>} : tensor<8x16xf32>
// CHECK-NEXT: %2 = sdy.constant dense<0> : tensor<i32>
// CHECK-NEXT: %3 = sdy.constant dense<1> : tensor<i32>
// CHECK-NEXT: %4 = stablehlo.dynamic_slice %0, %2, %3, sizes = [4, 16] : (tensor<8x16xf32>, tensor<i32>, tensor<i32>) -> tensor<4x16xf32>
// CHECK-NEXT: %5 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}]>]>} : tensor<8x16xf32>
// CHECK-NEXT: return %1, %4, %5 : tensor<8x16xf32>, tensor<4x16xf32>, tensor<8x16xf32>
func.func @depth_first(%arg0: tensor<8x16xf32>) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}, tensor<4x16xf32>, tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", ?}, {}]>}) {
  %0 = stablehlo.minimum %arg0, %arg0 : tensor<8x16xf32>
  %1 = stablehlo.sqrt %arg0 : tensor<8x16xf32>
  %2 = stablehlo.constant dense<0> : tensor<i32>
  %3 = stablehlo.constant dense<1> : tensor<i32>
  %4 = stablehlo.dynamic_slice %0, %2, %3, sizes = [4, 16] : (tensor<8x16xf32>, tensor<i32>, tensor<i32>) -> tensor<4x16xf32>
  %5 = stablehlo.negate %0 : tensor<8x16xf32>
  return %1, %4, %5 : tensor<8x16xf32>, tensor<4x16xf32>, tensor<8x16xf32>
}
