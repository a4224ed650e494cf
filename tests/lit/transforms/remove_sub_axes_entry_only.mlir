// RUN: sdy-opt %s -split-input-file -sdy-remove-sub-axes-in-input-output-shardings | FileCheck %s

// Only @main's shardings lose their sub-axes, as in the real Shardy (whose
// output on the first module these CHECK lines are): other functions, public
// or private, are called from inside the module.
// CHECK-LABEL: module
// CHECK: func.func private @foo(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)2, ?}, {?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)2, ?}, {?}]>})
// CHECK: func.func @bar(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)2, ?}, {?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)2, ?}, {?}]>})
// CHECK: func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {?}]>})
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func private @foo(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)2, ?}, {?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)2, ?}, {?}]>}) {
  return %arg0 : tensor<8x8xf32>
}
func.func @bar(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)2, ?}, {?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)2, ?}, {?}]>}) {
  return %arg0 : tensor<8x8xf32>
}
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)2, ?}, {?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)2, ?}, {?}]>}) {
  %0 = call @foo(%arg0) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// Without @main (which the real Shardy requires) every function is an entry.
// CHECK-LABEL: module
// CHECK: func.func @f(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}]>})
// CHECK: func.func @g(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}]>})
sdy.mesh @mesh = <["b"=4]>
func.func @f(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)2, ?}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)2, ?}]>}) {
  return %arg0 : tensor<8xf32>
}
func.func @g(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)2, ?}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)2, ?}]>}) {
  return %arg0 : tensor<8xf32>
}
