//===- ConvolutionTests.cpp - stablehlo.convolution against hand results --===//
//
// Small convolutions whose results are worked out by hand (in the comments)
// for every numeric element type, each window attribute, groups and
// layouts; then a larger f32 case (the BLAS path) against a direct loop.
//
//===----------------------------------------------------------------------===//
#include "TestUtil.h"

#include <random>

using namespace sdy::runtime;
using namespace sdy::runtime::test;

namespace {

// A 1-D convolution of lhs `LHS` (b, 0, f) with kernel `RHS` (0, i, o).
std::string conv1d(const std::string &window, const std::string &lhs,
                   const std::string &rhs, const std::string &result,
                   ElementType t, int64_t featureGroups = 1,
                   int64_t batchGroups = 1) {
  std::string s = R"(
func.func @main(%a: tensor<LHSxTY>, %b: tensor<RHSxTY>) -> tensor<RESxTY> {
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {WINDOW} {batch_group_count = BG : i64, feature_group_count = FG : i64} : (tensor<LHSxTY>, tensor<RHSxTY>) -> tensor<RESxTY>
  return %0 : tensor<RESxTY>
}
)";
  s = replaceAll(s, "WINDOW", window);
  s = replaceAll(s, "LHS", lhs);
  s = replaceAll(s, "RHS", rhs);
  s = replaceAll(s, "RES", result);
  s = replaceAll(s, "BG", std::to_string(batchGroups));
  s = replaceAll(s, "FG", std::to_string(featureGroups));
  return replaceAll(s, "TY", elementTypeName(t));
}

} // namespace

TEST(Convolution, WindowAttributesAllNumericTypes) {
  for (ElementType t : numericTypes()) {
    SCOPED_TRACE(elementTypeName(t));
    // lhs [1, 2, 3, 4], kernel [1, 10] (tap 0 then tap 1).
    Tensor x = make(t, {1, 4, 1}, {1, 2, 3, 4});
    Tensor k = make(t, {2, 1, 1}, {1, 10});
    auto one = [&](const std::string &window, int64_t outSize) {
      std::string size = "1x" + std::to_string(outSize) + "x1";
      auto r = run1(conv1d(window, "1x4x1", "2x1x1", size, t), {x, k});
      return r.empty() ? Tensor() : r[0];
    };
    // Valid: 1+20, 2+30, 3+40.
    expectTensor(one("", 3), t, {1, 3, 1}, {21, 32, 43});
    // Stride 2 over [0, 1, 2, 3, 4, 0]: 0+10, 2+30, 4+0.
    expectTensor(one("stride = [2], pad = [[1, 1]]", 3), t, {1, 3, 1},
                 {10, 32, 4});
    // Negative padding drops the 1: 2+30, 3+40.
    expectTensor(one("pad = [[-1, 0]]", 2), t, {1, 2, 1}, {32, 43});
    // lhs dilation 2 gives [1, 0, 2, 0, 3, 0, 4].
    expectTensor(one("lhs_dilate = [2]", 6), t, {1, 6, 1},
                 {1, 20, 2, 30, 3, 40});
    // rhs dilation 2: taps 0 and 2 apart: 1+30, 2+40.
    expectTensor(one("rhs_dilate = [2]", 2), t, {1, 2, 1}, {31, 42});
    // Reversal makes the kernel [10, 1]: 10+2, 20+3, 30+4.
    expectTensor(one("reverse = [true]", 3), t, {1, 3, 1}, {12, 23, 34});
  }
}

TEST(Convolution, FeatureAndBatchGroups) {
  for (ElementType t : numericTypes()) {
    SCOPED_TRACE(elementTypeName(t));
    // Two feature groups of one feature each: out0 = 1*3, out1 = 2*5.
    auto r = run1(conv1d("", "1x1x2", "1x1x2", "1x1x2", t, 2),
                  {make(t, {1, 1, 2}, {1, 2}), make(t, {1, 1, 2}, {3, 5})});
    ASSERT_EQ(r.size(), 1u);
    expectTensor(r[0], t, {1, 1, 2}, {3, 10});
    // Two batch groups: batch 0 meets output feature 0, batch 1 feature 1.
    r = run1(conv1d("", "2x1x1", "1x1x2", "1x1x2", t, 1, 2),
             {make(t, {2, 1, 1}, {1, 2}), make(t, {1, 1, 2}, {3, 5})});
    ASSERT_EQ(r.size(), 1u);
    expectTensor(r[0], t, {1, 1, 2}, {3, 10});
    // Two feature groups, two input features and two output features per
    // group; lhs features [1, 2 | 3, 4] at both positions, kernel (0, i, o)
    // rows i: [1, 0, 2, 1], [0, 1, 1, 2] (o = group * 2 + j).
    // group 0: out0 = 1*1 + 2*0 = 1, out1 = 1*0 + 2*1 = 2
    // group 1: out2 = 3*2 + 4*1 = 10, out3 = 3*1 + 4*2 = 11
    r = run1(conv1d("", "1x2x4", "1x2x4", "1x2x4", t, 2),
             {make(t, {1, 2, 4}, {1, 2, 3, 4, 1, 2, 3, 4}),
              make(t, {1, 2, 4}, {1, 0, 2, 1, 0, 1, 1, 2})});
    ASSERT_EQ(r.size(), 1u);
    expectTensor(r[0], t, {1, 2, 4}, {1, 2, 10, 11, 1, 2, 10, 11});
  }
}

TEST(Convolution, LayoutsMixedTypesAndWrapAround) {
  // NCHW x OIHW -> [f, 0, 1, b]: [[1, 2], [3, 4]] with the identity kernel
  // [[1, 0], [0, 1]] gives 1 + 4.
  std::string s = R"(
func.func @main(%a: tensor<1x1x2x2xf32>, %b: tensor<1x1x2x2xf32>) -> tensor<1x1x1x1xf32> {
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[f, 0, 1, b], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x1x2x2xf32>, tensor<1x1x2x2xf32>) -> tensor<1x1x1x1xf32>
  return %0 : tensor<1x1x1x1xf32>
}
)";
  auto r = run1(
      s, {f32({1, 1, 2, 2}, {1, 2, 3, 4}), f32({1, 1, 2, 2}, {1, 0, 0, 1})});
  ASSERT_EQ(r.size(), 1u);
  expectTensor(r[0], ElementType::F32, {1, 1, 1, 1}, {5});

  // Batch 2 in the last dimension, features first: [f, 0, b] x [o, 0, i]
  // -> [b, f, 0]; batch 0 is [1, 2, 3], batch 1 is [4, 5, 6] (one feature),
  // kernel [1, -1]: differences of neighbours, -1 everywhere.
  s = R"(
func.func @main(%a: tensor<1x3x2xf32>, %b: tensor<1x2x1xf32>) -> tensor<2x1x2xf32> {
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [f, 0, b]x[o, 0, i]->[b, f, 0], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x2xf32>, tensor<1x2x1xf32>) -> tensor<2x1x2xf32>
  return %0 : tensor<2x1x2xf32>
}
)";
  r = run1(s, {f32({1, 3, 2}, {1, 4, 2, 5, 3, 6}), f32({1, 2, 1}, {1, -1})});
  ASSERT_EQ(r.size(), 1u);
  expectTensor(r[0], ElementType::F32, {2, 1, 2}, {-1, -1, -1, -1});

  // bf16 operands, f32 result.
  auto mixed = conv1d("", "1x4x1", "2x1x1", "1x3x1", ElementType::BF16);
  mixed = replaceAll(mixed, "tensor<1x3x1xbf16>", "tensor<1x3x1xf32>");
  r = run1(mixed, {make(ElementType::BF16, {1, 4, 1}, {1, 2, 3, 4}),
                   make(ElementType::BF16, {2, 1, 1}, {1, 10})});
  ASSERT_EQ(r.size(), 1u);
  expectTensor(r[0], ElementType::F32, {1, 3, 1}, {21, 32, 43});

  // i8 wraps: 100*2 + 100*1 = 300 = 44 (mod 256).
  r = run1(conv1d("", "1x2x1", "2x1x1", "1x1x1", ElementType::I8),
           {make(ElementType::I8, {1, 2, 1}, {100, 100}),
            make(ElementType::I8, {2, 1, 1}, {2, 1})});
  ASSERT_EQ(r.size(), 1u);
  expectTensor(r[0], ElementType::I8, {1, 1, 1}, {44});
}

TEST(Convolution, LargeF32AgainstDirectLoop) {
  // NHWC x HWIO, stride [2, 1], padding [[1, 2], [-1, 1]], lhs dilation
  // [1, 2], rhs dilation [2, 1], reversal [false, true], 2 feature groups.
  const int64_t B = 3, H = 7, W = 6, C = 4, KH = 3, KW = 2, O = 6, G = 2;
  const int64_t sh = 2, sw = 1, plh = 1, phh = 2, plw = -1, phw = 1;
  const int64_t ldh = 1, ldw = 2, rdh = 2, rdw = 1;
  auto outSize = [](int64_t in, int64_t k, int64_t s, int64_t lo, int64_t hi,
                    int64_t ld, int64_t rd) {
    int64_t padded = (in - 1) * ld + 1 + lo + hi;
    int64_t window = (k - 1) * rd + 1;
    return padded < window ? 0 : (padded - window) / s + 1;
  };
  const int64_t OH = outSize(H, KH, sh, plh, phh, ldh, rdh);
  const int64_t OW = outSize(W, KW, sw, plw, phw, ldw, rdw);
  std::mt19937 gen(7);
  std::uniform_real_distribution<double> dist(-1, 1);
  std::vector<double> x(B * H * W * C), k(KH * KW * (C / G) * O);
  for (double &v : x)
    v = dist(gen);
  for (double &v : k)
    v = dist(gen);
  std::vector<double> expected(B * OH * OW * O, 0);
  const int64_t ci = C / G, og = O / G;
  for (int64_t b = 0; b < B; ++b)
    for (int64_t oh = 0; oh < OH; ++oh)
      for (int64_t ow = 0; ow < OW; ++ow)
        for (int64_t o = 0; o < O; ++o) {
          int64_t g = o / og;
          double sum = 0;
          for (int64_t kh = 0; kh < KH; ++kh)
            for (int64_t kw = 0; kw < KW; ++kw) {
              int64_t ph = oh * sh + kh * rdh - plh;
              int64_t pw = ow * sw + (KW - 1 - kw) * rdw - plw;
              if (ph < 0 || pw < 0 || ph % ldh || pw % ldw || ph / ldh >= H ||
                  pw / ldw >= W)
                continue;
              for (int64_t c = 0; c < ci; ++c)
                sum += x[((b * H + ph / ldh) * W + pw / ldw) * C + g * ci + c] *
                       k[((kh * KW + kw) * ci + c) * O + o];
            }
          expected[((b * OH + oh) * OW + ow) * O + o] = sum;
        }
  auto shape = [](std::initializer_list<int64_t> dims) {
    std::string s;
    for (int64_t d : dims)
      s += std::to_string(d) + "x";
    return s + "f32";
  };
  std::string lhsT = "tensor<" + shape({B, H, W, C}) + ">";
  std::string rhsT = "tensor<" + shape({KH, KW, C / G, O}) + ">";
  std::string outT = "tensor<" + shape({B, OH, OW, O}) + ">";
  std::string s =
      "func.func @main(%a: " + lhsT + ", %b: " + rhsT + ") -> " + outT +
      " {\n  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, "
      "f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 1], pad = [[1, "
      "2], [-1, 1]], lhs_dilate = [1, 2], rhs_dilate = [2, 1], reverse = "
      "[false, true]} {batch_group_count = 1 : i64, feature_group_count = 2 "
      ": i64} : (" +
      lhsT + ", " + rhsT + ") -> " + outT + "\n  return %0 : " + outT + "\n}\n";
  auto r = run1(s, {f32({B, H, W, C}, x), f32({KH, KW, C / G, O}, k)});
  ASSERT_EQ(r.size(), 1u);
  expectTensor(r[0], ElementType::F32, {B, OH, OW, O}, expected, 1e-4);
  // The f64 path (BLAS dgemm) agrees as well.
  s = replaceAll(s, "f32>", "f64>");
  r = run1(s, {make(ElementType::F64, {B, H, W, C}, x),
               make(ElementType::F64, {KH, KW, C / G, O}, k)});
  ASSERT_EQ(r.size(), 1u);
  expectTensor(r[0], ElementType::F64, {B, OH, OW, O}, expected, 1e-10);
}

TEST(Convolution, DilatedInputStridedWindows) {
  // lhs [[1, 2, 5, 6], [3, 4, 7, 8], [10, 11, 14, 15], [12, 13, 16, 17]]
  // dilated by 2 is 7x7; a 3x3 window of ones with stride 4 covers the 2x2
  // blocks of the original: 1+2+3+4, 5+6+7+8, 10+11+12+13, 14+15+16+17.
  std::string s = R"(
func.func @main(%a: tensor<1x4x4x1xi64>, %b: tensor<3x3x1x1xi64>) -> tensor<1x2x2x1xi64> {
  %0 = stablehlo.convolution(%a, %b)
    dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f],
    window = {
      stride = [4, 4],
      pad = [[0, 0], [0, 0]],
      lhs_dilate = [2, 2],
      rhs_dilate = [1, 1],
      reverse = [false, false]
    }
    {
      feature_group_count = 1 : i64,
      batch_group_count = 1 : i64,
      precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]
    }
  : (tensor<1x4x4x1xi64>, tensor<3x3x1x1xi64>) -> tensor<1x2x2x1xi64>
  return %0 : tensor<1x2x2x1xi64>
}
)";
  auto r = run1(
      s, {make(ElementType::I64, {1, 4, 4, 1},
               {1, 2, 5, 6, 3, 4, 7, 8, 10, 11, 14, 15, 12, 13, 16, 17}),
          make(ElementType::I64, {3, 3, 1, 1}, {1, 1, 1, 1, 1, 1, 1, 1, 1})});
  ASSERT_EQ(r.size(), 1u);
  expectTensor(r[0], ElementType::I64, {1, 2, 2, 1}, {10, 26, 46, 62});
}
