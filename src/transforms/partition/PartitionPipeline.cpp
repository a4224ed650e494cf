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
#include "transforms/partition/ReplaceDynamicOps.h"
#include "transforms/propagation/PropagationPipeline.h"

using namespace mlir;
using namespace mlir::sdy;

ConvertGlobalToLocalPassOptions mlir::sdy::partitionGlobalToLocalOptions() {
  // A reduce_scatter over several dimensions stays one collective (the
  // real Shardy's default all-reduces and slices).
  ConvertGlobalToLocalPassOptions options;
  options.combineMultiDimensionReduceScatter = true;
  // A flat per-device program: the compiled path and the StableHLO-only
  // output (drop-sharding-and-mesh) see no sdy regions.
  options.keepNamedComputations = false;
  return options;
}

void mlir::sdy::addPartitionPipeline(OpPassManager &pm,
                                     const PartitionPipelineOptions &options) {
  pm.addPass(createRejectUnreducedPass());
  pm.addPass(createInlineCompositesPass());
  pm.addPass(createReplaceDynamicOpsPass());
  if (!options.skipPropagation)
    addPropagationPipeline(pm, options.propagation,
                           /*keepNonDivisibleInputOutputShardings=*/true,
                           /*exportCallGraph=*/false);
  InsertExplicitReshardsPassOptions fullVersion;
  fullVersion.enableFullVersion = true;
  pm.addNestedPass<func::FuncOp>(createInsertExplicitReshardsPass(fullVersion));
  pm.addNestedPass<func::FuncOp>(createReshardToCollectivesPass());
  pm.addNestedPass<func::FuncOp>(createCanonicalizeCollectivesPass());
  pm.addPass(createPadForDivisibilityPass());
  pm.addPass(createConvertGlobalToLocalPass(partitionGlobalToLocalOptions()));
  if (options.dropShardingAndMesh)
    pm.addPass(createDropShardingAndMeshPass());
}

void mlir::sdy::registerPartitionPipeline() {
  PassPipelineRegistration<PartitionPipelineOptions>(
      "sdy-partition-pipeline",
      "Propagation, then SPMD partitioning into the per-device program",
      addPartitionPipeline);
}
