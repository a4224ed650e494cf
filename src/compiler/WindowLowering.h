//===- WindowLowering.h - reduce_window -------------------------*- C++ -*-===//
//
// Private to the cluster lowering: reduce_window as a padded input and one
// fold over the result and the window positions.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_COMPILER_WINDOWLOWERING_H
#define SDY_COMPILER_WINDOWLOWERING_H

#include "compiler/Emitter.h"
#include "ir/stablehlo/StablehloDialect.h"

#include <string>
#include <vector>

namespace sdy::compiler {

// Empty when reduce_window's inputs, inits, window and results agree (the
// lowering indexes with them) and its body is compiled; otherwise why not.
std::string whyReduceWindowNotLowerable(mlir::stablehlo::ReduceWindowOp op);

// reduce_window: each input padded with its init value (the padding and the
// holes of base dilation, as a pad op would), then one fold whose loops run
// over the result, then over the window positions in row-major order, each
// reading the padded input at index * stride + position * dilation: the
// interpreter's order.
void emitReduceWindow(Emitter &e, mlir::stablehlo::ReduceWindowOp op);

} // namespace sdy::compiler

#endif // SDY_COMPILER_WINDOWLOWERING_H
