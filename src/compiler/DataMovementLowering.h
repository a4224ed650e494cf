//===- DataMovementLowering.h - slices, pads and the other data movement ops *-
// C++ -*-===//
//
// Private to the cluster lowering: the ops that move data without computing
// (slices, concatenation, padding, dynamic slices, broadcasts, transposes,
// reshapes...), and the tensor.extract_slice/insert_slice lowering of the
// slicing ones.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_COMPILER_DATAMOVEMENTLOWERING_H
#define SDY_COMPILER_DATAMOVEMENTLOWERING_H

#include "compiler/Emitter.h"

#include <string>
#include <vector>

namespace sdy::compiler {

// Ops that move data without computing: lowered to tensor slices and
// index maps.
bool isDataMovement(mlir::Operation *op);

// Empty when the attributes of a data movement op are consistent with its
// shapes (the lowering indexes with them); otherwise why not.
std::string whyDataMovementInvalid(mlir::Operation *op);

// `src` (of shape `in`, rank 1 or more) spread into a tensor of `shape`
// filled with the scalar `fill`: element i of dimension d lands at
// low[d] + i * step[d]; the positions outside the result (negative low
// padding, or past its end) are dropped. A pad, and reduce_window's padded
// inputs.
std::string spread(Emitter &e, const std::string &src,
                   llvm::ArrayRef<int64_t> in, mlir::Type et,
                   llvm::ArrayRef<int64_t> low, llvm::ArrayRef<int64_t> step,
                   llvm::ArrayRef<int64_t> shape, const std::string &fill);

// Slices, concatenation, padding and dynamic slices: tensor.extract_slice
// and tensor.insert_slice (views and copies after bufferization). Returns
// false for the other ops.
bool emitSlicing(Emitter &e, mlir::Operation *op);

} // namespace sdy::compiler

#endif // SDY_COMPILER_DATAMOVEMENTLOWERING_H
