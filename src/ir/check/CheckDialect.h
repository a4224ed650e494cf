//===- CheckDialect.h - the check dialect of interpreter tests --*- C++ -*-===//
#ifndef SDY_IR_CHECK_CHECKDIALECT_H
#define SDY_IR_CHECK_CHECKDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"

#include "ir/check/CheckDialect.h.inc"

#define GET_OP_CLASSES
#include "ir/check/CheckOps.h.inc"

#endif // SDY_IR_CHECK_CHECKDIALECT_H
