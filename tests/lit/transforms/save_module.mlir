// RUN: sdy-opt %s -sdy-save-module | FileCheck %s

// Accepted so that the real Shardy's pipeline strings run unchanged; the
// module is left as it is.

sdy.mesh @mesh = <["a"=2]>
// CHECK: sdy.mesh @mesh = <["a"=2]>
// CHECK: func.func @main(%arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<4xf32>
// CHECK-NEXT: return %arg0
func.func @main(%arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<4xf32> {
  return %arg0 : tensor<4xf32>
}
