//===- ChloBroadcastLowering.h - broadcasting chlo ops ----------*- C++ -*-===//
//
// Private to the cluster lowering: a broadcasting chlo op (broadcast_add,
// broadcast_compare, broadcast_select, broadcast_zeta, ...) as one
// linalg.generic that reads its operands through their broadcast maps and
// computes the elementwise op it runs (stablehlo.add, ...), as the
// interpreter broadcasts then runs that op's kernel; chlo.constant_like as
// a fill.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_COMPILER_CHLOBROADCASTLOWERING_H
#define SDY_COMPILER_CHLOBROADCASTLOWERING_H

#include "compiler/Emitter.h"

#include <string>

namespace sdy::compiler {

// Whether `op` is a broadcasting chlo op.
bool isChloBroadcast(mlir::Operation *op);

// Empty when the elementwise op that broadcasting `op` runs is compiled on
// its operands' element types and the broadcast is consistent; otherwise
// why not.
std::string whyChloBroadcastNotLowerable(mlir::Operation *op);

void emitChloBroadcast(Emitter &e, mlir::Operation *op);

// Empty when chlo.constant_like `op` is a number of its result's (compiled)
// element type; otherwise why not.
std::string whyConstantLikeNotLowerable(mlir::Operation *op);

void emitConstantLike(Emitter &e, mlir::Operation *op);

} // namespace sdy::compiler

#endif // SDY_COMPILER_CHLOBROADCASTLOWERING_H
