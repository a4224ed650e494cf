//===- ConcatenateReshards.h - reshards around concatenates -----*- C++ -*-===//
//
// The part of explicit-reshard insertion that propagation's export runs
// (`sdy-insert-explicit-reshards{enable-full-version=false}`): only
// stablehlo.concatenate ops whose operands and result disagree are made
// consistent, dots whose result holds the contracting axes are resharded
// (DotReshards.h), and func.call operands are resharded to their callee's
// argument shardings (docs/propagation.md).
//
//===----------------------------------------------------------------------===//

#ifndef SDY_TRANSFORMS_EXPORT_CONCATENATERESHARDS_H
#define SDY_TRANSFORMS_EXPORT_CONCATENATERESHARDS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::sdy {

/// Walks `func` in order: gives every func.call's operands their callee's
/// argument shardings (reshardCallOperands), and every stablehlo.concatenate
/// whose operands and result are sharded inconsistently one sharding per
/// factor: per factor the
/// (factor, axes) candidate with the most tensor elements behind it
/// (prefixes count), the concatenated dimension's axes moved to the other
/// dimensions (in order, where they divide what is left of the dimension).
/// Operands get `sdy.reshard` to that sharding, the result gets it and an
/// `sdy.reshard` back to its former sharding. Dots go through reshardDot.
/// Then sums unreduced axes
/// before the uses that do not keep them (insertUnreducedAllReduces).
void insertNonFullVersionReshards(func::FuncOp func);

/// The func pass that runs insertNonFullVersionReshards: what
/// `sdy-insert-explicit-reshards{enable-full-version=false}` does, as which it
/// prints (the registered pass lives with the partitioner).
std::unique_ptr<Pass> createConcatenateReshardsPass();

} // namespace mlir::sdy

#endif // SDY_TRANSFORMS_EXPORT_CONCATENATERESHARDS_H
