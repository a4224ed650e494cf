//===- FoldShapeQueries.h - shape queries before localization ---*- C++ -*-===//
#ifndef SDY_TRANSFORMS_PARTITION_FOLDSHAPEQUERIES_H
#define SDY_TRANSFORMS_PARTITION_FOLDSHAPEQUERIES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

#include <memory>

namespace mlir::sdy {

/// Replaces each get_dimension_size by a constant of the global size: once
/// types are local, the operand's shape is a shard's.
void foldGlobalShapeQueries(ModuleOp module);

/// A pass that replaces each stablehlo.composite by a copy of its
/// decomposition's body, so that propagation and partitioning see the ops
/// the composite stands for (it has no sharding rule of its own).
std::unique_ptr<Pass> createInlineCompositesPass();

} // namespace mlir::sdy

#endif // SDY_TRANSFORMS_PARTITION_FOLDSHAPEQUERIES_H
