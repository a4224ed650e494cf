//===- ExportPipeline.cpp - -sdy-export-pipeline --------------------------===//
//
// The real Shardy's `sdy-export-pipeline`, in its order, so that its
// pipeline string and sdy's give the same module (docs/tools.md).
//
//===----------------------------------------------------------------------===//

#include "transforms/export/ExportPipeline.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "transforms/Passes.h"
#include "transforms/export/ConcatenateReshards.h"

using namespace mlir;
using namespace mlir::sdy;

void mlir::sdy::addExportPipeline(OpPassManager &pm) {
  pm.addNestedPass<func::FuncOp>(createConstantOrScalarMergerPass());
  pm.addNestedPass<func::FuncOp>(createSinkDataFlowEdgesPass());
  pm.addPass(createRemoveShardingGroupsPass());
  pm.addNestedPass<func::FuncOp>(createShardingConstraintToReshardPass());
  pm.addPass(createUpdateNonDivisibleInputOutputShardingsPass());
  pm.addPass(createRemoveSubAxesInInputOutputShardingsPass());
  pm.addPass(createCloseShardingsPass());
  pm.addPass(createSaveModulePass());
  pm.addNestedPass<func::FuncOp>(createConcatenateReshardsPass());
  GreedyRewriteConfig config;
  config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Aggressive);
  pm.addPass(createCanonicalizerPass(config, /*disabledPatterns=*/{},
                                     /*enabledPatterns=*/{"sdy-collective"}));
  pm.addPass(createSaveModulePass());
  pm.addNestedPass<func::FuncOp>(createDropShardingRulesPass());
}

void mlir::sdy::registerExportPipeline() {
  PassPipelineRegistration<>(
      "sdy-export-pipeline",
      "The real Shardy's export pipeline: cleanup after propagation, "
      "reshards for concatenates",
      [](OpPassManager &pm) { addExportPipeline(pm); });
}
