// RUN: sdy-opt %s -sdy-export-pipeline | FileCheck %s
// RUN: sdy-opt %s -pass-pipeline='builtin.module(func.func(sdy-constant-or-scalar-merger),func.func(sdy-sink-data-flow-edges),sdy-remove-sharding-groups,func.func(sdy-sharding-constraint-to-reshard),sdy-update-non-divisible-input-output-shardings,sdy-remove-sub-axes-in-input-output-shardings,sdy-close-shardings,sdy-save-module,func.func(sdy-insert-explicit-reshards),canonicalize{enable-patterns={sdy-collective}},sdy-save-module,func.func(sdy-drop-sharding-rules))' | FileCheck %s
// RUN: not sdy-opt %s -pass-pipeline='builtin.module(func.func(sdy-sink-data-flow-edges{sink-debug-sharding-origins=true}))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=ERR

// The real Shardy's export pipeline, registered and as its pass-by-pass
// string: expectations are the real Shardy's output (sdy-export-pipeline)
// for this module. The constraint becomes a reshard, the sharding group
// goes, the indivisible argument sharding is cut, open dimensions close,
// the concatenate gets reshards, computed sharding rules are dropped.

// CHECK: func.func @main(%arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg2: tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)2}]>}) -> (tensor<16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<16x32xf32>, tensor<6xf32>) {
// CHECK-NEXT: %0 = stablehlo.tanh %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<16x32xf32>
// CHECK-NEXT: %1 = sdy.reshard %0 <@mesh, [{}, {"b"}]> : tensor<16x32xf32>
// CHECK-NEXT: %2 = sdy.reshard %1 <@mesh, [{"a", "b"}, {}]> : tensor<16x32xf32>
// CHECK-NEXT: %3 = sdy.reshard %arg1 <@mesh, [{"a", "b"}, {}]> : tensor<16x32xf32>
// CHECK-NEXT: %4 = stablehlo.concatenate %2, %3, dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b"}, {}]>]>} : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x64xf32>
// CHECK-NEXT: %5 = sdy.reshard %4 <@mesh, [{"a"}, {"b"}]> : tensor<16x64xf32>
// CHECK-NEXT: %6 = stablehlo.add %arg1, %arg1 : tensor<16x32xf32>
// CHECK-NEXT: return %5, %6, %arg2 : tensor<16x64xf32>, tensor<16x32xf32>, tensor<6xf32>

// ERR: error: sdy-sink-data-flow-edges: sink-debug-propagation-edge-sharding and sink-debug-sharding-origins are not supported; leave them false

sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @main(%arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}, %arg1: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg2: tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) -> (tensor<16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, tensor<16x32xf32>, tensor<6xf32>) {
  %0 = stablehlo.tanh %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<16x32xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{}, {"b"}]> : tensor<16x32xf32>
  sdy.sharding_group %arg1 group_id = 0 : tensor<16x32xf32>
  %2 = stablehlo.concatenate %1, %arg1, dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x64xf32>
  %3 = stablehlo.add %arg1, %arg1 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=16, j=32}>} : tensor<16x32xf32>
  return %2, %3, %arg2 : tensor<16x64xf32>, tensor<16x32xf32>, tensor<6xf32>
}
