//===- CloseShardings.cpp - -sdy-close-shardings --------------------------===//
//
// After propagation a sharding is final: every dimension is closed and
// explicitly replicated axes no longer mean anything. Priorities stay, as in
// the real Shardy, except on a dimension left empty: a closed empty
// dimension cannot have one (Shardy's output fails verification there).
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
        SmallVector<DimensionShardingAttr> dims;
        for (DimensionShardingAttr dim : sharding.getDimShardings())
          dims.push_back(DimensionShardingAttr::get(
              ctx, dim.getAxes(), /*isClosed=*/true,
              dim.emptyAxes() ? std::nullopt : dim.getPriority()));
        // Unreduced axes are pending reductions, not a choice: they stay.
        return TensorShardingAttr::get(ctx, sharding.getMeshOrRef(), dims, {},
                                       sharding.getUnreducedAxes());
      });
    });
    if (!changed)
      markAllAnalysesPreserved();
  }
};

} // namespace
} // namespace mlir::sdy
