//===- PartitionPipeline.h - -sdy-partition-pipeline ------------*- C++ -*-===//

#ifndef SDY_TRANSFORMS_PARTITION_PARTITIONPIPELINE_H
#define SDY_TRANSFORMS_PARTITION_PARTITIONPIPELINE_H

#include "transforms/partition/Passes.h"
#include "transforms/propagation/PropagationOptions.h"

namespace mlir {
class OpPassManager;
namespace sdy {

struct PartitionPipelineOptions
    : public PassPipelineOptions<PartitionPipelineOptions> {
  // Propagation, for -sdy-propagation-pipeline.
  PipelinePropagationOptions propagation{*this};
  // Partitioning.
  Option<bool> skipPropagation{
      *this, "skip-propagation",
      llvm::cl::desc("The input is already fully sharded: partition only"),
      llvm::cl::init(false)};
  Option<bool> dropShardingAndMesh{
      *this, "drop-sharding-and-mesh",
      llvm::cl::desc("Remove meshes and sharding attributes at the end"),
      llvm::cl::init(false)};
};

/// Adds propagation (unless skipped), -sdy-insert-explicit-reshards,
/// -sdy-reshard-to-collectives, -sdy-canonicalize-collectives,
/// -sdy-pad-for-divisibility, -sdy-convert-global-to-local (and
/// -sdy-drop-sharding-and-mesh if asked) to `pm`, anchored on builtin.module.
void addPartitionPipeline(OpPassManager &pm,
                          const PartitionPipelineOptions &options);

/// The options -sdy-partition-pipeline runs -sdy-convert-global-to-local
/// with: the real Shardy's defaults but combine-multi-dimension-reduce-scatter
/// and keep-named-computations=false.
ConvertGlobalToLocalPassOptions partitionGlobalToLocalOptions();

/// Registers `-sdy-partition-pipeline`.
void registerPartitionPipeline();

} // namespace sdy
} // namespace mlir

#endif // SDY_TRANSFORMS_PARTITION_PARTITIONPIPELINE_H
