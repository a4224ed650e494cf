//===- DataFlow.h - data-flow edges of region ops ---------------*- C++ -*-===//
//
// Ops whose results are tied to other values rather than computed by a
// sharding rule: the ops implementing DataFlowOpInterface (stablehlo.while,
// stablehlo.case, stablehlo.if, stablehlo.optimization_barrier,
// sdy.named_computation and sdy.manual_computation). An edge has an owner
// (the value that holds the edge's sharding), sources and targets. These
// functions ask the interface of the op that owns a value.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_IR_UTILS_DATAFLOW_H
#define SDY_IR_UTILS_DATAFLOW_H

#include "ir/interfaces/DataFlowOpInterface.h"

namespace mlir::sdy {

/// True if `op` implements DataFlowOpInterface.
bool isDataFlowOp(Operation *op);

/// The owners of the edges of `op`: its results, and for named/manual
/// computations also the body's block arguments.
SmallVector<Value> getDataFlowEdgeOwners(Operation *op);

/// The sources of the edge owned by `owner`: for a while result i, operand i
/// and the body's return operand i; for a case/if result i, every branch's
/// return operand i; for an optimization_barrier result i, operand i; for a
/// named/manual computation result i, the body's return operand i, and for
/// its block argument i, operand i.
SmallVector<Value> getDataFlowEdgeSources(Value owner);

/// The targets of the edge owned by `owner` other than the owner itself:
/// for a while result i, the cond and body block arguments i.
SmallVector<Value> getDataFlowEdgeOtherTargets(Value owner);

/// The owner of the edge that `target` is an other target of (for a while
/// block argument i, result i), or null.
Value getDataFlowEdgeOwnerOfTarget(Value target);

} // namespace mlir::sdy

#endif // SDY_IR_UTILS_DATAFLOW_H
