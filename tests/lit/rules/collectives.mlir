// RUN: sdy-opt %s -split-input-file -sdy-populate-op-sharding-rules | FileCheck %s

// all_reduce and collective_permute are pointwise along every dimension.
// The expectations are the real Shardy's rules.

// CHECK-LABEL: func.func @all_reduce
// CHECK: }) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=16}>}
func.func @all_reduce(%a: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = "stablehlo.all_reduce"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func @collective_permute
// CHECK: "stablehlo.collective_permute"(%arg0){{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=16}>
func.func @collective_permute(%a: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = "stablehlo.collective_permute"(%a) {source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
