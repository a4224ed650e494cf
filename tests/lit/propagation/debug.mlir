// RUN: sdy-opt %s -split-input-file -sdy-propagation-pipeline='debug-sharding-origins=true report-sharding-conflicts=true' -verify-diagnostics | FileCheck %s

sdy.mesh @mesh = <["data"=2, "model"=4]>
// Every propagated sharding says which user sharding each axis came from;
// a user sharding calls its own axes "self" (as the real Shardy).
// CHECK-LABEL: func.func @mlp
// CHECK-SAME: sdy.sharding_origins = {data = "self"}
// CHECK-SAME: sdy.sharding_origins = {model = "self"}
// CHECK-SAME: sdy.sharding_origins = {model = "self"}
// CHECK-SAME: -> (tensor<16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>, sdy.sharding_origins = {data = "input: 0"}})
// CHECK: stablehlo.dot_general {{.*}}sdy.sharding_origins = [{data = "input: 0", model = "input: 1"}]
// CHECK: stablehlo.maximum {{.*}}sdy.sharding_origins = [{data = "input: 0", model = "input: 1"}]
// CHECK: stablehlo.dot_general {{.*}}sdy.sharding_origins = [{data = "input: 0"}]
func.func @mlp(%x: tensor<16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>},
               %w1: tensor<64x256xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>},
               %w2: tensor<256x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}) -> tensor<16x64xf32> {
  %h = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<16x64xf32>, tensor<64x256xf32>) -> tensor<16x256xf32>
  %z = stablehlo.constant dense<0.0> : tensor<16x256xf32>
  %r = stablehlo.maximum %h, %z : tensor<16x256xf32>
  %y = stablehlo.dot_general %r, %w2, contracting_dims = [1] x [0] : (tensor<16x256xf32>, tensor<256x64xf32>) -> tensor<16x64xf32>
  return %y : tensor<16x64xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>
// Constraints, outputs and groups are origins too.
// The constraint (a reshard after export) holds one dictionary, as on
// Shardy's sdy.sharding_constraint.
// CHECK-LABEL: func.func @kinds
// CHECK-SAME: sdy.sharding_origins = {a = "constraint_0", b = "output: 0"}
// CHECK-SAME: sdy.sharding_origins = {a = "constraint_0", b = "self"}
// CHECK: sdy.reshard {{.*}}sdy.sharding_origin_name = "constraint_0", sdy.sharding_origins = {a = "self", b = "output: 0"}
// CHECK: stablehlo.negate {{.*}}sdy.sharding_origins = [{a = "constraint_0", b = "output: 0"}]
func.func @kinds(%arg0: tensor<8x8xf32>) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) {
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{"a", ?}, {?}]> : tensor<8x8xf32>
  %1 = stablehlo.negate %0 : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>
// A conflict left after propagation is reported on the op, with the factor.
func.func @conflict(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> tensor<8x8xf32> {
  // expected-remark @+1 {{sharding conflict on factor 'i' of 'stablehlo.add': operand 0 has ["a"] but operand 1 has ["b"]; a reshard will be needed}}
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
