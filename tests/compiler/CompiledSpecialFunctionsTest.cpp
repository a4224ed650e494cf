//===- CompiledSpecialFunctionsTest.cpp - lgamma, digamma, erf_inv, ... ---===//
//
// chlo.lgamma, digamma, erf_inv, bessel_i1e, zeta and polygamma, compiled:
// the kernels call the interpreter's own functions in f64 and round once,
// so the results are bit-identical on f64, f32, f16 and bf16, at the poles,
// outside the domains and at the infinities too; the values are checked
// against known ones.
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

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kPi = 3.14159265358979323846;

// `op` on an f64, f32, f16 and bf16 operand (unary, or binary on the same
// operand twice when `binary`).
std::string program(const std::string &op, bool binary, int64_t n) {
  std::string s = std::to_string(n);
  std::string text = "func.func @main(%d: tensor<" + s + "xf64>, %f: tensor<" +
                     s + "xf32>, %h: tensor<" + s + "xf16>, %b: tensor<" + s +
                     "xbf16>) -> (tensor<" + s + "xf64>, tensor<" + s +
                     "xf32>, tensor<" + s + "xf16>, tensor<" + s +
                     "xbf16>) {\n";
  const char *names[] = {"d", "f", "h", "b"};
  const char *types[] = {"f64", "f32", "f16", "bf16"};
  for (int i = 0; i < 4; ++i) {
    std::string t = "tensor<" + s + "x" + types[i] + ">";
    std::string x = std::string("%") + names[i];
    text += "  %" + std::to_string(i) + " = chlo." + op + " " + x +
            (binary ? ", " + x + " : " + t + ", " + t : " : " + t) + " -> " +
            t + "\n";
  }
  text += "  return %0, %1, %2, %3 : tensor<" + s + "xf64>, tensor<" + s +
          "xf32>, tensor<" + s + "xf16>, tensor<" + s + "xbf16>\n}\n";
  return text;
}

// The inputs of `program`: `x` in each type (f16 and bf16 rounded from
// float).
std::vector<Tensor> inputs(const std::vector<double> &x) {
  std::vector<float> f(x.begin(), x.end());
  std::vector<uint16_t> h, b;
  for (float v : f) {
    h.push_back(floatToHalf(v));
    b.push_back(floatToBf16(v));
  }
  return {
      Tensor::fromVector<double>(ElementType::F64, {int64_t(x.size())}, x),
      Tensor::fromVector<float>(ElementType::F32, {int64_t(x.size())}, f),
      Tensor::fromVector<uint16_t>(ElementType::F16, {int64_t(x.size())}, h),
      Tensor::fromVector<uint16_t>(ElementType::BF16, {int64_t(x.size())}, b)};
}

void expectNear(double got, double want, double tolerance) {
  if (std::isnan(want))
    EXPECT_TRUE(std::isnan(got)) << got;
  else if (std::isinf(want))
    EXPECT_EQ(got, want);
  else
    EXPECT_NEAR(got, want, tolerance * std::max(1.0, std::fabs(want)));
}

TEST(CompiledSpecialFunctions, LgammaAtPolesAndNegativeArguments) {
  std::vector<double> x = {0.5,  1.0,  2.0,   0.0,  -1.0,  -2.5,
                           30.0, kInf, -kInf, kNaN, 1e-30, 171.5};
  auto out = runBothExact(program("lgamma", false, x.size()), inputs(x));
  ASSERT_EQ(out.size(), 4u);
  const double *d = out[0].data<double>();
  expectNear(d[0], 0.5 * std::log(kPi), 1e-15);
  expectNear(d[1], 0.0, 1e-15);
  expectNear(d[2], 0.0, 1e-15);
  EXPECT_EQ(d[3], kInf);
  EXPECT_EQ(d[4], kInf);
  // |Gamma(-2.5)| = 0.9453087205...
  expectNear(d[5], std::log(0.94530872048294188), 1e-14);
  EXPECT_EQ(d[7], kInf);
  EXPECT_EQ(d[8], kInf);
  EXPECT_TRUE(std::isnan(d[9]));
  expectNear(out[1].data<float>()[0], 0.5 * std::log(kPi), 1e-7);
}

TEST(CompiledSpecialFunctions, DigammaReflectsAndIsNaNAtThePoles) {
  std::vector<double> x = {1.0,  0.5,  0.0,   -1.0, -0.5,
                           12.0, kInf, -kInf, kNaN, -3.75};
  auto out = runBothExact(program("digamma", false, x.size()), inputs(x));
  ASSERT_EQ(out.size(), 4u);
  const double *d = out[0].data<double>();
  const double euler = 0.57721566490153286;
  expectNear(d[0], -euler, 1e-15);
  expectNear(d[1], -euler - 2 * std::log(2.0), 1e-15);
  EXPECT_TRUE(std::isnan(d[2]));
  EXPECT_TRUE(std::isnan(d[3]));
  // psi(-1/2) = psi(1/2) + 2.
  expectNear(d[4], -euler - 2 * std::log(2.0) + 2, 1e-14);
  EXPECT_EQ(d[6], kInf);
  EXPECT_TRUE(std::isnan(d[7]));
  EXPECT_TRUE(std::isnan(d[8]));
}

TEST(CompiledSpecialFunctions, ErfInvInvertsErfUpToItsEnds) {
  std::vector<double> x = {0.0,  0.5, -0.5, 0.999, -0.99999, 1.0,
                           -1.0, 1.5, kNaN, -0.0,  1e-10};
  auto out = runBothExact(program("erf_inv", false, x.size()), inputs(x));
  ASSERT_EQ(out.size(), 4u);
  const double *d = out[0].data<double>();
  EXPECT_EQ(d[0], 0.0);
  expectNear(d[1], 0.47693627620446987, 1e-15);
  expectNear(d[2], -0.47693627620446987, 1e-15);
  expectNear(std::erf(d[3]), 0.999, 1e-15);
  EXPECT_EQ(d[5], kInf);
  EXPECT_EQ(d[6], -kInf);
  EXPECT_TRUE(std::isnan(d[7]));
  EXPECT_TRUE(std::isnan(d[8]));
  EXPECT_TRUE(std::signbit(d[9]));
}

TEST(CompiledSpecialFunctions, BesselI1eIsOddAndVanishesAtInfinity) {
  std::vector<double> x = {0.0, 1.0, -1.0, 40.0, kInf, -kInf, kNaN, 1e-5};
  auto out = runBothExact(program("bessel_i1e", false, x.size()), inputs(x));
  ASSERT_EQ(out.size(), 4u);
  const double *d = out[0].data<double>();
  EXPECT_EQ(d[0], 0.0);
  // I1(1) e^-1 = 0.5651591039924850 * 0.36787944117144233.
  expectNear(d[1], 0.56515910399248503 * 0.36787944117144233, 1e-15);
  EXPECT_EQ(d[2], -d[1]);
  EXPECT_EQ(d[4], 0.0);
  EXPECT_EQ(d[5], 0.0);
  EXPECT_TRUE(std::signbit(d[5]));
  EXPECT_TRUE(std::isnan(d[6]));
}

TEST(CompiledSpecialFunctions, ZetaAndPolygamma) {
  // zeta(s, s) and polygamma(n, n) on the same operand.
  std::vector<double> x = {2.0, 1.0, 0.5, 3.0, kNaN, kInf, 4.0, 1.5};
  auto z = runBothExact(program("zeta", true, x.size()), inputs(x));
  ASSERT_EQ(z.size(), 4u);
  const double *d = z[0].data<double>();
  // zeta(2, 2) = pi^2 / 6 - 1.
  expectNear(d[0], kPi * kPi / 6 - 1, 1e-14);
  EXPECT_EQ(d[1], kInf);
  EXPECT_TRUE(std::isnan(d[2]));
  EXPECT_TRUE(std::isnan(d[4]));
  auto p = runBothExact(program("polygamma", true, x.size()), inputs(x));
  ASSERT_EQ(p.size(), 4u);
  const double *q = p[0].data<double>();
  // polygamma(1, 1) = pi^2 / 6; polygamma(2, 2) = -2 zeta(3, 2).
  expectNear(q[1], kPi * kPi / 6, 1e-14);
  expectNear(q[0], -2 * (1.2020569031595943 - 1), 1e-14);
  EXPECT_TRUE(std::isnan(q[2])); // n is not an integer
  EXPECT_TRUE(std::isnan(q[4]));
}

TEST(CompiledSpecialFunctions, FusedWithElementwiseOpsInRowBlocks) {
  // Large enough to run in row blocks on the thread pool, fused with the
  // ops around it: each block calls the runtime's function.
  const int64_t rows = 256, cols = 64;
  std::string t = "tensor<256x64xf32>";
  std::string text = "func.func @main(%x: " + t + ") -> " + t +
                     " {\n"
                     "  %0 = stablehlo.abs %x : " +
                     t +
                     "\n"
                     "  %1 = chlo.lgamma %0 : " +
                     t + " -> " + t +
                     "\n"
                     "  %2 = chlo.digamma %1 : " +
                     t + " -> " + t +
                     "\n"
                     "  %3 = stablehlo.add %2, %x : " +
                     t + "\n  return %3 : " + t + "\n}\n";
  std::vector<float> x(rows * cols);
  for (size_t i = 0; i < x.size(); ++i)
    x[i] = 0.01f * static_cast<float>(i % 997) - 3.0f;
  auto out = runBothExact(
      text, {Tensor::fromVector<float>(ElementType::F32, {rows, cols}, x)});
  ASSERT_EQ(out.size(), 1u);
}

TEST(CompiledSpecialFunctions, ReportNamesTheFormsLeftToTheInterpreter) {
  // bessel_i1e's verifier takes complex operands, which are not compiled.
  const char *text = R"(
func.func @main(%c: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
  %0 = chlo.bessel_i1e %c : tensor<2xcomplex<f32>> -> tensor<2xcomplex<f32>>
  return %0 : tensor<2xcomplex<f32>>
})";
  ExecutableOptions opts;
  opts.execMode = ExecMode::Auto;
  std::unique_ptr<Executable> exe;
  ASSERT_TRUE(Executable::fromText(text, opts, exe).isOk());
  const std::string &report = exe->compileReport();
  EXPECT_NE(report.find("interpreted: chlo.bessel_i1e x1: complex form is "
                        "not compiled"),
            std::string::npos)
      << report;
}

} // namespace
