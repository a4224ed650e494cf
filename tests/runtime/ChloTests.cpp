//===- ChloTests.cpp - the chlo kernels against reference values ----------===//
//
// The special functions against float64 reference values (ChloReference.inc)
// and JAX's f32 results at the same inputs; edge cases, next_after, mulhi,
// is_inf and top_k against hand-computed values (the edge cases are the
// values JAX gives).
//
//===----------------------------------------------------------------------===//
#include "TestUtil.h"

#include <cstring>

using namespace sdy::runtime;
using namespace sdy::runtime::test;

namespace {

struct Reference {
  const char *op;
  std::vector<double> lhs; // binary ops only
  std::vector<double> x, truth, jax;
};

const std::vector<Reference> &references() {
  static const std::vector<Reference> refs = {
#include "ChloReference.inc"
  };
  return refs;
}

std::string ty(ElementType t) { return elementTypeName(t); }

// One chlo op over tensor<NxTY>, unary or binary.
std::string chloModule(const std::string &op, ElementType t, int64_t n,
                       bool binary, const std::string &resultTy = "") {
  std::string tensor = "tensor<" + std::to_string(n) + "x" + ty(t) + ">";
  std::string result =
      resultTy.empty() ? tensor
                       : "tensor<" + std::to_string(n) + "x" + resultTy + ">";
  if (binary)
    return "func.func @main(%a: " + tensor + ", %b: " + tensor + ") -> " +
           result + " {\n  %0 = chlo." + op + " %a, %b : " + tensor + ", " +
           tensor + " -> " + result + "\n  return %0 : " + result + "\n}\n";
  return "func.func @main(%a: " + tensor + ") -> " + result +
         " {\n  %0 = chlo." + op + " %a : " + tensor + " -> " + result +
         "\n  return %0 : " + result + "\n}\n";
}

// Runs the binary chlo op `op` on a and b of element type t.
Tensor runBinary(const std::string &op, ElementType t,
                 const std::vector<double> &a, const std::vector<double> &b) {
  auto n = static_cast<int64_t>(a.size());
  auto out =
      run1(chloModule(op, t, n, true), {make(t, {n}, a), make(t, {n}, b)});
  return out.empty() ? Tensor() : out[0];
}

std::vector<Tensor> runRef(const Reference &ref, ElementType t) {
  bool binary = !ref.lhs.empty();
  int64_t n = static_cast<int64_t>(ref.x.size());
  std::vector<Tensor> inputs;
  if (binary)
    inputs.push_back(make(t, {n}, ref.lhs));
  inputs.push_back(make(t, {n}, ref.x));
  return run1(chloModule(ref.op, t, n, binary), inputs);
}

// Distance in ulps between two finite floats (0 for equal values or two
// NaNs).
int64_t ulps(float a, float b) {
  if ((std::isnan(a) && std::isnan(b)) || a == b)
    return 0;
  auto ordered = [](float v) {
    int32_t bits;
    std::memcpy(&bits, &v, 4);
    return bits < 0 ? -static_cast<int64_t>(bits & 0x7fffffff)
                    : static_cast<int64_t>(bits);
  };
  return std::llabs(ordered(a) - ordered(b));
}

// Type, shape and values: infinities and NaNs exactly, the rest within
// 1e-6 relative (f32 results of values given to 7-10 digits).
void expectSpecial(const Tensor &t, ElementType type, Shape shape,
                   const std::vector<double> &v) {
  ASSERT_TRUE(t.valid());
  EXPECT_EQ(t.type(), type);
  ASSERT_EQ(t.shape(), shape);
  ASSERT_EQ((int64_t)v.size(), t.numElements());
  for (size_t i = 0; i < v.size(); ++i) {
    double got = t.getDouble(i);
    if (std::isnan(v[i]))
      EXPECT_TRUE(std::isnan(got)) << "element " << i;
    else if (std::isinf(v[i]))
      EXPECT_EQ(got, v[i]) << "element " << i;
    else
      EXPECT_NEAR(got, v[i], 1e-6 * std::max(1.0, std::fabs(v[i])))
          << "element " << i;
  }
}

} // namespace

// f32: within an ulp of the true value, and never further from JAX's result
// than JAX is from the true value (plus that ulp). f64: within 1e-13.
TEST(Chlo, SpecialFunctionsF32F64) {
  for (const Reference &ref : references()) {
    SCOPED_TRACE(ref.op);
    auto single = runRef(ref, ElementType::F32);
    auto twice = runRef(ref, ElementType::F64);
    ASSERT_EQ(single.size(), 1u);
    ASSERT_EQ(twice.size(), 1u);
    const float *got = single[0].data<float>();
    const double *got64 = twice[0].data<double>();
    for (size_t i = 0; i < ref.x.size(); ++i) {
      float truth = static_cast<float>(ref.truth[i]);
      float jax = static_cast<float>(ref.jax[i]);
      EXPECT_LE(ulps(got[i], truth), 1) << "x = " << ref.x[i];
      EXPECT_LE(ulps(got[i], jax), ulps(jax, truth) + 1) << "x = " << ref.x[i];
      EXPECT_NEAR(got64[i], ref.truth[i],
                  1e-13 * std::max(1.0, std::fabs(ref.truth[i])))
          << "x = " << ref.x[i];
    }
  }
}

// f16/bf16 are computed in float and rounded: as the f32 results at the
// same (rounded) inputs.
TEST(Chlo, SpecialFunctionsHalfTypes) {
  for (ElementType t : {ElementType::F16, ElementType::BF16}) {
    for (const Reference &ref : references()) {
      std::string op = ref.op;
      SCOPED_TRACE(op + " " + ty(t));
      int64_t n = static_cast<int64_t>(ref.x.size());
      Reference rounded = ref;
      rounded.x = values(make(t, {n}, ref.x));
      if (!ref.lhs.empty())
        rounded.lhs = values(make(t, {n}, ref.lhs));
      auto half = runRef(rounded, t);
      auto full = runRef(rounded, ElementType::F32);
      ASSERT_EQ(half.size(), 1u);
      ASSERT_EQ(full.size(), 1u);
      EXPECT_TRUE(half[0].bitEqual(kernels::convert(full[0], t)))
          << half[0].toString() << " vs " << full[0].toString();
    }
  }
}

TEST(Chlo, SpecialFunctionEdgeCases) {
  const double inf = INFINITY, nan = NAN;
  auto unary = [](const std::string &op, std::vector<double> x) {
    auto out = run1(chloModule(op, ElementType::F32, x.size(), false),
                    {f32({(int64_t)x.size()}, x)});
    return out.empty() ? Tensor() : out[0];
  };
  auto binary = [](const std::string &op, std::vector<double> a,
                   std::vector<double> b) {
    return runBinary(op, ElementType::F32, a, b);
  };
  expectSpecial(unary("erf_inv", {-1, 1, 1.5, nan, 0}), ElementType::F32, {5},
                {-inf, inf, nan, nan, 0});
  expectSpecial(unary("lgamma", {0, -1, -inf, inf, nan, -2.5}),
                ElementType::F32, {6}, {inf, inf, inf, inf, nan, -0.05624371});
  expectSpecial(unary("digamma", {0, -1, -inf, inf, nan, -2.5}),
                ElementType::F32, {6}, {nan, nan, nan, inf, nan, 1.1031566});
  expectSpecial(unary("bessel_i1e", {-inf, inf, nan, 0, 1e-30}),
                ElementType::F32, {5}, {0, 0, nan, 0, 5e-31});
  expectSpecial(unary("acosh", {0.5, 1, inf}), ElementType::F32, {3},
                {nan, 0, inf});
  expectSpecial(unary("atanh", {1, -1, 2}), ElementType::F32, {3},
                {inf, -inf, nan});
  expectSpecial(unary("asin", {2, 1, -1}), ElementType::F32, {3},
                {nan, 1.5707964, -1.5707964});
  expectSpecial(unary("sinh", {100, -100}), ElementType::F32, {2}, {inf, -inf});
  expectSpecial(unary("square", {3, -1.5, inf}), ElementType::F32, {3},
                {9, 2.25, inf});
  expectSpecial(unary("conj", {3, -1.5, inf}), ElementType::F32, {3},
                {3, -1.5, inf});
  expectSpecial(binary("zeta", {1, 0.5, 2, 2, 2, inf, 2, 3},
                       {2, 2, 0, -1, -1.5, 2, inf, -1.5}),
                ElementType::F32, {8},
                {inf, nan, inf, inf, 9.379246645, nan, nan, 0.1181020258});
  expectSpecial(binary("polygamma", {1.5, -1, 1, 1, 0, 1, 2},
                       {2, 2, 0, -1, 1, -inf, -2.5}),
                ElementType::F32, {7},
                {nan, nan, inf, inf, -0.5772157, inf, -0.1082040516});
  // i1e is odd.
  Tensor r = unary("bessel_i1e", {-1, -0.0});
  EXPECT_EQ(r.data<float>()[0], -0.20791042f);
  EXPECT_TRUE(std::signbit(r.data<float>()[1]));
}

TEST(Chlo, NextAfter) {
  auto run = [](ElementType t, std::vector<double> a, std::vector<double> b) {
    return runBinary("next_after", t, a, b);
  };
  const double inf = INFINITY, nan = NAN;
  Tensor r = run(ElementType::F32, {0, 1, inf, -inf, 1, nan, 0, -0.0, 3},
                 {1, 0, 0, 0, nan, 1, -0.0, 0.0, 3});
  const float *v = r.data<float>();
  EXPECT_EQ(v[0], std::numeric_limits<float>::denorm_min());
  EXPECT_EQ(v[1], std::nextafter(1.0f, 0.0f));
  EXPECT_EQ(v[2], std::numeric_limits<float>::max());
  EXPECT_EQ(v[3], -std::numeric_limits<float>::max());
  EXPECT_TRUE(std::isnan(v[4]));
  EXPECT_TRUE(std::isnan(v[5]));
  EXPECT_TRUE(v[6] == 0 && std::signbit(v[6])); // equal: y
  EXPECT_TRUE(v[7] == 0 && !std::signbit(v[7]));
  EXPECT_EQ(v[8], 3.0f);
  r = run(ElementType::F64, {1, -0.0}, {2, -1});
  EXPECT_EQ(r.data<double>()[0], std::nextafter(1.0, 2.0));
  EXPECT_EQ(r.data<double>()[1], -std::numeric_limits<double>::denorm_min());
  // f16/bf16 step by their own ulp.
  expectTensor(run(ElementType::F16, {1, 1}, {2, 0}), ElementType::F16, {2},
               {1.0009765625, 0.99951171875}, 0);
  expectTensor(run(ElementType::BF16, {1, 1}, {2, 0}), ElementType::BF16, {2},
               {1.0078125, 0.99609375}, 0);
}

TEST(Chlo, IsInf) {
  const double inf = INFINITY, nan = NAN;
  for (ElementType t : floatTypes()) {
    SCOPED_TRACE(ty(t));
    Tensor x = make(t, {5}, {inf, -inf, nan, 0, 1e4});
    auto run = [&](const std::string &op) {
      auto out = run1(chloModule(op, t, 5, false, "i1"), {x});
      return out.empty() ? Tensor() : out[0];
    };
    expectTensor(run("is_inf"), ElementType::Pred, {5}, {1, 1, 0, 0, 0});
    expectTensor(run("is_pos_inf"), ElementType::Pred, {5}, {1, 0, 0, 0, 0});
    expectTensor(run("is_neg_inf"), ElementType::Pred, {5}, {0, 1, 0, 0, 0});
  }
}

TEST(Chlo, Mulhi) {
  auto run = [](ElementType t, std::vector<double> a, std::vector<double> b) {
    return runBinary("mulhi", t, a, b);
  };
  expectTensor(run(ElementType::I32, {1073741824, -1, -2147483648.0, 7},
                   {4, 1, -2147483648.0, 3}),
               ElementType::I32, {4}, {1, -1, 1073741824, 0});
  expectTensor(
      run(ElementType::U32, {4294967295.0, 65536}, {4294967295.0, 65536}),
      ElementType::U32, {2}, {4294967294.0, 1});
  expectTensor(run(ElementType::I8, {-128, 100}, {-128, 100}), ElementType::I8,
               {2}, {64, 39});
  Tensor r = run(ElementType::I64, {4611686018427387904.0, -1}, {4, 5});
  EXPECT_EQ(r.data<int64_t>()[0], 1);
  EXPECT_EQ(r.data<int64_t>()[1], -1);
}

namespace {
std::string topKModule(ElementType t, const std::string &shape,
                       const std::string &outShape, int64_t k) {
  std::string in = "tensor<" + shape + "x" + ty(t) + ">";
  std::string values = "tensor<" + outShape + "x" + ty(t) + ">";
  std::string indices = "tensor<" + outShape + "xi32>";
  return "func.func @main(%a: " + in + ") -> (" + values + ", " + indices +
         ") {\n  %v, %i = chlo.top_k(%a, k = " + std::to_string(k) +
         ") : " + in + " -> (" + values + ", " + indices +
         ")\n  return %v, %i : " + values + ", " + indices + "\n}\n";
}
} // namespace

TEST(Chlo, TopKFloatTotalOrder) {
  const double inf = INFINITY;
  // +NaN first, -NaN last, +0 before -0, ties by lower index.
  float negNaN = -std::numeric_limits<float>::quiet_NaN();
  Tensor x = f32({8}, {1, NAN, inf, 0, -0.0, 0, 1, -inf});
  x.data<float>()[3] = negNaN;
  auto out = run1(topKModule(ElementType::F32, "8", "8", 8), {x});
  ASSERT_EQ(out.size(), 2u);
  expectTensor(out[1], ElementType::I32, {8}, {1, 2, 0, 6, 5, 4, 7, 3});
  EXPECT_TRUE(std::isnan(out[0].data<float>()[0]));
  EXPECT_TRUE(std::signbit(out[0].data<float>()[5]));
  for (ElementType t : floatTypes()) {
    SCOPED_TRACE(ty(t));
    auto r = run1(topKModule(t, "2x4", "2x2", 2),
                  {make(t, {2, 4}, {3, 9, -1, 9, 0.5, -2, 7, 0.25})});
    ASSERT_EQ(r.size(), 2u);
    expectTensor(r[0], t, {2, 2}, {9, 9, 7, 0.5});
    expectTensor(r[1], ElementType::I32, {2, 2}, {1, 3, 2, 0});
  }
}

TEST(Chlo, TopKIntegersAndPred) {
  auto r = run1(topKModule(ElementType::I32, "4", "4", 4),
                {i32({4}, {3, 1, 3, -2})});
  expectTensor(r[0], ElementType::I32, {4}, {3, 3, 1, -2});
  expectTensor(r[1], ElementType::I32, {4}, {0, 2, 1, 3});
  r = run1(topKModule(ElementType::U8, "4", "3", 3),
           {make(ElementType::U8, {4}, {3, 1, 3, 200})});
  expectTensor(r[0], ElementType::U8, {3}, {200, 3, 3});
  expectTensor(r[1], ElementType::I32, {3}, {3, 0, 2});
  r = run1(topKModule(ElementType::Pred, "3", "3", 3),
           {make(ElementType::Pred, {3}, {1, 0, 1})});
  expectTensor(r[0], ElementType::Pred, {3}, {1, 1, 0});
  expectTensor(r[1], ElementType::I32, {3}, {0, 2, 1});
  r = run1(topKModule(ElementType::I64, "2x3", "2x0", 0),
           {make(ElementType::I64, {2, 3}, {1, 2, 3, 4, 5, 6})});
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[0].numElements(), 0);
}
