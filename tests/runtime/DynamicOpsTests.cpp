//===- DynamicOpsTests.cpp - dynamic_* ops in executables -----------------===//
//
// Executables run the spec's shape-operand ops through their static twins,
// on their own copy of the program: a module handed to fromModule is left
// as it was.
//
//===----------------------------------------------------------------------===//

#include "runtime/Executable.h"
#include "runtime/ShardedExecutable.h"

#include "ir/Registration.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

using namespace sdy::runtime;

namespace {

const char kIotaPad[] = R"(
func.func @main() -> tensor<7xi64> {
  %shape = stablehlo.constant dense<[3]> : tensor<1xi64>
  %0 = stablehlo.dynamic_iota %shape, dim = 0 : (tensor<1xi64>) -> tensor<3xi64>
  %z = stablehlo.constant dense<-1> : tensor<i64>
  %one = stablehlo.constant dense<[1]> : tensor<1xi64>
  %1 = stablehlo.dynamic_pad %0, %z, %one, %one, %one : (tensor<3xi64>, tensor<i64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<7xi64>
  return %1 : tensor<7xi64>
}
)";

const char kComputedPadding[] = R"(
func.func @main(%low: tensor<1xi64>) -> tensor<5xi64> {
  %c = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi64>
  %z = stablehlo.constant dense<0> : tensor<i64>
  %1 = stablehlo.dynamic_pad %c, %z, %low, %low, %low : (tensor<3xi64>, tensor<i64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<5xi64>
  return %1 : tensor<5xi64>
}
)";

void expectIotaPad(const std::vector<Tensor> &out) {
  ASSERT_EQ(out.size(), 1u);
  std::vector<int64_t> got;
  for (int64_t i = 0; i < 7; ++i)
    got.push_back(out[0].getInt(i));
  EXPECT_EQ(got, (std::vector<int64_t>{-1, 0, -1, 1, -1, 2, -1}));
}

TEST(DynamicOps, FromTextRuns) {
  std::unique_ptr<Executable> exe;
  Status s = Executable::fromText(kIotaPad, {}, exe);
  ASSERT_TRUE(s.isOk()) << s.message();
  std::vector<Tensor> out;
  s = exe->runSingle({}, out);
  ASSERT_TRUE(s.isOk()) << s.message();
  expectIotaPad(out);
}

TEST(DynamicOps, FromModuleRunsACopy) {
  mlir::MLIRContext context(mlir::MLIRContext::Threading::DISABLED);
  registerRuntimeDialects(context);
  auto module = mlir::parseSourceString<mlir::ModuleOp>(kIotaPad, &context);
  ASSERT_TRUE(module);
  std::unique_ptr<Executable> exe;
  Status s = Executable::fromModule(*module, {}, exe);
  ASSERT_TRUE(s.isOk()) << s.message();
  std::vector<Tensor> out;
  s = exe->runSingle({}, out);
  ASSERT_TRUE(s.isOk()) << s.message();
  expectIotaPad(out);
  // The caller's module keeps its ops.
  int dynamicOps = 0;
  module->walk([&](mlir::Operation *op) {
    llvm::StringRef name = op->getName().getStringRef();
    dynamicOps +=
        name == "stablehlo.dynamic_iota" || name == "stablehlo.dynamic_pad";
  });
  EXPECT_EQ(dynamicOps, 2);
}

TEST(DynamicOps, NonConstantPaddingIsUnsupported) {
  std::unique_ptr<Executable> exe;
  Status s = Executable::fromText(kComputedPadding, {}, exe);
  EXPECT_EQ(s.code(), StatusCode::Unsupported);
  EXPECT_NE(s.message().find("'stablehlo.dynamic_pad' op edge_padding_low "
                             "must be a stablehlo.constant"),
            std::string::npos)
      << s.message();

  mlir::MLIRContext context(mlir::MLIRContext::Threading::DISABLED);
  registerRuntimeDialects(context);
  auto module =
      mlir::parseSourceString<mlir::ModuleOp>(kComputedPadding, &context);
  ASSERT_TRUE(module);
  s = Executable::fromModule(*module, {}, exe);
  EXPECT_EQ(s.code(), StatusCode::Unsupported);
  EXPECT_NE(s.message().find("edge_padding_low must be a stablehlo.constant"),
            std::string::npos)
      << s.message();
  std::unique_ptr<ShardedExecutable> sharded;
  s = ShardedExecutable::fromModule(*module, {}, sharded);
  EXPECT_EQ(s.code(), StatusCode::Unsupported);
  EXPECT_NE(s.message().find("edge_padding_low must be a stablehlo.constant"),
            std::string::npos)
      << s.message();
}

} // namespace
