//===- ExportPipeline.h - -sdy-export-pipeline ------------------*- C++ -*-===//

#ifndef SDY_TRANSFORMS_EXPORT_EXPORTPIPELINE_H
#define SDY_TRANSFORMS_EXPORT_EXPORTPIPELINE_H

namespace mlir {
class OpPassManager;
namespace sdy {

/// Adds the real Shardy's export pipeline to `pm` (anchored on
/// builtin.module), pass for pass as Shardy lists it.
void addExportPipeline(OpPassManager &pm);

/// Registers `-sdy-export-pipeline`.
void registerExportPipeline();

} // namespace sdy
} // namespace mlir

#endif // SDY_TRANSFORMS_EXPORT_EXPORTPIPELINE_H
