//===- MhloDialect.h - the MHLO ops that JAX hands to Shardy ----*- C++ -*-===//
#ifndef SDY_IR_MHLO_MHLODIALECT_H
#define SDY_IR_MHLO_MHLODIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "ir/mhlo/MhloDialect.h.inc"

#define GET_OP_CLASSES
#include "ir/mhlo/MhloOps.h.inc"

#endif // SDY_IR_MHLO_MHLODIALECT_H
