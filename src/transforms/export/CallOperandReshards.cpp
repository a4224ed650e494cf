//===- CallOperandReshards.cpp - reshards before func.call ----------------===//
//
// After the call graph is exported a callee's arguments may be sharded
// unlike what its callers pass (a callee shared by callers that disagree);
// the reshard makes the difference explicit, as Shardy's export does.
//
//===----------------------------------------------------------------------===//

#include "transforms/export/CallOperandReshards.h"

#include "ir/sdy/ShardingLayout.h"
#include "ir/sdy/ShardingUtils.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::sdy {

void reshardCallOperands(func::CallOp call, SymbolTableCollection &symbols) {
  auto callee =
      symbols.lookupNearestSymbolFrom<func::FuncOp>(call, call.getCalleeAttr());
  if (!callee || callee.getNumArguments() != call.getNumOperands())
    return;
  OpBuilder builder(call->getContext());
  for (OpOperand &operand : call->getOpOperands()) {
    auto target = callee.getArgAttrOfType<TensorShardingAttr>(
        operand.getOperandNumber(), SdyDialect::kShardingAttr);
    Value value = operand.get();
    if (!target ||
        hasLayout(getSharding(value), target, getShardingRank(value.getType())))
      continue;
    builder.setInsertionPointAfterValue(value);
    operand.set(ReshardOp::create(builder, value.getLoc(), value, target));
  }
}

} // namespace mlir::sdy
