// Invalid tensor shardings: axis references, sub-axes, overlap, priorities,
// replicated axes, rank, meshes, value types (docs/sharding-model.md).
// RUN: sdy-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect

sdy.mesh @mesh = <["x"=2, "y"=4]>

// expected-error @+1 {{'func.func' op sharding of argument 0: dimension 1: unknown axis "z" (the mesh has axes "x", "y")}}
func.func @unknown_axis(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"z"}]>}) {
  return
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// expected-error @+1 {{sharding of argument 0: replicated axes: unknown axis "w"}}
func.func @unknown_replicated_axis(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}], replicated={"w"}>}) {
  return
}

// -----

sdy.mesh @empty = <[]>

// expected-error @+1 {{sharding of argument 0: dimension 0: unknown axis "x" (the mesh has no axes)}}
func.func @axis_of_empty_mesh(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@empty, [{"x"}]>}) {
  return
}

// -----

sdy.mesh @maximal = <[], device_ids=[3]>

// expected-error @+1 {{unknown axis "x" (the mesh has no axes)}}
func.func @axis_of_maximal_mesh(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@maximal, [{"x"}]>}) {
  return
}

// -----

// expected-error @+1 {{unknown axis "y" (the mesh has axes "x")}}
func.func @unknown_axis_inlined_mesh(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<mesh<["x"=2]>, [{"y"}]>}) {
  return
}

// -----

// expected-error @+1 {{'func.func' op sharding of argument 0: unknown mesh @mesh (no sdy.mesh with that name in the module)}}
func.func @unknown_mesh(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
  return
}

// -----

sdy.mesh @mesh = <["x"=2]>

// expected-error @+1 {{'func.func' op sharding of result 0: unknown mesh @other}}
func.func @unknown_mesh_result(%arg0: tensor<8xf32>) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@other, [{}]>}) {
  return %arg0 : tensor<8xf32>
}

// -----

func.func private @not_a_mesh()

// expected-error @+1 {{sharding of argument 0: symbol @not_a_mesh is a 'func.func', not an sdy.mesh}}
func.func @symbol_not_a_mesh(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@not_a_mesh, [{}]>}) {
  return
}

// -----

// A mesh in an enclosing module is not visible from a nested module.
sdy.mesh @mesh = <["x"=2]>
module @inner {
  // expected-error @+1 {{unknown mesh @mesh}}
  func.func @mesh_in_outer_module(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
    return
  }
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// expected-error @+1 {{sharding of argument 0: sharding has 1 dimension shardings but the tensor 'tensor<8x8xf32>' has rank 2}}
func.func @rank_too_small(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
  return
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// expected-error @+1 {{sharding of result 0: sharding has 3 dimension shardings but the tensor 'tensor<8x8xf32>' has rank 2}}
func.func @rank_too_large(%arg0: tensor<8x8xf32>) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {}]>}) {
  return %arg0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2]>

// expected-error @+1 {{sharding has 1 dimension shardings but the tensor 'tensor<f32>' has rank 0}}
func.func @scalar_with_dims(%arg0: tensor<f32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
  return
}

// -----

sdy.mesh @mesh = <["x"=2]>

// expected-error @+1 {{a value of non-shaped type 'i32' can only have a rank-0 sharding without replicated or unreduced axes}}
func.func @non_shaped_with_dims(%arg0: i32 {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
  return
}

// -----

sdy.mesh @mesh = <["x"=2]>

// expected-error @+1 {{a value of non-shaped type 'i32' can only have a rank-0 sharding without replicated or unreduced axes}}
func.func @non_shaped_with_replicated(%arg0: i32 {sdy.sharding = #sdy.sharding<@mesh, [], replicated={"x"}>}) {
  return
}

// -----

sdy.mesh @mesh = <["x"=2]>

// expected-error @+1 {{cannot shard a value of unranked type 'tensor<*xf32>'}}
func.func @unranked(%arg0: tensor<*xf32> {sdy.sharding = #sdy.sharding<@mesh, []>}) {
  return
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// expected-error @+1 {{axis "x" is used more than once (in dimension 0 and in dimension 1)}}
func.func @axis_twice_across_dims(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"x"}]>}) {
  return
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// expected-error @+1 {{dimension 0: axis "y" appears more than once}}
func.func @axis_twice_in_dim(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "y"}, {}]>}) {
  return
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// expected-error @+1 {{axis "x" is used more than once (in dimension 0 and in replicated axes)}}
func.func @axis_sharded_and_replicated(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}], replicated={"x"}>}) {
  return
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// expected-error @+1 {{replicated axes: axis "y" appears more than once}}
func.func @axis_twice_replicated(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], replicated={"y", "y"}>}) {
  return
}

// -----

sdy.mesh @mesh = <["x"=8]>

// expected-error @+1 {{axis "x":(2)4 in dimension 1 overlaps with "x":(1)4 in dimension 0}}
func.func @overlapping_sub_axes(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)4}, {"x":(2)4}]>}) {
  return
}

// -----

sdy.mesh @mesh = <["x"=8]>

// expected-error @+1 {{axis "x":(1)2 in replicated axes overlaps with "x":(1)4 in dimension 0}}
func.func @overlapping_sub_axes_replicated(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)4}], replicated={"x":(1)2}>}) {
  return
}

// -----

sdy.mesh @mesh = <["x"=8]>

// expected-error @+1 {{dimension 0: axis "x":(1)2 appears more than once}}
func.func @same_sub_axis_twice(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2, "x":(1)2}]>}) {
  return
}

// -----

sdy.mesh @mesh = <["x"=8]>

// A full axis and one of its sub-axes never appear together.
// expected-error @+1 {{axis "x":(1)2 in dimension 1 overlaps with "x" in dimension 0}}
func.func @full_and_sub_axis(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"x":(1)2}]>}) {
  return
}

// -----

sdy.mesh @mesh = <["x"=8]>

// expected-error @+1 {{axis "x" in replicated axes overlaps with "x":(4)2 in dimension 0}}
func.func @sub_axis_and_full_replicated(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(4)2}], replicated={"x"}>}) {
  return
}

// -----

sdy.mesh @mesh = <["x"=8]>

// expected-error @+1 {{dimension 0: adjacent sub-axes "x":(1)2 and "x":(2)4 can be merged; write "x"}}
func.func @mergeable_to_full_axis(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2, "x":(2)4}]>}) {
  return
}

// -----

sdy.mesh @mesh = <["x"=16]>

// expected-error @+1 {{dimension 0: adjacent sub-axes "x":(1)2 and "x":(2)4 can be merged; write "x":(1)8}}
func.func @mergeable_sub_axes(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2, "x":(2)4}]>}) {
  return
}

// -----

sdy.mesh @mesh = <["x"=16, "y"=2]>

// expected-error @+1 {{dimension 1: adjacent sub-axes "x":(2)2 and "x":(4)2 can be merged; write "x":(2)4}}
func.func @mergeable_sub_axes_middle(%arg0: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y", "x":(2)2, "x":(4)2}]>}) {
  return
}

// -----

sdy.mesh @mesh = <["x"=16]>

// expected-error @+1 {{replicated axes: adjacent sub-axes "x":(1)2 and "x":(2)2 can be merged; write "x":(1)4}}
func.func @mergeable_replicated(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}], replicated={"x":(1)2, "x":(2)2}>}) {
  return
}

// -----

sdy.mesh @mesh = <["x"=8]>

// expected-error @+1 {{dimension 0: sub-axis "x":(3)2 is invalid: pre-size times size (6) must divide the size of axis "x" (8)}}
func.func @sub_axis_pre_size_not_dividing(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(3)2}]>}) {
  return
}

// -----

sdy.mesh @mesh = <["x"=6]>

// expected-error @+1 {{dimension 0: sub-axis "x":(1)4 is invalid: pre-size times size (4) must divide the size of axis "x" (6)}}
func.func @sub_axis_size_not_dividing(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)4}]>}) {
  return
}

// -----

sdy.mesh @mesh = <["x"=8]>

// expected-error @+1 {{sub-axis "x":(4)4 is invalid: pre-size times size (16) must divide the size of axis "x" (8)}}
func.func @sub_axis_beyond_axis(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(4)4}]>}) {
  return
}

// -----

sdy.mesh @mesh = <["x"=8]>

// expected-error @+1 {{dimension 0: sub-axis "x":(1)8 is as large as axis "x" (8); write the full axis instead}}
func.func @sub_axis_full_size(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)8}]>}) {
  return
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>

// expected-error @+1 {{replicated axes: sub-axis "y":(1)2 is as large as axis "y" (2); write the full axis instead}}
func.func @sub_axis_full_size_replicated(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}], replicated={"y":(1)2}>}) {
  return
}

// -----

// expected-error @+1 {{sub-axis pre-size must be at least 1, got 0}}
func.func @sub_axis_pre_size_zero(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<mesh<["x"=4]>, [{"x":(0)2}]>}) {
  return
}

// -----

// expected-error @+1 {{sub-axis pre-size must be at least 1, got -2}}
func.func @sub_axis_pre_size_negative(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<mesh<["x"=4]>, [{"x":(-2)2}]>}) {
  return
}

// -----

// expected-error @+1 {{sub-axis size must be greater than 1, got 1}}
func.func @sub_axis_size_one(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<mesh<["x"=4]>, [{"x":(1)1}]>}) {
  return
}

// -----

// expected-error @+1 {{sub-axis size must be greater than 1, got 0}}
func.func @sub_axis_size_zero(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<mesh<["x"=4]>, [{}], replicated={"x":(2)0}>}) {
  return
}

// -----

// expected-error @+1 {{sub-axis size must be greater than 1, got 1}}
func.func @standalone_sub_axis() attributes {a = #sdy.axis_ref<"x":(1)1>} {
  return
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// expected-error @+1 {{replicated axes must be sorted in mesh order: "z" must come after "x"}}
func.func @replicated_unsorted(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}], replicated={"z", "x"}>}) {
  return
}

// -----

sdy.mesh @mesh_cab = <["c"=2, "a"=2, "b"=2]>

// Mesh order, not alphabetical order.
// expected-error @+1 {{replicated axes must be sorted in mesh order: "a" must come after "c"}}
func.func @replicated_alphabetical(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh_cab, [{}], replicated={"a", "c"}>}) {
  return
}

// -----

sdy.mesh @mesh_xyz = <["x"=2, "y"=8, "z"=2]>

// A non-canonical order (`replicated={"y":(4)2, "x", "y":(1)2}`).
// expected-error @+1 {{replicated axes must be sorted in mesh order: "y":(4)2 must come after "x"}}
func.func @replicated_sub_axes_unsorted(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh_xyz, [{}, {"y":(2)2}], replicated={"y":(4)2, "x", "y":(1)2}>}) {
  return
}

// -----

sdy.mesh @mesh_xyz = <["x"=2, "y"=8, "z"=2]>

// expected-error @+1 {{replicated axes must be sorted in mesh order: "y":(4)2 must come after "y":(1)2}}
func.func @replicated_sub_axes_by_pre_size(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh_xyz, [{}, {"y":(2)2}], replicated={"x", "y":(4)2, "y":(1)2}>}) {
  return
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>

// expected-error @+1 {{a closed empty dimension sharding {} cannot have a priority (p1)}}
func.func @closed_empty_with_priority(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}p1]>}) {
  return
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>

// expected-error @+1 {{a closed empty dimension sharding {} cannot have a priority (p0)}}
func.func @closed_empty_with_priority_zero(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}p0]>}) {
  return
}

// -----

sdy.mesh @mesh = <["x"=2]>

// expected-error @+1 {{expected a priority of the form 'p<N>' after dimension sharding}}
func.func @malformed_priority(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}px]>}) {
  return
}

// -----

sdy.mesh @mesh = <["x"=2]>

// expected-error @+1 {{expected a priority of the form 'p<N>' after dimension sharding}}
func.func @priority_without_number(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}p]>}) {
  return
}

// -----

sdy.mesh @mesh = <["x"=2]>

// expected-error @+1 {{expected a priority of the form 'p<N>' after dimension sharding}}
func.func @priority_wrong_letter(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}q1]>}) {
  return
}

// -----

sdy.mesh @mesh = <["x"=2]>

// expected-error @+1 {{expected a priority of the form 'p<N>' after dimension sharding}}
func.func @priority_overflow(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}p99999999999999999999999]>}) {
  return
}

// -----

// expected-error @+1 {{a closed empty dimension sharding {} cannot have a priority (p2)}}
func.func @standalone_dimension_sharding() attributes {a = #sdy.dimension_sharding<{}p2>} {
  return
}

// -----

// expected-error @+1 {{sub-axis (4611686018427387904)4 is too large: pre-size times size overflows}}
func.func @sub_axis_overflow(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<mesh<["x"=4]>, [{"x":(4611686018427387904)4}]>}) {
  return
}
