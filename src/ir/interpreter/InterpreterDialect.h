//===- InterpreterDialect.h - multi-device interpreter tests ----*- C++ -*-===//
#ifndef SDY_IR_INTERPRETER_INTERPRETERDIALECT_H
#define SDY_IR_INTERPRETER_INTERPRETERDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"

#include "ir/interpreter/InterpreterDialect.h.inc"

#define GET_OP_CLASSES
#include "ir/interpreter/InterpreterOps.h.inc"

namespace mlir::interpreter {
// The grid of `programs`: rows are replicas, columns partitions.
struct ProgramGrid {
  int64_t numReplicas = 0;
  int64_t numPartitions = 0;
  SmallVector<StringRef> names; // row-major
};
// Reads `op`'s programs attribute; emits an error and fails when it is not a
// non-empty rectangular grid of symbol references.
LogicalResult getProgramGrid(RunParallelOp op, ProgramGrid &grid);
} // namespace mlir::interpreter

#endif // SDY_IR_INTERPRETER_INTERPRETERDIALECT_H
