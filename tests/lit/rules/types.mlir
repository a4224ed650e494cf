// Rules of the element-type ops, as Shardy computes them.
// RUN: sdy-opt %s -split-input-file -sdy-populate-op-sharding-rules | FileCheck %s

// CHECK-LABEL: func.func @bitcast_same_width
func.func @bitcast_same_width(%arg0: tensor<4x8xui32>) -> tensor<4x8xf32> {
  // CHECK: stablehlo.bitcast_convert %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=8}>}
  %0 = stablehlo.bitcast_convert %arg0 : (tensor<4x8xui32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// CHECK-LABEL: func.func @bitcast_narrowing
func.func @bitcast_narrowing(%arg0: tensor<4x8xui32>) -> tensor<4x8x4xui8> {
  // CHECK: stablehlo.bitcast_convert %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j, k]) {i=4, j=8, k=4} need_replication={k}>}
  %0 = stablehlo.bitcast_convert %arg0 : (tensor<4x8xui32>) -> tensor<4x8x4xui8>
  return %0 : tensor<4x8x4xui8>
}

// -----

// CHECK-LABEL: func.func @bitcast_widening
func.func @bitcast_widening(%arg0: tensor<4x8x2xf32>) -> tensor<4x8xf64> {
  // CHECK: stablehlo.bitcast_convert %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, j]) {i=4, j=8, k=2} need_replication={k}>}
  %0 = stablehlo.bitcast_convert %arg0 : (tensor<4x8x2xf32>) -> tensor<4x8xf64>
  return %0 : tensor<4x8xf64>
}

// -----

// CHECK-LABEL: func.func @complex_parts
func.func @complex_parts(%arg0: tensor<4x8xcomplex<f32>>) -> tensor<4x8xcomplex<f32>> {
  // CHECK: stablehlo.real %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=8}>}
  %0 = stablehlo.real %arg0 : (tensor<4x8xcomplex<f32>>) -> tensor<4x8xf32>
  // CHECK: stablehlo.complex {{.*}} {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=8}>}
  %1 = stablehlo.complex %0, %0 : tensor<4x8xcomplex<f32>>
  return %1 : tensor<4x8xcomplex<f32>>
}

// -----

// CHECK-LABEL: func.func @fft
func.func @fft(%arg0: tensor<4x8xcomplex<f32>>, %arg1: tensor<4x8xf32>) -> (tensor<4x8xcomplex<f32>>, tensor<4x8xf32>) {
  // CHECK: stablehlo.fft %arg0, type = FFT, length = [8] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=8} need_replication={j}>}
  %0 = stablehlo.fft %arg0, type = FFT, length = [8] : (tensor<4x8xcomplex<f32>>) -> tensor<4x8xcomplex<f32>>
  // CHECK: stablehlo.fft %arg0, type = IFFT, length = [4, 8] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=8} need_replication={i, j}>}
  %1 = stablehlo.fft %arg0, type = IFFT, length = [4, 8] : (tensor<4x8xcomplex<f32>>) -> tensor<4x8xcomplex<f32>>
  // CHECK: stablehlo.fft %arg1, type = RFFT, length = [8] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=8} need_replication={j} blocked_propagation={j}>}
  %2 = stablehlo.fft %arg1, type = RFFT, length = [8] : (tensor<4x8xf32>) -> tensor<4x5xcomplex<f32>>
  // CHECK: stablehlo.fft {{.*}}, type = IRFFT, length = [8] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=5} need_replication={j} blocked_propagation={j}>}
  %3 = stablehlo.fft %2, type = IRFFT, length = [8] : (tensor<4x5xcomplex<f32>>) -> tensor<4x8xf32>
  return %1, %3 : tensor<4x8xcomplex<f32>>, tensor<4x8xf32>
}
