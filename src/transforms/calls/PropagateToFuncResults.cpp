//===- PropagateToFuncResults.cpp - -sdy-propagate-to-func-results --------===//
//
// After propagation the values a function returns carry the shardings it
// chose; the results of every function but @main take them so that
// callers see them.
//
//===----------------------------------------------------------------------===//

#include "ir/sdy/ShardingUtils.h"
#include "transforms/calls/Passes.h"

namespace mlir::sdy {
#define GEN_PASS_DEF_PROPAGATETOFUNCRESULTSPASS
#include "transforms/calls/Passes.h.inc"

namespace {

struct PropagateToFuncResultsPass
    : impl::PropagateToFuncResultsPassBase<PropagateToFuncResultsPass> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      // @main's results are the program's outputs: their shardings are
      // the user's, not propagation's.
      if (func.isExternal() || func.getSymName() == "main")
        continue;
      Operation *ret = func.getBody().front().getTerminator();
      if (!ret || ret->getNumOperands() != func.getNumResults())
        continue;
      // A result whose value propagation left unsharded loses its sharding.
      for (auto [i, value] : llvm::enumerate(ret->getOperands())) {
        if (TensorShardingAttr sharding = getSharding(value))
          func.setResultAttr(i, SdyDialect::kShardingAttr, sharding);
        else
          func.removeResultAttr(
              i, StringAttr::get(&getContext(), SdyDialect::kShardingAttr));
      }
    }
  }
};

} // namespace
} // namespace mlir::sdy
