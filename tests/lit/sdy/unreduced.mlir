// Unreduced axes (`unreduced={...}`) in shardings on function arguments and
// results, ops, sharding_constraint and reshard, and the ops
// sdy.sharded_to_unreduced, sdy.replicated_to_unreduced and sdy.all_reduce
// with unreduced out_shardings. The expectations are the real Shardy's
// output (JAX 0.10.2) for this input: replicated prints before unreduced.
// RUN: sdy-opt %s | FileCheck %s
// RUN: sdy-opt %s | sdy-opt | FileCheck %s

// CHECK: module {
// CHECK-NEXT: sdy.mesh @mesh = <["a"=2, "b"=4, "c"=2]>
// CHECK-NEXT: func.func @unreduced_shardings(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}], unreduced={"b"}>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {?}], replicated={"a"}, unreduced={"b":(1)2, "c"}>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], unreduced={"a", "b"}>}) {
// CHECK-NEXT: %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}], unreduced={"a"}>]>} : tensor<8x16xf32>
// CHECK-NEXT: %1 = sdy.sharding_constraint %0 <@mesh, [{}, {}], unreduced={"c"}> : tensor<8x16xf32>
// CHECK-NEXT: %2 = sdy.reshard %1 <@mesh, [{}, {}], unreduced={"a"}> : tensor<8x16xf32>
// CHECK-NEXT: return %2 : tensor<8x16xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @unreduced_ops(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"c"}]>}) -> tensor<8x16xf32> {
// CHECK-NEXT: %0 = sdy.sharded_to_unreduced [{"a"}, {}] %arg0 out_sharding=<@mesh, [{}, {"c"}], unreduced={"a"}> : tensor<8x16xf32>
// CHECK-NEXT: %1 = sdy.replicated_to_unreduced {"b"} %0 out_sharding=<@mesh, [{}, {"c"}], unreduced={"a", "b"}> : tensor<8x16xf32>
// CHECK-NEXT: %2 = sdy.sharded_to_unreduced [{}, {"c"}] %1 out_sharding=<@mesh, [{}, {}], unreduced={"a", "b", "c"}> : tensor<8x16xf32>
// CHECK-NEXT: %3 = sdy.all_reduce {"b"} %2 out_sharding=<@mesh, [{}, {}], unreduced={"a", "c"}> : tensor<8x16xf32>
// CHECK-NEXT: return %3 : tensor<8x16xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @unreduced_inlined_mesh(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<mesh<["x"=2, "y"=2]>, [{"x"}], unreduced={"y"}>}) -> tensor<8xf32> {
// CHECK-NEXT: return %arg0 : tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

sdy.mesh @mesh = <["a"=2, "b"=4, "c"=2]>
func.func @unreduced_shardings(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}], unreduced={"b"}>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {?}], unreduced={"b":(1)2, "c"}, replicated={"a"}>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], unreduced={"a", "b"}>}) {
  %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}], unreduced={"a"}>]>} : tensor<8x16xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{}, {}], unreduced={"c"}> : tensor<8x16xf32>
  %2 = sdy.reshard %1 <@mesh, [{}, {}], unreduced={"a"}> : tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}
func.func @unreduced_ops(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"c"}]>}) -> tensor<8x16xf32> {
  %0 = sdy.sharded_to_unreduced [{"a"}, {}] %arg0 out_sharding=<@mesh, [{}, {"c"}], unreduced={"a"}> : tensor<8x16xf32>
  %1 = sdy.replicated_to_unreduced {"b"} %0 out_sharding=<@mesh, [{}, {"c"}], unreduced={"a", "b"}> : tensor<8x16xf32>
  %2 = sdy.sharded_to_unreduced [{}, {"c"}] %1 out_sharding=<@mesh, [{}, {}], unreduced={"a", "b", "c"}> : tensor<8x16xf32>
  %3 = sdy.all_reduce {"b"} %2 out_sharding=<@mesh, [{}, {}], unreduced={"a", "c"}> : tensor<8x16xf32>
  return %3 : tensor<8x16xf32>
}
func.func @unreduced_inlined_mesh(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<mesh<["x"=2, "y"=2]>, [{"x"}], unreduced={"y"}>}) -> tensor<8xf32> {
  return %arg0 : tensor<8xf32>
}
