//===- FoldShapeQueries.cpp - shape queries before localization -----------===//
#include "transforms/partition/FoldShapeQueries.h"

#include "ir/stablehlo/StablehloDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;

void mlir::sdy::foldGlobalShapeQueries(ModuleOp module) {
  SmallVector<stablehlo::GetDimensionSizeOp> queries;
  module.walk([&](stablehlo::GetDimensionSizeOp op) { queries.push_back(op); });
  for (stablehlo::GetDimensionSizeOp op : queries) {
    auto type = op.getOperand().getType();
    int64_t dim = op.getDimension();
    if (dim >= type.getRank())
      continue; // The verifier rejects it.
    OpBuilder b(op);
    auto resultType = op.getType();
    auto value = DenseElementsAttr::get(
        resultType, b.getI32IntegerAttr(type.getDimSize(dim)).getValue());
    auto constant = stablehlo::ConstantOp::create(b, op.getLoc(), value);
    op.getResult().replaceAllUsesWith(constant.getResult());
    op.erase();
  }
}

namespace {
class InlineCompositesPass
    : public PassWrapper<InlineCompositesPass, OperationPass<ModuleOp>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(InlineCompositesPass)

  StringRef getArgument() const final { return "sdy-inline-composites"; }
  StringRef getDescription() const final {
    return "Replaces stablehlo.composite by its decomposition's body";
  }

  void runOnOperation() final {
    ModuleOp module = getOperation();
    // Decompositions may hold composites: repeat, a bounded number of times
    // (a decomposition that uses itself never ends).
    for (int round = 0; round < 256; ++round) {
      SmallVector<stablehlo::CompositeOp> composites;
      module.walk([&](stablehlo::CompositeOp op) { composites.push_back(op); });
      if (composites.empty())
        return;
      for (stablehlo::CompositeOp op : composites)
        if (failed(inlineComposite(op)))
          return signalPassFailure();
    }
    module.emitError("composites nest more than 256 deep (recursion?)");
    signalPassFailure();
  }

private:
  LogicalResult inlineComposite(stablehlo::CompositeOp op) {
    auto func = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
        op, op.getDecompositionAttr());
    if (!func || func.isExternal() || !func.getBody().hasOneBlock())
      return op.emitError("cannot inline decomposition @")
             << op.getDecomposition();
    Block &body = func.getBody().front();
    IRMapping mapping;
    mapping.map(body.getArguments(), op.getInputs());
    OpBuilder b(op);
    for (Operation &inner : body.without_terminator())
      b.clone(inner, mapping);
    SmallVector<Value> results;
    for (Value v : body.getTerminator()->getOperands())
      results.push_back(mapping.lookupOrDefault(v));
    op->replaceAllUsesWith(results);
    op.erase();
    return success();
  }
};
} // namespace

std::unique_ptr<Pass> mlir::sdy::createInlineCompositesPass() {
  return std::make_unique<InlineCompositesPass>();
}
