//===- CallOperandReshards.h - reshards before func.call --------*- C++ -*-===//
//
// The part of explicit-reshard insertion that propagation's export runs on
// calls (`sdy-insert-explicit-reshards{enable-full-version=false}`): an
// operand laid out unlike its callee's argument is resharded to it.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_TRANSFORMS_EXPORT_CALLOPERANDRESHARDS_H
#define SDY_TRANSFORMS_EXPORT_CALLOPERANDRESHARDS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::sdy {

/// Gives every operand of `call` whose layout (an unsharded operand:
/// replicated) differs from its callee argument's sharding an `sdy.reshard`
/// to that sharding, inserted right after the operand's definition (at the
/// start of the block for a block argument), as in Shardy. Arguments without
/// a sharding and callees that cannot be found are left alone.
void reshardCallOperands(func::CallOp call, SymbolTableCollection &symbols);

} // namespace mlir::sdy

#endif // SDY_TRANSFORMS_EXPORT_CALLOPERANDRESHARDS_H
