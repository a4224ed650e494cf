// -sdy-close-shardings closes dimensions and drops replicated axes but keeps
// unreduced axes (pending reductions, not a sharding choice). The
// expectation is the real Shardy's output for this input.
// RUN: sdy-opt %s -sdy-close-shardings | FileCheck %s

sdy.mesh @mesh = <["a"=2, "b"=4, "c"=2]>

// CHECK-LABEL: func.func @main
// CHECK-SAME: sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}], unreduced={"b"}>
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {}], replicated={"c"}, unreduced={"b"}>}) -> tensor<8x8xf32> {
  return %arg0 : tensor<8x8xf32>
}
