//===- Passes.h - sdy call-graph passes -------------------------*- C++ -*-===//

#ifndef SDY_TRANSFORMS_CALLS_PASSES_H
#define SDY_TRANSFORMS_CALLS_PASSES_H

#include "ir/sdy/SdyDialect.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::sdy {

#define GEN_PASS_DECL
#include "transforms/calls/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "transforms/calls/Passes.h.inc"

} // namespace mlir::sdy

#endif // SDY_TRANSFORMS_CALLS_PASSES_H
