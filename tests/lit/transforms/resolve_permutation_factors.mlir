// RUN: sdy-opt %s -split-input-file -sdy-resolve-permutation-factors | FileCheck %s
// RUN: sdy-opt %s -split-input-file -sdy-resolve-permutation-factors='enable-halo-exchange=false' | FileCheck %s --check-prefix=NOHALO

// Expectations checked against the real Shardy's pass (JAX 0.10.2).

sdy.mesh @mesh = <["x"=2, "y"=4]>

// Both dimensions are sliced: the operand is replicated before the slice and
// the result resharded back.
// CHECK-LABEL: func.func @slice
// CHECK-NEXT: %[[R:.*]] = sdy.reshard %arg0 <@mesh, [{}, {}]>
// CHECK-NEXT: %[[S:.*]] = stablehlo.slice %[[R]] [0:4, 4:12] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>}
// CHECK-NEXT: %[[B:.*]] = sdy.reshard %[[S]] <@mesh, [{"x"}, {"y"}]>
// CHECK-NEXT: return %[[B]]
func.func @slice(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) {
  %0 = stablehlo.slice %arg0 [0:4, 4:12] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : (tensor<8x16xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// Open dimensions stay open; the unsliced dimension keeps its axes.
// CHECK-LABEL: func.func @slice_open
// CHECK-NEXT: %[[R:.*]] = sdy.reshard %arg0 <@mesh, [{"x", ?}, {?}]>
// CHECK-NEXT: %[[S:.*]] = stablehlo.slice %[[R]] [0:8, 4:12] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", ?}, {?}]>]>}
// CHECK-NEXT: %[[B:.*]] = sdy.reshard %[[S]] <@mesh, [{"x", ?}, {"y", ?}]>
// CHECK-NEXT: return %[[B]]
func.func @slice_open(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}, {"y", ?}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.slice %arg0 [0:8, 4:12] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", ?}, {"y", ?}]>]>} : (tensor<8x16xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// Only the padded dimension loses its axes; a pad of zero is no permutation.
// CHECK-LABEL: func.func @pad
// CHECK-NEXT: %[[R:.*]] = sdy.reshard %arg0 <@mesh, [{"x"}, {}]>
// CHECK-NEXT: %[[P:.*]] = stablehlo.pad %[[R]], %arg1, low = [0, 2], high = [0, 2], interior = [0, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>}
// CHECK-NEXT: %[[B:.*]] = sdy.reshard %[[P]] <@mesh, [{"x"}, {"y"}]>
// CHECK-NEXT: %[[Z:.*]] = stablehlo.pad %arg0, %arg1, low = [0, 0], high = [0, 0], interior = [0, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>}
// CHECK-NEXT: return %[[B]], %[[Z]]
func.func @pad(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %p: tensor<f32>) -> (tensor<8x20xf32>, tensor<8x16xf32>) {
  %0 = stablehlo.pad %arg0, %p, low = [0, 2], high = [0, 2], interior = [0, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : (tensor<8x16xf32>, tensor<f32>) -> tensor<8x20xf32>
  %1 = stablehlo.pad %arg0, %p, low = [0, 0], high = [0, 0], interior = [0, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : (tensor<8x16xf32>, tensor<f32>) -> tensor<8x16xf32>
  return %0, %1 : tensor<8x20xf32>, tensor<8x16xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// Concatenate and dynamic_slice have no permutation factors: unchanged.
// CHECK-LABEL: func.func @untouched
// CHECK-NEXT: stablehlo.concatenate %arg0, %arg1, dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>}
// CHECK-NEXT: stablehlo.dynamic_slice %arg0, %arg2, %arg2, sizes = [8, 4] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>}
// CHECK-NEXT: return
func.func @untouched(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %i: tensor<i32>) -> (tensor<8x24xf32>, tensor<8x4xf32>) {
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : (tensor<8x16xf32>, tensor<8x8xf32>) -> tensor<8x24xf32>
  %1 = stablehlo.dynamic_slice %arg0, %i, %i, sizes = [8, 4] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : (tensor<8x16xf32>, tensor<i32>, tensor<i32>) -> tensor<8x4xf32>
  return %0, %1 : tensor<8x24xf32>, tensor<8x4xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// The windowed dimension of a reduce_window loses its axes.
// CHECK-LABEL: func.func @reduce_window
// CHECK-NEXT: %[[R:.*]] = sdy.reshard %arg0 <@mesh, [{"x"}, {}]>
// CHECK-NEXT: %[[W:.*]] = "stablehlo.reduce_window"(%[[R]], %arg1)
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>}
// CHECK-NEXT: %[[B:.*]] = sdy.reshard %[[W]] <@mesh, [{"x"}, {"y"}]>
// CHECK-NEXT: return %[[B]]
func.func @reduce_window(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %p: tensor<f32>) -> tensor<8x16xf32> {
  %0 = "stablehlo.reduce_window"(%arg0, %p) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 1, 3>, padding = dense<[[0, 0], [1, 1]]> : tensor<2x2xi64>, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : (tensor<8x16xf32>, tensor<f32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// A reverse keeps its sharding: the operand moves onto a mesh whose device
// order reverses the axes of the reversed dimensions (x and the major half
// of y here). Identical orders share one mesh. Without halo exchange the
// reversed dimensions lose their axes instead.
// CHECK: sdy.mesh @mesh_reversed_1 = <["x"=2, "y"=4], device_ids=[6, 7, 4, 5, 2, 3, 0, 1]>
// CHECK-NEXT: sdy.mesh @mesh_reversed_0 = <["x"=2, "y"=4], device_ids=[4, 5, 6, 7, 0, 1, 2, 3]>
// CHECK-NEXT: sdy.mesh @mesh_reversed = <["x"=2, "y"=4], device_ids=[2, 3, 0, 1, 6, 7, 4, 5]>
// CHECK-NEXT: sdy.mesh @mesh = <["x"=2, "y"=4]>
// CHECK-LABEL: func.func @reverse
// CHECK-NEXT: %[[R0:.*]] = sdy.reshard %arg0 <@mesh_reversed, [{"x"}, {"y":(1)2}]>
// CHECK-NEXT: %[[V0:.*]] = stablehlo.reverse %[[R0]], dims = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y":(1)2}]>]>}
// CHECK-NEXT: %[[R1:.*]] = sdy.reshard %arg0 <@mesh_reversed_0, [{"x"}, {"y":(1)2}]>
// CHECK-NEXT: %[[V1:.*]] = stablehlo.reverse %[[R1]], dims = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y":(1)2}]>]>}
// CHECK-NEXT: %[[R2:.*]] = sdy.reshard %arg0 <@mesh_reversed_1, [{"x"}, {"y":(1)2}]>
// CHECK-NEXT: %[[V2:.*]] = stablehlo.reverse %[[R2]], dims = [0, 1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y":(1)2}]>]>}
// CHECK-NEXT: %[[R3:.*]] = sdy.reshard %arg0 <@mesh_reversed_0, [{"x"}, {"y":(1)2}]>
// CHECK-NEXT: stablehlo.reverse %[[R3]], dims = [0]
// NOHALO-NOT: sdy.mesh @mesh_reversed
// NOHALO-LABEL: func.func @reverse
// NOHALO-NEXT: %[[R0:.*]] = sdy.reshard %arg0 <@mesh, [{"x"}, {}]>
// NOHALO-NEXT: %[[V0:.*]] = stablehlo.reverse %[[R0]], dims = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>}
// NOHALO-NEXT: sdy.reshard %[[V0]] <@mesh, [{"x"}, {"y":(1)2}]>
// NOHALO-NEXT: %[[R1:.*]] = sdy.reshard %arg0 <@mesh, [{}, {"y":(1)2}]>
// NOHALO-NEXT: stablehlo.reverse %[[R1]], dims = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y":(1)2}]>]>}
func.func @reverse(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y":(1)2}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.reverse %arg0, dims = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y":(1)2}]>]>} : tensor<8x16xf32>
  %1 = stablehlo.reverse %arg0, dims = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y":(1)2}]>]>} : tensor<8x16xf32>
  %2 = stablehlo.reverse %arg0, dims = [0, 1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y":(1)2}]>]>} : tensor<8x16xf32>
  %3 = stablehlo.reverse %arg0, dims = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y":(1)2}]>]>} : tensor<8x16xf32>
  %4 = stablehlo.add %0, %1 : tensor<8x16xf32>
  %5 = stablehlo.add %4, %2 : tensor<8x16xf32>
  %6 = stablehlo.add %5, %3 : tensor<8x16xf32>
  return %6 : tensor<8x16xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// Reversed dimensions without axes: nothing to do.
// CHECK-NOT: mesh_reversed
// CHECK-LABEL: func.func @reverse_unsharded
// CHECK-NEXT: stablehlo.reverse %arg0, dims = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>}
func.func @reverse_unsharded(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.reverse %arg0, dims = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// The reverse takes its operand's sharding (as in Shardy); sdy also keeps
// the result's users on the original sharding with a reshard, which Shardy
// leaves out.
// CHECK-LABEL: func.func @reverse_result_differs
// CHECK-NEXT: %[[R:.*]] = sdy.reshard %arg0 <@mesh_reversed, [{}, {"y"}]>
// CHECK-NEXT: %[[V:.*]] = stablehlo.reverse %[[R]], dims = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>}
// CHECK-NEXT: %[[B:.*]] = sdy.reshard %[[V]] <@mesh, [{"x"}, {"y"}]>
// CHECK-NEXT: stablehlo.negate %[[B]]
func.func @reverse_result_differs(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) {
  %0 = stablehlo.reverse %arg0, dims = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : tensor<8x16xf32>
  %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2], device_ids=[3, 1, 2, 0]>

// The reversed mesh reorders the mesh's own device ids; inside a manual
// computation the free axes are reversed the same way (checked against the
// real Shardy).
// CHECK: sdy.mesh @mesh_reversed = <["x"=2, "y"=2], device_ids=[1, 3, 0, 2]>
// CHECK-LABEL: func.func @device_ids
// CHECK-NEXT: %[[R:.*]] = sdy.reshard %arg0 <@mesh_reversed, [{}, {"y"}]>
// CHECK-NEXT: %[[V:.*]] = stablehlo.reverse %[[R]], dims = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>}
// CHECK-NEXT: sdy.manual_computation(%[[V]])
// CHECK-NEXT: %[[I:.*]] = sdy.reshard %arg1 <@mesh_reversed, [{}, {"y"}]>
// CHECK-NEXT: stablehlo.reverse %[[I]], dims = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>}
func.func @device_ids(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.reverse %arg0, dims = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} : tensor<8x16xf32>
  %1 = sdy.manual_computation(%0) in_shardings=[<@mesh, [{"x"}, {"y"}]>] out_shardings=[<@mesh, [{"x"}, {"y"}]>] manual_axes={"x"} (%a: tensor<4x16xf32>) {
    %2 = stablehlo.reverse %a, dims = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} : tensor<4x16xf32>
    sdy.return %2 : tensor<4x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

// An inlined mesh has no name to derive a reversed mesh's from (the real
// Shardy makes up a broken one): sdy unshards the reversed dimension.
// CHECK-LABEL: func.func @inlined_mesh
// CHECK-NEXT: %[[R:.*]] = sdy.reshard %arg0 <mesh<["a"=2]>, [{}, {}]>
// CHECK-NEXT: %[[V:.*]] = stablehlo.reverse %[[R]], dims = [1] {sdy.sharding = #sdy.sharding_per_value<[<mesh<["a"=2]>, [{}, {}]>]>}
// CHECK-NEXT: sdy.reshard %[[V]] <mesh<["a"=2]>, [{}, {"a"}]>
func.func @inlined_mesh(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<mesh<["a"=2]>, [{}, {"a"}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.reverse %arg0, dims = [1] {sdy.sharding = #sdy.sharding_per_value<[<mesh<["a"=2]>, [{}, {"a"}]>]>} : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
