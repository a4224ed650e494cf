// -sdy-reshard-to-collectives: every sdy.reshard becomes the collectives of
// ReshardPlanner. Exhaustive semantic checks of every pair of
// shardings are in tests/partition (partition_reshard_exhaustive).
// RUN: sdy-opt %s -split-input-file -sdy-reshard-to-collectives -verify-diagnostics | FileCheck %s

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// Pure slice: one all_slice.
// CHECK-LABEL: func.func @pure_slice(
// CHECK-NEXT: [[ALL_SLICE:%.+]] = sdy.all_slice [{"y"}, {"z"}] %arg0 out_sharding=<@mesh, [{"x", "y"}, {"z"}]> : tensor<8x8xf32>
// CHECK-NEXT: return [[ALL_SLICE]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @pure_slice(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x8xf32> {
  %0 = sdy.reshard %arg0 <@mesh, [{"x", "y"}, {"z"}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// CHECK-LABEL: func.func @pure_slice_from_replicated(
// CHECK-NEXT: [[ALL_SLICE:%.+]] = sdy.all_slice [{"z"}, {"x", "y"}] %arg0 out_sharding=<@mesh, [{"z"}, {"x", "y"}]> : tensor<8x8xf32>
// CHECK-NEXT: return [[ALL_SLICE]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @pure_slice_from_replicated(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> tensor<8x8xf32> {
  %0 = sdy.reshard %arg0 <@mesh, [{"z"}, {"x", "y"}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// Pure gather: one all_gather.
// CHECK-LABEL: func.func @pure_gather(
// CHECK-NEXT: [[ALL_GATHER:%.+]] = sdy.all_gather [{"y"}, {"z"}] %arg0 out_sharding=<@mesh, [{"x"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: return [[ALL_GATHER]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @pure_gather(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {"z"}]>}) -> tensor<8x8xf32> {
  %0 = sdy.reshard %arg0 <@mesh, [{"x"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// CHECK-LABEL: func.func @pure_gather_to_replicated(
// CHECK-NEXT: [[ALL_GATHER:%.+]] = sdy.all_gather [{"y"}, {"z", "x"}] %arg0 out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: return [[ALL_GATHER]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @pure_gather_to_replicated(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"z", "x"}]>}) -> tensor<8x8xf32> {
  %0 = sdy.reshard %arg0 <@mesh, [{}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// One axis moves between dimensions: one all_to_all.
// CHECK-LABEL: func.func @all_to_all_one_axis(
// CHECK-NEXT: [[ALL_TO_ALL:%.+]] = sdy.all_to_all [{"y"}: 0->1] %arg0 out_sharding=<@mesh, [{"x"}, {"y"}]> : tensor<8x8xf32>
// CHECK-NEXT: return [[ALL_TO_ALL]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @all_to_all_one_axis(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}) -> tensor<8x8xf32> {
  %0 = sdy.reshard %arg0 <@mesh, [{"x"}, {"y"}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// CHECK-LABEL: func.func @all_to_all_two_axes(
// CHECK-NEXT: [[ALL_TO_ALL:%.+]] = sdy.all_to_all [{"y", "z"}: 1->0] %arg0 out_sharding=<@mesh, [{"x", "y", "z"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: return [[ALL_TO_ALL]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @all_to_all_two_axes(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y", "z"}]>}) -> tensor<8x8xf32> {
  %0 = sdy.reshard %arg0 <@mesh, [{"x", "y", "z"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// Two moves in one all_to_all, sorted by source dimension.
// CHECK-LABEL: func.func @all_to_all_two_params(
// CHECK-NEXT: [[ALL_TO_ALL:%.+]] = sdy.all_to_all [{"x"}: 0->2, {"y"}: 1->3] %arg0 out_sharding=<@mesh, [{}, {}, {"x"}, {"y"}]> : tensor<8x8x8x8xf32>
// CHECK-NEXT: return [[ALL_TO_ALL]] : tensor<8x8x8x8xf32>
// CHECK-NEXT: }
func.func @all_to_all_two_params(%arg0: tensor<8x8x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}, {}, {}]>}) -> tensor<8x8x8x8xf32> {
  %0 = sdy.reshard %arg0 <@mesh, [{}, {}, {"x"}, {"y"}]> : tensor<8x8x8x8xf32>
  return %0 : tensor<8x8x8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// CHECK-LABEL: func.func @all_to_all_rank3(
// CHECK-NEXT: [[ALL_TO_ALL:%.+]] = sdy.all_to_all [{"z"}: 1->0] %arg0 out_sharding=<@mesh, [{"z"}, {}, {"x"}]> : tensor<8x8x8xf32>
// CHECK-NEXT: return [[ALL_TO_ALL]] : tensor<8x8x8xf32>
// CHECK-NEXT: }
func.func @all_to_all_rank3(%arg0: tensor<8x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"z"}, {"x"}]>}) -> tensor<8x8x8xf32> {
  %0 = sdy.reshard %arg0 <@mesh, [{"z"}, {}, {"x"}]> : tensor<8x8x8xf32>
  return %0 : tensor<8x8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// Swapping equally sized axes: one collective_permute.
// CHECK-LABEL: func.func @permute_swap(
// CHECK-NEXT: [[COLLECTIVE_PERMUTE:%.+]] = sdy.collective_permute %arg0 out_sharding=<@mesh, [{"y"}, {"x"}]> : tensor<8x8xf32>
// CHECK-NEXT: return [[COLLECTIVE_PERMUTE]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @permute_swap(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> tensor<8x8xf32> {
  %0 = sdy.reshard %arg0 <@mesh, [{"y"}, {"x"}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// CHECK-LABEL: func.func @permute_reorder(
// CHECK-NEXT: [[COLLECTIVE_PERMUTE:%.+]] = sdy.collective_permute %arg0 out_sharding=<@mesh, [{"y", "x"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: return [[COLLECTIVE_PERMUTE]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @permute_reorder(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}) -> tensor<8x8xf32> {
  %0 = sdy.reshard %arg0 <@mesh, [{"y", "x"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// Replacing an axis by an unused one of the same size.
// CHECK-LABEL: func.func @permute_unused_axis(
// CHECK-NEXT: [[COLLECTIVE_PERMUTE:%.+]] = sdy.collective_permute %arg0 out_sharding=<@mesh, [{"z"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: return [[COLLECTIVE_PERMUTE]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @permute_unused_axis(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x8xf32> {
  %0 = sdy.reshard %arg0 <@mesh, [{"z"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// CHECK-LABEL: func.func @permute_rotate(
// CHECK-NEXT: [[COLLECTIVE_PERMUTE:%.+]] = sdy.collective_permute %arg0 out_sharding=<@mesh, [{"z"}, {"x"}, {"y"}]> : tensor<8x8x8xf32>
// CHECK-NEXT: return [[COLLECTIVE_PERMUTE]] : tensor<8x8x8xf32>
// CHECK-NEXT: }
func.func @permute_rotate(%arg0: tensor<8x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}, {"z"}]>}) -> tensor<8x8x8xf32> {
  %0 = sdy.reshard %arg0 <@mesh, [{"z"}, {"x"}, {"y"}]> : tensor<8x8x8xf32>
  return %0 : tensor<8x8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=4, "b"=2]>

// Sub-axes.
// CHECK-LABEL: func.func @sub_axis_slice(
// CHECK-NEXT: [[ALL_SLICE:%.+]] = sdy.all_slice [{}, {"a":(2)2}] %arg0 out_sharding=<@mesh, [{"a":(1)2}, {"a":(2)2}]> : tensor<8x8xf32>
// CHECK-NEXT: return [[ALL_SLICE]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @sub_axis_slice(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {}]>}) -> tensor<8x8xf32> {
  %0 = sdy.reshard %arg0 <@mesh, [{"a":(1)2}, {"a":(2)2}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=4, "b"=2]>

// CHECK-LABEL: func.func @sub_axis_gather(
// CHECK-NEXT: [[ALL_GATHER:%.+]] = sdy.all_gather [{"a":(2)2}, {}] %arg0 out_sharding=<@mesh, [{"b"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: return [[ALL_GATHER]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @sub_axis_gather(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a":(2)2}, {}]>}) -> tensor<8x8xf32> {
  %0 = sdy.reshard %arg0 <@mesh, [{"b"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=4, "b"=2]>

// CHECK-LABEL: func.func @sub_axis_all_to_all(
// CHECK-NEXT: [[ALL_TO_ALL:%.+]] = sdy.all_to_all [{"b"}: 0->1] %arg0 out_sharding=<@mesh, [{"a":(1)2}, {"b"}]> : tensor<8x8xf32>
// CHECK-NEXT: return [[ALL_TO_ALL]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @sub_axis_all_to_all(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, "b"}, {}]>}) -> tensor<8x8xf32> {
  %0 = sdy.reshard %arg0 <@mesh, [{"a":(1)2}, {"b"}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=4, "b"=2]>

// CHECK-LABEL: func.func @sub_axis_permute(
// CHECK-NEXT: [[COLLECTIVE_PERMUTE:%.+]] = sdy.collective_permute %arg0 out_sharding=<@mesh, [{"a":(1)2}, {"a":(2)2}]> : tensor<8x8xf32>
// CHECK-NEXT: return [[COLLECTIVE_PERMUTE]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @sub_axis_permute(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2}, {"a":(1)2}]>}) -> tensor<8x8xf32> {
  %0 = sdy.reshard %arg0 <@mesh, [{"a":(1)2}, {"a":(2)2}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=4, "b"=2]>

// Splitting a full axis: the minor half cannot be gathered alone, two collectives.
// CHECK-LABEL: func.func @split_full_axis(
// CHECK-NEXT: [[ALL_GATHER:%.+]] = sdy.all_gather [{"a"}, {}] %arg0 out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: [[ALL_SLICE:%.+]] = sdy.all_slice [{"a":(1)2}, {"a":(2)2}] [[ALL_GATHER]] out_sharding=<@mesh, [{"a":(1)2}, {"a":(2)2}]> : tensor<8x8xf32>
// CHECK-NEXT: return [[ALL_SLICE]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @split_full_axis(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  %0 = sdy.reshard %arg0 <@mesh, [{"a":(1)2}, {"a":(2)2}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=4, "b"=2]>

// CHECK-LABEL: func.func @merge_into_full_axis(
// CHECK-NEXT: [[ALL_GATHER:%.+]] = sdy.all_gather [{"a":(1)2}, {"a":(2)2}] %arg0 out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: [[ALL_SLICE:%.+]] = sdy.all_slice [{"a"}, {}] [[ALL_GATHER]] out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: return [[ALL_SLICE]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @merge_into_full_axis(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"a":(2)2}]>}) -> tensor<8x8xf32> {
  %0 = sdy.reshard %arg0 <@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2, "z"=4]>

// CHECK-LABEL: func.func @sub_axis_from_larger_axis(
// CHECK-NEXT: [[ALL_GATHER:%.+]] = sdy.all_gather [{"x"}, {"z"}] %arg0 out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: [[ALL_SLICE:%.+]] = sdy.all_slice [{"z":(1)2, "x"}, {}] [[ALL_GATHER]] out_sharding=<@mesh, [{"z":(1)2, "x"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: return [[ALL_SLICE]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @sub_axis_from_larger_axis(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"z"}]>}) -> tensor<8x8xf32> {
  %0 = sdy.reshard %arg0 <@mesh, [{"z":(1)2, "x"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// Mixed: two collectives, no gather of the whole tensor.
// CHECK-LABEL: func.func @mixed_all_to_all_then_permute(
// CHECK-NEXT: [[ALL_TO_ALL:%.+]] = sdy.all_to_all [{"y"}: 0->1] %arg0 out_sharding=<@mesh, [{"x"}, {"y"}]> : tensor<8x8xf32>
// CHECK-NEXT: [[ALL_TO_ALL_1:%.+]] = sdy.all_to_all [{"x"}: 0->1] [[ALL_TO_ALL]] out_sharding=<@mesh, [{}, {"y", "x"}]> : tensor<8x8xf32>
// CHECK-NEXT: return [[ALL_TO_ALL_1]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @mixed_all_to_all_then_permute(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}) -> tensor<8x8xf32> {
  %0 = sdy.reshard %arg0 <@mesh, [{}, {"y", "x"}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// CHECK-LABEL: func.func @mixed_slice_then_gather(
// CHECK-NEXT: [[ALL_SLICE:%.+]] = sdy.all_slice [{}, {"y"}] %arg0 out_sharding=<@mesh, [{"x"}, {"y"}]> : tensor<8x8xf32>
// CHECK-NEXT: [[ALL_GATHER:%.+]] = sdy.all_gather [{"x"}, {}] [[ALL_SLICE]] out_sharding=<@mesh, [{}, {"y"}]> : tensor<8x8xf32>
// CHECK-NEXT: return [[ALL_GATHER]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @mixed_slice_then_gather(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x8xf32> {
  %0 = sdy.reshard %arg0 <@mesh, [{}, {"y"}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// CHECK-LABEL: func.func @mixed_slice_then_permute(
// CHECK-NEXT: [[ALL_SLICE:%.+]] = sdy.all_slice [{}, {"y"}] %arg0 out_sharding=<@mesh, [{"x"}, {"y"}]> : tensor<8x8xf32>
// CHECK-NEXT: [[COLLECTIVE_PERMUTE:%.+]] = sdy.collective_permute [[ALL_SLICE]] out_sharding=<@mesh, [{"y"}, {"x"}]> : tensor<8x8xf32>
// CHECK-NEXT: return [[COLLECTIVE_PERMUTE]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @mixed_slice_then_permute(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x8xf32> {
  %0 = sdy.reshard %arg0 <@mesh, [{"y"}, {"x"}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// CHECK-LABEL: func.func @mixed_gather_and_slice_same_dim(
// CHECK-NEXT: [[ALL_SLICE:%.+]] = sdy.all_slice [{"y"}, {}] %arg0 out_sharding=<@mesh, [{"x", "y"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: [[COLLECTIVE_PERMUTE:%.+]] = sdy.collective_permute [[ALL_SLICE]] out_sharding=<@mesh, [{"y", "z"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: return [[COLLECTIVE_PERMUTE]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @mixed_gather_and_slice_same_dim(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x8xf32> {
  %0 = sdy.reshard %arg0 <@mesh, [{"y", "z"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// CHECK-LABEL: func.func @mixed_rank3(
// CHECK-NEXT: [[ALL_GATHER:%.+]] = sdy.all_gather [{"x"}, {"y"}, {"z"}] %arg0 out_sharding=<@mesh, [{}, {}, {}]> : tensor<8x8x8xf32>
// CHECK-NEXT: [[ALL_SLICE:%.+]] = sdy.all_slice [{"y", "x"}, {}, {}] [[ALL_GATHER]] out_sharding=<@mesh, [{"y", "x"}, {}, {}]> : tensor<8x8x8xf32>
// CHECK-NEXT: return [[ALL_SLICE]] : tensor<8x8x8xf32>
// CHECK-NEXT: }
func.func @mixed_rank3(%arg0: tensor<8x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}, {"z"}]>}) -> tensor<8x8x8xf32> {
  %0 = sdy.reshard %arg0 <@mesh, [{"y", "x"}, {}, {}]> : tensor<8x8x8xf32>
  return %0 : tensor<8x8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// CHECK-LABEL: func.func @mixed_permute_then_gather(
// CHECK-NEXT: [[COLLECTIVE_PERMUTE:%.+]] = sdy.collective_permute %arg0 out_sharding=<@mesh, [{"z", "x"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: [[ALL_GATHER:%.+]] = sdy.all_gather [{"x"}, {}] [[COLLECTIVE_PERMUTE]] out_sharding=<@mesh, [{"z"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: return [[ALL_GATHER]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @mixed_permute_then_gather(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}) -> tensor<8x8xf32> {
  %0 = sdy.reshard %arg0 <@mesh, [{"z"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// A reshard between equal layouts is removed; replicated axes and open
// dimensions do not change the layout.
// CHECK-LABEL: func.func @identity(
// CHECK-NEXT: return %arg0 : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @identity(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x8xf32> {
  %0 = sdy.reshard %arg0 <@mesh, [{"x", ?}, {?}], replicated={"y"}> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// The last collective carries the reshard's own sharding (open dimensions,
// replicated axes); intermediate ones get closed shardings.
// CHECK-LABEL: func.func @target_sharding_kept(
// CHECK-NEXT: [[ALL_TO_ALL:%.+]] = sdy.all_to_all [{"y"}: 0->1] %arg0 out_sharding=<@mesh, [{"x"}, {"y"}]> : tensor<8x8xf32>
// CHECK-NEXT: [[ALL_TO_ALL_1:%.+]] = sdy.all_to_all [{"x"}: 0->1] [[ALL_TO_ALL]] out_sharding=<@mesh, [{}, {"y", "x", ?}], replicated={"z"}> : tensor<8x8xf32>
// CHECK-NEXT: return [[ALL_TO_ALL_1]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @target_sharding_kept(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}) -> tensor<8x8xf32> {
  %0 = sdy.reshard %arg0 <@mesh, [{}, {"y", "x", ?}], replicated={"z"}> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>

// The source sharding comes from the defining op's sdy.sharding.
// CHECK-LABEL: func.func @source_from_op(
// CHECK-NEXT: [[NEGATE:%.+]] = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}]>]>} : tensor<8x8xf32>
// CHECK-NEXT: [[ALL_TO_ALL:%.+]] = sdy.all_to_all [{"x"}: 1->0] [[NEGATE]] out_sharding=<@mesh, [{"x"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: return [[ALL_TO_ALL]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @source_from_op(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}]>]>} : tensor<8x8xf32>
  %1 = sdy.reshard %0 <@mesh, [{"x"}, {}]> : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>

// A value without a sharding is replicated.
// CHECK-LABEL: func.func @source_without_sharding(
// CHECK-NEXT: [[ALL_SLICE:%.+]] = sdy.all_slice [{"y"}, {"x"}] %arg0 out_sharding=<@mesh, [{"y"}, {"x"}]> : tensor<8x8xf32>
// CHECK-NEXT: return [[ALL_SLICE]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @source_without_sharding(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = sdy.reshard %arg0 <@mesh, [{"y"}, {"x"}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>

// Chained reshards: each one starts from the previous one's sharding.
// CHECK-LABEL: func.func @chained(
// CHECK-NEXT: [[ALL_TO_ALL:%.+]] = sdy.all_to_all [{"x"}: 0->1] %arg0 out_sharding=<@mesh, [{}, {"x"}]> : tensor<8x8xf32>
// CHECK-NEXT: [[ALL_SLICE:%.+]] = sdy.all_slice [{"y"}, {}] [[ALL_TO_ALL]] out_sharding=<@mesh, [{"y"}, {"x"}]> : tensor<8x8xf32>
// CHECK-NEXT: return [[ALL_SLICE]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @chained(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x8xf32> {
  %0 = sdy.reshard %arg0 <@mesh, [{}, {"x"}]> : tensor<8x8xf32>
  %1 = sdy.reshard %0 <@mesh, [{"y"}, {"x"}]> : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>
sdy.mesh @mesh_perm = <["x"=2, "y"=2, "z"=2], device_ids=[0, 2, 4, 6, 1, 3, 5, 7]>

// Meshes that differ only in device order: a collective_permute.
// CHECK-LABEL: func.func @other_device_order(
// CHECK-NEXT: [[COLLECTIVE_PERMUTE:%.+]] = sdy.collective_permute %arg0 out_sharding=<@mesh_perm, [{"x"}, {"y"}]> : tensor<8x8xf32>
// CHECK-NEXT: return [[COLLECTIVE_PERMUTE]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @other_device_order(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> tensor<8x8xf32> {
  %0 = sdy.reshard %arg0 <@mesh_perm, [{"x"}, {"y"}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>
sdy.mesh @mesh_perm = <["x"=2, "y"=2, "z"=2], device_ids=[0, 2, 4, 6, 1, 3, 5, 7]>

// The move to the other mesh is folded into the plan's collective_permute.
// CHECK-LABEL: func.func @other_device_order_swap(
// CHECK-NEXT: [[COLLECTIVE_PERMUTE:%.+]] = sdy.collective_permute %arg0 out_sharding=<@mesh_perm, [{"y"}, {"x"}]> : tensor<8x8xf32>
// CHECK-NEXT: return [[COLLECTIVE_PERMUTE]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @other_device_order_swap(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> tensor<8x8xf32> {
  %0 = sdy.reshard %arg0 <@mesh_perm, [{"y"}, {"x"}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>
sdy.mesh @mesh_perm = <["x"=2, "y"=2, "z"=2], device_ids=[0, 2, 4, 6, 1, 3, 5, 7]>

// Otherwise the permute is done at the more sharded end: here before the
// gather.
// CHECK-LABEL: func.func @other_device_order_gather(
// CHECK-NEXT: [[COLLECTIVE_PERMUTE:%.+]] = sdy.collective_permute %arg0 out_sharding=<@mesh_perm, [{"x", "y"}, {"z"}]> : tensor<8x8xf32>
// CHECK-NEXT: [[ALL_GATHER:%.+]] = sdy.all_gather [{"y"}, {"z"}] [[COLLECTIVE_PERMUTE]] out_sharding=<@mesh_perm, [{"x"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: return [[ALL_GATHER]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @other_device_order_gather(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {"z"}]>}) -> tensor<8x8xf32> {
  %0 = sdy.reshard %arg0 <@mesh_perm, [{"x"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>

// Inside a manual computation the body is local along the manual axes: a
// block argument's sharding is the in_sharding without them.
// CHECK-LABEL: func.func @in_manual_computation(
// CHECK-NEXT: [[MANUAL_COMPUTATION:%.+]] = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {"y"}]>] manual_axes={"x"} (%arg1: tensor<4x8xf32>) {
// CHECK-NEXT: [[ALL_SLICE:%.+]] = sdy.all_slice [{}, {"y"}] %arg1 out_sharding=<@mesh, [{}, {"y"}]> : tensor<4x8xf32>
// CHECK-NEXT: sdy.return [[ALL_SLICE]] : tensor<4x8xf32>
// CHECK-NEXT: } : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: return [[MANUAL_COMPUTATION]] : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @in_manual_computation(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {"y"}]>] manual_axes={"x"} (%arg1: tensor<4x8xf32>) {
    %1 = sdy.reshard %arg1 <@mesh, [{}, {"y"}]> : tensor<4x8xf32>
    sdy.return %1 : tensor<4x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>

// Rank 1.
// CHECK-LABEL: func.func @rank1_slice(
// CHECK-NEXT: [[ALL_SLICE:%.+]] = sdy.all_slice [{"y", "x"}] %arg0 out_sharding=<@mesh, [{"y", "x"}]> : tensor<16xf32>
// CHECK-NEXT: return [[ALL_SLICE]] : tensor<16xf32>
// CHECK-NEXT: }
func.func @rank1_slice(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) -> tensor<16xf32> {
  %0 = sdy.reshard %arg0 <@mesh, [{"y", "x"}]> : tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>

// CHECK-LABEL: func.func @rank1_permute_sub_axes(
// CHECK-NEXT: [[COLLECTIVE_PERMUTE:%.+]] = sdy.collective_permute %arg0 out_sharding=<@mesh, [{"y"}]> : tensor<16xf32>
// CHECK-NEXT: return [[COLLECTIVE_PERMUTE]] : tensor<16xf32>
// CHECK-NEXT: }
func.func @rank1_permute_sub_axes(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(2)2}]>}) -> tensor<16xf32> {
  %0 = sdy.reshard %arg0 <@mesh, [{"y"}]> : tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>

// A 4-way axis moving between dimensions.
// CHECK-LABEL: func.func @four_way_axis_all_to_all(
// CHECK-NEXT: [[ALL_TO_ALL:%.+]] = sdy.all_to_all [{"x"}: 1->0] %arg0 out_sharding=<@mesh, [{"y", "x"}, {}]> : tensor<16x16xf32>
// CHECK-NEXT: return [[ALL_TO_ALL]] : tensor<16x16xf32>
// CHECK-NEXT: }
func.func @four_way_axis_all_to_all(%arg0: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}) -> tensor<16x16xf32> {
  %0 = sdy.reshard %arg0 <@mesh, [{"y", "x"}, {}]> : tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}

// -----

sdy.mesh @mesh = <["x"=8]>

// A minor sub-axis moves to the other dimension.
// CHECK-LABEL: func.func @sub_axis_moves(
// CHECK-NEXT: [[ALL_TO_ALL:%.+]] = sdy.all_to_all [{"x":(4)2}: 0->1] %arg0 out_sharding=<@mesh, [{"x":(1)2}, {"x":(4)2}]> : tensor<16x16xf32>
// CHECK-NEXT: return [[ALL_TO_ALL]] : tensor<16x16xf32>
// CHECK-NEXT: }
func.func @sub_axis_moves(%arg0: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2, "x":(4)2}, {}]>}) -> tensor<16x16xf32> {
  %0 = sdy.reshard %arg0 <@mesh, [{"x":(1)2}, {"x":(4)2}]> : tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}

// -----

sdy.mesh @mesh = <["x"=8]>

// Swapping sub-axes of different sizes changes the local shape: two steps.
// CHECK-LABEL: func.func @sub_axes_swap(
// CHECK-NEXT: [[ALL_GATHER:%.+]] = sdy.all_gather [{"x":(1)2}, {"x":(2)4}] %arg0 out_sharding=<@mesh, [{}, {}]> : tensor<16x16xf32>
// CHECK-NEXT: [[ALL_SLICE:%.+]] = sdy.all_slice [{"x":(2)4}, {"x":(1)2}] [[ALL_GATHER]] out_sharding=<@mesh, [{"x":(2)4}, {"x":(1)2}]> : tensor<16x16xf32>
// CHECK-NEXT: return [[ALL_SLICE]] : tensor<16x16xf32>
// CHECK-NEXT: }
func.func @sub_axes_swap(%arg0: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2}, {"x":(2)4}]>}) -> tensor<16x16xf32> {
  %0 = sdy.reshard %arg0 <@mesh, [{"x":(2)4}, {"x":(1)2}]> : tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=4]>

// CHECK-LABEL: func.func @sub_axes_same_size_swap(
// CHECK-NEXT: [[COLLECTIVE_PERMUTE:%.+]] = sdy.collective_permute %arg0 out_sharding=<@mesh, [{"y":(2)2}, {"x":(1)2}]> : tensor<16x16xf32>
// CHECK-NEXT: return [[COLLECTIVE_PERMUTE]] : tensor<16x16xf32>
// CHECK-NEXT: }
func.func @sub_axes_same_size_swap(%arg0: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2}, {"y":(2)2}]>}) -> tensor<16x16xf32> {
  %0 = sdy.reshard %arg0 <@mesh, [{"y":(2)2}, {"x":(1)2}]> : tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// One all_to_all moving "y", then a gather of "z" (or equivalent).
// CHECK-LABEL: func.func @gather_one_dim_slice_other(
// CHECK-NEXT: [[ALL_TO_ALL:%.+]] = sdy.all_to_all [{"y"}: 0->1] %arg0 out_sharding=<@mesh, [{"x"}, {"y"}, {"z"}]> : tensor<8x8x8xf32>
// CHECK-NEXT: [[ALL_GATHER:%.+]] = sdy.all_gather [{}, {}, {"z"}] [[ALL_TO_ALL]] out_sharding=<@mesh, [{"x"}, {"y"}, {}]> : tensor<8x8x8xf32>
// CHECK-NEXT: return [[ALL_GATHER]] : tensor<8x8x8xf32>
// CHECK-NEXT: }
func.func @gather_one_dim_slice_other(%arg0: tensor<8x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}, {"z"}]>}) -> tensor<8x8x8xf32> {
  %0 = sdy.reshard %arg0 <@mesh, [{"x"}, {"y"}, {}]> : tensor<8x8x8xf32>
  return %0 : tensor<8x8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// CHECK-LABEL: func.func @three_dims_rotate_sizes(
// CHECK-NEXT: [[ALL_TO_ALL:%.+]] = sdy.all_to_all [{"x", "y"}: 0->2] %arg0 out_sharding=<@mesh, [{}, {"z"}, {"x", "y"}]> : tensor<8x8x8xf32>
// CHECK-NEXT: [[COLLECTIVE_PERMUTE:%.+]] = sdy.collective_permute [[ALL_TO_ALL]] out_sharding=<@mesh, [{}, {"x"}, {"y", "z"}]> : tensor<8x8x8xf32>
// CHECK-NEXT: return [[COLLECTIVE_PERMUTE]] : tensor<8x8x8xf32>
// CHECK-NEXT: }
func.func @three_dims_rotate_sizes(%arg0: tensor<8x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {"z"}, {}]>}) -> tensor<8x8x8xf32> {
  %0 = sdy.reshard %arg0 <@mesh, [{}, {"x"}, {"y", "z"}]> : tensor<8x8x8xf32>
  return %0 : tensor<8x8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>

// A full axis cannot lose its minor half in one all_gather (suffixes are exact axis references): permute then gather.
// CHECK-LABEL: func.func @full_to_sub_axis_same_dim(
// CHECK-NEXT: [[COLLECTIVE_PERMUTE:%.+]] = sdy.collective_permute %arg0 out_sharding=<@mesh, [{"x":(1)2, "y"}, {}]> : tensor<16x16xf32>
// CHECK-NEXT: [[ALL_GATHER:%.+]] = sdy.all_gather [{"y"}, {}] [[COLLECTIVE_PERMUTE]] out_sharding=<@mesh, [{"x":(1)2}, {}]> : tensor<16x16xf32>
// CHECK-NEXT: return [[ALL_GATHER]] : tensor<16x16xf32>
// CHECK-NEXT: }
func.func @full_to_sub_axis_same_dim(%arg0: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<16x16xf32> {
  %0 = sdy.reshard %arg0 <@mesh, [{"x":(1)2}, {}]> : tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>
sdy.mesh @other = <["x"=4]>

// Meshes with different axes over the same devices: gather everything on the
// source mesh, relabel the replicated value (a sharding_constraint, no data
// moves), slice on the target mesh.
// CHECK-LABEL: func.func @different_axes(
// CHECK-NEXT: [[ALL_GATHER:%.+]] = sdy.all_gather [{"x"}, {"y"}] %arg0 out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: [[SHARDING_CONSTRAINT:%.+]] = sdy.sharding_constraint [[ALL_GATHER]] <@other, [{}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: [[ALL_SLICE:%.+]] = sdy.all_slice [{}, {"x"}] [[SHARDING_CONSTRAINT]] out_sharding=<@other, [{}, {"x"}]> : tensor<8x8xf32>
// CHECK-NEXT: return [[ALL_SLICE]] : tensor<8x8xf32>
func.func @different_axes(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> tensor<8x8xf32> {
  %0 = sdy.reshard %arg0 <@other, [{}, {"x"}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// Source fully replicated: only the relabelling and the slice.
// CHECK-LABEL: func.func @different_axes_from_replicated(
// CHECK-NEXT: [[SHARDING_CONSTRAINT:%.+]] = sdy.sharding_constraint %arg0 <@other, [{}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: [[ALL_SLICE:%.+]] = sdy.all_slice [{"x"}, {}] [[SHARDING_CONSTRAINT]] out_sharding=<@other, [{"x"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: return [[ALL_SLICE]] : tensor<8x8xf32>
func.func @different_axes_from_replicated(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> tensor<8x8xf32> {
  %0 = sdy.reshard %arg0 <@other, [{"x"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// Target fully replicated: the gather, then the relabelling to the target.
// CHECK-LABEL: func.func @different_axes_to_replicated(
// CHECK-NEXT: [[ALL_GATHER:%.+]] = sdy.all_gather [{"x", "y"}, {}] %arg0 out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: [[SHARDING_CONSTRAINT:%.+]] = sdy.sharding_constraint [[ALL_GATHER]] <@other, [{}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: return [[SHARDING_CONSTRAINT]] : tensor<8x8xf32>
func.func @different_axes_to_replicated(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}) -> tensor<8x8xf32> {
  %0 = sdy.reshard %arg0 <@other, [{}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// A fully replicated relabelling becomes a sharding_constraint.
// CHECK-LABEL: func.func @different_axes_replicated(
// CHECK-NEXT: [[SHARDING_CONSTRAINT:%.+]] = sdy.sharding_constraint %arg0 <@other, [{}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: return [[SHARDING_CONSTRAINT]] : tensor<8x8xf32>
func.func @different_axes_replicated(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> tensor<8x8xf32> {
  %0 = sdy.reshard %arg0 <@other, [{}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>
sdy.mesh @big = <["x"=8]>

func.func @different_device_counts(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error @+1 {{'sdy.reshard' op cannot be lowered to collectives: the source and target meshes have different numbers of devices (4 vs 8)}}
  %0 = sdy.reshard %arg0 <@big, [{"x"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

