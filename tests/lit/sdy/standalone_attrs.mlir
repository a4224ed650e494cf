// Standalone syntax of every sdy attribute, held in discardable attributes
// that no verifier looks at. The input uses the older `#sdy.<mnemonic><...>`
// form, still accepted; the output is Shardy's `#sdy<mnemonic body>` for
// bodies that do not start with `<` (the real Shardy's printing, except
// dim_mapping, which gets a space so that it parses back).
// RUN: sdy-opt %s -split-input-file | FileCheck %s
// RUN: sdy-opt %s -split-input-file | sdy-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @mesh_attrs
// CHECK-SAME: a = #sdy.mesh<["x"=2, "y"=4]>
// CHECK-SAME: b = #sdy.mesh<["a"=3, "b"=2], device_ids=[0, 2, 4, 1, 3, 5]>
// CHECK-SAME: c = #sdy.mesh<[], device_ids=[3]>
// CHECK-SAME: d = #sdy.mesh<[]>
// CHECK-SAME: e = #sdy<mesh_axis"x"=2>
func.func @mesh_attrs() attributes {
    a = #sdy.mesh<["x"=2, "y"=4]>,
    b = #sdy.mesh<["a"=3, "b"=2], device_ids=[0, 2, 4, 1, 3, 5]>,
    c = #sdy.mesh<[], device_ids=[3]>,
    d = #sdy.mesh<[]>,
    e = #sdy.mesh_axis<"x"=2>} {
  return
}

// -----

// CHECK-LABEL: func.func @axis_attrs
// CHECK-SAME: a = #sdy<sub_axis_info(1)2>
// CHECK-SAME: b = #sdy<axis_ref"x">
// CHECK-SAME: c = #sdy<axis_ref"x":(2)4>
// CHECK-SAME: d = #sdy<axis_ref_list{"a", "b":(1)2}>
// CHECK-SAME: e = #sdy<axis_ref_list{}>
// CHECK-SAME: f = #sdy<list_of_axis_ref_lists[{"a"}, {}, {"b", "c"}]>
// CHECK-SAME: g = #sdy<list_of_axis_ref_lists[]>
// CHECK-SAME: h = #sdy<manual_axes{"a", "b"}>
// CHECK-SAME: i = #sdy<manual_axes{}>
func.func @axis_attrs() attributes {
    a = #sdy.sub_axis_info<(1)2>,
    b = #sdy.axis_ref<"x">,
    c = #sdy.axis_ref<"x":(2)4>,
    d = #sdy.axis_ref_list<{"a", "b":(1)2}>,
    e = #sdy.axis_ref_list<{}>,
    f = #sdy.list_of_axis_ref_lists<[{"a"}, {}, {"b", "c"}]>,
    g = #sdy.list_of_axis_ref_lists<[]>,
    h = #sdy.manual_axes<{"a", "b"}>,
    i = #sdy.manual_axes<{}>} {
  return
}

// -----

// CHECK-LABEL: func.func @sharding_attrs
// CHECK-SAME: a = #sdy<dimension_sharding{"x", ?}p1>
// CHECK-SAME: b = #sdy<dimension_sharding{}>
// CHECK-SAME: c = #sdy<dimension_sharding{?}>
// CHECK-SAME: d = #sdy<dimension_sharding{"x", "y":(1)2}p0>
// CHECK-SAME: e = #sdy.sharding<@mesh, [{"x"}, {}]>
// CHECK-SAME: f = #sdy.sharding<mesh<["x"=2]>, [], replicated={"x"}>
// CHECK-SAME: g = #sdy.sharding_per_value<[<@mesh, [{"x"}]>, <@other, []>]>
// CHECK-SAME: h = #sdy.sharding_per_value<[]>
func.func @sharding_attrs() attributes {
    a = #sdy.dimension_sharding<{"x", ?}p1>,
    b = #sdy.dimension_sharding<{}>,
    c = #sdy.dimension_sharding<{?}>,
    d = #sdy.dimension_sharding<{"x", "y":(1)2}p0>,
    e = #sdy.sharding<@mesh, [{"x"}, {}]>,
    f = #sdy.sharding<mesh<["x"=2]>, [], replicated={"x"}>,
    g = #sdy.sharding_per_value<[<@mesh, [{"x"}]>, <@other, []>]>,
    h = #sdy.sharding_per_value<[]>} {
  return
}

// -----

// CHECK-LABEL: func.func @rule_attrs
// CHECK-SAME: a = #sdy<dim_mapping ij>
// CHECK-SAME: b = #sdy<dim_mapping *>
// CHECK-SAME: c = #sdy<dim_mapping z_1z_2>
// CHECK-SAME: d = #sdy<tensor_mapping[i, jk, *]>
// CHECK-SAME: e = #sdy<tensor_mapping[]>
// CHECK-SAME: f = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=8, j=16, k=8} reduction={k}>
func.func @rule_attrs() attributes {
    a = #sdy.dim_mapping<ij>,
    b = #sdy.dim_mapping<*>,
    c = #sdy.dim_mapping<z_1z_2>,
    d = #sdy.tensor_mapping<[i, jk, *]>,
    e = #sdy.tensor_mapping<[]>,
    f = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=8, j=16, k=8} reduction={k}>} {
  return
}

// -----

// CHECK-LABEL: func.func @all_to_all_attrs
// CHECK-SAME: a = #sdy<all_to_all_param{"b"}: 0->2>
// CHECK-SAME: b = #sdy<all_to_all_param{"b", "c":(2)2}: 3->1>
// CHECK-SAME: c = #sdy<all_to_all_param_list[{"b"}: 0->2, {"c"}: 1->3]>
// CHECK-SAME: d = #sdy<all_to_all_param_list[]>
func.func @all_to_all_attrs() attributes {
    a = #sdy.all_to_all_param<{"b"}: 0->2>,
    b = #sdy.all_to_all_param<{"b", "c":(2)2}: 3 -> 1>,
    c = #sdy.all_to_all_param_list<[{"b"}: 0->2, {"c"}: 1->3]>,
    d = #sdy.all_to_all_param_list<[]>} {
  return
}

// -----

// Whitespace inside standalone attributes is insignificant.
// CHECK-LABEL: func.func @standalone_whitespace
// CHECK-SAME: a = #sdy.sharding<@mesh, [{"x"}]>
// CHECK-SAME: b = #sdy<axis_ref_list{"a", "b":(2)4}>
// CHECK-SAME: c = #sdy.mesh<["x"=2, "y"=2], device_ids=[1, 0, 3, 2]>
// CHECK-SAME: d = #sdy.op_sharding_rule<([ij, k])->([i, j, k]) {i=2, j=4, k=32}>
func.func @standalone_whitespace() attributes {
    a = #sdy.sharding< @mesh , [ { "x" } ] >,
    b = #sdy.axis_ref_list< { "a" , "b" : ( 2 ) 4 } >,
    c = #sdy.mesh< [ "x" = 2 , "y" = 2 ] , device_ids = [ 1 , 0 , 3 , 2 ] >,
    d = #sdy.op_sharding_rule< ( [ ij , k ] ) -> ( [ i , j , k ] ) { i = 2 , j = 4 , k = 32 } >} {
  return
}

// -----

// Standalone attributes in an array, a dictionary and an attribute alias.
#rule = #sdy.op_sharding_rule<([i])->([i]) {i=4}>
// CHECK-LABEL: func.func @nested_attrs
// CHECK-SAME: a = [#sdy<axis_ref"x">, #sdy<axis_ref"y":(1)2>]
// CHECK-SAME: b = {inner = #sdy.sharding<@m, []>}
// CHECK-SAME: c = #sdy.op_sharding_rule<([i])->([i]) {i=4}>
func.func @nested_attrs() attributes {
    a = [#sdy.axis_ref<"x">, #sdy.axis_ref<"y":(1)2>],
    b = {inner = #sdy.sharding<@m, []>},
    c = #rule} {
  return
}
