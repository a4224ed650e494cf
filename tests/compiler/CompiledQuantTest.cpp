//===- CompiledQuantTest.cpp - uniform quantized tensors compiled ---------===//
//
// uniform_quantize, uniform_dequantize and arithmetic on quantized tensors
// (per tensor and per axis, f32 and f64 expressed, i8 and i16 storage),
// compiled: bit-identical to the interpreter at the clamps, at ties (round
// to nearest even), on NaN and infinities; data movement moves the storage
// integers; the report names the forms left to the interpreter.
//
//===----------------------------------------------------------------------===//
#include "CompiledPathTestUtils.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

using namespace sdy::runtime;
using sdy::compiler::ExecMode;

namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

TEST(CompiledQuant, QuantizeArithmeticAndDequantizeMatchTheInterpreter) {
  const char *text = R"(
!q = !quant.uniform<i8:f32, 5.0e-01:-3>
!r = !quant.uniform<i16:f32, 2.5e-01:7>
!a = !quant.uniform<i8:f32:1, {5.0e-01:1, 1.0e-01:-2, 2.0:0, 2.5e-01:5}>
!b = !quant.uniform<i8:f32:0, {5.0e-01:1, 1.0e-01:-2, 2.0:0, 2.5e-01:5}>
!d = !quant.uniform<i8:f64, 1.0e-01:2>
func.func @main(%x: tensor<3x4xf32>, %y: tensor<3x4xf32>, %z: tensor<3x4xf64>) -> (tensor<3x4xf32>, tensor<3x4x!q>, tensor<3x4x!r>, tensor<3x4xf32>, tensor<4x3x!b>, tensor<3x4xf64>, tensor<3x4x!q>) {
  %xq = stablehlo.uniform_quantize %x : (tensor<3x4xf32>) -> tensor<3x4x!q>
  %yq = stablehlo.uniform_quantize %y : (tensor<3x4xf32>) -> tensor<3x4x!q>
  %s = stablehlo.add %xq, %yq : tensor<3x4x!q>
  %m = stablehlo.multiply %s, %yq : tensor<3x4x!q>
  %mx = stablehlo.maximum %m, %xq : tensor<3x4x!q>
  %rq = stablehlo.uniform_quantize %mx : (tensor<3x4x!q>) -> tensor<3x4x!r>
  %f = stablehlo.uniform_dequantize %rq : (tensor<3x4x!r>) -> tensor<3x4xf32>
  %aq = stablehlo.uniform_quantize %x : (tensor<3x4xf32>) -> tensor<3x4x!a>
  %at = stablehlo.uniform_dequantize %aq : (tensor<3x4x!a>) -> tensor<3x4xf32>
  %tq = stablehlo.transpose %aq, dims = [1, 0] : (tensor<3x4x!a>) -> tensor<4x3x!b>
  %dq = stablehlo.uniform_quantize %z : (tensor<3x4xf64>) -> tensor<3x4x!d>
  %df = stablehlo.uniform_dequantize %dq : (tensor<3x4x!d>) -> tensor<3x4xf64>
  %n = stablehlo.negate %xq : tensor<3x4x!q>
  return %f, %mx, %rq, %at, %tq, %df, %n : tensor<3x4xf32>, tensor<3x4x!q>, tensor<3x4x!r>, tensor<3x4xf32>, tensor<4x3x!b>, tensor<3x4xf64>, tensor<3x4x!q>
})";
  // Ties of x / 0.5 - 3 (0.25 -> -2.5), the clamps, NaN and infinities.
  std::vector<float> x = {0.25f, 0.75f, -1.25f, 100.0f, -100.0f, kNaN,
                          kInf,  -kInf, 1.0f,   2.2f,   -0.3f,   63.9f};
  std::vector<float> y = {1.0f, -2.0f, 0.5f,  3.3f,   -0.1f, 2.0f,
                          4.0f, 1.5f,  -7.0f, 0.125f, 9.0f,  -2.5f};
  std::vector<double> z = {0.05, 0.15, -0.25, 12.7, -13.0, 1e300,
                           0.0,  -0.0, 0.349, 0.35, 0.351, -12.85};
  auto out = runBothExact(
      text, {Tensor::fromVector<float>(ElementType::F32, {3, 4}, x),
             Tensor::fromVector<float>(ElementType::F32, {3, 4}, y),
             Tensor::fromVector<double>(ElementType::F64, {3, 4}, z)});
  ASSERT_EQ(out.size(), 7u);
  // 0.25 / 0.5 - 3 = -2.5 rounds to -2; 100 clamps to 127, NaN gives the
  // zero point -3 and -inf -128; the per-axis column 1 (scale 0.1, zero
  // point -2): 0.75 / 0.1 - 2 = 5.5 rounds to 6, dequantized 0.8.
  std::vector<int8_t> xq = {-2,  -2,   -6, 127, -128, -3,
                            127, -128, -1, 1,   -4,   125};
  // negate: (v + 3) * 0.5 negated and quantized again is -v - 6, clamped.
  std::vector<int8_t> negated;
  for (int8_t v : xq)
    negated.push_back(
        static_cast<int8_t>(std::max(-128, std::min(127, -v - 6))));
  EXPECT_EQ(values<int8_t>(out[6]), negated);
  EXPECT_EQ(out[3].data<float>()[1], 8.0f * 0.1f);
}

TEST(CompiledQuant, ReportNamesTheFormsLeftToTheInterpreter) {
  const char *text = R"(
!q = !quant.uniform<i8:f32, 5.0e-01:-3>
!u = !quant.uniform<u8:f32, 5.0e-01:3>
func.func @main(%x: tensor<4xf32>) -> (tensor<!q>, tensor<4x!u>) {
  %xq = stablehlo.uniform_quantize %x : (tensor<4xf32>) -> tensor<4x!q>
  %z = stablehlo.constant dense<0> : tensor<i8>
  %zq = stablehlo.bitcast_convert %z : (tensor<i8>) -> tensor<!q>
  %r = stablehlo.reduce(%xq init: %zq) applies stablehlo.add across dimensions = [0] : (tensor<4x!q>, tensor<!q>) -> tensor<!q>
  %u = stablehlo.uniform_quantize %x : (tensor<4xf32>) -> tensor<4x!u>
  return %r, %u : tensor<!q>, tensor<4x!u>
})";
  auto compiled = make(text, ExecMode::Auto);
  const std::string &report = compiled->compileReport();
  for (const char *line :
       {"interpreted: stablehlo.reduce x1: quantized form is not compiled",
        "interpreted: stablehlo.uniform_quantize x1: result type "
        "tensor<4x!quant.uniform<u8:f32, 5.000000e-01:3>> is not compiled"})
    EXPECT_NE(report.find(line), std::string::npos) << line << "\n" << report;
}

} // namespace
