// The real Shardy's propagation debug records (`sdy.propagation_edges`,
// written by its `debug-propagation-edge-sharding=true`; sdy does not write
// them): the input below is what the real Shardy (JAX 0.10.2) printed, and
// sdy must parse and print it back identically, and drop it with
// -sdy-remove-propagation-debug-info.
// RUN: sdy-opt %s | FileCheck %s
// RUN: sdy-opt %s | sdy-opt | FileCheck %s
// RUN: sdy-opt %s -sdy-remove-propagation-debug-info | FileCheck %s --check-prefix=REMOVED

// CHECK-LABEL: func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "c", ?}, {"b", ?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.propagation_edges = #sdy.propagation_edges<[{step-0 = [{"a" = result-0 -> [operand-0]}, {"c" = result-0 -> [operand-0]}]}, {step-7 = [{"a" = operand-0 -> [result-0]}, {"b" = operand-0 -> [result-0]}, {"c" = operand-0 -> [result-0]}]}]>, sdy.sharding = #sdy.sharding<@mesh, [{"a", "c"}, {}]>}, tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {"a", "c", ?}]>}) {
// CHECK-NEXT: %0 = stablehlo.add %arg0, %arg1 {sdy.propagation_edges = #sdy.propagation_edges<[{step-1 = [{"b" = operand-1 -> [operand-0, result-0]}]}, {step-5 = [{"a" = result-0 -> [operand-0]}, {"c" = result-0 -> [operand-0]}]}]>, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "c", ?}, {"b", ?}]>]>} : tensor<8x8xf32>
// CHECK-NEXT: %1 = stablehlo.tanh %0 {sdy.propagation_edges = #sdy.propagation_edges<[{step-2 = [{"b" = operand-0 -> [result-0]}]}, {step-4 = [{"a" = result-0 -> [operand-0]}, {"c" = result-0 -> [operand-0]}]}]>, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "c", ?}, {"b", ?}]>]>} : tensor<8x8xf32>
// CHECK-NEXT: %2 = stablehlo.add %1, %arg1 {sdy.propagation_edges = #sdy.propagation_edges<[{step-3 = [{"a" = result-0 -> [operand-0]}, {"b" = operand-0 -> [result-0]}, {"c" = result-0 -> [operand-0]}]}]>, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "c", ?}, {"b", ?}]>]>} : tensor<8x8xf32>
// CHECK-NEXT: %3 = stablehlo.transpose %0, dims = [1, 0] {sdy.propagation_edges = #sdy.propagation_edges<[{step-6 = [{"a" = operand-0 -> [result-0]}, {"b" = operand-0 -> [result-0]}, {"c" = operand-0 -> [result-0]}]}]>, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {"a", "c", ?}]>]>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: return %2, %3 : tensor<8x8xf32>, tensor<8x8xf32>
// REMOVED-NOT: propagation_edges
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "c", ?}, {"b", ?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.propagation_edges = #sdy.propagation_edges<[{step-0 = [{"a" = result-0 -> [operand-0]}, {"c" = result-0 -> [operand-0]}]}, {step-7 = [{"a" = operand-0 -> [result-0]}, {"b" = operand-0 -> [result-0]}, {"c" = operand-0 -> [result-0]}]}]>, sdy.sharding = #sdy.sharding<@mesh, [{"a", "c"}, {}]>}, tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {"a", "c", ?}]>}) {
  %0 = stablehlo.add %arg0, %arg1 {sdy.propagation_edges = #sdy.propagation_edges<[{step-1 = [{"b" = operand-1 -> [operand-0, result-0]}]}, {step-5 = [{"a" = result-0 -> [operand-0]}, {"c" = result-0 -> [operand-0]}]}]>, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "c", ?}, {"b", ?}]>]>} : tensor<8x8xf32>
  %1 = stablehlo.tanh %0 {sdy.propagation_edges = #sdy.propagation_edges<[{step-2 = [{"b" = operand-0 -> [result-0]}]}, {step-4 = [{"a" = result-0 -> [operand-0]}, {"c" = result-0 -> [operand-0]}]}]>, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "c", ?}, {"b", ?}]>]>} : tensor<8x8xf32>
  %2 = stablehlo.add %1, %arg1 {sdy.propagation_edges = #sdy.propagation_edges<[{step-3 = [{"a" = result-0 -> [operand-0]}, {"b" = operand-0 -> [result-0]}, {"c" = result-0 -> [operand-0]}]}]>, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "c", ?}, {"b", ?}]>]>} : tensor<8x8xf32>
  %3 = stablehlo.transpose %0, dims = [1, 0] {sdy.propagation_edges = #sdy.propagation_edges<[{step-6 = [{"a" = operand-0 -> [result-0]}, {"b" = operand-0 -> [result-0]}, {"c" = operand-0 -> [result-0]}]}]>, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {"a", "c", ?}]>]>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %2, %3 : tensor<8x8xf32>, tensor<8x8xf32>
}
