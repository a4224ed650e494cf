//===- ReduceLowering.h - reductions as folds -------------------*- C++ -*-===//
//
// Private to the cluster lowering: reduce (and the folds reduce_window
// shares with it) as linalg.generic reductions, in the interpreter's order.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_COMPILER_REDUCELOWERING_H
#define SDY_COMPILER_REDUCELOWERING_H

#include "compiler/Emitter.h"
#include "ir/stablehlo/StablehloDialect.h"

#include <string>
#include <vector>

namespace sdy::compiler {

// An input read only for its shape (i8 elements, never read): it gives
// linalg the extents of loops that no other operand indexes by a plain
// dimension (a window's positions), as the window of linalg's pooling ops.
struct ExtentInput {
  std::string name, type, map;
};

// The binary op of a reduction body `^bb(a, b): r = OP(a, b); return r`.
mlir::Operation *reductionCombiner(mlir::Region &body);

// Empty when the inputs, inits, dimensions and results of `reduce` agree
// (the lowering indexes with them); otherwise why not.
std::string whyReduceShapesInvalid(mlir::stablehlo::ReduceOp reduce);

ExtentInput extentInput(Emitter &e, mlir::MLIRContext *ctx,
                        llvm::ArrayRef<int64_t> shape, const std::string &map);

// A fold by `b` (accumulators, then an element per input) as one
// linalg.generic: the inputs `ins` (of types `inTypes`) read through
// `inMap`, an output per input of `outShape` through `outMap`, filled with
// the scalars `inits`; `iterators` quoted. Each output element folds its
// elements in loop order from its inits, as the interpreter folds them: the
// results are the interpreter's, bit for bit, up to the approximations of
// the body's math. Returns the outputs.
std::vector<std::string>
emitFold(Emitter &e, mlir::Block &b, const std::vector<std::string> &ins,
         const std::vector<InType> &inTypes, const std::string &inMap,
         llvm::ArrayRef<int64_t> outShape, const std::string &outMap,
         const std::vector<std::string> &iterators,
         const std::vector<std::string> &inits,
         const ExtentInput *extent = nullptr);

// The scalar init of each of `inits`, read before the loops.
std::vector<std::string> initScalars(Emitter &e, mlir::ValueRange inits);

// A single-input fold by `combiner` (add, multiply, maximum, minimum, and,
// or) of `x` (read through `inMap`) into `outShape`: f16/bf16 accumulate in
// f32, rounded once at the end (as the interpreter). `flags` go on the
// combining op.
std::string emitCombine(Emitter &e, mlir::Operation *combiner,
                        const std::string &x, const InType &xType,
                        const std::string &init, const std::string &inMap,
                        llvm::ArrayRef<int64_t> outShape,
                        const std::string &outMap,
                        const std::vector<std::string> &iterators,
                        const std::string &flags,
                        const ExtentInput *extent = nullptr);

// reduce: a single input folded by a plain combiner as one reduction
// (emitCombine), anything else as a general fold.
void emitReduce(Emitter &e, mlir::stablehlo::ReduceOp reduce);

} // namespace sdy::compiler

#endif // SDY_COMPILER_REDUCELOWERING_H
