//===- ChloDialect.h - the CHLO ops that frameworks emit --------*- C++ -*-===//
//
// The one header users of the chlo dialect include: the dialect, its traits
// and ops, and the classification the passes need.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_IR_CHLO_CHLODIALECT_H
#define SDY_IR_CHLO_CHLODIALECT_H

#include "ir/stablehlo/StablehloQuant.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::chlo {
namespace detail {
LogicalResult verifyCompatibleOperandsAndResultType(Operation *op);
} // namespace detail

namespace OpTrait {
template <typename ConcreteType>
class CompatibleOperandsAndResultType
    : public mlir::OpTrait::TraitBase<ConcreteType,
                                      CompatibleOperandsAndResultType> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return detail::verifyCompatibleOperandsAndResultType(op);
  }
};
} // namespace OpTrait
} // namespace mlir::chlo

#include "ir/chlo/ChloDialect.h.inc"

#define GET_OP_CLASSES
#include "ir/chlo/ChloOps.h.inc"

namespace mlir::chlo {

/// The elementwise chlo ops (every op but top_k): one pass-through factor per
/// dimension, like the elementwise stablehlo ops.
inline bool isElementwise(Operation *op) {
  return op->getDialect() && isa<ChloDialect>(op->getDialect()) &&
         op->hasTrait<mlir::OpTrait::Elementwise>();
}

} // namespace mlir::chlo

#endif // SDY_IR_CHLO_CHLODIALECT_H
