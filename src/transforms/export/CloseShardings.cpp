//===- CloseShardings.cpp - -sdy-close-shardings --------------------------===//
//
// After propagation a sharding is final: every dimension is closed, and
// priorities and explicitly replicated axes no longer mean anything.
//
//===----------------------------------------------------------------------===//

#include "ir/sdy/ShardingUtils.h"
#include "transforms/Passes.h"

namespace mlir::sdy {
#define GEN_PASS_DEF_CLOSESHARDINGSPASS
#include "transforms/Passes.h.inc"

namespace {

struct CloseShardingsPass : impl::CloseShardingsPassBase<CloseShardingsPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    bool changed = false;
    getOperation().walk([&](Operation *op) {
      changed |= transformShardings(op, [&](TensorShardingAttr sharding) {
        TensorShardingAttr closed = closeDimensions(sharding);
        // Unreduced axes are pending reductions, not a choice: they stay.
        return TensorShardingAttr::get(ctx, closed.getMeshOrRef(),
                                       closed.getDimShardings(), {},
                                       closed.getUnreducedAxes());
      });
    });
    if (!changed)
      markAllAnalysesPreserved();
  }
};

} // namespace
} // namespace mlir::sdy
