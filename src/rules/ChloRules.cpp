//===- ChloRules.cpp - sharding rules of the chlo ops ---------------------===//
//
// The elementwise chlo ops get the pointwise rule of the elementwise
// stablehlo ops (chlo::isElementwise in the registry); top_k and the
// broadcasting ops are here.
//
//===----------------------------------------------------------------------===//
#include "rules/ChloRules.h"

#include "rules/OpShardingRuleBuilder.h"

using namespace mlir;
using namespace mlir::sdy;

OpShardingRuleAttr mlir::sdy::createChloTopKRule(chlo::TopKOp op) {
  ArrayRef<int64_t> shape = getTensorShape(op.getOperand());
  if (shape.empty())
    return {};
  int64_t last = static_cast<int64_t>(shape.size()) - 1;
  OpShardingRuleBuilder builder(op);
  for (int64_t dim = 0; dim < last; ++dim)
    builder.addFactor(dim, shape[dim]);
  builder.addFactor(last, shape[last], FactorType::kNeedReplication,
                    /*isBlocked=*/true);
  return builder.build();
}

OpShardingRuleAttr mlir::sdy::createChloBroadcastRule(Operation *op) {
  SmallVector<SmallVector<int64_t>> dims;
  SmallVector<int64_t> shape;
  std::string error;
  if (failed(chlo::getBroadcastDims(op, dims, shape, error)))
    return {};
  int64_t numOperands = op->getNumOperands();
  OpShardingRuleBuilder builder(op);
  for (auto [resultDim, size] : llvm::enumerate(shape)) {
    SmallVector<int64_t> operandDims(numOperands, kNullDim);
    for (int64_t i = 0; i < numOperands; ++i) {
      ArrayRef<int64_t> operandShape = getTensorShape(op->getOperand(i));
      for (auto [d, r] : llvm::enumerate(dims[i])) {
        if (r != static_cast<int64_t>(resultDim))
          continue;
        if (operandShape[d] == size) {
          operandDims[i] = d;
        } else {
          SmallVector<int64_t> own(numOperands, kNullDim);
          own[i] = d;
          builder.addFactor(own, {kNullDim}, operandShape[d]);
        }
      }
    }
    builder.addFactor(operandDims, {static_cast<int64_t>(resultDim)}, size);
  }
  return builder.build();
}
