// RUN: sdy-opt %s -split-input-file -sdy-lift-inlined-meshes | FileCheck %s

// Inlined meshes become symbols: "mesh" is taken, so the first free name is
// mesh_0; a maximal mesh is named after its device; duplicates are merged.
// CHECK-LABEL: module
// CHECK-NEXT:  sdy.mesh @mesh = <["a"=2, "b"=1]>
// CHECK-NEXT:  sdy.mesh @mesh_0 = <["x"=4]>
// CHECK-NEXT:  sdy.mesh @maximal_mesh_5 = <[], device_ids=[5]>
// CHECK-NOT:   sdy.mesh
// CHECK:       func.func @f(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh_0, [{"x"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}p1]>})
// CHECK-SAME:  -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@maximal_mesh_5, [{}, {}]>})
// CHECK:       stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh_0, [{}, {"x"}]>]>}
sdy.mesh @mesh = <["a"=2, "b"=1]>
sdy.mesh @dup = <["a"=2, "b"=1]>
func.func @f(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<mesh<["x"=4]>, [{"x"}, {}]>},
             %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@dup, [{"a"}, {"b"}p1]>})
    -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<mesh<[], device_ids=[5]>, [{}, {}]>}) {
  %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<mesh<["x"=4]>, [{}, {"x"}]>]>} : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// With no meshes at all, the first name is "mesh"; the same inlined mesh in
// a constraint and a manual computation maps to one symbol.
// CHECK-LABEL: module
// CHECK-NEXT:  sdy.mesh @mesh = <["x"=2]>
// CHECK-NOT:   sdy.mesh
// CHECK:       sdy.sharding_constraint %arg0 <@mesh, [{"x"}]>
// CHECK:       sdy.manual_computation([[V0:%.+]]) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[<@mesh, [{"x"}]>] manual_axes={"x"}
func.func @g(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = sdy.sharding_constraint %arg0 <mesh<["x"=2]>, [{"x"}]> : tensor<8xf32>
  %1 = sdy.manual_computation(%0) in_shardings=[<mesh<["x"=2]>, [{"x"}]>] out_shardings=[<mesh<["x"=2]>, [{"x"}]>] manual_axes={"x"} (%a: tensor<4xf32>) {
    sdy.return %a : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

// "mesh" and "mesh_0" are taken by other symbols: the next free is mesh_1.
// CHECK-LABEL: module
// CHECK:       sdy.mesh @mesh_1 = <["y"=4]>
// CHECK:       func.func @mesh(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh_1, [{"y"}]>})
func.func private @mesh_0()
func.func @mesh(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<mesh<["y"=4]>, [{"y"}]>}) -> tensor<8xf32> {
  return %arg0 : tensor<8xf32>
}
