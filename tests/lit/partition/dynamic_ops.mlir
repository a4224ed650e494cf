// The partition pipeline replaces the shape-operand ops by their static
// twins first, so that they propagate and partition like them.
// RUN: sdy-opt %s -split-input-file -sdy-partition-pipeline -verify-diagnostics | FileCheck %s

sdy.mesh @mesh = <["x"=2]>

// CHECK-LABEL: func.func @reshape_pad(
// CHECK-SAME: %arg0: tensor<4x16xf32>
// CHECK-NOT: stablehlo.constant
// CHECK: stablehlo.reshape %arg0 {{.*}} : (tensor<4x16xf32>) -> tensor<8x8xf32>
// CHECK: stablehlo.pad
func.func @reshape_pad(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<16x10xf32> {
  %s = stablehlo.constant dense<[16, 8]> : tensor<2xi64>
  %0 = stablehlo.dynamic_reshape %arg0, %s : (tensor<8x16xf32>, tensor<2xi64>) -> tensor<16x8xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %low = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
  %int = stablehlo.constant dense<0> : tensor<2xi64>
  %1 = stablehlo.dynamic_pad %0, %z, %low, %low, %int : (tensor<16x8xf32>, tensor<f32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<16x10xf32>
  return %1 : tensor<16x10xf32>
}

// -----

sdy.mesh @mesh = <["x"=2]>

func.func @not_constant(%arg0: tensor<8xf32>, %low: tensor<1xi64>) -> tensor<10xf32> {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  // expected-error @+1 {{'stablehlo.dynamic_pad' op edge_padding_low must be a stablehlo.constant}}
  %0 = stablehlo.dynamic_pad %arg0, %z, %low, %low, %low : (tensor<8xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<10xf32>
  return %0 : tensor<10xf32>
}
