//===- DivergingProgram.h - a collective one device skips -------*- C++ -*-===//
//
// The program behind the timeout and peer-release tests: device 0 enters an
// all_reduce over devices {0, 1}, device 1 takes the other branch of a
// stablehlo.if and never joins.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_TESTS_RUNTIME_DIVERGINGPROGRAM_H
#define SDY_TESTS_RUNTIME_DIVERGINGPROGRAM_H

#include <string>

namespace sdy::runtime::test {

// Device 0 enters an all_reduce; device 1 runs BRANCH (the else region of
// the stablehlo.if, which returns a tensor<2xf32>) and never joins.
inline std::string diverging(const std::string &branch) {
  return R"(
func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  %pid = stablehlo.partition_id : tensor<ui32>
  %zero = stablehlo.constant dense<0> : tensor<ui32>
  %p = stablehlo.compare EQ, %pid, %zero : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
  %r = "stablehlo.if"(%p) ({
    %0 = "stablehlo.all_reduce"(%a) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %1 = stablehlo.add %x, %y : tensor<f32>
      stablehlo.return %1 : tensor<f32>
    }) : (tensor<2xf32>) -> tensor<2xf32>
    stablehlo.return %0 : tensor<2xf32>
  }, {
)" + branch +
         R"(
  }) : (tensor<i1>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}
)";
}

} // namespace sdy::runtime::test

#endif // SDY_TESTS_RUNTIME_DIVERGINGPROGRAM_H
