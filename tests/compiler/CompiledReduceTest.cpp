//===- CompiledReduceTest.cpp - reduces with any elementwise body --------===//
//
// Variadic reduces (argmax) and reduces whose body is several elementwise
// ops run compiled, folding the elements in the interpreter's order: each
// program runs in both modes (bit-identical results, every op compiled)
// against hand-computed values. Bodies the compiler cannot lower are named
// in the report.
//
//===----------------------------------------------------------------------===//
#include "CompiledPathTestUtils.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

using namespace sdy::runtime;
using sdy::compiler::ExecMode;

namespace {

// The argmax body: the larger value, the smaller index on a tie.
const char *argmaxBody = R"(
    reducer(%a: tensor<f32>, %b: tensor<f32>) (%ai: tensor<i32>, %bi: tensor<i32>) {
      %gt = stablehlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %eq = stablehlo.compare EQ, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %lt = stablehlo.compare LT, %ai, %bi : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %tie = stablehlo.and %eq, %lt : tensor<i1>
      %keep = stablehlo.or %gt, %tie : tensor<i1>
      %m = stablehlo.select %keep, %a, %b : tensor<i1>, tensor<f32>
      %mi = stablehlo.select %keep, %ai, %bi : tensor<i1>, tensor<i32>
      stablehlo.return %m, %mi : tensor<f32>, tensor<i32>
    })";

TEST(CompiledReduce, ArgmaxKeepsTheFirstIndexOfTies) {
  std::string text = R"(
func.func @main(%v: tensor<2x4xf32>) -> (tensor<2xf32>, tensor<2xi32>) {
  %i = stablehlo.iota dim = 1 : tensor<2x4xi32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.reduce(%v init: %ninf), (%i init: %z) across dimensions = [1] : (tensor<2x4xf32>, tensor<2x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<2xf32>, tensor<2xi32>))" +
                     std::string(argmaxBody) + R"(
  return %r#0, %r#1 : tensor<2xf32>, tensor<2xi32>
})";
  auto out = runBothExact(
      text, {Tensor::fromVector<float>(ElementType::F32, {2, 4},
                                       {1, 3, 3, 2, 5, -1, 5, 7})});
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(values<float>(out[0]), (std::vector<float>{3, 7}));
  EXPECT_EQ(values<int32_t>(out[1]), (std::vector<int32_t>{1, 3}));
}

TEST(CompiledReduce, ElementsFoldInTheOrderOfTheDimensions) {
  // acc * 10 + x appends a digit: the result spells the order. Dimensions
  // [2, 0] fold x[0][j][0], x[1][j][0], x[0][j][1], x[1][j][1]. The bf16
  // sum of squares rounds after each op, as the interpreter does.
  const char *text = R"(
func.func @main(%x: tensor<2x3x2xi32>, %h: tensor<3xbf16>) -> (tensor<3xi32>, tensor<bf16>) {
  %z = stablehlo.constant dense<0> : tensor<i32>
  %r = stablehlo.reduce(%x init: %z) across dimensions = [2, 0] : (tensor<2x3x2xi32>, tensor<i32>) -> tensor<3xi32>
    reducer(%acc: tensor<i32>, %e: tensor<i32>) {
      %ten = stablehlo.constant dense<10> : tensor<i32>
      %m = stablehlo.multiply %acc, %ten : tensor<i32>
      %s = stablehlo.add %m, %e : tensor<i32>
      stablehlo.return %s : tensor<i32>
    }
  %hz = stablehlo.constant dense<0.0> : tensor<bf16>
  %q = stablehlo.reduce(%h init: %hz) across dimensions = [0] : (tensor<3xbf16>, tensor<bf16>) -> tensor<bf16>
    reducer(%acc: tensor<bf16>, %e: tensor<bf16>) {
      %sq = stablehlo.multiply %e, %e : tensor<bf16>
      %s = stablehlo.add %acc, %sq : tensor<bf16>
      stablehlo.return %s : tensor<bf16>
    }
  return %r, %q : tensor<3xi32>, tensor<bf16>
})";
  // x[i][j][k] = 1 + i + 2k + j.
  std::vector<int32_t> x;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 2; ++k)
        x.push_back(1 + i + 2 * k + j);
  auto out = runBothExact(
      text, {Tensor::fromVector<int32_t>(ElementType::I32, {2, 3, 2}, x),
             // bf16 1, 2, 3.
             Tensor::fromVector<uint16_t>(ElementType::BF16, {3},
                                          {0x3F80, 0x4000, 0x4040})});
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(values<int32_t>(out[0]), (std::vector<int32_t>{1234, 2345, 3456}));
  // 1 + 4 + 9 = 14.
  EXPECT_EQ(values<uint16_t>(out[1]), (std::vector<uint16_t>{0x4160}));
}

TEST(CompiledReduce, VariadicReduceKeepsTheRowSplit) {
  // Blocks are sized by the largest output: the 256 x 256 sum makes four,
  // each reducing its own rows.
  std::string text = R"(
func.func @main(%v: tensor<256x256xf32>) -> (tensor<256xf32>, tensor<256xi32>, tensor<256x256xf32>) {
  %i = stablehlo.iota dim = 1 : tensor<256x256xi32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.reduce(%v init: %ninf), (%i init: %z) across dimensions = [1] : (tensor<256x256xf32>, tensor<256x256xi32>, tensor<f32>, tensor<i32>) -> (tensor<256xf32>, tensor<256xi32>))" +
                     std::string(argmaxBody) + R"(
  %w = stablehlo.add %v, %v : tensor<256x256xf32>
  return %r#0, %r#1, %w : tensor<256xf32>, tensor<256xi32>, tensor<256x256xf32>
})";
  // Row i peaks at column (7 * i) % 256, with value i.
  std::vector<float> v(256 * 256, -1.0f);
  for (int i = 0; i < 256; ++i)
    v[i * 256 + (7 * i) % 256] = static_cast<float>(i);
  auto compiled = make(text, ExecMode::Compile);
  EXPECT_NE(compiled->compileReport().find("row blocks"), std::string::npos)
      << compiled->compileReport();
  auto out = runBothExact(
      text, {Tensor::fromVector<float>(ElementType::F32, {256, 256}, v)});
  ASSERT_EQ(out.size(), 3u);
  for (int i = 0; i < 256; ++i) {
    // Row 0 is all -1 but a 0 at column 0.
    EXPECT_EQ(out[0].data<float>()[i], i == 0 ? 0.0f : float(i)) << i;
    EXPECT_EQ(out[1].data<int32_t>()[i], (7 * i) % 256) << i;
  }
}

TEST(CompiledReduce, ReportNamesTheBodiesLeftToTheInterpreter) {
  const char *text = R"(
func.func @main(%a: tensor<2xi32>, %f: tensor<2xf32>) -> (tensor<i32>, tensor<f32>) {
  %z = stablehlo.constant dense<0> : tensor<i32>
  %r = stablehlo.reduce(%a init: %z) across dimensions = [0] : (tensor<2xi32>, tensor<i32>) -> tensor<i32>
    reducer(%x: tensor<i32>, %y: tensor<i32>) {
      %p = stablehlo.power %x, %y : tensor<i32>
      stablehlo.return %p : tensor<i32>
    }
  %fz = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%f init: %fz) across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
    reducer(%x: tensor<f32>, %y: tensor<f32>) {
      %c = chlo.conj %y : tensor<f32> -> tensor<f32>
      %t = stablehlo.add %x, %c : tensor<f32>
      stablehlo.return %t : tensor<f32>
    }
  return %r, %s : tensor<i32>, tensor<f32>
})";
  auto compiled = make(text, ExecMode::Auto);
  const std::string &report = compiled->compileReport();
  for (const char *line :
       {"interpreted: stablehlo.reduce x1: reduce body op stablehlo.power: "
        "integer form is not compiled",
        "interpreted: stablehlo.reduce x1: reduce body op "
        "chlo.conj: no compiled lowering for this op "
        "(interpreted)",
        "0 ops compiled in 0 clusters"})
    EXPECT_NE(report.find(line), std::string::npos) << line << "\n" << report;
  // The interpreter runs them: 0^1 = 0 then 0^2 = 0; 8 + 27 (f32 precision
  // kept).
  auto out = run(*compiled,
                 {Tensor::fromVector<int32_t>(ElementType::I32, {2}, {1, 2}),
                  Tensor::fromVector<float>(ElementType::F32, {2}, {8, 27})});
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(values<int32_t>(out[0]), (std::vector<int32_t>{0}));
  EXPECT_EQ(values<float>(out[1]), (std::vector<float>{35}));
}

} // namespace

namespace {

TEST(CompiledReduce, ReductionsWithEqualInitsKeepTheirOwnBuffers) {
  // Four reductions of one cluster start from equal init tensors: each
  // keeps its own (merged, the first would overwrite the others' init).
  std::string text = R"(
func.func @main(%x: tensor<2x3xi32>) -> (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) {
  %z = stablehlo.constant dense<0> : tensor<i32>
  %s = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<2x3xi32>, tensor<i32>) -> tensor<2xi32>
  %m = stablehlo.reduce(%x init: %z) applies stablehlo.maximum across dimensions = [1] : (tensor<2x3xi32>, tensor<i32>) -> tensor<2xi32>
  %i = stablehlo.iota dim = 1 : tensor<2x3xi32>
  %lo = stablehlo.constant dense<-100> : tensor<i32>
  %hi = stablehlo.constant dense<100> : tensor<i32>
  %a:2 = stablehlo.reduce(%x init: %lo), (%i init: %z) across dimensions = [1] : (tensor<2x3xi32>, tensor<2x3xi32>, tensor<i32>, tensor<i32>) -> (tensor<2xi32>, tensor<2xi32>)
    reducer(%p: tensor<i32>, %q: tensor<i32>) (%pi: tensor<i32>, %qi: tensor<i32>) {
      %gt = stablehlo.compare GT, %p, %q : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %v = stablehlo.select %gt, %p, %q : tensor<i1>, tensor<i32>
      %vi = stablehlo.select %gt, %pi, %qi : tensor<i1>, tensor<i32>
      stablehlo.return %v, %vi : tensor<i32>, tensor<i32>
    }
  %b:2 = stablehlo.reduce(%x init: %hi), (%i init: %z) across dimensions = [1] : (tensor<2x3xi32>, tensor<2x3xi32>, tensor<i32>, tensor<i32>) -> (tensor<2xi32>, tensor<2xi32>)
    reducer(%p: tensor<i32>, %q: tensor<i32>) (%pi: tensor<i32>, %qi: tensor<i32>) {
      %lt = stablehlo.compare LT, %p, %q : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %v = stablehlo.select %lt, %p, %q : tensor<i1>, tensor<i32>
      %vi = stablehlo.select %lt, %pi, %qi : tensor<i1>, tensor<i32>
      stablehlo.return %v, %vi : tensor<i32>, tensor<i32>
    }
  return %s, %m, %a#1, %b#1 : tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>
})";
  auto out =
      runBothExact(text, {Tensor::fromVector<int32_t>(ElementType::I32, {2, 3},
                                                      {1, 5, 3, 6, 4, 2})});
  ASSERT_EQ(out.size(), 4u);
  EXPECT_EQ(values<int32_t>(out[0]), (std::vector<int32_t>{9, 12}));
  EXPECT_EQ(values<int32_t>(out[1]), (std::vector<int32_t>{5, 6}));
  EXPECT_EQ(values<int32_t>(out[2]), (std::vector<int32_t>{1, 0}));
  EXPECT_EQ(values<int32_t>(out[3]), (std::vector<int32_t>{0, 2}));
}

} // namespace
