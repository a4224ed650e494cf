//===- WindowSortTests.cpp - reduce_window, select_and_scatter, sort, map -===//
//
// Hand-computed results of the windowed ops, sort and map: padding holds the
// init value, base and window dilation, strides, variadic and generic
// bodies, select ties, stable and total-order sorts.
//
//===----------------------------------------------------------------------===//
#include "TestUtil.h"

#include <cmath>

using namespace sdy::runtime;
using namespace sdy::runtime::test;

namespace {

std::string ty(ElementType t) { return elementTypeName(t); }

// A rank-1 reduce_window of `body` (over a, b of type TY) on tensor<NxTY>.
std::string reduceWindow1D(ElementType t, int64_t n, int64_t m,
                           const std::string &attrs,
                           const std::string &op = "add") {
  std::string s =
      "func.func @main(%a: tensor<NxTY>, %i: tensor<TY>) -> tensor<MxTY> {\n"
      "  %0 = \"stablehlo.reduce_window\"(%a, %i) <{ATTRS}> ({\n"
      "  ^bb0(%x: tensor<TY>, %y: tensor<TY>):\n"
      "    %r = stablehlo.OP %x, %y : tensor<TY>\n"
      "    stablehlo.return %r : tensor<TY>\n"
      "  }) : (tensor<NxTY>, tensor<TY>) -> tensor<MxTY>\n"
      "  return %0 : tensor<MxTY>\n}\n";
  s = replaceAll(s, "ATTRS", attrs);
  s = replaceAll(s, "OP", op);
  s = replaceAll(s, "NxTY", std::to_string(n) + "xTY");
  s = replaceAll(s, "MxTY", std::to_string(m) + "xTY");
  return replaceAll(s, "TY", ty(t));
}

Tensor scalar(ElementType t, double v) { return make(t, {}, {v}); }

} // namespace

TEST(ReduceWindow, CumsumAllNumericTypes) {
  for (ElementType t : numericTypes()) {
    SCOPED_TRACE(ty(t));
    auto r = run1(reduceWindow1D(t, 4, 4,
                                 "padding = dense<[[3, 0]]> : tensor<1x2xi64>, "
                                 "window_dimensions = array<i64: 4>"),
                  {make(t, {4}, {1, 2, 3, 4}), scalar(t, 0)});
    ASSERT_EQ(r.size(), 1u);
    expectTensor(r[0], t, {4}, {1, 3, 6, 10});
  }
}

TEST(ReduceWindow, MaxPool2x2) {
  std::string m =
      "func.func @main(%a: tensor<4x4xf32>, %i: tensor<f32>) -> "
      "tensor<2x2xf32> {\n"
      "  %0 = \"stablehlo.reduce_window\"(%a, %i) <{window_dimensions = "
      "array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({\n"
      "  ^bb0(%x: tensor<f32>, %y: tensor<f32>):\n"
      "    %r = stablehlo.maximum %x, %y : tensor<f32>\n"
      "    stablehlo.return %r : tensor<f32>\n"
      "  }) : (tensor<4x4xf32>, tensor<f32>) -> tensor<2x2xf32>\n"
      "  return %0 : tensor<2x2xf32>\n}\n";
  std::vector<double> in(16);
  for (int i = 0; i < 16; ++i)
    in[i] = i;
  in[10] = NAN; // NaN propagates through maximum.
  auto r = run1(m, {f32({4, 4}, in), f32({}, {-INFINITY})});
  expectTensor(r[0], ElementType::F32, {2, 2}, {5, 7, 13, NAN});
}

TEST(ReduceWindow, PaddingHoldsInitValue) {
  // Windows [pad, 1], [1, 2], [2, 3], [3, pad]; each starts from 10 and the
  // padding contributes 10 too.
  auto r = run1(reduceWindow1D(ElementType::I32, 3, 4,
                               "padding = dense<[[1, 1]]> : tensor<1x2xi64>, "
                               "window_dimensions = array<i64: 2>"),
                {i32({3}, {1, 2, 3}), i32({}, {10})});
  expectTensor(r[0], ElementType::I32, {4}, {21, 13, 15, 23});
}

TEST(ReduceWindow, BaseDilationWindowDilationStrides) {
  // base_dilations 2: [1, h, 2, h, 3] with holes h = init (0).
  auto r = run1(reduceWindow1D(ElementType::F32, 3, 4,
                               "base_dilations = array<i64: 2>, "
                               "window_dimensions = array<i64: 2>"),
                {f32({3}, {1, 2, 3}), f32({}, {0})});
  expectTensor(r[0], ElementType::F32, {4}, {1, 2, 2, 3});
  // window_dilations 2: windows {0, 2}, {1, 3}, {2, 4}.
  r = run1(reduceWindow1D(ElementType::F32, 5, 3,
                          "window_dilations = array<i64: 2>, "
                          "window_dimensions = array<i64: 2>"),
           {f32({5}, {1, 2, 3, 4, 5}), f32({}, {0})});
  expectTensor(r[0], ElementType::F32, {3}, {4, 6, 8});
  // ... with stride 2: windows {0, 2}, {2, 4}.
  r = run1(reduceWindow1D(ElementType::F32, 5, 2,
                          "window_dilations = array<i64: 2>, "
                          "window_dimensions = array<i64: 2>, "
                          "window_strides = array<i64: 2>"),
           {f32({5}, {1, 2, 3, 4, 5}), f32({}, {0})});
  expectTensor(r[0], ElementType::F32, {2}, {4, 8});
  // A generic body (subtract is not a known reducer): ((0 - 1) - 2) etc.
  r = run1(reduceWindow1D(ElementType::F32, 3, 2,
                          "window_dimensions = array<i64: 2>", "subtract"),
           {f32({3}, {1, 2, 4}), f32({}, {0})});
  expectTensor(r[0], ElementType::F32, {2}, {-3, -6});
}

TEST(ReduceWindow, VariadicGenericBody) {
  std::string m =
      "func.func @main(%a: tensor<4xf32>, %b: tensor<4xi32>, %i: tensor<f32>, "
      "%j: tensor<i32>) -> (tensor<3xf32>, tensor<3xi32>) {\n"
      "  %0:2 = \"stablehlo.reduce_window\"(%a, %b, %i, %j) "
      "<{window_dimensions = array<i64: 2>}> ({\n"
      "  ^bb0(%x: tensor<f32>, %y: tensor<i32>, %z: tensor<f32>, %w: "
      "tensor<i32>):\n"
      "    %s = stablehlo.add %x, %z : tensor<f32>\n"
      "    %m = stablehlo.maximum %y, %w : tensor<i32>\n"
      "    stablehlo.return %s, %m : tensor<f32>, tensor<i32>\n"
      "  }) : (tensor<4xf32>, tensor<4xi32>, tensor<f32>, tensor<i32>) -> "
      "(tensor<3xf32>, tensor<3xi32>)\n"
      "  return %0#0, %0#1 : tensor<3xf32>, tensor<3xi32>\n}\n";
  auto r = run1(m, {f32({4}, {1, 2, 3, 4}), i32({4}, {4, 3, 2, 1}),
                    f32({}, {0}), i32({}, {-100})});
  ASSERT_EQ(r.size(), 2u);
  expectTensor(r[0], ElementType::F32, {3}, {3, 5, 7});
  expectTensor(r[1], ElementType::I32, {3}, {4, 3, 2});
}

namespace {
std::string selectAndScatter(const std::string &operand,
                             const std::string &source,
                             const std::string &attrs,
                             const std::string &dir = "GE",
                             const std::string &scatter = "add") {
  std::string s =
      "func.func @main(%a: tensor<OPxf32>, %s: tensor<SRCxf32>, %i: "
      "tensor<f32>) -> tensor<OPxf32> {\n"
      "  %0 = \"stablehlo.select_and_scatter\"(%a, %s, %i) <{ATTRS}> ({\n"
      "  ^bb0(%x: tensor<f32>, %y: tensor<f32>):\n"
      "    %c = stablehlo.compare DIR, %x, %y, FLOAT : (tensor<f32>, "
      "tensor<f32>) -> tensor<i1>\n"
      "    stablehlo.return %c : tensor<i1>\n"
      "  }, {\n"
      "  ^bb0(%x: tensor<f32>, %y: tensor<f32>):\n"
      "    %r = stablehlo.SCATTER %x, %y : tensor<f32>\n"
      "    stablehlo.return %r : tensor<f32>\n"
      "  }) : (tensor<OPxf32>, tensor<SRCxf32>, tensor<f32>) -> "
      "tensor<OPxf32>\n"
      "  return %0 : tensor<OPxf32>\n}\n";
  s = replaceAll(s, "ATTRS", attrs);
  s = replaceAll(s, "DIR", dir);
  s = replaceAll(s, "SCATTER", scatter);
  s = replaceAll(s, "SRC", source);
  return replaceAll(s, "OP", operand);
}
} // namespace

TEST(SelectAndScatter, MaxPoolGradient) {
  auto r = run1(selectAndScatter("4x4", "2x2",
                                 "window_dimensions = array<i64: 2, 2>, "
                                 "window_strides = array<i64: 2, 2>"),
                {f32({4, 4}, {1, 5, 2, 0, 3, 4, 8, 1, 7, 6, 0, 2, 1, 1, 9, 3}),
                 f32({2, 2}, {10, 20, 30, 40}), f32({}, {0})});
  expectTensor(r[0], ElementType::F32, {4, 4},
               {0, 10, 0, 0, 0, 0, 20, 0, 30, 0, 0, 0, 0, 0, 40, 0});
}

TEST(SelectAndScatter, OverlapTiesPaddingGenericScatter) {
  // Overlapping windows pick the same element: the source values add up.
  auto r = run1(selectAndScatter("3", "2", "window_dimensions = array<i64: 2>"),
                {f32({3}, {1, 3, 2}), f32({2}, {1, 1}), f32({}, {0})});
  expectTensor(r[0], ElementType::F32, {3}, {0, 2, 0});
  // A tie keeps the first element (select(current, candidate) is true).
  r = run1(selectAndScatter("2", "1", "window_dimensions = array<i64: 2>"),
           {f32({2}, {5, 5}), f32({1}, {7}), f32({}, {1})});
  expectTensor(r[0], ElementType::F32, {2}, {8, 1});
  // Padding is never selected.
  r = run1(selectAndScatter("2", "3",
                            "padding = dense<[[1, 1]]> : tensor<1x2xi64>, "
                            "window_dimensions = array<i64: 2>",
                            "LE"),
           {f32({2}, {1, 2}), f32({3}, {1, 10, 100}), f32({}, {0})});
  expectTensor(r[0], ElementType::F32, {2}, {11, 100});
  // A generic scatter body: subtract(acc, source).
  r = run1(selectAndScatter("3", "2", "window_dimensions = array<i64: 2>", "GE",
                            "subtract"),
           {f32({3}, {1, 3, 2}), f32({2}, {1, 4}), f32({}, {10})});
  expectTensor(r[0], ElementType::F32, {3}, {10, 5, 10});
}

namespace {
std::string sortModule(const std::string &shape, const std::string &tyName,
                       int64_t dim, const std::string &dir,
                       const std::string &cmpType) {
  std::string s =
      "func.func @main(%a: tensor<SxTY>) -> tensor<SxTY> {\n"
      "  %0 = \"stablehlo.sort\"(%a) <{dimension = DIM : i64}> ({\n"
      "  ^bb0(%x: tensor<TY>, %y: tensor<TY>):\n"
      "    %c = stablehlo.compare DIR, %x, %y CMP : (tensor<TY>, tensor<TY>) "
      "-> tensor<i1>\n"
      "    stablehlo.return %c : tensor<i1>\n"
      "  }) : (tensor<SxTY>) -> tensor<SxTY>\n"
      "  return %0 : tensor<SxTY>\n}\n";
  s = replaceAll(s, "DIM", std::to_string(dim));
  s = replaceAll(s, "DIR", dir);
  s = replaceAll(s, "CMP", cmpType.empty() ? "" : ", " + cmpType);
  s = replaceAll(s, "SxTY", shape + "xTY");
  return replaceAll(s, "TY", tyName);
}
} // namespace

TEST(Sort, SimpleComparatorsAllNumericTypes) {
  for (ElementType t : numericTypes()) {
    SCOPED_TRACE(ty(t));
    auto r =
        run1(sortModule("4", ty(t), 0, "GT", ""), {make(t, {4}, {3, 1, 4, 2})});
    expectTensor(r[0], t, {4}, {4, 3, 2, 1});
    // Along dimension 0 of 2x3, given from the back.
    r = run1(sortModule("2x3", ty(t), -2, "LT", ""),
             {make(t, {2, 3}, {3, 1, 2, 1, 2, 0})});
    expectTensor(r[0], t, {2, 3}, {1, 1, 0, 3, 2, 2});
  }
}

TEST(Sort, TotalOrderNaNAndSignedZero) {
  for (ElementType t : floatTypes()) {
    SCOPED_TRACE(ty(t));
    auto r = run1(sortModule("6", ty(t), 0, "LT", "TOTALORDER"),
                  {make(t, {6}, {NAN, 0.0, 1, -0.0, -INFINITY, -NAN})});
    ASSERT_EQ(r.size(), 1u);
    std::vector<double> v = values(r[0]);
    ASSERT_EQ(v.size(), 6u);
    EXPECT_TRUE(std::isnan(v[0]) && std::signbit(v[0]));
    EXPECT_EQ(v[1], -INFINITY);
    EXPECT_TRUE(v[2] == 0 && std::signbit(v[2]));
    EXPECT_TRUE(v[3] == 0 && !std::signbit(v[3]));
    EXPECT_EQ(v[4], 1);
    EXPECT_TRUE(std::isnan(v[5]) && !std::signbit(v[5]));
  }
}

TEST(Sort, StableMultiOperandGenericComparator) {
  // argsort with a comparator that is not a single compare (keys compared
  // after negation, i.e. descending): ties keep their order.
  std::string m =
      "func.func @main(%a: tensor<2x4xf32>, %b: tensor<2x4xi32>) -> "
      "(tensor<2x4xf32>, tensor<2x4xi32>) {\n"
      "  %0:2 = \"stablehlo.sort\"(%a, %b) <{dimension = 1 : i64, is_stable "
      "= true}> ({\n"
      "  ^bb0(%x: tensor<f32>, %y: tensor<f32>, %u: tensor<i32>, %v: "
      "tensor<i32>):\n"
      "    %nx = stablehlo.negate %x : tensor<f32>\n"
      "    %ny = stablehlo.negate %y : tensor<f32>\n"
      "    %c = stablehlo.compare LT, %nx, %ny, TOTALORDER : (tensor<f32>, "
      "tensor<f32>) -> tensor<i1>\n"
      "    stablehlo.return %c : tensor<i1>\n"
      "  }) : (tensor<2x4xf32>, tensor<2x4xi32>) -> (tensor<2x4xf32>, "
      "tensor<2x4xi32>)\n"
      "  return %0#0, %0#1 : tensor<2x4xf32>, tensor<2x4xi32>\n}\n";
  auto r = run1(m, {f32({2, 4}, {3, 1, 3, 2, 0, 5, 5, 5}),
                    i32({2, 4}, {0, 1, 2, 3, 0, 1, 2, 3})});
  ASSERT_EQ(r.size(), 2u);
  expectTensor(r[0], ElementType::F32, {2, 4}, {3, 3, 2, 1, 5, 5, 5, 0});
  expectTensor(r[1], ElementType::I32, {2, 4}, {0, 2, 3, 1, 1, 2, 3, 0});
}

TEST(Map, KnownAndGenericComputations) {
  std::string add =
      "func.func @main(%a: tensor<2x2xi32>, %b: tensor<2x2xi32>) -> "
      "tensor<2x2xi32> {\n"
      "  %0 = \"stablehlo.map\"(%a, %b) <{dimensions = array<i64: 0, 1>}> ({\n"
      "  ^bb0(%x: tensor<i32>, %y: tensor<i32>):\n"
      "    %r = stablehlo.add %x, %y : tensor<i32>\n"
      "    stablehlo.return %r : tensor<i32>\n"
      "  }) : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<2x2xi32>\n"
      "  return %0 : tensor<2x2xi32>\n}\n";
  auto r = run1(add, {i32({2, 2}, {1, 2, 3, 2147483647.0}),
                      i32({2, 2}, {10, 20, 30, 1})});
  expectTensor(r[0], ElementType::I32, {2, 2}, {11, 22, 33, -2147483648.0});
  std::string square =
      "func.func @main(%a: tensor<3xi32>) -> tensor<3xf32> {\n"
      "  %0 = \"stablehlo.map\"(%a) <{dimensions = array<i64: 0>}> ({\n"
      "  ^bb0(%x: tensor<i32>):\n"
      "    %m = stablehlo.multiply %x, %x : tensor<i32>\n"
      "    %r = stablehlo.convert %m : (tensor<i32>) -> tensor<f32>\n"
      "    stablehlo.return %r : tensor<f32>\n"
      "  }) : (tensor<3xi32>) -> tensor<3xf32>\n"
      "  return %0 : tensor<3xf32>\n}\n";
  r = run1(square, {i32({3}, {-3, 0, 5})});
  expectTensor(r[0], ElementType::F32, {3}, {9, 0, 25});
}

TEST(ReduceWindow, HugeWindowIsRefused) {
  auto exe = compile(
      reduceWindow1D(ElementType::F32, 4, 5,
                     "padding = dense<[[8589934592, 0]]> : tensor<1x2xi64>, "
                     "window_dimensions = array<i64: 8589934592>"));
  ASSERT_TRUE(exe);
  std::vector<Tensor> out;
  Status s = exe->runSingle({f32({4}, {1, 2, 3, 4}), f32({}, {0})}, out);
  EXPECT_FALSE(s.isOk());
  EXPECT_NE(s.message().find("windows too large"), std::string::npos)
      << s.message();
}

TEST(Sort, ApproxTopKCustomCall) {
  // JAX's lax.approx_max_k on CPU: the inputs sorted along reduction_dim by
  // the comparator function (ending in stablehlo.return), cut to top_k.
  const std::string text =
      "func.func @gt(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: "
      "tensor<i32>) -> tensor<i1> {\n"
      "  %0 = stablehlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> "
      "tensor<i1>\n  stablehlo.return %0 : tensor<i1>\n}\n"
      "func.func @main(%x: tensor<2x5xf32>) -> (tensor<2x2xf32>, "
      "tensor<2x2xi32>) {\n"
      "  %i = stablehlo.iota dim = 1 : tensor<2x5xi32>\n"
      "  %init = stablehlo.constant dense<0xFF800000> : tensor<f32>\n"
      "  %c = stablehlo.constant dense<-1> : tensor<i32>\n"
      "  %0:2 = stablehlo.custom_call @ApproxTopK(%x, %i, %init, %c) "
      "{called_computations = [@COMPARATOR], mhlo.backend_config = "
      "{aggregate_to_topk = true, is_fallback = true, recall_target = 0.95 : "
      "f32, reduction_dim = 1 : i64, reduction_input_size_override = -1 : "
      "i64, top_k = 2 : i64}} : (tensor<2x5xf32>, tensor<2x5xi32>, "
      "tensor<f32>, tensor<i32>) -> (tensor<2x2xf32>, tensor<2x2xi32>)\n"
      "  return %0#0, %0#1 : tensor<2x2xf32>, tensor<2x2xi32>\n}\n";
  Tensor x = f32({2, 5}, {3, 9, 1, 7, 5, -1, -4, 2, 8, 0});
  auto r = run1(replaceAll(text, "COMPARATOR", "gt"), {x});
  ASSERT_EQ(r.size(), 2u);
  expectTensor(r[0], ElementType::F32, {2, 2}, {9, 7, 8, 2});
  expectTensor(r[1], ElementType::I32, {2, 2}, {1, 3, 3, 2});

  // A missing comparator is an error naming it.
  std::unique_ptr<Executable> exe;
  Status st = Executable::fromText(replaceAll(text, "COMPARATOR", "nowhere"),
                                   ExecutableOptions(), exe);
  if (st.isOk()) {
    std::vector<Tensor> out;
    st = exe->runSingle({x}, out);
  }
  EXPECT_FALSE(st.isOk());
  EXPECT_NE(st.message().find("nowhere"), std::string::npos) << st.message();
}
