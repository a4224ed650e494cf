// RUN: sdy-opt %s -sdy-remove-sub-axes-in-input-output-shardings | FileCheck %s

// Expectations are the real Shardy's output for the same input: open
// dimensions lose their first sub-axis and every axis after it; closed
// dimensions (what the user asked for) keep theirs.

sdy.mesh @mesh = <["x"=8, "y"=2]>

// CHECK-LABEL: func.func @main(
// CHECK-SAME: %arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(2)4}]>}
// CHECK-SAME: %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}]>}
// CHECK-SAME: %arg2: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "x":(1)2}, {}]>}
// CHECK-SAME: %arg3: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", ?}]>}
// CHECK-SAME: -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)4}]>}, tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}]>})
func.func @main(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(2)4}]>},
                %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(2)4, ?}]>},
                %arg2: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "x":(1)2}, {}]>},
                %arg3: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "x":(1)2, ?}]>})
    -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)4}]>},
        tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)4, ?}]>}) {
  return %arg0, %arg1 : tensor<16xf32>, tensor<16xf32>
}
