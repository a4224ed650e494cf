//===- CompiledBatchNormTest.cpp - batch_norm_* compiled ------------------===//
//
// batch_norm_training, batch_norm_inference and batch_norm_grad, compiled as
// per-feature sums and elementwise loops in the interpreter's order:
// bit-identical to the interpreter on f32 and f64, with the feature first,
// in the middle and last; the report names the forms left to the
// interpreter.
//
//===----------------------------------------------------------------------===//
#include "CompiledPathTestUtils.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

using namespace sdy::runtime;
using sdy::compiler::ExecMode;

namespace {

std::string program(const std::string &et, int feature) {
  // x: 6x5x4, the feature dimension `feature` of it.
  const int dims[] = {6, 5, 4};
  std::string x = "tensor<6x5x4x" + et + ">";
  std::string v = "tensor<" + std::to_string(dims[feature]) + "x" + et + ">";
  std::string attrs =
      "{epsilon = 1.0e-3 : f32, feature_index = " + std::to_string(feature) +
      " : i64}";
  return "func.func @main(%x: " + x + ", %s: " + v + ", %o: " + v +
         ", %g: " + x + ") -> (" + x + ", " + v + ", " + v + ", " + x + ", " +
         x + ", " + v + ", " + v + ") {\n" +
         "  %t:3 = \"stablehlo.batch_norm_training\"(%x, %s, %o) " + attrs +
         " : (" + x + ", " + v + ", " + v + ") -> (" + x + ", " + v + ", " + v +
         ")\n" + "  %i = \"stablehlo.batch_norm_inference\"(%x, %s, %o, " +
         "%t#1, %t#2) " + attrs + " : (" + x + ", " + v + ", " + v + ", " + v +
         ", " + v + ") -> " + x + "\n" +
         "  %r:3 = \"stablehlo.batch_norm_grad\"(%x, %s, %t#1, %t#2, %g) " +
         attrs + " : (" + x + ", " + v + ", " + v + ", " + v + ", " + x +
         ") -> (" + x + ", " + v + ", " + v + ")\n" +
         "  return %t#0, %t#1, %t#2, %i, %r#0, %r#1, %r#2 : " + x + ", " + v +
         ", " + v + ", " + x + ", " + x + ", " + v + ", " + v + "\n}\n";
}

template <typename T>
std::vector<T> data(size_t n, double start, double step) {
  std::vector<T> v(n);
  for (size_t i = 0; i < n; ++i)
    v[i] = static_cast<T>(std::sin(start + step * double(i)) * 3 + 0.1 * i);
  return v;
}

TEST(CompiledBatchNorm, TrainingInferenceAndGradMatchTheInterpreter) {
  const int dims[] = {6, 5, 4};
  for (int feature = 0; feature < 3; ++feature) {
    SCOPED_TRACE(feature);
    int64_t f = dims[feature];
    auto f32 =
        runBothExact(program("f32", feature),
                     {Tensor::fromVector<float>(ElementType::F32, {6, 5, 4},
                                                data<float>(120, 0.3, 0.7)),
                      Tensor::fromVector<float>(ElementType::F32, {f},
                                                data<float>(f, 1.0, 0.5)),
                      Tensor::fromVector<float>(ElementType::F32, {f},
                                                data<float>(f, -2.0, 0.25)),
                      Tensor::fromVector<float>(ElementType::F32, {6, 5, 4},
                                                data<float>(120, 2.0, 0.3))});
    ASSERT_EQ(f32.size(), 7u);
    // The batch mean of feature 0 is the mean of its elements.
    if (feature == 2) {
      std::vector<float> x = data<float>(120, 0.3, 0.7);
      float sum = 0;
      for (int i = 0; i < 30; ++i)
        sum += x[i * 4];
      EXPECT_EQ(f32[1].data<float>()[0], sum / 30.0f);
    }
    auto f64 =
        runBothExact(program("f64", feature),
                     {Tensor::fromVector<double>(ElementType::F64, {6, 5, 4},
                                                 data<double>(120, 0.3, 0.7)),
                      Tensor::fromVector<double>(ElementType::F64, {f},
                                                 data<double>(f, 1.0, 0.5)),
                      Tensor::fromVector<double>(ElementType::F64, {f},
                                                 data<double>(f, -2.0, 0.25)),
                      Tensor::fromVector<double>(ElementType::F64, {6, 5, 4},
                                                 data<double>(120, 2.0, 0.3))});
    ASSERT_EQ(f64.size(), 7u);
  }
}

TEST(CompiledBatchNorm, ReportNamesTheFormsLeftToTheInterpreter) {
  const char *text = R"(
func.func @main(%x: tensor<2x3xbf16>, %s: tensor<3xbf16>, %o: tensor<3xbf16>, %m: tensor<3xbf16>, %v: tensor<3xbf16>) -> tensor<2x3xbf16> {
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %o, %m, %v) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xbf16>, tensor<3xbf16>, tensor<3xbf16>, tensor<3xbf16>, tensor<3xbf16>) -> tensor<2x3xbf16>
  return %0 : tensor<2x3xbf16>
})";
  auto compiled = make(text, ExecMode::Auto);
  const std::string &report = compiled->compileReport();
  EXPECT_NE(report.find("interpreted: stablehlo.batch_norm_inference x1: only "
                        "the f32 and f64 forms are compiled"),
            std::string::npos)
      << report;
}

} // namespace
