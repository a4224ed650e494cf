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

float floatOf(uint32_t u) {
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
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

TEST(CompiledExactUnary, BitcastConvertBetweenWidths) {
  // ui32 <-> 4 x ui8, f32 <-> 2 x bf16, f64 -> 4 x i16, 8 x i8 -> f64 and a
  // scalar ui64 -> 8 x ui8: the bytes as the host's memory holds them
  // (little-endian: the first narrow element in the lowest bits).
  const char *text = R"(
func.func @main(%u: tensor<3xui32>, %f: tensor<2xf32>, %d: tensor<1xf64>, %b: tensor<2x8xi8>, %s: tensor<ui64>) -> (tensor<3x4xui8>, tensor<3xui32>, tensor<2x2xbf16>, tensor<2xf32>, tensor<1x4xi16>, tensor<2xf64>, tensor<8xui8>) {
  %0 = stablehlo.bitcast_convert %u : (tensor<3xui32>) -> tensor<3x4xui8>
  %1 = stablehlo.bitcast_convert %0 : (tensor<3x4xui8>) -> tensor<3xui32>
  %2 = stablehlo.bitcast_convert %f : (tensor<2xf32>) -> tensor<2x2xbf16>
  %3 = stablehlo.bitcast_convert %2 : (tensor<2x2xbf16>) -> tensor<2xf32>
  %4 = stablehlo.bitcast_convert %d : (tensor<1xf64>) -> tensor<1x4xi16>
  %5 = stablehlo.bitcast_convert %b : (tensor<2x8xi8>) -> tensor<2xf64>
  %6 = stablehlo.bitcast_convert %s : (tensor<ui64>) -> tensor<8xui8>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<3x4xui8>, tensor<3xui32>, tensor<2x2xbf16>, tensor<2xf32>, tensor<1x4xi16>, tensor<2xf64>, tensor<8xui8>
})";
  std::vector<uint32_t> u = {0x11223344u, 0xFFFFFFFFu, 0x80000001u};
  std::vector<int8_t> b(16);
  for (int i = 0; i < 16; ++i)
    b[i] = static_cast<int8_t>(i * 29 - 100);
  auto out = runBothExact(
      text, {Tensor::fromVector<uint32_t>(ElementType::U32, {3}, u),
             // A signalling NaN keeps its payload.
             Tensor::fromVector<float>(ElementType::F32, {2},
                                       {-1.5f, floatOf(0x7F800001u)}),
             Tensor::fromVector<double>(ElementType::F64, {1}, {1.0}),
             Tensor::fromVector<int8_t>(ElementType::I8, {2, 8}, b),
             Tensor::fromVector<uint64_t>(ElementType::U64, {},
                                          {0x0102030405060708ull})});
  ASSERT_EQ(out.size(), 7u);
  EXPECT_EQ(values<uint8_t>(out[0]),
            (std::vector<uint8_t>{0x44, 0x33, 0x22, 0x11, 0xFF, 0xFF, 0xFF,
                                  0xFF, 0x01, 0x00, 0x00, 0x80}));
  EXPECT_EQ(values<uint32_t>(out[1]), u);
  // -1.5f is 0xBFC00000: low half 0x0000, high half 0xBFC0.
  EXPECT_EQ(values<uint16_t>(out[2]),
            (std::vector<uint16_t>{0x0000, 0xBFC0, 0x0001, 0x7F80}));
  EXPECT_EQ(bitsOf(values<float>(out[3])[1]), 0x7F800001u);
  // 1.0 is 0x3FF0000000000000.
  EXPECT_EQ(values<uint16_t>(out[4]), (std::vector<uint16_t>{0, 0, 0, 0x3FF0}));
  std::vector<double> expect(2);
  std::memcpy(expect.data(), b.data(), 16);
  EXPECT_EQ(std::memcmp(out[5].data<double>(), expect.data(), 16), 0);
  EXPECT_EQ(values<uint8_t>(out[6]),
            (std::vector<uint8_t>{8, 7, 6, 5, 4, 3, 2, 1}));
}

TEST(CompiledExactUnary, BitcastBetweenWidthsInRowBlocks) {
  // 4096 x 8 f32 through 2 x bf16 and back: the rows are split into blocks
  // and the bits never change.
  const char *rows = R"(
func.func @main(%x: tensor<4096x8xf32>) -> tensor<4096x8xf32> {
  %a = stablehlo.negate %x : tensor<4096x8xf32>
  %b = stablehlo.bitcast_convert %a : (tensor<4096x8xf32>) -> tensor<4096x8x2xbf16>
  %c = stablehlo.bitcast_convert %b : (tensor<4096x8x2xbf16>) -> tensor<4096x8xf32>
  return %c : tensor<4096x8xf32>
})";
  std::vector<float> x(4096 * 8);
  for (size_t i = 0; i < x.size(); ++i)
    x[i] = float(i) * 0.37f - 1000.0f;
  auto out = runBothExact(
      rows, {Tensor::fromVector<float>(ElementType::F32, {4096, 8}, x)});
  ASSERT_EQ(out.size(), 1u);
  for (size_t i = 0; i < x.size(); i += 97)
    ASSERT_EQ(out[0].data<float>()[i], -x[i]) << i;
  EXPECT_NE(make(rows, ExecMode::Compile)->compileReport().find("row blocks"),
            std::string::npos);

  // The 8 bytes of a scalar, broadcast along 8 rows of 4096: the bitcast
  // has no rows to split, so the cluster runs whole (in blocks, each would
  // take the first bytes).
  const char *scalar = R"(
func.func @main(%s: tensor<ui64>, %y: tensor<8x4096xui8>) -> tensor<8x4096xui8> {
  %d = stablehlo.bitcast_convert %s : (tensor<ui64>) -> tensor<8xui8>
  %e = stablehlo.broadcast_in_dim %d, dims = [0] : (tensor<8xui8>) -> tensor<8x4096xui8>
  %f = stablehlo.add %e, %y : tensor<8x4096xui8>
  return %f : tensor<8x4096xui8>
})";
  std::vector<uint8_t> y(8 * 4096);
  for (size_t i = 0; i < y.size(); ++i)
    y[i] = static_cast<uint8_t>(i * 7);
  out = runBothExact(
      scalar, {Tensor::fromVector<uint64_t>(ElementType::U64, {},
                                            {0x0102030405060708ull}),
               Tensor::fromVector<uint8_t>(ElementType::U8, {8, 4096}, y)});
  ASSERT_EQ(out.size(), 1u);
  for (int r = 0; r < 8; ++r)
    ASSERT_EQ(out[0].data<uint8_t>()[r * 4096 + 5],
              static_cast<uint8_t>(8 - r + y[r * 4096 + 5]))
        << r;
}

TEST(CompiledExactUnary, ChloTanRoundsLibmTanOnce) {
  // chlo.tan is tan in f64 rounded once to the type, as the interpreter
  // computes it (f16 through f32, as its rounding does).
  const char *text = R"(
func.func @main(%f: tensor<5xf32>, %d: tensor<3xf64>, %h: tensor<3xbf16>) -> (tensor<5xf32>, tensor<3xf64>, tensor<3xbf16>) {
  %0 = chlo.tan %f : tensor<5xf32> -> tensor<5xf32>
  %1 = chlo.tan %d : tensor<3xf64> -> tensor<3xf64>
  %2 = chlo.tan %h : tensor<3xbf16> -> tensor<3xbf16>
  return %0, %1, %2 : tensor<5xf32>, tensor<3xf64>, tensor<3xbf16>
})";
  std::vector<float> f = {0.5f, -0.0f, 1.5707963f, kInf, 100.0f};
  auto out = runBothExact(
      text,
      {Tensor::fromVector<float>(ElementType::F32, {5}, f),
       Tensor::fromVector<double>(ElementType::F64, {3}, {1.0, -2.5, 1e10}),
       // bf16 0.5, 1 and -3.
       Tensor::fromVector<uint16_t>(ElementType::BF16, {3},
                                    {0x3F00, 0x3F80, 0xC040})});
  ASSERT_EQ(out.size(), 3u);
  std::vector<float> t = values<float>(out[0]);
  for (int i : {0, 2, 4})
    EXPECT_EQ(t[i], static_cast<float>(std::tan(double(f[i])))) << i;
  EXPECT_EQ(bitsOf(t[1]), 0x80000000u);
  EXPECT_TRUE(std::isnan(t[3]));
  std::vector<double> d = values<double>(out[1]);
  EXPECT_EQ(d[0], std::tan(1.0));
  EXPECT_EQ(d[1], std::tan(-2.5));
  EXPECT_EQ(d[2], std::tan(1e10));
  // tan(0.5) = 0.5463 is bf16 0x3F0C (0.546875).
  EXPECT_EQ(values<uint16_t>(out[2])[0], 0x3F0C);
}

TEST(CompiledExactUnary, ChloLibmFunctionsRoundOnce) {
  // The other chlo functions the interpreter computes with libm in f64:
  // f32 and f64 operands (NaN outside their domains), bit-identical.
  struct Fn {
    const char *name;
    double (*ref)(double);
  };
  const Fn fns[] = {{"acos", [](double x) { return std::acos(x); }},
                    {"acosh", [](double x) { return std::acosh(x); }},
                    {"asin", [](double x) { return std::asin(x); }},
                    {"asinh", [](double x) { return std::asinh(x); }},
                    {"atan", [](double x) { return std::atan(x); }},
                    {"atanh", [](double x) { return std::atanh(x); }},
                    {"cosh", [](double x) { return std::cosh(x); }},
                    {"sinh", [](double x) { return std::sinh(x); }},
                    {"erfc", [](double x) { return std::erfc(x); }}};
  std::vector<float> f = {0.25f, -0.75f, 1.5f, 3.0f, -20.0f, 100.0f};
  std::vector<double> d = {0.3, -0.9, 2.5, 12.0};
  for (const Fn &fn : fns) {
    SCOPED_TRACE(fn.name);
    std::string op = std::string("chlo.") + fn.name;
    std::string text = "func.func @main(%f: tensor<6xf32>, %d: tensor<4xf64>) "
                       "-> (tensor<6xf32>, tensor<4xf64>) {\n"
                       "  %0 = " +
                       op +
                       " %f : tensor<6xf32> -> tensor<6xf32>\n"
                       "  %1 = " +
                       op +
                       " %d : tensor<4xf64> -> tensor<4xf64>\n"
                       "  return %0, %1 : tensor<6xf32>, tensor<4xf64>\n}\n";
    auto out = runBothExact(
        text, {Tensor::fromVector<float>(ElementType::F32, {6}, f),
               Tensor::fromVector<double>(ElementType::F64, {4}, d)});
    ASSERT_EQ(out.size(), 2u);
    for (size_t i = 0; i < f.size(); ++i) {
      float want = static_cast<float>(fn.ref(double(f[i])));
      float got = out[0].data<float>()[i];
      if (std::isnan(want))
        EXPECT_TRUE(std::isnan(got)) << i;
      else
        EXPECT_EQ(got, want) << i;
    }
    for (size_t i = 0; i < d.size(); ++i) {
      double want = fn.ref(d[i]);
      double got = out[1].data<double>()[i];
      if (std::isnan(want))
        EXPECT_TRUE(std::isnan(got)) << i;
      else
        EXPECT_EQ(got, want) << i;
    }
  }
}

TEST(CompiledExactUnary, ChloIsInf) {
  const char *text = R"(
func.func @main(%f: tensor<5xf32>, %d: tensor<3xf64>, %h: tensor<3xbf16>) -> (tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<3xi1>, tensor<3xi1>) {
  %0 = chlo.is_inf %f : tensor<5xf32> -> tensor<5xi1>
  %1 = chlo.is_pos_inf %f : tensor<5xf32> -> tensor<5xi1>
  %2 = chlo.is_neg_inf %f : tensor<5xf32> -> tensor<5xi1>
  %3 = chlo.is_neg_inf %d : tensor<3xf64> -> tensor<3xi1>
  %4 = chlo.is_inf %h : tensor<3xbf16> -> tensor<3xi1>
  return %0, %1, %2, %3, %4 : tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<3xi1>, tensor<3xi1>
})";
  double dInf = std::numeric_limits<double>::infinity();
  auto out = runBothExact(
      text,
      {Tensor::fromVector<float>(ElementType::F32, {5},
                                 {kInf, -kInf, kNaN, 3.4e38f, -0.0f}),
       Tensor::fromVector<double>(ElementType::F64, {3}, {-dInf, dInf, -1e308}),
       // bf16 -inf, NaN, 1.
       Tensor::fromVector<uint16_t>(ElementType::BF16, {3},
                                    {0xFF80, 0x7FC0, 0x3F80})});
  ASSERT_EQ(out.size(), 5u);
  EXPECT_EQ(values<uint8_t>(out[0]), (std::vector<uint8_t>{1, 1, 0, 0, 0}));
  EXPECT_EQ(values<uint8_t>(out[1]), (std::vector<uint8_t>{1, 0, 0, 0, 0}));
  EXPECT_EQ(values<uint8_t>(out[2]), (std::vector<uint8_t>{0, 1, 0, 0, 0}));
  EXPECT_EQ(values<uint8_t>(out[3]), (std::vector<uint8_t>{1, 0, 0}));
  EXPECT_EQ(values<uint8_t>(out[4]), (std::vector<uint8_t>{1, 0, 0}));
}

TEST(CompiledExactUnary, ReducePrecisionOnTheBitsOfEachType) {
  // Rounding to nearest even, overflow to inf, underflow to zero and NaN
  // payloads, in f32, f64, f16 and bf16 (on their own bits).
  const char *text = R"(
func.func @main(%f: tensor<8xf32>, %d: tensor<4xf64>, %h: tensor<4xf16>, %b: tensor<4xbf16>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<4xf64>, tensor<4xf16>, tensor<4xbf16>) {
  %0 = stablehlo.reduce_precision %f, format = e5m10 : tensor<8xf32>
  %1 = stablehlo.reduce_precision %f, format = e8m7 : tensor<8xf32>
  %2 = stablehlo.reduce_precision %f, format = e5m0 : tensor<8xf32>
  %3 = stablehlo.reduce_precision %d, format = e8m23 : tensor<4xf64>
  %4 = stablehlo.reduce_precision %h, format = e4m3 : tensor<4xf16>
  %5 = stablehlo.reduce_precision %b, format = e5m2 : tensor<4xbf16>
  return %0, %1, %2, %3, %4, %5 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<4xf64>, tensor<4xf16>, tensor<4xbf16>
})";
  // 1 + 2^-11 (a tie: to even, 1), 1 + 3 * 2^-11 (a tie: up), 70000
  // (overflows e5), 1e-8 (underflows), a NaN with a payload, -inf, -0 and
  // 2.75.
  std::vector<float> f = {1.0f + 0x1p-11f,
                          1.0f + 3 * 0x1p-11f,
                          70000.0f,
                          1e-8f,
                          floatOf(0x7F800123u),
                          -kInf,
                          -0.0f,
                          2.75f};
  auto out = runBothExact(
      text, {Tensor::fromVector<float>(ElementType::F32, {8}, f),
             Tensor::fromVector<double>(ElementType::F64, {4},
                                        {1.0 + 0x1p-24, 1e39, 1e-50, -3.0}),
             // f16 1.0625 (a tie in m3: to even, 1), 300 (overflows e4), 0x7E01
             // (NaN), 1.1875.
             Tensor::fromVector<uint16_t>(ElementType::F16, {4},
                                          {0x3C40, 0x5CB0, 0x7E01, 0x3CC0}),
             // bf16 1.125 (tie in m2: to even, 1), 1e10 (overflows e5), 1.375,
             // -1.625.
             Tensor::fromVector<uint16_t>(ElementType::BF16, {4},
                                          {0x3F90, 0x5015, 0x3FB0, 0xBFD0})});
  ASSERT_EQ(out.size(), 6u);
  std::vector<float> a = values<float>(out[0]);
  EXPECT_EQ(a[0], 1.0f);
  EXPECT_EQ(a[1], 1.0f + 0x1p-9f);
  EXPECT_EQ(a[2], kInf);
  EXPECT_EQ(bitsOf(a[3]), 0u);
  EXPECT_EQ(bitsOf(a[4]), 0x7F800123u);
  EXPECT_EQ(a[5], -kInf);
  EXPECT_EQ(bitsOf(a[6]), 0x80000000u);
  EXPECT_EQ(a[7], 2.75f);
  // No mantissa bit: 2.75 rounds to 2 (to even), and a NaN becomes inf.
  std::vector<float> z = values<float>(out[2]);
  EXPECT_EQ(z[7], 2.0f);
  EXPECT_EQ(bitsOf(z[4]), 0x7F800000u);
  std::vector<double> d = values<double>(out[3]);
  EXPECT_EQ(d[0], 1.0);
  EXPECT_EQ(d[1], std::numeric_limits<double>::infinity());
  EXPECT_EQ(d[2], 0.0);
  EXPECT_EQ(d[3], -3.0);
  EXPECT_EQ(values<uint16_t>(out[4]),
            (std::vector<uint16_t>{0x3C00, 0x7C00, 0x7E01, 0x3D00}));
  EXPECT_EQ(values<uint16_t>(out[5]),
            (std::vector<uint16_t>{0x3F80, 0x7F80, 0x3FC0, 0xBFC0}));
}

TEST(CompiledExactUnary, ChloNextAfterStepsOnTheBits) {
  const char *text = R"(
func.func @main(%x: tensor<8xf32>, %y: tensor<8xf32>, %d: tensor<8xf64>, %e: tensor<8xf64>, %h: tensor<8xf16>, %i: tensor<8xf16>, %b: tensor<8xbf16>, %c: tensor<8xbf16>) -> (tensor<8xf32>, tensor<8xf64>, tensor<8xf16>, tensor<8xbf16>) {
  %0 = chlo.next_after %x, %y : tensor<8xf32>, tensor<8xf32> -> tensor<8xf32>
  %1 = chlo.next_after %d, %e : tensor<8xf64>, tensor<8xf64> -> tensor<8xf64>
  %2 = chlo.next_after %h, %i : tensor<8xf16>, tensor<8xf16> -> tensor<8xf16>
  %3 = chlo.next_after %b, %c : tensor<8xbf16>, tensor<8xbf16> -> tensor<8xbf16>
  return %0, %1, %2, %3 : tensor<8xf32>, tensor<8xf64>, tensor<8xf16>, tensor<8xbf16>
})";
  // Up, down, from 0 towards a negative, from -0 towards a positive, equal
  // (-0 and 0: y), NaN, away from zero below it, down from infinity.
  std::vector<float> x = {1, 1, 0, -0.0f, -0.0f, kNaN, -1, kInf};
  std::vector<float> y = {2, 0, -1, 1, 0.0f, 1, -2, 0};
  std::vector<double> xd(x.begin(), x.end()), yd(y.begin(), y.end());
  // The same in f16 and bf16 bits.
  std::vector<uint16_t> xh = {0x3C00, 0x3C00, 0,      0x8000,
                              0x8000, 0x7E01, 0xBC00, 0x7C00};
  std::vector<uint16_t> yh = {0x4000, 0, 0xBC00, 0x3C00, 0, 0x3C00, 0xC000, 0};
  std::vector<uint16_t> xb = {0x3F80, 0x3F80, 0,      0x8000,
                              0x8000, 0x7FC1, 0xBF80, 0x7F80};
  std::vector<uint16_t> yb = {0x4000, 0, 0xBF80, 0x3F80, 0, 0x3F80, 0xC000, 0};
  auto out = runBothExact(
      text, {Tensor::fromVector<float>(ElementType::F32, {8}, x),
             Tensor::fromVector<float>(ElementType::F32, {8}, y),
             Tensor::fromVector<double>(ElementType::F64, {8}, xd),
             Tensor::fromVector<double>(ElementType::F64, {8}, yd),
             Tensor::fromVector<uint16_t>(ElementType::F16, {8}, xh),
             Tensor::fromVector<uint16_t>(ElementType::F16, {8}, yh),
             Tensor::fromVector<uint16_t>(ElementType::BF16, {8}, xb),
             Tensor::fromVector<uint16_t>(ElementType::BF16, {8}, yb)});
  ASSERT_EQ(out.size(), 4u);
  std::vector<float> r = values<float>(out[0]);
  EXPECT_EQ(bitsOf(r[0]), 0x3F800001u);
  EXPECT_EQ(bitsOf(r[1]), 0x3F7FFFFFu);
  EXPECT_EQ(bitsOf(r[2]), 0x80000001u);
  EXPECT_EQ(bitsOf(r[3]), 0x00000001u);
  EXPECT_EQ(bitsOf(r[4]), 0u);
  EXPECT_EQ(bitsOf(r[5]), 0x7FC00000u);
  EXPECT_EQ(bitsOf(r[6]), 0xBF800001u);
  EXPECT_EQ(bitsOf(r[7]), 0x7F7FFFFFu);
  EXPECT_EQ(values<double>(out[1])[0], std::nextafter(1.0, 2.0));
  EXPECT_EQ(values<uint16_t>(out[2]),
            (std::vector<uint16_t>{0x3C01, 0x3BFF, 0x8001, 0x0001, 0, 0x7E00,
                                   0xBC01, 0x7BFF}));
  EXPECT_EQ(values<uint16_t>(out[3]),
            (std::vector<uint16_t>{0x3F81, 0x3F7F, 0x8001, 0x0001, 0, 0x7FC0,
                                   0xBF81, 0x7F7F}));
}

TEST(CompiledExactUnary, ReportNamesTheFormsLeftToTheInterpreter) {
  const char *text = R"(
func.func @main(%p: tensor<2xi1>, %f: tensor<2xf32>) -> (tensor<2xi8>, tensor<2xi1>) {
  %0 = stablehlo.convert %p : (tensor<2xi1>) -> tensor<2xi8>
  %1 = stablehlo.bitcast_convert %p : (tensor<2xi1>) -> tensor<2xi1>
  return %0, %1 : tensor<2xi8>, tensor<2xi1>
})";
  auto compiled = make(text, ExecMode::Compile);
  const std::string &report = compiled->compileReport();
  EXPECT_NE(report.find("interpreted: stablehlo.bitcast_convert x1: pred "
                        "form is not compiled"),
            std::string::npos)
      << report;
}

} // namespace
