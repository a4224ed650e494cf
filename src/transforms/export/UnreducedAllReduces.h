//===- UnreducedAllReduces.h - all-reduce unreduced operands ----*- C++ -*-===//
//
// The other part of explicit-reshard insertion that propagation's export runs
// (`sdy-insert-explicit-reshards{enable-full-version=false}`), as the real
// Shardy does: a value holding partial sums over its unreduced axes is summed
// before a use that does not take those axes unreduced.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_TRANSFORMS_EXPORT_UNREDUCEDALLREDUCES_H
#define SDY_TRANSFORMS_EXPORT_UNREDUCEDALLREDUCES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::sdy {

/// For every use in `func` of a value whose sharding has unreduced axes that
/// the user's sharding lacks (the user's result sharding, the matching result
/// of a data-flow op such as a while, the function result for func.return),
/// inserts right before the user an `sdy.all_reduce` over those axes whose
/// out_sharding is the value's without them. Each use gets its own
/// all_reduce. sdy collectives are users that reduce or keep unreduced axes
/// themselves and get none.
void insertUnreducedAllReduces(func::FuncOp func);

} // namespace mlir::sdy

#endif // SDY_TRANSFORMS_EXPORT_UNREDUCEDALLREDUCES_H
