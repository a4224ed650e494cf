// Round trip of the sdy collective ops
// (docs/partitioning.md#step-2-reshards-become-collectives).
// RUN: sdy-opt %s -split-input-file --allow-unregistered-dialect | FileCheck %s
// RUN: sdy-opt %s -split-input-file --allow-unregistered-dialect | sdy-opt -split-input-file --allow-unregistered-dialect | FileCheck %s

sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2, "d"=2]>

// CHECK-LABEL: func.func @all_gather
// CHECK-NEXT: [[ALL_GATHER:%.+]] = sdy.all_gather [{"b", "c"}, {}, {"d"}] %arg0 out_sharding=<@mesh, [{"a"}, {}, {}]> : tensor<8x8x8xf32>
// CHECK-NEXT: [[ALL_GATHER_1:%.+]] = sdy.all_gather [{"a"}, {}, {}] [[ALL_GATHER]] out_sharding=<@mesh, [{}, {}, {}]> : tensor<8x8x8xf32>
// CHECK-NEXT: [[ALL_GATHER_2:%.+]] = sdy.all_gather [{}, {}, {}] [[ALL_GATHER_1]] out_sharding=<@mesh, [{}, {?}, {}], replicated={"a"}> : tensor<8x8x8xf32>
func.func @all_gather(%arg0: tensor<8x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", "c"}, {}, {"d"}]>}) -> tensor<8x8x8xf32> {
  %0 = sdy.all_gather [{"b", "c"}, {}, {"d"}] %arg0 out_sharding=<@mesh, [{"a"}, {}, {}]> : tensor<8x8x8xf32>
  %1 = sdy.all_gather [{"a"}, {}, {}] %0 out_sharding=<@mesh, [{}, {}, {}]> : tensor<8x8x8xf32>
  %2 = sdy.all_gather [{}, {}, {}] %1 out_sharding=<@mesh, [{}, {?}, {}], replicated={"a"}> : tensor<8x8x8xf32>
  return %2 : tensor<8x8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=8, "y"=2]>

// Gathering sub-axes; the operand sharding comes from an op's sdy.sharding.
// CHECK-LABEL: func.func @all_gather_sub_axes
// CHECK-NEXT: [[OP:%.+]] = "test.op"(%arg0)
// CHECK-NEXT: [[ALL_GATHER:%.+]] = sdy.all_gather [{"x":(4)2}, {"y"}] [[OP]] out_sharding=<@mesh, [{"x":(1)2}, {}]> : tensor<16x16xf32>
func.func @all_gather_sub_axes(%arg0: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %0 = "test.op"(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x":(1)2, "x":(4)2}, {"y"}]>]>} : (tensor<16x16xf32>) -> tensor<16x16xf32>
  %1 = sdy.all_gather [{"x":(4)2}, {"y"}] %0 out_sharding=<@mesh, [{"x":(1)2}, {}]> : tensor<16x16xf32>
  return %1 : tensor<16x16xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2, "d"=2]>

// CHECK-LABEL: func.func @all_slice
// CHECK-NEXT: [[ALL_SLICE:%.+]] = sdy.all_slice [{"b", "c"}, {}, {"d"}] %arg0 out_sharding=<@mesh, [{"a", "b", "c"}, {}, {"d"}]> : tensor<8x8x8xf32>
// CHECK-NEXT: [[ALL_SLICE_1:%.+]] = sdy.all_slice [{}, {"a", "b"}, {}] %arg1 out_sharding=<@mesh, [{}, {"a", "b"}, {}]> : tensor<8x8x8xf32>
// CHECK-NEXT: [[ALL_SLICE_2:%.+]] = sdy.all_slice [{}, {}, {}] [[ALL_SLICE_1]] out_sharding=<@mesh, [{}, {"a", "b", ?}, {}]> : tensor<8x8x8xf32>
func.func @all_slice(%arg0: tensor<8x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {}]>}, %arg1: tensor<8x8x8xf32>) -> tensor<8x8x8xf32> {
  %0 = sdy.all_slice [{"b", "c"}, {}, {"d"}] %arg0 out_sharding=<@mesh, [{"a", "b", "c"}, {}, {"d"}]> : tensor<8x8x8xf32>
  %1 = sdy.all_slice [{}, {"a", "b"}, {}] %arg1 out_sharding=<@mesh, [{}, {"a", "b"}, {}]> : tensor<8x8x8xf32>
  %2 = sdy.all_slice [{}, {}, {}] %1 out_sharding=<@mesh, [{}, {"a", "b", ?}, {}]> : tensor<8x8x8xf32>
  return %2 : tensor<8x8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=8]>

// Slicing with sub-axes, and all_slice followed by the inverse all_gather.
// CHECK-LABEL: func.func @all_slice_sub_axes
// CHECK-NEXT: [[ALL_SLICE:%.+]] = sdy.all_slice [{"x":(1)2}, {"x":(2)4}] %arg0 out_sharding=<@mesh, [{"x":(1)2}, {"x":(2)4}]> : tensor<16x16xf32>
// CHECK-NEXT: [[ALL_GATHER:%.+]] = sdy.all_gather [{"x":(1)2}, {"x":(2)4}] [[ALL_SLICE]] out_sharding=<@mesh, [{}, {}]> : tensor<16x16xf32>
func.func @all_slice_sub_axes(%arg0: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %0 = sdy.all_slice [{"x":(1)2}, {"x":(2)4}] %arg0 out_sharding=<@mesh, [{"x":(1)2}, {"x":(2)4}]> : tensor<16x16xf32>
  %1 = sdy.all_gather [{"x":(1)2}, {"x":(2)4}] %0 out_sharding=<@mesh, [{}, {}]> : tensor<16x16xf32>
  return %1 : tensor<16x16xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>

// CHECK-LABEL: func.func @all_to_all
// CHECK-NEXT: [[ALL_TO_ALL:%.+]] = sdy.all_to_all [{"b"}: 0->2, {"c"}: 1->3] %arg0 out_sharding=<@mesh, [{"a"}, {}, {"b"}, {"c"}]> : tensor<8x8x4x4xf32>
// CHECK-NEXT: [[ALL_TO_ALL_1:%.+]] = sdy.all_to_all [{"a"}: 0->1] [[ALL_TO_ALL]] out_sharding=<@mesh, [{}, {"a"}, {"b"}, {"c"}]> : tensor<8x8x4x4xf32>
// CHECK-NEXT: [[ALL_TO_ALL_2:%.+]] = sdy.all_to_all [{"a"}: 1->3, {"b"}: 2->0] [[ALL_TO_ALL_1]] out_sharding=<@mesh, [{"b"}, {}, {}, {"c", "a"}]> : tensor<8x8x4x4xf32>
// CHECK-NEXT: [[ALL_TO_ALL_3:%.+]] = sdy.all_to_all [{"c", "a"}: 3->0] [[ALL_TO_ALL_2]] out_sharding=<@mesh, [{"b", "c", "a"}, {}, {}, {}]> : tensor<8x8x4x4xf32>
func.func @all_to_all(%arg0: tensor<8x8x4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {"c"}, {}, {}]>}) -> tensor<8x8x4x4xf32> {
  %0 = sdy.all_to_all [{"b"}: 0->2, {"c"}: 1->3] %arg0 out_sharding=<@mesh, [{"a"}, {}, {"b"}, {"c"}]> : tensor<8x8x4x4xf32>
  %1 = sdy.all_to_all [{"a"}: 0->1] %0 out_sharding=<@mesh, [{}, {"a"}, {"b"}, {"c"}]> : tensor<8x8x4x4xf32>
  %2 = sdy.all_to_all [{"a"}: 1 -> 3, {"b"}: 2->0] %1 out_sharding=<@mesh, [{"b"}, {}, {}, {"c", "a"}]> : tensor<8x8x4x4xf32>
  %3 = sdy.all_to_all [{"c", "a"}: 3->0] %2 out_sharding=<@mesh, [{"b", "c", "a"}, {}, {}, {}]> : tensor<8x8x4x4xf32>
  return %3 : tensor<8x8x4x4xf32>
}

// -----

sdy.mesh @mesh = <["x"=8]>

// all_to_all moving a sub-axis.
// CHECK-LABEL: func.func @all_to_all_sub_axes
// CHECK: [[ALL_TO_ALL:%.+]] = sdy.all_to_all [{"x":(4)2}: 0->1] [[V0:%.+]] out_sharding=<@mesh, [{"x":(1)2}, {"x":(4)2}]> : tensor<16x16xf32>
func.func @all_to_all_sub_axes(%arg0: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %0 = "test.op"(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x":(1)2, "x":(4)2}, {}]>]>} : (tensor<16x16xf32>) -> tensor<16x16xf32>
  %1 = sdy.all_to_all [{"x":(4)2}: 0->1] %0 out_sharding=<@mesh, [{"x":(1)2}, {"x":(4)2}]> : tensor<16x16xf32>
  return %1 : tensor<16x16xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2, "c"=4, "d"=2, "e"=2, "f"=2]>

// The seed example: the local shape tensor<1x4x2xf32> is preserved.
// CHECK-LABEL: func.func @collective_permute
// CHECK-NEXT: [[COLLECTIVE_PERMUTE:%.+]] = sdy.collective_permute %arg0 out_sharding=<@mesh, [{"c":(1)2, "b", "f"}, {"a"}, {"e", "d"}]> : tensor<8x8x8xf32>
// CHECK-NEXT: [[COLLECTIVE_PERMUTE_1:%.+]] = sdy.collective_permute [[COLLECTIVE_PERMUTE]] out_sharding=<@mesh, [{"f", "b", "c":(1)2}, {"c":(2)2}, {"d", "e"}]> : tensor<8x8x8xf32>
func.func @collective_permute(%arg0: tensor<8x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "c"}, {"f"}, {"d", "e"}]>}) -> tensor<8x8x8xf32> {
  %0 = sdy.collective_permute %arg0 out_sharding=<@mesh, [{"c":(1)2, "b", "f"}, {"a"}, {"e", "d"}]> : tensor<8x8x8xf32>
  %1 = sdy.collective_permute %0 out_sharding=<@mesh, [{"f", "b", "c":(1)2}, {"c":(2)2}, {"d", "e"}]> : tensor<8x8x8xf32>
  return %1 : tensor<8x8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>
sdy.mesh @mesh_rev = <["x"=2, "y"=2], device_ids=[3, 2, 1, 0]>
sdy.mesh @mesh_t = <["x"=2, "y"=2], device_ids=[0, 2, 1, 3]>

// Meshes that differ only in device order; the identity permute; swapping a
// sharded axis with a replicated one.
// CHECK-LABEL: func.func @collective_permute_device_order
// CHECK-NEXT: [[COLLECTIVE_PERMUTE:%.+]] = sdy.collective_permute %arg0 out_sharding=<@mesh_rev, [{"x"}, {"y"}]> : tensor<8x8xf32>
// CHECK-NEXT: [[COLLECTIVE_PERMUTE_1:%.+]] = sdy.collective_permute [[COLLECTIVE_PERMUTE]] out_sharding=<@mesh_t, [{"y"}, {"x"}]> : tensor<8x8xf32>
// CHECK-NEXT: [[COLLECTIVE_PERMUTE_2:%.+]] = sdy.collective_permute [[COLLECTIVE_PERMUTE_1]] out_sharding=<@mesh_t, [{"y"}, {"x"}]> : tensor<8x8xf32>
// CHECK-NEXT: [[COLLECTIVE_PERMUTE_3:%.+]] = sdy.collective_permute [[COLLECTIVE_PERMUTE_2]] out_sharding=<@mesh, [{"x"}, {"y"}]> : tensor<8x8xf32>
// CHECK-NEXT: [[COLLECTIVE_PERMUTE_4:%.+]] = sdy.collective_permute %arg1 out_sharding=<@mesh, [{"y"}, {}], replicated={"x"}> : tensor<8x8xf32>
func.func @collective_permute_device_order(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>},
                                           %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}], replicated={"y"}>}) -> tensor<8x8xf32> {
  %0 = sdy.collective_permute %arg0 out_sharding=<@mesh_rev, [{"x"}, {"y"}]> : tensor<8x8xf32>
  %1 = sdy.collective_permute %0 out_sharding=<@mesh_t, [{"y"}, {"x"}]> : tensor<8x8xf32>
  %2 = sdy.collective_permute %1 out_sharding=<@mesh_t, [{"y"}, {"x"}]> : tensor<8x8xf32>
  %3 = sdy.collective_permute %2 out_sharding=<@mesh, [{"x"}, {"y"}]> : tensor<8x8xf32>
  %4 = sdy.collective_permute %arg1 out_sharding=<@mesh, [{"y"}, {}], replicated={"x"}> : tensor<8x8xf32>
  return %4 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

// CHECK-LABEL: func.func @all_reduce
// CHECK-NEXT: [[ALL_REDUCE:%.+]] = sdy.all_reduce {"b"} %arg0 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: [[ALL_REDUCE_1:%.+]] = sdy.all_reduce max {"b"} [[ALL_REDUCE]] out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: [[ALL_REDUCE_2:%.+]] = sdy.all_reduce min {} [[ALL_REDUCE_1]] out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: [[ALL_REDUCE_3:%.+]] = sdy.all_reduce prod {"b"} [[ALL_REDUCE_2]] out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: [[ALL_REDUCE_4:%.+]] = sdy.all_reduce sum {"b"} [[ALL_REDUCE_3]] out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: [[ALL_REDUCE_5:%.+]] = sdy.all_reduce {"a", "b"} %arg1 out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
func.func @all_reduce(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = sdy.all_reduce {"b"} %arg0 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  %1 = sdy.all_reduce max {"b"} %0 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  %2 = sdy.all_reduce min {} %1 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  %3 = sdy.all_reduce prod {"b"} %2 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  %4 = sdy.all_reduce sum {"b"} %3 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  %5 = sdy.all_reduce {"a", "b"} %arg1 out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
  return %5 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=8]>

// all_reduce over a sub-axis that does not overlap the operand's sub-axis.
// CHECK-LABEL: func.func @all_reduce_sub_axes
// CHECK-NEXT: [[ALL_REDUCE:%.+]] = sdy.all_reduce {"x":(2)4} %arg0 out_sharding=<@mesh, [{"x":(1)2}]> : tensor<16xf32>
func.func @all_reduce_sub_axes(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2}]>}) -> tensor<16xf32> {
  %0 = sdy.all_reduce {"x":(2)4} %arg0 out_sharding=<@mesh, [{"x":(1)2}]> : tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>

// CHECK-LABEL: func.func @reduce_scatter
// CHECK-NEXT: [[REDUCE_SCATTER:%.+]] = sdy.reduce_scatter [{"b"}, {"c"}] %arg0 out_sharding=<@mesh, [{"a", "b"}, {"c"}]> : tensor<8x8xf32>
// CHECK-NEXT: [[REDUCE_SCATTER_1:%.+]] = sdy.reduce_scatter max [{}, {"a", "b"}] %arg1 out_sharding=<@mesh, [{}, {"a", "b"}]> : tensor<8x8xf32>
// CHECK-NEXT: [[REDUCE_SCATTER_2:%.+]] = sdy.reduce_scatter sum [{}, {}] [[REDUCE_SCATTER_1]] out_sharding=<@mesh, [{}, {"a", "b"}]> : tensor<8x8xf32>
func.func @reduce_scatter(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = sdy.reduce_scatter [{"b"}, {"c"}] %arg0 out_sharding=<@mesh, [{"a", "b"}, {"c"}]> : tensor<8x8xf32>
  %1 = sdy.reduce_scatter max [{}, {"a", "b"}] %arg1 out_sharding=<@mesh, [{}, {"a", "b"}]> : tensor<8x8xf32>
  %2 = sdy.reduce_scatter sum [{}, {}] %1 out_sharding=<@mesh, [{}, {"a", "b"}]> : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}

// -----

// Collectives on an inlined mesh, and on a scalar.
// CHECK-LABEL: func.func @inlined_mesh_and_scalar
// CHECK-NEXT: [[ALL_SLICE:%.+]] = sdy.all_slice [{"x"}] %arg0 out_sharding=<mesh<["x"=2]>, [{"x"}]> : tensor<8xf32>
// CHECK-NEXT: [[ALL_GATHER:%.+]] = sdy.all_gather [{"x"}] [[ALL_SLICE]] out_sharding=<mesh<["x"=2]>, [{}]> : tensor<8xf32>
// CHECK-NEXT: [[ALL_REDUCE:%.+]] = sdy.all_reduce {"x"} %arg1 out_sharding=<mesh<["x"=2]>, []> : tensor<f32>
// CHECK-NEXT: [[COLLECTIVE_PERMUTE:%.+]] = sdy.collective_permute %arg1 out_sharding=<mesh<["x"=2]>, []> : tensor<f32>
func.func @inlined_mesh_and_scalar(%arg0: tensor<8xf32>, %arg1: tensor<f32>) -> tensor<8xf32> {
  %0 = sdy.all_slice [{"x"}] %arg0 out_sharding=<mesh<["x"=2]>, [{"x"}]> : tensor<8xf32>
  %1 = sdy.all_gather [{"x"}] %0 out_sharding=<mesh<["x"=2]>, [{}]> : tensor<8xf32>
  %2 = sdy.all_reduce {"x"} %arg1 out_sharding=<mesh<["x"=2]>, []> : tensor<f32>
  %3 = sdy.collective_permute %arg1 out_sharding=<mesh<["x"=2]>, []> : tensor<f32>
  return %1 : tensor<8xf32>
}
