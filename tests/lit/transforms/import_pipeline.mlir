// RUN: sdy-opt %s -sdy-import-pipeline | FileCheck %s
// RUN: sdy-opt %s -pass-pipeline="builtin.module(symbol-dce,sdy-lift-inlined-meshes,sdy-remove-size-one-axes,sdy-propagate-sharding-from-func-to-call,sdy-constant-or-scalar-splitter,symbol-dce,sdy-manual-axes-cleanup,sdy-save-module,sdy-add-data-flow-edges)" | FileCheck %s

// The real Shardy's import pipeline; the expected module is the real
// Shardy's (JAX 0.10.2, whose -sdy-lift-inlined-meshes also adds a
// stablehlo.mesh attribute to the meshes, which sdy does not). The second
// RUN line is the pass list Shardy's pipeline expands to: same module.
// Unused @unused is gone, the inlined mesh is lifted, the size-one axis
// y is dropped, the call takes @f's result sharding, the constant is
// split per use, and the while loop gets a data-flow edge.
// CHECK: sdy.mesh @mesh = <["x"=2, "y"=1, "z"=4]>
// CHECK-NEXT: sdy.mesh @mesh_0 = <["a"=2]>
// CHECK-NEXT: func.func @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x16xf32> {
// CHECK-NEXT:   %0 = sdy.constant dense<1.000000e+00> : tensor<8x16xf32>
// CHECK-NEXT:   %1 = sdy.constant dense<1.000000e+00> : tensor<8x16xf32>
// CHECK-NEXT:   %2 = stablehlo.add %arg0, %0 : tensor<8x16xf32>
// CHECK-NEXT:   %3 = call @f(%2) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"z"}]>]>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
// CHECK-NEXT:   %4 = stablehlo.multiply %3, %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh_0, [{"a"}, {}]>]>} : tensor<8x16xf32>
// CHECK-NEXT:   %5 = stablehlo.while(%iterArg = %4) : tensor<8x16xf32>
// CHECK-NEXT:   cond {
// CHECK-NEXT:     %7 = sdy.constant dense<true> : tensor<i1>
// CHECK-NEXT:     stablehlo.return %7 : tensor<i1>
// CHECK-NEXT:   } do {
// CHECK-NEXT:     stablehlo.return %iterArg : tensor<8x16xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   %6 = sdy.data_flow_edge %5 : tensor<8x16xf32>
// CHECK-NEXT:   return %6 : tensor<8x16xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @f(%arg0: tensor<8x16xf32>) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"z"}]>}) {
// CHECK-NEXT:   %0 = stablehlo.negate %arg0 : tensor<8x16xf32>
// CHECK-NEXT:   return %0 : tensor<8x16xf32>
// CHECK-NEXT: }
// CHECK-NOT: @unused

sdy.mesh @mesh = <["x"=2, "y"=1, "z"=4]>
func.func @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}) -> tensor<8x16xf32> {
  %c = stablehlo.constant dense<1.0> : tensor<8x16xf32>
  %0 = stablehlo.add %arg0, %c : tensor<8x16xf32>
  %1 = call @f(%0) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %2 = stablehlo.multiply %1, %c {sdy.sharding = #sdy.sharding_per_value<[<mesh<["a"=2]>, [{"a"}, {}]>]>} : tensor<8x16xf32>
  %3 = stablehlo.while(%iterArg = %2) : tensor<8x16xf32>
    cond {
    %t = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %t : tensor<i1>
  } do {
    stablehlo.return %iterArg : tensor<8x16xf32>
  }
  return %3 : tensor<8x16xf32>
}
func.func private @f(%arg0: tensor<8x16xf32>) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"z", "y"}]>}) {
  %0 = stablehlo.negate %arg0 : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
func.func private @unused(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  return %arg0 : tensor<8x16xf32>
}
