// Generic-form round trip: print every sdy op in the generic form, re-parse
// it and print it in the custom form again.
// RUN: sdy-opt %s -split-input-file --allow-unregistered-dialect --mlir-print-op-generic | sdy-opt -split-input-file --allow-unregistered-dialect | FileCheck %s
// RUN: sdy-opt %s -split-input-file --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK: sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
// CHECK: sdy.mesh @mesh_rev = <["a"=2, "b"=2, "c"=2], device_ids=[7, 6, 5, 4, 3, 2, 1, 0]>
// GENERIC: "sdy.mesh"() <{mesh = #sdy.mesh<["a"=2, "b"=2, "c"=2]>, sym_name = "mesh"}> : () -> ()
// GENERIC: "sdy.mesh"() <{mesh = #sdy.mesh<["a"=2, "b"=2, "c"=2], device_ids=[7, 6, 5, 4, 3, 2, 1, 0]>, sym_name = "mesh_rev"}> : () -> ()
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
sdy.mesh @mesh_rev = <["a"=2, "b"=2, "c"=2], device_ids=[7, 6, 5, 4, 3, 2, 1, 0]>

// CHECK-LABEL: func.func @annotations
// CHECK-SAME: (%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b"}p1], replicated={"c"}>})
// CHECK-NEXT: [[SHARDING_CONSTRAINT:%.+]] = sdy.sharding_constraint %arg0 <@mesh, [{"a"}, {?}]> : tensor<8x8xf32>
// CHECK-NEXT: [[RESHARD:%.+]] = sdy.reshard [[SHARDING_CONSTRAINT]] <@mesh, [{"a", "b"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: sdy.sharding_group [[RESHARD]] group_id=3 : tensor<8x8xf32>
// CHECK-NEXT: [[PROPAGATION_BARRIER:%.+]] = sdy.propagation_barrier [[RESHARD]] allowed_direction=BACKWARD : tensor<8x8xf32>
// CHECK-NEXT: [[CONSTANT:%.+]] = sdy.constant dense<1.000000e+00> : tensor<8x8xf32>
// CHECK-NEXT: [[OP:%.+]] = "test.op"([[PROPAGATION_BARRIER]], [[CONSTANT]]) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=8} need_replication={j}, custom>}
// CHECK-NEXT: [[DATA_FLOW_EDGE:%.+]] = sdy.data_flow_edge [[OP]] sharding=<@mesh, [{"c", ?}, {?}]> : tensor<8x8xf32>
// GENERIC-LABEL: "func.func"()
// GENERIC: "sdy.sharding_constraint"(%{{[a-z0-9]+}}) <{sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}> : (tensor<8x8xf32>) -> tensor<8x8xf32>
// GENERIC: "sdy.reshard"(%{{[a-z0-9]+}}) <{sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>}> : (tensor<8x8xf32>) -> tensor<8x8xf32>
// GENERIC: "sdy.sharding_group"(%{{[a-z0-9]+}}) <{group_id = 3 : i64}> : (tensor<8x8xf32>) -> ()
// GENERIC: "sdy.propagation_barrier"(%{{[a-z0-9]+}}) <{allowed_direction = 2 : i32}> : (tensor<8x8xf32>) -> tensor<8x8xf32>
// GENERIC: "sdy.constant"() <{value = dense<1.000000e+00> : tensor<8x8xf32>}> : () -> tensor<8x8xf32>
// GENERIC: "sdy.data_flow_edge"(%{{[a-z0-9]+}}) <{sharding = #sdy.sharding<@mesh, [{"c", ?}, {?}]>}> : (tensor<8x8xf32>) -> tensor<8x8xf32>
func.func @annotations(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b"}p1], replicated={"c"}>}) -> tensor<8x8xf32> {
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{"a"}, {?}]> : tensor<8x8xf32>
  %1 = sdy.reshard %0 <@mesh, [{"a", "b"}, {}]> : tensor<8x8xf32>
  sdy.sharding_group %1 group_id=3 : tensor<8x8xf32>
  %2 = sdy.propagation_barrier %1 allowed_direction=BACKWARD : tensor<8x8xf32>
  %3 = sdy.constant dense<1.0> : tensor<8x8xf32>
  %4 = "test.op"(%2, %3) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=8} need_replication={j}, custom>} : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  %5 = sdy.data_flow_edge %4 sharding=<@mesh, [{"c", ?}, {?}]> : tensor<8x8xf32>
  return %5 : tensor<8x8xf32>
}

// CHECK-LABEL: func.func @regions
// CHECK-NEXT: [[MANUAL_COMPUTATION:%.+]] = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a", "b"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}], replicated={"b"}>] manual_axes={"a", "b"} (%arg1: tensor<2x8xf32>) {
// CHECK-NEXT:   [[NAMED_COMPUTATION:%.+]] = sdy.named_computation<"inner">(%arg1) in_shardings=[<@mesh, [{"c"}, {}]>] out_shardings=[<@mesh, [{}, {"c"}]>] (%arg2: tensor<2x8xf32>) {
// CHECK-NEXT:     sdy.return %arg2 : tensor<2x8xf32>
// CHECK-NEXT:   } : (tensor<2x8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT:   [[CONSTANT:%.+]] = sdy.constant dense<0.000000e+00> : tensor<4x8xf32>
// CHECK-NEXT:   sdy.return [[CONSTANT]] : tensor<4x8xf32>
// CHECK-NEXT: } : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: [[NAMED_COMPUTATION_1:%.+]] = sdy.named_computation<"plain">([[MANUAL_COMPUTATION]]) (%arg1: tensor<8x8xf32>) {
// GENERIC-LABEL: "func.func"()
// GENERIC: "sdy.manual_computation"(%{{[a-z0-9]+}}) <{in_shardings = #sdy.sharding_per_value<[<@mesh, [{"a", "b"}, {}]>]>, manual_axes = #sdy<manual_axes{"a", "b"}>, out_shardings = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}], replicated={"b"}>]>}> ({
// GENERIC: "sdy.named_computation"(%{{[a-z0-9]+}}) <{in_shardings = #sdy.sharding_per_value<[<@mesh, [{"c"}, {}]>]>, name = "inner", out_shardings = #sdy.sharding_per_value<[<@mesh, [{}, {"c"}]>]>}> ({
// GENERIC: "sdy.return"(%{{[a-z0-9]+}}) : (tensor<2x8xf32>) -> ()
// GENERIC: "sdy.named_computation"(%{{[a-z0-9]+}}) <{name = "plain"}> ({
func.func @regions(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a", "b"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}], replicated={"b"}>] manual_axes={"a", "b"} (%arg1: tensor<2x8xf32>) {
    %2 = sdy.named_computation<"inner">(%arg1) in_shardings=[<@mesh, [{"c"}, {}]>] out_shardings=[<@mesh, [{}, {"c"}]>] (%arg2: tensor<2x8xf32>) {
      sdy.return %arg2 : tensor<2x8xf32>
    } : (tensor<2x8xf32>) -> tensor<2x8xf32>
    %3 = sdy.constant dense<0.0> : tensor<4x8xf32>
    sdy.return %3 : tensor<4x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %1 = sdy.named_computation<"plain">(%0) (%arg1: tensor<8x8xf32>) {
    sdy.return %arg1 : tensor<8x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// CHECK-LABEL: func.func @collectives
// CHECK-NEXT: [[ALL_GATHER:%.+]] = sdy.all_gather [{"b"}, {}] %arg0 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: [[ALL_SLICE:%.+]] = sdy.all_slice [{}, {"c"}] [[ALL_GATHER]] out_sharding=<@mesh, [{"a"}, {"c"}]> : tensor<8x8xf32>
// CHECK-NEXT: [[ALL_TO_ALL:%.+]] = sdy.all_to_all [{"c"}: 1->0] [[ALL_SLICE]] out_sharding=<@mesh, [{"a", "c"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: [[COLLECTIVE_PERMUTE:%.+]] = sdy.collective_permute [[ALL_TO_ALL]] out_sharding=<@mesh_rev, [{"c", "a"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: [[ALL_REDUCE:%.+]] = sdy.all_reduce {"b"} [[COLLECTIVE_PERMUTE]] out_sharding=<@mesh_rev, [{"c", "a"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: [[ALL_REDUCE_1:%.+]] = sdy.all_reduce max {"b"} [[ALL_REDUCE]] out_sharding=<@mesh_rev, [{"c", "a"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: [[REDUCE_SCATTER:%.+]] = sdy.reduce_scatter min [{}, {"b"}] [[ALL_REDUCE_1]] out_sharding=<@mesh_rev, [{"c", "a"}, {"b"}]> : tensor<8x8xf32>
// GENERIC-LABEL: "func.func"()
// GENERIC: "sdy.all_gather"(%{{[a-z0-9]+}}) <{gathering_axes = #sdy<list_of_axis_ref_lists[{"b"}, {}]>, out_sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}>
// GENERIC: "sdy.all_slice"(%{{[a-z0-9]+}}) <{out_sharding = #sdy.sharding<@mesh, [{"a"}, {"c"}]>, slicing_axes = #sdy<list_of_axis_ref_lists[{}, {"c"}]>}>
// GENERIC: "sdy.all_to_all"(%{{[a-z0-9]+}}) <{out_sharding = #sdy.sharding<@mesh, [{"a", "c"}, {}]>, params = #sdy<all_to_all_param_list[{"c"}: 1->0]>}>
// GENERIC: "sdy.collective_permute"(%{{[a-z0-9]+}}) <{out_sharding = #sdy.sharding<@mesh_rev, [{"c", "a"}, {}]>}>
// GENERIC: "sdy.all_reduce"(%{{[a-z0-9]+}}) <{out_sharding = #sdy.sharding<@mesh_rev, [{"c", "a"}, {}]>, reduction_axes = #sdy<axis_ref_list{"b"}>}>
// GENERIC: "sdy.all_reduce"(%{{[a-z0-9]+}}) <{out_sharding = #sdy.sharding<@mesh_rev, [{"c", "a"}, {}]>, reduction_axes = #sdy<axis_ref_list{"b"}>, reduction_kind = 1 : i32}>
// GENERIC: "sdy.reduce_scatter"(%{{[a-z0-9]+}}) <{out_sharding = #sdy.sharding<@mesh_rev, [{"c", "a"}, {"b"}]>, reduce_scatter_axes = #sdy<list_of_axis_ref_lists[{}, {"b"}]>, reduction_kind = 2 : i32}>
func.func @collectives(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>}) -> tensor<8x8xf32> {
  %0 = sdy.all_gather [{"b"}, {}] %arg0 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  %1 = sdy.all_slice [{}, {"c"}] %0 out_sharding=<@mesh, [{"a"}, {"c"}]> : tensor<8x8xf32>
  %2 = sdy.all_to_all [{"c"}: 1->0] %1 out_sharding=<@mesh, [{"a", "c"}, {}]> : tensor<8x8xf32>
  %3 = sdy.collective_permute %2 out_sharding=<@mesh_rev, [{"c", "a"}, {}]> : tensor<8x8xf32>
  %4 = sdy.all_reduce {"b"} %3 out_sharding=<@mesh_rev, [{"c", "a"}, {}]> : tensor<8x8xf32>
  %5 = sdy.all_reduce max {"b"} %4 out_sharding=<@mesh_rev, [{"c", "a"}, {}]> : tensor<8x8xf32>
  %6 = sdy.reduce_scatter min [{}, {"b"}] %5 out_sharding=<@mesh_rev, [{"c", "a"}, {"b"}]> : tensor<8x8xf32>
  return %6 : tensor<8x8xf32>
}

// -----

// A module written in the generic form from the start parses into the
// custom form.
// CHECK-LABEL: module
// CHECK-NEXT: sdy.mesh @m = <["x"=4]>
// CHECK-NEXT: func.func @from_generic(%arg0: tensor<8xf32>) -> tensor<8xf32> {
// CHECK-NEXT:   [[SHARDING_CONSTRAINT:%.+]] = sdy.sharding_constraint %arg0 <@m, [{"x":(1)2, ?}]> : tensor<8xf32>
// CHECK-NEXT:   [[PROPAGATION_BARRIER:%.+]] = sdy.propagation_barrier [[SHARDING_CONSTRAINT]] allowed_direction=NONE : tensor<8xf32>
// GENERIC: "sdy.mesh"() <{mesh = #sdy.mesh<["x"=4]>, sym_name = "m"}> : () -> ()
"builtin.module"() ({
  "sdy.mesh"() <{mesh = #sdy.mesh<["x"=4]>, sym_name = "m"}> : () -> ()
  "func.func"() <{function_type = (tensor<8xf32>) -> tensor<8xf32>, sym_name = "from_generic"}> ({
  ^bb0(%arg0: tensor<8xf32>):
    %0 = "sdy.sharding_constraint"(%arg0) <{sharding = #sdy.sharding<@m, [{"x":(1)2, ?}]>}> : (tensor<8xf32>) -> tensor<8xf32>
    %1 = "sdy.propagation_barrier"(%0) <{allowed_direction = 0 : i32}> : (tensor<8xf32>) -> tensor<8xf32>
    "func.return"(%1) : (tensor<8xf32>) -> ()
  }) : () -> ()
}) : () -> ()
