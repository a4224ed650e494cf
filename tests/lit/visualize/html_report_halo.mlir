// A reduce_window whose windowed dimension stays sharded is highlighted
// as a halo exchange with the cost of the collective_permutes the
// partitioner adds for it (one 32x1xf32 column, 128 B, each way: see
// tests/lit/analysis/collective_report_halo.mlir); one on a replicated
// operand moves nothing and stays a plain row.
// RUN: sdy-opt %s -sdy-propagation-pipeline -sdy-insert-explicit-reshards='enable-full-version=true' -sdy-reshard-to-collectives -sdy-html-report=%t.html -o /dev/null
// RUN: FileCheck %s < %t.html

// CHECK: <tr class="collective" data-op="stablehlo.reduce_window">
// CHECK: <b>halo exchange</b>
// CHECK-SAME: us (local backend model); busiest device sends 128 B, receives 128 B</td></tr>
// CHECK: <tr data-op="stablehlo.reduce_window">
// CHECK-NOT: not modelled

sdy.mesh @mesh = <["x"=2]>

func.func @main(%a: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>},
                %b: tensor<4x32xf32>) -> (tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}, tensor<4x32xf32>) {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%a, %z) <{padding = dense<[[0, 0], [1, 1]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 3>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<32x32xf32>, tensor<f32>) -> tensor<32x32xf32>
  %1 = "stablehlo.reduce_window"(%b, %z) <{padding = dense<[[0, 0], [1, 1]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 3>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x32xf32>, tensor<f32>) -> tensor<4x32xf32>
  return %0, %1 : tensor<32x32xf32>, tensor<4x32xf32>
}
