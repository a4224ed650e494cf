//===- LinalgRngTests.cpp - cholesky, triangular_solve, batch_norm, rng ---===//
//
// Linear algebra and batch norm against hand-computed results;
// rng_bit_generator against the bits XLA's CPU backend produces for the same
// state (recorded from JAX); rng by its ranges and statistics.
//
//===----------------------------------------------------------------------===//
#include "TestUtil.h"

#include <cmath>

using namespace sdy::runtime;
using namespace sdy::runtime::test;

namespace {

std::string choleskyModule(const std::string &type, bool lower) {
  return "func.func @main(%a: tensor<" + type + ">) -> tensor<" + type +
         "> {\n  %0 = stablehlo.cholesky %a" + (lower ? ", lower = true" : "") +
         " : tensor<" + type + ">\n  return %0 : tensor<" + type + ">\n}\n";
}

std::string solveModule(const std::string &aType, const std::string &bType,
                        bool leftSide, bool lower, bool unit,
                        const std::string &transpose) {
  auto b = [](bool v) { return v ? "true" : "false"; };
  return "func.func @main(%a: tensor<" + aType + ">, %b: tensor<" + bType +
         ">) -> tensor<" + bType +
         "> {\n  %0 = \"stablehlo.triangular_solve\"(%a, %b) {left_side = " +
         b(leftSide) + ", lower = " + b(lower) +
         ", unit_diagonal = " + b(unit) +
         ", transpose_a = #stablehlo<transpose " + transpose + ">} : (tensor<" +
         aType + ">, tensor<" + bType + ">) -> tensor<" + bType +
         ">\n  return %0 : tensor<" + bType + ">\n}\n";
}

} // namespace

TEST(Linalg, CholeskyLowerUpperBatched) {
  // Two SPD matrices with integer factors.
  std::vector<double> a = {4, 12, -16, 12, 37, -43, -16, -43, 98,
                           1, 2,  3,   2,  20, 26,  3,   26,  70};
  std::vector<double> lower = {2, 0, 0, 6, 1, 0, -8, 5, 3,
                               1, 0, 0, 2, 4, 0, 3,  5, 6};
  std::vector<double> upper = {2, 6, -8, 0, 1, 5, 0, 0, 3,
                               1, 2, 3,  0, 4, 5, 0, 0, 6};
  for (ElementType t : {ElementType::F32, ElementType::F64}) {
    std::string type = std::string("2x3x3x") + elementTypeName(t);
    auto r = run1(choleskyModule(type, true), {make(t, {2, 3, 3}, a)});
    ASSERT_EQ(r.size(), 1u);
    expectTensor(r[0], t, {2, 3, 3}, lower);
    r = run1(choleskyModule(type, false), {make(t, {2, 3, 3}, a)});
    ASSERT_EQ(r.size(), 1u);
    expectTensor(r[0], t, {2, 3, 3}, upper);
  }
}

TEST(Linalg, CholeskyReadsOnlyItsTriangle) {
  // The upper triangle is garbage; lower = true must ignore it.
  auto r = run1(choleskyModule("2x2xf64", true),
                {make(ElementType::F64, {2, 2}, {4, 99, 2, 2})});
  ASSERT_EQ(r.size(), 1u);
  expectTensor(r[0], ElementType::F64, {2, 2}, {2, 0, 1, 1});
  // Not positive definite: NaNs, as LAPACK-free implementations give.
  r = run1(choleskyModule("2x2xf64", true),
           {make(ElementType::F64, {2, 2}, {-1, 0, 0, 1})});
  ASSERT_EQ(r.size(), 1u);
  EXPECT_TRUE(std::isnan(r[0].getDouble(0)));
}

TEST(Linalg, TriangularSolveVariants) {
  // Lower triangle [[2,0,0],[1,4,0],[3,5,6]]; 99 marks entries never read.
  std::vector<double> aLower = {2, 99, 99, 1, 4, 99, 3, 5, 6};
  // Its transpose, stored as an upper triangle.
  std::vector<double> aUpper = {2, 1, 3, 99, 4, 5, 99, 99, 6};
  std::vector<double> x = {1, 2, 3, 4, 5, 6};
  auto solve = [&](const std::vector<double> &a, const std::vector<double> &b,
                   Shape bShape, bool left, bool lower, bool unit,
                   const std::string &tr) {
    std::string bType =
        std::to_string(bShape[0]) + "x" + std::to_string(bShape[1]) + "xf32";
    auto r = run1(solveModule("3x3xf32", bType, left, lower, unit, tr),
                  {f32({3, 3}, a), f32(bShape, b)});
    return r.empty() ? Tensor() : r[0];
  };
  // A X = B.
  expectTensor(solve(aLower, {2, 4, 13, 18, 48, 62}, {3, 2}, true, true, false,
                     "NO_TRANSPOSE"),
               ElementType::F32, {3, 2}, x);
  // A^T X = B, for TRANSPOSE and ADJOINT (the same for real types).
  for (const char *tr : {"TRANSPOSE", "ADJOINT"})
    expectTensor(
        solve(aLower, {20, 26, 37, 46, 30, 36}, {3, 2}, true, true, false, tr),
        ElementType::F32, {3, 2}, x);
  // The upper triangle holds A^T: U X = B is the same system.
  expectTensor(solve(aUpper, {20, 26, 37, 46, 30, 36}, {3, 2}, true, false,
                     false, "NO_TRANSPOSE"),
               ElementType::F32, {3, 2}, x);
  // Unit diagonal: [[1,0,0],[1,1,0],[3,5,1]] X = B.
  expectTensor(solve(aLower, {1, 2, 4, 6, 23, 32}, {3, 2}, true, true, true,
                     "NO_TRANSPOSE"),
               ElementType::F32, {3, 2}, x);
  // Right side: X A = B with X = [[1,2,3],[4,5,6]].
  expectTensor(solve(aLower, {13, 23, 18, 31, 50, 36}, {2, 3}, false, true,
                     false, "NO_TRANSPOSE"),
               ElementType::F32, {2, 3}, x);
  // X U^T = X A = B.
  expectTensor(solve(aUpper, {13, 23, 18, 31, 50, 36}, {2, 3}, false, false,
                     false, "TRANSPOSE"),
               ElementType::F32, {2, 3}, x);
}

TEST(Linalg, TriangularSolveBatchedF64) {
  auto r = run1(
      solveModule("2x2x2xf64", "2x2x1xf64", true, true, false, "NO_TRANSPOSE"),
      {make(ElementType::F64, {2, 2, 2}, {2, 0, 1, 1, 1, 0, 0, 4}),
       make(ElementType::F64, {2, 2, 1}, {4, 5, 3, 8})});
  ASSERT_EQ(r.size(), 1u);
  expectTensor(r[0], ElementType::F64, {2, 2, 1}, {2, 3, 3, 2});
}

TEST(BatchNorm, InferenceTrainingGrad) {
  auto r =
      run1("func.func @main(%x: tensor<2x2xf32>, %s: tensor<2xf32>, %o: "
           "tensor<2xf32>, %m: tensor<2xf32>, %v: tensor<2xf32>) -> "
           "tensor<2x2xf32> {\n"
           "  %0 = \"stablehlo.batch_norm_inference\"(%x, %s, %o, %m, %v) "
           "{epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x2xf32>, "
           "tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> "
           "tensor<2x2xf32>\n  return %0 : tensor<2x2xf32>\n}\n",
           {f32({2, 2}, {1, 2, 3, 4}), f32({2}, {2, 1}), f32({2}, {0, 1}),
            f32({2}, {2, 3}), f32({2}, {1, 4})});
  ASSERT_EQ(r.size(), 1u);
  expectTensor(r[0], ElementType::F32, {2, 2}, {-2, 0.5, 2, 1.5});

  r = run1("func.func @main(%x: tensor<2x2xf64>, %s: tensor<2xf64>, %o: "
           "tensor<2xf64>) -> (tensor<2x2xf64>, tensor<2xf64>, "
           "tensor<2xf64>) {\n"
           "  %0:3 = \"stablehlo.batch_norm_training\"(%x, %s, %o) {epsilon "
           "= 0.0 : f32, feature_index = 1 : i64} : (tensor<2x2xf64>, "
           "tensor<2xf64>, tensor<2xf64>) -> (tensor<2x2xf64>, "
           "tensor<2xf64>, tensor<2xf64>)\n"
           "  return %0#0, %0#1, %0#2 : tensor<2x2xf64>, tensor<2xf64>, "
           "tensor<2xf64>\n}\n",
           {make(ElementType::F64, {2, 2}, {1, 2, 3, 6}),
            make(ElementType::F64, {2}, {1, 3}),
            make(ElementType::F64, {2}, {0, 1})});
  ASSERT_EQ(r.size(), 3u);
  expectTensor(r[0], ElementType::F64, {2, 2}, {-1, -2, 1, 4});
  expectTensor(r[1], ElementType::F64, {2}, {2, 4});
  expectTensor(r[2], ElementType::F64, {2}, {1, 4});

  // One feature of three elements, mean 1, variance 1, grad [1, 0, 0].
  r = run1("func.func @main(%x: tensor<3x1xf32>, %s: tensor<1xf32>, %m: "
           "tensor<1xf32>, %v: tensor<1xf32>, %g: tensor<3x1xf32>) -> "
           "(tensor<3x1xf32>, tensor<1xf32>, tensor<1xf32>) {\n"
           "  %0:3 = \"stablehlo.batch_norm_grad\"(%x, %s, %m, %v, %g) "
           "{epsilon = 0.0 : f32, feature_index = 1 : i64} : "
           "(tensor<3x1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, "
           "tensor<3x1xf32>) -> (tensor<3x1xf32>, tensor<1xf32>, "
           "tensor<1xf32>)\n"
           "  return %0#0, %0#1, %0#2 : tensor<3x1xf32>, tensor<1xf32>, "
           "tensor<1xf32>\n}\n",
           {f32({3, 1}, {0, 1, 2}), f32({1}, {1}), f32({1}, {1}), f32({1}, {1}),
            f32({3, 1}, {1, 0, 0})});
  ASSERT_EQ(r.size(), 3u);
  expectTensor(r[0], ElementType::F32, {3, 1}, {1.0 / 3, -1.0 / 3, 0});
  expectTensor(r[1], ElementType::F32, {1}, {-1});
  expectTensor(r[2], ElementType::F32, {1}, {1});
}

namespace {

struct BitsCase {
  const char *algorithm;
  std::vector<uint64_t> state;
  std::string outType; // e.g. "2x3xui32"
  std::vector<uint64_t> nextState;
  std::vector<uint64_t> bits; // the output's bit patterns
};

uint64_t bitsAt(const Tensor &t, int64_t i) {
  uint64_t v = 0;
  size_t es = elementSize(t.type());
  std::memcpy(&v, static_cast<const char *>(t.raw()) + i * es, es);
  return v;
}

} // namespace

// Expected values: jax.lax.rng_bit_generator (and the same op compiled
// directly for 3-word states and float outputs) on XLA's CPU backend.
TEST(Rng, BitGeneratorMatchesXla) {
  const uint64_t key = 0x9abcdef012345678ull, ctr = 0xfffffffffffffffeull;
  std::vector<BitsCase> cases = {
      {"THREE_FRY",
       {key, ctr},
       "2x3xui32",
       {key, 1},
       {3061519624, 582215204, 3978822521, 3494794389, 4205532262, 2696639427}},
      {"THREE_FRY",
       {key, ctr},
       "5xui32",
       {key, 1},
       {3061519624, 3494794389, 582215204, 4205532262, 3978822521}},
      {"THREE_FRY",
       {key, ctr},
       "ui32",
       {key, 0xffffffffffffffffull},
       {3061519624}},
      {"THREE_FRY",
       {key, ctr},
       "3x1x5xui32",
       {key, 7},
       {3061519624, 3494794389, 582215204, 4205532262, 3978822521, 420485989,
        1647470385, 1580406350, 2031222694, 1132217343, 1011212531, 1707533992,
        934438394, 3006547072, 187114590}},
      {"THREE_FRY",
       {key, ctr},
       "3xui64",
       {key, 1},
       {15010027610060821768ull, 18062623528145118756ull,
        11581978152048001913ull}},
      {"THREE_FRY",
       {key, ctr},
       "4xf64",
       {key, 2},
       {15010027610060821768ull, 18062623528145118756ull,
        11581978152048001913ull, 7075831425124014949ull}},
      {"THREE_FRY", {key, ctr}, "5xui8", {key, 1}, {8, 149, 36, 102, 121}},
      {"PHILOX",
       {key, ctr},
       "2x3xui32",
       {key, 0},
       {2028276572, 3510593739, 2053116661, 2996457512, 529953504, 751516774}},
      {"PHILOX",
       {key, ctr},
       "5xui32",
       {key, 0},
       {2028276572, 3510593739, 2053116661, 2996457512, 529953504}},
      {"PHILOX",
       {key, ctr},
       "ui32",
       {key, 0xffffffffffffffffull},
       {2028276572}},
      {"PHILOX",
       {key, ctr},
       "3xui64",
       {key, 0},
       {15077885300575636316ull, 12869687019946644213ull,
        3227739967255376608ull}},
      {"PHILOX", {key, ctr}, "5xui8", {key, 0}, {92, 203, 245, 40, 224}},
      {"DEFAULT",
       {key, ctr},
       "2x3xui32",
       {key, 0},
       {2028276572, 3510593739, 2053116661, 2996457512, 529953504, 751516774}},
      // A 128-bit counter: the low word carries into the high one.
      {"PHILOX",
       {key, ctr, 5},
       "7xui32",
       {key, 0, 6},
       {3299974955, 165521203, 94910016, 2630673847, 3380948312, 555756459,
        1346999563}},
      {"PHILOX",
       {key, ctr, 5},
       "3xui64",
       {key, 0, 6},
       {710908156979552043ull, 11298658139402417728ull,
        2386955819326713176ull}},
      {"PHILOX",
       {key, ctr, 5},
       "5xf32",
       {key, 0, 6},
       {3299974955, 165521203, 94910016, 2630673847, 3380948312}},
  };
  for (const BitsCase &c : cases) {
    SCOPED_TRACE(std::string(c.algorithm) + " " + c.outType);
    std::string n = std::to_string(c.state.size());
    std::string st = "tensor<" + n + "xui64>";
    std::string out = "tensor<" + c.outType + ">";
    std::string text = "func.func @main(%s: " + st + ") -> (" + st + ", " +
                       out +
                       ") {\n  %0, %1 = stablehlo.rng_bit_generator %s, "
                       "algorithm = " +
                       c.algorithm + " : (" + st + ") -> (" + st + ", " + out +
                       ")\n  return %0, %1 : " + st + ", " + out + "\n}\n";
    Tensor state = Tensor::fromData(ElementType::U64,
                                    {static_cast<int64_t>(c.state.size())},
                                    c.state.data());
    auto r = run1(text, {state});
    ASSERT_EQ(r.size(), 2u);
    for (size_t i = 0; i < c.nextState.size(); ++i)
      EXPECT_EQ(bitsAt(r[0], i), c.nextState[i]) << "state " << i;
    ASSERT_EQ(r[1].numElements(), static_cast<int64_t>(c.bits.size()));
    for (size_t i = 0; i < c.bits.size(); ++i)
      EXPECT_EQ(bitsAt(r[1], i), c.bits[i]) << "element " << i;
  }
}

TEST(Rng, BitGeneratorUnsupportedOutputIsAnError) {
  std::unique_ptr<Executable> exe = compile(
      "func.func @main(%s: tensor<2xui64>) -> tensor<4xf6E2M3FN> {\n"
      "  %0, %1 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : "
      "(tensor<2xui64>) -> (tensor<2xui64>, tensor<4xf6E2M3FN>)\n"
      "  return %1 : tensor<4xf6E2M3FN>\n}\n");
  ASSERT_TRUE(exe);
  std::vector<Tensor> out;
  uint64_t s[2] = {1, 2};
  Status st = exe->runSingle({Tensor::fromData(ElementType::U64, {2}, s)}, out);
  EXPECT_FALSE(st.isOk());
  EXPECT_NE(st.message().find("f6E2M3FN is not supported"), std::string::npos)
      << st.message();
}

namespace {
std::string rngModule(const std::string &dist, const std::string &et,
                      int64_t n) {
  std::string t = "tensor<" + std::to_string(n) + "x" + et + ">";
  return "func.func @main(%a: tensor<" + et + ">, %b: tensor<" + et + ">) -> " +
         t + " {\n  %shape = stablehlo.constant dense<" + std::to_string(n) +
         "> : tensor<1xi64>\n  %0 = stablehlo.rng %a, %b, %shape, "
         "distribution = " +
         dist + " : (tensor<" + et + ">, tensor<" + et +
         ">, tensor<1xi64>) -> " + t + "\n  return %0 : " + t + "\n}\n";
}
} // namespace

TEST(Rng, UniformAndNormalStatistics) {
  const int64_t n = 20000;
  auto uniform =
      run1(rngModule("UNIFORM", "f32", n), {f32({}, {2}), f32({}, {5})});
  ASSERT_EQ(uniform.size(), 1u);
  double sum = 0;
  for (int64_t i = 0; i < n; ++i) {
    double v = uniform[0].getDouble(i);
    ASSERT_GE(v, 2.0);
    ASSERT_LT(v, 5.0);
    sum += v;
  }
  EXPECT_NEAR(sum / n, 3.5, 0.05);

  auto normal =
      run1(rngModule("NORMAL", "f64", n),
           {make(ElementType::F64, {}, {1}), make(ElementType::F64, {}, {2})});
  ASSERT_EQ(normal.size(), 1u);
  double s1 = 0, s2 = 0;
  for (int64_t i = 0; i < n; ++i) {
    double v = normal[0].getDouble(i);
    s1 += v;
    s2 += v * v;
  }
  double mean = s1 / n;
  EXPECT_NEAR(mean, 1.0, 0.1);
  EXPECT_NEAR(std::sqrt(s2 / n - mean * mean), 2.0, 0.1);

  auto ints =
      run1(rngModule("UNIFORM", "i32", n), {i32({}, {-3}), i32({}, {4})});
  ASSERT_EQ(ints.size(), 1u);
  std::vector<int> seen(7, 0);
  for (int64_t i = 0; i < n; ++i) {
    int64_t v = ints[0].getInt(i);
    ASSERT_GE(v, -3);
    ASSERT_LT(v, 4);
    seen[v + 3]++;
  }
  for (int c : seen)
    EXPECT_GT(c, n / 7 / 2);

  // Two executions draw different numbers.
  auto again =
      run1(rngModule("UNIFORM", "f32", n), {f32({}, {2}), f32({}, {5})});
  ASSERT_EQ(again.size(), 1u);
  EXPECT_FALSE(again[0].bitEqual(uniform[0]));
}

// JAX's CPU lowering: LAPACK custom calls with their options in
// mhlo.backend_config.
TEST(Linalg, LapackCustomCalls) {
  const std::string potrf =
      "func.func @main(%a: tensor<2x2x2xf64>) -> (tensor<2x2x2xf64>, "
      "tensor<2xi32>) {\n"
      "  %0:2 = stablehlo.custom_call @lapack_dpotrf_ffi(%a) "
      "{mhlo.backend_config = {uplo = UPLO : ui8}, mhlo.frontend_attributes "
      "= {num_batch_dims = \"1\"}, operand_layouts = [dense<[1, 2, 0]> : "
      "tensor<3xindex>], result_layouts = [dense<[1, 2, 0]> : "
      "tensor<3xindex>, dense<0> : tensor<1xindex>]} : (tensor<2x2x2xf64>) "
      "-> (tensor<2x2x2xf64>, tensor<2xi32>)\n"
      "  return %0#0, %0#1 : tensor<2x2x2xf64>, tensor<2xi32>\n}\n";
  // The second matrix is not positive definite: info = 1.
  Tensor a = make(ElementType::F64, {2, 2, 2}, {4, 99, 2, 2, -1, 0, 0, 1});
  auto r = run1(replaceAll(potrf, "UPLO", "76"), {a});
  ASSERT_EQ(r.size(), 2u);
  // The other triangle keeps the input, as potrf leaves it.
  EXPECT_EQ(values(r[0])[0], 2);
  EXPECT_EQ(values(r[0])[1], 99);
  EXPECT_EQ(values(r[0])[2], 1);
  EXPECT_EQ(values(r[0])[3], 1);
  expectTensor(r[1], ElementType::I32, {2}, {0, 1});
  // uplo = 'U' reads the upper triangle.
  r = run1(replaceAll(potrf, "UPLO", "85"),
           {make(ElementType::F64, {2, 2, 2}, {4, 2, 99, 2, 1, 0, 7, 1})});
  ASSERT_EQ(r.size(), 2u);
  expectTensor(r[0], ElementType::F64, {2, 2, 2}, {2, 1, 99, 1, 1, 0, 7, 1});
  expectTensor(r[1], ElementType::I32, {2}, {0, 0});

  const std::string trsm =
      "func.func @main(%a: tensor<3x3xf32>, %b: tensor<3x2xf32>) -> "
      "tensor<3x2xf32> {\n"
      "  %0 = stablehlo.custom_call @lapack_strsm_ffi(%a, %b) "
      "{mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = "
      "TRANS : ui8, uplo = 76 : ui8}, operand_layouts = [dense<[0, 1]> : "
      "tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], result_layouts = "
      "[dense<[0, 1]> : tensor<2xindex>]} : (tensor<3x3xf32>, "
      "tensor<3x2xf32>) -> tensor<3x2xf32>\n"
      "  return %0 : tensor<3x2xf32>\n}\n";
  std::vector<double> aLower = {2, 99, 99, 1, 4, 99, 3, 5, 6};
  r = run1(replaceAll(trsm, "TRANS", "78"),
           {f32({3, 3}, aLower), f32({3, 2}, {2, 4, 13, 18, 48, 62})});
  ASSERT_EQ(r.size(), 1u);
  expectTensor(r[0], ElementType::F32, {3, 2}, {1, 2, 3, 4, 5, 6});
  r = run1(replaceAll(trsm, "TRANS", "84"),
           {f32({3, 3}, aLower), f32({3, 2}, {20, 26, 37, 46, 30, 36})});
  ASSERT_EQ(r.size(), 1u);
  expectTensor(r[0], ElementType::F32, {3, 2}, {1, 2, 3, 4, 5, 6});
}

namespace {
// One LAPACK factorization custom call of JAX's CPU lowering on `operand`
// with `config` in mhlo.backend_config.
std::string lapackCall(const std::string &target, const std::string &config,
                       const std::string &operands,
                       const std::string &operandTypes,
                       const std::string &resultTypes) {
  return "func.func @main(" + operands + ") -> (" + resultTypes +
         ") {\n  %0:N = stablehlo.custom_call @" + target + "(" +
         (operands.find("%b") != std::string::npos ? "%a, %b" : "%a") +
         ") {mhlo.backend_config = {" + config + "}} : (" + operandTypes +
         ") -> (" + resultTypes + ")\n  return RESULTS : " + resultTypes +
         "\n}\n";
}

std::string withResults(std::string text, int n) {
  std::string results;
  for (int i = 0; i < n; ++i)
    results += (i ? ", %0#" : "%0#") + std::to_string(i);
  text = replaceAll(text, "%0:N", "%0:" + std::to_string(n));
  return replaceAll(text, "RESULTS", results);
}

Status runStatus(const std::string &text, const std::vector<Tensor> &in) {
  std::unique_ptr<Executable> exe = compile(text);
  if (!exe)
    return Status::internal("does not compile");
  std::vector<Tensor> out;
  return exe->runSingle(in, out);
}
} // namespace

TEST(Linalg, LapackLuQr) {
  // getrf pivots row 2 up (1-based pivots) and reports a singular matrix
  // by info = the first zero pivot.
  std::string getrf = withResults(
      lapackCall("lapack_sgetrf_ffi", "", "%a: tensor<2x2x2xf32>",
                 "tensor<2x2x2xf32>",
                 "tensor<2x2x2xf32>, tensor<2x2xi32>, tensor<2xi32>"),
      3);
  auto r = run1(getrf, {f32({2, 2, 2}, {1, 2, 3, 4, 0, 0, 0, 0})});
  ASSERT_EQ(r.size(), 3u);
  expectTensor(r[0], ElementType::F32, {2, 2, 2},
               {3, 4, 1.0 / 3, 2.0 / 3, 0, 0, 0, 0});
  expectTensor(r[1], ElementType::I32, {2, 2}, {2, 2, 1, 2});
  expectTensor(r[2], ElementType::I32, {2}, {0, 1});

  // geqrf of [3, 4]^T: R = -5, the reflector v = [1, 0.5] below the
  // diagonal, tau = 1.6; orgqr turns them into Q's column [-0.6, -0.8].
  std::string geqrf = withResults(
      lapackCall("lapack_dgeqrf_ffi", "", "%a: tensor<2x1xf64>",
                 "tensor<2x1xf64>", "tensor<2x1xf64>, tensor<1xf64>"),
      2);
  r = run1(geqrf, {make(ElementType::F64, {2, 1}, {3, 4})});
  ASSERT_EQ(r.size(), 2u);
  expectTensor(r[0], ElementType::F64, {2, 1}, {-5, 0.5});
  expectTensor(r[1], ElementType::F64, {1}, {1.6});
  std::string orgqr = withResults(
      lapackCall("lapack_dorgqr_ffi", "",
                 "%a: tensor<2x1xf64>, %b: tensor<1xf64>",
                 "tensor<2x1xf64>, tensor<1xf64>", "tensor<2x1xf64>"),
      1);
  r = run1(orgqr, {make(ElementType::F64, {2, 1}, {-5, 0.5}),
                   make(ElementType::F64, {1}, {1.6})});
  ASSERT_EQ(r.size(), 1u);
  expectTensor(r[0], ElementType::F64, {2, 1}, {-0.6, -0.8});
}

TEST(Linalg, LapackEighSvd) {
  // [[2, 1], [1, 2]]: eigenvalues 1 and 3 (ascending), eigenvectors
  // [1, -1] / sqrt(2) and [1, 1] / sqrt(2) in the columns, up to sign.
  std::string syevd = withResults(
      lapackCall("lapack_ssyevd_ffi", "mode = 86 : ui8, uplo = 76 : ui8",
                 "%a: tensor<2x2xf32>", "tensor<2x2xf32>",
                 "tensor<2x2xf32>, tensor<2xf32>, tensor<i32>"),
      3);
  auto r = run1(syevd, {f32({2, 2}, {2, 1, 1, 2})});
  ASSERT_EQ(r.size(), 3u);
  expectTensor(r[1], ElementType::F32, {2}, {1, 3});
  expectTensor(r[2], ElementType::I32, {}, {0});
  double h = std::sqrt(0.5);
  std::vector<double> v = values(r[0]);
  for (double x : v)
    EXPECT_NEAR(std::fabs(x), h, 1e-6);
  EXPECT_NEAR(v[0] * v[2], -0.5, 1e-6); // first column: opposite signs
  EXPECT_NEAR(v[1] * v[3], 0.5, 1e-6);  // second column: equal signs

  // gesdd of [[0, 2], [3, 0], [0, 0]]: singular values 3, 2; with mode 'S'
  // u (3x2) and vt (2x2) reconstruct the matrix, with mode 'N' they are 0.
  std::string gesdd =
      withResults(lapackCall("lapack_dgesdd_ffi", "mode = MODE : ui8",
                             "%a: tensor<3x2xf64>", "tensor<3x2xf64>",
                             "tensor<3x2xf64>, tensor<2xf64>, tensor<3x2xf64>, "
                             "tensor<2x2xf64>, tensor<i32>"),
                  5);
  Tensor a = make(ElementType::F64, {3, 2}, {0, 2, 3, 0, 0, 0});
  r = run1(replaceAll(gesdd, "MODE", "83"), {a});
  ASSERT_EQ(r.size(), 5u);
  expectTensor(r[1], ElementType::F64, {2}, {3, 2});
  expectTensor(r[4], ElementType::I32, {}, {0});
  std::vector<double> u = values(r[2]), vt = values(r[3]), s = values(r[1]);
  std::vector<double> want = values(a);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 2; ++j) {
      double x = 0;
      for (int k = 0; k < 2; ++k)
        x += u[i * 2 + k] * s[k] * vt[k * 2 + j];
      EXPECT_NEAR(x, want[i * 2 + j], 1e-12) << i << "," << j;
    }
  r = run1(replaceAll(gesdd, "MODE", "78"), {a});
  ASSERT_EQ(r.size(), 5u);
  expectTensor(r[1], ElementType::F64, {2}, {3, 2});
  expectTensor(r[2], ElementType::F64, {3, 2}, {0, 0, 0, 0, 0, 0});
}

TEST(Linalg, LapackCallErrors) {
  // The target's type letter must match the operand.
  std::string getrf =
      withResults(lapackCall("lapack_dgetrf_ffi", "", "%a: tensor<2x2xf32>",
                             "tensor<2x2xf32>",
                             "tensor<2x2xf32>, tensor<2xi32>, tensor<i32>"),
                  3);
  Status st = runStatus(getrf, {f32({2, 2}, {1, 2, 3, 4})});
  EXPECT_NE(st.message().find("getrf custom_call: target 'lapack_dgetrf_ffi' "
                              "does not match the operand type f32"),
            std::string::npos)
      << st.message();
  std::string gesdd =
      withResults(lapackCall("lapack_sgesdd_ffi", "mode = 88 : ui8",
                             "%a: tensor<2x2xf32>", "tensor<2x2xf32>",
                             "tensor<2x2xf32>, tensor<2xf32>, tensor<2x2xf32>, "
                             "tensor<2x2xf32>, tensor<i32>"),
                  5);
  st = runStatus(gesdd, {f32({2, 2}, {1, 2, 3, 4})});
  EXPECT_NE(
      st.message().find("gesdd custom_call: mode must be 'N', 'S' or 'A'"),
      std::string::npos)
      << st.message();
  std::string syevd =
      withResults(lapackCall("lapack_ssyevd_ffi", "mode = 86 : ui8",
                             "%a: tensor<2x3xf32>", "tensor<2x3xf32>",
                             "tensor<2x3xf32>, tensor<2xf32>, tensor<i32>"),
                  3);
  st = runStatus(syevd, {f32({2, 3}, {1, 2, 3, 4, 5, 6})});
  EXPECT_NE(st.message().find("syevd custom_call: the matrices must be square"),
            std::string::npos)
      << st.message();
}

TEST(Linalg, LapackEigSchurTridiagonal) {
  // geev of the rotation [[0, -1], [1, 0]]: eigenvalues +-i (wr = 0,
  // wi = +-1); the right eigenvectors are the expanded pair
  // [1, -i] / sqrt(2) and its conjugate, the left ones zero (not computed).
  std::string geev = withResults(
      lapackCall("lapack_dgeev_ffi",
                 "compute_left = 78 : ui8, compute_right = 86 : ui8",
                 "%a: tensor<2x2xf64>", "tensor<2x2xf64>",
                 "tensor<2xf64>, tensor<2xf64>, tensor<2x2xcomplex<f64>>, "
                 "tensor<2x2xcomplex<f64>>, tensor<i32>"),
      5);
  auto r = run1(geev, {make(ElementType::F64, {2, 2}, {0, -1, 1, 0})});
  ASSERT_EQ(r.size(), 5u);
  expectTensor(r[0], ElementType::F64, {2}, {0, 0});
  expectTensor(r[1], ElementType::F64, {2}, {1, -1});
  ASSERT_EQ(r[3].type(), ElementType::C128);
  const c128_t *v = r[3].data<c128_t>();
  double h = std::sqrt(0.5);
  // Column 0 (entries 0 and 2 row-major) and column 1 are conjugates, and
  // A v = i v for column 0.
  EXPECT_NEAR(std::abs(v[0]), h, 1e-12);
  EXPECT_NEAR(std::abs(v[2]), h, 1e-12);
  EXPECT_NEAR(std::abs(-v[2] - c128_t(0, 1) * v[0]), 0, 1e-12);
  EXPECT_NEAR(std::abs(v[1] - std::conj(v[0])), 0, 1e-12);
  EXPECT_NEAR(std::abs(v[3] - std::conj(v[2])), 0, 1e-12);
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(r[2].data<c128_t>()[i], c128_t(0, 0));

  // gtsv: the tridiagonal system [[2, 1, 0], [1, 2, 1], [0, 1, 2]] x =
  // [4, 8, 8] has x = [1, 2, 3]; dl[0] and du[2] are not read.
  std::string gtsv =
      "func.func @main(%dl: tensor<3xf32>, %d: tensor<3xf32>, %du: "
      "tensor<3xf32>, %b: tensor<3x1xf32>) -> tensor<3x1xf32> {\n"
      "  %0:5 = stablehlo.custom_call @lapack_sgtsv_ffi(%dl, %d, %du, %b) "
      ": (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3x1xf32>) -> "
      "(tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3x1xf32>, "
      "tensor<i32>)\n  return %0#3 : tensor<3x1xf32>\n}\n";
  r = run1(gtsv, {f32({3}, {99, 1, 1}), f32({3}, {2, 2, 2}),
                  f32({3}, {1, 1, 99}), f32({3, 1}, {4, 8, 8})});
  ASSERT_EQ(r.size(), 1u);
  expectTensor(r[0], ElementType::F32, {3, 1}, {1, 2, 3});

  // geqp3 moves the column of largest norm first: pivots [2, 1].
  std::string geqp3 =
      "func.func @main(%a: tensor<2x2xf64>, %p: tensor<2xi32>) -> "
      "(tensor<2x2xf64>, tensor<2xi32>, tensor<2xf64>) {\n"
      "  %0:3 = stablehlo.custom_call @lapack_dgeqp3_ffi(%a, %p) : "
      "(tensor<2x2xf64>, tensor<2xi32>) -> (tensor<2x2xf64>, tensor<2xi32>, "
      "tensor<2xf64>)\n  return %0#0, %0#1, %0#2 : tensor<2x2xf64>, "
      "tensor<2xi32>, tensor<2xf64>\n}\n";
  r = run1(geqp3,
           {make(ElementType::F64, {2, 2}, {1, 3, 0, 4}), i32({2}, {0, 0})});
  ASSERT_EQ(r.size(), 3u);
  expectTensor(r[1], ElementType::I32, {2}, {2, 1});
  EXPECT_NEAR(std::fabs(values(r[0])[0]), 5, 1e-12); // |R[0, 0]| = |col 2|

  // gees of an upper triangular matrix: already its Schur form.
  std::string gees = withResults(
      lapackCall("lapack_dgees_ffi", "mode = 86 : ui8, sort = SORT : ui8",
                 "%a: tensor<2x2xf64>", "tensor<2x2xf64>",
                 "tensor<2x2xf64>, tensor<2x2xf64>, tensor<2xf64>, "
                 "tensor<2xf64>, tensor<i32>, tensor<i32>"),
      6);
  Tensor upper = make(ElementType::F64, {2, 2}, {1, 2, 0, 3});
  r = run1(replaceAll(gees, "SORT", "78"), {upper});
  ASSERT_EQ(r.size(), 6u);
  expectTensor(r[0], ElementType::F64, {2, 2}, {1, 2, 0, 3});
  expectTensor(r[1], ElementType::F64, {2, 2}, {1, 0, 0, 1});
  expectTensor(r[2], ElementType::F64, {2}, {1, 3});
  expectTensor(r[3], ElementType::F64, {2}, {0, 0});
  Status st = runStatus(replaceAll(gees, "SORT", "83"), {upper});
  EXPECT_NE(st.message().find("gees custom_call: mode must be 'V' or 'N' and "
                              "sort 'N'"),
            std::string::npos)
      << st.message();

  // sytrd of a 2x2 symmetric matrix: d is its diagonal, |e| the
  // off-diagonal.
  std::string sytrd =
      withResults(lapackCall("lapack_ssytrd_ffi", "uplo = 76 : ui8",
                             "%a: tensor<2x2xf32>", "tensor<2x2xf32>",
                             "tensor<2x2xf32>, tensor<2xf32>, tensor<1xf32>, "
                             "tensor<1xf32>, tensor<i32>"),
                  5);
  r = run1(sytrd, {f32({2, 2}, {2, 3, 3, 5})});
  ASSERT_EQ(r.size(), 5u);
  expectTensor(r[1], ElementType::F32, {2}, {2, 5});
  EXPECT_NEAR(std::fabs(values(r[2])[0]), 3, 1e-6);
}
