//===- StablehloQuantUtils.h - quantized types in verifiers -----*- C++ -*-===//
//
// How data-movement verifiers and inference treat per-axis quantized types.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_IR_STABLEHLO_STABLEHLOQUANTUTILS_H
#define SDY_IR_STABLEHLO_STABLEHLOQUANTUTILS_H

#include "mlir/IR/Types.h"
#include "llvm/ADT/ArrayRef.h"

namespace mlir::stablehlo {

/// Equal element types, or per-axis types that differ only in their
/// quantized dimension (which moves with data-movement ops).
bool isSameElementTypeUpToQuantizedDimension(Type a, Type b);
/// The element type of a transpose by `permutation`: a per-axis type's
/// quantized dimension follows its dimension; other types are unchanged.
Type transposeElementType(Type type, ArrayRef<int64_t> permutation);

} // namespace mlir::stablehlo

#endif // SDY_IR_STABLEHLO_STABLEHLOQUANTUTILS_H
