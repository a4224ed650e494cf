//===- Registration.cpp - registering sdy passes --------------------------===//

#include "transforms/Passes.h"

void mlir::sdy::registerAllSdyPassesAndPipelines() { registerSdyPasses(); }
