// Rules of uniform_quantize and uniform_dequantize: pointwise, as Shardy gives
// every elementwise op.
// RUN: sdy-opt %s -sdy-populate-op-sharding-rules | FileCheck %s

func.func @quant(%f: tensor<4x8xf32>, %q: tensor<4x8x!quant.uniform<i8:f32:1, {0.1, 0.1, 0.1, 0.1, 0.2, 0.2, 0.2, 0.2}>>) -> (tensor<4x8x!quant.uniform<i8:f32, 1.0e-01:3>>, tensor<4x8x!quant.uniform<i8:f32, 2.0e-01>>, tensor<4x8xf32>) {
  %0 = stablehlo.uniform_quantize %f : (tensor<4x8xf32>) -> tensor<4x8x!quant.uniform<i8:f32, 1.0e-01:3>>
  %1 = stablehlo.uniform_quantize %0 : (tensor<4x8x!quant.uniform<i8:f32, 1.0e-01:3>>) -> tensor<4x8x!quant.uniform<i8:f32, 2.0e-01>>
  %2 = stablehlo.uniform_dequantize %q : (tensor<4x8x!quant.uniform<i8:f32:1, {0.1, 0.1, 0.1, 0.1, 0.2, 0.2, 0.2, 0.2}>>) -> tensor<4x8xf32>
  return %0, %1, %2 : tensor<4x8x!quant.uniform<i8:f32, 1.0e-01:3>>, tensor<4x8x!quant.uniform<i8:f32, 2.0e-01>>, tensor<4x8xf32>
}

// CHECK-LABEL: func.func @quant
// CHECK: stablehlo.uniform_quantize %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=8}>}
// CHECK: stablehlo.uniform_quantize %0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=8}>}
// CHECK: stablehlo.uniform_dequantize %arg1 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=8}>}
