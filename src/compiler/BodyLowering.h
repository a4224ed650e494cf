//===- BodyLowering.h - regions of elementwise ops as scalars ---*- C++ -*-===//
//
// Private to the cluster lowering: the regions of reduce, reduce_window and
// map, whose ops are compiled elementwise ops on scalars, checked and
// emitted into a linalg.generic body.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_COMPILER_BODYLOWERING_H
#define SDY_COMPILER_BODYLOWERING_H

#include "compiler/Emitter.h"

#include <string>
#include <vector>

namespace sdy::compiler {

// What a region of a compiled op must be: its arguments and results, all
// scalars, and how the messages name them.
struct BodySpec {
  std::string name;  // "reduce body", ...
  std::string takes; // "an accumulator and an element per input", ...
  std::string gives; // "a value per input", ...
  std::string like;  // "its accumulator's", ...
  llvm::SmallVector<mlir::Type> args, results;
};

// Empty when `body` is as `spec` says and every op of it is a compiled
// elementwise op or a constant on its scalars; otherwise why not.
std::string whyBodyNotLowerable(mlir::Region &body, const BodySpec &spec);

// The body of a reduce or reduce_window over `inputs`: an accumulator then
// an element per input, as scalars.
BodySpec foldBody(const std::string &name, mlir::ValueRange inputs);

// The scalar ops of `b` (a region of elementwise ops and constants) on the
// scalars its arguments are bound to in `scalars`, appended to `body`;
// returns the scalars it returns. The body's constants must be bound
// already (read before the loops).
std::vector<std::string>
bodyScalars(Emitter &e, mlir::Block &b, std::string &body,
            llvm::DenseMap<mlir::Value, std::string> &scalars);

// Binds the constants of `b` to scalars read before the loops.
void bindBodyConstants(Emitter &e, mlir::Block &b,
                       llvm::DenseMap<mlir::Value, std::string> &scalars);

} // namespace sdy::compiler

#endif // SDY_COMPILER_BODYLOWERING_H
