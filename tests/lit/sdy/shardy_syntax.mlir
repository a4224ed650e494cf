// Shardy's syntax, both ways. The first segment is text printed by the real
// Shardy (JAX 0.10.2's bundled sdy dialect) for every sdy op and attribute:
// sdy-opt must parse it and print it back identically. The second segment
// has input forms Shardy accepts but prints differently (a full
// `#sdy.sharding<...>` inside `#sdy.sharding_per_value`, `{}` after a rule
// without factors); the expectations are the real Shardy's output.
// RUN: sdy-opt %s -split-input-file | FileCheck %s
// RUN: sdy-opt %s -split-input-file | sdy-opt -split-input-file | FileCheck %s

// CHECK: module {
// CHECK-NEXT: sdy.mesh @mesh = <["a"=2, "b"=4, "c"=2]>
// CHECK-NEXT: sdy.mesh @maximal = <[], device_ids=[3]>
// CHECK-NEXT: sdy.mesh @iota = <["x"=2, "y"=2], device_ids=[1, 0, 3, 2]>
// CHECK-NEXT: func.func @attrs() attributes {a = #sdy<manual_axes{"a", "b"}>, b = #sdy<axis_ref_list{"a", "b":(1)2}>, c = #sdy<all_to_all_param{"a"}: 0->1>, d = #sdy<all_to_all_param_list[{"a"}: 0->1, {"b":(2)2}: 2->0]>, e = #sdy<list_of_axis_ref_lists[{"a"}, {}]>, f = #sdy<mesh_axis"a"=2>, g = #sdy<axis_ref"a">, h = #sdy<sub_axis_info(1)2>, i = #sdy<dimension_sharding{"a", ?}p1>, j = #sdy<tensor_mapping[i, jk]>, k = #sdy<manual_axes{}>, l = #sdy<axis_ref_list{}>, m = #sdy.mesh<["a"=2], device_ids=[1, 0]>, n = #sdy.sharding<mesh<["a"=2]>, [{"a"}]>, o = #sdy.sharding_per_value<[<@mesh, [{"a"}]>, <@mesh, []>]>} {
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @rules(%arg0: tensor<8x16xf32>, %arg1: tensor<16x8xf32>, %arg2: tensor<f32>) -> tensor<8x8xf32> {
// CHECK-NEXT: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=8, j=8, k=16} reduction={k}>} : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: %1 = stablehlo.add %arg2, %arg2 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<f32>
// CHECK-NEXT: %2 = stablehlo.add %0, %0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=8} need_replication={i} permutation={j} blocked_propagation={i}, custom>} : tensor<8x8xf32>
// CHECK-NEXT: %3 = stablehlo.reshape %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([ij, k])->([i, jk]) {i=2, j=4, k=16}>} : (tensor<8x16xf32>) -> tensor<2x64xf32>
// CHECK-NEXT: return %2 : tensor<8x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @shardings(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}p1, {"b":(1)2}], replicated={"c"}>}, %arg1: tensor<f32> {sdy.sharding = #sdy.sharding<@maximal, []>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"c"}p0]>}) {
// CHECK-NEXT: %0 = stablehlo.add %arg0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
// CHECK-NEXT: %1 = sdy.sharding_constraint %0 <@mesh, [{}, {"b"}]> : tensor<8x8xf32>
// CHECK-NEXT: %2 = sdy.reshard %1 <@mesh, [{"c"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: sdy.sharding_group %2 group_id=3 : tensor<8x8xf32>
// CHECK-NEXT: %3 = sdy.propagation_barrier %2 allowed_direction=BACKWARD : tensor<8x8xf32>
// CHECK-NEXT: %4 = sdy.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} dense<1.000000e+00> : tensor<8x8xf32>
// CHECK-NEXT: %5 = stablehlo.add %4, %4 : tensor<8x8xf32>
// CHECK-NEXT: %6 = sdy.data_flow_edge %5 sharding=<@mesh, [{"a"}, {?}]> : tensor<8x8xf32>
// CHECK-NEXT: %7 = sdy.named_computation<"foo">(%6) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{}, {"b"}]>] (%arg2: tensor<8x8xf32>) {
// CHECK-NEXT: sdy.return %arg2 : tensor<8x8xf32>
// CHECK-NEXT: } : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: %8 = sdy.manual_computation(%7) in_shardings=[<@mesh, [{"a", "b"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}], replicated={"b"}>] manual_axes={"a", "b"} (%arg2: tensor<1x8xf32>) {
// CHECK-NEXT: %9 = stablehlo.add %arg2, %arg2 : tensor<1x8xf32>
// CHECK-NEXT: sdy.return %9 : tensor<1x8xf32>
// CHECK-NEXT: } : (tensor<8x8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: return %3 : tensor<8x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @collectives(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
// CHECK-NEXT: %0 = sdy.all_gather [{"a"}, {}] %arg0 out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: %1 = sdy.all_slice [{}, {"b"}] %0 out_sharding=<@mesh, [{}, {"b"}]> : tensor<8x8xf32>
// CHECK-NEXT: %2 = sdy.all_to_all [{"b"}: 1->0] %1 out_sharding=<@mesh, [{"b"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: %3 = sdy.collective_permute %2 out_sharding=<@mesh, [{"c", "a"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: %4 = sdy.all_reduce {"b"} %3 out_sharding=<@mesh, [{"c", "a"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: %5 = sdy.reduce_scatter [{}, {"b"}] %4 out_sharding=<@mesh, [{"c", "a"}, {"b"}]> : tensor<8x8xf32>
// CHECK-NEXT: return %5 : tensor<8x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

sdy.mesh @mesh = <["a"=2, "b"=4, "c"=2]>
sdy.mesh @maximal = <[], device_ids=[3]>
sdy.mesh @iota = <["x"=2, "y"=2], device_ids=[1, 0, 3, 2]>
func.func @attrs() attributes {a = #sdy<manual_axes{"a", "b"}>, b = #sdy<axis_ref_list{"a", "b":(1)2}>, c = #sdy<all_to_all_param{"a"}: 0->1>, d = #sdy<all_to_all_param_list[{"a"}: 0->1, {"b":(2)2}: 2->0]>, e = #sdy<list_of_axis_ref_lists[{"a"}, {}]>, f = #sdy<mesh_axis"a"=2>, g = #sdy<axis_ref"a">, h = #sdy<sub_axis_info(1)2>, i = #sdy<dimension_sharding{"a", ?}p1>, j = #sdy<tensor_mapping[i, jk]>, k = #sdy<manual_axes{}>, l = #sdy<axis_ref_list{}>, m = #sdy.mesh<["a"=2], device_ids=[1, 0]>, n = #sdy.sharding<mesh<["a"=2]>, [{"a"}]>, o = #sdy.sharding_per_value<[<@mesh, [{"a"}]>, <@mesh, []>]>} {
  return
}
func.func @rules(%arg0: tensor<8x16xf32>, %arg1: tensor<16x8xf32>, %arg2: tensor<f32>) -> tensor<8x8xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=8, j=8, k=16} reduction={k}>} : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  %1 = stablehlo.add %arg2, %arg2 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<f32>
  %2 = stablehlo.add %0, %0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=8} need_replication={i} permutation={j} blocked_propagation={i}, custom>} : tensor<8x8xf32>
  %3 = stablehlo.reshape %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([ij, k])->([i, jk]) {i=2, j=4, k=16}>} : (tensor<8x16xf32>) -> tensor<2x64xf32>
  return %2 : tensor<8x8xf32>
}
func.func @shardings(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}p1, {"b":(1)2}], replicated={"c"}>}, %arg1: tensor<f32> {sdy.sharding = #sdy.sharding<@maximal, []>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"c"}p0]>}) {
  %0 = stablehlo.add %arg0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{}, {"b"}]> : tensor<8x8xf32>
  %2 = sdy.reshard %1 <@mesh, [{"c"}, {}]> : tensor<8x8xf32>
  sdy.sharding_group %2 group_id=3 : tensor<8x8xf32>
  %3 = sdy.propagation_barrier %2 allowed_direction=BACKWARD : tensor<8x8xf32>
  %4 = sdy.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} dense<1.000000e+00> : tensor<8x8xf32>
  %5 = stablehlo.add %4, %4 : tensor<8x8xf32>
  %6 = sdy.data_flow_edge %5 sharding=<@mesh, [{"a"}, {?}]> : tensor<8x8xf32>
  %7 = sdy.named_computation<"foo">(%6) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{}, {"b"}]>] (%arg2: tensor<8x8xf32>) {
    sdy.return %arg2 : tensor<8x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %8 = sdy.manual_computation(%7) in_shardings=[<@mesh, [{"a", "b"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}], replicated={"b"}>] manual_axes={"a", "b"} (%arg2: tensor<1x8xf32>) {
    %9 = stablehlo.add %arg2, %arg2 : tensor<1x8xf32>
    sdy.return %9 : tensor<1x8xf32>
  } : (tensor<8x8xf32>) -> tensor<2x8xf32>
  return %3 : tensor<8x8xf32>
}
func.func @collectives(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  %0 = sdy.all_gather [{"a"}, {}] %arg0 out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
  %1 = sdy.all_slice [{}, {"b"}] %0 out_sharding=<@mesh, [{}, {"b"}]> : tensor<8x8xf32>
  %2 = sdy.all_to_all [{"b"}: 1->0] %1 out_sharding=<@mesh, [{"b"}, {}]> : tensor<8x8xf32>
  %3 = sdy.collective_permute %2 out_sharding=<@mesh, [{"c", "a"}, {}]> : tensor<8x8xf32>
  %4 = sdy.all_reduce {"b"} %3 out_sharding=<@mesh, [{"c", "a"}, {}]> : tensor<8x8xf32>
  %5 = sdy.reduce_scatter [{}, {"b"}] %4 out_sharding=<@mesh, [{"c", "a"}, {"b"}]> : tensor<8x8xf32>
  return %5 : tensor<8x8xf32>
}

// -----

// CHECK: module {
// CHECK-NEXT: sdy.mesh @mesh = <["a"=2, "b"=4]>
// CHECK-NEXT: func.func @input_forms(%arg0: tensor<f32>, %arg1: tensor<8xf32>) -> tensor<f32> attributes {b = #sdy.sharding_per_value<[<@mesh, [{"a"}]>, <@mesh, [{?}]>]>} {
// CHECK-NEXT: %0 = stablehlo.add %arg0, %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<f32>
// CHECK-NEXT: %1 = stablehlo.add %arg1, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}]>]>} : tensor<8xf32>
// CHECK-NEXT: return %0 : tensor<f32>
// CHECK-NEXT: }
// CHECK-NEXT: }

sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @input_forms(%arg0: tensor<f32>, %arg1: tensor<8xf32>) -> tensor<f32> attributes {b = #sdy.sharding_per_value<[#sdy.sharding<@mesh, [{"a"}]>, <@mesh, [{?}]>]>} {
  %0 = stablehlo.add %arg0, %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([]) {}>} : tensor<f32>
  %1 = stablehlo.add %arg1, %arg1 {sdy.sharding = #sdy.sharding_per_value<[#sdy.sharding<@mesh, [{"a", ?}]>]>} : tensor<8xf32>
  return %0 : tensor<f32>
}
