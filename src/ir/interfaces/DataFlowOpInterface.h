//===- DataFlowOpInterface.h - data-flow edges of region ops ----*- C++ -*-===//
#ifndef SDY_IR_INTERFACES_DATAFLOWOPINTERFACE_H
#define SDY_IR_INTERFACES_DATAFLOWOPINTERFACE_H

#include "mlir/IR/OpDefinition.h"

namespace mlir::sdy {

/// The result number of `value` if it is a result of `op`. Edge queries may
/// be asked about any value of an op (a while's block arguments too).
std::optional<unsigned> getResultNumberIn(Operation *op, Value value);

/// Operand `index` of the terminator of each non-empty region of `regions`
/// that has one: the values that the regions return as result `index`.
SmallVector<Value> getRegionReturnOperands(MutableArrayRef<Region> regions,
                                           unsigned index);

} // namespace mlir::sdy

#include "ir/interfaces/DataFlowOpInterface.h.inc"

#endif // SDY_IR_INTERFACES_DATAFLOWOPINTERFACE_H
