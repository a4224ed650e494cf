//===- CompiledNarrowFormatsTest.cpp - f8, f6 and f4 compiled -------------===//
//
// The narrow float formats (f8E4M3FN, f8E5M2, ..., f6E3M2FN, f4E2M1FN),
// compiled: held as their bits, converted with the runtime's own functions
// and computed in f32 as the interpreter computes them, so arithmetic,
// comparisons, conversions, selects, constants and data movement are
// bit-identical to the interpreter on every bit pattern; the report names
// the forms left to the interpreter.
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

struct Format {
  const char *name;
  ElementType type;
  int bits;
};

const Format kFormats[] = {
    {"f8E4M3FN", ElementType::F8E4M3FN, 8},
    {"f8E5M2", ElementType::F8E5M2, 8},
    {"f8E4M3FNUZ", ElementType::F8E4M3FNUZ, 8},
    {"f8E5M2FNUZ", ElementType::F8E5M2FNUZ, 8},
    {"f8E4M3B11FNUZ", ElementType::F8E4M3B11FNUZ, 8},
    {"f8E4M3", ElementType::F8E4M3, 8},
    {"f8E3M4", ElementType::F8E3M4, 8},
    {"f8E8M0FNU", ElementType::F8E8M0FNU, 8},
    {"f6E2M3FN", ElementType::F6E2M3FN, 6},
    {"f6E3M2FN", ElementType::F6E3M2FN, 6},
    {"f4E2M1FN", ElementType::F4E2M1FN, 4},
};

// Every bit pattern of the format, and the same reversed.
std::vector<uint8_t> patterns(int bits, bool reversed) {
  std::vector<uint8_t> v;
  for (int i = 0; i < (1 << bits); ++i)
    v.push_back(static_cast<uint8_t>(reversed ? (1 << bits) - 1 - i : i));
  return v;
}

TEST(CompiledNarrowFormats, ArithmeticOnEveryBitPattern) {
  for (const Format &f : kFormats) {
    SCOPED_TRACE(f.name);
    int64_t n = int64_t(1) << f.bits;
    std::string t =
        "tensor<" + std::to_string(n) + "x" + std::string(f.name) + ">";
    std::string p = "tensor<" + std::to_string(n) + "xi1>";
    std::string text =
        "func.func @main(%a: " + t + ", %b: " + t + ") -> (" + t + ", " + t +
        ", " + t + ", " + t + ", " + t + ", " + t + ", " + t + ", " + t + ", " +
        p + ", " + p + ", " + t + ") {\n" +
        "  %0 = stablehlo.add %a, %b : " + t + "\n" +
        "  %1 = stablehlo.subtract %a, %b : " + t + "\n" +
        "  %2 = stablehlo.multiply %a, %b : " + t + "\n" +
        "  %3 = stablehlo.divide %a, %b : " + t + "\n" +
        "  %4 = stablehlo.maximum %a, %b : " + t + "\n" +
        "  %5 = stablehlo.minimum %a, %b : " + t + "\n" +
        "  %6 = stablehlo.abs %a : " + t + "\n" +
        "  %7 = stablehlo.negate %a : " + t + "\n" +
        "  %8 = stablehlo.compare LT, %a, %b : (" + t + ", " + t + ") -> " + p +
        "\n" + "  %9 = stablehlo.compare EQ, %a, %b : (" + t + ", " + t +
        ") -> " + p + "\n" + "  %10 = stablehlo.select %8, %a, %b : " + p +
        ", " + t + "\n" + "  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, " +
        "%10 : " + t + ", " + t + ", " + t + ", " + t + ", " + t + ", " + t +
        ", " + t + ", " + t + ", " + p + ", " + p + ", " + t + "\n}\n";
    auto out = runBothExact(
        text,
        {Tensor::fromVector<uint8_t>(f.type, {n}, patterns(f.bits, false)),
         Tensor::fromVector<uint8_t>(f.type, {n}, patterns(f.bits, true))});
    ASSERT_EQ(out.size(), 11u);
  }
}

TEST(CompiledNarrowFormats, ConversionsBetweenFormatsAndWiderTypes) {
  // Every format to and from f32, f64, f16, i32 and f8E4M3FN, on every bit
  // pattern and on values that round (ties, overflow, NaN, infinities).
  std::vector<double> d = {0.0,     -0.0,     1.0,     1.0625, 1.125, -2.75,
                           300.0,   448.0,    464.0,   1e6,    -1e-9, 0.3,
                           1.0 / 0, -1.0 / 0, 0.0 / 0, 7.5};
  std::vector<float> f(d.begin(), d.end());
  std::vector<int32_t> i = {0, 1,  -1, 3, 17, -448, 1000000, 2,
                            5, -6, 7,  9, 12, 100,  -100,    64};
  for (const Format &fmt : kFormats) {
    SCOPED_TRACE(fmt.name);
    int64_t n = int64_t(1) << fmt.bits;
    std::string s = std::to_string(n);
    std::string t = "tensor<" + s + "x" + std::string(fmt.name) + ">";
    std::string u = std::string("x") + fmt.name + ">";
    std::string text =
        "func.func @main(%x: " + t +
        ", %d: tensor<16xf64>, %f: tensor<16xf32>, %i: tensor<16xi32>) -> "
        "(tensor<" +
        s + "xf32>, tensor<" + s + "xf64>, tensor<" + s + "xf16>, tensor<" + s +
        "xi32>, tensor<" + s + "xf8E4M3FN>, tensor<16" + u + ", tensor<16" + u +
        ", tensor<16" + u + ") {\n" + "  %0 = stablehlo.convert %x : (" + t +
        ") -> tensor<" + s + "xf32>\n" + "  %1 = stablehlo.convert %x : (" + t +
        ") -> tensor<" + s + "xf64>\n" + "  %2 = stablehlo.convert %x : (" + t +
        ") -> tensor<" + s + "xf16>\n" + "  %3 = stablehlo.convert %x : (" + t +
        ") -> tensor<" + s + "xi32>\n" + "  %4 = stablehlo.convert %x : (" + t +
        ") -> tensor<" + s + "xf8E4M3FN>\n" +
        "  %5 = stablehlo.convert %d : (tensor<16xf64>) -> tensor<16" + u +
        "\n" + "  %6 = stablehlo.convert %f : (tensor<16xf32>) -> tensor<16" +
        u + "\n" +
        "  %7 = stablehlo.convert %i : (tensor<16xi32>) -> tensor<16" + u +
        "\n" + "  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<" + s +
        "xf32>, tensor<" + s + "xf64>, tensor<" + s + "xf16>, tensor<" + s +
        "xi32>, tensor<" + s + "xf8E4M3FN>, tensor<16" + u + ", tensor<16" + u +
        ", tensor<16" + u + "\n}\n";
    auto out = runBothExact(
        text,
        {Tensor::fromVector<uint8_t>(fmt.type, {n}, patterns(fmt.bits, false)),
         Tensor::fromVector<double>(ElementType::F64, {16}, d),
         Tensor::fromVector<float>(ElementType::F32, {16}, f),
         Tensor::fromVector<int32_t>(ElementType::I32, {16}, i)});
    ASSERT_EQ(out.size(), 8u);
  }
}

TEST(CompiledNarrowFormats, ConstantsAndDataMovement) {
  const char *text = R"(
func.func @main(%a: tensor<2x3xf8E5M2>) -> (tensor<3x2xf8E5M2>, tensor<2x5xf8E5M2>, tensor<2x3xf8E5M2>, tensor<3xf4E2M1FN>) {
  %c = stablehlo.constant dense<[[1.0, -2.0, 0.5], [57344.0, -0.0, 0.25]]> : tensor<2x3xf8E5M2>
  %z = stablehlo.constant dense<3.0> : tensor<f8E5M2>
  %k = stablehlo.constant dense<[6.0, -0.5, 1.5]> : tensor<3xf4E2M1FN>
  %t = stablehlo.transpose %a, dims = [1, 0] : (tensor<2x3xf8E5M2>) -> tensor<3x2xf8E5M2>
  %p = stablehlo.pad %a, %z, low = [0, 1], high = [0, 1], interior = [0, 0] : (tensor<2x3xf8E5M2>, tensor<f8E5M2>) -> tensor<2x5xf8E5M2>
  %s = stablehlo.add %a, %c : tensor<2x3xf8E5M2>
  %q = stablehlo.multiply %k, %k : tensor<3xf4E2M1FN>
  return %t, %p, %s, %q : tensor<3x2xf8E5M2>, tensor<2x5xf8E5M2>, tensor<2x3xf8E5M2>, tensor<3xf4E2M1FN>
})";
  auto out = runBothExact(text, {Tensor::fromVector<uint8_t>(
                                    ElementType::F8E5M2, {2, 3},
                                    {0x3C, 0xC0, 0x00, 0x7B, 0x80, 0x7E})});
  ASSERT_EQ(out.size(), 4u);
  // transpose moves the bits; the pad value 3.0 is 0x42 in f8E5M2.
  EXPECT_EQ(values<uint8_t>(out[0]),
            (std::vector<uint8_t>{0x3C, 0x7B, 0xC0, 0x80, 0x00, 0x7E}));
  EXPECT_EQ(values<uint8_t>(out[1])[0], 0x42);
  // 1 + 1 = 2 (0x40); 6 * 6 saturates to 6 in f4E2M1FN (0x7).
  EXPECT_EQ(values<uint8_t>(out[2])[0], 0x40);
  EXPECT_EQ(values<uint8_t>(out[3])[0], 0x7);
}

TEST(CompiledNarrowFormats, ReportNamesTheFormsLeftToTheInterpreter) {
  const char *text = R"(
func.func @main(%a: tensor<4xf8E4M3FN>) -> (tensor<4xf8E4M3FN>, tensor<f8E4M3FN>) {
  %0 = stablehlo.exponential %a : tensor<4xf8E4M3FN>
  %z = stablehlo.constant dense<0.0> : tensor<f8E4M3FN>
  %1 = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [0] : (tensor<4xf8E4M3FN>, tensor<f8E4M3FN>) -> tensor<f8E4M3FN>
  return %0, %1 : tensor<4xf8E4M3FN>, tensor<f8E4M3FN>
})";
  auto compiled = make(text, ExecMode::Auto);
  const std::string &report = compiled->compileReport();
  for (const char *line :
       {"interpreted: stablehlo.exponential x1: f8E4M3FN form is not compiled",
        "interpreted: stablehlo.reduce x1: f8E4M3FN form is not compiled"})
    EXPECT_NE(report.find(line), std::string::npos) << line << "\n" << report;
}

} // namespace
