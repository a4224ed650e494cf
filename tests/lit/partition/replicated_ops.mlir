// -sdy-insert-explicit-reshards on the ops each device computes whole
// (batch_norm_training, batch_norm_grad, rng, rng_bit_generator, custom calls
// without a sharding rule): operands are gathered, results replicated, then
// resharded to their shardings.
// RUN: sdy-opt %s -split-input-file -sdy-insert-explicit-reshards='enable-full-version=true' | FileCheck %s

sdy.mesh @mesh = <["x"=2, "y"=2]>

// CHECK-LABEL: func.func @batch_norm_training
// CHECK-NEXT: %0 = sdy.reshard %arg0 <@mesh, [{}, {}]> : tensor<8x4xf32>
// CHECK-NEXT: %1 = sdy.reshard %arg1 <@mesh, [{}]> : tensor<4xf32>
// CHECK-NEXT: %2 = sdy.reshard %arg1 <@mesh, [{}]> : tensor<4xf32>
// CHECK-NEXT: %output, %batch_mean, %batch_var = "stablehlo.batch_norm_training"(%0, %1, %2) {{.*}} {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>, <@mesh, [{}]>, <@mesh, [{}]>]>}
// CHECK-NEXT: %3 = sdy.reshard %output <@mesh, [{"x"}, {}]> : tensor<8x4xf32>
// CHECK-NEXT: return %3
func.func @batch_norm_training(%x: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %s: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %s) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>, <@mesh, [{}]>, <@mesh, [{}]>]>} : (tensor<8x4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<8x4xf32>, tensor<4xf32>, tensor<4xf32>)
  return %0#0 : tensor<8x4xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>

// The generated sequence depends on the whole shape: the output is computed
// whole and each device keeps its shard.
// CHECK-LABEL: func.func @rng_bit_generator
// CHECK-NEXT: %output_state, %output = stablehlo.rng_bit_generator %arg0, algorithm = PHILOX {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>, <@mesh, [{}, {}]>]>}
// CHECK-NEXT: %0 = sdy.reshard %output <@mesh, [{"x"}, {"y"}]> : tensor<8x6xui32>
// CHECK-NEXT: return %0
func.func @rng_bit_generator(%st: tensor<2xui64>) -> (tensor<8x6xui32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) {
  %0, %1 = stablehlo.rng_bit_generator %st, algorithm = PHILOX {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>, <@mesh, [{"x"}, {"y"}]>]>} : (tensor<2xui64>) -> (tensor<2xui64>, tensor<8x6xui32>)
  return %1 : tensor<8x6xui32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>

// CHECK-LABEL: func.func @rng
// CHECK: %0 = stablehlo.rng %arg0, %arg1, %c, distribution = NORMAL {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>}
// CHECK-NEXT: %1 = sdy.reshard %0 <@mesh, [{}, {"y"}]> : tensor<4x6xf32>
func.func @rng(%a: tensor<f32>, %b: tensor<f32>) -> (tensor<4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) {
  %shape = stablehlo.constant dense<[4, 6]> : tensor<2xi64>
  %0 = stablehlo.rng %a, %b, %shape, distribution = NORMAL {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>

// A custom_call without a sharding rule runs whole: its sharded operand is
// gathered, its result replicated and resharded to its sharding.
// CHECK-LABEL: func.func @custom_call_without_rule
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{}, {}]> : tensor<8x4xf32>
// CHECK-NEXT: %1 = stablehlo.custom_call @foo(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>}
// CHECK-NEXT: %2 = sdy.reshard %1 <@mesh, [{}, {"y"}]> : tensor<8x4xf32>
// CHECK-NEXT: return %2
func.func @custom_call_without_rule(%a: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) {
  %0 = stablehlo.custom_call @foo(%a) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} : (tensor<8x4xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}
