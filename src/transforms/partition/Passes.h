//===- Passes.h - sdy partitioner passes ------------------------*- C++ -*-===//

#ifndef SDY_TRANSFORMS_PARTITION_PASSES_H
#define SDY_TRANSFORMS_PARTITION_PASSES_H

#include "ir/sdy/SdyDialect.h"
#include "ir/stablehlo/StablehloDialect.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::sdy {

#define GEN_PASS_DECL
#include "transforms/partition/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "transforms/partition/Passes.h.inc"

} // namespace mlir::sdy

#endif // SDY_TRANSFORMS_PARTITION_PASSES_H
