// The canonicalization patterns of sdy ops, as -canonicalize applies them.
// RUN: sdy-opt %s -split-input-file -canonicalize | FileCheck %s

sdy.mesh @mesh = <["a"=2, "b"=2]>

// reshard(reshard(x)) with a single-use inner reshard becomes one reshard.
// CHECK-LABEL: func.func @reshard_of_reshard
// CHECK-NEXT: %[[R:.*]] = sdy.reshard %arg0 <@mesh, [{"b"}, {}]>
// CHECK-NEXT: return %[[R]]
func.func @reshard_of_reshard(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = sdy.reshard %arg0 <@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  %1 = sdy.reshard %0 <@mesh, [{"b"}, {}]> : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

// The inner reshard has another use: both stay.
// CHECK-LABEL: func.func @reshard_of_shared_reshard
// CHECK-NEXT: %[[R0:.*]] = sdy.reshard %arg0 <@mesh, [{"a"}, {}]>
// CHECK-NEXT: %[[R1:.*]] = sdy.reshard %[[R0]] <@mesh, [{"b"}, {}]>
// CHECK-NEXT: return %[[R0]], %[[R1]]
func.func @reshard_of_shared_reshard(%arg0: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %0 = sdy.reshard %arg0 <@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  %1 = sdy.reshard %0 <@mesh, [{"b"}, {}]> : tensor<8x8xf32>
  return %0, %1 : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

// A reshard to the layout its operand has (open/closed does not matter) is
// removed; one of an operand without a sharding stays.
// CHECK-LABEL: func.func @reshard_to_same_layout
// CHECK-NEXT: %[[R:.*]] = sdy.reshard %arg1 <@mesh, [{}, {}]>
// CHECK-NEXT: return %arg0, %[[R]]
func.func @reshard_to_same_layout(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}, %arg1: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %0 = sdy.reshard %arg0 <@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  %1 = sdy.reshard %arg1 <@mesh, [{}, {}]> : tensor<8x8xf32>
  return %0, %1 : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

// all_gather(all_slice(x)) and all_slice(all_gather(x)) over the same axes
// give back x.
// CHECK-LABEL: func.func @slice_gather_pairs
// CHECK-NEXT: return %arg0, %arg1
func.func @slice_gather_pairs(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %0 = sdy.all_slice [{"a"}, {"b"}] %arg0 out_sharding=<@mesh, [{"a"}, {"b"}]> : tensor<8x8xf32>
  %1 = sdy.all_gather [{"a"}, {"b"}] %0 out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
  %2 = sdy.all_gather [{"a"}, {}] %arg1 out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
  %3 = sdy.all_slice [{"a"}, {}] %2 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  return %1, %3 : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

// Different axes: nothing folds.
// CHECK-LABEL: func.func @slice_gather_other_axes
// CHECK-NEXT: sdy.all_slice
// CHECK-NEXT: sdy.all_gather
func.func @slice_gather_other_axes(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = sdy.all_slice [{"a"}, {"b"}] %arg0 out_sharding=<@mesh, [{"a"}, {"b"}]> : tensor<8x8xf32>
  %1 = sdy.all_gather [{"a"}, {}] %0 out_sharding=<@mesh, [{}, {"b"}]> : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

// all_slice of a single-use all_reduce over the same axes: reduce_scatter.
// CHECK-LABEL: func.func @all_reduce_then_slice
// CHECK-NEXT: %[[S:.*]] = sdy.reduce_scatter [{"b"}, {"a"}] %arg0 out_sharding=<@mesh, [{"b"}, {"a"}]>
// CHECK-NEXT: return %[[S]]
func.func @all_reduce_then_slice(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = sdy.all_reduce {"a", "b"} %arg0 out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
  %1 = sdy.all_slice [{"b"}, {"a"}] %0 out_sharding=<@mesh, [{"b"}, {"a"}]> : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

// Only some of the reduced axes are sliced: no reduce_scatter.
// CHECK-LABEL: func.func @all_reduce_then_partial_slice
// CHECK-NEXT: sdy.all_reduce
// CHECK-NEXT: sdy.all_slice
func.func @all_reduce_then_partial_slice(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = sdy.all_reduce {"a", "b"} %arg0 out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
  %1 = sdy.all_slice [{"a"}, {}] %0 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

// Collectives with no axes, keeping the operand's sharding, are removed.
// CHECK-LABEL: func.func @no_op_collectives
// CHECK-NEXT: return %arg0, %arg0, %arg0, %arg0, %arg0
func.func @no_op_collectives(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>) {
  %0 = sdy.all_gather [{}, {}] %arg0 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  %1 = sdy.all_slice [{}, {}] %arg0 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  %2 = sdy.all_reduce {} %arg0 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  %3 = sdy.reduce_scatter [{}, {}] %arg0 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  %4 = sdy.collective_permute %arg0 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  return %0, %1, %2, %3, %4 : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

// A collective_permute that moves data stays.
// CHECK-LABEL: func.func @moving_permute
// CHECK-NEXT: sdy.collective_permute
func.func @moving_permute(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  %0 = sdy.collective_permute %arg0 out_sharding=<@mesh, [{"b"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
