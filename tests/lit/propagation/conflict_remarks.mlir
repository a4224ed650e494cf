// Conflict remarks are opt-in: by default propagation is silent, as the real
// Shardy is (-verify-diagnostics fails on any unexpected remark).
// RUN: sdy-opt %s -sdy-propagation-pipeline -verify-diagnostics -o /dev/null
// RUN: sdy-opt %s -sdy-basic-propagate -verify-diagnostics -o /dev/null
// RUN: sdy-opt %s -sdy-basic-propagate=report-sharding-conflicts=true -o /dev/null 2>&1 | FileCheck %s

sdy.mesh @mesh = <["a"=2, "b"=2]>
// CHECK: remark: sharding conflict on factor 'i' of 'stablehlo.add': operand 0 has ["a"] but operand 1 has ["b"]; a reshard will be needed
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
