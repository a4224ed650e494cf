//===- OpGroups.h - groups of ops the runtime treats alike ------*- C++ -*-===//
//
// One list of each group, shared by the element-type check (Types.cpp) and
// the quantized-type dispatch (Quant.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef SDY_RUNTIME_OPGROUPS_H
#define SDY_RUNTIME_OPGROUPS_H

#include "mlir/Support/TypeID.h"
#include "llvm/ADT/DenseSet.h"

namespace sdy::runtime {

/// Data movement, control flow and collectives that move elements without
/// reading them.
void addDataMovementOps(llvm::DenseSet<mlir::TypeID> &ops);

/// Elementwise ops that compute on the values of numbers (not their bits).
void addArithmeticOps(llvm::DenseSet<mlir::TypeID> &ops);

} // namespace sdy::runtime

#endif // SDY_RUNTIME_OPGROUPS_H
