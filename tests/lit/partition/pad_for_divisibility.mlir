// RUN: sdy-opt %s -split-input-file -sdy-pad-for-divisibility | FileCheck %s
// RUN: sdy-opt %s -split-input-file -sdy-pad-for-divisibility=zero-padding-at-return=false | FileCheck %s --check-prefix=NOZERO

sdy.mesh @mesh = <["x"=2, "y"=4]>

// A reduce over a dimension of 7 sharded 4 ways: the input is masked with
// the init value (rows >= 7 are padding).
// CHECK-LABEL: func.func @reduce(
// CHECK-SAME: %arg0: tensor<6x7xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
// CHECK-NEXT: [[CST:%[^ ,:)#]+]] = stablehlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = stablehlo.broadcast_in_dim [[CST]], dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : (tensor<f32>) -> tensor<6x7xf32>
// CHECK-NEXT: [[V1:%[^ ,:)#]+]] = stablehlo.iota dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : tensor<6x7xi32>
// CHECK-NEXT: [[C:%[^ ,:)#]+]] = stablehlo.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} dense<7> : tensor<6x7xi32>
// CHECK-NEXT: [[V2:%[^ ,:)#]+]] = stablehlo.compare LT, [[V1]], [[C]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : (tensor<6x7xi32>, tensor<6x7xi32>) -> tensor<6x7xi1>
// CHECK-NEXT: [[V3:%[^ ,:)#]+]] = stablehlo.select [[V2]], %arg0, [[V0]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : tensor<6x7xi1>, tensor<6x7xf32>
// CHECK-NEXT: [[V4:%[^ ,:)#]+]] = stablehlo.reduce([[V3]] init: [[CST]]) applies stablehlo.add across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : (tensor<6x7xf32>, tensor<f32>) -> tensor<6xf32>
// CHECK-NEXT: [[V5:%[^ ,:)#]+]] = sdy.all_reduce {"y"} [[V4]] out_sharding=<@mesh, [{"x"}]> : tensor<6xf32>
// CHECK-NEXT: return [[V5]] : tensor<6xf32>
func.func @reduce(%arg0: tensor<6x7xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reduce(%arg0 init: %z) applies stablehlo.add across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : (tensor<6x7xf32>, tensor<f32>) -> tensor<6xf32>
  %1 = sdy.all_reduce {"y"} %0 out_sharding=<@mesh, [{"x"}]> : tensor<6xf32>
  return %1 : tensor<6xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// Divisible: nothing to mask.
// CHECK-LABEL: func.func @reduce_divisible(
// CHECK-SAME: %arg0: tensor<6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
// CHECK-NEXT: [[CST:%[^ ,:)#]+]] = stablehlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = stablehlo.reduce(%arg0 init: [[CST]]) applies stablehlo.add across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : (tensor<6x8xf32>, tensor<f32>) -> tensor<6xf32>
// CHECK-NEXT: [[V1:%[^ ,:)#]+]] = sdy.all_reduce {"y"} [[V0]] out_sharding=<@mesh, [{"x"}]> : tensor<6xf32>
// CHECK-NEXT: return [[V1]] : tensor<6xf32>
func.func @reduce_divisible(%arg0: tensor<6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reduce(%arg0 init: %z) applies stablehlo.add across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : (tensor<6x8xf32>, tensor<f32>) -> tensor<6xf32>
  %1 = sdy.all_reduce {"y"} %0 out_sharding=<@mesh, [{"x"}]> : tensor<6xf32>
  return %1 : tensor<6xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// The padded dimension (5 on 2 devices) is not reduced: no mask before the
// reduce; the padded result is zeroed where it is returned.
// CHECK-LABEL: func.func @reduce_other_dim(
// CHECK-SAME: %arg0: tensor<5x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<5xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
// CHECK-NEXT: [[CST:%[^ ,:)#]+]] = stablehlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = stablehlo.reduce(%arg0 init: [[CST]]) applies stablehlo.add across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : (tensor<5x8xf32>, tensor<f32>) -> tensor<5xf32>
// CHECK-NEXT: [[CST_0:%[^ ,:)#]+]] = stablehlo.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} dense<0.000000e+00> : tensor<5xf32>
// CHECK-NEXT: [[V1:%[^ ,:)#]+]] = stablehlo.iota dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : tensor<5xi32>
// CHECK-NEXT: [[C:%[^ ,:)#]+]] = stablehlo.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} dense<5> : tensor<5xi32>
// CHECK-NEXT: [[V2:%[^ ,:)#]+]] = stablehlo.compare LT, [[V1]], [[C]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : (tensor<5xi32>, tensor<5xi32>) -> tensor<5xi1>
// CHECK-NEXT: [[V3:%[^ ,:)#]+]] = stablehlo.select [[V2]], [[V0]], [[CST_0]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : tensor<5xi1>, tensor<5xf32>
// CHECK-NEXT: return [[V3]] : tensor<5xf32>
func.func @reduce_other_dim(%arg0: tensor<5x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<5xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reduce(%arg0 init: %z) applies stablehlo.add across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : (tensor<5x8xf32>, tensor<f32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// A max reduction over two padded dimensions: one mask per dimension,
// and-ed, filled with the init value.
// CHECK-LABEL: func.func @reduce_max_two_dims(
// CHECK-SAME: %arg0: tensor<3x7xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> tensor<i32> {
// CHECK-NEXT: [[C:%[^ ,:)#]+]] = stablehlo.constant dense<-2147483648> : tensor<i32>
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = stablehlo.broadcast_in_dim [[C]], dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : (tensor<i32>) -> tensor<3x7xi32>
// CHECK-NEXT: [[V1:%[^ ,:)#]+]] = stablehlo.iota dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : tensor<3x7xi32>
// CHECK-NEXT: [[C_0:%[^ ,:)#]+]] = stablehlo.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} dense<3> : tensor<3x7xi32>
// CHECK-NEXT: [[V2:%[^ ,:)#]+]] = stablehlo.compare LT, [[V1]], [[C_0]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : (tensor<3x7xi32>, tensor<3x7xi32>) -> tensor<3x7xi1>
// CHECK-NEXT: [[V3:%[^ ,:)#]+]] = stablehlo.iota dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : tensor<3x7xi32>
// CHECK-NEXT: [[C_1:%[^ ,:)#]+]] = stablehlo.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} dense<7> : tensor<3x7xi32>
// CHECK-NEXT: [[V4:%[^ ,:)#]+]] = stablehlo.compare LT, [[V3]], [[C_1]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : (tensor<3x7xi32>, tensor<3x7xi32>) -> tensor<3x7xi1>
// CHECK-NEXT: [[V5:%[^ ,:)#]+]] = stablehlo.and [[V2]], [[V4]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : tensor<3x7xi1>
// CHECK-NEXT: [[V6:%[^ ,:)#]+]] = stablehlo.select [[V5]], %arg0, [[V0]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : tensor<3x7xi1>, tensor<3x7xi32>
// CHECK-NEXT: [[V7:%[^ ,:)#]+]] = stablehlo.reduce([[V6]] init: [[C]]) applies stablehlo.maximum across dimensions = [0, 1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>]>} : (tensor<3x7xi32>, tensor<i32>) -> tensor<i32>
// CHECK-NEXT: [[V8:%[^ ,:)#]+]] = sdy.all_reduce max {"x", "y"} [[V7]] out_sharding=<@mesh, []> : tensor<i32>
// CHECK-NEXT: return [[V8]] : tensor<i32>
func.func @reduce_max_two_dims(%arg0: tensor<3x7xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> tensor<i32> {
  %m = stablehlo.constant dense<-2147483648> : tensor<i32>
  %0 = stablehlo.reduce(%arg0 init: %m) applies stablehlo.maximum across dimensions = [0, 1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>]>} : (tensor<3x7xi32>, tensor<i32>) -> tensor<i32>
  %1 = sdy.all_reduce max {"x", "y"} %0 out_sharding=<@mesh, []> : tensor<i32>
  return %1 : tensor<i32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// A dot_general contracting a padded dimension (6 on 4 devices): both
// operands are masked with zeros.
// CHECK-LABEL: func.func @dot_general(
// CHECK-SAME: %arg0: tensor<4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %arg1: tensor<6x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) -> (tensor<4x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
// CHECK-NEXT: [[CST:%[^ ,:)#]+]] = stablehlo.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} dense<0.000000e+00> : tensor<4x6xf32>
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = stablehlo.iota dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : tensor<4x6xi32>
// CHECK-NEXT: [[C:%[^ ,:)#]+]] = stablehlo.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} dense<6> : tensor<4x6xi32>
// CHECK-NEXT: [[V1:%[^ ,:)#]+]] = stablehlo.compare LT, [[V0]], [[C]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : (tensor<4x6xi32>, tensor<4x6xi32>) -> tensor<4x6xi1>
// CHECK-NEXT: [[V2:%[^ ,:)#]+]] = stablehlo.select [[V1]], %arg0, [[CST]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : tensor<4x6xi1>, tensor<4x6xf32>
// CHECK-NEXT: [[CST_0:%[^ ,:)#]+]] = stablehlo.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}]>]>} dense<0.000000e+00> : tensor<6x3xf32>
// CHECK-NEXT: [[V3:%[^ ,:)#]+]] = stablehlo.iota dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}]>]>} : tensor<6x3xi32>
// CHECK-NEXT: [[C_1:%[^ ,:)#]+]] = stablehlo.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}]>]>} dense<6> : tensor<6x3xi32>
// CHECK-NEXT: [[V4:%[^ ,:)#]+]] = stablehlo.compare LT, [[V3]], [[C_1]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}]>]>} : (tensor<6x3xi32>, tensor<6x3xi32>) -> tensor<6x3xi1>
// CHECK-NEXT: [[V5:%[^ ,:)#]+]] = stablehlo.select [[V4]], %arg1, [[CST_0]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}]>]>} : tensor<6x3xi1>, tensor<6x3xf32>
// CHECK-NEXT: [[V6:%[^ ,:)#]+]] = stablehlo.dot_general [[V2]], [[V5]], contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : (tensor<4x6xf32>, tensor<6x3xf32>) -> tensor<4x3xf32>
// CHECK-NEXT: [[V7:%[^ ,:)#]+]] = sdy.all_reduce {"y"} [[V6]] out_sharding=<@mesh, [{"x"}, {}]> : tensor<4x3xf32>
// CHECK-NEXT: return [[V7]] : tensor<4x3xf32>
func.func @dot_general(%arg0: tensor<4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %arg1: tensor<6x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) -> (tensor<4x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : (tensor<4x6xf32>, tensor<6x3xf32>) -> tensor<4x3xf32>
  %1 = sdy.all_reduce {"y"} %0 out_sharding=<@mesh, [{"x"}, {}]> : tensor<4x3xf32>
  return %1 : tensor<4x3xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// stablehlo.dot: the last dimension of the lhs, the first of the rhs.
// CHECK-LABEL: func.func @dot(
// CHECK-SAME: %arg0: tensor<4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}, %arg1: tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}) -> (tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
// CHECK-NEXT: [[CST:%[^ ,:)#]+]] = stablehlo.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} dense<0.000000e+00> : tensor<4x6xf32>
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = stablehlo.iota dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} : tensor<4x6xi32>
// CHECK-NEXT: [[C:%[^ ,:)#]+]] = stablehlo.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} dense<6> : tensor<4x6xi32>
// CHECK-NEXT: [[V1:%[^ ,:)#]+]] = stablehlo.compare LT, [[V0]], [[C]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} : (tensor<4x6xi32>, tensor<4x6xi32>) -> tensor<4x6xi1>
// CHECK-NEXT: [[V2:%[^ ,:)#]+]] = stablehlo.select [[V1]], %arg0, [[CST]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} : tensor<4x6xi1>, tensor<4x6xf32>
// CHECK-NEXT: [[CST_0:%[^ ,:)#]+]] = stablehlo.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}]>]>} dense<0.000000e+00> : tensor<6xf32>
// CHECK-NEXT: [[V3:%[^ ,:)#]+]] = stablehlo.iota dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}]>]>} : tensor<6xi32>
// CHECK-NEXT: [[C_1:%[^ ,:)#]+]] = stablehlo.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}]>]>} dense<6> : tensor<6xi32>
// CHECK-NEXT: [[V4:%[^ ,:)#]+]] = stablehlo.compare LT, [[V3]], [[C_1]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}]>]>} : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
// CHECK-NEXT: [[V5:%[^ ,:)#]+]] = stablehlo.select [[V4]], %arg1, [[CST_0]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}]>]>} : tensor<6xi1>, tensor<6xf32>
// CHECK-NEXT: [[V6:%[^ ,:)#]+]] = stablehlo.dot [[V2]], [[V5]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : (tensor<4x6xf32>, tensor<6xf32>) -> tensor<4xf32>
// CHECK-NEXT: [[V7:%[^ ,:)#]+]] = sdy.all_reduce {"y"} [[V6]] out_sharding=<@mesh, [{}]> : tensor<4xf32>
// CHECK-NEXT: return [[V7]] : tensor<4xf32>
func.func @dot(%arg0: tensor<4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}, %arg1: tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}) -> (tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
  %0 = stablehlo.dot %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : (tensor<4x6xf32>, tensor<6xf32>) -> tensor<4xf32>
  %1 = sdy.all_reduce {"y"} %0 out_sharding=<@mesh, [{}]> : tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// A padded batch dimension of a dot_general is not masked (padding rows
// only produce padding rows).
// CHECK-LABEL: func.func @dot_general_batch(
// CHECK-SAME: %arg0: tensor<5x2x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}, {}]>}, %arg1: tensor<5x2x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}, {}]>}) -> (tensor<5x2x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}, {}]>}) {
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}, {}]>]>} : (tensor<5x2x2xf32>, tensor<5x2x2xf32>) -> tensor<5x2x2xf32>
// CHECK-NEXT: [[CST:%[^ ,:)#]+]] = stablehlo.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}, {}]>]>} dense<0.000000e+00> : tensor<5x2x2xf32>
// CHECK-NEXT: [[V1:%[^ ,:)#]+]] = stablehlo.iota dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}, {}]>]>} : tensor<5x2x2xi32>
// CHECK-NEXT: [[C:%[^ ,:)#]+]] = stablehlo.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}, {}]>]>} dense<5> : tensor<5x2x2xi32>
// CHECK-NEXT: [[V2:%[^ ,:)#]+]] = stablehlo.compare LT, [[V1]], [[C]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}, {}]>]>} : (tensor<5x2x2xi32>, tensor<5x2x2xi32>) -> tensor<5x2x2xi1>
// CHECK-NEXT: [[V3:%[^ ,:)#]+]] = stablehlo.select [[V2]], [[V0]], [[CST]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}, {}]>]>} : tensor<5x2x2xi1>, tensor<5x2x2xf32>
// CHECK-NEXT: return [[V3]] : tensor<5x2x2xf32>
func.func @dot_general_batch(%arg0: tensor<5x2x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}, {}]>}, %arg1: tensor<5x2x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}, {}]>}) -> (tensor<5x2x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}, {}]>}) {
  %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}, {}]>]>} : (tensor<5x2x2xf32>, tensor<5x2x2xf32>) -> tensor<5x2x2xf32>
  return %0 : tensor<5x2x2xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// Returned values with padding get it zeroed (unless
// zero-padding-at-return=false).
// NOZERO-LABEL: func.func @return(
// NOZERO: %[[EXP:.*]] = stablehlo.exponential
// NOZERO-NOT: stablehlo.select
// NOZERO: return %[[EXP]],
// CHECK-LABEL: func.func @return(
// CHECK-SAME: %arg0: tensor<5x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}) -> (tensor<5x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}, tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}, tensor<5xf32>) {
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = stablehlo.exponential %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {"x"}]>]>} : tensor<5x6xf32>
// CHECK-NEXT: [[CST:%[^ ,:)#]+]] = stablehlo.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}]>]>} dense<1.000000e+00> : tensor<8xf32>
// CHECK-NEXT: [[CST_0:%[^ ,:)#]+]] = stablehlo.constant dense<2.000000e+00> : tensor<5xf32>
// CHECK-NEXT: [[CST_1:%[^ ,:)#]+]] = stablehlo.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {"x"}]>]>} dense<0.000000e+00> : tensor<5x6xf32>
// CHECK-NEXT: [[V1:%[^ ,:)#]+]] = stablehlo.iota dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {"x"}]>]>} : tensor<5x6xi32>
// CHECK-NEXT: [[C:%[^ ,:)#]+]] = stablehlo.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {"x"}]>]>} dense<5> : tensor<5x6xi32>
// CHECK-NEXT: [[V2:%[^ ,:)#]+]] = stablehlo.compare LT, [[V1]], [[C]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {"x"}]>]>} : (tensor<5x6xi32>, tensor<5x6xi32>) -> tensor<5x6xi1>
// CHECK-NEXT: [[V3:%[^ ,:)#]+]] = stablehlo.select [[V2]], [[V0]], [[CST_1]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {"x"}]>]>} : tensor<5x6xi1>, tensor<5x6xf32>
// CHECK-NEXT: return [[V3]], [[CST]], [[CST_0]] : tensor<5x6xf32>, tensor<8xf32>, tensor<5xf32>
func.func @return(%arg0: tensor<5x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}) -> (tensor<5x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}, tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}, tensor<5xf32>) {
  %0 = stablehlo.exponential %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {"x"}]>]>} : tensor<5x6xf32>
  %1 = stablehlo.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}]>]>} dense<1.0> : tensor<8xf32>
  %2 = stablehlo.constant dense<2.0> : tensor<5xf32>
  return %0, %1, %2 : tensor<5x6xf32>, tensor<8xf32>, tensor<5xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// In a manual computation, the body's free axes count ("y" pads 7 rows);
// manual axes are never padded.
// CHECK-LABEL: func.func @manual(
// CHECK-SAME: %arg0: tensor<2x7xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
// CHECK-NEXT: [[V0:%[^ ,:)#]+]] = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {"y"}]>] out_shardings=[<@mesh, [{"x"}]>] manual_axes={"x"} (%arg1: tensor<1x7xf32>) {
// CHECK-NEXT: [[CST:%[^ ,:)#]+]] = stablehlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT: [[V1:%[^ ,:)#]+]] = stablehlo.broadcast_in_dim [[CST]], dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} : (tensor<f32>) -> tensor<1x7xf32>
// CHECK-NEXT: [[V2:%[^ ,:)#]+]] = stablehlo.iota dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} : tensor<1x7xi32>
// CHECK-NEXT: [[C:%[^ ,:)#]+]] = stablehlo.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} dense<7> : tensor<1x7xi32>
// CHECK-NEXT: [[V3:%[^ ,:)#]+]] = stablehlo.compare LT, [[V2]], [[C]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} : (tensor<1x7xi32>, tensor<1x7xi32>) -> tensor<1x7xi1>
// CHECK-NEXT: [[V4:%[^ ,:)#]+]] = stablehlo.select [[V3]], %arg1, [[V1]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} : tensor<1x7xi1>, tensor<1x7xf32>
// CHECK-NEXT: [[V5:%[^ ,:)#]+]] = stablehlo.reduce([[V4]] init: [[CST]]) applies stablehlo.add across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : (tensor<1x7xf32>, tensor<f32>) -> tensor<1xf32>
// CHECK-NEXT: [[V6:%[^ ,:)#]+]] = sdy.all_reduce {"y"} [[V5]] out_sharding=<@mesh, [{}]> : tensor<1xf32>
// CHECK-NEXT: sdy.return [[V6]] : tensor<1xf32>
// CHECK-NEXT: } : (tensor<2x7xf32>) -> tensor<2xf32>
// CHECK-NEXT: return [[V0]] : tensor<2xf32>
func.func @manual(%arg0: tensor<2x7xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {"y"}]>] out_shardings=[<@mesh, [{"x"}]>] manual_axes={"x"} (%arg1: tensor<1x7xf32>) {
    %z = stablehlo.constant dense<0.0> : tensor<f32>
    %1 = stablehlo.reduce(%arg1 init: %z) applies stablehlo.add across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : (tensor<1x7xf32>, tensor<f32>) -> tensor<1xf32>
    %2 = sdy.all_reduce {"y"} %1 out_sharding=<@mesh, [{}]> : tensor<1xf32>
    sdy.return %2 : tensor<1xf32>
  } : (tensor<2x7xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
