//===- StablehloCommon.h - shared inference/verifier helpers --*- C++ -*-===//
#ifndef SDY_IR_STABLEHLO_STABLEHLOCOMMON_H
#define SDY_IR_STABLEHLO_STABLEHLOCOMMON_H

#include "mlir/IR/BuiltinTypeInterfaces.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/ArrayRef.h"

#include <string>

namespace mlir::stablehlo::detail {

// `[1, 2, 3]`, for diagnostics.
std::string formatDims(ArrayRef<int64_t> dims);

// Checks that `operand` and `result` have the same element type (per-axis
// quantized types may differ in their quantized dimension).
LogicalResult checkElementTypes(Operation *op, ShapedType operand,
                                ShapedType result);

// Emits `'stablehlo.<opName>' op <args...>` at `loc` when it is given, so that
// inference errors read like verifier errors.
template <typename... Args>
LogicalResult opError(std::optional<Location> loc, StringRef opName,
                      Args &&...args) {
  return emitOptionalError(loc, "'stablehlo.", opName, "' op ",
                           std::forward<Args>(args)...);
}

// Checks that `dims` are unique and in [0, rank); `what` names the list.
LogicalResult checkDims(std::optional<Location> loc, StringRef opName,
                        StringRef what, ArrayRef<int64_t> dims, int64_t rank);

// Checks that `dims` are strictly increasing (sorted and unique).
LogicalResult checkSorted(std::optional<Location> loc, StringRef opName,
                          StringRef what, ArrayRef<int64_t> dims);

} // namespace mlir::stablehlo::detail

#endif // SDY_IR_STABLEHLO_STABLEHLOCOMMON_H
