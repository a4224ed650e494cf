//===- UnitTestSupport.h - parsing small modules for unit tests -*- C++ -*-===//
//
// A GoogleTest fixture with the sdy, stablehlo and func dialects loaded that
// parses a module from text and reads meshes, shardings and sharding rules
// out of it.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_TESTS_UNIT_UNITTESTSUPPORT_H
#define SDY_TESTS_UNIT_UNITTESTSUPPORT_H

#include <string>

#include "ir/sdy/SdyDialect.h"
#include "ir/sdy/ShardingLayout.h"
#include "ir/stablehlo/StablehloDialect.h"
#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

namespace mlir::sdy::unittest {

class SdyTest : public ::testing::Test {
protected:
  SdyTest() {
    ctx.loadDialect<SdyDialect, stablehlo::StablehloDialect,
                    func::FuncDialect>();
  }

  /// Parses `text` as the module under test; fails the test if it does not
  /// parse or verify.
  void parse(llvm::StringRef text) {
    module = parseSourceString<ModuleOp>(text, &ctx);
    ASSERT_TRUE(module) << "module did not parse:\n" << text.str();
  }

  /// The mesh named `name` in the module.
  MeshAttr getMesh(llvm::StringRef name = "mesh") {
    auto meshOp = module->lookupSymbol<MeshOp>(name);
    EXPECT_TRUE(meshOp) << "no mesh @" << name.str();
    return meshOp ? meshOp.getMesh() : MeshAttr();
  }

  /// The first op named `opName` (e.g. "stablehlo.add") in the module.
  Operation *getOp(llvm::StringRef opName) {
    Operation *found = nullptr;
    module->walk([&](Operation *op) {
      if (!found && op->getName().getStringRef() == opName)
        found = op;
    });
    EXPECT_TRUE(found) << "no op " << opName.str();
    return found;
  }

  /// A sharding written as the attribute `#sdy.sharding<...>`.
  TensorShardingAttr sharding(llvm::StringRef text) {
    auto attr = dyn_cast_or_null<TensorShardingAttr>(
        parseAttribute("#sdy.sharding<" + text.str() + ">", &ctx));
    EXPECT_TRUE(attr) << "not a sharding: " << text.str();
    return attr;
  }

  /// A rule written as the attribute `#sdy.op_sharding_rule<...>`.
  OpShardingRuleAttr rule(llvm::StringRef text) {
    auto attr = dyn_cast_or_null<OpShardingRuleAttr>(
        parseAttribute("#sdy.op_sharding_rule<" + text.str() + ">", &ctx));
    EXPECT_TRUE(attr) << "not a sharding rule: " << text.str();
    return attr;
  }

  /// `axes` as text, e.g. `{"x", "y":(1)2}`.
  static std::string str(llvm::ArrayRef<AxisRefAttr> axes) {
    std::string text = formatDimAxes({AxisList(axes.begin(), axes.end())});
    return text.substr(1, text.size() - 2); // without the outer brackets
  }

  /// `attr` as printed in IR.
  static std::string str(Attribute attr) {
    std::string text;
    llvm::raw_string_ostream os(text);
    attr.print(os);
    return text;
  }

  MLIRContext ctx;
  OwningOpRef<ModuleOp> module;
};

} // namespace mlir::sdy::unittest

#endif // SDY_TESTS_UNIT_UNITTESTSUPPORT_H
