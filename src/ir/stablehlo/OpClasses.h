//===- OpClasses.h - families of StableHLO ops ------------------*- C++ -*-===//
//
// Classifications that several passes need, kept in one place.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_IR_STABLEHLO_OPCLASSES_H
#define SDY_IR_STABLEHLO_OPCLASSES_H

#include "ir/stablehlo/StablehloDialect.h"

namespace mlir::stablehlo {

/// The elementwise ops. select and clamp are elementwise too, but
/// may take scalars for some operands, so they lack the Elementwise trait.
inline bool isElementwise(Operation *op) {
  return op->getDialect() && isa<StablehloDialect>(op->getDialect()) &&
         (op->hasTrait<OpTrait::Elementwise>() || isa<ClampOp, SelectOp>(op));
}

} // namespace mlir::stablehlo

#endif // SDY_IR_STABLEHLO_OPCLASSES_H
