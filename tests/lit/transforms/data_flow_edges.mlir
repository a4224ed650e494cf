// RUN: sdy-opt %s -split-input-file -sdy-add-data-flow-edges | FileCheck %s
// RUN: sdy-opt %s -split-input-file -sdy-add-data-flow-edges -sdy-sink-data-flow-edges | FileCheck %s --check-prefix=SINK

sdy.mesh @mesh = <["a"=2, "b"=2]>

// Every while result gets an edge holding its sharding (if any); the other
// uses move to the edge.
// CHECK-LABEL: func.func @while
// CHECK:      %[[W:.*]]:2 = stablehlo.while
// CHECK:      %[[E0:.*]] = sdy.data_flow_edge %[[W]]#0 sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: %[[E1:.*]] = sdy.data_flow_edge %[[W]]#1 sharding=<@mesh, []> : tensor<i32>
// CHECK-NEXT: return %[[E0]], %[[E1]]
// SINK-LABEL: func.func @while
// SINK-NOT:   sdy.data_flow_edge
// SINK:       %[[W:.*]]:2 = stablehlo.while{{.*}}sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>, <@mesh, []>]>
// SINK:       return %[[W]]#0, %[[W]]#1
func.func @while(%arg0: tensor<8x8xf32>, %arg1: tensor<i32>) -> (tensor<8x8xf32>, tensor<i32>) {
  %0:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %arg1) : tensor<8x8xf32>, tensor<i32>
   attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>, <@mesh, []>]>}
   cond {
    %c = stablehlo.constant dense<4> : tensor<i32>
    %p = stablehlo.compare  LT, %iterArg_0, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    stablehlo.return %iterArg, %iterArg_0 : tensor<8x8xf32>, tensor<i32>
  }
  return %0#0, %0#1 : tensor<8x8xf32>, tensor<i32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

// optimization_barrier results are edge owners too (an existing edge is
// kept); a sharding set on the
// edge is sunk into the op's sdy.sharding (open shardings for the others).
// CHECK-LABEL: func.func @barrier
// CHECK: %[[B:.*]]:2 = stablehlo.optimization_barrier
// CHECK: sdy.data_flow_edge %[[B]]#0 : tensor<8xf32>
// CHECK: sdy.data_flow_edge %[[B]]#1 sharding=<@mesh, [{"b"}]> : tensor<8xf32>
// CHECK-NOT: sdy.data_flow_edge
// SINK-LABEL: func.func @barrier
// SINK: stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}]>, <@mesh, [{"b"}]>]>}
func.func @barrier(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %0:2 = stablehlo.optimization_barrier %arg0, %arg1 : tensor<8xf32>, tensor<8xf32>
  %1 = sdy.data_flow_edge %0#1 sharding=<@mesh, [{"b"}]> : tensor<8xf32>
  return %0#0, %1 : tensor<8xf32>, tensor<8xf32>
}
