// Malformed syntax: each segment stops at its first parse error.
// RUN: sdy-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{unbalanced '<' character in pretty dialect name}}
func.func @missing_greater(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]}) {
  return
}

// -----

// expected-error @+1 {{expected string}}
func.func @unquoted_axis(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{x}]>}) {
  return
}

// -----

// expected-error @+1 {{expected a mesh symbol name ('@mesh') or an inlined mesh ('mesh<[...]>')}}
func.func @missing_mesh(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<[{"x"}]>}) {
  return
}

// -----

// expected-error @+1 {{expected a mesh symbol name ('@mesh') or an inlined mesh ('mesh<[...]>')}}
func.func @mesh_name_without_at(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<mesh_xy, [{"x"}]>}) {
  return
}

// -----

// expected-error @+1 {{expected '<'}}
func.func @inlined_mesh_without_angles(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<mesh["x"=2], [{"x"}]>}) {
  return
}

// -----

// expected-error @+1 {{expected '}'}}
func.func @open_marker_not_last(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?, "x"}]>}) {
  return
}

// -----

// expected-error @+1 {{expected string}}
func.func @open_marker_in_replicated(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}], replicated={?}>}) {
  return
}

// -----

// expected-error @+1 {{expected integer value}}
func.func @sub_axis_missing_size(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)}]>}) {
  return
}

// -----

// expected-error @+1 {{expected '('}}
func.func @sub_axis_missing_parens(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":1}]>}) {
  return
}

// -----

// expected-error @+1 {{expected 'replicated'}}
func.func @replicated_misspelled(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}], replicate={"x"}>}) {
  return
}

// -----

// expected-error @+1 {{'replicated' given twice}}
func.func @replicated_twice(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}], replicated={"y"}, replicated={"z"}>}) {
  return
}

// -----

// expected-error @+1 {{expected '{'}}
func.func @dims_without_braces(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, ["x"]>}) {
  return
}

// -----

// expected-error @+1 {{expected '['}}
func.func @dims_without_brackets(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, {"x"}>}) {
  return
}

// -----

// expected-error @+1 {{expected ','}}
func.func @missing_comma_after_mesh(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh [{"x"}]>}) {
  return
}

// -----

// expected-error @+1 {{expected '{'}}
func.func @trailing_comma_in_dims(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, ]>}) {
  return
}

// -----

// expected-error @+1 {{expected string}}
func.func @trailing_comma_in_axes(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x",}]>}) {
  return
}

// -----

// expected-error @+1 {{expected '{'}}
func.func @replicated_without_braces(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}], replicated="x">}) {
  return
}

// -----

// expected-error @+1 {{unknown sdy attribute 'foo'}}
func.func @unknown_sdy_attribute() attributes {a = #sdy.foo<1>} {
  return
}

// -----

// Without `<` the body is not part of the attribute (as in Shardy).
// expected-error @+1 {{expected '}' in attribute dictionary}}
func.func @standalone_missing_less() attributes {a = #sdy.axis_ref_list{"a"}} {
  return
}

// -----

// expected-error @+1 {{expected '['}}
func.func @per_value_without_brackets() attributes {a = #sdy.sharding_per_value<<@mesh, []>>} {
  return
}

// -----

// expected-error @+1 {{expected string}}
func.func @manual_axes_unquoted() attributes {a = #sdy.manual_axes<{a}>} {
  return
}

// -----

// expected-error @+1 {{expected '->'}}
func.func @all_to_all_missing_arrow() attributes {a = #sdy.all_to_all_param<{"b"}: 0 2>} {
  return
}

// -----

// expected-error @+1 {{expected ':'}}
func.func @all_to_all_missing_colon() attributes {a = #sdy.all_to_all_param<{"b"} 0->2>} {
  return
}

// -----

// expected-error @+1 {{expected '>'}}
func.func @rule_custom_twice() attributes {a = #sdy.op_sharding_rule<([i])->([i]) {i=8}, custom, custom>} {
  return
}

// -----

// expected-error @+1 {{expected '='}}
func.func @rule_factor_without_size() attributes {a = #sdy.op_sharding_rule<([i])->([i]) {i}>} {
  return
}

// -----

// expected-error @+1 {{expected '('}}
func.func @rule_mapping_without_parens() attributes {a = #sdy.op_sharding_rule<[i]->[i] {i=8}>} {
  return
}

// -----

// expected-error @+1 {{expected valid keyword}}
func.func @empty_dim_mapping() attributes {a = #sdy.dim_mapping<>} {
  return
}

// -----

// expected-error @+1 {{expected '('}}
func.func @sub_axis_info_without_parens() attributes {a = #sdy.sub_axis_info<1>} {
  return
}

// -----

// expected-error @+1 {{expected '='}}
func.func @mesh_axis_with_colon() attributes {a = #sdy.mesh_axis<"x":2>} {
  return
}

// -----

// The pseudo-syntax `<"devices"=8>` needs brackets.
// expected-error @+1 {{expected '['}}
sdy.mesh @m = <"x"=2>

// -----

// The pseudo-syntax `{<[...]>, device_ids=[...]}` is not the mesh syntax.
// expected-error @+1 {{expected '<'}}
sdy.mesh @mesh_0 = {<["a"=4, "b"=2]>, device_ids=[0, 1, 2, 3, 4, 5, 6, 7]}

// -----

// expected-error @+1 {{expected '='}}
sdy.mesh @m = <["x"]>

// -----

// expected-error @+1 {{expected 'device_ids'}}
sdy.mesh @m = <["x"=2], devices=[1, 0]>

// -----

// expected-error @+1 {{expected '>'}}
sdy.mesh @m = <["x"=2, "y"=2], device_ids=[1, 0, 3, 2]

// -----

// expected-error @+1 {{expected '='}}
sdy.mesh @m <["x"=2]>

// -----

// expected-error @+1 {{expected integer value}}
sdy.mesh @m = <["x"=two]>

// -----

// expected-error @+1 {{expected valid '@'-identifier for symbol name}}
sdy.mesh m = <["x"=2]>

// -----

func.func @sharding_group_missing_group_id(%arg0: tensor<8xf32>) {
  // expected-error @+1 {{expected 'group_id'}}
  sdy.sharding_group %arg0 : tensor<8xf32>
  return
}

// -----

// `%0 = sdy.sharding_group %arg0, id=0` is not the op's syntax (`group_id=0`,
// no result).
func.func @sharding_group_with_result(%arg0: tensor<8xf32>) {
  // expected-error @+1 {{expected 'group_id'}}
  %0 = sdy.sharding_group %arg0, id=0 : tensor<8xf32>
  return
}

// -----

func.func @propagation_barrier_missing_direction(%arg0: tensor<8xf32>) {
  // expected-error @+1 {{expected 'allowed_direction'}}
  %0 = sdy.propagation_barrier %arg0 : tensor<8xf32>
  return
}

// -----

func.func @sharding_constraint_without_angles(%arg0: tensor<8xf32>) {
  // expected-error @+1 {{expected '<'}}
  %0 = sdy.sharding_constraint %arg0 @mesh, [{"x"}] : tensor<8xf32>
  return
}

// -----

func.func @all_gather_missing_equal(%arg0: tensor<8xf32>) {
  // expected-error @+1 {{expected '='}}
  %0 = sdy.all_gather [{"x"}] %arg0 out_sharding <@mesh, [{}]> : tensor<8xf32>
  return
}

// -----

func.func @all_gather_axes_without_brackets(%arg0: tensor<8xf32>) {
  // expected-error @+1 {{expected '['}}
  %0 = sdy.all_gather {"x"} %arg0 out_sharding=<@mesh, [{}]> : tensor<8xf32>
  return
}

// -----

func.func @all_reduce_axes_with_brackets(%arg0: tensor<8xf32>) {
  // expected-error @+1 {{expected '{'}}
  %0 = sdy.all_reduce [{"x"}] %arg0 out_sharding=<@mesh, [{}]> : tensor<8xf32>
  return
}

// -----

func.func @data_flow_edge_sharding_without_angles(%arg0: tensor<8xf32>) {
  // expected-error @+1 {{expected '<'}}
  %0 = sdy.data_flow_edge %arg0 sharding=@mesh : tensor<8xf32>
  return
}

// -----

func.func @named_computation_missing_name(%arg0: tensor<8xf32>) {
  // expected-error @+1 {{expected '<'}}
  %0 = sdy.named_computation(%arg0) (%arg1: tensor<8xf32>) {
    sdy.return %arg1 : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return
}

// -----

func.func @manual_computation_in_shardings_not_a_list(%arg0: tensor<8xf32>) {
  // expected-error @+1 {{expected '['}}
  %0 = sdy.manual_computation(%arg0) in_shardings=<@mesh, [{"x"}]> out_shardings=[<@mesh, [{"x"}]>] manual_axes={"x"} (%arg1: tensor<4xf32>) {
    sdy.return %arg1 : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return
}

// -----

func.func @manual_computation_manual_axes_brackets(%arg0: tensor<8xf32>) {
  // expected-error @+1 {{expected '{'}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[<@mesh, [{"x"}]>] manual_axes=["x"] (%arg1: tensor<4xf32>) {
    sdy.return %arg1 : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return
}

// -----

func.func @manual_computation_missing_out_shardings(%arg0: tensor<8xf32>) {
  // expected-error @+1 {{expected 'out_shardings'}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}]>] manual_axes={"x"} (%arg1: tensor<4xf32>) {
    sdy.return %arg1 : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return
}
