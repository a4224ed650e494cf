// Rules of the bit and rounding ops (pointwise, as Shardy), and none for
// get_dimension_size and composite (Shardy gives them none either).
// RUN: sdy-opt %s -sdy-populate-op-sharding-rules | FileCheck %s

func.func @bits(%a: tensor<4x8xi32>, %f: tensor<4x8xf32>) -> (tensor<4x8xi32>, tensor<4x8xi32>, tensor<4x8xi32>, tensor<4x8xi32>, tensor<4x8xi32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<i32>, tensor<4x8xf32>) {
  %0 = stablehlo.shift_left %a, %a : tensor<4x8xi32>
  %1 = stablehlo.shift_right_logical %a, %a : tensor<4x8xi32>
  %2 = stablehlo.shift_right_arithmetic %a, %a : tensor<4x8xi32>
  %3 = stablehlo.popcnt %a : tensor<4x8xi32>
  %4 = stablehlo.count_leading_zeros %a : tensor<4x8xi32>
  %5 = stablehlo.round_nearest_afz %f : tensor<4x8xf32>
  %6 = stablehlo.reduce_precision %f, format = e5m10 : tensor<4x8xf32>
  %7 = stablehlo.get_dimension_size %a, dim = 1 : (tensor<4x8xi32>) -> tensor<i32>
  %8 = stablehlo.composite "my.op" %f {decomposition = @f} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<4x8xi32>, tensor<4x8xi32>, tensor<4x8xi32>, tensor<4x8xi32>, tensor<4x8xi32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<i32>, tensor<4x8xf32>
}
func.func private @f(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  return %a : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @bits
// CHECK-NEXT: %0 = stablehlo.shift_left %arg0, %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=8}>} : tensor<4x8xi32>
// CHECK-NEXT: %1 = stablehlo.shift_right_logical %arg0, %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=8}>} : tensor<4x8xi32>
// CHECK-NEXT: %2 = stablehlo.shift_right_arithmetic %arg0, %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=8}>} : tensor<4x8xi32>
// CHECK-NEXT: %3 = stablehlo.popcnt %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=8}>} : tensor<4x8xi32>
// CHECK-NEXT: %4 = stablehlo.count_leading_zeros %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=8}>} : tensor<4x8xi32>
// CHECK-NEXT: %5 = stablehlo.round_nearest_afz %arg1 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=8}>} : tensor<4x8xf32>
// CHECK-NEXT: %6 = stablehlo.reduce_precision %arg1, format = e5m10 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=8}>} : tensor<4x8xf32>
// CHECK-NEXT: %7 = stablehlo.get_dimension_size %arg0, dim = 1 : (tensor<4x8xi32>) -> tensor<i32>
// CHECK-NEXT: %8 = stablehlo.composite "my.op" %arg1 {decomposition = @f} : (tensor<4x8xf32>) -> tensor<4x8xf32>
