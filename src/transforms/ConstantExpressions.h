//===- ConstantExpressions.h - ops the constant splitter copies -*- C++ -*-===//
//
// The ops -sdy-constant-or-scalar-splitter gives one copy per use: constant
// sub-computations (a constant or iota, or a broadcast_in_dim, reshape, slice
// or pure elementwise op whose operands all are constant sub-computations)
// and broadcasts of a scalar. -sdy-constant-or-scalar-merger merges back the
// constants and scalar broadcasts among them.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_TRANSFORMS_CONSTANTEXPRESSIONS_H
#define SDY_TRANSFORMS_CONSTANTEXPRESSIONS_H

#include "ir/sdy/SdyDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"

namespace mlir::sdy {

// An op that starts a constant sub-computation.
inline bool isConstantSource(Operation *op) {
  StringRef name = op->getName().getStringRef();
  return isa<ConstantOp>(op) || name == "stablehlo.constant" ||
         name == "stablehlo.iota";
}

// A shape op that continues a constant sub-computation.
inline bool isConstantShapeOp(Operation *op) {
  StringRef name = op->getName().getStringRef();
  return name == "stablehlo.broadcast_in_dim" || name == "stablehlo.reshape" ||
         name == "stablehlo.slice";
}

inline bool isScalarBroadcast(Operation *op) {
  if (op->getName().getStringRef() != "stablehlo.broadcast_in_dim" ||
      op->getNumOperands() != 1)
    return false;
  auto type = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
  return type && type.getRank() == 0;
}

} // namespace mlir::sdy

#endif // SDY_TRANSFORMS_CONSTANTEXPRESSIONS_H
