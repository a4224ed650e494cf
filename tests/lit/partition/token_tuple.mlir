// Propagation and partitioning leave token and tuple ops alone (they have no
// sharding rule). Only replicated values may go into a tuple: a sharded one
// would need the tuple type localized, which the partitioner does not do.
// RUN: sdy-opt %s -sdy-propagation-pipeline | FileCheck %s --check-prefix=PROP
// RUN: sdy-opt %s -sdy-partition-pipeline | FileCheck %s

sdy.mesh @mesh = <["x"=2]>

func.func @main(%x: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}, %i: tensor<i32>) -> (tensor<8xf32>, !stablehlo.token, tensor<i32>) {
  %tok = stablehlo.create_token : !stablehlo.token
  %0 = stablehlo.after_all %tok : !stablehlo.token
  %1 = stablehlo.add %x, %x : tensor<8xf32>
  %2 = stablehlo.tuple %i, %0 : tuple<tensor<i32>, !stablehlo.token>
  %3 = stablehlo.get_tuple_element %2[0] : (tuple<tensor<i32>, !stablehlo.token>) -> tensor<i32>
  %4 = stablehlo.multiply %1, %1 : tensor<8xf32>
  return %4, %0, %3 : tensor<8xf32>, !stablehlo.token, tensor<i32>
}

// PROP: stablehlo.create_token : !stablehlo.token
// PROP: stablehlo.after_all %{{.*}} : !stablehlo.token
// PROP: stablehlo.tuple %arg1, %{{.*}} : tuple<tensor<i32>, !stablehlo.token>
// PROP: stablehlo.get_tuple_element %{{.*}}[0] : (tuple<tensor<i32>, !stablehlo.token>) -> tensor<i32>

// CHECK: stablehlo.create_token : !stablehlo.token
// CHECK: stablehlo.after_all %{{.*}} : !stablehlo.token
// CHECK: stablehlo.add %{{.*}}, %{{.*}} : tensor<4xf32>
// CHECK: stablehlo.tuple %{{.*}}, %{{.*}} : tuple<tensor<i32>, !stablehlo.token>
// CHECK: stablehlo.get_tuple_element %{{.*}}[0] : (tuple<tensor<i32>, !stablehlo.token>) -> tensor<i32>
// CHECK: stablehlo.multiply %{{.*}}, %{{.*}} : tensor<4xf32>
