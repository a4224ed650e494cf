// RUN: sdy-opt %s -split-input-file -sdy-sharding-group-import -verify-diagnostics | FileCheck %s

// Groups 7 and 3 share %arg0, groups 3 and 12 share %arg1: one group, id 0,
// where each value needs to appear once. Group 5 stays alone and becomes 1.
// CHECK-LABEL: func.func @merge
// CHECK-NEXT: sdy.sharding_group %arg0 group_id=0
// CHECK-NEXT: sdy.sharding_group %arg1 group_id=0
// CHECK-NEXT: sdy.sharding_group %arg2 group_id=1
// CHECK-NEXT: sdy.sharding_group %arg3 group_id=0
func.func @merge(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>, %arg2: tensor<8xf32>, %arg3: tensor<8xf32>) {
  sdy.sharding_group %arg0 group_id=7 : tensor<8xf32>
  sdy.sharding_group %arg0 group_id=3 : tensor<8xf32>
  sdy.sharding_group %arg1 group_id=3 : tensor<8xf32>
  sdy.sharding_group %arg1 group_id=12 : tensor<8xf32>
  sdy.sharding_group %arg2 group_id=5 : tensor<8xf32>
  sdy.sharding_group %arg3 group_id=12 : tensor<8xf32>
  return
}

// -----

// The same value twice in one group keeps one op.
// CHECK-LABEL: func.func @dedup
// CHECK-NEXT: sdy.sharding_group %arg0 group_id=0
// CHECK-NEXT: return
func.func @dedup(%arg0: tensor<8xf32>) {
  sdy.sharding_group %arg0 group_id=4 : tensor<8xf32>
  sdy.sharding_group %arg0 group_id=4 : tensor<8xf32>
  return
}

// -----

// Values inside one manual computation block may share a group.
// CHECK-LABEL: func.func @manual_ok
// CHECK-COUNT-2: group_id=0
sdy.mesh @mesh = <["a"=2]>
func.func @manual_ok(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}]>] out_shardings=[<@mesh, [{"a"}]>] manual_axes={"a"} (%x: tensor<4xf32>) {
    %1 = stablehlo.negate %x : tensor<4xf32>
    sdy.sharding_group %x group_id=9 : tensor<4xf32>
    sdy.sharding_group %1 group_id=9 : tensor<4xf32>
    sdy.return %1 : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// A group may not mix a value inside a manual computation with one outside.
sdy.mesh @mesh = <["a"=2]>
func.func @manual_mixed(%arg0: tensor<4xf32>, %arg1: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{all its values must be in that same block}}
  sdy.sharding_group %arg0 group_id=1 : tensor<4xf32>
  %0 = sdy.manual_computation(%arg1) in_shardings=[<@mesh, [{"a"}]>] out_shardings=[<@mesh, [{"a"}]>] manual_axes={"a"} (%x: tensor<4xf32>) {
    sdy.sharding_group %x group_id=1 : tensor<4xf32>
    sdy.return %x : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
