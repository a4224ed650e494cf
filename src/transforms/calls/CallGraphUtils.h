//===- CallGraphUtils.h - walking the functions of a module -----*- C++ -*-===//
//
// The call-graph passes visit functions in the order of MLIR's call graph:
// every function is a root, in module order, and a function's callees are
// its func.call ops in walk order.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_TRANSFORMS_CALLS_CALLGRAPHUTILS_H
#define SDY_TRANSFORMS_CALLS_CALLGRAPHUTILS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::sdy {

/// Marks a function cloned from, or exported as, another function.
inline constexpr StringLiteral kOriginalFuncNameAttr = "sdy.original_func_name";

/// The functions of `module`, callees before callers (a post-order walk of
/// the call graph from every function in module order). `recursiveCall` is
/// set to a call that closes a cycle, if any.
SmallVector<func::FuncOp> getFuncsInPostOrder(ModuleOp module,
                                              SymbolTable &symbols,
                                              func::CallOp *recursiveCall);

/// The function `call` calls, or null when it is not a func.func of the
/// module.
func::FuncOp lookupCallee(SymbolTable &symbols, func::CallOp call);

} // namespace mlir::sdy

#endif // SDY_TRANSFORMS_CALLS_CALLGRAPHUTILS_H
