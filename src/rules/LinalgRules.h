//===- LinalgRules.h - rules of linear algebra, RNG, batch norm -*- C++ -*-===//
#ifndef SDY_RULES_LINALGRULES_H
#define SDY_RULES_LINALGRULES_H

#include "ir/sdy/SdyDialect.h"
#include "ir/stablehlo/StablehloDialect.h"

namespace mlir::sdy {

OpShardingRuleAttr createCholeskyRule(stablehlo::CholeskyOp op);
OpShardingRuleAttr createTriangularSolveRule(stablehlo::TriangularSolveOp op);
OpShardingRuleAttr createRngBitGeneratorRule(stablehlo::RngBitGeneratorOp op);
OpShardingRuleAttr
createBatchNormInferenceRule(stablehlo::BatchNormInferenceOp op);

} // namespace mlir::sdy

#endif // SDY_RULES_LINALGRULES_H
