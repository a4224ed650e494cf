// RUN: sdy-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(sdy-insert-explicit-reshards{enable-full-version=false}))' | FileCheck %s

// Expectations are the real Shardy's output for the same input: when two
// candidate shardings of a concatenate's factor weigh the same (as many
// tensor elements behind each, as many shards), the axes that sort last by
// name win, wherever they come from.

// Equal weights: "c" sorts after "b" and wins (%0: two operands; %1: the
// operands against the result); %2: "c" has more weight.
// CHECK-LABEL: func.func @main(
// CHECK-NEXT: %0 = sdy.reshard %arg0 <@mesh, [{"c"}, {"a"}, {}]> : tensor<16x32x8xf32>
// CHECK-NEXT: %1 = sdy.reshard %arg1 <@mesh, [{"c"}, {"a"}, {}]> : tensor<16x32x8xf32>
// CHECK-NEXT: %2 = stablehlo.concatenate %0, %1, dim = 2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c"}, {"a"}, {}]>]>} : (tensor<16x32x8xf32>, tensor<16x32x8xf32>) -> tensor<16x32x16xf32>
// CHECK-NEXT: %3 = sdy.reshard %2 <@mesh, [{}, {}, {}]> : tensor<16x32x16xf32>
// CHECK-NEXT: %4 = sdy.reshard %arg0 <@mesh, [{"c"}, {"a"}, {}]> : tensor<16x32x8xf32>
// CHECK-NEXT: %5 = sdy.reshard %arg0 <@mesh, [{"c"}, {"a"}, {}]> : tensor<16x32x8xf32>
// CHECK-NEXT: %6 = stablehlo.concatenate %4, %5, dim = 2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c"}, {"a"}, {}]>]>} : (tensor<16x32x8xf32>, tensor<16x32x8xf32>) -> tensor<16x32x16xf32>
// CHECK-NEXT: %7 = sdy.reshard %6 <@mesh, [{}, {"a"}, {"c"}]> : tensor<16x32x16xf32>
// CHECK-NEXT: %8 = sdy.reshard %arg0 <@mesh, [{"c"}, {"a"}, {}]> : tensor<16x32x8xf32>
// CHECK-NEXT: %9 = sdy.reshard %arg1 <@mesh, [{"c"}, {"a"}, {}]> : tensor<16x32x8xf32>
// CHECK-NEXT: %10 = stablehlo.concatenate %8, %9, dim = 2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c"}, {"a"}, {}]>]>} : (tensor<16x32x8xf32>, tensor<16x32x8xf32>) -> tensor<16x32x16xf32>
// CHECK-NEXT: %11 = sdy.reshard %10 <@mesh, [{}, {"a"}, {"c"}]> : tensor<16x32x16xf32>
// CHECK-NEXT: return %3, %7, %11 : tensor<16x32x16xf32>, tensor<16x32x16xf32>, tensor<16x32x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @main(%x: tensor<16x32x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}, {"b"}]>}, %y: tensor<16x32x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}, {"c"}]>}) -> (tensor<16x32x16xf32>, tensor<16x32x16xf32>, tensor<16x32x16xf32>) {
  %0 = stablehlo.concatenate %x, %y, dim = 2 : (tensor<16x32x8xf32>, tensor<16x32x8xf32>) -> tensor<16x32x16xf32>
  %1 = stablehlo.concatenate %x, %x, dim = 2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}, {"c"}]>]>} : (tensor<16x32x8xf32>, tensor<16x32x8xf32>) -> tensor<16x32x16xf32>
  %2 = stablehlo.concatenate %x, %y, dim = 2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}, {"c"}]>]>} : (tensor<16x32x8xf32>, tensor<16x32x8xf32>) -> tensor<16x32x16xf32>
  return %0, %1, %2 : tensor<16x32x16xf32>, tensor<16x32x16xf32>, tensor<16x32x16xf32>
}

// -----

// "b" sorts after "aa" (names compare as strings).
// CHECK-LABEL: func.func @main(
// CHECK-NEXT: %0 = sdy.reshard %arg0 <@mesh, [{"b"}, {"a"}, {}]> : tensor<16x32x8xf32>
// CHECK-NEXT: %1 = sdy.reshard %arg1 <@mesh, [{"b"}, {"a"}, {}]> : tensor<16x32x8xf32>
// CHECK-NEXT: %2 = stablehlo.concatenate %0, %1, dim = 2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"a"}, {}]>]>} : (tensor<16x32x8xf32>, tensor<16x32x8xf32>) -> tensor<16x32x16xf32>
// CHECK-NEXT: %3 = sdy.reshard %2 <@mesh, [{}, {}, {}]> : tensor<16x32x16xf32>
// CHECK-NEXT: %4 = sdy.reshard %arg0 <@mesh, [{"b"}, {"a"}, {}]> : tensor<16x32x8xf32>
// CHECK-NEXT: %5 = sdy.reshard %arg0 <@mesh, [{"b"}, {"a"}, {}]> : tensor<16x32x8xf32>
// CHECK-NEXT: %6 = stablehlo.concatenate %4, %5, dim = 2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"a"}, {}]>]>} : (tensor<16x32x8xf32>, tensor<16x32x8xf32>) -> tensor<16x32x16xf32>
// CHECK-NEXT: %7 = sdy.reshard %6 <@mesh, [{}, {"a"}, {"aa"}]> : tensor<16x32x16xf32>
// CHECK-NEXT: %8 = sdy.reshard %arg0 <@mesh, [{"aa"}, {"a"}, {}]> : tensor<16x32x8xf32>
// CHECK-NEXT: %9 = sdy.reshard %arg1 <@mesh, [{"aa"}, {"a"}, {}]> : tensor<16x32x8xf32>
// CHECK-NEXT: %10 = stablehlo.concatenate %8, %9, dim = 2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"aa"}, {"a"}, {}]>]>} : (tensor<16x32x8xf32>, tensor<16x32x8xf32>) -> tensor<16x32x16xf32>
// CHECK-NEXT: %11 = sdy.reshard %10 <@mesh, [{}, {"a"}, {"aa"}]> : tensor<16x32x16xf32>
// CHECK-NEXT: return %3, %7, %11 : tensor<16x32x16xf32>, tensor<16x32x16xf32>, tensor<16x32x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "aa"=2]>
func.func @main(%x: tensor<16x32x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}, {"b"}]>}, %y: tensor<16x32x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}, {"aa"}]>}) -> (tensor<16x32x16xf32>, tensor<16x32x16xf32>, tensor<16x32x16xf32>) {
  %0 = stablehlo.concatenate %x, %y, dim = 2 : (tensor<16x32x8xf32>, tensor<16x32x8xf32>) -> tensor<16x32x16xf32>
  %1 = stablehlo.concatenate %x, %x, dim = 2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}, {"aa"}]>]>} : (tensor<16x32x8xf32>, tensor<16x32x8xf32>) -> tensor<16x32x16xf32>
  %2 = stablehlo.concatenate %x, %y, dim = 2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}, {"aa"}]>]>} : (tensor<16x32x8xf32>, tensor<16x32x8xf32>) -> tensor<16x32x16xf32>
  return %0, %1, %2 : tensor<16x32x16xf32>, tensor<16x32x16xf32>, tensor<16x32x16xf32>
}
