//===- RejectUnreduced.cpp - the partitioner refuses unreduced axes -------===//

#include "transforms/partition/RejectUnreduced.h"

#include "ir/sdy/SdyDialect.h"

using namespace mlir;
using namespace mlir::sdy;

LogicalResult mlir::sdy::rejectUnreducedAxes(ModuleOp module) {
  WalkResult result = module.walk([](Operation *op) {
    TensorShardingAttr found;
    op->getAttrDictionary().walk([&](TensorShardingAttr sharding) {
      if (!found && sharding.hasUnreducedAxes())
        found = sharding;
    });
    if (!found)
      return WalkResult::advance();
    op->emitError() << "the partitioner does not support unreduced axes yet "
                       "(sharding "
                    << found
                    << "); complete the reduction with sdy.all_reduce before "
                       "partitioning";
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

namespace {
struct RejectUnreducedPass
    : PassWrapper<RejectUnreducedPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(RejectUnreducedPass)
  StringRef getArgument() const override { return "sdy-reject-unreduced"; }
  void runOnOperation() override {
    if (failed(rejectUnreducedAxes(getOperation())))
      signalPassFailure();
    markAllAnalysesPreserved();
  }
};
} // namespace

std::unique_ptr<Pass> mlir::sdy::createRejectUnreducedPass() {
  return std::make_unique<RejectUnreducedPass>();
}
