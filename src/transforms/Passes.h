//===- Passes.h - sdy passes ------------------------------------*- C++ -*-===//

#ifndef SDY_TRANSFORMS_PASSES_H
#define SDY_TRANSFORMS_PASSES_H

#include "ir/sdy/SdyDialect.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::sdy {

#define GEN_PASS_DECL
#include "transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "transforms/Passes.h.inc"

} // namespace mlir::sdy

#endif // SDY_TRANSFORMS_PASSES_H
