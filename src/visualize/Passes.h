//===- Passes.h - passes that draw shardings --------------------*- C++ -*-===//

#ifndef SDY_VISUALIZE_PASSES_H
#define SDY_VISUALIZE_PASSES_H

#include "ir/sdy/SdyDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::sdy {

#define GEN_PASS_DECL
#include "visualize/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "visualize/Passes.h.inc"

} // namespace mlir::sdy

#endif // SDY_VISUALIZE_PASSES_H
