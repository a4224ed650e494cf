//===- OpTests.cpp - every op and element type against hand results -------===//
//
// Each op runs through the interpreter (module text -> Executable ->
// kernels) for every element type it accepts, and the results are compared
// with values computed by hand (or by <cmath> for transcendental functions).
//
//===----------------------------------------------------------------------===//
#include "TestUtil.h"

#include <functional>

using namespace sdy::runtime;
using namespace sdy::runtime::test;

namespace {

std::string ty(ElementType t) { return elementTypeName(t); }

// Module with one op `OPLINE` over tensors of `shape`xTY.
std::string unaryModule(const std::string &op, ElementType t,
                        const std::string &shape = "4") {
  std::string s =
      "func.func @main(%a: tensor<SHAPExTY>) -> tensor<SHAPExTY> {\n"
      "  %0 = stablehlo.OP %a : tensor<SHAPExTY>\n"
      "  return %0 : tensor<SHAPExTY>\n}\n";
  s = replaceAll(s, "OP", op);
  s = replaceAll(s, "SHAPE", shape);
  return replaceAll(s, "TY", ty(t));
}

std::string binaryModule(const std::string &op, ElementType t) {
  std::string s =
      "func.func @main(%a: tensor<4xTY>, %b: tensor<4xTY>) -> tensor<4xTY> {\n"
      "  %0 = stablehlo.OP %a, %b : tensor<4xTY>\n"
      "  return %0 : tensor<4xTY>\n}\n";
  s = replaceAll(s, "OP", op);
  return replaceAll(s, "TY", ty(t));
}

} // namespace

TEST(Elementwise, BinaryArithmeticAllNumericTypes) {
  std::vector<double> a = {7, 5, 9, 4}, b = {2, 3, 3, 1};
  for (ElementType t : numericTypes()) {
    SCOPED_TRACE(ty(t));
    bool fl = isFloat(t);
    auto run = [&](const std::string &op, std::vector<double> bv) {
      auto r = run1(binaryModule(op, t), {make(t, {4}, a), make(t, {4}, bv)});
      return r.empty() ? Tensor() : r[0];
    };
    expectTensor(run("add", b), t, {4}, {9, 8, 12, 5});
    expectTensor(run("subtract", b), t, {4}, {5, 2, 6, 3});
    expectTensor(run("multiply", b), t, {4}, {14, 15, 27, 4});
    expectTensor(run("maximum", {8, 3, 10, 4}), t, {4}, {8, 5, 10, 4});
    expectTensor(run("minimum", {8, 3, 10, 4}), t, {4}, {7, 3, 9, 4});
    if (fl)
      expectTensor(run("divide", b), t, {4}, {3.5, 5.0 / 3, 3, 4});
    else
      expectTensor(run("divide", b), t, {4}, {3, 1, 3, 4});
    expectTensor(run("remainder", b), t, {4}, {1, 2, 0, 0});
    expectTensor(run("power", {2, 1, 1, 0}), t, {4}, {49, 5, 9, 1});
  }
}

TEST(Elementwise, IntegerEdgeCases) {
  // Wrapping, division by zero, INT_MIN / -1.
  auto r = run1(binaryModule("add", ElementType::I8),
                {make(ElementType::I8, {4}, {127, -128, 100, 0}),
                 make(ElementType::I8, {4}, {1, -1, 100, 0})});
  expectTensor(r[0], ElementType::I8, {4}, {-128, 127, -56, 0});
  r = run1(binaryModule("divide", ElementType::I32),
           {i32({4}, {7, -7, -2147483648.0, 5}), i32({4}, {0, 2, -1, -2})});
  expectTensor(r[0], ElementType::I32, {4}, {-1, -3, -2147483648.0, -2});
  r = run1(binaryModule("remainder", ElementType::I32),
           {i32({4}, {7, -7, -2147483648.0, 5}), i32({4}, {0, 2, -1, -2})});
  expectTensor(r[0], ElementType::I32, {4}, {7, -1, 0, 1});
  r = run1(binaryModule("power", ElementType::I32),
           {i32({4}, {2, -1, 3, 1}), i32({4}, {10, 3, -1, -5})});
  expectTensor(r[0], ElementType::I32, {4}, {1024, -1, 0, 1});
  r = run1(binaryModule("multiply", ElementType::U8),
           {make(ElementType::U8, {4}, {16, 255, 3, 0}),
            make(ElementType::U8, {4}, {16, 2, 3, 9})});
  expectTensor(r[0], ElementType::U8, {4}, {0, 254, 9, 0});
}

TEST(Elementwise, FloatBinary) {
  for (ElementType t : floatTypes()) {
    SCOPED_TRACE(ty(t));
    auto r = run1(binaryModule("atan2", t), {make(t, {4}, {1, -1, 0.5, 2}),
                                             make(t, {4}, {1, 1, -2, 0.25})});
    expectTensor(r[0], t, {4},
                 {std::atan2(1.0, 1.0), std::atan2(-1.0, 1.0),
                  std::atan2(0.5, -2.0), std::atan2(2.0, 0.25)});
    r = run1(binaryModule("remainder", t),
             {make(t, {4}, {5.5, -5.5, 3, 1}), make(t, {4}, {2, 2, -2, 4})});
    expectTensor(r[0], t, {4}, {1.5, -1.5, 1, 1});
    r = run1(binaryModule("maximum", t),
             {make(t, {4}, {NAN, 1, -0.0, 2}), make(t, {4}, {1, NAN, 0, 3})});
    expectTensor(r[0], t, {4}, {NAN, NAN, 0, 3});
  }
}

TEST(Elementwise, LogicalAllIntegerTypesAndPred) {
  for (ElementType t :
       {ElementType::I8, ElementType::I16, ElementType::I32, ElementType::I64,
        ElementType::U8, ElementType::U32, ElementType::U64}) {
    SCOPED_TRACE(ty(t));
    Tensor a = make(t, {4}, {12, 10, 0, 7}), b = make(t, {4}, {10, 6, 5, 7});
    expectTensor(run1(binaryModule("and", t), {a, b})[0], t, {4}, {8, 2, 0, 7});
    expectTensor(run1(binaryModule("or", t), {a, b})[0], t, {4},
                 {14, 14, 5, 7});
    expectTensor(run1(binaryModule("xor", t), {a, b})[0], t, {4},
                 {6, 12, 5, 0});
    Tensor n = run1(unaryModule("not", t), {a})[0];
    if (isSignedInt(t))
      expectTensor(n, t, {4}, {-13, -11, -1, -8});
    else
      EXPECT_EQ(n.getInt(2) & 0xff, 0xff);
  }
  ElementType p = ElementType::Pred;
  Tensor a = make(p, {4}, {1, 1, 0, 0}), b = make(p, {4}, {1, 0, 1, 0});
  expectTensor(run1(binaryModule("and", p), {a, b})[0], p, {4}, {1, 0, 0, 0});
  expectTensor(run1(binaryModule("or", p), {a, b})[0], p, {4}, {1, 1, 1, 0});
  expectTensor(run1(binaryModule("xor", p), {a, b})[0], p, {4}, {0, 1, 1, 0});
  expectTensor(run1(binaryModule("add", p), {a, b})[0], p, {4}, {1, 1, 1, 0});
  expectTensor(run1(binaryModule("multiply", p), {a, b})[0], p, {4},
               {1, 0, 0, 0});
  expectTensor(run1(binaryModule("maximum", p), {a, b})[0], p, {4},
               {1, 1, 1, 0});
  expectTensor(run1(binaryModule("minimum", p), {a, b})[0], p, {4},
               {1, 0, 0, 0});
  expectTensor(run1(unaryModule("not", p), {a})[0], p, {4}, {0, 0, 1, 1});
}

TEST(Elementwise, UnaryFloatAllFloatTypes) {
  struct U {
    const char *op;
    std::function<double(double)> f;
    bool positive;
  };
  std::vector<U> ops = {
      {"abs", [](double x) { return std::fabs(x); }, false},
      {"cbrt", [](double x) { return std::cbrt(x); }, false},
      {"ceil", [](double x) { return std::ceil(x); }, false},
      {"cosine", [](double x) { return std::cos(x); }, false},
      {"exponential", [](double x) { return std::exp(x); }, false},
      {"exponential_minus_one", [](double x) { return std::expm1(x); }, false},
      {"floor", [](double x) { return std::floor(x); }, false},
      {"log", [](double x) { return std::log(x); }, true},
      {"log_plus_one", [](double x) { return std::log1p(x); }, true},
      {"logistic", [](double x) { return 1 / (1 + std::exp(-x)); }, false},
      {"negate", [](double x) { return -x; }, false},
      {"round_nearest_even", [](double x) { return std::nearbyint(x); }, false},
      {"rsqrt", [](double x) { return 1 / std::sqrt(x); }, true},
      {"sign", [](double x) { return x > 0 ? 1.0 : (x < 0 ? -1.0 : 0.0); },
       false},
      {"sine", [](double x) { return std::sin(x); }, false},
      {"sqrt", [](double x) { return std::sqrt(x); }, true},
      {"tan", [](double x) { return std::tan(x); }, false},
      {"tanh", [](double x) { return std::tanh(x); }, false},
  };
  for (ElementType t : floatTypes()) {
    for (const U &u : ops) {
      SCOPED_TRACE(std::string(u.op) + " " + ty(t));
      std::vector<double> x = u.positive
                                  ? std::vector<double>{0.5, 1, 2.25, 6}
                                  : std::vector<double>{0.5, -1.5, 2.5, -0.25};
      // Inputs exactly representable in every float type.
      std::vector<double> want;
      for (double v : x)
        want.push_back(u.f(v));
      auto r = run1(unaryModule(u.op, t), {make(t, {4}, x)});
      ASSERT_EQ(r.size(), 1u);
      expectTensor(r[0], t, {4}, want);
    }
  }
}

TEST(Elementwise, UnarySignedIntegers) {
  for (ElementType t : {ElementType::I8, ElementType::I16, ElementType::I32,
                        ElementType::I64}) {
    SCOPED_TRACE(ty(t));
    Tensor a = make(t, {4}, {-3, 0, 5, -1});
    expectTensor(run1(unaryModule("abs", t), {a})[0], t, {4}, {3, 0, 5, 1});
    expectTensor(run1(unaryModule("negate", t), {a})[0], t, {4}, {3, 0, -5, 1});
    expectTensor(run1(unaryModule("sign", t), {a})[0], t, {4}, {-1, 0, 1, -1});
  }
  auto r = run1(unaryModule("abs", ElementType::I8),
                {make(ElementType::I8, {4}, {-128, 1, 2, 3})});
  EXPECT_EQ(r[0].getInt(0), -128); // wraps
  for (ElementType t : {ElementType::U8, ElementType::U32, ElementType::U64}) {
    auto n = run1(unaryModule("negate", t), {make(t, {4}, {1, 0, 2, 3})});
    EXPECT_EQ(n[0].getInt(1), 0);
    EXPECT_EQ(static_cast<uint64_t>(n[0].getInt(0)) & 0xff, 0xffu);
  }
}

TEST(Elementwise, CompareAllTypes) {
  const char *dirs[] = {"EQ", "NE", "GE", "GT", "LE", "LT"};
  std::vector<std::vector<double>> want = {{0, 1, 0, 1}, {1, 0, 1, 0},
                                           {0, 1, 1, 1}, {0, 0, 1, 0},
                                           {1, 1, 0, 1}, {1, 0, 0, 0}};
  for (ElementType t : allTypes()) {
    for (int d = 0; d < 6; ++d) {
      SCOPED_TRACE(std::string(dirs[d]) + " " + ty(t));
      std::string s = "func.func @main(%a: tensor<4xTY>, %b: tensor<4xTY>) -> "
                      "tensor<4xi1> {\n"
                      "  %0 = stablehlo.compare DIR, %a, %b : (tensor<4xTY>, "
                      "tensor<4xTY>) -> tensor<4xi1>\n"
                      "  return %0 : tensor<4xi1>\n}\n";
      s = replaceAll(replaceAll(s, "DIR", dirs[d]), "TY", ty(t));
      std::vector<double> a = {0, 1, 1, 1}, b = {1, 1, 0, 1};
      if (t != ElementType::Pred)
        a = {1, 4, 5, 3}, b = {2, 4, 3, 3};
      auto r = run1(s, {make(t, {4}, a), make(t, {4}, b)});
      expectTensor(r[0], ElementType::Pred, {4}, want[d]);
    }
  }
  // TOTALORDER: -NaN < -Inf < -0 < +0 < +Inf < NaN.
  std::string s = "func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>) -> "
                  "tensor<4xi1> {\n"
                  "  %0 = stablehlo.compare LT, %a, %b, TOTALORDER : "
                  "(tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>\n"
                  "  return %0 : tensor<4xi1>\n}\n";
  auto r = run1(s, {f32({4}, {-0.0, 1, INFINITY, -INFINITY}),
                    f32({4}, {0.0, NAN, NAN, -0.0})});
  expectTensor(r[0], ElementType::Pred, {4}, {1, 1, 1, 1});
}

TEST(Elementwise, ConvertAllPairs) {
  for (ElementType from : allTypes())
    for (ElementType to : allTypes()) {
      SCOPED_TRACE(ty(from) + " -> " + ty(to));
      std::string s =
          "func.func @main(%a: tensor<4xA>) -> tensor<4xB> {\n"
          "  %0 = stablehlo.convert %a : (tensor<4xA>) -> tensor<4xB>\n"
          "  return %0 : tensor<4xB>\n}\n";
      s = replaceAll(replaceAll(s, "A", ty(from)), "B", ty(to));
      std::vector<double> in = {0, 1, 3, 5}, want = in;
      if (from == ElementType::Pred)
        in = want = {0, 1, 1, 0};
      if (to == ElementType::Pred && from != ElementType::Pred)
        want = {0, 1, 1, 1};
      auto r = run1(s, {make(from, {4}, in)});
      expectTensor(r[0], to, {4}, want);
    }
  // Float -> int truncates, saturates and maps NaN to 0.
  std::string s =
      "func.func @main(%a: tensor<4xf32>) -> tensor<4xi8> {\n"
      "  %0 = stablehlo.convert %a : (tensor<4xf32>) -> tensor<4xi8>\n"
      "  return %0 : tensor<4xi8>\n}\n";
  auto r = run1(s, {f32({4}, {-2.7, 300, NAN, 2.9})});
  expectTensor(r[0], ElementType::I8, {4}, {-2, 127, 0, 2});
  // f32 -> bf16 / f16 rounding to nearest even.
  Tensor x = f32({2}, {1.00390625, 65520});
  EXPECT_EQ(kernels::convert(x, ElementType::BF16).getDouble(0), 1.0);
  EXPECT_TRUE(std::isinf(kernels::convert(x, ElementType::F16).getDouble(1)));
}

TEST(Elementwise, IsFiniteClampSelect) {
  for (ElementType t : floatTypes()) {
    std::string s =
        "func.func @main(%a: tensor<4xTY>) -> tensor<4xi1> {\n"
        "  %0 = stablehlo.is_finite %a : (tensor<4xTY>) -> tensor<4xi1>\n"
        "  return %0 : tensor<4xi1>\n}\n";
    auto r = run1(replaceAll(s, "TY", ty(t)),
                  {make(t, {4}, {1, INFINITY, NAN, -2})});
    expectTensor(r[0], ElementType::Pred, {4}, {1, 0, 0, 1});
  }
  for (ElementType t : numericTypes()) {
    SCOPED_TRACE(ty(t));
    std::string s = "func.func @main(%lo: tensor<TY>, %a: tensor<4xTY>, %hi: "
                    "tensor<4xTY>) -> tensor<4xTY> {\n"
                    "  %0 = stablehlo.clamp %lo, %a, %hi : (tensor<TY>, "
                    "tensor<4xTY>, tensor<4xTY>) -> tensor<4xTY>\n"
                    "  return %0 : tensor<4xTY>\n}\n";
    auto r = run1(replaceAll(s, "TY", ty(t)),
                  {make(t, {}, {2}), make(t, {4}, {1, 3, 9, 5}),
                   make(t, {4}, {4, 4, 6, 8})});
    expectTensor(r[0], t, {4}, {2, 3, 6, 5});
  }
  for (ElementType t : allTypes()) {
    SCOPED_TRACE(ty(t));
    std::string s =
        "func.func @main(%p: tensor<4xi1>, %q: tensor<i1>, %a: tensor<4xTY>, "
        "%b: tensor<4xTY>) -> (tensor<4xTY>, tensor<4xTY>) {\n"
        "  %0 = stablehlo.select %p, %a, %b : tensor<4xi1>, tensor<4xTY>\n"
        "  %1 = stablehlo.select %q, %a, %b : tensor<i1>, tensor<4xTY>\n"
        "  return %0, %1 : tensor<4xTY>, tensor<4xTY>\n}\n";
    std::vector<double> a = {1, 1, 1, 1}, b = {0, 0, 0, 0};
    if (t != ElementType::Pred)
      a = {1, 2, 3, 4}, b = {5, 6, 7, 8};
    auto r = run1(replaceAll(s, "TY", ty(t)),
                  {make(ElementType::Pred, {4}, {1, 0, 0, 1}),
                   make(ElementType::Pred, {}, {0}), make(t, {4}, a),
                   make(t, {4}, b)});
    expectTensor(r[0], t, {4}, {a[0], b[1], b[2], a[3]});
    expectTensor(r[1], t, {4}, b);
  }
}

// Shape ops for every element size (and pred).
TEST(ShapeOps, AllTypes) {
  for (ElementType t : allTypes()) {
    SCOPED_TRACE(ty(t));
    bool p = t == ElementType::Pred;
    auto val = [&](double v) { return p ? double(int64_t(v) % 2) : v; };
    std::vector<double> x6; // 2x3 = [[0,1,2],[3,4,5]]
    for (int i = 0; i < 6; ++i)
      x6.push_back(val(i));
    Tensor x = make(t, {2, 3}, x6);
    std::string s = R"(
func.func @main(%x: tensor<2x3xTY>, %s: tensor<TY>, %i: tensor<i32>, %j: tensor<i32>) -> (tensor<3x2x3xTY>, tensor<3x2xTY>, tensor<3x2xTY>, tensor<4x3xTY>, tensor<2x2xTY>, tensor<5x6xTY>, tensor<2x3xTY>, tensor<2x2xTY>, tensor<2x3xTY>, tensor<2x3xTY>, tensor<1x3xTY>) {
  %0 = stablehlo.broadcast_in_dim %x, dims = [1, 2] : (tensor<2x3xTY>) -> tensor<3x2x3xTY>
  %1 = stablehlo.reshape %x : (tensor<2x3xTY>) -> tensor<3x2xTY>
  %2 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xTY>) -> tensor<3x2xTY>
  %3 = stablehlo.concatenate %x, %x, dim = 0 : (tensor<2x3xTY>, tensor<2x3xTY>) -> tensor<4x3xTY>
  %4 = stablehlo.slice %x [0:2, 0:3:2] : (tensor<2x3xTY>) -> tensor<2x2xTY>
  %5 = stablehlo.pad %x, %s, low = [1, 0], high = [2, 1], interior = [0, 1] : (tensor<2x3xTY>, tensor<TY>) -> tensor<5x6xTY>
  %6 = stablehlo.reverse %x, dims = [0, 1] : tensor<2x3xTY>
  %7 = stablehlo.dynamic_slice %x, %i, %j, sizes = [2, 2] : (tensor<2x3xTY>, tensor<i32>, tensor<i32>) -> tensor<2x2xTY>
  %8 = stablehlo.dynamic_update_slice %x, %7, %i, %j : (tensor<2x3xTY>, tensor<2x2xTY>, tensor<i32>, tensor<i32>) -> tensor<2x3xTY>
  %9 = stablehlo.optimization_barrier %x : tensor<2x3xTY>
  %10 = stablehlo.pad %x, %s, low = [-1, 0], high = [0, 0], interior = [0, 0] : (tensor<2x3xTY>, tensor<TY>) -> tensor<1x3xTY>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : tensor<3x2x3xTY>, tensor<3x2xTY>, tensor<3x2xTY>, tensor<4x3xTY>, tensor<2x2xTY>, tensor<5x6xTY>, tensor<2x3xTY>, tensor<2x2xTY>, tensor<2x3xTY>, tensor<2x3xTY>, tensor<1x3xTY>
}
)";
    double pv = p ? 1 : 9;
    auto r = run1(replaceAll(s, "TY", ty(t)),
                  {x, make(t, {}, {pv}), i32({}, {1}), i32({}, {5})});
    ASSERT_EQ(r.size(), 11u);
    std::vector<double> b;
    for (int k = 0; k < 3; ++k)
      b.insert(b.end(), x6.begin(), x6.end());
    expectTensor(r[0], t, {3, 2, 3}, b);
    expectTensor(r[1], t, {3, 2}, x6);
    auto v = [&](std::initializer_list<int> idx) {
      std::vector<double> o;
      for (int i : idx)
        o.push_back(i < 0 ? pv : x6[i]);
      return o;
    };
    expectTensor(r[2], t, {3, 2}, v({0, 3, 1, 4, 2, 5}));
    expectTensor(r[3], t, {4, 3}, v({0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5}));
    expectTensor(r[4], t, {2, 2}, v({0, 2, 3, 5}));
    expectTensor(r[5], t, {5, 6}, v({-1, -1, -1, -1, -1, -1, 0,  -1, 1,  -1,
                                     2,  -1, 3,  -1, 4,  -1, 5,  -1, -1, -1,
                                     -1, -1, -1, -1, -1, -1, -1, -1, -1, -1}));
    expectTensor(r[6], t, {2, 3}, v({5, 4, 3, 2, 1, 0}));
    // Start (1, 5) clamps to (0, 1).
    expectTensor(r[7], t, {2, 2}, v({1, 2, 4, 5}));
    expectTensor(r[8], t, {2, 3}, x6);
    expectTensor(r[9], t, {2, 3}, x6);
    expectTensor(r[10], t, {1, 3}, v({3, 4, 5}));
  }
}

TEST(ShapeOps, IotaAndConstants) {
  for (ElementType t : numericTypes()) {
    SCOPED_TRACE(ty(t));
    std::string s = R"(
func.func @main() -> (tensor<2x3xTY>, tensor<2x3xTY>, tensor<3xTY>, tensor<2x2xTY>) {
  %0 = stablehlo.iota dim = 0 : tensor<2x3xTY>
  %1 = stablehlo.iota dim = 1 : tensor<2x3xTY>
  %2 = stablehlo.constant dense<[1, 2, 3]> : tensor<3xTY>
  %3 = stablehlo.constant dense<7> : tensor<2x2xTY>
  return %0, %1, %2, %3 : tensor<2x3xTY>, tensor<2x3xTY>, tensor<3xTY>, tensor<2x2xTY>
}
)";
    if (isFloat(t))
      s = replaceAll(replaceAll(s, "[1, 2, 3]", "[1.0, 2.0, 3.0]"), "dense<7>",
                     "dense<7.0>");
    auto r = run1(replaceAll(s, "TY", ty(t)));
    ASSERT_EQ(r.size(), 4u);
    expectTensor(r[0], t, {2, 3}, {0, 0, 0, 1, 1, 1});
    expectTensor(r[1], t, {2, 3}, {0, 1, 2, 0, 1, 2});
    expectTensor(r[2], t, {3}, {1, 2, 3});
    expectTensor(r[3], t, {2, 2}, {7, 7, 7, 7});
  }
  auto r = run1(R"(
func.func @main() -> (tensor<3xi1>, tensor<2xi1>, tensor<f32>) {
  %0 = stablehlo.constant dense<[true, false, true]> : tensor<3xi1>
  %1 = stablehlo.constant dense<true> : tensor<2xi1>
  %2 = stablehlo.constant dense<0xFF800000> : tensor<f32>
  return %0, %1, %2 : tensor<3xi1>, tensor<2xi1>, tensor<f32>
}
)");
  expectTensor(r[0], ElementType::Pred, {3}, {1, 0, 1});
  expectTensor(r[1], ElementType::Pred, {2}, {1, 1});
  EXPECT_TRUE(std::isinf(r[2].getDouble(0)) && r[2].getDouble(0) < 0);
}

TEST(ShapeOps, LargeTransposeBlocked) {
  Shape s = {3, 37, 50};
  Tensor x = kernels::iota(ElementType::F32, s, 2);
  for (int64_t i = 0; i < x.numElements(); ++i)
    x.data<float>()[i] = float(i);
  Tensor t = kernels::transpose(x, {0, 2, 1});
  Tensor u = kernels::transpose(x, {2, 0, 1});
  for (int64_t b = 0; b < 3; ++b)
    for (int64_t i = 0; i < 37; ++i)
      for (int64_t j = 0; j < 50; ++j) {
        float want = float((b * 37 + i) * 50 + j);
        ASSERT_EQ(t.data<float>()[(b * 50 + j) * 37 + i], want);
        ASSERT_EQ(u.data<float>()[(j * 3 + b) * 37 + i], want);
      }
}

TEST(Contraction, DotGeneralAllNumericTypes) {
  for (ElementType t : numericTypes()) {
    SCOPED_TRACE(ty(t));
    std::string s = R"(
func.func @main(%a: tensor<2x2x3xTY>, %b: tensor<2x3x2xTY>, %c: tensor<3x2xTY>, %v: tensor<3xTY>) -> (tensor<2x2x2xTY>, tensor<2x2x2xTY>, tensor<2x2xTY>, tensor<2xTY>, tensor<TY>) {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x2x3xTY>, tensor<2x3x2xTY>) -> tensor<2x2x2xTY>
  %1 = stablehlo.dot_general %b, %a, batching_dims = [0] x [0], contracting_dims = [1] x [2] : (tensor<2x3x2xTY>, tensor<2x2x3xTY>) -> tensor<2x2x2xTY>
  %2 = stablehlo.dot %c, %c, precision = [DEFAULT, DEFAULT] : (tensor<3x2xTY>, tensor<3x2xTY>) -> tensor<2x2xTY>
  %3 = stablehlo.dot %v, %c : (tensor<3xTY>, tensor<3x2xTY>) -> tensor<2xTY>
  %4 = stablehlo.dot %v, %v : (tensor<3xTY>, tensor<3xTY>) -> tensor<TY>
  return %0, %1, %2, %3, %4 : tensor<2x2x2xTY>, tensor<2x2x2xTY>, tensor<2x2xTY>, tensor<2xTY>, tensor<TY>
}
)";
    // %2 is not a valid dot (3x2 . 3x2); use a proper one below instead.
    s = replaceAll(s,
                   "%2 = stablehlo.dot %c, %c, precision = [DEFAULT, DEFAULT] "
                   ": (tensor<3x2xTY>, tensor<3x2xTY>) -> tensor<2x2xTY>",
                   "%2 = stablehlo.dot_general %c, %c, contracting_dims = [0] "
                   "x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x2xTY>, "
                   "tensor<3x2xTY>) -> tensor<2x2xTY>");
    s = replaceAll(s, "TY", ty(t));
    std::vector<double> a = {1, 2, 3, 4, 5, 6, 1, 0, 1, 2, 1, 0};
    std::vector<double> b = {1, 0, 0, 1, 1, 1, 2, 1, 1, 2, 0, 1};
    auto r =
        run1(s, {make(t, {2, 2, 3}, a), make(t, {2, 3, 2}, b),
                 make(t, {3, 2}, {1, 2, 3, 4, 5, 0}), make(t, {3}, {1, 2, 3})});
    ASSERT_EQ(r.size(), 5u);
    // batch 0: [[1,2,3],[4,5,6]] x [[1,0],[0,1],[1,1]] = [[4,5],[10,11]]
    // batch 1: [[1,0,1],[2,1,0]] x [[2,1],[1,2],[0,1]] = [[2,2],[5,4]]
    expectTensor(r[0], t, {2, 2, 2}, {4, 5, 10, 11, 2, 2, 5, 4});
    expectTensor(r[1], t, {2, 2, 2}, {4, 10, 5, 11, 2, 5, 2, 4});
    // c^T c with c = [[1,2],[3,4],[5,0]] -> [[35,14],[14,20]]
    expectTensor(r[2], t, {2, 2}, {35, 14, 14, 20});
    expectTensor(r[3], t, {2}, {22, 10});
    expectTensor(r[4], t, {}, {14});
  }
}

TEST(Contraction, MixedResultTypesAndLargeF32) {
  auto r = run1(R"(
func.func @main(%a: tensor<2x2xbf16>, %b: tensor<2x2xi8>) -> (tensor<2x2xf32>, tensor<2x2xi32>) {
  %0 = stablehlo.dot_general %a, %a, contracting_dims = [1] x [0] : (tensor<2x2xbf16>, tensor<2x2xbf16>) -> tensor<2x2xf32>
  %1 = stablehlo.dot_general %b, %b, contracting_dims = [1] x [0] : (tensor<2x2xi8>, tensor<2x2xi8>) -> tensor<2x2xi32>
  return %0, %1 : tensor<2x2xf32>, tensor<2x2xi32>
}
)",
                {make(ElementType::BF16, {2, 2}, {1, 2, 3, 4}),
                 make(ElementType::I8, {2, 2}, {100, 100, 100, 100})});
  expectTensor(r[0], ElementType::F32, {2, 2}, {7, 10, 15, 22});
  expectTensor(r[1], ElementType::I32, {2, 2}, {20000, 20000, 20000, 20000});
  // 64x48x80 f32 against a naive double loop, with the rhs transposed.
  int M = 64, K = 48, N = 80;
  Tensor a(ElementType::F32, {M, K}), b(ElementType::F32, {N, K});
  for (int i = 0; i < M * K; ++i)
    a.data<float>()[i] = float((i * 7) % 13) - 6;
  for (int i = 0; i < N * K; ++i)
    b.data<float>()[i] = float((i * 5) % 11) - 5;
  kernels::DotDims d;
  d.lhsContract = {1};
  d.rhsContract = {1};
  Tensor c = kernels::dotGeneral(a, b, d, ElementType::F32);
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      double s = 0;
      for (int k = 0; k < K; ++k)
        s += double(a.data<float>()[i * K + k]) * b.data<float>()[j * K + k];
      ASSERT_EQ(c.data<float>()[i * N + j], float(s));
    }
}

// dot_general by its definition: every pair of lhs and rhs elements whose
// batch and contracting indices agree adds its product to the result
// element [batch..., lhs free..., rhs free...].
std::vector<double> dotByDefinition(const Tensor &l, const Tensor &r,
                                    const kernels::DotDims &d,
                                    std::vector<int64_t> &outShape) {
  auto freeOf = [](int64_t rank, const std::vector<int64_t> &b,
                   const std::vector<int64_t> &c) {
    std::vector<int64_t> f;
    for (int64_t i = 0; i < rank; ++i)
      if (std::count(b.begin(), b.end(), i) +
              std::count(c.begin(), c.end(), i) ==
          0)
        f.push_back(i);
    return f;
  };
  auto lf = freeOf(l.rank(), d.lhsBatch, d.lhsContract);
  auto rf = freeOf(r.rank(), d.rhsBatch, d.rhsContract);
  outShape.clear();
  for (int64_t x : d.lhsBatch)
    outShape.push_back(l.dim(x));
  for (int64_t x : lf)
    outShape.push_back(l.dim(x));
  for (int64_t x : rf)
    outShape.push_back(r.dim(x));
  int64_t outSize = 1;
  for (int64_t x : outShape)
    outSize *= x;
  auto unravel = [](int64_t i, const Tensor &t) {
    std::vector<int64_t> idx(t.rank());
    for (int64_t k = t.rank() - 1; k >= 0; --k) {
      idx[k] = i % t.dim(k);
      i /= t.dim(k);
    }
    return idx;
  };
  std::vector<double> out(outSize, 0.0);
  for (int64_t li = 0; li < l.numElements(); ++li) {
    auto a = unravel(li, l);
    for (int64_t ri = 0; ri < r.numElements(); ++ri) {
      auto b = unravel(ri, r);
      bool match = true;
      for (size_t k = 0; k < d.lhsBatch.size(); ++k)
        match &= a[d.lhsBatch[k]] == b[d.rhsBatch[k]];
      for (size_t k = 0; k < d.lhsContract.size(); ++k)
        match &= a[d.lhsContract[k]] == b[d.rhsContract[k]];
      if (!match)
        continue;
      std::vector<int64_t> o;
      for (int64_t x : d.lhsBatch)
        o.push_back(a[x]);
      for (int64_t x : lf)
        o.push_back(a[x]);
      for (int64_t x : rf)
        o.push_back(b[x]);
      int64_t flat = 0;
      for (size_t k = 0; k < o.size(); ++k)
        flat = flat * outShape[k] + o[k];
      out[flat] += l.getDouble(li) * r.getDouble(ri);
    }
  }
  return out;
}

// Operands whose batch, free and contracting dimensions are strided
// matrices (attention heads in the middle, transposed reads, size-1 and
// multi-dimension groups, batch dimensions out of order) are read in place;
// a contracting group that is not evenly strided is transposed first. All
// give the definition's result (small integers: exact).
TEST(Contraction, DotGeneralOnStridedOperandsEqualsTheDefinition) {
  struct Case {
    std::vector<int64_t> l, r;
    kernels::DotDims d;
  };
  std::vector<Case> cases = {
      {{6, 3, 4}, {5, 3, 4}, {{1}, {1}, {2}, {2}}},
      {{6, 3, 4}, {3, 5, 6}, {{1}, {0}, {0}, {2}}},
      {{2, 3, 4}, {2, 4, 5}, {{}, {}, {0, 2}, {0, 1}}},
      {{1, 3, 1, 4}, {4, 1, 2}, {{}, {}, {3}, {0}}},
      {{2, 3, 4, 5}, {3, 2, 5, 6}, {{1, 0}, {0, 1}, {3}, {2}}},
      {{4, 2, 3}, {3, 2, 4}, {{1}, {1}, {0}, {2}}},
  };
  for (ElementType et : {ElementType::F32, ElementType::F64}) {
    for (const Case &cs : cases) {
      Tensor l(et, cs.l), r(et, cs.r);
      auto set = [et](Tensor &t, int64_t i, double v) {
        if (et == ElementType::F32)
          t.data<float>()[i] = static_cast<float>(v);
        else
          t.data<double>()[i] = v;
      };
      for (int64_t i = 0; i < l.numElements(); ++i)
        set(l, i, double((i * 7) % 13) - 6);
      for (int64_t i = 0; i < r.numElements(); ++i)
        set(r, i, double((i * 5) % 11) - 5);
      std::vector<int64_t> shape;
      auto expected = dotByDefinition(l, r, cs.d, shape);
      Tensor got = kernels::dotGeneral(l, r, cs.d, et);
      ASSERT_EQ(got.shape(), shape);
      for (int64_t i = 0; i < got.numElements(); ++i)
        ASSERT_EQ(got.getDouble(i), expected[i]) << "element " << i;
    }
  }
}

TEST(Reduction, KnownBodiesAllTypes) {
  const char *ops[] = {"add", "multiply", "maximum", "minimum"};
  for (ElementType t : numericTypes()) {
    for (const char *op : ops) {
      SCOPED_TRACE(std::string(op) + " " + ty(t));
      std::string s = R"(
func.func @main(%x: tensor<2x3xTY>, %i: tensor<TY>) -> (tensor<2xTY>, tensor<3xTY>, tensor<TY>) {
  %0 = stablehlo.reduce(%x init: %i) applies stablehlo.OP across dimensions = [1] : (tensor<2x3xTY>, tensor<TY>) -> tensor<2xTY>
  %1 = stablehlo.reduce(%x init: %i) applies stablehlo.OP across dimensions = [0] : (tensor<2x3xTY>, tensor<TY>) -> tensor<3xTY>
  %2 = stablehlo.reduce(%x init: %i) applies stablehlo.OP across dimensions = [0, 1] : (tensor<2x3xTY>, tensor<TY>) -> tensor<TY>
  return %0, %1, %2 : tensor<2xTY>, tensor<3xTY>, tensor<TY>
}
)";
      std::string o = op;
      double init = o == "add"        ? 0
                    : o == "multiply" ? 1
                    : o == "maximum"  ? 0
                                      : 100;
      auto r = run1(replaceAll(replaceAll(s, "OP", op), "TY", ty(t)),
                    {make(t, {2, 3}, {1, 2, 3, 4, 1, 2}), make(t, {}, {init})});
      ASSERT_EQ(r.size(), 3u);
      if (o == "add") {
        expectTensor(r[0], t, {2}, {6, 7});
        expectTensor(r[1], t, {3}, {5, 3, 5});
        expectTensor(r[2], t, {}, {13});
      } else if (o == "multiply") {
        expectTensor(r[0], t, {2}, {6, 8});
        expectTensor(r[1], t, {3}, {4, 2, 6});
        expectTensor(r[2], t, {}, {48});
      } else if (o == "maximum") {
        expectTensor(r[0], t, {2}, {3, 4});
        expectTensor(r[1], t, {3}, {4, 2, 3});
        expectTensor(r[2], t, {}, {4});
      } else {
        expectTensor(r[0], t, {2}, {1, 1});
        expectTensor(r[1], t, {3}, {1, 1, 2});
        expectTensor(r[2], t, {}, {1});
      }
    }
  }
  auto r = run1(R"(
func.func @main(%x: tensor<2x2xi1>) -> (tensor<2xi1>, tensor<2xi1>) {
  %t = stablehlo.constant dense<true> : tensor<i1>
  %f = stablehlo.constant dense<false> : tensor<i1>
  %0 = stablehlo.reduce(%x init: %t) applies stablehlo.and across dimensions = [1] : (tensor<2x2xi1>, tensor<i1>) -> tensor<2xi1>
  %1 = stablehlo.reduce(%x init: %f) applies stablehlo.or across dimensions = [1] : (tensor<2x2xi1>, tensor<i1>) -> tensor<2xi1>
  return %0, %1 : tensor<2xi1>, tensor<2xi1>
}
)",
                {make(ElementType::Pred, {2, 2}, {1, 1, 0, 1})});
  expectTensor(r[0], ElementType::Pred, {2}, {1, 0});
  expectTensor(r[1], ElementType::Pred, {2}, {1, 1});
}

TEST(Reduction, VariadicArgmaxRegion) {
  auto r = run1(R"(
func.func @main(%x: tensor<2x4xf32>) -> (tensor<2xf32>, tensor<2xi32>) {
  %i = stablehlo.iota dim = 1 : tensor<2x4xi32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.reduce(%x init: %ninf), (%i init: %z) across dimensions = [1] : (tensor<2x4xf32>, tensor<2x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<2xf32>, tensor<2xi32>)
    reducer(%a: tensor<f32>, %c: tensor<f32>) (%b: tensor<i32>, %d: tensor<i32>) {
      %gt = stablehlo.compare GT, %a, %c, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %v = stablehlo.select %gt, %a, %c : tensor<i1>, tensor<f32>
      %k = stablehlo.select %gt, %b, %d : tensor<i1>, tensor<i32>
      stablehlo.return %v, %k : tensor<f32>, tensor<i32>
    }
  return %0#0, %0#1 : tensor<2xf32>, tensor<2xi32>
}
)",
                {f32({2, 4}, {1, 5, 2, 5, -1, -3, -0.5, -2})});
  ASSERT_EQ(r.size(), 2u);
  expectTensor(r[0], ElementType::F32, {2}, {5, -0.5});
  // Ties keep the later element (GT is strict).
  expectTensor(r[1], ElementType::I32, {2}, {3, 2});
}

TEST(GatherScatter, Gather) {
  auto r = run1(R"(
func.func @main(%a: tensor<4x3xf32>, %i: tensor<2x1xi32>, %b: tensor<3x4x2xi32>, %j: tensor<3x1x1xi32>, %w: tensor<4x4xf32>, %k: tensor<2x2xi32>) -> (tensor<2x3xf32>, tensor<3x1x2xi32>, tensor<2x2x2xf32>) {
  %0 = "stablehlo.gather"(%a, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<4x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  %1 = "stablehlo.gather"(%b, %j) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 2>}> : (tensor<3x4x2xi32>, tensor<3x1x1xi32>) -> tensor<3x1x2xi32>
  %2 = "stablehlo.gather"(%w, %k) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 2, 2>}> : (tensor<4x4xf32>, tensor<2x2xi32>) -> tensor<2x2x2xf32>
  return %0, %1, %2 : tensor<2x3xf32>, tensor<3x1x2xi32>, tensor<2x2x2xf32>
}
)",
                {f32({4, 3}, {0, 1, 2, 10, 11, 12, 20, 21, 22, 30, 31, 32}),
                 i32({2, 1}, {2, 0}),
                 kernels::convert(kernels::iota(ElementType::F64, {24}, 0),
                                  ElementType::I32)
                     .reshaped({3, 4, 2}),
                 i32({3, 1, 1}, {1, 3, 0}),
                 kernels::convert(kernels::iota(ElementType::F64, {16}, 0),
                                  ElementType::F32)
                     .reshaped({4, 4}),
                 i32({2, 2}, {0, 1, 3, 3})});
  ASSERT_EQ(r.size(), 3u);
  expectTensor(r[0], ElementType::F32, {2, 3}, {20, 21, 22, 0, 1, 2});
  // batch b picks row j[b] of b's 4x2 matrix: b0 row1 = [2,3], b1 row3 =
  // [14,15], b2 row0 = [16,17].
  expectTensor(r[1], ElementType::I32, {3, 1, 2}, {2, 3, 14, 15, 16, 17});
  // Window at (0,1) and (3,3) clamped to (2,2).
  expectTensor(r[2], ElementType::F32, {2, 2, 2}, {1, 2, 5, 6, 10, 11, 14, 15});
}

TEST(GatherScatter, Scatter) {
  auto r = run1(R"(
func.func @main(%a: tensor<4x2xf32>, %i: tensor<3x1xi32>, %u: tensor<3x2xf32>, %b: tensor<5xi32>, %j: tensor<2x1xi32>, %v: tensor<2xi32>) -> (tensor<4x2xf32>, tensor<4x2xf32>, tensor<5xi32>, tensor<5xi32>) {
  %0 = "stablehlo.scatter"(%a, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x2xf32>, tensor<3x1xi32>, tensor<3x2xf32>) -> tensor<4x2xf32>
  %1 = "stablehlo.scatter"(%a, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    stablehlo.return %y : tensor<f32>
  }) : (tensor<4x2xf32>, tensor<3x1xi32>, tensor<3x2xf32>) -> tensor<4x2xf32>
  %2 = "stablehlo.scatter"(%b, %j, %v) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    %m = stablehlo.multiply %x, %y : tensor<i32>
    %s = stablehlo.add %m, %y : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<5xi32>, tensor<2x1xi32>, tensor<2xi32>) -> tensor<5xi32>
  %3 = "stablehlo.scatter"(%b, %j, %v) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    %s = stablehlo.maximum %x, %y : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<5xi32>, tensor<2x1xi32>, tensor<2xi32>) -> tensor<5xi32>
  return %0, %1, %2, %3 : tensor<4x2xf32>, tensor<4x2xf32>, tensor<5xi32>, tensor<5xi32>
}
)",
                {f32({4, 2}, {1, 1, 1, 1, 1, 1, 1, 1}), i32({3, 1}, {1, 3, 1}),
                 f32({3, 2}, {1, 2, 3, 4, 5, 6}), i32({5}, {1, 2, 3, 4, 5}),
                 i32({2, 1}, {2, 7}), i32({2}, {10, 20})});
  ASSERT_EQ(r.size(), 4u);
  expectTensor(r[0], ElementType::F32, {4, 2}, {1, 1, 7, 9, 1, 1, 4, 5});
  expectTensor(r[1], ElementType::F32, {4, 2}, {1, 1, 5, 6, 1, 1, 3, 4});
  // Index 7 is out of bounds: skipped. 3*10+10 = 40.
  expectTensor(r[2], ElementType::I32, {5}, {1, 2, 40, 4, 5});
  expectTensor(r[3], ElementType::I32, {5}, {1, 2, 10, 4, 5});
}

TEST(ControlFlow, WhileCaseIfCall) {
  auto r = run1(R"(
func.func @main(%n: tensor<i32>, %x: tensor<2xf32>, %k: tensor<i32>, %p: tensor<i1>) -> (tensor<i32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<ui32>, tensor<ui32>) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%i = %c0, %acc = %x) : tensor<i32>, tensor<2xf32>
   cond {
    %1 = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %c1 = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.add %i, %c1 : tensor<i32>
    %2 = stablehlo.add %acc, %x : tensor<2xf32>
    stablehlo.return %1, %2 : tensor<i32>, tensor<2xf32>
  }
  %3 = "stablehlo.case"(%k) ({
    stablehlo.return %x : tensor<2xf32>
  }, {
    %4 = stablehlo.negate %x : tensor<2xf32>
    stablehlo.return %4 : tensor<2xf32>
  }) : (tensor<i32>) -> tensor<2xf32>
  %5 = "stablehlo.if"(%p) ({
    %6 = func.call @double(%x) : (tensor<2xf32>) -> tensor<2xf32>
    stablehlo.return %6 : tensor<2xf32>
  }, {
    stablehlo.return %x : tensor<2xf32>
  }) : (tensor<i1>) -> tensor<2xf32>
  %c9 = stablehlo.constant dense<9> : tensor<i32>
  %7 = "stablehlo.case"(%c9) ({
    stablehlo.return %x : tensor<2xf32>
  }, {
    %8 = stablehlo.exponential %x : tensor<2xf32>
    stablehlo.return %8 : tensor<2xf32>
  }) : (tensor<i32>) -> tensor<2xf32>
  %9 = stablehlo.partition_id : tensor<ui32>
  %10 = stablehlo.replica_id : tensor<ui32>
  return %0#0, %0#1, %3, %5, %7, %9, %10 : tensor<i32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<ui32>, tensor<ui32>
}
func.func private @double(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.add %a, %a : tensor<2xf32>
  return %0 : tensor<2xf32>
}
)",
                {i32({}, {5}), f32({2}, {1, -2}), i32({}, {1}),
                 make(ElementType::Pred, {}, {1})});
  ASSERT_EQ(r.size(), 7u);
  expectTensor(r[0], ElementType::I32, {}, {5});
  expectTensor(r[1], ElementType::F32, {2}, {6, -12});
  expectTensor(r[2], ElementType::F32, {2}, {-1, 2});
  expectTensor(r[3], ElementType::F32, {2}, {2, -4});
  expectTensor(r[4], ElementType::F32, {2}, {std::exp(1.0), std::exp(-2.0)});
  expectTensor(r[5], ElementType::U32, {}, {0});
  expectTensor(r[6], ElementType::U32, {}, {0});
}

TEST(Interpreter, Errors) {
  // Wrong argument type and unsupported custom_call give errors, not crashes.
  auto exe = compile(R"(
func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.custom_call @foo(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
)");
  ASSERT_TRUE(exe);
  std::vector<Tensor> out;
  Status s = exe->runSingle({i32({2}, {1, 2})}, out);
  EXPECT_FALSE(s.isOk());
  EXPECT_NE(s.message().find("must be tensor<2xf32>"), std::string::npos)
      << s.message();
  s = exe->runSingle({f32({2}, {1, 2})}, out);
  EXPECT_FALSE(s.isOk());
  EXPECT_NE(s.message().find("custom_call target 'foo'"), std::string::npos)
      << s.message();
  std::unique_ptr<Executable> bad;
  EXPECT_FALSE(
      Executable::fromText("func.func @main(", ExecutableOptions(), bad)
          .isOk());
}

TEST(Interpreter, SdyOpsOfUnpartitionedModules) {
  // An unpartitioned module runs on one device with its sdy ops: constraints
  // and reshards are the identity, groups do nothing, a named computation is
  // its body and sdy.constant a constant.
  auto r = run1(R"(
sdy.mesh @mesh = <["x"=2]>
func.func @main(%a: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  sdy.sharding_group %a group_id=0 : tensor<2xf32>
  %0 = sdy.sharding_constraint %a <@mesh, [{"x"}]> : tensor<2xf32>
  %1 = sdy.reshard %0 <@mesh, [{}]> : tensor<2xf32>
  %c = sdy.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %2 = sdy.named_computation<"body">(%1, %c) (%x: tensor<2xf32>, %y: tensor<2xf32>) {
    %3 = stablehlo.add %x, %y : tensor<2xf32>
    sdy.return %3 : tensor<2xf32>
  } : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %1, %2 : tensor<2xf32>, tensor<2xf32>
}
)",
                {f32({2}, {3, -4})});
  ASSERT_EQ(r.size(), 2u);
  expectTensor(r[0], ElementType::F32, {2}, {3, -4});
  expectTensor(r[1], ElementType::F32, {2}, {4, -2});
}

TEST(Interpreter, OpsWithoutKernelAreRefused) {
  // An op without a kernel (here an sdy collective, which partitioning
  // lowers to a StableHLO one) is refused with its name and location.
  auto exe = compile(R"(
sdy.mesh @mesh = <["x"=2]>
func.func @main(%a: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<4xf32> {
  %0 = sdy.all_gather [{"x"}] %a out_sharding=<@mesh, [{}]> : tensor<4xf32>
  return %0 : tensor<4xf32>
}
)");
  ASSERT_TRUE(exe);
  std::vector<Tensor> out;
  Status s = exe->runSingle({f32({4}, {1, 2, 3, 4})}, out);
  EXPECT_EQ(s.code(), StatusCode::Unsupported) << s.message();
  EXPECT_NE(s.message().find("op cannot be executed"), std::string::npos)
      << s.message();
  EXPECT_NE(s.message().find("'sdy.all_gather'"), std::string::npos)
      << s.message();
}
