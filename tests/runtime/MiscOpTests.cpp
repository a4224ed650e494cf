//===- MiscOpTests.cpp - shifts, bit counts, rounding, shape queries ------===//
//
// Each op runs through the interpreter; expected values are worked out by
// hand from the bit patterns.
//
//===----------------------------------------------------------------------===//
#include "TestUtil.h"

#include <cmath>
#include <limits>

using namespace sdy::runtime;
using namespace sdy::runtime::test;

namespace {

std::string module(const std::string &op, ElementType t, bool binary) {
  std::string s =
      binary ? "func.func @main(%a: tensor<4xTY>, %b: tensor<4xTY>) -> "
               "tensor<4xTY> {\n  %0 = stablehlo.OP %a, %b : tensor<4xTY>\n"
             : "func.func @main(%a: tensor<4xTY>) -> tensor<4xTY> {\n"
               "  %0 = stablehlo.OP %a : tensor<4xTY>\n";
  s += "  return %0 : tensor<4xTY>\n}\n";
  s = replaceAll(s, "OP", op);
  return replaceAll(s, "TY", elementTypeName(t));
}

std::vector<double> runBinary(const std::string &op, ElementType t,
                              const std::vector<double> &a,
                              const std::vector<double> &b) {
  auto r = run1(module(op, t, true), {make(t, {4}, a), make(t, {4}, b)});
  return r.empty() ? std::vector<double>() : values(r[0]);
}

std::vector<double> runUnary(const std::string &op, ElementType t,
                             const std::vector<double> &a) {
  auto r = run1(module(op, t, false), {make(t, {4}, a)});
  return r.empty() ? std::vector<double>() : values(r[0]);
}

using V = std::vector<double>;
constexpr double kInf = std::numeric_limits<double>::infinity();

} // namespace

TEST(BitOps, ShiftLeft) {
  // Shift amounts of the width or more (negative ones read as unsigned) give 0.
  EXPECT_EQ(
      runBinary("shift_left", ElementType::I8, {1, -1, 5, 3}, {3, 7, 8, -1}),
      V({8, -128, 0, 0}));
  EXPECT_EQ(
      runBinary("shift_left", ElementType::I32, {1, 1, 1, -1}, {31, 32, 33, 0}),
      V({-2147483648.0, 0, 0, -1}));
  EXPECT_EQ(
      runBinary("shift_left", ElementType::U8, {255, 1, 3, 128}, {1, 7, 6, 0}),
      V({254, 128, 192, 128}));
}

TEST(BitOps, ShiftRightLogical) {
  EXPECT_EQ(runBinary("shift_right_logical", ElementType::I8, {-128, -1, 64, 7},
                      {7, 1, 8, -2}),
            V({1, 127, 0, 0}));
  EXPECT_EQ(runBinary("shift_right_logical", ElementType::U32,
                      {4294967295.0, 256, 1, 8}, {31, 4, 32, 3}),
            V({1, 16, 0, 1}));
}

TEST(BitOps, ShiftRightArithmetic) {
  // The width or more gives the sign fill.
  EXPECT_EQ(runBinary("shift_right_arithmetic", ElementType::I8,
                      {-128, -1, 64, -7}, {7, 1, 9, -1}),
            V({-1, -1, 0, -1}));
  EXPECT_EQ(runBinary("shift_right_arithmetic", ElementType::I32,
                      {-7, 100, -100, 1}, {1, 2, 3, 0}),
            V({-4, 25, -13, 1}));
  // Unsigned types shift the top bit in as well.
  EXPECT_EQ(runBinary("shift_right_arithmetic", ElementType::U8,
                      {128, 255, 64, 200}, {1, 8, 2, 3}),
            V({192, 255, 16, 249}));
}

TEST(BitOps, PopcntAndClz) {
  EXPECT_EQ(runUnary("popcnt", ElementType::I8, {0, -1, 7, -128}),
            V({0, 8, 3, 1}));
  EXPECT_EQ(
      runUnary("popcnt", ElementType::U32, {4294967295.0, 1, 0, 2147483649.0}),
      V({32, 1, 0, 2}));
  EXPECT_EQ(runUnary("count_leading_zeros", ElementType::I8, {0, -1, 1, 16}),
            V({8, 0, 7, 3}));
  EXPECT_EQ(
      runUnary("count_leading_zeros", ElementType::I32, {0, 1, -1, 65536}),
      V({32, 31, 0, 15}));
  EXPECT_EQ(runUnary("count_leading_zeros", ElementType::I64, {0, 1, -1, 256}),
            V({64, 63, 0, 55}));
}

TEST(BitOps, RejectsFloats) {
  std::unique_ptr<Executable> exe;
  Status s = Executable::fromText(module("popcnt", ElementType::F32, false),
                                  ExecutableOptions(), exe);
  EXPECT_FALSE(s.isOk());
}

TEST(Rounding, RoundNearestAfz) {
  // Ties go away from zero, unlike round_nearest_even.
  for (ElementType t : {ElementType::F16, ElementType::BF16, ElementType::F32,
                        ElementType::F64}) {
    SCOPED_TRACE(elementTypeName(t));
    EXPECT_EQ(runUnary("round_nearest_afz", t, {0.5, -0.5, 2.5, -1.25}),
              V({1, -1, 3, -1}));
    EXPECT_EQ(runUnary("round_nearest_afz", t, {-2.5, 0.25, 3.75, -0.0}),
              V({-3, 0, 4, -0.0}));
  }
}

namespace {
std::vector<double> reducePrecision(ElementType t, int e, int m,
                                    const std::vector<double> &a) {
  std::string s = "func.func @main(%a: tensor<4xTY>) -> tensor<4xTY> {\n"
                  "  %0 = stablehlo.reduce_precision %a, format = eEmM : "
                  "tensor<4xTY>\n  return %0 : tensor<4xTY>\n}\n";
  s = replaceAll(s, "TY", elementTypeName(t));
  s = replaceAll(s, "eEmM", "e" + std::to_string(e) + "m" + std::to_string(m));
  auto r = run1(s, {make(t, {4}, a)});
  return r.empty() ? std::vector<double>() : values(r[0]);
}
} // namespace

TEST(Rounding, ReducePrecisionToHalf) {
  // f32 -> e5m10 (f16's format): ties to even, overflow to inf, values under
  // f16's smallest normal flush to zero.
  double tieDown = 1.0 + std::ldexp(1.0, -11);   // -> 1
  double tieUp = 1.0 + 3 * std::ldexp(1.0, -11); // -> 1 + 2^-9
  EXPECT_EQ(
      reducePrecision(ElementType::F32, 5, 10, {tieDown, tieUp, 65520, 1e-8}),
      V({1.0, 1.0 + std::ldexp(1.0, -9), kInf, 0}));
  EXPECT_EQ(reducePrecision(ElementType::F64, 5, 10,
                            {-65520, 65504, -1e-5, 6.103515625e-05}),
            V({-kInf, 65504, -0.0, 6.103515625e-05}));
  // Wider than the source: unchanged.
  EXPECT_EQ(reducePrecision(ElementType::F16, 8, 23, {1.5, -3, 65504, 0.125}),
            V({1.5, -3, 65504, 0.125}));
}

TEST(Rounding, ReducePrecisionNoMantissa) {
  // No mantissa bit left: the mantissa rounds into the exponent, ties to an
  // even exponent; NaN becomes +inf.
  auto r =
      reducePrecision(ElementType::F32, 8, 0, {std::nan(""), 3.0, 1.5, -0.75});
  ASSERT_EQ(r.size(), 4u);
  EXPECT_EQ(r[0], kInf);
  EXPECT_EQ(V(r.begin() + 1, r.end()), V({2, 2, -0.5}));
  // NaN stays NaN while a mantissa bit is left.
  r = reducePrecision(ElementType::BF16, 5, 2, {std::nan(""), 1.0, 7, 0.5});
  ASSERT_EQ(r.size(), 4u);
  EXPECT_TRUE(std::isnan(r[0]));
  EXPECT_EQ(V(r.begin() + 1, r.end()), V({1, 7, 0.5}));
}

TEST(ShapeQuery, GetDimensionSize) {
  auto r = run1("func.func @main(%a: tensor<4x7xf32>) -> (tensor<i32>, "
                "tensor<i32>) {\n"
                "  %0 = stablehlo.get_dimension_size %a, dim = 1 : "
                "(tensor<4x7xf32>) -> tensor<i32>\n"
                "  %1 = stablehlo.get_dimension_size %a, dim = 0 : "
                "(tensor<4x7xf32>) -> tensor<i32>\n"
                "  return %0, %1 : tensor<i32>, tensor<i32>\n}\n",
                {Tensor::zeros(ElementType::F32, {4, 7})});
  ASSERT_EQ(r.size(), 2u);
  expectTensor(r[0], ElementType::I32, {}, {7});
  expectTensor(r[1], ElementType::I32, {}, {4});
}

TEST(Composite, RunsDecomposition) {
  auto r = run1("func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
                "  %0 = stablehlo.composite \"my.double\" %a {decomposition = "
                "@double, version = 1 : i32} : (tensor<4xf32>) -> "
                "tensor<4xf32>\n"
                "  return %0 : tensor<4xf32>\n}\n"
                "func.func private @double(%a: tensor<4xf32>) -> "
                "tensor<4xf32> {\n"
                "  %0 = stablehlo.add %a, %a : tensor<4xf32>\n"
                "  return %0 : tensor<4xf32>\n}\n",
                {f32({4}, {1, -2, 0.5, 3})});
  ASSERT_EQ(r.size(), 1u);
  expectTensor(r[0], ElementType::F32, {4}, {2, -4, 1, 6});
}

TEST(Composite, RecursionIsAnError) {
  std::unique_ptr<Executable> exe = compile(
      "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
      "  %0 = stablehlo.composite \"my.loop\" %a {decomposition = @main} : "
      "(tensor<4xf32>) -> tensor<4xf32>\n"
      "  return %0 : tensor<4xf32>\n}\n");
  ASSERT_NE(exe, nullptr);
  std::vector<Tensor> out;
  Status s = exe->runSingle({f32({4}, {1, 2, 3, 4})}, out);
  EXPECT_FALSE(s.isOk());
  EXPECT_NE(s.message().find("composite nesting exceeds 256"),
            std::string::npos)
      << s.message();
}

TEST(PrinterDefaults, JaxScatterWithoutIndexVectorDim) {
  // jax.jit(lambda x, y: x.at[:, 3].add(y)): upstream leaves index_vector_dim
  // (0) out of the printed dimension numbers.
  auto r = run1(
      "func.func public @main(%arg0: tensor<4x5xf32>, %arg1: tensor<4xf32>) "
      "-> tensor<4x5xf32> {\n"
      "  %c = stablehlo.constant dense<3> : tensor<i32>\n"
      "  %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> "
      "tensor<1xi32>\n"
      "  %1 = \"stablehlo.scatter\"(%arg0, %0, %arg1) <{indices_are_sorted = "
      "true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims "
      "= [0], inserted_window_dims = [1], scatter_dims_to_operand_dims = "
      "[1]>, unique_indices = true}> ({\n"
      "  ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):\n"
      "    %2 = stablehlo.add %arg2, %arg3 : tensor<f32>\n"
      "    stablehlo.return %2 : tensor<f32>\n"
      "  }) : (tensor<4x5xf32>, tensor<1xi32>, tensor<4xf32>) -> "
      "tensor<4x5xf32>\n"
      "  return %1 : tensor<4x5xf32>\n}\n",
      {f32({4, 5}, std::vector<double>(20, 1.0)), f32({4}, {1, 2, 3, 4})});
  ASSERT_EQ(r.size(), 1u);
  expectTensor(r[0], ElementType::F32, {4, 5},
               {1, 1, 1, 2, 1, 1, 1, 1, 3, 1, 1, 1, 1, 4, 1, 1, 1, 1, 5, 1});
}

TEST(CustomCall, HostCallbacks) {
  // jax.debug.print's callback (no results) is skipped; the program's
  // values are unchanged.
  auto r = run1("func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
                "  stablehlo.custom_call @xla_ffi_python_cpu_callback(%a) "
                "{has_side_effect = true, mhlo.backend_config = {index = 0 : "
                "ui64}} : (tensor<2xf32>) -> ()\n"
                "  %0 = stablehlo.add %a, %a : tensor<2xf32>\n"
                "  return %0 : tensor<2xf32>\n}\n",
                {f32({2}, {1, 2})});
  ASSERT_EQ(r.size(), 1u);
  expectTensor(r[0], ElementType::F32, {2}, {2, 4});

  // A callback with results (jax.pure_callback) cannot run.
  std::unique_ptr<Executable> exe =
      compile("func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
              "  %0 = stablehlo.custom_call @xla_ffi_python_cpu_callback(%a) "
              ": (tensor<2xf32>) -> tensor<2xf32>\n"
              "  return %0 : tensor<2xf32>\n}\n");
  ASSERT_TRUE(exe);
  std::vector<Tensor> out;
  Status st = exe->runSingle({f32({2}, {1, 2})}, out);
  EXPECT_FALSE(st.isOk());
  EXPECT_NE(st.message().find("(jax.pure_callback or io_callback) calls a "
                              "Python function"),
            std::string::npos)
      << st.message();
}
