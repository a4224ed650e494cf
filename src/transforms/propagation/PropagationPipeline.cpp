//===- PropagationPipeline.cpp - -sdy-propagation-pipeline ----------------===//
//
// Import → user-priority propagation → export cleanup (docs/propagation.md).
//
//===----------------------------------------------------------------------===//

#include "transforms/propagation/PropagationPipeline.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "transforms/Passes.h"
#include "transforms/export/ConcatenateReshards.h"
#include "transforms/propagation/PropagationPasses.h"

using namespace mlir;
using namespace mlir::sdy;

void mlir::sdy::addPropagationPipeline(
    OpPassManager &pm, const PipelinePropagationOptions &options,
    bool keepNonDivisibleInputOutputShardings) {
  // Import.
  pm.addPass(createPropagateShardingFromFuncToCallPass());
  pm.addPass(createImportFuncCallsPass());
  pm.addPass(createSymbolDCEPass());
  pm.addPass(createLiftInlinedMeshesPass());
  pm.addPass(createRemoveSizeOneAxesPass());
  pm.addNestedPass<func::FuncOp>(createConstantOrScalarSplitterPass());
  pm.addPass(createManualAxesCleanupPass());
  pm.addNestedPass<func::FuncOp>(createAddDataFlowEdgesPass());
  pm.addNestedPass<func::FuncOp>(createApplyShardingConstraintsPass());
  pm.addPass(createShardingGroupImportPass());

  // Propagation.
  pm.addPass(createUserPriorityPropagationPass(options));

  // Export.
  pm.addNestedPass<func::FuncOp>(createConstantOrScalarMergerPass());
  pm.addNestedPass<func::FuncOp>(createSinkDataFlowEdgesPass());
  pm.addNestedPass<func::FuncOp>(createRemoveShardingGroupsPass());
  pm.addNestedPass<func::FuncOp>(createShardingConstraintToReshardPass());
  if (!keepNonDivisibleInputOutputShardings)
    pm.addPass(createUpdateNonDivisibleInputOutputShardingsPass());
  pm.addPass(createRemoveSubAxesInInputOutputShardingsPass());
  pm.addPass(createCloseShardingsPass());
  pm.addNestedPass<func::FuncOp>(createConcatenateReshardsPass());
  if (!options.keepShardingRules)
    pm.addNestedPass<func::FuncOp>(createDropShardingRulesPass());
}

void mlir::sdy::registerPropagationPipeline() {
  PassPipelineRegistration<PropagationPipelineOptions>(
      "sdy-propagation-pipeline",
      "Import, user-priority propagation and export cleanup",
      [](OpPassManager &pm, const PropagationPipelineOptions &options) {
        addPropagationPipeline(pm, options.propagation,
                               !options.updateNonDivisibleInputOutputShardings);
      });
}
