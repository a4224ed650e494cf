//===- StablehloDialect.h - our StableHLO-compatible dialect ----*- C++ -*-===//
//
// The one header users of the stablehlo dialect include: the dialect, its
// enums, attributes and ops.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_IR_STABLEHLO_STABLEHLODIALECT_H
#define SDY_IR_STABLEHLO_STABLEHLODIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "ir/stablehlo/StablehloQuant.h"
#include "ir/stablehlo/StablehloQuantTraits.h"

#include "ir/stablehlo/StablehloEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "ir/stablehlo/StablehloAttrs.h.inc"

#include "ir/stablehlo/StablehloDialect.h.inc"

#define GET_TYPEDEF_CLASSES
#include "ir/stablehlo/StablehloTypes.h.inc"

#define GET_OP_CLASSES
#include "ir/stablehlo/StablehloOps.h.inc"

#endif // SDY_IR_STABLEHLO_STABLEHLODIALECT_H
