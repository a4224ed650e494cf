//===- ReplaceDynamicOps.cpp - dynamic_* ops before partitioning ----------===//
#include "transforms/partition/ReplaceDynamicOps.h"

#include "ir/stablehlo/StablehloDynamicOps.h"

#include "mlir/IR/BuiltinOps.h"

using namespace mlir;

namespace {
class ReplaceDynamicOpsPass
    : public PassWrapper<ReplaceDynamicOpsPass, OperationPass<ModuleOp>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ReplaceDynamicOpsPass)

  StringRef getArgument() const final { return "sdy-replace-dynamic-ops"; }
  StringRef getDescription() const final {
    return "Replaces dynamic_* ops by their static twins";
  }

  void runOnOperation() final {
    if (failed(stablehlo::replaceDynamicOpsWithStaticOps(getOperation())))
      signalPassFailure();
  }
};
} // namespace

std::unique_ptr<Pass> mlir::sdy::createReplaceDynamicOpsPass() {
  return std::make_unique<ReplaceDynamicOpsPass>();
}
