// RUN: sdy-opt %s -split-input-file -sdy-remove-size-one-axes | FileCheck %s

// Size-one axes leave shardings and manual axes, not meshes; a dimension that
// ends up closed and empty loses its priority.
// CHECK:       sdy.mesh @mesh = <["a"=1, "b"=2, "c"=1, "d"=4]>
// CHECK:       func.func @f(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"d", ?}p2, {}], replicated={"b"}>})
// CHECK:       sdy.sharding_constraint %arg0 <@mesh, [{?}, {"d"}]>
// CHECK:       sdy.manual_computation(%arg1) in_shardings=[<@mesh, [{"b"}, {}]>] out_shardings=[<@mesh, [{"b"}, {}]>] manual_axes={"b"}
sdy.mesh @mesh = <["a"=1, "b"=2, "c"=1, "d"=4]>
func.func @f(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {"c"}p1]>},
             %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "d", ?}p2, {}], replicated={"b", "c"}>}) -> tensor<8x8xf32> {
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{"a", ?}, {"d"}]> : tensor<8x8xf32>
  %1 = sdy.manual_computation(%arg1) in_shardings=[<@mesh, [{"a", "b"}, {}]>] out_shardings=[<@mesh, [{"b"}, {"c"}]>] manual_axes={"a", "b"} (%x: tensor<4x8xf32>) {
    sdy.return %x : tensor<4x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

// An inlined mesh works the same way.
// CHECK: func.func @g(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<mesh<["x"=1, "y"=2]>, [{"y"}]>})
func.func @g(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<mesh<["x"=1, "y"=2]>, [{"x", "y"}]>}) -> tensor<8xf32> {
  return %arg0 : tensor<8xf32>
}
