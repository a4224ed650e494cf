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
};

/// Adds the propagation pipeline to `pm` (anchored on builtin.module).
void addPropagationPipeline(OpPassManager &pm,
                            const PipelinePropagationOptions &options);

/// Registers `-sdy-propagation-pipeline`.
void registerPropagationPipeline();

} // namespace sdy
} // namespace mlir

#endif // SDY_TRANSFORMS_PROPAGATION_PROPAGATIONPIPELINE_H
