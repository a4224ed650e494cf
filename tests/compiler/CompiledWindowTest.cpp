//===- CompiledWindowTest.cpp - reduce_window and map, compiled ----------===//
//
// reduce_window (pooling, cumulative sums, padding, strides, base and window
// dilation, variadic bodies) and map compiled: bit-identical to the
// interpreter (the windows fold in its order), against hand-computed values;
// the forms left to the runtime kernel or the interpreter are reported.
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

TEST(CompiledWindow, MaxPoolWithPaddingAndStrides) {
  // NHWC 3x3 max pooling, stride 2, padding 1 (the -inf init fills it).
  const char *text = R"(
func.func @main(%x: tensor<1x6x6x2xf32>) -> tensor<1x3x3x2xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%x, %ninf) <{window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>, padding = dense<[[0, 0], [1, 1], [1, 1], [0, 0]]> : tensor<4x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<1x6x6x2xf32>, tensor<f32>) -> tensor<1x3x3x2xf32>
  return %0 : tensor<1x3x3x2xf32>
})";
  std::vector<float> x(72);
  for (int i = 0; i < 72; ++i)
    x[i] = float((i * 37) % 71) - 35.0f;
  x[2 * 12 + 2 * 2] = std::numeric_limits<float>::quiet_NaN(); // (2, 2, 0)
  auto out = runBothExact(
      text, {Tensor::fromVector<float>(ElementType::F32, {1, 6, 6, 2}, x)});
  ASSERT_EQ(out.size(), 1u);
  const float *y = out[0].data<float>();
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      for (int c = 0; c < 2; ++c) {
        float m = -std::numeric_limits<float>::infinity();
        bool nan = false;
        for (int di = 0; di < 3; ++di)
          for (int dj = 0; dj < 3; ++dj) {
            int h = 2 * i + di - 1, w = 2 * j + dj - 1;
            if (h < 0 || h >= 6 || w < 0 || w >= 6)
              continue;
            float v = x[h * 12 + w * 2 + c];
            nan = nan || std::isnan(v);
            m = std::max(m, v);
          }
        float got = y[i * 6 + j * 2 + c];
        if (nan)
          EXPECT_TRUE(std::isnan(got)) << i << "," << j << "," << c;
        else
          EXPECT_EQ(got, m) << i << "," << j << "," << c;
      }
}

TEST(CompiledWindow, DilationsAndNegativePadding) {
  // base_dilations [2, 1] (holes hold the init, 100), window_dilations
  // [1, 2], strides [2, 1], padding [[1, 0], [2, -1]]: each result element
  // checked against a direct walk of its window.
  const char *text = R"(
func.func @main(%x: tensor<5x7xi32>) -> tensor<5x4xi32> {
  %init = stablehlo.constant dense<100> : tensor<i32>
  %0 = "stablehlo.reduce_window"(%x, %init) <{window_dimensions = array<i64: 2, 3>, window_strides = array<i64: 2, 1>, base_dilations = array<i64: 2, 1>, window_dilations = array<i64: 1, 2>, padding = dense<[[1, 0], [2, -1]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<5x7xi32>, tensor<i32>) -> tensor<5x4xi32>
  return %0 : tensor<5x4xi32>
})";
  std::vector<int32_t> x(35);
  for (int i = 0; i < 35; ++i)
    x[i] = i * i - 17 * i;
  auto out = runBothExact(
      text, {Tensor::fromVector<int32_t>(ElementType::I32, {5, 7}, x)});
  ASSERT_EQ(out.size(), 1u);
  const int32_t *y = out[0].data<int32_t>();
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 4; ++j) {
      int32_t acc = 100;
      for (int a = 0; a < 2; ++a)
        for (int b = 0; b < 3; ++b) {
          int p = i * 2 + a - 1, q = j + b * 2 - 2;
          bool in = p >= 0 && p % 2 == 0 && p / 2 < 5 && q >= 0 && q < 7;
          acc += in ? x[(p / 2) * 7 + q] : 100;
        }
      EXPECT_EQ(y[i * 4 + j], acc) << i << "," << j;
    }
}

TEST(CompiledWindow, CumulativeSumsInEachType) {
  // JAX's cumsum: a window the length of the axis, padded in front.
  const char *text = R"(
func.func @main(%f: tensor<3x8xf32>, %h: tensor<8xbf16>, %u: tensor<8xui8>) -> (tensor<3x8xf32>, tensor<8xbf16>, tensor<8xui8>) {
  %fz = stablehlo.constant dense<0.0> : tensor<f32>
  %hz = stablehlo.constant dense<0.0> : tensor<bf16>
  %uz = stablehlo.constant dense<0> : tensor<ui8>
  %0 = "stablehlo.reduce_window"(%f, %fz) <{window_dimensions = array<i64: 1, 8>, padding = dense<[[0, 0], [7, 0]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<3x8xf32>, tensor<f32>) -> tensor<3x8xf32>
  %1 = "stablehlo.reduce_window"(%h, %hz) <{window_dimensions = array<i64: 8>, padding = dense<[[7, 0]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<bf16>, %b: tensor<bf16>):
    %s = stablehlo.add %a, %b : tensor<bf16>
    stablehlo.return %s : tensor<bf16>
  }) : (tensor<8xbf16>, tensor<bf16>) -> tensor<8xbf16>
  %2 = "stablehlo.reduce_window"(%u, %uz) <{window_dimensions = array<i64: 8>, padding = dense<[[7, 0]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<ui8>, %b: tensor<ui8>):
    %s = stablehlo.add %a, %b : tensor<ui8>
    stablehlo.return %s : tensor<ui8>
  }) : (tensor<8xui8>, tensor<ui8>) -> tensor<8xui8>
  return %0, %1, %2 : tensor<3x8xf32>, tensor<8xbf16>, tensor<8xui8>
})";
  std::vector<float> f(24);
  for (int i = 0; i < 24; ++i)
    f[i] = 0.1f * float(i % 7) - 0.25f;
  // bf16 1.0, 2^-8 (lost in a bf16 sum of 1 + 2^-8 rounded per step, kept
  // when summed in f32 and rounded once), ...
  std::vector<uint16_t> h = {0x3F80, 0x3B80, 0x3B80, 0x3B80,
                             0x3B80, 0x4000, 0xBF80, 0x3F00};
  std::vector<uint8_t> u = {200, 50, 10, 1, 2, 3, 4, 255};
  auto out = runBothExact(
      text, {Tensor::fromVector<float>(ElementType::F32, {3, 8}, f),
             Tensor::fromVector<uint16_t>(ElementType::BF16, {8}, h),
             Tensor::fromVector<uint8_t>(ElementType::U8, {8}, u)});
  ASSERT_EQ(out.size(), 3u);
  for (int r = 0; r < 3; ++r) {
    float acc = 0;
    for (int j = 0; j < 8; ++j) {
      acc += f[r * 8 + j];
      EXPECT_EQ(out[0].data<float>()[r * 8 + j], acc) << r << "," << j;
    }
  }
  // 1 + 4 * 2^-8 = 1.015625 is bf16 0x3F82.
  EXPECT_EQ(out[1].data<uint16_t>()[4], 0x3F82);
  uint8_t acc = 0;
  for (int j = 0; j < 8; ++j) {
    acc = uint8_t(acc + u[j]);
    EXPECT_EQ(out[2].data<uint8_t>()[j], acc) << j;
  }
}

TEST(CompiledWindow, VariadicBodyFoldsInTheInterpretersOrder) {
  // An argmax over windows of 3 (value, index), the first maximum kept, and
  // a float subtract (not reassociable: the order shows).
  const char *text = R"(
func.func @main(%v: tensor<2x9xf32>, %i: tensor<2x9xi32>) -> (tensor<2x7xf32>, tensor<2x7xi32>, tensor<2x7xf32>) {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %fz = stablehlo.constant dense<0.5> : tensor<f32>
  %0:2 = "stablehlo.reduce_window"(%v, %i, %ninf, %zero) <{window_dimensions = array<i64: 1, 3>}> ({
  ^bb0(%av: tensor<f32>, %ai: tensor<i32>, %bv: tensor<f32>, %bi: tensor<i32>):
    %gt = stablehlo.compare GT, %bv, %av : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %mv = stablehlo.select %gt, %bv, %av : tensor<i1>, tensor<f32>
    %mi = stablehlo.select %gt, %bi, %ai : tensor<i1>, tensor<i32>
    stablehlo.return %mv, %mi : tensor<f32>, tensor<i32>
  }) : (tensor<2x9xf32>, tensor<2x9xi32>, tensor<f32>, tensor<i32>) -> (tensor<2x7xf32>, tensor<2x7xi32>)
  %1 = "stablehlo.reduce_window"(%v, %fz) <{window_dimensions = array<i64: 1, 3>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.subtract %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x9xf32>, tensor<f32>) -> tensor<2x7xf32>
  return %0#0, %0#1, %1 : tensor<2x7xf32>, tensor<2x7xi32>, tensor<2x7xf32>
})";
  std::vector<float> v = {3, 1, 3, 2, 5, 5, 0, -1, 4,
                          0, 0, 1, 1, 7, 2, 7, 1,  0};
  std::vector<int32_t> idx(18);
  for (int k = 0; k < 18; ++k)
    idx[k] = k % 9;
  auto out = runBothExact(
      text, {Tensor::fromVector<float>(ElementType::F32, {2, 9}, v),
             Tensor::fromVector<int32_t>(ElementType::I32, {2, 9}, idx)});
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(values<int32_t>(out[1]),
            (std::vector<int32_t>{0, 2, 4, 4, 4, 5, 8, 2, 2, 4, 4, 4, 6, 6}));
  for (int r = 0; r < 2; ++r)
    for (int j = 0; j < 7; ++j) {
      float expect =
          ((0.5f - v[r * 9 + j]) - v[r * 9 + j + 1]) - v[r * 9 + j + 2];
      EXPECT_EQ(out[2].data<float>()[r * 7 + j], expect) << r << "," << j;
    }
}

TEST(CompiledWindow, RowWindowsRunInRowBlocks) {
  // A cumulative sum along the rows of 4096 x 16: each window stays within
  // its row, so the cluster runs in row blocks.
  const char *text = R"(
func.func @main(%x: tensor<4096x16xf32>) -> tensor<4096x16xf32> {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %e = stablehlo.exponential %x : tensor<4096x16xf32>
  %0 = "stablehlo.reduce_window"(%e, %z) <{window_dimensions = array<i64: 1, 16>, padding = dense<[[0, 0], [15, 0]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4096x16xf32>, tensor<f32>) -> tensor<4096x16xf32>
  return %0 : tensor<4096x16xf32>
})";
  std::vector<float> x(4096 * 16);
  for (size_t i = 0; i < x.size(); ++i)
    x[i] = float(i % 13) * 0.125f - 0.75f;
  auto compiled = make(text, ExecMode::Compile);
  EXPECT_NE(compiled->compileReport().find("row blocks"), std::string::npos)
      << compiled->compileReport();
  auto out = run(*compiled,
                 {Tensor::fromVector<float>(ElementType::F32, {4096, 16}, x)});
  ASSERT_EQ(out.size(), 1u);
  for (int r = 0; r < 4096; r += 511) {
    double acc = 0;
    for (int j = 0; j < 16; ++j) {
      acc += std::exp(double(x[r * 16 + j]));
      EXPECT_NEAR(out[0].data<float>()[r * 16 + j], acc, 1e-5 * acc)
          << r << "," << j;
    }
  }
}

TEST(CompiledWindow, MapAppliesItsComputationPerElement) {
  const char *text = R"(
func.func @main(%a: tensor<2x3xf16>, %b: tensor<2x3xf16>, %i: tensor<2x3xi32>) -> (tensor<2x3xf16>, tensor<2x3xi32>) {
  %0 = "stablehlo.map"(%a, %b) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%x: tensor<f16>, %y: tensor<f16>):
    %c = stablehlo.constant dense<1.0> : tensor<f16>
    %m = stablehlo.multiply %x, %y : tensor<f16>
    %s = stablehlo.add %m, %c : tensor<f16>
    stablehlo.return %s : tensor<f16>
  }) : (tensor<2x3xf16>, tensor<2x3xf16>) -> tensor<2x3xf16>
  %1 = "stablehlo.map"(%i, %a) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%x: tensor<i32>, %y: tensor<f16>):
    %c = stablehlo.convert %y : (tensor<f16>) -> tensor<i32>
    %d = stablehlo.divide %x, %c : tensor<i32>
    stablehlo.return %d : tensor<i32>
  }) : (tensor<2x3xi32>, tensor<2x3xf16>) -> tensor<2x3xi32>
  return %0, %1 : tensor<2x3xf16>, tensor<2x3xi32>
})";
  // f16 2, 0.5, 3, 0, -1, 65504 and 3, 4, 0.5, 1, 2, 2.
  auto out =
      runBothExact(text, {Tensor::fromVector<uint16_t>(
                              ElementType::F16, {2, 3},
                              {0x4000, 0x3800, 0x4200, 0x0000, 0xBC00, 0x7BFF}),
                          Tensor::fromVector<uint16_t>(
                              ElementType::F16, {2, 3},
                              {0x4200, 0x4400, 0x3800, 0x3C00, 0x4000, 0x4000}),
                          Tensor::fromVector<int32_t>(ElementType::I32, {2, 3},
                                                      {7, 7, 7, 7, 7, 7})});
  ASSERT_EQ(out.size(), 2u);
  // 2 * 3 + 1 = 7, 0.5 * 4 + 1 = 3, 3 * 0.5 + 1 = 2.5, 0 + 1, -2 + 1, and
  // 65504 * 2 = inf (rounded to f16 before the add).
  EXPECT_EQ(
      values<uint16_t>(out[0]),
      (std::vector<uint16_t>{0x4700, 0x4200, 0x4100, 0x3C00, 0xBC00, 0x7C00}));
  // 7 / 0 is -1 (0.5 converts to 0).
  EXPECT_EQ(values<int32_t>(out[1]),
            (std::vector<int32_t>{3, -1, 2, -1, -7, 0}));
}

TEST(CompiledWindow, ReportNamesTheFormsLeftToTheInterpreter) {
  const char *text = R"(
func.func @main(%x: tensor<4xf32>, %c: tensor<4xcomplex<f32>>) -> (tensor<3xf32>, tensor<3xcomplex<f32>>, tensor<4xf32>) {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %cz = stablehlo.constant dense<(0.0, 0.0)> : tensor<complex<f32>>
  %0 = "stablehlo.reduce_window"(%x, %z) <{window_dimensions = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = chlo.conj %b : tensor<f32> -> tensor<f32>
    %s = stablehlo.add %a, %p : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32>
  %1 = "stablehlo.reduce_window"(%c, %cz) <{window_dimensions = array<i64: 2>}> ({
  ^bb0(%a: tensor<complex<f32>>, %b: tensor<complex<f32>>):
    %s = stablehlo.maximum %a, %b : tensor<complex<f32>>
    stablehlo.return %s : tensor<complex<f32>>
  }) : (tensor<4xcomplex<f32>>, tensor<complex<f32>>) -> tensor<3xcomplex<f32>>
  %2 = "stablehlo.map"(%x) <{dimensions = array<i64: 0>}> ({
  ^bb0(%a: tensor<f32>):
    %t = stablehlo.iota dim = 0 : tensor<2xf32>
    %s = chlo.conj %a : tensor<f32> -> tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %0, %1, %2 : tensor<3xf32>, tensor<3xcomplex<f32>>, tensor<4xf32>
})";
  auto compiled = make(text, ExecMode::Compile);
  const std::string &report = compiled->compileReport();
  for (const char *line :
       {"interpreted: stablehlo.reduce_window x1: reduce_window body op "
        "chlo.conj: no compiled lowering for this op "
        "(interpreted)",
        "interpreted: stablehlo.reduce_window x1: reduce_window body op "
        "stablehlo.maximum: complex form is not compiled",
        "interpreted: stablehlo.map x1: map computation op stablehlo.iota is "
        "not elementwise",
        "0 ops compiled in 0 clusters"})
    EXPECT_NE(report.find(line), std::string::npos) << line << "\n" << report;
  // The interpreter runs them: 1 + 2, 2 + 3, 3 + 4.
  auto out =
      run(*compiled,
          {Tensor::fromVector<float>(ElementType::F32, {4}, {1, 2, 3, 4}),
           Tensor::zeros(ElementType::C64, {4})});
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(values<float>(out[0]), (std::vector<float>{3, 5, 7}));
}

TEST(CompiledWindow, EmptyAndHugeWindowsAreLeftToTheKernel) {
  // An empty input, and windows of 2^33 positions (which the runtime kernel
  // refuses to walk, reporting it when the program runs).
  const char *text = R"(
func.func @main(%e: tensor<0xf32>, %x: tensor<4xf32>) -> (tensor<0xf32>, tensor<5xf32>) {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%e, %z) <{window_dimensions = array<i64: 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<0xf32>, tensor<f32>) -> tensor<0xf32>
  %1 = "stablehlo.reduce_window"(%x, %z) <{window_dimensions = array<i64: 8589934592>, padding = dense<[[8589934592, 0]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>, tensor<f32>) -> tensor<5xf32>
  return %0, %1 : tensor<0xf32>, tensor<5xf32>
})";
  auto compiled = make(text, ExecMode::Compile);
  const std::string &report = compiled->compileReport();
  for (const char *line :
       {"interpreted: stablehlo.reduce_window x1: empty reduce_window input "
        "or result is not compiled",
        "interpreted: stablehlo.reduce_window x1: windows too large to "
        "compile (more than 2^32 window positions)",
        "0 ops compiled in 0 clusters"})
    EXPECT_NE(report.find(line), std::string::npos) << line << "\n" << report;
}

} // namespace
