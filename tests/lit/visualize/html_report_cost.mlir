// The cost column of a partitioned program's collectives comes from the
// local backend's communication model; the bytes are those of
// -sdy-collective-report (all_reduce of 10 x f32 over 4 devices: device 0
// sends and receives 120 B, see tests/lit/analysis/collective_report.mlir).
// RUN: sdy-opt %s -sdy-html-report=%t.html -o /dev/null
// RUN: FileCheck %s < %t.html

// CHECK: <tr class="collective" data-op="stablehlo.all_reduce">
// CHECK-SAME: us (local backend model); busiest device sends 120 B, receives 120 B</td></tr>
// CHECK-NOT: not modelled

sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @main(%a: tensor<10xf32>) -> tensor<10xf32> {
  %0 = "stablehlo.all_reduce"(%a) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %t = stablehlo.add %p, %q : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) : (tensor<10xf32>) -> tensor<10xf32>
  return %0 : tensor<10xf32>
}
