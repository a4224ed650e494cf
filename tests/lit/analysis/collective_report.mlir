// -sdy-collective-report on a partitioned program for 4 devices (mesh x=2,
// y=2, device d at (x, y) = (d / 2, d % 2)). The byte counts are computed
// by hand from the backends' algorithms (docs/communication_report.md):
//   all_reduce of 10 x f32 = 40 B over all 4 devices: the local backend
//     cuts 64-byte-aligned parts, so device 0 owns all 10 elements and
//     sends/receives 3 x 40 = 120 B, the others (40 - 0) + 3 x 0 = 40 B;
//     the mpi backend sends small buffers whole: 3 x 40 = 120 B each;
//   all_gather of 4x8xf32 = 128 B over "x" (groups [0,2], [1,3]): 128 B;
//   collective_permute of 16 x f32 = 64 B, 0<->1 and 2<->3: 64 B;
//   reduce_scatter of 8 x f32 over 4: chunks of 2 x 4 B, 3 x 8 = 24 B;
//   all_to_all of 4x4xi32 = 64 B over "y": one chunk of 32 B to the peer.
// The IR is unchanged.
// RUN: sdy-opt %s -sdy-collective-report | FileCheck %s
// RUN: sdy-opt %s -sdy-collective-report='backend=mpi' -o /dev/null | FileCheck %s --check-prefix=MPI
// RUN: sdy-opt %s -sdy-collective-report='format=json' -o /dev/null | FileCheck %s --check-prefix=JSON
// RUN: sdy-opt %s -sdy-collective-report='file=%t.json format=json' -o /dev/null && FileCheck %s --check-prefix=JSON < %t.json

// CHECK: collective report: 4 device(s), backend local
// CHECK: #0 stablehlo.all_reduce in @main at
// CHECK-NEXT: axes: x,y  operands: tensor<10xf32>
// CHECK-NEXT: groups: {{\[}}[0,1,2,3]]
// CHECK-NEXT: max sent 120 B, max received 120 B, estimated
// CHECK-NEXT: per device sent/received: 0:120/120 1:40/40 2:40/40 3:40/40
// CHECK: #1 stablehlo.all_gather in @main
// CHECK-NEXT: axes: x  operands: tensor<4x8xf32>
// CHECK-NEXT: groups: {{\[}}[0,2], [1,3]]
// CHECK: per device sent/received: 0:128/128 1:128/128 2:128/128 3:128/128
// CHECK: #2 stablehlo.collective_permute in @main
// CHECK-NEXT: axes: -  operands: tensor<16xf32>
// CHECK-NEXT: pairs: [(0->1), (1->0), (2->3), (3->2)]
// CHECK: per device sent/received: 0:64/64 1:64/64 2:64/64 3:64/64
// CHECK: #3 stablehlo.reduce_scatter in @main
// CHECK: per device sent/received: 0:24/24 1:24/24 2:24/24 3:24/24
// CHECK: #4 stablehlo.all_to_all in @main
// CHECK-NEXT: axes: y  operands: tensor<4x4xi32>
// CHECK-NEXT: groups: {{\[}}[0,1], [2,3]]
// CHECK: per device sent/received: 0:32/32 1:32/32 2:32/32 3:32/32
// CHECK: total @main: 5 collective(s), max sent 368 B, max received 368 B, estimated
// CHECK: total: estimated
// CHECK: sdy.mesh @mesh = <["x"=2, "y"=2]>
// CHECK: "stablehlo.all_reduce"

// MPI: backend mpi
// MPI: per device sent/received: 0:120/120 1:120/120 2:120/120 3:120/120
// MPI-NOT: sdy.mesh

// JSON: "backend": "local"
// JSON: "collectives": [
// JSON: "backend_calls": [
// JSON-NEXT: [
// JSON-NEXT: [
// JSON-NEXT: "all_reduce",
// JSON-NEXT: 10
// JSON: "counted": true,
// JSON: "kind": "stablehlo.all_reduce",
// JSON: "received": [
// JSON-NEXT: 120,
// JSON-NEXT: 40,
// JSON: "recv_buffer_bytes": [
// JSON-NEXT: 40,
// JSON: "send_buffer_bytes": [
// JSON-NEXT: 40,
// JSON: "num_devices": 4

sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @main(%a: tensor<10xf32>, %b: tensor<4x8xf32>, %c: tensor<16xf32>, %d: tensor<8xf32>, %e: tensor<4x4xi32>) -> (tensor<10xf32>, tensor<8x8xf32>, tensor<16xf32>, tensor<2xf32>, tensor<2x8xi32>) {
  %0 = "stablehlo.all_reduce"(%a) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %t = stablehlo.add %p, %q : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) : (tensor<10xf32>) -> tensor<10xf32>
  %1 = "stablehlo.all_gather"(%b) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = dense<[[0, 2], [1, 3]]> : tensor<2x2xi64>, use_global_device_ids}> : (tensor<4x8xf32>) -> tensor<8x8xf32>
  %2 = "stablehlo.collective_permute"(%c) <{channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, source_target_pairs = dense<[[0, 1], [1, 0], [2, 3], [3, 2]]> : tensor<4x2xi64>}> : (tensor<16xf32>) -> tensor<16xf32>
  %3 = "stablehlo.reduce_scatter"(%d) <{channel_handle = #stablehlo.channel_handle<handle = 4, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, scatter_dimension = 0 : i64, use_global_device_ids}> ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %t = stablehlo.add %p, %q : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) : (tensor<8xf32>) -> tensor<2xf32>
  %4 = "stablehlo.all_to_all"(%e) <{channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>, concat_dimension = 1 : i64, replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>, split_count = 2 : i64, split_dimension = 0 : i64}> : (tensor<4x4xi32>) -> tensor<2x8xi32>
  return %0, %1, %2, %3, %4 : tensor<10xf32>, tensor<8x8xf32>, tensor<16xf32>, tensor<2xf32>, tensor<2x8xi32>
}
