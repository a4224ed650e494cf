// Tokens through while, optimization_barrier and if, with an outfeed in the
// loop: propagation gives what Shardy gives (the tokens get rank-0
// shardings) and partitioning localizes only the tensors.
// RUN: sdy-opt %s -sdy-propagation-pipeline | FileCheck %s --check-prefix=PROP
// RUN: sdy-opt %s -sdy-partition-pipeline | FileCheck %s

sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @loop(%x: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %t: !stablehlo.token, %p: tensor<i1>) -> (tensor<8x4xf32>, !stablehlo.token) {
  %0:2 = stablehlo.while(%a = %x, %b = %t) : tensor<8x4xf32>, !stablehlo.token
   cond {
    stablehlo.return %p : tensor<i1>
  } do {
    %s = stablehlo.add %a, %a : tensor<8x4xf32>
    %o = "stablehlo.outfeed"(%s, %b) : (tensor<8x4xf32>, !stablehlo.token) -> !stablehlo.token
    stablehlo.return %s, %o : tensor<8x4xf32>, !stablehlo.token
  }
  %1:2 = stablehlo.optimization_barrier %0#0, %0#1 : tensor<8x4xf32>, !stablehlo.token
  %2 = "stablehlo.if"(%p) ({
    stablehlo.return %1#1 : !stablehlo.token
  }, {
    stablehlo.return %t : !stablehlo.token
  }) : (tensor<i1>) -> !stablehlo.token
  return %1#0, %2 : tensor<8x4xf32>, !stablehlo.token
}

// PROP: %0:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %arg1) : tensor<8x4xf32>, !stablehlo.token attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>, <@mesh, []>]>}
// PROP: "stablehlo.outfeed"(%3, %iterArg_0) <{outfeed_config = ""}> : (tensor<8x4xf32>, !stablehlo.token) -> !stablehlo.token
// PROP: %1:2 = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>, <@mesh, []>]>} %0#0, %0#1 : tensor<8x4xf32>, !stablehlo.token
// PROP: }) : (tensor<i1>) -> !stablehlo.token

// CHECK: %0:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %arg1) : tensor<4x2xf32>, !stablehlo.token
// CHECK: "stablehlo.outfeed"(%3, %iterArg_0) <{outfeed_config = ""}> : (tensor<4x2xf32>, !stablehlo.token) -> !stablehlo.token
// CHECK: stablehlo.return %3, %4 : tensor<4x2xf32>, !stablehlo.token
// CHECK: stablehlo.optimization_barrier {{.*}} %0#0, %0#1 : tensor<4x2xf32>, !stablehlo.token
// CHECK: return %1#0, %2 : tensor<4x2xf32>, !stablehlo.token
