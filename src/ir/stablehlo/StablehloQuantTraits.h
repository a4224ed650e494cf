//===- StablehloQuantTraits.h - quantized elementwise types ----*- C++ -*-===//
//
// Elementwise ops compute on quantized operands as dequantize, op, quantize,
// so their operands and result may carry different scales and zero points:
// only the types with those erased (their baseline types) must agree.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_IR_STABLEHLO_STABLEHLOQUANTTRAITS_H
#define SDY_IR_STABLEHLO_STABLEHLOQUANTTRAITS_H

#include "mlir/IR/OpDefinition.h"

namespace mlir::stablehlo {

/// Equal types, or quantized types of one shape equal up to their scales
/// and zero points.
bool isSameBaselineType(Type a, Type b);
LogicalResult verifySameBaselineType(Operation *op);
LogicalResult verifyQuantizedAddTypes(Operation *op);

namespace QuantTrait {

/// All operands and results have the same baseline type.
template <typename ConcreteType>
class SameBaselineType
    : public mlir::OpTrait::TraitBase<ConcreteType, SameBaselineType> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return verifySameBaselineType(op);
  }
};

/// add: equal types, or all quantized with one storage and expressed type,
/// each per-axis operand quantized along the result's dimension.
template <typename ConcreteType>
class QuantizedAddTypes
    : public mlir::OpTrait::TraitBase<ConcreteType, QuantizedAddTypes> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return verifyQuantizedAddTypes(op);
  }
};

} // namespace QuantTrait
} // namespace mlir::stablehlo

#endif // SDY_IR_STABLEHLO_STABLEHLOQUANTTRAITS_H
