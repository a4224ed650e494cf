//===- DotReshards.h - reshards after dots (non-full version) ---*- C++ -*-===//
//
// The dot part of explicit-reshard insertion that propagation's export runs
// (`sdy-insert-explicit-reshards{enable-full-version=false}`), as the real
// Shardy does it: a dot whose operands agree on the contracting axes but
// whose result shards one dimension with those axes instead of the axes
// the operands give it (docs/propagation.md).
//
//===----------------------------------------------------------------------===//

#ifndef SDY_TRANSFORMS_EXPORT_DOTRESHARDS_H
#define SDY_TRANSFORMS_EXPORT_DOTRESHARDS_H

#include "mlir/IR/Operation.h"

namespace mlir::sdy {

/// If `op` is a stablehlo.dot_general (or a matrix-matrix stablehlo.dot)
/// whose lhs and rhs shard their batching dimensions alike and exactly one
/// contracting dimension pair alike, with axes X, and whose result equals the
/// sharding the operands imply except on one dimension, which holds exactly
/// X where the operands give it other axes: the result gets the implied
/// sharding and an `sdy.reshard` back to its former one (the operands are
/// left alone). Anything else is left alone.
void reshardDot(Operation *op);

} // namespace mlir::sdy

#endif // SDY_TRANSFORMS_EXPORT_DOTRESHARDS_H
