//===- CompiledPathTest.cpp - the compiled path against the interpreter --===//
//
// Each program runs interpreted and compiled (ExecMode::Compile); results
// are checked against hand-computed values (exact for integers, pred and
// data movement) and against each other.
//
//===----------------------------------------------------------------------===//
#include "CompiledPathTestUtils.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

using namespace sdy::runtime;
using sdy::compiler::ExecMode;

namespace {

TEST(CompiledPath, IntegerArithmeticIsExact) {
  const char *text = R"(
func.func @main(%x: tensor<4xi32>) -> tensor<4xi32> {
  %two = stablehlo.constant dense<2> : tensor<4xi32>
  %one = stablehlo.constant dense<1> : tensor<4xi32>
  %zero = stablehlo.constant dense<0> : tensor<4xi32>
  %a = stablehlo.multiply %x, %two : tensor<4xi32>
  %b = stablehlo.add %a, %one : tensor<4xi32>
  %c = stablehlo.maximum %b, %zero : tensor<4xi32>
  %d = stablehlo.negate %c : tensor<4xi32>
  %e = stablehlo.abs %d : tensor<4xi32>
  return %e : tensor<4xi32>
})";
  auto out = runBothExact(text, {Tensor::fromVector<int32_t>(
                                    ElementType::I32, {4}, {1, -2, 3, 4})});
  EXPECT_EQ(values<int32_t>(out[0]), (std::vector<int32_t>{3, 0, 7, 9}));
}

TEST(CompiledPath, BroadcastTransposeReduce) {
  // y[j] = sum_i (x^T)[j][i] + b[j]
  const char *text = R"(
func.func @main(%x: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<3xf32>, tensor<3x2xf32>) {
  %t = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%t init: %z) applies stablehlo.add across dimensions = [1] : (tensor<3x2xf32>, tensor<f32>) -> tensor<3xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [0] : (tensor<3xf32>) -> tensor<3x2xf32>
  %m = stablehlo.multiply %t, %bb : tensor<3x2xf32>
  %y = stablehlo.add %s, %b : tensor<3xf32>
  return %y, %m : tensor<3xf32>, tensor<3x2xf32>
})";
  auto out = runBothExact(
      text,
      {Tensor::fromVector<float>(ElementType::F32, {2, 3}, {1, 2, 3, 4, 5, 6}),
       Tensor::fromVector<float>(ElementType::F32, {3}, {10, 20, 30})});
  EXPECT_EQ(values<float>(out[0]), (std::vector<float>{15, 27, 39}));
  EXPECT_EQ(values<float>(out[1]),
            (std::vector<float>{10, 40, 40, 100, 90, 180}));
}

TEST(CompiledPath, PredCrossesTheBoundaryAsBytes) {
  const char *text = R"(
func.func @main(%x: tensor<4xf32>, %p: tensor<4xi1>) -> (tensor<4xi1>, tensor<4xf32>) {
  %z = stablehlo.constant dense<0.0> : tensor<4xf32>
  %gt = stablehlo.compare GT, %x, %z : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %both = stablehlo.and %gt, %p : tensor<4xi1>
  %r = stablehlo.select %both, %x, %z : tensor<4xi1>, tensor<4xf32>
  return %both, %r : tensor<4xi1>, tensor<4xf32>
})";
  auto out = runBothExact(
      text,
      {Tensor::fromVector<float>(ElementType::F32, {4}, {1, -1, 2, 3}),
       Tensor::fromVector<uint8_t>(ElementType::Pred, {4}, {1, 1, 0, 1})});
  EXPECT_EQ(values<uint8_t>(out[0]), (std::vector<uint8_t>{1, 0, 0, 1}));
  EXPECT_EQ(values<float>(out[1]), (std::vector<float>{1, 0, 0, 3}));
}

TEST(CompiledPath, ReshapeAndConvert) {
  const char *text = R"(
func.func @main(%x: tensor<2x2xi32>) -> tensor<4xf64> {
  %r = stablehlo.reshape %x : (tensor<2x2xi32>) -> tensor<4xi32>
  %c = stablehlo.convert %r : (tensor<4xi32>) -> tensor<4xf64>
  %h = stablehlo.constant dense<0.5> : tensor<4xf64>
  %y = stablehlo.multiply %c, %h : tensor<4xf64>
  return %y : tensor<4xf64>
})";
  auto out = runBothExact(text, {Tensor::fromVector<int32_t>(
                                    ElementType::I32, {2, 2}, {1, 2, -3, 8})});
  EXPECT_EQ(values<double>(out[0]), (std::vector<double>{0.5, 1, -1.5, 4}));
}

// The tanh approximation differs from libm by a few ulp: tolerance.
TEST(CompiledPath, GeluLayernormMatchesInterpreterWithinTolerance) {
  const char *text = R"(
func.func @main(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %c = stablehlo.constant dense<0.797884583> : tensor<f32>
  %cb = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
  %h = stablehlo.constant dense<0.5> : tensor<4x8xf32>
  %one = stablehlo.constant dense<1.0> : tensor<4x8xf32>
  %a = stablehlo.multiply %x, %cb : tensor<4x8xf32>
  %t = stablehlo.tanh %a : tensor<4x8xf32>
  %p = stablehlo.add %t, %one : tensor<4x8xf32>
  %hx = stablehlo.multiply %h, %x : tensor<4x8xf32>
  %g = stablehlo.multiply %hx, %p : tensor<4x8xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%g init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
  %e = stablehlo.constant dense<0.125> : tensor<4x8xf32>
  %m = stablehlo.multiply %sb, %e : tensor<4x8xf32>
  %y = stablehlo.subtract %g, %m : tensor<4x8xf32>
  %r = stablehlo.rsqrt %one : tensor<4x8xf32>
  %w = stablehlo.multiply %y, %r : tensor<4x8xf32>
  return %w : tensor<4x8xf32>
})";
  std::vector<float> in(32);
  for (int i = 0; i < 32; ++i)
    in[i] = -3.0f + 0.19f * i;
  Tensor x = Tensor::fromVector<float>(ElementType::F32, {4, 8}, in);
  auto interpreted = make(text, ExecMode::Interpret);
  auto compiled = make(text, ExecMode::Compile);
  auto a = run(*interpreted, {x});
  auto b = run(*compiled, {x});
  ASSERT_EQ(b.size(), 1u);
  for (int i = 0; i < 32; ++i)
    EXPECT_NEAR(a[0].data<float>()[i], b[0].data<float>()[i], 1e-5) << i;
  // Independently: gelu(x) - row mean of gelu, in double.
  for (int r = 0; r < 4; ++r) {
    double g[8], mean = 0;
    for (int c = 0; c < 8; ++c) {
      double v = in[r * 8 + c];
      g[c] = 0.5 * v * (1 + std::tanh(0.797884583 * v));
      mean += g[c] / 8;
    }
    for (int c = 0; c < 8; ++c)
      EXPECT_NEAR(b[0].data<float>()[r * 8 + c], g[c] - mean, 1e-5);
  }
}

TEST(CompiledPath, RunsOnSeveralDevices) {
  const char *text = R"(
func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
  %y = stablehlo.exponential %x : tensor<3xf32>
  return %y : tensor<3xf32>
})";
  auto compiled = make(text, ExecMode::Compile);
  std::vector<std::vector<Tensor>> in, out;
  for (float base : {0.0f, 1.0f})
    in.push_back({Tensor::fromVector<float>(ElementType::F32, {3},
                                            {base, base + 1, base + 2})});
  ASSERT_TRUE(compiled->runLocal(2, in, out).isOk());
  for (int d = 0; d < 2; ++d)
    for (int i = 0; i < 3; ++i)
      EXPECT_NEAR(out[d][0].data<float>()[i], std::exp(float(d + i)),
                  1e-6 * std::exp(float(d + i)));
}

TEST(CompiledPath, ReportNamesTheOpsLeftToTheInterpreter) {
  const char *text = R"(
func.func @main(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %a = stablehlo.add %x, %x : tensor<2x2xf32>
  %d = stablehlo.dot_general %a, %x, contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  %e = stablehlo.exponential %d : tensor<2x2xf32>
  %c = stablehlo.convert %e : (tensor<2x2xf32>) -> tensor<2x2xi4>
  return %e : tensor<2x2xf32>
})";
  auto compiled = make(text, ExecMode::Auto);
  std::string report = compiled->compileReport();
  EXPECT_NE(report.find("execution mode: auto"), std::string::npos) << report;
  EXPECT_NE(report.find("runtime call: stablehlo.dot_general x1: "
                        "contraction, convolution or linear algebra, a "
                        "runtime kernel"),
            std::string::npos)
      << report;
  EXPECT_NE(report.find("interpreted: stablehlo.convert x1: result type "
                        "tensor<2x2xi4> is not compiled (f16, bf16, "
                        "f32, f64, pred, signless and unsigned integers are)"),
            std::string::npos)
      << report;
  EXPECT_NE(report.find("2 ops compiled in 2 clusters"), std::string::npos)
      << report;
  Tensor x = Tensor::fromVector<float>(ElementType::F32, {2, 2}, {0, 1, 0, 0});
  auto out = run(*compiled, {x});
  // (2x) . x = [[0, 0], [0, 0]]: exp gives ones.
  EXPECT_EQ(values<float>(out[0]), (std::vector<float>{1, 1, 1, 1}));
}

TEST(CompiledPath, ResultsLargerThanMemoryAreLeftToTheInterpreter) {
  // The kernel's own buffers are unchecked: the interpreter reports the
  // allocation instead.
  auto compiled = make(R"(
func.func @main(%x: tensor<f32>) -> tensor<1000000x1000000xf32> {
  %n = stablehlo.negate %x : tensor<f32>
  %big = stablehlo.broadcast_in_dim %n, dims = [] : (tensor<f32>) -> tensor<1000000x1000000xf32>
  return %big : tensor<1000000x1000000xf32>
})",
                       ExecMode::Compile);
  std::string report = compiled->compileReport();
  EXPECT_NE(report.find("interpreted: stablehlo.broadcast_in_dim x1: result "
                        "tensor<1000000x1000000xf32> needs more bytes than "
                        "this machine's memory (interpreted)"),
            std::string::npos)
      << report;
  std::vector<Tensor> out;
  Status s = compiled->runSingle(
      {Tensor::fromVector<float>(ElementType::F32, {}, {1})}, out);
  EXPECT_EQ(s.code(), StatusCode::OutOfMemory) << s.message();
  EXPECT_NE(s.message().find("'stablehlo.broadcast_in_dim' at"),
            std::string::npos)
      << s.message();
}

TEST(CompiledPath, InterpretModeCompilesNothing) {
  auto exe = make("func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {\n"
                  "  %y = stablehlo.add %x, %x : tensor<2xf32>\n"
                  "  return %y : tensor<2xf32>\n}",
                  ExecMode::Interpret);
  EXPECT_EQ(exe->compileReport(), "");
}

TEST(CompiledPath, ExecModeNames) {
  ExecMode m;
  EXPECT_TRUE(sdy::compiler::parseExecMode("auto", m));
  EXPECT_EQ(m, ExecMode::Auto);
  EXPECT_TRUE(sdy::compiler::parseExecMode("compile", m));
  EXPECT_EQ(m, ExecMode::Compile);
  EXPECT_TRUE(sdy::compiler::parseExecMode("interpret", m));
  EXPECT_EQ(m, ExecMode::Interpret);
  EXPECT_FALSE(sdy::compiler::parseExecMode("jit", m));
  EXPECT_FALSE(sdy::compiler::parseExecMode("", m));
}

TEST(CompiledPath, MhloTopkIsARuntimeCallLikeChloTopK) {
  const char *text = R"(
func.func @main(%x: tensor<2x4xf32>) -> (tensor<2x2xf32>, tensor<2x2xi32>) {
  %a = stablehlo.add %x, %x : tensor<2x4xf32>
  %v, %i = mhlo.topk(%a, k = 2) : tensor<2x4xf32> -> (tensor<2x2xf32>, tensor<2x2xi32>)
  return %v, %i : tensor<2x2xf32>, tensor<2x2xi32>
})";
  auto compiled = make(text, ExecMode::Auto);
  std::string report = compiled->compileReport();
  EXPECT_NE(report.find("runtime call: mhlo.topk x1: gather, scatter, sort or "
                        "window, a runtime kernel"),
            std::string::npos)
      << report;
  EXPECT_EQ(report.find("interpreted"), std::string::npos) << report;
}

} // namespace
