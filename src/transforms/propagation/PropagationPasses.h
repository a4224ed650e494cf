//===- PropagationPasses.h - the four propagation passes --------*- C++ -*-===//
//
// -sdy-basic-propagate, -sdy-aggressive-propagate, -sdy-op-priority-propagate
// and -sdy-user-priority-propagate, each containing the one before.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_TRANSFORMS_PROPAGATION_PROPAGATIONPASSES_H
#define SDY_TRANSFORMS_PROPAGATION_PROPAGATIONPASSES_H

#include "transforms/propagation/PropagationOptions.h"

#include <memory>

namespace mlir::sdy {

/// Creates -sdy-user-priority-propagate with the values of `options`.
std::unique_ptr<Pass>
createUserPriorityPropagationPass(const PipelinePropagationOptions &options);

/// Registers the four propagation passes.
void registerPropagationPasses();

} // namespace mlir::sdy

#endif // SDY_TRANSFORMS_PROPAGATION_PROPAGATIONPASSES_H
