// A sharded value in a tuple is refused with a diagnostic, not a crash: the
// partitioner does not localize tuple types.
// RUN: not sdy-opt %s -sdy-partition-pipeline 2>&1 | FileCheck %s

sdy.mesh @mesh = <["x"=2]>

func.func @main(%x: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<8xf32> {
  %0 = stablehlo.add %x, %x : tensor<8xf32>
  // CHECK: error: 'stablehlo.tuple' op result type 'tuple<tensor<8xf32>>' must be a tuple of the operand types
  %1 = stablehlo.tuple %0 : tuple<tensor<8xf32>>
  %2 = stablehlo.get_tuple_element %1[0] : (tuple<tensor<8xf32>>) -> tensor<8xf32>
  return %2 : tensor<8xf32>
}
