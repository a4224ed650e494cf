// Invalid collectives: out_sharding must equal the sharding inferred from the
// operand's sharding and the op.
// RUN: sdy-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect

sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2, "d"=2]>

func.func @all_gather_not_suffix(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error @+1 {{'sdy.all_gather' op gathering_axes of dimension 0 must be a suffix of the operand's dimension sharding [{"a", "b"}]}}
  %0 = sdy.all_gather [{"a"}, {}] %arg0 out_sharding=<@mesh, [{"b"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2, "d"=2]>

func.func @all_gather_wrong_order(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error @+1 {{gathering_axes of dimension 0 must be a suffix of the operand's dimension sharding [{"a", "b"}]}}
  %0 = sdy.all_gather [{"b", "a"}, {}] %arg0 out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @all_gather_unsharded_operand(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{'sdy.all_gather' op gathering_axes of dimension 1 must be a suffix of the operand's dimension sharding [{}]}}
  %0 = sdy.all_gather [{}, {"b"}] %arg0 out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2, "d"=2]>

func.func @all_gather_mismatch(%arg0: tensor<8x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", "c"}, {}, {"d"}]>}) -> tensor<8x8x8xf32> {
  // expected-error @+1 {{'sdy.all_gather' op out_sharding [{"a", "b"}, {}, {}] does not match the sharding inferred from the operand and the op: [{"a"}, {}, {}]}}
  %0 = sdy.all_gather [{"b", "c"}, {}, {"d"}] %arg0 out_sharding=<@mesh, [{"a", "b"}, {}, {}]> : tensor<8x8x8xf32>
  return %0 : tensor<8x8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @all_gather_list_count(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error @+1 {{'sdy.all_gather' op gathering_axes has 1 axis lists but the tensor has rank 2}}
  %0 = sdy.all_gather [{"a"}] %arg0 out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @all_gather_unknown_axis(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.all_gather' op gathering_axes of dimension 0: unknown axis "z"}}
  %0 = sdy.all_gather [{"z"}] %arg0 out_sharding=<@mesh, [{}]> : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=8]>

func.func @all_gather_mergeable(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, "a":(4)2}]>}) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.all_gather' op gathering_axes of dimension 0: adjacent sub-axes "a":(2)2 and "a":(4)2 can be merged; write "a":(2)4}}
  %0 = sdy.all_gather [{"a":(2)2, "a":(4)2}] %arg0 out_sharding=<@mesh, [{}]> : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>
sdy.mesh @mesh2 = <["a"=2, "b"=2]>

func.func @all_gather_other_mesh(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.all_gather' op operand sharding and out_sharding must be on the same mesh, got @mesh and @mesh2}}
  %0 = sdy.all_gather [{"a"}] %arg0 out_sharding=<@mesh2, [{}]> : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @all_gather_bad_out_sharding(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.all_gather' op out_sharding: sharding has 2 dimension shardings but the tensor 'tensor<8xf32>' has rank 1}}
  %0 = sdy.all_gather [{"a"}] %arg0 out_sharding=<@mesh, [{}, {}]> : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @all_gather_unknown_mesh(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.all_gather' op out_sharding: unknown mesh @mesh}}
  %0 = sdy.all_gather [{}] %arg0 out_sharding=<@mesh, [{}]> : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @all_gather_types(%arg0: tensor<8xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'sdy.all_gather' op requires the same type for all operands and results}}
  %0 = "sdy.all_gather"(%arg0) {gathering_axes = #sdy.list_of_axis_ref_lists<[{}]>, out_sharding = #sdy.sharding<mesh<["a"=2]>, [{}]>} : (tensor<8xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2, "d"=2]>

func.func @all_slice_mismatch(%arg0: tensor<8x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {}]>}) -> tensor<8x8x8xf32> {
  // expected-error @+1 {{'sdy.all_slice' op out_sharding [{"b", "c", "a"}, {}, {"d"}] does not match the sharding inferred from the operand and the op: [{"a", "b", "c"}, {}, {"d"}]}}
  %0 = sdy.all_slice [{"b", "c"}, {}, {"d"}] %arg0 out_sharding=<@mesh, [{"b", "c", "a"}, {}, {"d"}]> : tensor<8x8x8xf32>
  return %0 : tensor<8x8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @all_slice_missing_axes(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{'sdy.all_slice' op out_sharding [{}, {}] does not match the sharding inferred from the operand and the op: [{"a"}, {}]}}
  %0 = sdy.all_slice [{"a"}, {}] %arg0 out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @all_slice_list_count(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{'sdy.all_slice' op slicing_axes has 3 axis lists but the tensor has rank 2}}
  %0 = sdy.all_slice [{"a"}, {}, {}] %arg0 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @all_slice_unknown_axis(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.all_slice' op slicing_axes of dimension 0: unknown axis "q"}}
  %0 = sdy.all_slice [{"q"}] %arg0 out_sharding=<@mesh, [{}]> : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

// Slicing along an axis that already shards the operand.
func.func @all_slice_axis_already_used(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.all_slice' op out_sharding: dimension 0: axis "a" appears more than once}}
  %0 = sdy.all_slice [{"a"}] %arg0 out_sharding=<@mesh, [{"a", "a"}]> : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>
sdy.mesh @mesh_rev = <["a"=2, "b"=2], device_ids=[3, 2, 1, 0]>

// Only collective_permute accepts meshes that differ in device order.
func.func @all_slice_reordered_mesh(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.all_slice' op operand sharding and out_sharding must be on the same mesh, got @mesh and @mesh_rev}}
  %0 = sdy.all_slice [{"b"}] %arg0 out_sharding=<@mesh_rev, [{"a", "b"}]> : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>

func.func @all_to_all_empty_params(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error @+1 {{'sdy.all_to_all' op params must not be empty}}
  %0 = sdy.all_to_all [] %arg0 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>

func.func @all_to_all_tgt_out_of_range(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error @+1 {{'sdy.all_to_all' op param 0: dimension 2 is out of range [0, 2)}}
  %0 = sdy.all_to_all [{"a"}: 0->2] %arg0 out_sharding=<@mesh, [{}, {"a"}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>

func.func @all_to_all_negative_src(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error @+1 {{'sdy.all_to_all' op param 0: dimension -1 is out of range [0, 2)}}
  %0 = sdy.all_to_all [{"a"}: -1->1] %arg0 out_sharding=<@mesh, [{}, {"a"}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>

func.func @all_to_all_same_src_and_tgt(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error @+1 {{'sdy.all_to_all' op param 0: dimension 0 is used by more than one src_dim/tgt_dim}}
  %0 = sdy.all_to_all [{"a"}: 0->0] %arg0 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>

func.func @all_to_all_duplicate_dims(%arg0: tensor<8x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {}]>}) -> tensor<8x8x8xf32> {
  // expected-error @+1 {{'sdy.all_to_all' op param 1: dimension 2 is used by more than one src_dim/tgt_dim}}
  %0 = sdy.all_to_all [{"a"}: 0->2, {"b"}: 1->2] %arg0 out_sharding=<@mesh, [{}, {}, {"a", "b"}]> : tensor<8x8x8xf32>
  return %0 : tensor<8x8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>

func.func @all_to_all_tgt_is_other_src(%arg0: tensor<8x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {}]>}) -> tensor<8x8x8xf32> {
  // expected-error @+1 {{'sdy.all_to_all' op param 1: dimension 0 is used by more than one src_dim/tgt_dim}}
  %0 = sdy.all_to_all [{"a"}: 0->2, {"b"}: 1->0] %arg0 out_sharding=<@mesh, [{"b"}, {}, {"a"}]> : tensor<8x8x8xf32>
  return %0 : tensor<8x8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>

func.func @all_to_all_unsorted(%arg0: tensor<8x8x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {"b"}, {}]>}) -> tensor<8x8x8x8xf32> {
  // expected-error @+1 {{'sdy.all_to_all' op params must be sorted by src_dim, got 2 before 0}}
  %0 = sdy.all_to_all [{"b"}: 2->3, {"a"}: 0->1] %arg0 out_sharding=<@mesh, [{}, {"a"}, {}, {"b"}]> : tensor<8x8x8x8xf32>
  return %0 : tensor<8x8x8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>

func.func @all_to_all_empty_axes(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error @+1 {{'sdy.all_to_all' op param 0: axes must not be empty}}
  %0 = sdy.all_to_all [{}: 0->1] %arg0 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>

func.func @all_to_all_not_suffix(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error @+1 {{'sdy.all_to_all' op param 0: axes must be a suffix of the operand's sharding of dimension 0 [{"a", "b"}]}}
  %0 = sdy.all_to_all [{"a"}: 0->1] %arg0 out_sharding=<@mesh, [{"b"}, {"a"}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>

func.func @all_to_all_unknown_axis(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error @+1 {{'sdy.all_to_all' op param 0: unknown axis "x"}}
  %0 = sdy.all_to_all [{"x"}: 0->1] %arg0 out_sharding=<@mesh, [{}, {"a"}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>

func.func @all_to_all_mismatch(%arg0: tensor<8x8x4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {"c"}, {}, {}]>}) -> tensor<8x8x4x4xf32> {
  // expected-error @+1 {{'sdy.all_to_all' op out_sharding [{"a"}, {}, {"c"}, {"b"}] does not match the sharding inferred from the operand and the op: [{"a"}, {}, {"b"}, {"c"}]}}
  %0 = sdy.all_to_all [{"b"}: 0->2, {"c"}: 1->3] %arg0 out_sharding=<@mesh, [{"a"}, {}, {"c"}, {"b"}]> : tensor<8x8x4x4xf32>
  return %0 : tensor<8x8x4x4xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>

// Moved axes go to the end (minor) of the target dimension.
func.func @all_to_all_appends_minor(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x8xf32> {
  // expected-error @+1 {{does not match the sharding inferred from the operand and the op: [{}, {"b", "a"}]}}
  %0 = sdy.all_to_all [{"a"}: 0->1] %arg0 out_sharding=<@mesh, [{}, {"a", "b"}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2, "c"=4, "d"=2, "e"=2, "f"=2]>

func.func @collective_permute_changes_local_shape(%arg0: tensor<8x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "c"}, {"f"}, {"d", "e"}]>}) -> tensor<8x8x8xf32> {
  // expected-error @+1 {{'sdy.collective_permute' op dimension 0 is sharded 8 ways by the operand but 4 ways by out_sharding; a collective_permute must keep the local shape}}
  %0 = sdy.collective_permute %arg0 out_sharding=<@mesh, [{"c"}, {"a"}, {"e", "d"}]> : tensor<8x8x8xf32>
  return %0 : tensor<8x8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4]>

func.func @collective_permute_swaps_sizes(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x8xf32> {
  // expected-error @+1 {{'sdy.collective_permute' op dimension 0 is sharded 2 ways by the operand but 4 ways by out_sharding}}
  %0 = sdy.collective_permute %arg0 out_sharding=<@mesh, [{"b"}, {"a"}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>
sdy.mesh @other = <["x"=2, "z"=2]>

func.func @collective_permute_different_axes(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.collective_permute' op operand sharding and out_sharding must be on the same mesh (or meshes that differ only in device order), got @mesh and @other}}
  %0 = sdy.collective_permute %arg0 out_sharding=<@other, [{"x"}]> : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>
sdy.mesh @other = <["y"=2, "x"=2]>

// Same axis names and sizes in a different order are different axes.
func.func @collective_permute_axis_order(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<8xf32> {
  // expected-error @+1 {{or meshes that differ only in device order), got @mesh and @other}}
  %0 = sdy.collective_permute %arg0 out_sharding=<@other, [{"x"}]> : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>
sdy.mesh @other = <["x"=2, "y"=4]>

func.func @collective_permute_different_sizes(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<8xf32> {
  // expected-error @+1 {{got @mesh and @other}}
  %0 = sdy.collective_permute %arg0 out_sharding=<@other, [{"x"}]> : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @all_reduce_overlap(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error @+1 {{'sdy.all_reduce' op reduction axis "a" overlaps with axis "a" that shards dimension 0 of the operand}}
  %0 = sdy.all_reduce {"a"} %arg0 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=8]>

func.func @all_reduce_sub_axis_overlap(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a":(2)2}]>}) -> tensor<8x8xf32> {
  // expected-error @+1 {{'sdy.all_reduce' op reduction axis "a":(1)4 overlaps with axis "a":(2)2 that shards dimension 1 of the operand}}
  %0 = sdy.all_reduce max {"a":(1)4} %arg0 out_sharding=<@mesh, [{}, {"a":(2)2}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @all_reduce_mismatch(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error @+1 {{'sdy.all_reduce' op out_sharding [{}, {}] does not match the sharding inferred from the operand and the op: [{"a"}, {}]}}
  %0 = sdy.all_reduce {"b"} %arg0 out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @all_reduce_unknown_axis(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.all_reduce' op reduction_axes: unknown axis "c"}}
  %0 = sdy.all_reduce {"c"} %arg0 out_sharding=<@mesh, [{}]> : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=8]>

func.func @all_reduce_mergeable(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.all_reduce' op reduction_axes: adjacent sub-axes "a":(1)2 and "a":(2)2 can be merged; write "a":(1)4}}
  %0 = sdy.all_reduce {"a":(1)2, "a":(2)2} %arg0 out_sharding=<@mesh, [{}]> : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>
sdy.mesh @mesh2 = <["a"=2, "b"=2]>

func.func @all_reduce_other_mesh(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.all_reduce' op operand sharding and out_sharding must be on the same mesh, got @mesh and @mesh2}}
  %0 = sdy.all_reduce {"b"} %arg0 out_sharding=<@mesh2, [{"a"}]> : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @all_reduce_unknown_kind(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{expected '{'}}
  %0 = sdy.all_reduce avg {} %arg0 out_sharding=<mesh<["a"=2]>, [{}]> : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>

func.func @reduce_scatter_mismatch(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error @+1 {{'sdy.reduce_scatter' op out_sharding [{"b", "a"}, {"c"}] does not match the sharding inferred from the operand and the op: [{"a", "b"}, {"c"}]}}
  %0 = sdy.reduce_scatter [{"b"}, {"c"}] %arg0 out_sharding=<@mesh, [{"b", "a"}, {"c"}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>

func.func @reduce_scatter_list_count(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{'sdy.reduce_scatter' op reduce_scatter_axes has 1 axis lists but the tensor has rank 2}}
  %0 = sdy.reduce_scatter [{"b"}] %arg0 out_sharding=<@mesh, [{"b"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>

func.func @reduce_scatter_unknown_axis(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.reduce_scatter' op reduce_scatter_axes of dimension 0: unknown axis "d"}}
  %0 = sdy.reduce_scatter [{"d"}] %arg0 out_sharding=<@mesh, [{}]> : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>
sdy.mesh @mesh2 = <["a"=2, "b"=2]>

func.func @reduce_scatter_other_mesh(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.reduce_scatter' op operand sharding and out_sharding must be on the same mesh, got @mesh and @mesh2}}
  %0 = sdy.reduce_scatter [{"b"}] %arg0 out_sharding=<@mesh2, [{"a", "b"}]> : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

// The operand sharding may come from an op's sdy.sharding.
func.func @operand_sharding_from_op(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = "test.op"(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b"}]>]>} : (tensor<8xf32>) -> tensor<8xf32>
  // expected-error @+1 {{'sdy.all_gather' op out_sharding [{}] does not match the sharding inferred from the operand and the op: [{"a"}]}}
  %1 = sdy.all_gather [{"b"}] %0 out_sharding=<@mesh, [{}]> : tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

// ... or from the out_sharding of a preceding collective.
func.func @operand_sharding_from_collective(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = sdy.all_slice [{"a"}] %arg0 out_sharding=<@mesh, [{"a"}]> : tensor<8xf32>
  // expected-error @+1 {{'sdy.all_slice' op out_sharding [{"b"}] does not match the sharding inferred from the operand and the op: [{"a", "b"}]}}
  %1 = sdy.all_slice [{"b"}] %0 out_sharding=<@mesh, [{"b"}]> : tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

// ... or from a sharding_constraint.
func.func @operand_sharding_from_constraint(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{"b", ?}]> : tensor<8xf32>
  // expected-error @+1 {{'sdy.all_reduce' op reduction axis "b" overlaps with axis "b" that shards dimension 0 of the operand}}
  %1 = sdy.all_reduce {"b"} %0 out_sharding=<@mesh, [{"b"}]> : tensor<8xf32>
  return %1 : tensor<8xf32>
}
