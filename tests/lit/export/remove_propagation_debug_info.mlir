// RUN: sdy-opt %s -split-input-file -sdy-remove-propagation-debug-info | FileCheck %s
// RUN: sdy-opt %s -split-input-file -sdy-propagation-pipeline='debug-sharding-origins=true' -sdy-remove-propagation-debug-info | FileCheck %s --check-prefix=PIPE

// Expected output: the real Shardy's for the same pass. The debug records go
// from ops, arguments and results; other attributes stay.

sdy.mesh @mesh = <["a"=2, "b"=2]>

// CHECK-LABEL: func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
// CHECK-NEXT:  stablehlo.negate %arg0 {foo = 1 : i32, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
// CHECK-NEXT:  stablehlo.abs %{{.*}} : tensor<8x8xf32>
// CHECK-NOT:   origins
// PIPE-NOT:    origins
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>, sdy.sharding_origins = {a = "self"}}) -> (tensor<8x8xf32> {sdy.sharding_origins = {a = "input: 0"}}) {
  %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>, sdy.sharding_origins = [{a = "input: 0"}], foo = 1 : i32} : tensor<8x8xf32>
  %1 = stablehlo.abs %0 {sdy.result_sharding_origins = [{a = "x"}], sdy.block_arg_sharding_origins = [{a = "x"}]} : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

// Nothing to remove: the module is unchanged.
// CHECK-LABEL: func.func @clean(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<8xf32> {
// CHECK-NEXT:  stablehlo.negate %arg0 : tensor<8xf32>
func.func @clean(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8xf32>
  return %0 : tensor<8xf32>
}
