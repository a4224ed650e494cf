//===- TypesTests.cpp - element-type ops against hand results -------------===//
#include "TestUtil.h"

#include <cmath>
#include <complex>
#include <cstring>

using namespace sdy::runtime;
using namespace sdy::runtime::test;

namespace {
Tensor u32(Shape shape, const std::vector<uint32_t> &v) {
  return Tensor::fromVector(ElementType::U32, std::move(shape), v);
}
// bitcast_convert of `x` from tensor<FROM> to tensor<TO>.
Tensor bitcast(const std::string &from, const std::string &to,
               const Tensor &x) {
  auto r = run1("func.func @main(%a: tensor<" + from + ">) -> tensor<" + to +
                    "> {\n  %0 = stablehlo.bitcast_convert %a : (tensor<" +
                    from + ">) -> tensor<" + to + ">\n  return %0 : tensor<" +
                    to + ">\n}\n",
                {x});
  return r.empty() ? Tensor() : r[0];
}
} // namespace

TEST(Types, BitcastConvert) {
  // 0x3f800000 is 1.0f, 0xc0000000 is -2.0f.
  expectTensor(bitcast("2xui32", "2xf32", u32({2}, {0x3f800000u, 0xc0000000u})),
               ElementType::F32, {2}, {1.0, -2.0});
  // Little-endian: the low byte comes first in the new trailing dimension.
  expectTensor(
      bitcast("2xui32", "2x4xui8", u32({2}, {0x04030201u, 0xa0b0c0d0u})),
      ElementType::U8, {2, 4}, {1, 2, 3, 4, 0xd0, 0xc0, 0xb0, 0xa0});
  expectTensor(
      bitcast("1x2xi16", "1xi32", make(ElementType::I16, {1, 2}, {1, -1})),
      ElementType::I32, {1}, {double(int32_t(0xffff0001u))});
}

namespace {
Tensor c64(Shape shape, const std::vector<std::complex<float>> &v) {
  return Tensor::fromVector(ElementType::C64, std::move(shape), v);
}
void expectComplex(const Tensor &t, ElementType type, Shape shape,
                   const std::vector<std::complex<double>> &v,
                   double tol = 1e-5) {
  ASSERT_TRUE(t.valid());
  EXPECT_EQ(t.type(), type) << elementTypeName(t.type());
  ASSERT_EQ(t.shape(), shape);
  ASSERT_EQ((int64_t)v.size(), t.numElements());
  for (size_t i = 0; i < v.size(); ++i) {
    EXPECT_NEAR(t.getDouble(i), v[i].real(), tol) << "re " << i;
    EXPECT_NEAR(t.getImag(i), v[i].imag(), tol) << "im " << i;
  }
}
std::string module(const std::string &args, const std::string &result,
                   const std::string &body) {
  return "func.func @main(" + args + ") -> " + result + " {\n" + body + "\n}\n";
}
// Runs a module expected to fail and returns the error message.
std::string runError(const std::string &text, const std::vector<Tensor> &in) {
  auto exe = compile(text);
  if (!exe)
    return "no executable";
  std::vector<Tensor> out;
  Status s = exe->runSingle(in, out);
  EXPECT_FALSE(s.isOk());
  return s.message();
}
} // namespace

TEST(Types, ComplexArithmetic) {
  Tensor a = c64({2}, {{1, 2}, {3, -4}}), b = c64({2}, {{0, 1}, {2, 0}});
  auto binary = [&](const std::string &op) {
    auto r = run1(module("%a: tensor<2xcomplex<f32>>, %b: "
                         "tensor<2xcomplex<f32>>",
                         "tensor<2xcomplex<f32>>",
                         "  %0 = stablehlo." + op +
                             " %a, %b : tensor<2xcomplex<f32>>\n"
                             "  return %0 : tensor<2xcomplex<f32>>"),
                  {a, b});
    return r.empty() ? Tensor() : r[0];
  };
  expectComplex(binary("add"), ElementType::C64, {2}, {{1, 3}, {5, -4}});
  expectComplex(binary("subtract"), ElementType::C64, {2}, {{1, 1}, {1, -4}});
  // (1+2i)i = -2+i; (3-4i)2 = 6-8i; (1+2i)/i = 2-i; (3-4i)/2 = 1.5-2i.
  expectComplex(binary("multiply"), ElementType::C64, {2}, {{-2, 1}, {6, -8}});
  expectComplex(binary("divide"), ElementType::C64, {2}, {{2, -1}, {1.5, -2}});

  auto unary = [&](const std::string &op, const std::string &rt) {
    auto r = run1(module("%a: tensor<2xcomplex<f32>>", "tensor<2x" + rt + ">",
                         "  %0 = stablehlo." + op +
                             " %a : (tensor<2xcomplex<f32>>) -> tensor<2x" +
                             rt + ">\n  return %0 : tensor<2x" + rt + ">"),
                  {a});
    return r.empty() ? Tensor() : r[0];
  };
  expectTensor(unary("abs", "f32"), ElementType::F32, {2}, {std::sqrt(5.0), 5});
  expectTensor(unary("real", "f32"), ElementType::F32, {2}, {1, 3});
  expectTensor(unary("imag", "f32"), ElementType::F32, {2}, {2, -4});
  expectComplex(unary("negate", "complex<f32>"), ElementType::C64, {2},
                {{-1, -2}, {-3, 4}});
  expectComplex(unary("sign", "complex<f32>"), ElementType::C64, {2},
                {{1 / std::sqrt(5.0), 2 / std::sqrt(5.0)}, {0.6, -0.8}});
  // exp(i pi) = -1; exp(ln 2) = 2.
  auto e = run1(module("%a: tensor<2xcomplex<f64>>", "tensor<2xcomplex<f64>>",
                       "  %0 = stablehlo.exponential %a : "
                       "tensor<2xcomplex<f64>>\n"
                       "  return %0 : tensor<2xcomplex<f64>>"),
                {Tensor::fromVector(ElementType::C128, {2},
                                    std::vector<std::complex<double>>{
                                        {0, M_PI}, {std::log(2.0), 0}})});
  ASSERT_EQ(e.size(), 1u);
  expectComplex(e[0], ElementType::C128, {2}, {{-1, 0}, {2, 0}}, 1e-12);
}

TEST(Types, ComplexFromPartsAndCompare) {
  auto r = run1(
      module("%re: tensor<2xf32>, %im: tensor<2xf32>",
             "(tensor<2xcomplex<f32>>, tensor<2xi1>, tensor<2xi1>)",
             "  %0 = stablehlo.complex %re, %im : tensor<2xcomplex<f32>>\n"
             "  %c = stablehlo.constant dense<[(1.0, 2.0), (3.0, 5.0)]> : "
             "tensor<2xcomplex<f32>>\n"
             "  %1 = stablehlo.compare EQ, %0, %c : (tensor<2xcomplex<f32>>, "
             "tensor<2xcomplex<f32>>) -> tensor<2xi1>\n"
             "  %2 = stablehlo.compare NE, %0, %c : (tensor<2xcomplex<f32>>, "
             "tensor<2xcomplex<f32>>) -> tensor<2xi1>\n"
             "  return %0, %1, %2 : tensor<2xcomplex<f32>>, tensor<2xi1>, "
             "tensor<2xi1>"),
      {f32({2}, {1, 3}), f32({2}, {2, 4})});
  ASSERT_EQ(r.size(), 3u);
  expectComplex(r[0], ElementType::C64, {2}, {{1, 2}, {3, 4}});
  expectTensor(r[1], ElementType::Pred, {2}, {1, 0});
  expectTensor(r[2], ElementType::Pred, {2}, {0, 1});
}

TEST(Types, ComplexConvert) {
  // Real to complex has a zero imaginary part; complex to real keeps the
  // real part.
  auto r = run1(module("%a: tensor<2xi32>, %c: tensor<2xcomplex<f32>>",
                       "(tensor<2xcomplex<f64>>, tensor<2xf32>)",
                       "  %0 = stablehlo.convert %a : (tensor<2xi32>) -> "
                       "tensor<2xcomplex<f64>>\n"
                       "  %1 = stablehlo.convert %c : (tensor<2xcomplex<f32>>) "
                       "-> tensor<2xf32>\n"
                       "  return %0, %1 : tensor<2xcomplex<f64>>, "
                       "tensor<2xf32>"),
                {i32({2}, {3, -7}), c64({2}, {{1.5f, 2}, {-2, 9}})});
  ASSERT_EQ(r.size(), 2u);
  expectComplex(r[0], ElementType::C128, {2}, {{3, 0}, {-7, 0}});
  expectTensor(r[1], ElementType::F32, {2}, {1.5, -2});
}

TEST(Types, Fft) {
  // x = [1, 2, 3, 4]: X = [10, -2+2i, -2, -2-2i].
  Tensor x = c64({1, 4}, {{1, 0}, {2, 0}, {3, 0}, {4, 0}});
  auto r =
      run1(module("%a: tensor<1x4xcomplex<f32>>, %r: tensor<1x4xf32>",
                  "(tensor<1x4xcomplex<f32>>, tensor<1x4xcomplex<f32>>, "
                  "tensor<1x3xcomplex<f32>>, tensor<1x4xf32>)",
                  "  %0 = stablehlo.fft %a, type = FFT, length = [4] : "
                  "(tensor<1x4xcomplex<f32>>) -> tensor<1x4xcomplex<f32>>\n"
                  "  %1 = stablehlo.fft %0, type = IFFT, length = [4] : "
                  "(tensor<1x4xcomplex<f32>>) -> tensor<1x4xcomplex<f32>>\n"
                  "  %2 = stablehlo.fft %r, type = RFFT, length = [4] : "
                  "(tensor<1x4xf32>) -> tensor<1x3xcomplex<f32>>\n"
                  "  %3 = stablehlo.fft %2, type = IRFFT, length = [4] : "
                  "(tensor<1x3xcomplex<f32>>) -> tensor<1x4xf32>\n"
                  "  return %0, %1, %2, %3 : tensor<1x4xcomplex<f32>>, "
                  "tensor<1x4xcomplex<f32>>, tensor<1x3xcomplex<f32>>, "
                  "tensor<1x4xf32>"),
           {x, f32({1, 4}, {1, 2, 3, 4})});
  ASSERT_EQ(r.size(), 4u);
  expectComplex(r[0], ElementType::C64, {1, 4},
                {{10, 0}, {-2, 2}, {-2, 0}, {-2, -2}});
  expectComplex(r[1], ElementType::C64, {1, 4},
                {{1, 0}, {2, 0}, {3, 0}, {4, 0}});
  expectComplex(r[2], ElementType::C64, {1, 3}, {{10, 0}, {-2, 2}, {-2, 0}});
  expectTensor(r[3], ElementType::F32, {1, 4}, {1, 2, 3, 4});

  // 2-D: [[1, 2], [3, 4]] -> [[10, -2], [-4, 0]].
  auto d =
      run1(module("%a: tensor<2x2xcomplex<f32>>", "tensor<2x2xcomplex<f32>>",
                  "  %0 = stablehlo.fft %a, type = FFT, length = [2, 2] "
                  ": (tensor<2x2xcomplex<f32>>) -> "
                  "tensor<2x2xcomplex<f32>>\n"
                  "  return %0 : tensor<2x2xcomplex<f32>>"),
           {c64({2, 2}, {{1, 0}, {2, 0}, {3, 0}, {4, 0}})});
  ASSERT_EQ(d.size(), 1u);
  expectComplex(d[0], ElementType::C64, {2, 2},
                {{10, 0}, {-2, 0}, {-4, 0}, {0, 0}});
}

TEST(Types, NarrowFloatConvert) {
  // Round to nearest even (1.0625 -> 1, 1.1875 -> 1.25); overflow gives NaN
  // (FN types), infinity (IEEE-like types) or saturates (f4/f6).
  struct Case {
    const char *type;
    std::vector<uint8_t> bits;
  };
  std::vector<double> in = {1.0,  1.0625, 1.1875, 500.0, 1e6,
                            -0.0, 0.3,    7.0,    -3.3};
  std::vector<Case> cases = {
      {"f8E4M3FN", {0x38, 0x38, 0x3a, 0x7f, 0x7f, 0x80, 0x2a, 0x4e, 0xc5}},
      {"f8E5M2", {0x3c, 0x3c, 0x3d, 0x60, 0x7c, 0x80, 0x35, 0x47, 0xc3}},
      {"f8E4M3FNUZ", {0x40, 0x40, 0x42, 0x80, 0x80, 0x0, 0x32, 0x56, 0xcd}},
      {"f8E5M2FNUZ", {0x40, 0x40, 0x41, 0x64, 0x80, 0x0, 0x39, 0x4b, 0xc7}},
      {"f8E4M3B11FNUZ", {0x58, 0x58, 0x5a, 0x80, 0x80, 0x0, 0x4a, 0x6e, 0xe5}},
      {"f8E4M3", {0x38, 0x38, 0x3a, 0x78, 0x78, 0x80, 0x2a, 0x4e, 0xc5}},
      {"f8E3M4", {0x30, 0x31, 0x33, 0x70, 0x70, 0x80, 0x13, 0x5c, 0xca}},
      {"f4E2M1FN", {0x2, 0x2, 0x2, 0x7, 0x7, 0x8, 0x1, 0x7, 0xd}},
      {"f6E2M3FN", {0x8, 0x8, 0xa, 0x1f, 0x1f, 0x20, 0x2, 0x1e, 0x35}},
      {"f6E3M2FN", {0xc, 0xc, 0xd, 0x1f, 0x1f, 0x20, 0x5, 0x17, 0x33}}};
  for (const Case &c : cases) {
    SCOPED_TRACE(c.type);
    std::string t = std::string("tensor<9x") + c.type + ">";
    auto r = run1(module("%a: tensor<9xf32>", "(" + t + ", tensor<9xf32>)",
                         "  %0 = stablehlo.convert %a : (tensor<9xf32>) -> " +
                             t + "\n  %1 = stablehlo.convert %0 : (" + t +
                             ") -> tensor<9xf32>\n  return %0, %1 : " + t +
                             ", tensor<9xf32>"),
                  {f32({9}, in)});
    ASSERT_EQ(r.size(), 2u);
    ASSERT_EQ(r[0].byteSize(), 9u);
    for (size_t i = 0; i < 9; ++i)
      EXPECT_EQ(r[0].data<uint8_t>()[i], c.bits[i]) << "element " << i;
  }
}

TEST(Types, NarrowFloatArithmetic) {
  // Computed in f32 and rounded back: 1.25 + 1.25 = 2.5; 448 + 448
  // overflows to NaN in f8E4M3FN.
  auto r = run1(module("%a: tensor<2xf32>", "tensor<2xf32>",
                       "  %0 = stablehlo.convert %a : (tensor<2xf32>) -> "
                       "tensor<2xf8E4M3FN>\n"
                       "  %1 = stablehlo.add %0, %0 : tensor<2xf8E4M3FN>\n"
                       "  %2 = stablehlo.convert %1 : (tensor<2xf8E4M3FN>) -> "
                       "tensor<2xf32>\n"
                       "  return %2 : tensor<2xf32>"),
                {f32({2}, {1.25, 448})});
  ASSERT_EQ(r.size(), 1u);
  expectTensor(r[0], ElementType::F32, {2}, {2.5, NAN});
}

TEST(Types, SubByteIntegers) {
  // Wrap-around to the width: 7 + 1 = -8 in i4; 15 * 2 = 14 in ui4;
  // i32 9 -> i4 -7; f32 100 -> i4 saturates to 7.
  auto r = run1(
      module("%a: tensor<2xi32>, %f: tensor<2xf32>",
             "(tensor<2xi4>, tensor<2xui4>, tensor<2xi4>, tensor<2xi4>, "
             "tensor<2xi32>)",
             "  %c = stablehlo.constant dense<[7, -8]> : tensor<2xi4>\n"
             "  %d = stablehlo.constant dense<[1, -1]> : tensor<2xi4>\n"
             "  %0 = stablehlo.add %c, %d : tensor<2xi4>\n"
             "  %u = stablehlo.constant dense<[15, 3]> : tensor<2xui4>\n"
             "  %v = stablehlo.constant dense<[2, 6]> : tensor<2xui4>\n"
             "  %1 = stablehlo.multiply %u, %v : tensor<2xui4>\n"
             "  %2 = stablehlo.convert %a : (tensor<2xi32>) -> tensor<2xi4>\n"
             "  %3 = stablehlo.convert %f : (tensor<2xf32>) -> tensor<2xi4>\n"
             "  %4 = stablehlo.convert %c : (tensor<2xi4>) -> tensor<2xi32>\n"
             "  return %0, %1, %2, %3, %4 : tensor<2xi4>, tensor<2xui4>, "
             "tensor<2xi4>, tensor<2xi4>, tensor<2xi32>"),
      {i32({2}, {9, -9}), f32({2}, {100, -100})});
  ASSERT_EQ(r.size(), 5u);
  expectTensor(r[0], ElementType::I4, {2}, {-8, 7});
  expectTensor(r[1], ElementType::U4, {2}, {14, 2});
  expectTensor(r[2], ElementType::I4, {2}, {-7, 7});
  expectTensor(r[3], ElementType::I4, {2}, {7, -8});
  expectTensor(r[4], ElementType::I32, {2}, {7, -8});
}

TEST(Types, DataMovementOfNewTypes) {
  // Moved by byte size: transpose and concatenate of complex<f64> (16
  // bytes) and select of f8.
  auto r = run1(
      module("%a: tensor<2x2xcomplex<f64>>, %p: tensor<2xi1>",
             "(tensor<2x2xcomplex<f64>>, tensor<4x2xcomplex<f64>>, "
             "tensor<2xf32>)",
             "  %0 = stablehlo.transpose %a, dims = [1, 0] : "
             "(tensor<2x2xcomplex<f64>>) -> tensor<2x2xcomplex<f64>>\n"
             "  %1 = stablehlo.concatenate %a, %0, dim = 0 : "
             "(tensor<2x2xcomplex<f64>>, tensor<2x2xcomplex<f64>>) -> "
             "tensor<4x2xcomplex<f64>>\n"
             "  %x = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf8E5M2>\n"
             "  %y = stablehlo.constant dense<[3.0, 4.0]> : tensor<2xf8E5M2>\n"
             "  %s = stablehlo.select %p, %x, %y : tensor<2xi1>, "
             "tensor<2xf8E5M2>\n"
             "  %2 = stablehlo.convert %s : (tensor<2xf8E5M2>) -> "
             "tensor<2xf32>\n"
             "  return %0, %1, %2 : tensor<2x2xcomplex<f64>>, "
             "tensor<4x2xcomplex<f64>>, tensor<2xf32>"),
      {Tensor::fromVector(
           ElementType::C128, {2, 2},
           std::vector<std::complex<double>>{{1, 1}, {2, 2}, {3, 3}, {4, 4}}),
       make(ElementType::Pred, {2}, {1, 0})});
  ASSERT_EQ(r.size(), 3u);
  expectComplex(r[0], ElementType::C128, {2, 2},
                {{1, 1}, {3, 3}, {2, 2}, {4, 4}});
  expectComplex(
      r[1], ElementType::C128, {4, 2},
      {{1, 1}, {2, 2}, {3, 3}, {4, 4}, {1, 1}, {3, 3}, {2, 2}, {4, 4}});
  expectTensor(r[2], ElementType::F32, {2}, {1, 4});
}

TEST(Types, HexConstants) {
  auto r = run1(module("", "(tensor<4xi1>, tensor<2xi16>)",
                       "  %0 = stablehlo.constant dense<\"0x01000100\"> : "
                       "tensor<4xi1>\n"
                       "  %1 = stablehlo.constant dense<\"0x0100FFFF\"> : "
                       "tensor<2xi16>\n"
                       "  return %0, %1 : tensor<4xi1>, tensor<2xi16>"));
  ASSERT_EQ(r.size(), 2u);
  expectTensor(r[0], ElementType::Pred, {4}, {1, 0, 1, 0});
  expectTensor(r[1], ElementType::I16, {2}, {1, -1});
}

TEST(Types, UnsupportedGivesClearErrors) {
  Tensor a = c64({2}, {{1, 2}, {3, -4}});
  std::string msg =
      runError(module("%a: tensor<2xcomplex<f32>>", "tensor<2xcomplex<f32>>",
                      "  %0 = chlo.bessel_i1e %a : tensor<2xcomplex<f32>> -> "
                      "tensor<2xcomplex<f32>>\n"
                      "  return %0 : tensor<2xcomplex<f32>>"),
               {a});
  EXPECT_NE(msg.find("'chlo.bessel_i1e' on complex numbers: StableHLO's CHLO "
                     "legalization and XLA have no complex bessel_i1e"),
            std::string::npos)
      << msg;
  // An op whose kernel handles the core types and the narrow floats only.
  msg = runError(
      module("%a: tensor<i4>, %b: tensor<i4>", "tensor<3xi4>",
             "  %s = stablehlo.constant dense<3> : tensor<1xi64>\n"
             "  %0 = stablehlo.rng %a, %b, %s, distribution = UNIFORM : "
             "(tensor<i4>, tensor<i4>, tensor<1xi64>) -> tensor<3xi4>\n"
             "  return %0 : tensor<3xi4>"),
      {Tensor::zeros(ElementType::I4, {}), Tensor::zeros(ElementType::I4, {})});
  EXPECT_NE(msg.find("element type i4 is not supported by 'stablehlo.rng'"),
            std::string::npos)
      << msg;
}

TEST(Types, DotOfNewTypes) {
  // (1+2i)i + (3-4i)2 = 4-7i.
  Tensor a = c64({2}, {{1, 2}, {3, -4}}), b = c64({2}, {{0, 1}, {2, 0}});
  auto r = run1(module("%a: tensor<2xcomplex<f32>>, %b: "
                       "tensor<2xcomplex<f32>>",
                       "tensor<complex<f32>>",
                       "  %0 = stablehlo.dot %a, %b : "
                       "(tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> "
                       "tensor<complex<f32>>\n"
                       "  return %0 : tensor<complex<f32>>"),
                {a, b});
  ASSERT_EQ(r.size(), 1u);
  expectComplex(r[0], ElementType::C64, {}, {{4, -7}});
  // A batched complex<f64> dot_general: [[1, i]] x [[i], [1]] = 2i and
  // [[2, 0]] x [[1], [5]] = 2.
  auto z = run1(
      module("%a: tensor<2x1x2xcomplex<f64>>, %b: tensor<2x2x1xcomplex<f64>>",
             "tensor<2x1x1xcomplex<f64>>",
             "  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], "
             "contracting_dims = [2] x [1] : (tensor<2x1x2xcomplex<f64>>, "
             "tensor<2x2x1xcomplex<f64>>) -> tensor<2x1x1xcomplex<f64>>\n"
             "  return %0 : tensor<2x1x1xcomplex<f64>>"),
      {Tensor::fromVector(
           ElementType::C128, {2, 1, 2},
           std::vector<std::complex<double>>{{1, 0}, {0, 1}, {2, 0}, {0, 0}}),
       Tensor::fromVector(
           ElementType::C128, {2, 2, 1},
           std::vector<std::complex<double>>{{0, 1}, {1, 0}, {1, 0}, {5, 0}})});
  ASSERT_EQ(z.size(), 1u);
  expectComplex(z[0], ElementType::C128, {2, 1, 1}, {{0, 2}, {2, 0}}, 1e-12);
  // f8E4M3FN accumulates in f32 and rounds once: 16 + 1 + 1 = 18 (adding
  // in f8 would round 17 to 16 twice); i4 wraps (below).
  auto q = run1(
      module("%a: tensor<3xf32>, %b: tensor<2xi32>",
             "(tensor<f32>, tensor<i32>)",
             "  %x = stablehlo.convert %a : (tensor<3xf32>) -> "
             "tensor<3xf8E4M3FN>\n"
             "  %o = stablehlo.constant dense<1.0> : tensor<3xf8E4M3FN>\n"
             "  %0 = stablehlo.dot %x, %o : (tensor<3xf8E4M3FN>, "
             "tensor<3xf8E4M3FN>) -> tensor<f8E4M3FN>\n"
             "  %1 = stablehlo.convert %0 : (tensor<f8E4M3FN>) -> tensor<f32>\n"
             "  %y = stablehlo.convert %b : (tensor<2xi32>) -> tensor<2xi4>\n"
             "  %2 = stablehlo.dot %y, %y : (tensor<2xi4>, tensor<2xi4>) -> "
             "tensor<i4>\n"
             "  %3 = stablehlo.convert %2 : (tensor<i4>) -> tensor<i32>\n"
             "  return %1, %3 : tensor<f32>, tensor<i32>"),
      {f32({3}, {16, 1, 1}), i32({2}, {3, 1})});
  ASSERT_EQ(q.size(), 2u);
  expectTensor(q[0], ElementType::F32, {}, {18});
  // 3 * 3 + 1 * 1 = 10, which wraps to -6 in i4.
  expectTensor(q[1], ElementType::I32, {}, {-6});
}

TEST(Types, ReduceOfNewTypes) {
  Tensor a = c64({2, 2}, {{1, 2}, {3, -4}, {0, 1}, {2, 0}});
  auto reduceC = [&](const std::string &op) {
    auto r =
        run1(module("%a: tensor<2x2xcomplex<f32>>", "tensor<2xcomplex<f32>>",
                    "  %z = stablehlo.constant dense<(0.0, 0.0)> : "
                    "tensor<complex<f32>>\n"
                    "  %0 = stablehlo.reduce(%a init: %z) applies stablehlo." +
                        op +
                        " across dimensions = [1] : (tensor<2x2xcomplex<f32>>, "
                        "tensor<complex<f32>>) -> tensor<2xcomplex<f32>>\n"
                        "  return %0 : tensor<2xcomplex<f32>>"),
             {a});
    return r.empty() ? Tensor() : r[0];
  };
  expectComplex(reduceC("add"), ElementType::C64, {2}, {{4, -2}, {2, 1}});
  // 0 * anything = 0.
  expectComplex(reduceC("multiply"), ElementType::C64, {2}, {{0, 0}, {0, 0}});
  // The same sum through a body the fast path does not know.
  auto g = run1(
      module(
          "%a: tensor<2x2xcomplex<f32>>", "tensor<2xcomplex<f32>>",
          "  %z = stablehlo.constant dense<(0.0, 0.0)> : "
          "tensor<complex<f32>>\n"
          "  %0 = stablehlo.reduce(%a init: %z) across dimensions = [1] : "
          "(tensor<2x2xcomplex<f32>>, tensor<complex<f32>>) -> "
          "tensor<2xcomplex<f32>>\n"
          "   reducer(%x: tensor<complex<f32>>, %y: tensor<complex<f32>>) {\n"
          "    %s = stablehlo.subtract %x, %y : tensor<complex<f32>>\n"
          "    stablehlo.return %s : tensor<complex<f32>>\n"
          "  }\n"
          "  return %0 : tensor<2xcomplex<f32>>"),
      {a});
  ASSERT_EQ(g.size(), 1u);
  // 0 - (1+2i) - (3-4i) = -4+2i; 0 - i - 2 = -2-i.
  expectComplex(g[0], ElementType::C64, {2}, {{-4, 2}, {-2, -1}});
  // f8 sums in f32 and rounds once (16 + 1 + 1 = 18); i4 wraps
  // (7 + 7 + 1 = 15 = -1).
  auto q = run1(
      module("%a: tensor<3xf32>, %b: tensor<3xi32>",
             "(tensor<f32>, tensor<i32>)",
             "  %x = stablehlo.convert %a : (tensor<3xf32>) -> "
             "tensor<3xf8E4M3FN>\n"
             "  %zf = stablehlo.constant dense<0.0> : tensor<f8E4M3FN>\n"
             "  %0 = stablehlo.reduce(%x init: %zf) applies stablehlo.add "
             "across dimensions = [0] : (tensor<3xf8E4M3FN>, "
             "tensor<f8E4M3FN>) -> tensor<f8E4M3FN>\n"
             "  %1 = stablehlo.convert %0 : (tensor<f8E4M3FN>) -> tensor<f32>\n"
             "  %y = stablehlo.convert %b : (tensor<3xi32>) -> tensor<3xi4>\n"
             "  %zi = stablehlo.constant dense<0> : tensor<i4>\n"
             "  %2 = stablehlo.reduce(%y init: %zi) applies stablehlo.add "
             "across dimensions = [0] : (tensor<3xi4>, tensor<i4>) -> "
             "tensor<i4>\n"
             "  %3 = stablehlo.convert %2 : (tensor<i4>) -> tensor<i32>\n"
             "  return %1, %3 : tensor<f32>, tensor<i32>"),
      {f32({3}, {16, 1, 1}), i32({3}, {7, 7, 1})});
  ASSERT_EQ(q.size(), 2u);
  expectTensor(q[0], ElementType::F32, {}, {18});
  expectTensor(q[1], ElementType::I32, {}, {-1});
}

TEST(Types, ComplexOrderAndNarrowTotalOrder) {
  // Lexicographic on (real, imag): max(1+2i, 1+3i) = 1+3i, max(2-5i, 1+9i)
  // = 2-5i; clamp(0+0i, x, 1+1i) keeps 1+0i and cuts 1+3i to 1+1i.
  Tensor a = c64({2}, {{1, 2}, {2, -5}}), b = c64({2}, {{1, 3}, {1, 9}});
  auto r = run1(
      module("%a: tensor<2xcomplex<f32>>, %b: tensor<2xcomplex<f32>>",
             "(tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>, "
             "tensor<2xcomplex<f32>>)",
             "  %0 = stablehlo.maximum %a, %b : tensor<2xcomplex<f32>>\n"
             "  %1 = stablehlo.minimum %a, %b : tensor<2xcomplex<f32>>\n"
             "  %lo = stablehlo.constant dense<(0.0, 0.0)> : "
             "tensor<complex<f32>>\n"
             "  %hi = stablehlo.constant dense<(1.0, 1.0)> : "
             "tensor<complex<f32>>\n"
             "  %x = stablehlo.constant dense<[(1.0, 0.0), (1.0, 3.0)]> : "
             "tensor<2xcomplex<f32>>\n"
             "  %2 = stablehlo.clamp %lo, %x, %hi : (tensor<complex<f32>>, "
             "tensor<2xcomplex<f32>>, tensor<complex<f32>>) -> "
             "tensor<2xcomplex<f32>>\n"
             "  return %0, %1, %2 : tensor<2xcomplex<f32>>, "
             "tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>"),
      {a, b});
  ASSERT_EQ(r.size(), 3u);
  expectComplex(r[0], ElementType::C64, {2}, {{1, 3}, {2, -5}});
  expectComplex(r[1], ElementType::C64, {2}, {{1, 2}, {1, 9}});
  expectComplex(r[2], ElementType::C64, {2}, {{1, 0}, {1, 1}});
  // TOTALORDER of f8E5M2: -0 < +0 and +NaN > +inf, unlike the float order.
  auto t = run1(
      module("%a: tensor<2xf32>, %b: tensor<2xf32>",
             "(tensor<2xi1>, tensor<2xi1>, tensor<2xi1>)",
             "  %x = stablehlo.convert %a : (tensor<2xf32>) -> "
             "tensor<2xf8E5M2>\n"
             "  %y = stablehlo.convert %b : (tensor<2xf32>) -> "
             "tensor<2xf8E5M2>\n"
             "  %0 = stablehlo.compare LT, %x, %y, TOTALORDER : "
             "(tensor<2xf8E5M2>, tensor<2xf8E5M2>) -> tensor<2xi1>\n"
             "  %1 = stablehlo.compare GT, %x, %y, TOTALORDER : "
             "(tensor<2xf8E5M2>, tensor<2xf8E5M2>) -> tensor<2xi1>\n"
             "  %2 = stablehlo.compare LT, %x, %y, FLOAT : "
             "(tensor<2xf8E5M2>, tensor<2xf8E5M2>) -> tensor<2xi1>\n"
             "  return %0, %1, %2 : tensor<2xi1>, tensor<2xi1>, tensor<2xi1>"),
      {f32({2}, {-0.0, NAN}), f32({2}, {0.0, INFINITY})});
  ASSERT_EQ(t.size(), 3u);
  expectTensor(t[0], ElementType::Pred, {2}, {1, 0});
  expectTensor(t[1], ElementType::Pred, {2}, {0, 1});
  expectTensor(t[2], ElementType::Pred, {2}, {0, 0});
}
