//===- CompiledChloBroadcastTest.cpp - broadcasting chlo ops compiled -----===//
//
// The broadcasting chlo ops (numpy-aligned, with broadcast_dimensions,
// scalars and size-1 dimensions) and chlo.constant_like, compiled: one
// linalg.generic computing the elementwise op on the broadcast operands,
// bit-identical to the interpreter (which broadcasts, then runs the op's
// kernel), in row blocks too; the report names what stays interpreted.
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

std::vector<float> ramp(size_t n, float start, float step) {
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i)
    v[i] = start + step * static_cast<float>(i);
  return v;
}

TEST(CompiledChloBroadcast, FloatOpsOnRowsColumnsScalarsAndUnitDims) {
  std::string text = R"(
func.func @main(%a: tensor<4x3xf32>, %row: tensor<3xf32>, %col: tensor<4xf32>, %one: tensor<1x3xf32>, %s: tensor<f32>) -> (tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>) {
  %0 = chlo.broadcast_add %a, %row : (tensor<4x3xf32>, tensor<3xf32>) -> tensor<4x3xf32>
  %1 = chlo.broadcast_subtract %col, %a {broadcast_dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  %2 = chlo.broadcast_multiply %a, %one : (tensor<4x3xf32>, tensor<1x3xf32>) -> tensor<4x3xf32>
  %3 = chlo.broadcast_divide %a, %s : (tensor<4x3xf32>, tensor<f32>) -> tensor<4x3xf32>
  %4 = chlo.broadcast_remainder %a, %row : (tensor<4x3xf32>, tensor<3xf32>) -> tensor<4x3xf32>
  %5 = chlo.broadcast_maximum %a, %s : (tensor<4x3xf32>, tensor<f32>) -> tensor<4x3xf32>
  %6 = chlo.broadcast_minimum %one, %a : (tensor<1x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  %7 = chlo.broadcast_power %a, %row : (tensor<4x3xf32>, tensor<3xf32>) -> tensor<4x3xf32>
  %8 = chlo.broadcast_atan2 %a, %col {broadcast_dimensions = array<i64: 0>} : (tensor<4x3xf32>, tensor<4xf32>) -> tensor<4x3xf32>
  %9 = chlo.broadcast_next_after %a, %s : (tensor<4x3xf32>, tensor<f32>) -> tensor<4x3xf32>
  %10 = chlo.broadcast_zeta %row, %a : (tensor<3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>
})";
  std::vector<float> a = ramp(12, -2.5f, 0.75f);
  a[5] = std::numeric_limits<float>::quiet_NaN();
  auto out = runBothExact(
      text,
      {Tensor::fromVector<float>(ElementType::F32, {4, 3}, a),
       Tensor::fromVector<float>(ElementType::F32, {3}, {2.0f, 3.0f, 1.5f}),
       Tensor::fromVector<float>(ElementType::F32, {4},
                                 {10.0f, 20.0f, 30.0f, 40.0f}),
       Tensor::fromVector<float>(ElementType::F32, {1, 3}, {-1.0f, 0.0f, 2.0f}),
       Tensor::fromVector<float>(ElementType::F32, {}, {0.5f})});
  ASSERT_EQ(out.size(), 11u);
  // a[i][j] + row[j], col[i] - a[i][j], a[i][j] * one[0][j].
  EXPECT_EQ(out[0].data<float>()[4], a[4] + 3.0f);
  EXPECT_EQ(out[1].data<float>()[7], 30.0f - a[7]);
  EXPECT_EQ(out[2].data<float>()[11], a[11] * 2.0f);
  EXPECT_EQ(out[3].data<float>()[0], a[0] / 0.5f);
  EXPECT_EQ(out[5].data<float>()[0], 0.5f);
  EXPECT_EQ(out[6].data<float>()[3], -1.0f);
}

TEST(CompiledChloBroadcast, IntegerOpsShiftsAndDivisionByZero) {
  std::string text = R"(
func.func @main(%i: tensor<2x4xi32>, %j: tensor<4xi32>, %u: tensor<2x4xui8>, %v: tensor<ui8>) -> (tensor<2x4xi32>, tensor<2x4xi32>, tensor<2x4xi32>, tensor<2x4xi32>, tensor<2x4xi32>, tensor<2x4xi32>, tensor<2x4xi32>, tensor<2x4xui8>, tensor<2x4xui8>) {
  %0 = chlo.broadcast_and %i, %j : (tensor<2x4xi32>, tensor<4xi32>) -> tensor<2x4xi32>
  %1 = chlo.broadcast_or %i, %j : (tensor<2x4xi32>, tensor<4xi32>) -> tensor<2x4xi32>
  %2 = chlo.broadcast_xor %i, %j : (tensor<2x4xi32>, tensor<4xi32>) -> tensor<2x4xi32>
  %3 = chlo.broadcast_shift_left %i, %j : (tensor<2x4xi32>, tensor<4xi32>) -> tensor<2x4xi32>
  %4 = chlo.broadcast_shift_right_arithmetic %i, %j : (tensor<2x4xi32>, tensor<4xi32>) -> tensor<2x4xi32>
  %5 = chlo.broadcast_shift_right_logical %i, %j : (tensor<2x4xi32>, tensor<4xi32>) -> tensor<2x4xi32>
  %6 = chlo.broadcast_divide %i, %j : (tensor<2x4xi32>, tensor<4xi32>) -> tensor<2x4xi32>
  %7 = chlo.broadcast_remainder %u, %v : (tensor<2x4xui8>, tensor<ui8>) -> tensor<2x4xui8>
  %8 = chlo.broadcast_maximum %v, %u : (tensor<ui8>, tensor<2x4xui8>) -> tensor<2x4xui8>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<2x4xi32>, tensor<2x4xi32>, tensor<2x4xi32>, tensor<2x4xi32>, tensor<2x4xi32>, tensor<2x4xi32>, tensor<2x4xi32>, tensor<2x4xui8>, tensor<2x4xui8>
})";
  auto out = runBothExact(
      text,
      {Tensor::fromVector<int32_t>(
           ElementType::I32, {2, 4},
           {-8, 7, std::numeric_limits<int32_t>::min(), 100, 5, -1, 0, 33}),
       Tensor::fromVector<int32_t>(ElementType::I32, {4}, {0, 3, -1, 40}),
       Tensor::fromVector<uint8_t>(ElementType::U8, {2, 4},
                                   {0, 1, 200, 255, 7, 9, 13, 128}),
       Tensor::fromVector<uint8_t>(ElementType::U8, {}, {6})});
  ASSERT_EQ(out.size(), 9u);
  // x / 0 is all ones; INT_MIN / -1 is INT_MIN; a shift by 40 gives 0.
  EXPECT_EQ(out[6].data<int32_t>()[0], -1);
  EXPECT_EQ(out[6].data<int32_t>()[2], std::numeric_limits<int32_t>::min());
  EXPECT_EQ(out[3].data<int32_t>()[3], 0);
  EXPECT_EQ(out[7].data<uint8_t>()[3], 255 % 6);
  EXPECT_EQ(out[8].data<uint8_t>()[0], 6);
}

TEST(CompiledChloBroadcast, CompareSelectAndConstantLike) {
  std::string text = R"(
func.func @main(%a: tensor<3x2xf32>, %s: tensor<f32>, %u: tensor<3x2xui32>, %h: tensor<3x2xbf16>) -> (tensor<3x2xi1>, tensor<3x2xi1>, tensor<3x2xf32>, tensor<3x2xf32>, tensor<3x2xui32>, tensor<3x2xbf16>, tensor<3x2xi1>) {
  %0 = chlo.broadcast_compare %a, %s {comparison_direction = #chlo<comparison_direction GT>} : (tensor<3x2xf32>, tensor<f32>) -> tensor<3x2xi1>
  %1 = chlo.broadcast_compare %u, %u {comparison_direction = #chlo<comparison_direction LT>, compare_type = #chlo<comparison_type UNSIGNED>} : (tensor<3x2xui32>, tensor<3x2xui32>) -> tensor<3x2xi1>
  %2 = chlo.broadcast_select %0, %a, %s : (tensor<3x2xi1>, tensor<3x2xf32>, tensor<f32>) -> tensor<3x2xf32>
  %3 = "chlo.constant_like"(%a) {value = -2.5 : f32} : (tensor<3x2xf32>) -> tensor<3x2xf32>
  %4 = "chlo.constant_like"(%u) {value = 4294967295 : ui32} : (tensor<3x2xui32>) -> tensor<3x2xui32>
  %5 = "chlo.constant_like"(%h) {value = 0x7FC0 : bf16} : (tensor<3x2xbf16>) -> tensor<3x2xbf16>
  %6 = "chlo.constant_like"(%0) {value = true} : (tensor<3x2xi1>) -> tensor<3x2xi1>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<3x2xi1>, tensor<3x2xi1>, tensor<3x2xf32>, tensor<3x2xf32>, tensor<3x2xui32>, tensor<3x2xbf16>, tensor<3x2xi1>
})";
  auto out = runBothExact(
      text, {Tensor::fromVector<float>(ElementType::F32, {3, 2},
                                       {-1.0f, 0.0f, 1.0f, 2.0f,
                                        std::numeric_limits<float>::quiet_NaN(),
                                        3.0f}),
             Tensor::fromVector<float>(ElementType::F32, {}, {0.5f}),
             Tensor::fromVector<uint32_t>(ElementType::U32, {3, 2},
                                          {1, 2, 3, 4, 5, 6}),
             Tensor::fromVector<uint16_t>(ElementType::BF16, {3, 2},
                                          {0, 0, 0, 0, 0, 0})});
  ASSERT_EQ(out.size(), 7u);
  EXPECT_EQ(out[2].data<float>()[0], 0.5f);
  EXPECT_EQ(out[2].data<float>()[3], 2.0f);
  EXPECT_EQ(out[3].data<float>()[5], -2.5f);
  EXPECT_EQ(out[4].data<uint32_t>()[1], 4294967295u);
  EXPECT_EQ(out[5].data<uint16_t>()[2], 0x7FC0);
}

TEST(CompiledChloBroadcast, RowAndColumnVectorsInRowBlocks) {
  // Large enough to run in row blocks: the column vector reads its rows'
  // block, the row vector and the scalar are read whole.
  std::string text = R"(
func.func @main(%a: tensor<1024x64xf32>, %row: tensor<64xf32>, %col: tensor<1024x1xf32>, %c: tensor<1024xf32>) -> tensor<1024x64xf32> {
  %0 = chlo.broadcast_add %a, %row : (tensor<1024x64xf32>, tensor<64xf32>) -> tensor<1024x64xf32>
  %1 = chlo.broadcast_multiply %0, %col : (tensor<1024x64xf32>, tensor<1024x1xf32>) -> tensor<1024x64xf32>
  %2 = chlo.broadcast_subtract %1, %c {broadcast_dimensions = array<i64: 0>} : (tensor<1024x64xf32>, tensor<1024xf32>) -> tensor<1024x64xf32>
  %3 = stablehlo.abs %2 : tensor<1024x64xf32>
  return %3 : tensor<1024x64xf32>
})";
  auto out = runBothExact(
      text,
      {Tensor::fromVector<float>(ElementType::F32, {1024, 64},
                                 ramp(1024 * 64, -1.0f, 1.0f / 16384)),
       Tensor::fromVector<float>(ElementType::F32, {64}, ramp(64, 0, 0.01f)),
       Tensor::fromVector<float>(ElementType::F32, {1024, 1},
                                 ramp(1024, 1, -0.0005f)),
       Tensor::fromVector<float>(ElementType::F32, {1024},
                                 ramp(1024, 0, 0.001f))});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_NE(make(text, ExecMode::Compile)->compileReport().find("row blocks"),
            std::string::npos);
  // Element (300, 7).
  float a = -1.0f + (300 * 64 + 7) / 16384.0f;
  float want = std::fabs(((a + 0.07f) * (1 - 0.15f)) - 0.3f);
  EXPECT_NEAR(out[0].data<float>()[300 * 64 + 7], want, 1e-5f);
}

TEST(CompiledChloBroadcast, RowVectorAsLongAsTheRowsIsReadWhole) {
  // The row vector has as many elements as the result has rows, but runs
  // along the columns: every block reads all of it.
  std::string text = R"(
func.func @main(%a: tensor<256x256xf32>, %row: tensor<256xf32>) -> tensor<256x256xf32> {
  %0 = chlo.broadcast_subtract %a, %row : (tensor<256x256xf32>, tensor<256xf32>) -> tensor<256x256xf32>
  return %0 : tensor<256x256xf32>
})";
  auto out = runBothExact(
      text,
      {Tensor::fromVector<float>(ElementType::F32, {256, 256},
                                 ramp(256 * 256, 0, 1)),
       Tensor::fromVector<float>(ElementType::F32, {256}, ramp(256, 0, 1))});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_NE(make(text, ExecMode::Compile)->compileReport().find("row blocks"),
            std::string::npos);
  // a[i][j] - row[j] = 256 i.
  EXPECT_EQ(out[0].data<float>()[200 * 256 + 99], 200.0f * 256);
}

TEST(CompiledChloBroadcast, ReportNamesTheFormsLeftToTheInterpreter) {
  const char *text = R"(
func.func @main(%a: tensor<2x3xf32>, %b: tensor<3xf32>, %c: tensor<2x3xcomplex<f32>>, %d: tensor<3xcomplex<f32>>) -> (tensor<2x3xcomplex<f32>>, tensor<2x3xi1>) {
  %0 = chlo.broadcast_maximum %c, %d : (tensor<2x3xcomplex<f32>>, tensor<3xcomplex<f32>>) -> tensor<2x3xcomplex<f32>>
  %1 = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction GE>, compare_type = #chlo<comparison_type TOTALORDER>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  return %0, %1 : tensor<2x3xcomplex<f32>>, tensor<2x3xi1>
})";
  ExecutableOptions opts;
  opts.execMode = ExecMode::Auto;
  std::unique_ptr<Executable> exe;
  ASSERT_TRUE(Executable::fromText(text, opts, exe).isOk());
  const std::string &report = exe->compileReport();
  EXPECT_NE(report.find("interpreted: chlo.broadcast_maximum x1: as "
                        "stablehlo.maximum: complex form is not compiled"),
            std::string::npos)
      << report;
  EXPECT_NE(report.find("interpreted: chlo.broadcast_compare x1: as "
                        "stablehlo.compare: TOTALORDER comparison is not "
                        "compiled"),
            std::string::npos)
      << report;
}

} // namespace
