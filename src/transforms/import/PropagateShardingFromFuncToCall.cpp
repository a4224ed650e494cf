//===- PropagateShardingFromFuncToCall.cpp --------------------------------===//
//
// -sdy-propagate-sharding-from-func-to-call: a call's results are its
// callee's results, so a call without shardings of its own takes the
// callee's result shardings.
//
//===----------------------------------------------------------------------===//

#include "ir/sdy/ShardingUtils.h"
#include "transforms/Passes.h"

#include "mlir/IR/SymbolTable.h"

namespace mlir::sdy {
#define GEN_PASS_DEF_PROPAGATESHARDINGFROMFUNCTOCALLPASS
#include "transforms/Passes.h.inc"

namespace {

struct PropagateShardingFromFuncToCallPass
    : impl::PropagateShardingFromFuncToCallPassBase<
          PropagateShardingFromFuncToCallPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    bool changed = false;
    module.walk([&](func::CallOp call) {
      if (call->hasAttr(SdyDialect::kShardingAttr))
        return;
      auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
      if (!callee || callee.getNumResults() != call.getNumResults())
        return;
      // Results the callee leaves unsharded are fully open on the mesh of
      // the first sharded one.
      TensorShardingAttr first;
      for (unsigned i = 0; i < callee.getNumResults(); ++i)
        if ((first = callee.getResultAttrOfType<TensorShardingAttr>(
                 i, SdyDialect::kShardingAttr)))
          break;
      if (!first)
        return;
      SmallVector<TensorShardingAttr> shardings;
      for (auto [i, result] : llvm::enumerate(call.getResults())) {
        auto sharding = callee.getResultAttrOfType<TensorShardingAttr>(
            i, SdyDialect::kShardingAttr);
        shardings.push_back(
            sharding
                ? sharding
                : getFullyOpenSharding(call.getContext(), first.getMeshOrRef(),
                                       getShardingRank(result.getType())));
      }
      call->setAttr(
          SdyDialect::kShardingAttr,
          TensorShardingPerValueAttr::get(call.getContext(), shardings));
      changed = true;
    });
    if (!changed)
      markAllAnalysesPreserved();
  }
};

} // namespace
} // namespace mlir::sdy
