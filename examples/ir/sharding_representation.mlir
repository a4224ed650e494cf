// The sharding representation (docs/sharding-model.md): meshes, axes,
// sub-axes, open and closed dimensions, explicit replication, priorities,
// indivisible shardings.

// A 2-D mesh of 4 devices [[0, 1], [2, 3]], a 3-D mesh, and meshes that share
// devices but order them differently.
sdy.mesh @mesh_2x2 = <["x"=2, "y"=2]>
sdy.mesh @mesh_xy = <["x"=2, "y"=4, "z"=2]>
sdy.mesh @mesh_cab = <["c"=2, "a"=2, "b"=2]>
sdy.mesh @mesh_x = <["x"=4]>
sdy.mesh @mesh_y8 = <["x"=2, "y"=8, "z"=2]>
sdy.mesh @mesh_full = <["devices"=8]>
sdy.mesh @mesh_4x2 = <["x"=4, "y"=2]>
sdy.mesh @mesh_reordered = <["a"=3, "b"=2], device_ids=[0, 2, 4, 1, 3, 5]>
sdy.mesh @mesh_w = <["w"=6, "x"=2, "y"=4, "z"=2]>
sdy.mesh @mesh_indivisible = <["x"=8, "y"=2, "z"=3]>
sdy.mesh @maximal_mesh_3 = <[], device_ids=[3]>

func.func @representation(
    // Rows on "x", columns on "z" then "y": local shape tensor<2x1xf32>.
    %closed: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh_xy, [{"x"}, {"z", "y"}]>},
    // Open dimension: propagation may shard it further.
    %open: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh_xy, [{"x"}, {"z", ?}]>},
    // "y" is explicitly replicated: nothing may shard along it.
    %replicated: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh_xy, [{"x"}, {?}], replicated={"y"}>},
    // Sub-axis: the middle 2 of "y" reshaped to [2, 2, 2].
    %sub_axis: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh_y8, [{"x"}, {"y":(2)2}], replicated={"y":(1)2}>},
    // The same devices described two ways.
    %two_axes: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh_4x2, [{"x"}, {"y"}]>},
    %sub_axes: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh_full, [{"devices":(1)4}, {"devices":(4)2}]>},
    // Priorities: p0 (absent) first, then p1, then p2.
    %priorities: tensor<8x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh_w, [{"x"}p1, {"y"}, {"z", ?}p2]>},
    // Indivisible: 7 rows over 8 devices, 8 columns over 3 (padded later).
    %indivisible: tensor<7x3x8xf32> {sdy.sharding = #sdy.sharding<@mesh_indivisible, [{"x"}, {"y"}, {"z"}]>},
    // A scalar, a maximal (single-device) sharding, an inlined mesh.
    %scalar: tensor<f32> {sdy.sharding = #sdy.sharding<@mesh_x, []>},
    %on_device_3: tensor<8xf32> {sdy.sharding = #sdy.sharding<@maximal_mesh_3, [{}]>},
    %inlined: tensor<8xf32> {sdy.sharding = #sdy.sharding<mesh<["q"=2]>, [{"q"}]>})
    -> (tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh_cab, [{"c", "a"}, {"b"}]>}) {
  return %closed : tensor<4x8xf32>
}
