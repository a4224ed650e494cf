//===- Registration.cpp - registering sdy passes --------------------------===//

#include "transforms/Passes.h"
#include "transforms/propagation/PropagationPipeline.h"

void mlir::sdy::registerAllSdyPassesAndPipelines() {
  registerSdyPasses();
  registerPropagationPipeline();
}
