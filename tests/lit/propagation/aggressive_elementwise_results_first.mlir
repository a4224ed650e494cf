// RUN: sdy-opt %s -split-input-file -sdy-aggressive-propagate | FileCheck %s

// Aggressive propagation on an elementwise op lets its result speak first,
// as the real Shardy does: a factor whose source is a result resolves its
// conflicts before factors sourced from operands (whatever their sharded
// size), and a closed result dimension stops its factor (a closed operand
// dimension does not). Other ops (dot_general below) keep the operand-first
// order and ignore closed dimensions. The expectations are the real Shardy's
// output (sdy-aggressive-propagate) for each module.

// The result's "c" (factor 2) goes before the operand's (factor 1).
// CHECK: func.func @main(%arg0: tensor<8x16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"r"}, {"c"}, {}]>}, %arg1: tensor<8x16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"r", ?}, {?}, {"c", ?}]>}) -> (tensor<8x16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"c"}]>})
// CHECK-NEXT: %0 = stablehlo.multiply %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"r", ?}, {?}, {"c", ?}]>]>} : tensor<8x16x64xf32>
sdy.mesh @mesh = <["r"=4, "c"=2]>
func.func @main(%arg0: tensor<8x16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"r"}, {"c"}, {}]>}, %arg1: tensor<8x16x64xf32>) -> (tensor<8x16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"c"}]>}) {
  %0 = stablehlo.multiply %arg0, %arg1 : tensor<8x16x64xf32>
  return %0 : tensor<8x16x64xf32>
}

// -----

// Also when the operand's factor is more sharded.
// CHECK: func.func @main(%arg0: tensor<8x16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"r", "c", ?}, {?}]>}, %arg1: tensor<8x16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"r", ?}, {"c", ?}]>}) -> (tensor<8x16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"r", ?}, {"c", ?}]>})
// CHECK-NEXT: %0 = stablehlo.multiply %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"r", ?}, {"c", ?}]>]>} : tensor<8x16x64xf32>
sdy.mesh @mesh = <["r"=4, "c"=2]>
func.func @main(%arg0: tensor<8x16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"r", "c", ?}, {?}]>}, %arg1: tensor<8x16x64xf32>) -> tensor<8x16x64xf32> {
  %0 = stablehlo.multiply %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {?}, {"c", ?}]>]>} : tensor<8x16x64xf32>
  return %0 : tensor<8x16x64xf32>
}

// -----

// A factor that a result holds takes the result as its source.
// CHECK: func.func @main(%arg0: tensor<8x16xi1> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"c", ?}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}, {?}]>}, %arg2: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}, {?}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}, {?}]>})
// CHECK-NEXT: %0 = stablehlo.select %arg0, %arg1, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", ?}, {?}]>]>} : tensor<8x16xi1>, tensor<8x16xf32>
sdy.mesh @mesh = <["r"=4, "c"=2]>
func.func @main(%arg0: tensor<8x16xi1> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"c", ?}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}, {?}]>}, %arg2: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = stablehlo.select %arg0, %arg1, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", ?}, {?}]>]>} : tensor<8x16xi1>, tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// Without a result sharding, operands go in order.
// CHECK: func.func @main(%arg0: tensor<8x16xi1> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"c", ?}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}, {?}]>}, %arg2: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"c", ?}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"c", ?}]>})
// CHECK-NEXT: %0 = stablehlo.select %arg0, %arg1, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"c", ?}]>]>} : tensor<8x16xi1>, tensor<8x16xf32>
sdy.mesh @mesh = <["r"=4, "c"=2]>
func.func @main(%arg0: tensor<8x16xi1> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"c", ?}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}, {?}]>}, %arg2: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<8x16xi1>, tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// A closed result dimension stops its factor: "r" does not reach %arg1.
// CHECK: func.func @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"r"}, {"c"}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"c", ?}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"c", ?}]>})
// CHECK-NEXT: %0 = stablehlo.multiply %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"c", ?}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["r"=4, "c"=2]>
func.func @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"r"}, {"c"}]>}, %arg1: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = stablehlo.multiply %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {?}]>]>} : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// A closed result shorter than the operand stops it there.
// CHECK: func.func @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"r", "c", ?}, {?}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"r", ?}, {?}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"r", ?}, {?}]>})
// CHECK-NEXT: %0 = stablehlo.multiply %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"r"}, {?}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["r"=4, "c"=2]>
func.func @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"r", "c", ?}, {?}]>}, %arg1: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = stablehlo.multiply %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"r"}, {?}]>]>} : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// A closed operand dimension does not stop its factor.
// CHECK: func.func @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {?}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"r", ?}, {?}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"r", ?}, {?}]>})
// CHECK-NEXT: %0 = stablehlo.multiply %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"r", ?}, {?}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["r"=4, "c"=2]>
func.func @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {?}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"r", ?}, {?}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.multiply %arg0, %arg1 : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// Not elementwise: a closed result does not stop, operands go first.
// CHECK: func.func @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"r"}, {"c"}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"r", ?}, {"c", ?}]>}) -> tensor<8x16xf32>
// CHECK-NEXT: %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0, 1] x [0, 1], contracting_dims = [] x [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
sdy.mesh @mesh = <["r"=4, "c"=2]>
func.func @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"r"}, {"c"}]>}, %arg1: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0, 1] x [0, 1], contracting_dims = [] x [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
