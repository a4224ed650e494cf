//===- CompiledOpsTest.cpp - data movement and integer ops, compiled -----===//
//
// Slices, pads, concatenations, reverses, iotas and dynamic slices; integer
// division, remainder and shifts at their edge cases; conversions between
// floats and integers; unsigned integers. Each program runs in both modes
// (bit-identical results, every op compiled) against hand-computed values.
//
//===----------------------------------------------------------------------===//
#include "CompiledPathTestUtils.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

using namespace sdy::runtime;
using sdy::compiler::ExecMode;

namespace {

// x[i][j] = 10 * i + j, 4 x 6.
Tensor tens() {
  std::vector<int32_t> v;
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 6; ++j)
      v.push_back(10 * i + j);
  return Tensor::fromVector<int32_t>(ElementType::I32, {4, 6}, v);
}

TEST(CompiledOps, SliceConcatenatePadReverseIota) {
  const char *text = R"(
func.func @main(%x: tensor<4x6xi32>, %p: tensor<2x3xi32>) -> (tensor<2x3xi32>, tensor<3x2xi32>, tensor<2x2xi32>, tensor<3x4xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xf32>, tensor<260xui8>) {
  %s = stablehlo.slice %x [1:4:2, 0:6:2] : (tensor<4x6xi32>) -> tensor<2x3xi32>
  %a = stablehlo.slice %x [0:2, 4:6] : (tensor<4x6xi32>) -> tensor<2x2xi32>
  %b = stablehlo.slice %x [2:3, 4:6] : (tensor<4x6xi32>) -> tensor<1x2xi32>
  %c0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2x2xi32>, tensor<1x2xi32>) -> tensor<3x2xi32>
  %l = stablehlo.slice %x [0:2, 0:1] : (tensor<4x6xi32>) -> tensor<2x1xi32>
  %r = stablehlo.slice %x [0:2, 5:6] : (tensor<4x6xi32>) -> tensor<2x1xi32>
  %c1 = stablehlo.concatenate %l, %r, dim = 1 : (tensor<2x1xi32>, tensor<2x1xi32>) -> tensor<2x2xi32>
  %m1 = stablehlo.constant dense<-1> : tensor<i32>
  %pad = stablehlo.pad %p, %m1, low = [-1, 1], high = [1, -2], interior = [1, 1] : (tensor<2x3xi32>, tensor<i32>) -> tensor<3x4xi32>
  %rev = stablehlo.reverse %p, dims = [1] : tensor<2x3xi32>
  %i0 = stablehlo.iota dim = 0 : tensor<2x3xi32>
  %i1 = stablehlo.iota dim = 1 : tensor<2x3xf32>
  %iu = stablehlo.iota dim = 0 : tensor<260xui8>
  return %s, %c0, %c1, %pad, %rev, %i0, %i1, %iu : tensor<2x3xi32>, tensor<3x2xi32>, tensor<2x2xi32>, tensor<3x4xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xf32>, tensor<260xui8>
})";
  auto out = runBothExact(
      text, {tens(), Tensor::fromVector<int32_t>(ElementType::I32, {2, 3},
                                                 {1, 2, 3, 4, 5, 6})});
  ASSERT_EQ(out.size(), 8u);
  EXPECT_EQ(values<int32_t>(out[0]),
            (std::vector<int32_t>{10, 12, 14, 30, 32, 34}));
  EXPECT_EQ(values<int32_t>(out[1]),
            (std::vector<int32_t>{4, 5, 14, 15, 24, 25}));
  EXPECT_EQ(values<int32_t>(out[2]), (std::vector<int32_t>{0, 5, 10, 15}));
  // Row 0 of %p lands at -1 (dropped), row 1 at 1; column j at 1 + 2j
  // (column 2 at 5, dropped).
  EXPECT_EQ(
      values<int32_t>(out[3]),
      (std::vector<int32_t>{-1, -1, -1, -1, -1, 4, -1, 5, -1, -1, -1, -1}));
  EXPECT_EQ(values<int32_t>(out[4]), (std::vector<int32_t>{3, 2, 1, 6, 5, 4}));
  EXPECT_EQ(values<int32_t>(out[5]), (std::vector<int32_t>{0, 0, 0, 1, 1, 1}));
  EXPECT_EQ(values<float>(out[6]), (std::vector<float>{0, 1, 2, 0, 1, 2}));
  std::vector<uint8_t> wrapped;
  for (int i = 0; i < 260; ++i)
    wrapped.push_back(static_cast<uint8_t>(i));
  EXPECT_EQ(values<uint8_t>(out[7]), wrapped);
}

TEST(CompiledOps, DynamicSlicesClampTheirStarts) {
  const char *text = R"(
func.func @main(%x: tensor<4x6xi32>, %i: tensor<i32>, %j: tensor<i32>, %k: tensor<i64>, %l: tensor<i64>, %m: tensor<ui32>, %u: tensor<2x2xi32>) -> (tensor<2x3xi32>, tensor<4x6xi32>, tensor<2x3xi32>) {
  %ds = stablehlo.dynamic_slice %x, %i, %j, sizes = [2, 3] : (tensor<4x6xi32>, tensor<i32>, tensor<i32>) -> tensor<2x3xi32>
  %dus = stablehlo.dynamic_update_slice %x, %u, %k, %l : (tensor<4x6xi32>, tensor<2x2xi32>, tensor<i64>, tensor<i64>) -> tensor<4x6xi32>
  %du = stablehlo.dynamic_slice %x, %m, %m, sizes = [2, 3] : (tensor<4x6xi32>, tensor<ui32>, tensor<ui32>) -> tensor<2x3xi32>
  return %ds, %dus, %du : tensor<2x3xi32>, tensor<4x6xi32>, tensor<2x3xi32>
})";
  auto out = runBothExact(
      text, {tens(), Tensor::fromVector<int32_t>(ElementType::I32, {}, {3}),
             Tensor::fromVector<int32_t>(ElementType::I32, {}, {-2}),
             Tensor::fromVector<int64_t>(ElementType::I64, {}, {-5}),
             Tensor::fromVector<int64_t>(ElementType::I64, {}, {5}),
             Tensor::fromVector<uint32_t>(ElementType::U32, {}, {5}),
             Tensor::fromVector<int32_t>(ElementType::I32, {2, 2},
                                         {-1, -2, -3, -4})});
  ASSERT_EQ(out.size(), 3u);
  // Starts (3, -2) clamp to (2, 0); (-5, 5) to (0, 4); (5, 5) to (2, 3).
  EXPECT_EQ(values<int32_t>(out[0]),
            (std::vector<int32_t>{20, 21, 22, 30, 31, 32}));
  std::vector<int32_t> expected = values<int32_t>(tens());
  expected[4] = -1;
  expected[5] = -2;
  expected[10] = -3;
  expected[11] = -4;
  EXPECT_EQ(values<int32_t>(out[1]), expected);
  EXPECT_EQ(values<int32_t>(out[2]),
            (std::vector<int32_t>{23, 24, 25, 33, 34, 35}));
}

TEST(CompiledOps, IntegerDivisionNeverTraps) {
  const char *text = R"(
func.func @main(%a: tensor<8xi32>, %b: tensor<8xi32>, %c: tensor<2xi8>, %d: tensor<2xi8>, %e: tensor<3xui8>, %f: tensor<3xui8>) -> (tensor<8xi32>, tensor<8xi32>, tensor<2xi8>, tensor<2xi8>, tensor<3xui8>, tensor<3xui8>) {
  %q = stablehlo.divide %a, %b : tensor<8xi32>
  %r = stablehlo.remainder %a, %b : tensor<8xi32>
  %q8 = stablehlo.divide %c, %d : tensor<2xi8>
  %r8 = stablehlo.remainder %c, %d : tensor<2xi8>
  %qu = stablehlo.divide %e, %f : tensor<3xui8>
  %ru = stablehlo.remainder %e, %f : tensor<3xui8>
  return %q, %r, %q8, %r8, %qu, %ru : tensor<8xi32>, tensor<8xi32>, tensor<2xi8>, tensor<2xi8>, tensor<3xui8>, tensor<3xui8>
})";
  const int32_t kMin = std::numeric_limits<int32_t>::min();
  auto out = runBothExact(
      text, {Tensor::fromVector<int32_t>(ElementType::I32, {8},
                                         {7, -7, 7, -7, kMin, kMin, 5, 0}),
             Tensor::fromVector<int32_t>(ElementType::I32, {8},
                                         {2, 2, -2, 0, -1, 0, 0, 3}),
             Tensor::fromVector<int8_t>(ElementType::I8, {2}, {-128, 100}),
             Tensor::fromVector<int8_t>(ElementType::I8, {2}, {-1, -3}),
             Tensor::fromVector<uint8_t>(ElementType::U8, {3}, {200, 7, 255}),
             Tensor::fromVector<uint8_t>(ElementType::U8, {3}, {7, 0, 16})});
  ASSERT_EQ(out.size(), 6u);
  // x / 0 is all ones, x % 0 is x, INT_MIN / -1 is INT_MIN, INT_MIN % -1
  // is 0.
  EXPECT_EQ(values<int32_t>(out[0]),
            (std::vector<int32_t>{3, -3, -3, -1, kMin, -1, -1, 0}));
  EXPECT_EQ(values<int32_t>(out[1]),
            (std::vector<int32_t>{1, -1, 1, -7, 0, kMin, 5, 0}));
  EXPECT_EQ(values<int8_t>(out[2]), (std::vector<int8_t>{-128, -33}));
  EXPECT_EQ(values<int8_t>(out[3]), (std::vector<int8_t>{0, 1}));
  EXPECT_EQ(values<uint8_t>(out[4]), (std::vector<uint8_t>{28, 255, 15}));
  EXPECT_EQ(values<uint8_t>(out[5]), (std::vector<uint8_t>{4, 7, 15}));
}

TEST(CompiledOps, ShiftsOfTheWidthOrMore) {
  const char *text = R"(
func.func @main(%a: tensor<6xi8>, %s: tensor<6xi8>, %u: tensor<1xui32>, %t: tensor<1xui32>) -> (tensor<6xi8>, tensor<6xi8>, tensor<6xi8>, tensor<1xui32>, tensor<1xui32>) {
  %l = stablehlo.shift_left %a, %s : tensor<6xi8>
  %rl = stablehlo.shift_right_logical %a, %s : tensor<6xi8>
  %ra = stablehlo.shift_right_arithmetic %a, %s : tensor<6xi8>
  %ual = stablehlo.shift_right_arithmetic %u, %t : tensor<1xui32>
  %ul = stablehlo.shift_right_logical %u, %t : tensor<1xui32>
  return %l, %rl, %ra, %ual, %ul : tensor<6xi8>, tensor<6xi8>, tensor<6xi8>, tensor<1xui32>, tensor<1xui32>
})";
  auto out = runBothExact(
      text,
      {Tensor::fromVector<int8_t>(ElementType::I8, {6},
                                  {1, 1, -128, -128, -128, 3}),
       Tensor::fromVector<int8_t>(ElementType::I8, {6}, {3, 8, 1, 7, 9, -1}),
       Tensor::fromVector<uint32_t>(ElementType::U32, {1}, {0x80000000u}),
       Tensor::fromVector<uint32_t>(ElementType::U32, {1}, {31})});
  ASSERT_EQ(out.size(), 5u);
  // An amount of 8 or more (-1 reads as 255) gives 0, or the sign fill.
  EXPECT_EQ(values<int8_t>(out[0]), (std::vector<int8_t>{8, 0, 0, 0, 0, 0}));
  EXPECT_EQ(values<int8_t>(out[1]), (std::vector<int8_t>{0, 0, 64, 1, 0, 0}));
  EXPECT_EQ(values<int8_t>(out[2]),
            (std::vector<int8_t>{0, 0, -64, -1, -1, 0}));
  // The arithmetic shift reads the bits as signed whatever the type.
  EXPECT_EQ(values<uint32_t>(out[3]), (std::vector<uint32_t>{0xFFFFFFFFu}));
  EXPECT_EQ(values<uint32_t>(out[4]), (std::vector<uint32_t>{1}));
}

TEST(CompiledOps, FloatToIntegerTruncatesAndSaturates) {
  const char *text = R"(
func.func @main(%x: tensor<11xf32>) -> (tensor<11xi32>, tensor<11xi8>, tensor<11xui8>, tensor<11xi64>, tensor<11xui64>, tensor<11xi1>) {
  %a = stablehlo.convert %x : (tensor<11xf32>) -> tensor<11xi32>
  %b = stablehlo.convert %x : (tensor<11xf32>) -> tensor<11xi8>
  %c = stablehlo.convert %x : (tensor<11xf32>) -> tensor<11xui8>
  %d = stablehlo.convert %x : (tensor<11xf32>) -> tensor<11xi64>
  %e = stablehlo.convert %x : (tensor<11xf32>) -> tensor<11xui64>
  %f = stablehlo.convert %x : (tensor<11xf32>) -> tensor<11xi1>
  return %a, %b, %c, %d, %e, %f : tensor<11xi32>, tensor<11xi8>, tensor<11xui8>, tensor<11xi64>, tensor<11xui64>, tensor<11xi1>
})";
  const float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  auto out = runBothExact(text, {Tensor::fromVector<float>(
                                    ElementType::F32, {11},
                                    {1.9f, -1.9f, nan, inf, -inf, 3e9f, -3e9f,
                                     127.5f, -129.0f, 255.9f, -0.0f})});
  ASSERT_EQ(out.size(), 6u);
  const int32_t i32max = std::numeric_limits<int32_t>::max();
  const int32_t i32min = std::numeric_limits<int32_t>::min();
  const int64_t i64max = std::numeric_limits<int64_t>::max();
  const int64_t i64min = std::numeric_limits<int64_t>::min();
  const uint64_t u64max = std::numeric_limits<uint64_t>::max();
  EXPECT_EQ(values<int32_t>(out[0]),
            (std::vector<int32_t>{1, -1, 0, i32max, i32min, i32max, i32min, 127,
                                  -129, 255, 0}));
  EXPECT_EQ(
      values<int8_t>(out[1]),
      (std::vector<int8_t>{1, -1, 0, 127, -128, 127, -128, 127, -128, 127, 0}));
  EXPECT_EQ(values<uint8_t>(out[2]),
            (std::vector<uint8_t>{1, 0, 0, 255, 0, 255, 0, 127, 0, 255, 0}));
  EXPECT_EQ(values<int64_t>(out[3]),
            (std::vector<int64_t>{1, -1, 0, i64max, i64min, 3000000000,
                                  -3000000000, 127, -129, 255, 0}));
  EXPECT_EQ(values<uint64_t>(out[4]),
            (std::vector<uint64_t>{1, 0, 0, u64max, 0, 3000000000, 0, 127, 0,
                                   255, 0}));
  EXPECT_EQ(values<uint8_t>(out[5]),
            (std::vector<uint8_t>{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0}));
}

TEST(CompiledOps, UnsignedIntegers) {
  const char *text = R"(
func.func @main(%a: tensor<2xui32>, %b: tensor<2xui32>, %x: tensor<3xui32>, %s: tensor<1xi8>) -> (tensor<2xui32>, tensor<2xui32>, tensor<2xi1>, tensor<3xui32>, tensor<ui32>, tensor<2xf32>, tensor<2xf64>, tensor<1xui32>) {
  %max = stablehlo.maximum %a, %b : tensor<2xui32>
  %min = stablehlo.minimum %a, %b : tensor<2xui32>
  %lt = stablehlo.compare LT, %a, %b : (tensor<2xui32>, tensor<2xui32>) -> tensor<2xi1>
  %lo = stablehlo.constant dense<5> : tensor<ui32>
  %hi = stablehlo.constant dense<4294967280> : tensor<ui32>
  %c = stablehlo.clamp %lo, %x, %hi : (tensor<ui32>, tensor<3xui32>, tensor<ui32>) -> tensor<3xui32>
  %z = stablehlo.constant dense<0> : tensor<ui32>
  %m = stablehlo.reduce(%a init: %z) applies stablehlo.maximum across dimensions = [0] : (tensor<2xui32>, tensor<ui32>) -> tensor<ui32>
  %f = stablehlo.convert %a : (tensor<2xui32>) -> tensor<2xf32>
  %d = stablehlo.convert %a : (tensor<2xui32>) -> tensor<2xf64>
  %w = stablehlo.convert %s : (tensor<1xi8>) -> tensor<1xui32>
  return %max, %min, %lt, %c, %m, %f, %d, %w : tensor<2xui32>, tensor<2xui32>, tensor<2xi1>, tensor<3xui32>, tensor<ui32>, tensor<2xf32>, tensor<2xf64>, tensor<1xui32>
})";
  auto out = runBothExact(
      text,
      {Tensor::fromVector<uint32_t>(ElementType::U32, {2}, {1, 0xFFFFFFFFu}),
       Tensor::fromVector<uint32_t>(ElementType::U32, {2}, {2, 1}),
       Tensor::fromVector<uint32_t>(ElementType::U32, {3}, {0xFFFFFFFFu, 3, 7}),
       Tensor::fromVector<int8_t>(ElementType::I8, {1}, {-1})});
  ASSERT_EQ(out.size(), 8u);
  EXPECT_EQ(values<uint32_t>(out[0]), (std::vector<uint32_t>{2, 0xFFFFFFFFu}));
  EXPECT_EQ(values<uint32_t>(out[1]), (std::vector<uint32_t>{1, 1}));
  EXPECT_EQ(values<uint8_t>(out[2]), (std::vector<uint8_t>{1, 0}));
  EXPECT_EQ(values<uint32_t>(out[3]),
            (std::vector<uint32_t>{0xFFFFFFF0u, 5, 7}));
  EXPECT_EQ(values<uint32_t>(out[4]), (std::vector<uint32_t>{0xFFFFFFFFu}));
  EXPECT_EQ(values<float>(out[5]), (std::vector<float>{1.0f, 4294967296.0f}));
  EXPECT_EQ(values<double>(out[6]), (std::vector<double>{1.0, 4294967295.0}));
  // A signed source sign-extends.
  EXPECT_EQ(values<uint32_t>(out[7]), (std::vector<uint32_t>{0xFFFFFFFFu}));
}

TEST(CompiledOps, NarrowFloatsRoundAsTheInterpreter) {
  // Computed in f32 and rounded to nearest even; NaN results are quiet.
  const char *text = R"(
func.func @main(%a: tensor<4xf16>, %b: tensor<4xf16>, %x: tensor<4xbf16>, %y: tensor<4xbf16>, %w: tensor<3xf32>, %d: tensor<2xf64>) -> (tensor<4xf16>, tensor<4xbf16>, tensor<4xi1>, tensor<4xi32>, tensor<3xf16>, tensor<2xbf16>, tensor<4xf16>, tensor<f16>, tensor<4xbf16>) {
  %s = stablehlo.add %a, %b : tensor<4xf16>
  %t = stablehlo.add %x, %y : tensor<4xbf16>
  %c = stablehlo.compare LT, %a, %b : (tensor<4xf16>, tensor<4xf16>) -> tensor<4xi1>
  %i = stablehlo.convert %a : (tensor<4xf16>) -> tensor<4xi32>
  %h = stablehlo.convert %w : (tensor<3xf32>) -> tensor<3xf16>
  %e = stablehlo.convert %d : (tensor<2xf64>) -> tensor<2xbf16>
  %f = stablehlo.convert %x : (tensor<4xbf16>) -> tensor<4xf16>
  %z = stablehlo.constant dense<0.0> : tensor<f16>
  %r = stablehlo.reduce(%b init: %z) applies stablehlo.add across dimensions = [0] : (tensor<4xf16>, tensor<f16>) -> tensor<f16>
  %m = stablehlo.maximum %x, %y : tensor<4xbf16>
  return %s, %t, %c, %i, %h, %e, %f, %r, %m : tensor<4xf16>, tensor<4xbf16>, tensor<4xi1>, tensor<4xi32>, tensor<3xf16>, tensor<2xbf16>, tensor<4xf16>, tensor<f16>, tensor<4xbf16>
})";
  // f16: 1, 2.5, 65504, a NaN with a payload; 2, 0.5, 65504, 1.
  // bf16: 1, 1 + 2^-7, a signalling NaN, 3; 2^-8, 2^-8, 1, 1.
  auto out = runBothExact(
      text,
      {Tensor::fromVector<uint16_t>(ElementType::F16, {4},
                                    {0x3C00, 0x4100, 0x7BFF, 0x7D00}),
       Tensor::fromVector<uint16_t>(ElementType::F16, {4},
                                    {0x4000, 0x3800, 0x7BFF, 0x3C00}),
       Tensor::fromVector<uint16_t>(ElementType::BF16, {4},
                                    {0x3F80, 0x3F81, 0x7F81, 0x4040}),
       Tensor::fromVector<uint16_t>(ElementType::BF16, {4},
                                    {0x3B80, 0x3B80, 0x3F80, 0x3F80}),
       Tensor::fromVector<float>(ElementType::F32, {3},
                                 {65520.0f, 1e-8f, -3.0e-8f}),
       Tensor::fromVector<double>(ElementType::F64, {2},
                                  {1.00390625, 1.0 + 1.0 / 256 + 1e-12})});
  ASSERT_EQ(out.size(), 9u);
  // 3, 3, 131008 overflows to inf, NaN.
  EXPECT_EQ(values<uint16_t>(out[0]),
            (std::vector<uint16_t>{0x4200, 0x4200, 0x7C00, 0x7E00}));
  // 1 + 2^-8 ties to 1 (even); 1 + 2^-7 + 2^-8 ties to 1 + 2^-6 (even); the
  // NaN keeps its high bits, quieted; 4.
  EXPECT_EQ(values<uint16_t>(out[1]),
            (std::vector<uint16_t>{0x3F80, 0x3F82, 0x7FC1, 0x4080}));
  EXPECT_EQ(values<uint8_t>(out[2]), (std::vector<uint8_t>{1, 0, 0, 0}));
  EXPECT_EQ(values<int32_t>(out[3]), (std::vector<int32_t>{1, 2, 65504, 0}));
  // 65520 rounds to inf; 1e-8 is below half the smallest subnormal (2^-24
  // = 5.96e-8): +0; -3e-8 rounds to the smallest subnormal, negated.
  EXPECT_EQ(values<uint16_t>(out[4]),
            (std::vector<uint16_t>{0x7C00, 0x0000, 0x8001}));
  // f64 goes through f32 as the interpreter converts it: 1 + 2^-8 ties to
  // 1; 1 + 2^-8 + 1e-12 is 1 + 2^-8 in f32, then ties to 1 as well.
  EXPECT_EQ(values<uint16_t>(out[5]), (std::vector<uint16_t>{0x3F80, 0x3F80}));
  // bf16 1, 1 + 2^-7 (exact in f16: 0x3C08), NaN, 3.
  EXPECT_EQ(values<uint16_t>(out[6]),
            (std::vector<uint16_t>{0x3C00, 0x3C08, 0x7E00, 0x4200}));
  // 2 + 0.5 + 65504 + 1 = 65507.5 in f32, rounded once: 65504.
  EXPECT_EQ(values<uint16_t>(out[7]), (std::vector<uint16_t>{0x7BFF}));
  EXPECT_EQ(values<uint16_t>(out[8]),
            (std::vector<uint16_t>{0x3F80, 0x3F81, 0x7FC1, 0x4040}));
}

TEST(CompiledOps, IotaAndReverseKeepTheRowSplit) {
  // 256 x 256 elements: four row blocks. The iota runs along the columns
  // and the reverse keeps the rows in place, so each block reads its own.
  const char *text = R"(
func.func @main(%x: tensor<256x256xi32>) -> tensor<256x256xi32> {
  %i = stablehlo.iota dim = 1 : tensor<256x256xi32>
  %r = stablehlo.reverse %x, dims = [1] : tensor<256x256xi32>
  %y = stablehlo.add %i, %r : tensor<256x256xi32>
  return %y : tensor<256x256xi32>
})";
  std::vector<int32_t> x(256 * 256);
  for (int i = 0; i < 256; ++i)
    for (int j = 0; j < 256; ++j)
      x[i * 256 + j] = i * 1000 + j;
  auto compiled = make(text, ExecMode::Compile);
  EXPECT_NE(compiled->compileReport().find("row blocks"), std::string::npos)
      << compiled->compileReport();
  auto out = runBothExact(
      text, {Tensor::fromVector<int32_t>(ElementType::I32, {256, 256}, x)});
  ASSERT_EQ(out.size(), 1u);
  // y[i][j] = j + x[i][255 - j] = i * 1000 + 255.
  const int32_t *y = out[0].data<int32_t>();
  for (int i = 0; i < 256; ++i)
    for (int j = 0; j < 256; ++j)
      ASSERT_EQ(y[i * 256 + j], i * 1000 + 255) << i << "," << j;
}

TEST(CompiledOps, OptimizationBarrierPassesItsOperandsOn) {
  // A barrier inside a cluster: its results are its operands.
  const char *text = R"(
func.func @main(%x: tensor<4xi32>, %f: tensor<2xf32>) -> (tensor<4xi32>, tensor<2xf32>, tensor<4xi32>) {
  %a = stablehlo.multiply %x, %x : tensor<4xi32>
  %b:2 = stablehlo.optimization_barrier %a, %f : tensor<4xi32>, tensor<2xf32>
  %c = stablehlo.add %b#0, %x : tensor<4xi32>
  return %c, %b#1, %b#0 : tensor<4xi32>, tensor<2xf32>, tensor<4xi32>
})";
  auto out = runBothExact(
      text, {Tensor::fromVector<int32_t>(ElementType::I32, {4}, {1, -2, 3, 0}),
             Tensor::fromVector<float>(ElementType::F32, {2}, {1.5f, -0.0f})});
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(values<int32_t>(out[0]), (std::vector<int32_t>{2, 2, 12, 0}));
  EXPECT_EQ(values<float>(out[1]), (std::vector<float>{1.5f, -0.0f}));
  EXPECT_TRUE(std::signbit(values<float>(out[1])[1]));
  EXPECT_EQ(values<int32_t>(out[2]), (std::vector<int32_t>{1, 4, 9, 0}));
}

TEST(CompiledOps, ReportNamesWhatIsStillInterpreted) {
  const char *text = R"(
func.func @main(%a: tensor<2xi32>, %u: tensor<2xi1>, %h: tensor<2xcomplex<f32>>) -> (tensor<2xi32>, tensor<2xi1>, tensor<2xcomplex<f32>>, tensor<i32>, tensor<i32>) {
  %p = stablehlo.power %a, %a : tensor<2xi32>
  %b = stablehlo.bitcast_convert %u : (tensor<2xi1>) -> tensor<2xi1>
  %n = stablehlo.maximum %h, %h : tensor<2xcomplex<f32>>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.reduce(%a init: %z), (%a init: %z) across dimensions = [0] : (tensor<2xi32>, tensor<2xi32>, tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
    reducer(%x: tensor<i32>, %y: tensor<i32>) (%v: tensor<i32>, %w: tensor<i32>) {
      %s = stablehlo.power %x, %y : tensor<i32>
      %t = stablehlo.add %v, %w : tensor<i32>
      stablehlo.return %s, %t : tensor<i32>, tensor<i32>
    }
  return %p, %b, %n, %r#0, %r#1 : tensor<2xi32>, tensor<2xi1>, tensor<2xcomplex<f32>>, tensor<i32>, tensor<i32>
})";
  auto compiled = make(text, ExecMode::Compile);
  const std::string &report = compiled->compileReport();
  for (const char *line :
       {"interpreted: stablehlo.power x1: integer form is not compiled",
        "interpreted: stablehlo.bitcast_convert x1: pred form is not "
        "compiled",
        "interpreted: stablehlo.maximum x1: complex form is not compiled",
        "interpreted: stablehlo.reduce x1: reduce body op stablehlo.power: "
        "integer form is not compiled",
        "0 ops compiled in 0 clusters"})
    EXPECT_NE(report.find(line), std::string::npos) << line << "\n" << report;
}

} // namespace
