//===- SaveModule.cpp - -sdy-save-module ----------------------------------===//
//
// Shardy's pipelines save the module between steps when a dump directory is
// set; sdy accepts the pass so that their pipeline strings run unchanged,
// and it leaves the module as it is.
//
//===----------------------------------------------------------------------===//

#include "transforms/Passes.h"

namespace mlir::sdy {
#define GEN_PASS_DEF_SAVEMODULEPASS
#include "transforms/Passes.h.inc"

namespace {

struct SaveModulePass : impl::SaveModulePassBase<SaveModulePass> {
  void runOnOperation() override { markAllAnalysesPreserved(); }
};

} // namespace
} // namespace mlir::sdy
