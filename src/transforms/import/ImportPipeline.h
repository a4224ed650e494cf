//===- ImportPipeline.h - -sdy-import-pipeline ------------------*- C++ -*-===//

#ifndef SDY_TRANSFORMS_IMPORT_IMPORTPIPELINE_H
#define SDY_TRANSFORMS_IMPORT_IMPORTPIPELINE_H

namespace mlir {
class OpPassManager;
namespace sdy {

/// Adds the real Shardy's import pipeline, pass for pass.
void addImportPipeline(OpPassManager &pm);

void registerImportPipeline();

} // namespace sdy
} // namespace mlir

#endif // SDY_TRANSFORMS_IMPORT_IMPORTPIPELINE_H
