// RUN: sdy-opt %s -sdy-partition-pipeline | FileCheck %s

// A size-0 dimension sharded on "x" (Shardy shards the empty slices of
// lax.associative_scan this way): every shard is empty, the all-gather of
// an empty shard is empty, and the program partitions.
sdy.mesh @mesh = <["x"=2]>

func.func @empty_slice(%arg0: tensor<2x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<2x16xf32> {
  %0 = stablehlo.slice %arg0 [2:2, 0:16] : (tensor<2x16xf32>) -> tensor<0x16xf32>
  %1 = stablehlo.maximum %0, %0 : tensor<0x16xf32>
  %2 = stablehlo.concatenate %arg0, %1, dim = 0 : (tensor<2x16xf32>, tensor<0x16xf32>) -> tensor<2x16xf32>
  return %2 : tensor<2x16xf32>
}

// CHECK-LABEL: func.func @empty_slice(%arg0: tensor<1x16xf32>
// CHECK: stablehlo.slice {{.*}} -> tensor<0x16xf32>
// CHECK: stablehlo.maximum {{.*}}<@mesh, [{"x"}, {}]>{{.*}} : tensor<0x16xf32>
// CHECK: "stablehlo.all_gather"{{.*}} : (tensor<0x16xf32>) -> tensor<0x16xf32>
// CHECK: stablehlo.concatenate {{.*}} : (tensor<2x16xf32>, tensor<0x16xf32>) -> tensor<2x16xf32>
// CHECK: return {{.*}} : tensor<1x16xf32>
