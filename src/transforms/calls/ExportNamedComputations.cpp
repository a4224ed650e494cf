//===- ExportNamedComputations.cpp - -sdy-export-named-computations -------===//

#include "transforms/calls/CallGraphUtils.h"
#include "transforms/calls/Passes.h"

namespace mlir::sdy {
#define GEN_PASS_DEF_EXPORTNAMEDCOMPUTATIONSPASS
#include "transforms/calls/Passes.h.inc"

namespace {

struct ExportNamedComputationsPass
    : impl::ExportNamedComputationsPassBase<ExportNamedComputationsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    // Post-order: a nested named computation becomes a call before the one
    // holding it moves into a function.
    SmallVector<NamedComputationOp> namedOps;
    module.walk([&](NamedComputationOp op) { namedOps.push_back(op); });
    OpBuilder builder(&getContext());
    for (NamedComputationOp named : namedOps) {
      auto func =
          func::FuncOp::create(named.getLoc(), named.getName(),
                               builder.getFunctionType(named.getOperandTypes(),
                                                       named.getResultTypes()));
      func.setPrivate();
      func.getBody().takeBody(named.getBody());
      Operation *ret = func.getBody().front().getTerminator();
      builder.setInsertionPoint(ret);
      func::ReturnOp::create(builder, ret->getLoc(), ret->getOperands());
      ret->erase();
      if (std::optional<TensorShardingPerValueAttr> in = named.getInShardings())
        for (auto [i, sharding] : llvm::enumerate(in->getShardings()))
          if (i < func.getNumArguments())
            func.setArgAttr(i, SdyDialect::kShardingAttr, sharding);
      func->setAttr(kOriginalFuncNameAttr, named.getNameAttr());
      StringAttr name = symbols.insert(func);

      builder.setInsertionPoint(named);
      auto call =
          func::CallOp::create(builder, named.getLoc(), named.getResultTypes(),
                               name.getValue(), named.getOperands());
      for (NamedAttribute attr : named->getDiscardableAttrs())
        call->setAttr(attr.getName(), attr.getValue());
      if (std::optional<TensorShardingPerValueAttr> out =
              named.getOutShardings())
        call->setAttr(SdyDialect::kShardingAttr, *out);
      named.replaceAllUsesWith(call.getResults());
      named.erase();
    }
    if (namedOps.empty())
      markAllAnalysesPreserved();
  }
};

} // namespace
} // namespace mlir::sdy
