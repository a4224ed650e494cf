// RUN: sdy-opt %s -pass-pipeline='builtin.module(func.func(sdy-insert-explicit-reshards{enable-full-version=false}))' | FileCheck %s

// Expectations are the real Shardy's output for the same input (its
// sdy-insert-explicit-reshards{enable-full-version=false}): only
// concatenates whose operands and result disagree change (and some dots,
// insert_explicit_reshards_dot.mlir); the concatenated
// dimension ends unsharded and its axes move to the other dimensions, in
// order, where they divide what is left (a partly taken axis keeps its free
// major part).

// CHECK-LABEL: func.func @c1(
// CHECK-NEXT: %0 = sdy.reshard %arg0 <@mesh, [{"a", "b"}, {}]> : tensor<16x32xf32>
// CHECK-NEXT: %1 = sdy.reshard %arg1 <@mesh, [{"a", "b"}, {}]> : tensor<16x32xf32>
// CHECK-NEXT: %2 = stablehlo.concatenate %0, %1, dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b"}, {}]>]>} : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x64xf32>
// CHECK-NEXT: %3 = sdy.reshard %2 <@mesh, [{"a"}, {"b"}]> : tensor<16x64xf32>
// CHECK-NEXT: return %3 : tensor<16x64xf32>
// CHECK-LABEL: func.func @c3(
// CHECK-NEXT: %0 = sdy.reshard %arg0 <@mesh, [{"a", "b"}, {}]> : tensor<16x32xf32>
// CHECK-NEXT: %1 = sdy.reshard %arg1 <@mesh, [{"a", "b"}, {}]> : tensor<16x32xf32>
// CHECK-NEXT: %2 = stablehlo.concatenate %0, %1, dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b"}, {}]>]>} : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x64xf32>
// CHECK-NEXT: %3 = sdy.reshard %2 <@mesh, [{"a"}, {}]> : tensor<16x64xf32>
// CHECK-NEXT: return %3 : tensor<16x64xf32>
// CHECK-LABEL: func.func @c4(
// CHECK-NEXT: %0 = sdy.reshard %arg0 <@mesh, [{"a"}, {}]> : tensor<16x32xf32>
// CHECK-NEXT: %1 = stablehlo.concatenate %0, %arg1, dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x64xf32>
// CHECK-NEXT: return %1 : tensor<16x64xf32>
// CHECK-LABEL: func.func @c6(
// CHECK-NEXT: %0 = sdy.reshard %arg0 <@mesh, [{"a", "b"}, {}]> : tensor<16x32xf32>
// CHECK-NEXT: %1 = sdy.reshard %arg1 <@mesh, [{"a", "b"}, {}]> : tensor<16x32xf32>
// CHECK-NEXT: %2 = stablehlo.concatenate %0, %1, dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b"}, {}]>]>} : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x64xf32>
// CHECK-NEXT: %3 = sdy.reshard %2 <@mesh, [{}, {}]> : tensor<16x64xf32>
// CHECK-NEXT: return %3 : tensor<16x64xf32>
// CHECK-LABEL: func.func @c7(
// CHECK-NEXT: %0 = sdy.reshard %arg0 <@mesh, [{"b", "a"}, {}]> : tensor<16x32xf32>
// CHECK-NEXT: %1 = sdy.reshard %arg1 <@mesh, [{"b", "a"}, {}]> : tensor<16x32xf32>
// CHECK-NEXT: %2 = stablehlo.concatenate %0, %1, dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a"}, {}]>]>} : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x64xf32>
// CHECK-NEXT: %3 = sdy.reshard %2 <@mesh, [{"b"}, {}]> : tensor<16x64xf32>
// CHECK-NEXT: return %3 : tensor<16x64xf32>
// CHECK-LABEL: func.func @c10(
// CHECK-NEXT: %0 = sdy.reshard %arg0 <@mesh, [{}, {"a", "b"}]> : tensor<16x32xf32>
// CHECK-NEXT: %1 = sdy.reshard %arg1 <@mesh, [{}, {"a", "b"}]> : tensor<16x32xf32>
// CHECK-NEXT: %2 = stablehlo.concatenate %0, %1, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a", "b"}]>]>} : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<32x32xf32>
// CHECK-NEXT: %3 = sdy.reshard %2 <@mesh, [{"b"}, {"a"}]> : tensor<32x32xf32>
// CHECK-NEXT: return %3 : tensor<32x32xf32>
// CHECK-LABEL: func.func @c11(
// CHECK-NEXT: %0 = sdy.reshard %arg0 <@mesh, [{"a", "b", ?}, {}]> : tensor<16x32xf32>
// CHECK-NEXT: %1 = sdy.reshard %arg1 <@mesh, [{"a", "b"}, {?}]> : tensor<16x32xf32>
// CHECK-NEXT: %2 = stablehlo.concatenate %0, %1, dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", ?}, {?}]>]>} : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x64xf32>
// CHECK-NEXT: %3 = sdy.reshard %2 <@mesh, [{?}, {?}]> : tensor<16x64xf32>
// CHECK-NEXT: return %3 : tensor<16x64xf32>
// CHECK-LABEL: func.func @consistent(
// CHECK-NEXT: %0 = stablehlo.concatenate %arg0, %arg1, dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x64xf32>
// CHECK-NEXT: return %0 : tensor<16x64xf32>
// CHECK-LABEL: func.func @d1(
// CHECK-NEXT: %0 = sdy.reshard %arg0 <@mesh, [{"a"}, {"b"}, {}]> : tensor<4x8x16xf32>
// CHECK-NEXT: %1 = sdy.reshard %arg1 <@mesh, [{"a"}, {"b"}, {}]> : tensor<4x8x16xf32>
// CHECK-NEXT: %2 = stablehlo.concatenate %0, %1, dim = 2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}, {}]>]>} : (tensor<4x8x16xf32>, tensor<4x8x16xf32>) -> tensor<4x8x32xf32>
// CHECK-NEXT: %3 = sdy.reshard %2 <@mesh, [{}, {}, {}]> : tensor<4x8x32xf32>
// CHECK-NEXT: return %3 : tensor<4x8x32xf32>
// CHECK-LABEL: func.func @d4(
// CHECK-NEXT: %0 = sdy.reshard %arg0 <@mesh, [{}, {}, {}]> : tensor<2x2x16xf32>
// CHECK-NEXT: %1 = stablehlo.concatenate %0, %arg1, dim = 2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {}]>]>} : (tensor<2x2x16xf32>, tensor<2x2x16xf32>) -> tensor<2x2x32xf32>
// CHECK-NEXT: return %1 : tensor<2x2x32xf32>
// CHECK-LABEL: func.func @d6(
// CHECK-NEXT: %0 = sdy.reshard %arg0 <@mesh, [{"a"}, {"b"}, {}]> : tensor<2x4x16xf32>
// CHECK-NEXT: %1 = sdy.reshard %arg1 <@mesh, [{"a"}, {"b"}, {}]> : tensor<2x4x16xf32>
// CHECK-NEXT: %2 = stablehlo.concatenate %0, %1, dim = 2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}, {}]>]>} : (tensor<2x4x16xf32>, tensor<2x4x16xf32>) -> tensor<2x4x32xf32>
// CHECK-NEXT: %3 = sdy.reshard %2 <@mesh, [{}, {}, {}]> : tensor<2x4x32xf32>
// CHECK-NEXT: return %3 : tensor<2x4x32xf32>
// CHECK-LABEL: func.func @d7(
// CHECK-NEXT: %0 = sdy.reshard %arg0 <@mesh, [{}, {"b"}, {}]> : tensor<2x4x16xf32>
// CHECK-NEXT: %1 = sdy.reshard %arg1 <@mesh, [{}, {"b"}, {}]> : tensor<2x4x16xf32>
// CHECK-NEXT: %2 = stablehlo.concatenate %0, %1, dim = 2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}, {}]>]>} : (tensor<2x4x16xf32>, tensor<2x4x16xf32>) -> tensor<2x4x32xf32>
// CHECK-NEXT: %3 = sdy.reshard %2 <@mesh, [{}, {}, {}]> : tensor<2x4x32xf32>
// CHECK-NEXT: return %3 : tensor<2x4x32xf32>
// CHECK-LABEL: func.func @sub(
// CHECK-NEXT: %0 = sdy.reshard %arg0 <@mesh, [{"b":(1)2}, {"b":(2)2, "a"}, {}]> : tensor<16x8x32xf32>
// CHECK-NEXT: %1 = sdy.reshard %arg1 <@mesh, [{"b":(1)2}, {"b":(2)2, "a"}, {}]> : tensor<16x8x32xf32>
// CHECK-NEXT: %2 = stablehlo.concatenate %0, %1, dim = 2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(1)2}, {"b":(2)2, "a"}, {}]>]>} : (tensor<16x8x32xf32>, tensor<16x8x32xf32>) -> tensor<16x8x64xf32>
// CHECK-NEXT: %3 = sdy.reshard %2 <@mesh, [{"a"}, {}, {"b"}]> : tensor<16x8x64xf32>
// CHECK-NEXT: return %3 : tensor<16x8x64xf32>
// CHECK-LABEL: func.func @same_layout(
// CHECK-NEXT: %0 = stablehlo.concatenate %arg0, %arg1, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : (tensor<8xf32>, tensor<8xf32>) -> tensor<16xf32>
// CHECK-NEXT: %1 = sdy.reshard %0 <@mesh, [{"b":(2)2}]> : tensor<16xf32>
// CHECK-NEXT: return %1 : tensor<16xf32>
// CHECK-LABEL: func.func @other_ops_untouched(
// CHECK-NEXT: %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<16x32xf32>
// CHECK-NEXT: return %0 : tensor<16x32xf32>

sdy.mesh @mesh = <["a"=2, "b"=4]>

func.func @c1(%arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, %arg1: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> tensor<16x64xf32> {
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x64xf32>
  return %0 : tensor<16x64xf32>
}

func.func @c3(%arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<16x64xf32> {
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x64xf32>
  return %0 : tensor<16x64xf32>
}

func.func @c4(%arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}, %arg1: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<16x64xf32> {
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x64xf32>
  return %0 : tensor<16x64xf32>
}

func.func @c6(%arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a", "b"}]>}, %arg1: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> tensor<16x64xf32> {
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x64xf32>
  return %0 : tensor<16x64xf32>
}

func.func @c7(%arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}, %arg1: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> tensor<16x64xf32> {
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x64xf32>
  return %0 : tensor<16x64xf32>
}

func.func @c10(%arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}, %arg1: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) -> tensor<32x32xf32> {
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"a"}]>]>} : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<32x32xf32>
  return %0 : tensor<32x32xf32>
}

func.func @c11(%arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b"}]>}, %arg1: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}) -> tensor<16x64xf32> {
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {?}]>]>} : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x64xf32>
  return %0 : tensor<16x64xf32>
}

func.func @consistent(%arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<16x64xf32> {
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x64xf32>
  return %0 : tensor<16x64xf32>
}

func.func @d1(%arg0: tensor<4x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {"b"}]>}, %arg1: tensor<4x8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}) -> tensor<4x8x32xf32> {
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {}]>]>} : (tensor<4x8x16xf32>, tensor<4x8x16xf32>) -> tensor<4x8x32xf32>
  return %0 : tensor<4x8x32xf32>
}

func.func @d4(%arg0: tensor<2x2x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"b"}]>}, %arg1: tensor<2x2x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}) -> tensor<2x2x32xf32> {
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {}]>]>} : (tensor<2x2x16xf32>, tensor<2x2x16xf32>) -> tensor<2x2x32xf32>
  return %0 : tensor<2x2x32xf32>
}

func.func @d6(%arg0: tensor<2x4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"a", "b"}]>}, %arg1: tensor<2x4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}) -> tensor<2x4x32xf32> {
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {}]>]>} : (tensor<2x4x16xf32>, tensor<2x4x16xf32>) -> tensor<2x4x32xf32>
  return %0 : tensor<2x4x32xf32>
}

func.func @d7(%arg0: tensor<2x4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"b", "a"}]>}, %arg1: tensor<2x4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}) -> tensor<2x4x32xf32> {
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {}]>]>} : (tensor<2x4x16xf32>, tensor<2x4x16xf32>) -> tensor<2x4x32xf32>
  return %0 : tensor<2x4x32xf32>
}

func.func @sub(%arg0: tensor<16x8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b":(2)2, "a"}, {}]>}, %arg1: tensor<16x8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b":(2)2, "a"}, {}]>}) -> tensor<16x8x64xf32> {
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}, {"b"}]>]>} : (tensor<16x8x32xf32>, tensor<16x8x32xf32>) -> tensor<16x8x64xf32>
  return %0 : tensor<16x8x64xf32>
}

func.func @same_layout(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) -> tensor<16xf32> {
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(2)2}]>]>} : (tensor<8xf32>, tensor<8xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

func.func @other_ops_untouched(%arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) {
  %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<16x32xf32>
  return %0 : tensor<16x32xf32>
}
