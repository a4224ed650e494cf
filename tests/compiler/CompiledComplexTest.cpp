//===- CompiledComplexTest.cpp - complex numbers compiled -----------------===//
//
// complex<f32> and complex<f64> elements, compiled: add, subtract, negate,
// real, imag, complex, compare, convert, select and data movement inline;
// multiply, divide, abs, exp, log and sqrt through std::complex, as the
// interpreter computes them. Bit-identical to the interpreter, at the
// infinities and NaNs too (where C's complex multiplication recovers
// infinities), and fused, reduced and windowed; the report names the
// complex forms left to the interpreter.
//
//===----------------------------------------------------------------------===//
#include "CompiledPathTestUtils.h"

#include <gtest/gtest.h>

#include <complex>
#include <limits>
#include <string>
#include <vector>

using namespace sdy::runtime;
using sdy::compiler::ExecMode;

namespace {

using c64 = std::complex<float>;
using c128 = std::complex<double>;
constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

std::vector<c64> values64() {
  return {{1.5f, -2.0f}, {0.0f, 0.0f},   {-0.0f, 3.0f}, {kInf, 1.0f},
          {kNaN, 0.0f},  {1e30f, 1e30f}, {2.0f, kInf},  {-4.0f, 0.25f}};
}

TEST(CompiledComplex, ArithmeticAndFunctionsMatchTheInterpreter) {
  for (const char *et : {"f32", "f64"}) {
    SCOPED_TRACE(et);
    std::string c = std::string("tensor<8xcomplex<") + et + ">>";
    std::string r = std::string("tensor<8x") + et + ">";
    std::string text =
        "func.func @main(%a: " + c + ", %b: " + c + ") -> (" + c + ", " + c +
        ", " + c + ", " + c + ", " + c + ", " + r + ", " + c + ", " + c + ", " +
        c + ", " + r + ", " + r + ") {\n" +
        "  %0 = stablehlo.add %a, %b : " + c + "\n" +
        "  %1 = stablehlo.subtract %a, %b : " + c + "\n" +
        "  %2 = stablehlo.multiply %a, %b : " + c + "\n" +
        "  %3 = stablehlo.divide %a, %b : " + c + "\n" +
        "  %4 = stablehlo.negate %a : " + c + "\n" +
        "  %5 = stablehlo.abs %a : (" + c + ") -> " + r + "\n" +
        "  %6 = stablehlo.exponential %a : " + c + "\n" +
        "  %7 = stablehlo.log %b : " + c + "\n" +
        "  %8 = stablehlo.sqrt %a : " + c + "\n" +
        "  %9 = stablehlo.real %2 : (" + c + ") -> " + r + "\n" +
        "  %10 = stablehlo.imag %3 : (" + c + ") -> " + r + "\n" +
        "  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, " + "%10 : " + c +
        ", " + c + ", " + c + ", " + c + ", " + c + ", " + r + ", " + c + ", " +
        c + ", " + c + ", " + r + ", " + r + "\n}\n";
    std::vector<c64> a = values64();
    std::vector<c64> b(a.rbegin(), a.rend());
    std::vector<Tensor> in;
    if (std::string(et) == "f32") {
      in = {Tensor::fromVector<c64>(ElementType::C64, {8}, a),
            Tensor::fromVector<c64>(ElementType::C64, {8}, b)};
    } else {
      std::vector<c128> a2(a.begin(), a.end()), b2(b.begin(), b.end());
      in = {Tensor::fromVector<c128>(ElementType::C128, {8}, a2),
            Tensor::fromVector<c128>(ElementType::C128, {8}, b2)};
    }
    auto out = runBothExact(text, in);
    ASSERT_EQ(out.size(), 11u);
    if (std::string(et) == "f32") {
      EXPECT_EQ(out[0].data<c64>()[0], a[0] + b[0]);
      EXPECT_EQ(out[2].data<c64>()[7], a[7] * b[7]);
      EXPECT_EQ(out[5].data<float>()[0], std::abs(a[0]));
    }
  }
}

TEST(CompiledComplex, PartsCompareConvertAndSelect) {
  const char *text = R"(
func.func @main(%x: tensor<4xf32>, %y: tensor<4xf32>, %h: tensor<4xf16>, %i: tensor<4xi32>) -> (tensor<4xcomplex<f32>>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xcomplex<f64>>, tensor<4xf16>, tensor<4xi1>, tensor<4xcomplex<f32>>, tensor<4xi32>, tensor<4xcomplex<f32>>, tensor<4xf32>) {
  %c = stablehlo.complex %x, %y : tensor<4xcomplex<f32>>
  %d = stablehlo.complex %y, %x : tensor<4xcomplex<f32>>
  %eq = stablehlo.compare EQ, %c, %d : (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<4xi1>
  %ne = stablehlo.compare NE, %c, %d : (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<4xi1>
  %lt = stablehlo.compare LT, %c, %d : (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<4xi1>
  %w = stablehlo.convert %c : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f64>>
  %n = stablehlo.convert %c : (tensor<4xcomplex<f32>>) -> tensor<4xf16>
  %p = stablehlo.convert %d : (tensor<4xcomplex<f32>>) -> tensor<4xi1>
  %fromh = stablehlo.convert %h : (tensor<4xf16>) -> tensor<4xcomplex<f32>>
  %toi = stablehlo.convert %c : (tensor<4xcomplex<f32>>) -> tensor<4xi32>
  %fromi = stablehlo.convert %i : (tensor<4xi32>) -> tensor<4xcomplex<f32>>
  %s = stablehlo.select %lt, %c, %d : tensor<4xi1>, tensor<4xcomplex<f32>>
  %sum = stablehlo.add %s, %fromi : tensor<4xcomplex<f32>>
  %im = stablehlo.imag %x : (tensor<4xf32>) -> tensor<4xf32>
  %re = stablehlo.real %sum : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  %r = stablehlo.add %re, %im : tensor<4xf32>
  return %c, %eq, %ne, %lt, %w, %n, %p, %fromh, %toi, %sum, %r : tensor<4xcomplex<f32>>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xcomplex<f64>>, tensor<4xf16>, tensor<4xi1>, tensor<4xcomplex<f32>>, tensor<4xi32>, tensor<4xcomplex<f32>>, tensor<4xf32>
})";
  auto out = runBothExact(
      text, {Tensor::fromVector<float>(ElementType::F32, {4},
                                       {1.0f, 2.0f, kNaN, -7.9f}),
             Tensor::fromVector<float>(ElementType::F32, {4},
                                       {1.0f, 3.0f, 0.0f, 0.0f}),
             Tensor::fromVector<uint16_t>(ElementType::F16, {4},
                                          {0x3C00, 0x7C00, 0x8000, 0x3555}),
             Tensor::fromVector<int32_t>(ElementType::I32, {4},
                                         {1, -2, 3, 1 << 30})});
  ASSERT_EQ(out.size(), 11u);
  EXPECT_EQ(out[0].data<c64>()[1], c64(2.0f, 3.0f));
  EXPECT_EQ(values<uint8_t>(out[1]), (std::vector<uint8_t>{1, 0, 0, 0}));
  EXPECT_EQ(values<uint8_t>(out[2]), (std::vector<uint8_t>{0, 1, 1, 1}));
  // (2, 3) < (3, 2); NaN compares false.
  EXPECT_EQ(values<uint8_t>(out[3]), (std::vector<uint8_t>{0, 1, 0, 1}));
  EXPECT_EQ(out[8].data<int32_t>()[3], -7);
}

TEST(CompiledComplex, ConstantsReductionsWindowsAndDataMovement) {
  const char *text = R"(
func.func @main(%a: tensor<4x3xcomplex<f32>>) -> (tensor<3xcomplex<f32>>, tensor<3x3xcomplex<f32>>, tensor<3x4xcomplex<f32>>, tensor<4xcomplex<f32>>) {
  %z = stablehlo.constant dense<(0.0, 0.0)> : tensor<complex<f32>>
  %k = stablehlo.constant dense<[(1.0, -1.0), (0.5, 2.0), (0.0, 1.0)]> : tensor<3xcomplex<f32>>
  %r = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [0] : (tensor<4x3xcomplex<f32>>, tensor<complex<f32>>) -> tensor<3xcomplex<f32>>
  %m = stablehlo.multiply %r, %k : tensor<3xcomplex<f32>>
  %w = "stablehlo.reduce_window"(%a, %z) <{window_dimensions = array<i64: 2, 1>, padding = dense<[[0, 0], [0, 0]]> : tensor<2x2xi64>}> ({
  ^bb0(%x: tensor<complex<f32>>, %y: tensor<complex<f32>>):
    %s = stablehlo.add %x, %y : tensor<complex<f32>>
    stablehlo.return %s : tensor<complex<f32>>
  }) : (tensor<4x3xcomplex<f32>>, tensor<complex<f32>>) -> tensor<3x3xcomplex<f32>>
  %t = stablehlo.transpose %a, dims = [1, 0] : (tensor<4x3xcomplex<f32>>) -> tensor<3x4xcomplex<f32>>
  %p = stablehlo.pad %r, %z, low = [1], high = [0], interior = [0] : (tensor<3xcomplex<f32>>, tensor<complex<f32>>) -> tensor<4xcomplex<f32>>
  %b = stablehlo.broadcast_in_dim %p, dims = [0] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return %m, %w, %t, %b : tensor<3xcomplex<f32>>, tensor<3x3xcomplex<f32>>, tensor<3x4xcomplex<f32>>, tensor<4xcomplex<f32>>
})";
  std::vector<c64> a;
  for (int i = 0; i < 12; ++i)
    a.push_back(c64(0.5f * i, 1.0f - i));
  auto out = runBothExact(
      text, {Tensor::fromVector<c64>(ElementType::C64, {4, 3}, a)});
  ASSERT_EQ(out.size(), 4u);
  c64 col0 = a[0] + a[3] + a[6] + a[9];
  EXPECT_EQ(out[0].data<c64>()[0], col0 * c64(1.0f, -1.0f));
  EXPECT_EQ(out[1].data<c64>()[4], a[4] + a[7]);
  EXPECT_EQ(out[2].data<c64>()[1], a[3]);
  EXPECT_EQ(out[3].data<c64>()[0], c64(0.0f, 0.0f));
}

TEST(CompiledComplex, ReportNamesTheFormsLeftToTheInterpreter) {
  const char *text = R"(
func.func @main(%a: tensor<2xcomplex<f32>>) -> (tensor<2xcomplex<f32>>, tensor<2xi1>) {
  %0 = stablehlo.tanh %a : tensor<2xcomplex<f32>>
  %1 = stablehlo.compare GT, %a, %a, TOTALORDER : (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> tensor<2xi1>
  return %0, %1 : tensor<2xcomplex<f32>>, tensor<2xi1>
})";
  auto compiled = make(text, ExecMode::Auto);
  const std::string &report = compiled->compileReport();
  for (const char *line :
       {"interpreted: stablehlo.tanh x1: complex form is not compiled",
        "interpreted: stablehlo.compare x1: TOTALORDER comparison is not "
        "compiled"})
    EXPECT_NE(report.find(line), std::string::npos) << line << "\n" << report;
}

} // namespace
