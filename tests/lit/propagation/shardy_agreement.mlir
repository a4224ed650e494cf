// RUN: sdy-opt %s -split-input-file -sdy-propagation-pipeline | FileCheck %s
// RUN: sdy-opt %s -split-input-file -sdy-propagation-pipeline='update-non-divisible-input-output-shardings=false' | FileCheck %s --check-prefix=KEEP

// Expected outputs are the real Shardy's (its sdy-propagation-pipeline).

sdy.mesh @mesh = <["x"=4, "y"=2]>

// A minor-most factor takes whole axes beyond its size: 2 and 4 elements
// over 8 devices, 3 elements over 4. The function's results keep only what
// divides them.
// CHECK-LABEL: func.func @over_sharding
// CHECK-SAME:  (%arg0: tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}, %arg1: tensor<3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg2: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>})
// CHECK-SAME:  -> (tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}, tensor<3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>})
// CHECK:       stablehlo.abs %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y", "x"}]>]>} : tensor<2xf32>
// CHECK:       stablehlo.abs %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : tensor<3xf32>
// CHECK:       stablehlo.abs %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y", "x"}, {}]>]>} : tensor<4x4xf32>
// KEEP-LABEL:  func.func @over_sharding
// KEEP-SAME:   -> (tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "x"}]>}, tensor<3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}, tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "x"}, {}]>})
func.func @over_sharding(%arg0: tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "x", ?}]>}, %arg1: tensor<3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}]>}, %arg2: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "x", ?}, {?}]>}) -> (tensor<2xf32>, tensor<3xf32>, tensor<4x4xf32>) {
  %0 = stablehlo.abs %arg0 : tensor<2xf32>
  %1 = stablehlo.abs %arg1 : tensor<3xf32>
  %2 = stablehlo.abs %arg2 : tensor<4x4xf32>
  return %0, %1, %2 : tensor<2xf32>, tensor<3xf32>, tensor<4x4xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// An open sharding ending in the sub-axis "y":(1)2 grows to "y" where
// another tensor of the op has "y": through pad, add and slice, and on the
// function's open argument and results.
// CHECK-LABEL: func.func @sub_axis_grows
// CHECK-SAME:  %arg2: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}
// CHECK-SAME:  -> (tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}, tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}, tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}, tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>})
// CHECK:       stablehlo.pad {{.*}} {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}]>]>}
// CHECK:       stablehlo.add %arg1, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}]>]>}
// CHECK:       stablehlo.add %arg2, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}]>]>}
// CHECK:       stablehlo.slice %arg3 [0:8] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}]>]>}
func.func @sub_axis_grows(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}, %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", ?}]>}, %arg2: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y":(1)2, ?}]>}, %arg3: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}) -> (tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y":(1)2, ?}]>}, tensor<16xf32>, tensor<16xf32>, tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y":(1)2, ?}]>}) {
  %c = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.pad %arg0, %c, low = [0], high = [16], interior = [0] : (tensor<16xf32>, tensor<f32>) -> tensor<32xf32>
  %1 = stablehlo.add %arg1, %arg2 : tensor<16xf32>
  %2 = stablehlo.add %arg2, %arg1 : tensor<16xf32>
  %3 = stablehlo.slice %arg3 [0:8] : (tensor<16xf32>) -> tensor<8xf32>
  return %0, %1, %2, %3 : tensor<32xf32>, tensor<16xf32>, tensor<16xf32>, tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>

// A manual computation's closed in_sharding dictates its operand's
// sharding: the slice keeps "y" instead of taking "y", "x" from %arg0.
// CHECK-LABEL: func.func @manual_in_sharding_applied
// CHECK:       stablehlo.slice %arg0 [0:4] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}]>]>}
// CHECK:       stablehlo.abs %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y", "x"}]>]>}
// CHECK:       stablehlo.slice %{{.*}} [0:4] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}]>]>}
func.func @manual_in_sharding_applied(%arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "x", ?}]>}) -> (tensor<4xf32>, tensor<4xf32>) {
  %v3 = stablehlo.slice %arg1 [0:4] : (tensor<8xf32>) -> tensor<4xf32>
  %v7 = sdy.manual_computation(%v3) in_shardings=[<@mesh, [{"y"}]>] out_shardings=[<@mesh, [{"y"}]>] manual_axes={"x", "y"} (%v4: tensor<2xf32>) {
    sdy.return %v4 : tensor<2xf32>
  } : (tensor<4xf32>) -> tensor<4xf32>
  %a = stablehlo.abs %arg1 : tensor<8xf32>
  %b = stablehlo.slice %a [0:4] : (tensor<8xf32>) -> tensor<4xf32>
  %c = sdy.manual_computation(%b) in_shardings=[<@mesh, [{"y"}]>] out_shardings=[<@mesh, [{"y"}]>] manual_axes={"y"} (%v4: tensor<2xf32>) {
    sdy.return %v4 : tensor<2xf32>
  } : (tensor<4xf32>) -> tensor<4xf32>
  return %v7, %c : tensor<4xf32>, tensor<4xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>

// A single open constraint does not rewire the other uses of its input.
// CHECK-LABEL: func.func @single_constraint
// CHECK:       %[[R:.*]] = sdy.reshard %arg0 <@mesh, [{"y", "x"}]>
// CHECK-NEXT:  stablehlo.slice %arg0 [0:8] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}]>]>}
// CHECK-NEXT:  stablehlo.add %[[R]], %arg0
func.func @single_constraint(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}) -> (tensor<8xf32>, tensor<16xf32>) {
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{"y", "x", ?}]> : tensor<16xf32>
  %1 = stablehlo.slice %arg0 [0:8] : (tensor<16xf32>) -> tensor<8xf32>
  %2 = stablehlo.add %0, %arg0 : tensor<16xf32>
  return %1, %2 : tensor<8xf32>, tensor<16xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>

// "x" on the minor factor of the reshape's merged dimension cannot be
// expressed while its major factor is unsharded: the reshape stays without
// a sharding (not an empty one), and so does the function's result.
// CHECK-LABEL: func.func @unexpressible_reshape
// CHECK-SAME:  -> (tensor<16x128xf32>, tensor<16x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"x"}]>})
// CHECK:       stablehlo.reshape %arg0 : (tensor<16x16x8xf32>) -> tensor<16x128xf32>
func.func @unexpressible_reshape(%arg0: tensor<16x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {?}, {"x", ?}]>}) -> (tensor<16x128xf32>, tensor<16x16x8xf32>) {
  %0 = stablehlo.reshape %arg0 : (tensor<16x16x8xf32>) -> tensor<16x128xf32>
  %1 = stablehlo.abs %arg0 : tensor<16x16x8xf32>
  return %0, %1 : tensor<16x128xf32>, tensor<16x16x8xf32>
}
