//===- RemoveSubAxesInInputOutputShardings.cpp ----------------------------===//
//
// -sdy-remove-sub-axes-in-input-output-shardings: the entry function's
// argument and result shardings are what callers see, and callers (a
// framework laying out buffers) know whole mesh axes only. In each open
// dimension (one that propagation was free to fill) the first sub-axis and
// every axis after it are dropped; closed dimensions are what the user asked
// for and stay. The values inside the function keep their shardings: the
// partitioner reshards where they now differ.
//
//===----------------------------------------------------------------------===//

#include "ir/sdy/ShardingUtils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "transforms/Passes.h"

namespace mlir::sdy {
#define GEN_PASS_DEF_REMOVESUBAXESININPUTOUTPUTSHARDINGSPASS
#include "transforms/Passes.h.inc"

namespace {

TensorShardingAttr removeSubAxes(TensorShardingAttr sharding) {
  MLIRContext *ctx = sharding.getContext();
  SmallVector<DimensionShardingAttr> dims;
  for (DimensionShardingAttr dim : sharding.getDimShardings()) {
    ArrayRef<AxisRefAttr> axes = dim.getAxes();
    auto firstSub =
        llvm::find_if(axes, [](AxisRefAttr axis) { return axis.isSubAxis(); });
    if (dim.getIsClosed() || firstSub == axes.end()) {
      dims.push_back(dim);
      continue;
    }
    dims.push_back(DimensionShardingAttr::get(
        ctx, axes.take_front(firstSub - axes.begin()), /*isClosed=*/false,
        dim.getPriority()));
  }
  return TensorShardingAttr::get(ctx, sharding.getMeshOrRef(), dims,
                                 sharding.getReplicatedAxes(),
                                 sharding.getUnreducedAxes());
}

struct RemoveSubAxesInInputOutputShardingsPass
    : impl::RemoveSubAxesInInputOutputShardingsPassBase<
          RemoveSubAxesInInputOutputShardingsPass> {
  void runOnOperation() override {
    // Only the entry function's callers are outside the module (as in
    // Shardy, which requires @main); without @main every function is an
    // entry.
    bool changed = false;
    auto main = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
        getOperation(), StringAttr::get(&getContext(), "main"));
    for (auto func : getOperation().getOps<func::FuncOp>())
      if (!main || func == main)
        changed |= transformShardings(func, removeSubAxes);
    if (!changed)
      markAllAnalysesPreserved();
  }
};

} // namespace
} // namespace mlir::sdy
