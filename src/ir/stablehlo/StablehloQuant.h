//===- StablehloQuant.h - quantized element types of stablehlo --*- C++ -*-===//
//
// The quant dialect's uniform types that StableHLO tensors may hold: integer
// storage of 2 to 32 bits (signed or unsigned) expressing a float, with one
// scale and zero point (per-tensor) or one per slice of a dimension
// (per-axis).
//
//===----------------------------------------------------------------------===//
#ifndef SDY_IR_STABLEHLO_STABLEHLOQUANT_H
#define SDY_IR_STABLEHLO_STABLEHLOQUANT_H

#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/Types.h"

namespace mlir::stablehlo {

/// A per-tensor uniform quantized type StableHLO accepts.
bool isPerTensorQuantized(Type type);
/// A per-axis uniform quantized type StableHLO accepts.
bool isPerAxisQuantized(Type type);
/// Either of the above.
inline bool isQuantized(Type type) {
  return isPerTensorQuantized(type) || isPerAxisQuantized(type);
}

/// The storage type of a quantized element type, or `type` itself.
Type getStorageElementType(Type type);
/// The expressed type of a quantized element type, or `type` itself.
Type getExpressedElementType(Type type);

} // namespace mlir::stablehlo

#endif // SDY_IR_STABLEHLO_STABLEHLOQUANT_H
