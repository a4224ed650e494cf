//===- VectorDialectTest.cpp - kernels vectorized by MLIR's vector dialect ===//
//
// Programs compiled with each vectorizer, LLVM's loop vectorizer (the
// default) and MLIR's vector dialect: integer results bit-identical to the
// interpreter, float ones within the approximations' tolerance.
//
//===----------------------------------------------------------------------===//
#include "CompiledPathTestUtils.h"
#include "compiler/JitCompiler.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

using namespace sdy::runtime;
using sdy::compiler::ExecMode;
using sdy::compiler::Vectorizer;

namespace {

class Vectorizers : public ::testing::TestWithParam<Vectorizer> {
protected:
  void SetUp() override { sdy::compiler::setVectorizer(GetParam()); }
  void TearDown() override {
    sdy::compiler::setVectorizer(Vectorizer::LoopVectorizer);
  }
};

TEST_P(Vectorizers, IntegerOpsAndDataMovementAreExact) {
  // Elementwise ops, a transpose, broadcasts, an iota, a reverse, a column
  // reduction (a reduced dimension outside the vector lanes), a pad and a
  // row reduction (left to loops).
  const char *text = R"(
func.func @main(%x: tensor<16x32xi32>, %y: tensor<32x16xi32>, %b: tensor<32xi32>) -> (tensor<16x32xi32>, tensor<32xi32>, tensor<16xi32>, tensor<18x34xi32>) {
  %t = stablehlo.transpose %y, dims = [1, 0] : (tensor<32x16xi32>) -> tensor<16x32xi32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<32xi32>) -> tensor<16x32xi32>
  %i = stablehlo.iota dim = 0 : tensor<16x32xi32>
  %r = stablehlo.reverse %x, dims = [1] : tensor<16x32xi32>
  %m = stablehlo.multiply %r, %t : tensor<16x32xi32>
  %a = stablehlo.add %m, %bb : tensor<16x32xi32>
  %d = stablehlo.divide %a, %i : tensor<16x32xi32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %c = stablehlo.reduce(%d init: %z) applies stablehlo.add across dimensions = [0] : (tensor<16x32xi32>, tensor<i32>) -> tensor<32xi32>
  %w = stablehlo.reduce(%d init: %z) applies stablehlo.maximum across dimensions = [1] : (tensor<16x32xi32>, tensor<i32>) -> tensor<16xi32>
  %p = stablehlo.pad %d, %z, low = [1, 1], high = [1, 1], interior = [0, 0] : (tensor<16x32xi32>, tensor<i32>) -> tensor<18x34xi32>
  return %d, %c, %w, %p : tensor<16x32xi32>, tensor<32xi32>, tensor<16xi32>, tensor<18x34xi32>
})";
  std::vector<int32_t> x(16 * 32), y(32 * 16), b(32);
  for (int i = 0; i < 16 * 32; ++i) {
    x[i] = i * 7 % 101 - 50;
    y[i] = i * 13 % 37 - 18;
  }
  for (int j = 0; j < 32; ++j)
    b[j] = j - 16;
  auto out = runBothExact(
      text, {Tensor::fromVector<int32_t>(ElementType::I32, {16, 32}, x),
             Tensor::fromVector<int32_t>(ElementType::I32, {32, 16}, y),
             Tensor::fromVector<int32_t>(ElementType::I32, {32}, b)});
  ASSERT_EQ(out.size(), 4u);
  // d[i][j] = (x[i][31 - j] * y[j][i] + b[j]) / i (x / 0 is -1).
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 32; ++j) {
      int32_t a = x[i * 32 + 31 - j] * y[j * 16 + i] + b[j];
      ASSERT_EQ(out[0].data<int32_t>()[i * 32 + j], i ? a / i : -1)
          << i << "," << j;
    }
}

TEST_P(Vectorizers, FloatProgramWithinTolerance) {
  const char *text = R"(
func.func @main(%x: tensor<8x64xf32>) -> (tensor<8x64xf32>, tensor<8xf32>) {
  %t = stablehlo.tanh %x : tensor<8x64xf32>
  %e = stablehlo.exponential %t : tensor<8x64xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%e init: %z) applies stablehlo.add across dimensions = [1] : (tensor<8x64xf32>, tensor<f32>) -> tensor<8xf32>
  return %e, %s : tensor<8x64xf32>, tensor<8xf32>
})";
  std::vector<float> x(8 * 64);
  for (int i = 0; i < 8 * 64; ++i)
    x[i] = (i % 41) * 0.1f - 2.0f;
  auto compiled = make(text, ExecMode::Compile);
  auto out =
      run(*compiled, {Tensor::fromVector<float>(ElementType::F32, {8, 64}, x)});
  ASSERT_EQ(out.size(), 2u);
  for (int i = 0; i < 8; ++i) {
    double sum = 0;
    for (int j = 0; j < 64; ++j) {
      double e = std::exp(std::tanh(double(x[i * 64 + j])));
      sum += e;
      EXPECT_NEAR(out[0].data<float>()[i * 64 + j], e, 1e-6 * e);
    }
    EXPECT_NEAR(out[1].data<float>()[i], sum, 1e-5 * sum);
  }
}

INSTANTIATE_TEST_SUITE_P(Both, Vectorizers,
                         ::testing::Values(Vectorizer::LoopVectorizer,
                                           Vectorizer::VectorDialect));

} // namespace
