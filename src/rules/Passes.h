//===- Passes.h - sharding-rule passes --------------------------*- C++ -*-===//

#ifndef SDY_RULES_PASSES_H
#define SDY_RULES_PASSES_H

#include "ir/sdy/SdyDialect.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::sdy {

#define GEN_PASS_DECL
#include "rules/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "rules/Passes.h.inc"

} // namespace mlir::sdy

#endif // SDY_RULES_PASSES_H
