//===- PropagationPipeline.cpp - -sdy-propagation-pipeline ----------------===//
//
// Import → user-priority propagation → export cleanup, in the real Shardy's
// order, call-graph passes included (docs/propagation.md).
//
//===----------------------------------------------------------------------===//

#include "transforms/propagation/PropagationPipeline.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "transforms/Passes.h"
#include "transforms/calls/Passes.h"
#include "transforms/export/ConcatenateReshards.h"
#include "transforms/propagation/PropagationPasses.h"

using namespace mlir;
using namespace mlir::sdy;

void mlir::sdy::addPropagationPipeline(
    OpPassManager &pm, const PipelinePropagationOptions &options,
    bool keepNonDivisibleInputOutputShardings, bool exportCallGraph) {
  // Import, in Shardy's order: every call gets its own copy of its callee
  // (flatten), which becomes a named computation that propagation sees
  // into.
  pm.addPass(createSymbolDCEPass());
  pm.addPass(createLiftInlinedMeshesPass());
  pm.addPass(createRemoveSizeOneAxesPass());
  pm.addPass(createPropagateShardingFromFuncToCallPass());
  pm.addNestedPass<func::FuncOp>(createConstantOrScalarSplitterPass());
  pm.addPass(createSymbolDCEPass());
  pm.addPass(createManualAxesCleanupPass());
  pm.addNestedPass<func::FuncOp>(createAddDataFlowEdgesPass());
  pm.addPass(createFlattenCallGraphPass());
  pm.addPass(createSymbolDCEPass());
  // Without the export (the partitioner) the module keeps its public
  // functions, callees included.
  ImportFuncCallsPassOptions importOptions;
  importOptions.keepPublicCallees = !exportCallGraph;
  pm.addPass(createImportFuncCallsPass(importOptions));
  pm.addPass(createSymbolDCEPass());
  pm.addNestedPass<func::FuncOp>(createApplyShardingConstraintsPass());
  pm.addPass(createShardingGroupImportPass());
  pm.addPass(createPreOrderFuncsPass());

  // Propagation.
  pm.addPass(createUserPriorityPropagationPass(options));

  // Export. The named computations become calls again; calls to copies of
  // one function that ended up with the same shardings share one function.
  if (exportCallGraph) {
    pm.addPass(createExportNamedComputationsPass());
    pm.addPass(createPropagateToFuncResultsPass());
    pm.addPass(createUnflattenCallGraphPass());
    pm.addPass(createSymbolDCEPass());
    pm.addPass(createInsertFuncCallReshardsPass());
  }
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
