// RUN: sdy-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(sdy-insert-explicit-reshards{enable-full-version=false}))' | FileCheck %s

// The unreduced all-reduces of the export's explicit reshards, as the real
// Shardy (JAX 0.10.2) inserts them: one per use whose user does not keep
// the axes unreduced, right before the user. (Shardy prints the while
// loop's all_reduce above the constant that precedes the loop.)

// CHECK-LABEL: func.func @neg
// CHECK-SAME: (%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], unreduced={"a"}>}) -> tensor<8x8xf32> {
// CHECK-NEXT: %0 = sdy.all_reduce {"a"} %arg0 out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: %1 = stablehlo.negate %0 : tensor<8x8xf32>
// CHECK-NEXT: return %1 : tensor<8x8xf32>
// CHECK-LABEL: func.func @add_unreduced
// CHECK-SAME: (%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], unreduced={"a"}>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], unreduced={"a"}>}) -> tensor<8x8xf32> {
// CHECK-NEXT: %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}], unreduced={"a"}>]>} : tensor<8x8xf32>
// CHECK-NEXT: %1 = sdy.all_reduce {"a"} %0 out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: %2 = stablehlo.negate %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : tensor<8x8xf32>
// CHECK-NEXT: return %2 : tensor<8x8xf32>
// CHECK-LABEL: func.func @ret
// CHECK-SAME: (%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], unreduced={"a"}>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
// CHECK-NEXT: %0 = sdy.all_reduce {"a"} %arg0 out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: return %0 : tensor<8x8xf32>
// CHECK-LABEL: func.func @ret2
// CHECK-SAME: (%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], unreduced={"a"}>}) -> tensor<8x8xf32> {
// CHECK-NEXT: %0 = sdy.all_reduce {"a"} %arg0 out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: return %0 : tensor<8x8xf32>
// CHECK-LABEL: func.func @dot_partial
// CHECK-SAME: (%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
// CHECK-NEXT: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}], unreduced={"a"}>]>} : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: %1 = sdy.all_reduce {"a"} %0 out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: %2 = stablehlo.negate %1 : tensor<8x8xf32>
// CHECK-NEXT: return %2 : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @neg(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], unreduced={"a"}>}) -> tensor<8x8xf32> {
  %2 = stablehlo.negate %arg0 : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}
func.func @add_unreduced(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], unreduced={"a"}>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], unreduced={"a"}>}) -> tensor<8x8xf32> {
  %2 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}], unreduced={"a"}>]>} : tensor<8x8xf32>
  %3 = stablehlo.negate %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : tensor<8x8xf32>
  return %3 : tensor<8x8xf32>
}
func.func @ret(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], unreduced={"a"}>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
  return %arg0 : tensor<8x8xf32>
}
func.func @ret2(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], unreduced={"a"}>}) -> (tensor<8x8xf32>) {
  return %arg0 : tensor<8x8xf32>
}
func.func @dot_partial(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}], unreduced={"a"}>]>} : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  %1 = stablehlo.negate %0 : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func @two_uses
// CHECK-SAME: (%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], unreduced={"a"}>}) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
// CHECK-NEXT: %0 = sdy.all_reduce {"a"} %arg0 out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: %1 = stablehlo.negate %0 : tensor<8x8xf32>
// CHECK-NEXT: %2 = sdy.all_reduce {"a"} %arg0 out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: %3 = stablehlo.abs %2 : tensor<8x8xf32>
// CHECK-NEXT: return %1, %3 : tensor<8x8xf32>, tensor<8x8xf32>
// CHECK-LABEL: func.func @same_op_twice
// CHECK-SAME: (%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}], unreduced={"a"}>}) -> tensor<8x8xf32> {
// CHECK-NEXT: %0 = sdy.all_reduce {"a"} %arg0 out_sharding=<@mesh, [{"b"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: %1 = sdy.all_reduce {"a"} %arg0 out_sharding=<@mesh, [{"b"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: %2 = stablehlo.multiply %0, %1 : tensor<8x8xf32>
// CHECK-NEXT: return %2 : tensor<8x8xf32>
// CHECK-LABEL: func.func @partial
// CHECK-SAME: (%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], unreduced={"a", "b"}>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], unreduced={"b"}>}) {
// CHECK-NEXT: %0 = sdy.all_reduce {"a"} %arg0 out_sharding=<@mesh, [{}, {}], unreduced={"b"}> : tensor<8x8xf32>
// CHECK-NEXT: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}], unreduced={"b"}>]>} : tensor<8x8xf32>
// CHECK-NEXT: return %1 : tensor<8x8xf32>
// CHECK-LABEL: func.func @ret_unreduced
// CHECK-SAME: (%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], unreduced={"a"}>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], unreduced={"a"}>}) {
// CHECK-NEXT: return %arg0 : tensor<8x8xf32>
// CHECK-LABEL: func.func @while_user
// CHECK-SAME: (%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], unreduced={"a"}>}) -> tensor<8x8xf32> {
// CHECK-NEXT: %c = stablehlo.constant dense<0> : tensor<i32>
// CHECK-NEXT: %0 = sdy.all_reduce {"a"} %arg0 out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: %1:2 = stablehlo.while(%iterArg = %c, %iterArg_0 = %0) : tensor<i32>, tensor<8x8xf32>
// CHECK-NEXT: cond {
// CHECK-NEXT: %c_1 = stablehlo.constant dense<3> : tensor<i32>
// CHECK-NEXT: %2 = stablehlo.compare LT, %iterArg, %c_1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
// CHECK-NEXT: stablehlo.return %2 : tensor<i1>
// CHECK-NEXT: } do {
// CHECK-NEXT: %c_1 = stablehlo.constant dense<1> : tensor<i32>
// CHECK-NEXT: %2 = stablehlo.add %iterArg, %c_1 : tensor<i32>
// CHECK-NEXT: stablehlo.return %2, %iterArg_0 : tensor<i32>, tensor<8x8xf32>
// CHECK: return %1#1 : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @two_uses(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], unreduced={"a"}>}) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %1 = stablehlo.negate %arg0 : tensor<8x8xf32>
  %2 = stablehlo.abs %arg0 : tensor<8x8xf32>
  return %1, %2 : tensor<8x8xf32>, tensor<8x8xf32>
}
func.func @same_op_twice(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}], unreduced={"a"}>}) -> (tensor<8x8xf32>) {
  %1 = stablehlo.multiply %arg0, %arg0 : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}
func.func @partial(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], unreduced={"a", "b"}>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], unreduced={"b"}>}) {
  %1 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}], unreduced={"b"}>]>} : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}
func.func @ret_unreduced(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], unreduced={"a"}>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], unreduced={"a"}>}) {
  return %arg0 : tensor<8x8xf32>
}
func.func @while_user(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], unreduced={"a"}>}) -> (tensor<8x8xf32>) {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%i = %c, %x = %arg0) : tensor<i32>, tensor<8x8xf32>
   cond {
    %l = stablehlo.constant dense<3> : tensor<i32>
    %p = stablehlo.compare LT, %i, %l : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %n = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %n, %x : tensor<i32>, tensor<8x8xf32>
  }
  return %r#1 : tensor<8x8xf32>
}
