//===- PropagationPipeline.h - -sdy-propagation-pipeline --------*- C++ -*-===//

#ifndef SDY_TRANSFORMS_PROPAGATION_PROPAGATIONPIPELINE_H
#define SDY_TRANSFORMS_PROPAGATION_PROPAGATIONPIPELINE_H

#include "transforms/propagation/PropagationOptions.h"

namespace mlir {
class OpPassManager;
namespace sdy {

struct PropagationPipelineOptions
    : public PassPipelineOptions<PropagationPipelineOptions> {
  PipelinePropagationOptions propagation{*this};
  Option<bool> updateNonDivisibleInputOutputShardings{
      *this, "update-non-divisible-input-output-shardings",
      llvm::cl::desc("Make function argument and result shardings divide "
                     "their dimensions (false: keep them, as "
                     "-sdy-partition-pipeline does, which pads)"),
      llvm::cl::init(true)};
};

/// Adds the propagation pipeline to `pm` (anchored on builtin.module). As in
/// Shardy, function argument and result shardings are made divisible at the
/// end, unless `keepNonDivisibleInputOutputShardings` (the partitioner pads
/// them instead), and calls, imported as named computations, become calls
/// again, unless not `exportCallGraph` (the partitioner works on named
/// computations; public callees then stay).
void addPropagationPipeline(OpPassManager &pm,
                            const PipelinePropagationOptions &options,
                            bool keepNonDivisibleInputOutputShardings = false,
                            bool exportCallGraph = true);

/// Registers `-sdy-propagation-pipeline`.
void registerPropagationPipeline();

} // namespace sdy
} // namespace mlir

#endif // SDY_TRANSFORMS_PROPAGATION_PROPAGATIONPIPELINE_H
