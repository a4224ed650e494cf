//===- SdyCollectiveLowering.h - the device-level form of an op -*- C++ -*-===//
//
// An sdy collective (sdy.all_gather, sdy.all_reduce, ..., sdy.reshard) of a
// program that is not partitioned yet has its StableHLO form fixed by the
// partitioner's global-to-local step. To count its bytes, a copy of the op
// alone is lowered by that same step: a scratch module holds the meshes and
// a function whose argument is the op's operand (with the operand's
// sharding) and whose result is the op's (with the op's sharding), so the
// StableHLO collectives it yields are the ones the partitioned program has
// for the op. Ops with several operands and results (a reduce_window and
// its init values) get one argument and one result each.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_ANALYSIS_SDYCOLLECTIVELOWERING_H
#define SDY_ANALYSIS_SDYCOLLECTIVELOWERING_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <string>

namespace sdy::analysis {

// The scratch module of `op` after -sdy-convert-global-to-local; null with
// `error` (the lowering's first diagnostic) when `op` cannot be lowered
// alone. Nothing is printed and the op's module is not changed. Besides sdy
// collectives this serves ops the lowering adds collectives to, such as a
// stablehlo.reduce_window whose windowed dimension stays sharded (its halo
// exchange).
mlir::OwningOpRef<mlir::ModuleOp> lowerOpAlone(mlir::Operation *op,
                                               std::string &error);

} // namespace sdy::analysis

#endif // SDY_ANALYSIS_SDYCOLLECTIVELOWERING_H
