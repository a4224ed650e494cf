// Round trip of sdy.mesh and the mesh attribute
// (docs/sharding-model.md#meshes).
// RUN: sdy-opt %s -split-input-file | FileCheck %s
// RUN: sdy-opt %s -split-input-file | sdy-opt -split-input-file | FileCheck %s

// Two axes, implicit iota device ids.
// CHECK-LABEL: module
// CHECK-NEXT: sdy.mesh @mesh_xy = <["x"=2, "y"=4]>
sdy.mesh @mesh_xy = <["x"=2, "y"=4]>

// -----

// Explicit, non-iota device order.
// CHECK-LABEL: module
// CHECK-NEXT: sdy.mesh @m2 = <["a"=3, "b"=2], device_ids=[0, 2, 4, 1, 3, 5]>
sdy.mesh @m2 = <["a"=3, "b"=2], device_ids=[0, 2, 4, 1, 3, 5]>

// -----

// Maximal mesh: no axes, one device id (any non-negative id).
// CHECK-LABEL: module
// CHECK-NEXT: sdy.mesh @maximal = <[], device_ids=[3]>
// CHECK-NEXT: sdy.mesh @maximal0 = <[], device_ids=[0]>
sdy.mesh @maximal = <[], device_ids=[3]>
sdy.mesh @maximal0 = <[], device_ids=[0]>

// -----

// Empty placeholder mesh.
// CHECK-LABEL: module
// CHECK-NEXT: sdy.mesh @empty = <[]>
sdy.mesh @empty = <[]>

// -----

// A single axis; size-1 axes are legal.
// CHECK-LABEL: module
// CHECK-NEXT: sdy.mesh @one = <["x"=1]>
// CHECK-NEXT: sdy.mesh @ones = <["a"=1, "b"=4, "c"=1]>
sdy.mesh @one = <["x"=1]>
sdy.mesh @ones = <["a"=1, "b"=4, "c"=1]>

// -----

// Several meshes in one module, including two that differ only in device
// order and one with different axis names over the same devices.
// CHECK-LABEL: module
// CHECK-NEXT: sdy.mesh @mesh_a = <["x"=2, "y"=2]>
// CHECK-NEXT: sdy.mesh @mesh_b = <["x"=2, "y"=2], device_ids=[3, 2, 1, 0]>
// CHECK-NEXT: sdy.mesh @mesh_c = <["devices"=4]>
// CHECK-NEXT: sdy.mesh @mesh_d = <["model"=4], device_ids=[0, 2, 1, 3]>
sdy.mesh @mesh_a = <["x"=2, "y"=2]>
sdy.mesh @mesh_b = <["x"=2, "y"=2], device_ids=[3, 2, 1, 0]>
sdy.mesh @mesh_c = <["devices"=4]>
sdy.mesh @mesh_d = <["model"=4], device_ids=[0, 2, 1, 3]>

// -----

// Whitespace is insignificant; the printer is canonical.
// CHECK-LABEL: module
// CHECK-NEXT: sdy.mesh @ws = <["x"=2, "y"=3], device_ids=[5, 4, 3, 2, 1, 0]>
sdy.mesh   @ws   =   <  [ "x" = 2 ,"y"=3 ] , device_ids = [ 5,4 , 3,2,1,0 ] >

// -----

// Axis names are arbitrary strings (escaped characters round trip).
// CHECK-LABEL: module
// CHECK-NEXT: sdy.mesh @names = <["data"=2, "model.0"=2, "a b"=2, "_"=2]>
sdy.mesh @names = <["data"=2, "model.0"=2, "a b"=2, "_"=2]>

// -----

// Many axes and a large mesh.
// CHECK-LABEL: module
// CHECK-NEXT: sdy.mesh @big = <["a"=2, "b"=2, "c"=4, "d"=2, "e"=2, "f"=2]>
// CHECK-NEXT: sdy.mesh @wide = <["w"=6, "x"=2, "y"=4, "z"=2]>
sdy.mesh @big = <["a"=2, "b"=2, "c"=4, "d"=2, "e"=2, "f"=2]>
sdy.mesh @wide = <["w"=6, "x"=2, "y"=4, "z"=2]>

// -----

// Meshes inside a nested module are visible to the shardings in that module.
// CHECK-LABEL: module @inner
// CHECK-NEXT: sdy.mesh @mesh = <["x"=4]>
// CHECK: func.func @nested(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>})
module @inner {
  sdy.mesh @mesh = <["x"=4]>
  func.func @nested(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<8xf32> {
    return %arg0 : tensor<8xf32>
  }
}
