//===- TypesRules.h - rules of the element-type ops -------------*- C++ -*-===//
#ifndef SDY_RULES_TYPESRULES_H
#define SDY_RULES_TYPESRULES_H

#include "ir/sdy/SdyDialect.h"
#include "ir/stablehlo/StablehloDialect.h"

namespace mlir::sdy {

/// Shared pass-through factors for the common leading dimensions; the extra
/// trailing dimension of the narrower side needs replication.
OpShardingRuleAttr createBitcastConvertRule(stablehlo::BitcastConvertOp op);

/// Pass-through batch dimensions; the transformed ones need replication (the
/// halved last one of a real transform is also blocked).
OpShardingRuleAttr createFftRule(stablehlo::FftOp op);

} // namespace mlir::sdy

#endif // SDY_RULES_TYPESRULES_H
