//===- Registration.cpp - the passes of sdy -------------------------------===//

#include "transforms/Registration.h"

#include "analysis/CollectiveReportPass.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Transforms/Passes.h"
#include "rules/Passes.h"
#include "transforms/Passes.h"
#include "transforms/calls/Passes.h"
#include "transforms/export/ExportPipeline.h"
#include "transforms/import/ImportPipeline.h"
#include "transforms/partition/PartitionPipeline.h"
#include "transforms/partition/Passes.h"
#include "transforms/propagation/PropagationPasses.h"
#include "transforms/propagation/PropagationPipeline.h"
#include "visualize/Passes.h"

#include <mutex>

void mlir::sdy::registerAllExtensions(DialectRegistry &registry) {
  func::registerInlinerExtension(registry);
}

void mlir::sdy::registerAllPassesAndPipelines() {
  // Every context of the C ABI asks; the registry is process-wide.
  static std::once_flag once;
  std::call_once(once, [] {
    registerCanonicalizerPass();
    registerCSEPass();
    registerSymbolDCEPass();
    registerInlinerPass();
    registerSdyPasses();
    registerPropagationPasses();
    registerSdyRulesPasses();
    registerSdyPartitionPasses();
    registerPropagationPipeline();
    registerPartitionPipeline();
    registerSdyVisualizePasses();
    ::sdy::analysis::registerAnalysisPasses();
    registerExportPipeline();
    registerImportPipeline();
    registerSdyCallsPasses();
  });
}
