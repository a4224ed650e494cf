//===- StablehloDynamicOps.h - dynamic_* ops to static ops ----*- C++ -*-===//
//
// sdy runs static shapes. The spec's dynamic_* ops and real_dynamic_slice
// with a static result type and constant shape operands say nothing that
// broadcast_in_dim, iota, reshape, pad, slice, gather and convolution do not;
// programs are run and partitioned after rewriting them into those.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_IR_STABLEHLO_STABLEHLODYNAMICOPS_H
#define SDY_IR_STABLEHLO_STABLEHLODYNAMICOPS_H

#include "mlir/IR/Operation.h"

namespace mlir::stablehlo {

// Replaces every dynamic_* op and real_dynamic_slice under `root` with its
// static twin, verified. Fails, with an error at the op, where a shape
// operand that the static op needs as an attribute is not a
// stablehlo.constant, or where its values disagree with the result type.
// dynamic_broadcast_in_dim, dynamic_iota and dynamic_reshape only need their
// static result type.
LogicalResult replaceDynamicOpsWithStaticOps(Operation *root);

// Whether `root` holds an op that replaceDynamicOpsWithStaticOps rewrites.
bool hasDynamicOps(Operation *root);

} // namespace mlir::stablehlo

#endif // SDY_IR_STABLEHLO_STABLEHLODYNAMICOPS_H
