//===- WindowRules.h - rules of windowed ops and sort -----------*- C++ -*-===//
#ifndef SDY_RULES_WINDOWRULES_H
#define SDY_RULES_WINDOWRULES_H

#include "ir/sdy/SdyDialect.h"

namespace mlir::stablehlo {
class ReduceWindowOp;
class SelectAndScatterOp;
class SortOp;
} // namespace mlir::stablehlo

namespace mlir::sdy {

OpShardingRuleAttr createReduceWindowRule(stablehlo::ReduceWindowOp op,
                                          bool conservativePropagation);
OpShardingRuleAttr createSelectAndScatterRule(stablehlo::SelectAndScatterOp op,
                                              bool conservativePropagation);
OpShardingRuleAttr createSortRule(stablehlo::SortOp op);

} // namespace mlir::sdy

#endif // SDY_RULES_WINDOWRULES_H
