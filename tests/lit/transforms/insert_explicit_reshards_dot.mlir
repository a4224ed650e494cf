// RUN: sdy-opt %s -pass-pipeline='builtin.module(func.func(sdy-insert-explicit-reshards{enable-full-version=false}))' | FileCheck %s

// Expectations are the real Shardy's output for the same input (its
// sdy-insert-explicit-reshards{enable-full-version=false}): a dot whose
// operands agree on the contracting axes but whose result holds exactly
// those axes on one dimension the operands shard otherwise gets the
// sharding the operands imply and an sdy.reshard back (%0, %1, %2: "c"
// instead of "r"); the operands are left alone. Left alone: a result that
// holds the contracting axes where the operands leave the dimension
// unsharded (%3), contracting axes on one operand only (%4), a result that
// differs on two dimensions (%5), a replicated result (%6).

// CHECK-LABEL: func.func @main(
// CHECK-NEXT: %0 = stablehlo.dot %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"r"}, {}]>]>} : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
// CHECK-NEXT: %1 = sdy.reshard %0 <@mesh, [{"c"}, {}]> : tensor<16x32xf32>
// CHECK-NEXT: %2 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"r"}, {}]>]>} : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
// CHECK-NEXT: %3 = sdy.reshard %2 <@mesh, [{"c"}, {}]> : tensor<16x32xf32>
// CHECK-NEXT: %4 = stablehlo.dot_general %arg4, %arg5, batching_dims = [0] x [0], contracting_dims = [2] x [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"r"}]>]>} : (tensor<8x16x32xf32>, tensor<8x32x16xf32>) -> tensor<8x16x16xf32>
// CHECK-NEXT: %5 = sdy.reshard %4 <@mesh, [{}, {}, {"c"}]> : tensor<8x16x16xf32>
// CHECK-NEXT: %6 = stablehlo.dot %arg2, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c"}, {}]>]>} : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
// CHECK-NEXT: %7 = stablehlo.dot %arg3, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c"}, {}]>]>} : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
// CHECK-NEXT: %8 = stablehlo.dot %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c"}, {"r"}]>]>} : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
// CHECK-NEXT: %9 = stablehlo.dot %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
// CHECK-NEXT: return %1, %3, %5, %6, %7, %8, %9 : tensor<16x32xf32>, tensor<16x32xf32>, tensor<8x16x16xf32>, tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>
sdy.mesh @mesh = <["r"=4, "c"=2]>
func.func @main(%lhs: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"r"}, {"c"}]>}, %rhs: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}]>}, %lhs2: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}]>}, %lhs3: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"r"}, {}]>}, %blhs: tensor<8x16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"c"}]>}, %brhs: tensor<8x32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}, {"r"}]>}) -> (tensor<16x32xf32>, tensor<16x32xf32>, tensor<8x16x16xf32>, tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>) {
  %0 = stablehlo.dot %lhs, %rhs {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c"}, {}]>]>} : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
  %1 = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c"}, {}]>]>} : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
  %2 = stablehlo.dot_general %blhs, %brhs, batching_dims = [0] x [0], contracting_dims = [2] x [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"c"}]>]>} : (tensor<8x16x32xf32>, tensor<8x32x16xf32>) -> tensor<8x16x16xf32>
  %3 = stablehlo.dot %lhs2, %rhs {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c"}, {}]>]>} : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
  %4 = stablehlo.dot %lhs3, %rhs {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c"}, {}]>]>} : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
  %5 = stablehlo.dot %lhs, %rhs {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c"}, {"r"}]>]>} : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
  %6 = stablehlo.dot %lhs, %rhs {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<16x32xf32>, tensor<16x32xf32>, tensor<8x16x16xf32>, tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>
}
