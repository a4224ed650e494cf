//===- LoweringTypes.h - the types the compiled path lowers -----*- C++ -*-===//
//
// Private to the cluster lowering: which element and tensor types the
// compiler lowers, how they are computed (f16/bf16 in f32), and the shape
// and element type of a value.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_COMPILER_LOWERINGTYPES_H
#define SDY_COMPILER_LOWERINGTYPES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Value.h"

#include <string>

namespace sdy::compiler {

// f16, bf16, f32, f64, signless integers of 1 to 64 bits (i1 is pred) and
// unsigned integers of 8 to 64 bits.
bool isLowerableElementType(mlir::Type t);
bool isLowerableTensor(mlir::Type t);
// A tensor of complex<f32> or complex<f64> (ComplexLowering.h).
bool isLowerableComplexTensor(mlir::Type t);
bool isUnsignedInt(mlir::Type t);
bool isPred(mlir::Type t);
// The 8-bit (and narrower) float formats (f8E4M3FN, f8E5M2, ..., f4E2M1FN,
// f6E2M3FN, f6E3M2FN): held as their bits in an i8 (as the runtime stores
// them), converted with the runtime's functions (RuntimeFunctions.h).
bool isNarrowFormat(mlir::Type t);
// f16, bf16 and the narrow formats are computed in f32 and rounded, as the
// interpreter does.
bool isNarrowFloat(mlir::Type t);
mlir::Type computeType(mlir::Type t);

std::string printed(mlir::Type t);
mlir::Type elementOf(mlir::Value v);
llvm::ArrayRef<int64_t> shapeOf(mlir::Value v);

// Whether `t`'s bytes (one per pred, as the runtime stores it) fit in the
// machine's physical memory.
bool fitsInMemory(mlir::RankedTensorType t);

} // namespace sdy::compiler

#endif // SDY_COMPILER_LOWERINGTYPES_H
