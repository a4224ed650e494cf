//===- PartitionPipeline.cpp - -sdy-partition-pipeline --------------------===//
//
// Propagation → explicit reshards → collectives → canonicalized collectives
// → padding masks → local program (docs/partitioning.md#steps).
//
//===----------------------------------------------------------------------===//

#include "transforms/partition/PartitionPipeline.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "transforms/partition/FoldShapeQueries.h"
#include "transforms/partition/Passes.h"
#include "transforms/partition/RejectUnreduced.h"
#include "transforms/propagation/PropagationPipeline.h"

using namespace mlir;
using namespace mlir::sdy;

void mlir::sdy::addPartitionPipeline(OpPassManager &pm,
                                     const PartitionPipelineOptions &options) {
  pm.addPass(createRejectUnreducedPass());
  pm.addPass(createInlineCompositesPass());
  if (!options.skipPropagation)
    addPropagationPipeline(pm, options.propagation,
                           /*keepNonDivisibleInputOutputShardings=*/true);
  InsertExplicitReshardsPassOptions fullVersion;
  fullVersion.enableFullVersion = true;
  pm.addNestedPass<func::FuncOp>(createInsertExplicitReshardsPass(fullVersion));
  pm.addNestedPass<func::FuncOp>(createReshardToCollectivesPass());
  pm.addNestedPass<func::FuncOp>(createCanonicalizeCollectivesPass());
  pm.addPass(createPadForDivisibilityPass());
  pm.addPass(createConvertGlobalToLocalPass());
  if (options.dropShardingAndMesh)
    pm.addPass(createDropShardingAndMeshPass());
}

void mlir::sdy::registerPartitionPipeline() {
  PassPipelineRegistration<PartitionPipelineOptions>(
      "sdy-partition-pipeline",
      "Propagation, then SPMD partitioning into the per-device program",
      addPartitionPipeline);
}
