//===- CompiledRegionsTest.cpp - clusters in callees and control flow ----===//
//
// The ops of functions reached by func.call and of while/if regions are
// clustered and compiled like the entry function's; the call and the control
// flow op stay runtime kernels between clusters, and the report says so.
//
//===----------------------------------------------------------------------===//
#include "CompiledPathTestUtils.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

using namespace sdy::runtime;
using sdy::compiler::ExecMode;

namespace {

const char *program = R"(
func.func private @square_plus(%x: tensor<4xi32>) -> tensor<4xi32> {
  %a = stablehlo.multiply %x, %x : tensor<4xi32>
  %b = stablehlo.add %a, %x : tensor<4xi32>
  return %b : tensor<4xi32>
}
func.func @main(%x: tensor<4xi32>, %y: tensor<4xi32>, %p: tensor<i1>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) {
  %c = func.call @square_plus(%x) : (tensor<4xi32>) -> tensor<4xi32>
  %d = func.call @square_plus(%y) : (tensor<4xi32>) -> tensor<4xi32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%i = %zero, %acc = %x) : tensor<i32>, tensor<4xi32>
    cond {
      %three = stablehlo.constant dense<3> : tensor<i32>
      %lt = stablehlo.compare LT, %i, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %lt : tensor<i1>
    } do {
      %one = stablehlo.constant dense<1> : tensor<i32>
      %two = stablehlo.constant dense<2> : tensor<4xi32>
      %n = stablehlo.add %i, %one : tensor<i32>
      %m = stablehlo.multiply %acc, %two : tensor<4xi32>
      %a = stablehlo.add %m, %y : tensor<4xi32>
      stablehlo.return %n, %a : tensor<i32>, tensor<4xi32>
    }
  %f = "stablehlo.if"(%p) ({
      %s = stablehlo.add %x, %y : tensor<4xi32>
      stablehlo.return %s : tensor<4xi32>
    }, {
      %s = stablehlo.subtract %x, %y : tensor<4xi32>
      stablehlo.return %s : tensor<4xi32>
    }) : (tensor<i1>) -> tensor<4xi32>
  return %c, %d, %r#1, %f : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>
})";

TEST(CompiledRegions, CalleesAndControlFlowBodiesAreCompiled) {
  auto compiled = make(program, ExecMode::Compile);
  const std::string &report = compiled->compileReport();
  for (const char *line :
       {"2 ops (stablehlo.multiply .. stablehlo.add), 1 inputs, 1 outputs: "
        "compiled",
        "runtime call: func.call x2: call, a runtime kernel; the ops of its "
        "callee are clustered",
        "runtime call: stablehlo.while x1: control flow, a runtime kernel; "
        "the ops of its regions are clustered",
        "runtime call: stablehlo.if x1: control flow, a runtime kernel; the "
        "ops of its regions are clustered",
        // The callee, the while's condition and body, the if's branches.
        "8 ops compiled in 5 clusters"})
    EXPECT_NE(report.find(line), std::string::npos) << line << "\n" << report;
  for (bool p : {true, false}) {
    auto out = runBothExact(
        program,
        {Tensor::fromVector<int32_t>(ElementType::I32, {4}, {0, 1, 2, 3}),
         Tensor::fromVector<int32_t>(ElementType::I32, {4}, {1, 1, 1, 1}),
         Tensor::fromVector<uint8_t>(ElementType::Pred, {}, {p})});
    ASSERT_EQ(out.size(), 4u);
    EXPECT_EQ(values<int32_t>(out[0]), (std::vector<int32_t>{0, 2, 6, 12}));
    EXPECT_EQ(values<int32_t>(out[1]), (std::vector<int32_t>{2, 2, 2, 2}));
    // Three times acc * 2 + 1: 8x + 7.
    EXPECT_EQ(values<int32_t>(out[2]), (std::vector<int32_t>{7, 15, 23, 31}));
    EXPECT_EQ(values<int32_t>(out[3]), p ? (std::vector<int32_t>{1, 2, 3, 4})
                                         : (std::vector<int32_t>{-1, 0, 1, 2}));
  }
}

} // namespace
