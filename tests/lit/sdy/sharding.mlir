// Round trip of tensor shardings on func arguments/results and of the
// sharding_per_value attribute on ops (docs/sharding-model.md).
// RUN: sdy-opt %s -split-input-file --allow-unregistered-dialect | FileCheck %s
// RUN: sdy-opt %s -split-input-file --allow-unregistered-dialect | sdy-opt -split-input-file --allow-unregistered-dialect | FileCheck %s

sdy.mesh @mesh_xy = <["x"=2, "y"=4, "z"=2]>

// Closed dimensions, several axes in one dimension (major to minor).
// CHECK-LABEL: func.func @closed
// CHECK-SAME: (%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh_xy, [{"x"}, {"z", "y"}]>})
func.func @closed(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh_xy, [{"x"}, {"z", "y"}]>}) {
  return
}

// -----

sdy.mesh @mesh_xy = <["x"=2, "y"=4, "z"=2]>

// Open dimensions: `{?}` and `{"z", ?}`.
// CHECK-LABEL: func.func @open
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh_xy, [{"x"}, {"z", ?}]>}
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh_xy, [{?}, {?}]>}
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh_xy, [{"x", "y", ?}, {}]>}
func.func @open(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh_xy, [{"x"}, {"z", ?}]>},
                %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh_xy, [{?}, {?}]>},
                %arg2: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh_xy, [{"x", "y", ?}, {}]>}) {
  return
}

// -----

sdy.mesh @mesh_xyz = <["x"=2, "y"=4, "z"=2]>

// Explicitly replicated axes.
// CHECK-LABEL: func.func @replicated
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh_xyz, [{"x"}, {?}], replicated={"y"}>}
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh_xyz, [{}, {}], replicated={"x", "y", "z"}>}
func.func @replicated(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh_xyz, [{"x"}, {?}], replicated={"y"}>},
                      %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh_xyz, [{}, {}], replicated={"x", "y", "z"}>}) {
  return
}

// -----

sdy.mesh @mesh_cab = <["c"=2, "a"=2, "b"=2]>

// Replicated axes are in mesh order, not alphabetical order.
// CHECK-LABEL: func.func @replicated_mesh_order
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh_cab, [{"b"}], replicated={"c", "a"}>}
func.func @replicated_mesh_order(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh_cab, [{"b"}], replicated={"c", "a"}>}) {
  return
}

// -----

sdy.mesh @mesh_xyz = <["x"=2, "y"=8, "z"=2]>

// Replicated sub-axes sorted by pre-size, after the full axes that precede
// them in the mesh.
// CHECK-LABEL: func.func @replicated_sub_axes
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh_xyz, [{}, {"y":(2)2}], replicated={"x", "y":(1)2, "y":(4)2}>}
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh_xyz, [{"x"}, {"y":(2)2}], replicated={"y":(1)2, "z"}>}
func.func @replicated_sub_axes(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh_xyz, [{}, {"y":(2)2}], replicated={"x", "y":(1)2, "y":(4)2}>},
                               %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh_xyz, [{"x"}, {"y":(2)2}], replicated={"y":(1)2, "z"}>}) {
  return
}

// -----

sdy.mesh @mesh_xyz = <["x"=2, "y"=8, "z"=2]>

// Sub-axes: the most minor, a middle one, pre-size 1, several sub-axes of one
// axis on different dimensions.
// CHECK-LABEL: func.func @sub_axes
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh_xyz, [{"x"}, {"y":(2)2}]>}
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh_xyz, [{"y":(1)2}, {"y":(2)4}]>}
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh_xyz, [{"y":(1)4, "x"}, {"z", "y":(4)2}]>}
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh_xyz, [{"y":(4)2, "y":(1)2}, {}]>}
func.func @sub_axes(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh_xyz, [{"x"}, {"y":(2)2}]>},
                    %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh_xyz, [{"y":(1)2}, {"y":(2)4}]>},
                    %arg2: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh_xyz, [{"y":(1)4, "x"}, {"z", "y":(4)2}]>},
                    %arg3: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh_xyz, [{"y":(4)2, "y":(1)2}, {}]>}) {
  return
}

// -----

sdy.mesh @mesh_full = <["devices"=8]>
sdy.mesh @mesh_xy = <["x"=4, "y"=2]>

// Equivalent shardings over a split mesh and over the unsplit mesh.
// CHECK-LABEL: func.func @split_equivalence
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh_xy, [{"x"}, {"y"}]>}
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh_full, [{"devices":(1)4}, {"devices":(4)2}]>}
func.func @split_equivalence(%arg0: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh_xy, [{"x"}, {"y"}]>},
                             %arg1: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh_full, [{"devices":(1)4}, {"devices":(4)2}]>}) {
  return
}

// -----

sdy.mesh @mesh_xy = <["w"=6, "x"=2, "y"=4, "z"=2]>

// Priorities, with gaps; open dimensions may carry one too.
// CHECK-LABEL: func.func @priorities
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh_xy, [{"x"}p1, {"y"}, {"z", ?}p2]>}
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh_xy, [{?}p0, {"w"}p0, {}]>}
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh_xy, [{?}p12345, {"x", ?}p3, {"y"}p7]>}
func.func @priorities(%arg0: tensor<8x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh_xy, [{"x"}p1, {"y"}, {"z",?}p2], replicated={}>},
                      %arg1: tensor<8x12x8xf32> {sdy.sharding = #sdy.sharding<@mesh_xy, [{?}p0, {"w"}p0, {}]>},
                      %arg2: tensor<8x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh_xy, [{?}p12345, {"x", ?}p3, {"y"}p7]>}) {
  return
}

// -----

sdy.mesh @mesh_xy = <["x"=8, "y"=2, "z"=3]>

// Indivisible ("padded") shardings are legal, and so are dynamic dimensions.
// CHECK-LABEL: func.func @indivisible
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh_xy, [{"x"}, {"y"}, {"z"}]>}
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh_xy, [{"x", "y", "z"}]>}
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh_xy, [{"x"}, {"z"}]>}
func.func @indivisible(%arg0: tensor<7x3x8xf32> {sdy.sharding = #sdy.sharding<@mesh_xy, [{"x"}, {"y"}, {"z"}]>},
                       %arg1: tensor<1xf32> {sdy.sharding = #sdy.sharding<@mesh_xy, [{"x", "y", "z"}]>},
                       %arg2: tensor<?x?xf32> {sdy.sharding = #sdy.sharding<@mesh_xy, [{"x"}, {"z"}]>}) {
  return
}

// -----

sdy.mesh @mesh = <["x"=2]>

// Scalars take a rank-0 sharding (possibly with replicated axes); size-0
// dimensions may be left unsharded; non-shaped values take `[]`.
// CHECK-LABEL: func.func @scalars
// CHECK-SAME: (%arg0: tensor<f32> {sdy.sharding = #sdy.sharding<@mesh, []>}
// CHECK-SAME: %arg1: tensor<i1> {sdy.sharding = #sdy.sharding<@mesh, [], replicated={"x"}>}
// CHECK-SAME: %arg2: tensor<0x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}
// CHECK-SAME: %arg3: i32 {sdy.sharding = #sdy.sharding<@mesh, []>}
// CHECK-SAME: -> (tensor<f32> {sdy.sharding = #sdy.sharding<@mesh, []>})
func.func @scalars(%arg0: tensor<f32> {sdy.sharding = #sdy.sharding<@mesh, []>},
                   %arg1: tensor<i1> {sdy.sharding = #sdy.sharding<@mesh, [], replicated={"x"}>},
                   %arg2: tensor<0x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>},
                   %arg3: i32 {sdy.sharding = #sdy.sharding<@mesh, []>})
    -> (tensor<f32> {sdy.sharding = #sdy.sharding<@mesh, []>}) {
  return %arg0 : tensor<f32>
}

// -----

// Inlined meshes, with device ids, maximal and empty.
// CHECK-LABEL: func.func @inlined_mesh
// CHECK-SAME: {sdy.sharding = #sdy.sharding<mesh<["a"=2, "b"=2]>, [{"a"}, {"b", ?}]>}
// CHECK-SAME: {sdy.sharding = #sdy.sharding<mesh<["a"=2, "b"=2], device_ids=[3, 2, 1, 0]>, [{"b"}, {}], replicated={"a"}>}
// CHECK-SAME: {sdy.sharding = #sdy.sharding<mesh<[], device_ids=[7]>, [{}, {}]>}
// CHECK-SAME: {sdy.sharding = #sdy.sharding<mesh<[]>, [{?}, {?}]>}
func.func @inlined_mesh(%arg0: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<mesh<["a"=2, "b"=2]>, [{"a"}, {"b", ?}]>},
                        %arg1: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<mesh<["a"=2, "b"=2], device_ids=[3, 2, 1, 0]>, [{"b"}, {}], replicated={"a"}>},
                        %arg2: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<mesh<[], device_ids=[7]>, [{}, {}]>},
                        %arg3: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<mesh<[]>, [{?}, {?}]>}) {
  return
}

// -----

sdy.mesh @maximal = <[], device_ids=[3]>
sdy.mesh @empty = <[]>

// Shardings on maximal and empty meshes (no axes to use).
// CHECK-LABEL: func.func @maximal_and_empty
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@maximal, [{}, {}]>}
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@empty, [{?}, {}]>}
func.func @maximal_and_empty(%arg0: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@maximal, [{}, {}]>},
                             %arg1: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@empty, [{?}, {}]>}) {
  return
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>

// Whitespace-insensitive parsing prints canonically; an empty replicated list
// is dropped.
// CHECK-LABEL: func.func @canonical
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}p2, {}], replicated={"y"}>}
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"y"}]>}
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}]>}
func.func @canonical(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding< @mesh , [ { "x" } ] >},
                     %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh,[{"x",?} p2,{ }],replicated={ "y" }>},
                     %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{ ? }, {"y"}], replicated={}>},
                     %arg3: tensor<8xf32> {sdy.sharding = #sdy.sharding<
                         @mesh,
                         [{"x",
                           "y"}]
                       >}) {
  return
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>

// Function results carry a TensorShardingAttr; ops carry a
// TensorShardingPerValueAttr with one sharding per result.
// CHECK-LABEL: func.func @per_value
// CHECK-SAME: -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, tensor<8xf32>)
// CHECK: "test.op"(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>}
// CHECK: "test.op2"(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {?}]>, <@mesh, [{"y", ?}]>, <@mesh, []>]>}
// CHECK: "test.op3"() {sdy.sharding = #sdy.sharding_per_value<[]>} : () -> ()
func.func @per_value(%arg0: tensor<8x8xf32>) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, tensor<8xf32>) {
  %0 = "test.op"(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %1:3 = "test.op2"(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {?}]>, <@mesh, [{"y", ?}]>, <@mesh, []>]>} : (tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8xf32>, tensor<f32>)
  "test.op3"() {sdy.sharding = #sdy.sharding_per_value<[]>} : () -> ()
  return %0, %1#1 : tensor<8x8xf32>, tensor<8xf32>
}

// -----

sdy.mesh @mesh1 = <["x"=2]>
sdy.mesh @mesh2 = <["a"=2, "b"=2]>

// A per-value attribute may mix meshes (symbol and inlined).
// CHECK-LABEL: func.func @per_value_mixed_meshes
// CHECK: sdy.sharding = #sdy.sharding_per_value<[<@mesh1, [{"x"}]>, <@mesh2, [{"b", "a"}]>, <mesh<["q"=4]>, [{"q"}]>]>
func.func @per_value_mixed_meshes(%arg0: tensor<8xf32>) {
  %0:3 = "test.op"(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh1, [{"x"}]>, <@mesh2, [{"b", "a"}]>, <mesh<["q"=4]>, [{"q"}]>]>} : (tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>)
  return
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>

// Shardings on arguments and results of several functions, and on a
// function without a body.
// CHECK-LABEL: func.func private @decl(tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>})
// CHECK-LABEL: func.func @main
// CHECK-SAME: (%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg1: tensor<8x16xf32>)
// CHECK-SAME: -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>})
func.func private @decl(tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>})
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>},
                %arg1: tensor<8x16xf32>) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) {
  return %arg1 : tensor<8x16xf32>
}

// -----

sdy.mesh @mesh = <["x"=8]>

// Sub-axes that are adjacent in a dimension but not mergeable (not
// contiguous), or in the wrong order, are legal.
// CHECK-LABEL: func.func @non_mergeable_sub_axes
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2, "x":(4)2}]>}
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh, [{"x":(2)2, "x":(1)2}]>}
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh, [{"x":(4)2}], replicated={"x":(1)2}>}
func.func @non_mergeable_sub_axes(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2, "x":(4)2}]>},
                                  %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(2)2, "x":(1)2}]>},
                                  %arg2: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(4)2}], replicated={"x":(1)2}>}) {
  return
}

// -----

sdy.mesh @mesh = <["x"=8]>

// Sub-axes adjacent across dimensions (not in one dimension) need not merge.
// CHECK-LABEL: func.func @sub_axes_across_dims
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2}, {"x":(2)4}]>}
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)4}], replicated={"x":(4)2}>}
func.func @sub_axes_across_dims(%arg0: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2}, {"x":(2)4}]>},
                                %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)4}], replicated={"x":(4)2}>}) {
  return
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>

// A dimension of size 0 may be sharded, as in Shardy (propagation shards the
// empty slices of lax.associative_scan).
// CHECK-LABEL: func.func @size_zero_dim
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y", ?}]>}
func.func @size_zero_dim(%arg0: tensor<0x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>},
                         %arg1: tensor<8x0xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y", ?}]>}) {
  return
}

// -----

sdy.mesh @maximal_mesh_0 = <[], device_ids=[0]>

// An op without results may carry one sharding, its placement (JAX's
// jax.debug.print callback on a maximal mesh), as in Shardy.
// CHECK-LABEL: func.func @no_results_placement
// CHECK: stablehlo.custom_call @xla_ffi_python_cpu_callback(%arg0) {has_side_effect = true, sdy.sharding = #sdy.sharding_per_value<[<@maximal_mesh_0, []>]>}
func.func @no_results_placement(%arg0: tensor<8xf32>) {
  stablehlo.custom_call @xla_ffi_python_cpu_callback(%arg0) {has_side_effect = true, sdy.sharding = #sdy.sharding_per_value<[<@maximal_mesh_0, []>]>} : (tensor<8xf32>) -> ()
  return
}
