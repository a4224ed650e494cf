//===- CompiledExactUnaryTest.cpp - bitcasts, bit counts, sign, rounding -===//
//
// bitcast_convert, popcnt, count_leading_zeros, sign, round_nearest_afz,
// is_finite, cbrt, tan and chlo.square, compiled: bit-identical to the
// interpreter (cbrt and tan call libm as the interpreter does), against
// hand-computed values at their edge cases (NaN, infinities, -0, integer
// extremes).
//
//===----------------------------------------------------------------------===//
#include "CompiledPathTestUtils.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

using namespace sdy::runtime;
using sdy::compiler::ExecMode;

namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

uint32_t bitsOf(float f) {
  uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}

TEST(CompiledExactUnary, BitcastConvertKeepsTheBits) {
  const char *text = R"(
func.func @main(%f: tensor<4xf32>, %i: tensor<4xi32>, %h: tensor<2xf16>, %d: tensor<2xf64>, %b: tensor<2xi8>) -> (tensor<4xi32>, tensor<4xf32>, tensor<4xui32>, tensor<2xi16>, tensor<2xbf16>, tensor<2xi64>, tensor<2xui8>) {
  %0 = stablehlo.bitcast_convert %f : (tensor<4xf32>) -> tensor<4xi32>
  %1 = stablehlo.bitcast_convert %i : (tensor<4xi32>) -> tensor<4xf32>
  %2 = stablehlo.bitcast_convert %i : (tensor<4xi32>) -> tensor<4xui32>
  %3 = stablehlo.bitcast_convert %h : (tensor<2xf16>) -> tensor<2xi16>
  %4 = stablehlo.bitcast_convert %3 : (tensor<2xi16>) -> tensor<2xbf16>
  %5 = stablehlo.bitcast_convert %d : (tensor<2xf64>) -> tensor<2xi64>
  %6 = stablehlo.bitcast_convert %b : (tensor<2xi8>) -> tensor<2xui8>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<4xi32>, tensor<4xf32>, tensor<4xui32>, tensor<2xi16>, tensor<2xbf16>, tensor<2xi64>, tensor<2xui8>
})";
  // A signalling NaN payload goes through untouched.
  std::vector<int32_t> ints = {0x7F800001, static_cast<int32_t>(0x80000000),
                               0x3F800000, -1};
  auto out = runBothExact(
      text,
      {Tensor::fromVector<float>(ElementType::F32, {4},
                                 {1.0f, -0.0f, -kInf, kNaN}),
       Tensor::fromVector<int32_t>(ElementType::I32, {4}, ints),
       Tensor::fromVector<uint16_t>(ElementType::F16, {2}, {0x3C00, 0x7E01}),
       Tensor::fromVector<double>(ElementType::F64, {2}, {1.0, -2.0}),
       Tensor::fromVector<int8_t>(ElementType::I8, {2}, {-1, -128})});
  ASSERT_EQ(out.size(), 7u);
  EXPECT_EQ(values<int32_t>(out[0]),
            (std::vector<int32_t>{0x3F800000, static_cast<int32_t>(0x80000000),
                                  static_cast<int32_t>(0xFF800000),
                                  static_cast<int32_t>(bitsOf(kNaN))}));
  std::vector<uint32_t> back;
  for (float f : values<float>(out[1]))
    back.push_back(bitsOf(f));
  EXPECT_EQ(back, (std::vector<uint32_t>{0x7F800001, 0x80000000, 0x3F800000,
                                         0xFFFFFFFF}));
  EXPECT_EQ(
      values<uint32_t>(out[2]),
      (std::vector<uint32_t>{0x7F800001, 0x80000000, 0x3F800000, 0xFFFFFFFF}));
  EXPECT_EQ(values<int16_t>(out[3]), (std::vector<int16_t>{0x3C00, 0x7E01}));
  EXPECT_EQ(values<uint16_t>(out[4]), (std::vector<uint16_t>{0x3C00, 0x7E01}));
  EXPECT_EQ(values<int64_t>(out[5]),
            (std::vector<int64_t>{0x3FF0000000000000,
                                  static_cast<int64_t>(0xC000000000000000)}));
  EXPECT_EQ(values<uint8_t>(out[6]), (std::vector<uint8_t>{255, 128}));
}

TEST(CompiledExactUnary, PopcntAndCountLeadingZeros) {
  const char *text = R"(
func.func @main(%a: tensor<4xi32>, %b: tensor<3xi8>, %u: tensor<3xui64>) -> (tensor<4xi32>, tensor<4xi32>, tensor<3xi8>, tensor<3xi8>, tensor<3xui64>, tensor<3xui64>) {
  %0 = stablehlo.popcnt %a : tensor<4xi32>
  %1 = stablehlo.count_leading_zeros %a : tensor<4xi32>
  %2 = stablehlo.popcnt %b : tensor<3xi8>
  %3 = stablehlo.count_leading_zeros %b : tensor<3xi8>
  %4 = stablehlo.popcnt %u : tensor<3xui64>
  %5 = stablehlo.count_leading_zeros %u : tensor<3xui64>
  return %0, %1, %2, %3, %4, %5 : tensor<4xi32>, tensor<4xi32>, tensor<3xi8>, tensor<3xi8>, tensor<3xui64>, tensor<3xui64>
})";
  auto out = runBothExact(
      text, {Tensor::fromVector<int32_t>(
                 ElementType::I32, {4},
                 {0, -1, 1, std::numeric_limits<int32_t>::min()}),
             Tensor::fromVector<int8_t>(ElementType::I8, {3}, {0, 7, -128}),
             Tensor::fromVector<uint64_t>(ElementType::U64, {3},
                                          {0, 0xFFFFFFFFFFFFFFFFull, 0x10})});
  ASSERT_EQ(out.size(), 6u);
  EXPECT_EQ(values<int32_t>(out[0]), (std::vector<int32_t>{0, 32, 1, 1}));
  EXPECT_EQ(values<int32_t>(out[1]), (std::vector<int32_t>{32, 0, 31, 0}));
  EXPECT_EQ(values<int8_t>(out[2]), (std::vector<int8_t>{0, 3, 1}));
  EXPECT_EQ(values<int8_t>(out[3]), (std::vector<int8_t>{8, 5, 0}));
  EXPECT_EQ(values<uint64_t>(out[4]), (std::vector<uint64_t>{0, 64, 1}));
  EXPECT_EQ(values<uint64_t>(out[5]), (std::vector<uint64_t>{64, 0, 59}));
}

TEST(CompiledExactUnary, SignKeepsZerosAndNaN) {
  const char *text = R"(
func.func @main(%f: tensor<7xf32>, %i: tensor<4xi32>, %b: tensor<3xbf16>) -> (tensor<7xf32>, tensor<4xi32>, tensor<3xbf16>) {
  %0 = stablehlo.sign %f : tensor<7xf32>
  %1 = stablehlo.sign %i : tensor<4xi32>
  %2 = stablehlo.sign %b : tensor<3xbf16>
  return %0, %1, %2 : tensor<7xf32>, tensor<4xi32>, tensor<3xbf16>
})";
  auto out = runBothExact(
      text, {Tensor::fromVector<float>(
                 ElementType::F32, {7},
                 {-2.5f, -0.0f, 0.0f, 3.0f, kNaN, -kInf, 1e-45f}),
             Tensor::fromVector<int32_t>(
                 ElementType::I32, {4},
                 {-5, 0, 7, std::numeric_limits<int32_t>::min()}),
             // bf16 -1.5, -0 and a NaN.
             Tensor::fromVector<uint16_t>(ElementType::BF16, {3},
                                          {0xBFC0, 0x8000, 0x7FC0})});
  ASSERT_EQ(out.size(), 3u);
  std::vector<float> f = values<float>(out[0]);
  EXPECT_EQ(f[0], -1.0f);
  EXPECT_EQ(bitsOf(f[1]), 0x80000000u);
  EXPECT_EQ(bitsOf(f[2]), 0u);
  EXPECT_EQ(f[3], 1.0f);
  EXPECT_TRUE(std::isnan(f[4]));
  EXPECT_EQ(f[5], -1.0f);
  EXPECT_EQ(f[6], 1.0f);
  EXPECT_EQ(values<int32_t>(out[1]), (std::vector<int32_t>{-1, 0, 1, -1}));
  std::vector<uint16_t> b = values<uint16_t>(out[2]);
  EXPECT_EQ(b[0], 0xBF80); // -1
  EXPECT_EQ(b[1], 0x8000);
  EXPECT_EQ(b[2] & 0x7FC0, 0x7FC0);
}

TEST(CompiledExactUnary, RoundAwayFromZeroAndIsFinite) {
  const char *text = R"(
func.func @main(%f: tensor<8xf32>, %d: tensor<3xf64>, %h: tensor<3xf16>) -> (tensor<8xf32>, tensor<3xf64>, tensor<3xf16>, tensor<8xi1>, tensor<3xi1>, tensor<3xi1>) {
  %0 = stablehlo.round_nearest_afz %f : tensor<8xf32>
  %1 = stablehlo.round_nearest_afz %d : tensor<3xf64>
  %2 = stablehlo.round_nearest_afz %h : tensor<3xf16>
  %3 = stablehlo.is_finite %f : (tensor<8xf32>) -> tensor<8xi1>
  %4 = stablehlo.is_finite %d : (tensor<3xf64>) -> tensor<3xi1>
  %5 = stablehlo.is_finite %h : (tensor<3xf16>) -> tensor<3xi1>
  return %0, %1, %2, %3, %4, %5 : tensor<8xf32>, tensor<3xf64>, tensor<3xf16>, tensor<8xi1>, tensor<3xi1>, tensor<3xi1>
})";
  auto out = runBothExact(
      text,
      {Tensor::fromVector<float>(
           ElementType::F32, {8},
           {0.5f, -0.5f, 1.5f, 2.5f, -2.5f, -0.0f, kNaN, -kInf}),
       Tensor::fromVector<double>(ElementType::F64, {3},
                                  {2.5, std::numeric_limits<double>::infinity(),
                                   std::numeric_limits<double>::max()}),
       // f16 2.5, -0.5 and +inf.
       Tensor::fromVector<uint16_t>(ElementType::F16, {3},
                                    {0x4100, 0xB800, 0x7C00})});
  ASSERT_EQ(out.size(), 6u);
  std::vector<float> f = values<float>(out[0]);
  EXPECT_EQ(f[0], 1.0f);
  EXPECT_EQ(f[1], -1.0f);
  EXPECT_EQ(f[2], 2.0f);
  EXPECT_EQ(f[3], 3.0f);
  EXPECT_EQ(f[4], -3.0f);
  EXPECT_EQ(bitsOf(f[5]), 0x80000000u);
  EXPECT_TRUE(std::isnan(f[6]));
  EXPECT_EQ(f[7], -kInf);
  EXPECT_EQ(values<double>(out[1])[0], 3.0);
  EXPECT_EQ(values<uint16_t>(out[2]),
            (std::vector<uint16_t>{0x4200, 0xBC00, 0x7C00})); // 3, -1, inf
  EXPECT_EQ(values<uint8_t>(out[3]),
            (std::vector<uint8_t>{1, 1, 1, 1, 1, 1, 0, 0}));
  EXPECT_EQ(values<uint8_t>(out[4]), (std::vector<uint8_t>{1, 0, 1}));
  EXPECT_EQ(values<uint8_t>(out[5]), (std::vector<uint8_t>{1, 1, 0}));
}

TEST(CompiledExactUnary, CbrtTanAndSquare) {
  const char *text = R"(
func.func @main(%f: tensor<6xf32>, %d: tensor<3xf64>, %h: tensor<3xf16>) -> (tensor<6xf32>, tensor<6xf32>, tensor<3xf64>, tensor<3xf64>, tensor<3xf16>, tensor<3xf16>, tensor<6xf32>, tensor<3xf16>) {
  %0 = stablehlo.cbrt %f : tensor<6xf32>
  %1 = stablehlo.tan %f : tensor<6xf32>
  %2 = stablehlo.cbrt %d : tensor<3xf64>
  %3 = stablehlo.tan %d : tensor<3xf64>
  %4 = stablehlo.cbrt %h : tensor<3xf16>
  %5 = stablehlo.tan %h : tensor<3xf16>
  %6 = chlo.square %f : tensor<6xf32> -> tensor<6xf32>
  %7 = chlo.square %h : tensor<3xf16> -> tensor<3xf16>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<6xf32>, tensor<6xf32>, tensor<3xf64>, tensor<3xf64>, tensor<3xf16>, tensor<3xf16>, tensor<6xf32>, tensor<3xf16>
})";
  auto out = runBothExact(
      text,
      {Tensor::fromVector<float>(ElementType::F32, {6},
                                 {27.0f, -8.0f, -0.0f, kInf, kNaN, 0.5f}),
       Tensor::fromVector<double>(ElementType::F64, {3}, {-27.0, 0.0, 1.0}),
       // f16 8, -0.5 and 65504 (whose square overflows to inf).
       Tensor::fromVector<uint16_t>(ElementType::F16, {3},
                                    {0x4800, 0xB800, 0x7BFF})});
  ASSERT_EQ(out.size(), 8u);
  std::vector<float> c = values<float>(out[0]);
  EXPECT_EQ(c[0], 3.0f);
  EXPECT_EQ(c[1], -2.0f);
  EXPECT_EQ(bitsOf(c[2]), 0x80000000u);
  EXPECT_EQ(c[3], kInf);
  EXPECT_TRUE(std::isnan(c[4]));
  std::vector<float> t = values<float>(out[1]);
  EXPECT_EQ(bitsOf(t[2]), 0x80000000u);
  EXPECT_TRUE(std::isnan(t[3]));
  EXPECT_NEAR(t[5], 0.5463025f, 1e-6f);
  EXPECT_DOUBLE_EQ(values<double>(out[2])[0], -3.0);
  EXPECT_NEAR(values<double>(out[3])[2], 1.5574077246549023, 1e-15);
  EXPECT_EQ(values<uint16_t>(out[4])[0], 0x4000); // 2
  std::vector<float> sq = values<float>(out[6]);
  EXPECT_EQ(sq[0], 729.0f);
  EXPECT_EQ(sq[1], 64.0f);
  EXPECT_EQ(bitsOf(sq[2]), 0u);
  EXPECT_EQ(sq[3], kInf);
  EXPECT_TRUE(std::isnan(sq[4]));
  EXPECT_EQ(values<uint16_t>(out[7]),
            (std::vector<uint16_t>{0x5400, 0x3400, 0x7C00})); // 64, 0.25, inf
}

TEST(CompiledExactUnary, ReportNamesTheFormsLeftToTheInterpreter) {
  const char *text = R"(
func.func @main(%p: tensor<2xi1>, %f: tensor<2xf32>) -> (tensor<2xi8>, tensor<8xi8>) {
  %0 = stablehlo.convert %p : (tensor<2xi1>) -> tensor<2xi8>
  %1 = stablehlo.bitcast_convert %f : (tensor<2xf32>) -> tensor<2x4xi8>
  %2 = stablehlo.reshape %1 : (tensor<2x4xi8>) -> tensor<8xi8>
  return %0, %2 : tensor<2xi8>, tensor<8xi8>
})";
  auto compiled = make(text, ExecMode::Compile);
  const std::string &report = compiled->compileReport();
  EXPECT_NE(report.find("interpreted: stablehlo.bitcast_convert x1: bitcast "
                        "between element types of different widths is not "
                        "compiled"),
            std::string::npos)
      << report;
}

} // namespace
