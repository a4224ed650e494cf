// RUN: sdy-opt %s -split-input-file -sdy-update-non-divisible-input-output-shardings | FileCheck %s

// Expectations are the real Shardy's output for the same input: each
// dimension of a function argument/result sharding keeps its axes while they
// divide what is left of it; the first that does not is cut to its major
// sub-axis of size gcd (nothing if 1) and the axes after it are dropped; a
// changed dimension loses its priority; values inside keep their shardings.

// CHECK-LABEL: func.func @main(
// CHECK-SAME: %arg0: tensor<6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"b", "c":(1)4}]>}
// CHECK-SAME: %arg1: tensor<12x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}
// CHECK-SAME: %arg2: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}], replicated={"b"}>}
// CHECK-SAME: %arg3: tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c":(1)2}]>}
// CHECK-SAME: %arg4: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "c":(1)2}]>}
// CHECK-SAME: %arg5: tensor<12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c":(1)4}]>}
// CHECK-SAME: -> (tensor<6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}, tensor<12x3xf32>)
// CHECK-NEXT: %0 = stablehlo.add %arg0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b", "c"}]>]>} : tensor<6x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=8]>
func.func @main(%arg0: tensor<6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b", "c"}]>}, %arg1: tensor<12x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {"c", ?}]>}, %arg2: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}], replicated={"b"}>}, %arg3: tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c":(1)4}]>}, %arg4: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "c"}]>}, %arg5: tensor<12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", "a"}]>}) -> (tensor<6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a"}p1, {}]>}, tensor<12x3xf32>) {
  %0 = stablehlo.add %arg0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b", "c"}]>]>} : tensor<6x8xf32>
  return %0, %arg1 : tensor<6x8xf32>, tensor<12x3xf32>
}

// -----

// CHECK-LABEL: func.func @main(
// CHECK-SAME: %arg0: tensor<8x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}p2, {"b"}p1]>}
// CHECK-SAME: %arg1: tensor<6x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"b"}p1]>}
// CHECK-SAME: %arg2: tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}]>}
// CHECK-SAME: %arg3: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c":(2)4}]>}
// CHECK-SAME: %arg4: tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c":(2)2}]>}
// CHECK-SAME: -> tensor<8x6xf32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=8]>
func.func @main(%arg0: tensor<8x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}p2, {"b"}p1]>}, %arg1: tensor<6x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}p2, {"b"}p1]>}, %arg2: tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}p2]>}, %arg3: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c":(2)4}]>}, %arg4: tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c":(2)4}]>}) -> (tensor<8x6xf32>) {
  return %arg0 : tensor<8x6xf32>
}
