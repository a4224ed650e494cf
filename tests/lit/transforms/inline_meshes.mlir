// RUN: sdy-opt %s -split-input-file -sdy-inline-meshes | FileCheck %s

// CHECK-LABEL: module
// CHECK-NOT:   sdy.mesh
// CHECK:       func.func @f(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<mesh<["a"=2, "b"=4]>, [{"a"}, {"b", ?}]>})
// CHECK:       sdy.sharding_constraint %arg0 <mesh<["a"=2, "b"=4]>, [{}, {"a"}]>
// CHECK:       stablehlo.negate {{.*}}#sdy.sharding_per_value<[<mesh<[], device_ids=[2]>, [{}, {}]>]>
sdy.mesh @mesh = <["a"=2, "b"=4]>
sdy.mesh @unused = <["q"=8]>
sdy.mesh @maximal = <[], device_ids=[2]>
func.func @f(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b", ?}]>}) -> tensor<8x8xf32> {
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{}, {"a"}]> : tensor<8x8xf32>
  %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@maximal, [{}, {}]>]>} : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}
