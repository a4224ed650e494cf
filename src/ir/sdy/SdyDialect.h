//===- SdyDialect.h - the sdy dialect ---------------------------*- C++ -*-===//
//
// Attributes and ops of the Shardy sharding dialect (docs/sharding-model.md).
//
//===----------------------------------------------------------------------===//

#ifndef SDY_IR_SDY_SDYDIALECT_H
#define SDY_IR_SDY_SDYDIALECT_H

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "ir/interfaces/DataFlowOpInterface.h"

#include "ir/sdy/SdyDialect.h.inc"
#include "ir/sdy/SdyEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "ir/sdy/SdyAttrs.h.inc"

#define GET_OP_CLASSES
#include "ir/sdy/SdyOps.h.inc"

namespace mlir::sdy {
/// The attribute parsers tag the diagnostics of the verifiers they run, so
/// that callers (the C ABI) can tell well-formed but invalid text from a
/// syntax error.
void tagVerifierDiagnostic(InFlightDiagnostic &diag);
bool isVerifierDiagnostic(Diagnostic &diag);
} // namespace mlir::sdy

#endif // SDY_IR_SDY_SDYDIALECT_H
