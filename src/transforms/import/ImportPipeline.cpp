//===- ImportPipeline.cpp - -sdy-import-pipeline --------------------------===//
//
// The real Shardy's `sdy-import-pipeline`, in its order, so that its
// pipeline string and sdy's give the same module (docs/tools.md).
//
//===----------------------------------------------------------------------===//

#include "transforms/import/ImportPipeline.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "transforms/Passes.h"

using namespace mlir;
using namespace mlir::sdy;

void mlir::sdy::addImportPipeline(OpPassManager &pm) {
  pm.addPass(createSymbolDCEPass());
  pm.addPass(createLiftInlinedMeshesPass());
  pm.addPass(createRemoveSizeOneAxesPass());
  pm.addPass(createPropagateShardingFromFuncToCallPass());
  pm.addNestedPass<func::FuncOp>(createConstantOrScalarSplitterPass());
  pm.addPass(createSymbolDCEPass());
  pm.addPass(createManualAxesCleanupPass());
  pm.addPass(createSaveModulePass());
  pm.addNestedPass<func::FuncOp>(createAddDataFlowEdgesPass());
}

void mlir::sdy::registerImportPipeline() {
  PassPipelineRegistration<>(
      "sdy-import-pipeline",
      "The real Shardy's import pipeline: symbol-dce, lift meshes, remove "
      "size-one axes, func-to-call shardings, split constants, symbol-dce, "
      "manual axes cleanup, save, data-flow edges",
      [](OpPassManager &pm) { addImportPipeline(pm); });
}
