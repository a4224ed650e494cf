//===- MapLowering.h - map --------------------------------------*- C++ -*-===//
//
// Private to the cluster lowering: map as one linalg.generic running its
// computation on the elements of its inputs.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_COMPILER_MAPLOWERING_H
#define SDY_COMPILER_MAPLOWERING_H

#include "compiler/Emitter.h"
#include "ir/stablehlo/StablehloDialect.h"

#include <string>
#include <vector>

namespace sdy::compiler {

// Empty when map applies its computation elementwise (dimensions are all of
// them) with a compiled body; otherwise why not.
std::string whyMapNotLowerable(mlir::stablehlo::MapOp op);

// map: its computation on the elements of its inputs, one linalg.generic.
void emitMap(Emitter &e, mlir::stablehlo::MapOp op);

} // namespace sdy::compiler

#endif // SDY_COMPILER_MAPLOWERING_H
