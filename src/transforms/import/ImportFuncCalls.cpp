//===- ImportFuncCalls.cpp - -sdy-import-func-calls -----------------------===//

#include "ir/sdy/ShardingUtils.h"
#include "mlir/IR/IRMapping.h"
#include "transforms/Passes.h"

namespace mlir::sdy {
#define GEN_PASS_DEF_IMPORTFUNCCALLSPASS
#include "transforms/Passes.h.inc"

namespace {

/// The callee's shardings for `count` values, or null when it has none;
/// missing ones become fully open on the mesh of the others.
TensorShardingPerValueAttr
getShardings(MLIRContext *ctx, TypeRange types,
             llvm::function_ref<TensorShardingAttr(unsigned)> get) {
  SmallVector<TensorShardingAttr> shardings;
  Attribute meshOrRef;
  for (unsigned i = 0; i < types.size(); ++i) {
    TensorShardingAttr sharding = get(i);
    if (sharding && !meshOrRef)
      meshOrRef = sharding.getMeshOrRef();
    shardings.push_back(sharding);
  }
  if (!meshOrRef)
    return {};
  for (auto [sharding, type] : llvm::zip(shardings, types))
    if (!sharding)
      sharding = getFullyOpenSharding(ctx, meshOrRef, getShardingRank(type));
  return TensorShardingPerValueAttr::get(ctx, shardings);
}

struct ImportFuncCallsPass
    : impl::ImportFuncCallsPassBase<ImportFuncCallsPass> {
  using ImportFuncCallsPassBase::ImportFuncCallsPassBase;

  void runOnOperation() override {
    if (addDataFlowEdgesOnNamedComputations) {
      getOperation().emitError()
          << "sdy-import-func-calls: add-data-flow-edges-on-named-computations "
             "is not supported (sdy keeps the shardings of named computations "
             "on the op); leave it false";
      return signalPassFailure();
    }
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    SymbolTable symbols(module);
    llvm::DenseSet<Operation *> callees;
    OpBuilder builder(ctx);

    // Copies may contain calls again: repeat until none is left, bounded so
    // that a recursive call is an error rather than a hang.
    for (int depth = 0;; ++depth) {
      SmallVector<func::CallOp> calls;
      module.walk([&](func::CallOp call) { calls.push_back(call); });
      if (calls.empty()) {
        if (depth == 0)
          return markAllAnalysesPreserved();
        break;
      }
      if (depth == 64) {
        calls.front().emitOpError()
            << "calls nest more than 64 deep; recursive calls cannot be "
               "imported as named computations";
        return signalPassFailure();
      }
      for (func::CallOp call : calls) {
        auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
        if (!callee || callee.isExternal()) {
          call.emitOpError()
              << "callee @" << call.getCallee() << " has no body to import";
          return signalPassFailure();
        }
        if (call->getParentOfType<func::FuncOp>() == callee) {
          call.emitOpError() << "calls its own function @" << call.getCallee()
                             << "; recursive calls cannot be imported as "
                                "named computations";
          return signalPassFailure();
        }
        callees.insert(callee);
        builder.setInsertionPoint(call);
        // Named after the function the callee was cloned from, if any; the
        // out shardings are the call's own (-sdy-propagate-sharding-from-
        // func-to-call gives a call its callee's), as in Shardy.
        auto originalName =
            callee->getAttrOfType<StringAttr>("sdy.original_func_name");
        auto outShardings = call->getAttrOfType<TensorShardingPerValueAttr>(
            SdyDialect::kShardingAttr);
        auto named = NamedComputationOp::create(
            builder, call.getLoc(), call.getResultTypes(),
            originalName ? originalName : call.getCalleeAttr().getAttr(),
            call.getOperands(),
            getShardings(ctx, callee.getArgumentTypes(),
                         [&](unsigned i) {
                           return callee.getArgAttrOfType<TensorShardingAttr>(
                               i, SdyDialect::kShardingAttr);
                         }),
            outShardings);
        for (NamedAttribute attr : call->getDiscardableAttrs())
          if (attr.getName() != SdyDialect::kShardingAttr)
            named->setAttr(attr.getName(), attr.getValue());
        IRMapping mapping;
        callee.getBody().cloneInto(&named.getBody(), mapping);
        Block &body = named.getBody().front();
        auto ret = cast<func::ReturnOp>(body.getTerminator());
        builder.setInsertionPoint(ret);
        ReturnOp::create(builder, ret.getLoc(), ret.getOperands());
        ret.erase();
        call.replaceAllUsesWith(named.getResults());
        call.erase();
      }
    }
    // Callees were copied into their calls; as in Shardy they go, public
    // ones too unless asked to keep them.
    for (Operation *callee : callees) {
      auto func = cast<func::FuncOp>(callee);
      if ((!keepPublicCallees || func.isPrivate()) &&
          SymbolTable::symbolKnownUseEmpty(func, module))
        func.erase();
    }
  }
};

} // namespace
} // namespace mlir::sdy
