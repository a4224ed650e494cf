//===- ChloRules.cpp - sharding rules of the chlo ops ---------------------===//
//
// The elementwise chlo ops get the pointwise rule of the elementwise
// stablehlo ops (chlo::isElementwise in the registry); top_k is here.
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
