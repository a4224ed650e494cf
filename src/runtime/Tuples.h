//===- Tuples.h - tokens and tuples as interpreter values -------*- C++ -*-===//
//
// Besides tensors, the interpreter's values are tokens (no data) and tuples
// of values (Tensor::token, Tensor::tuple). These helpers match such values
// against MLIR types and print them.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_RUNTIME_TUPLES_H
#define SDY_RUNTIME_TUPLES_H

#include "runtime/Status.h"
#include "runtime/Tensor.h"

#include <string>

namespace mlir {
class Type;
} // namespace mlir

namespace sdy::runtime {

// !stablehlo.token or a tuple type.
bool isTokenOrTupleType(mlir::Type type);
// Ok when `value` is a value of `type` (a token, or a tuple whose elements
// match the tuple type's, recursively; tensors by element type and shape);
// otherwise InvalidArgument naming `what`.
Status checkValueOfType(mlir::Type type, const Tensor &value,
                        const std::string &what);
// Tensor::toString for tensors; "token" and "tuple(...)" otherwise.
std::string valueString(const Tensor &value, int64_t limit = 64);

} // namespace sdy::runtime

#endif // SDY_RUNTIME_TUPLES_H
