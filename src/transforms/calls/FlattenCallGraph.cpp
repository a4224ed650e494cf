//===- FlattenCallGraph.cpp - -sdy-flatten-call-graph ---------------------===//
//
// Propagation gives each function one set of shardings; a function called
// from two places may need two, so every call gets a function of its own.
//
//===----------------------------------------------------------------------===//

#include "transforms/calls/CallGraphUtils.h"
#include "transforms/calls/Passes.h"

namespace mlir::sdy {
#define GEN_PASS_DEF_FLATTENCALLGRAPHPASS
#include "transforms/calls/Passes.h.inc"

namespace {

/// Clones `func` and, recursively, every function the clone calls (each of
/// them already has a call of its own), callees first. Returns the clone's
/// name.
StringAttr cloneWithCallees(func::FuncOp func, SymbolTable &symbols) {
  func::FuncOp clone = func.clone();
  clone.walk([&](func::CallOp call) {
    if (func::FuncOp callee = lookupCallee(symbols, call))
      call.setCallee(cloneWithCallees(callee, symbols).getValue());
  });
  if (!clone->hasAttr(kOriginalFuncNameAttr))
    clone->setAttr(kOriginalFuncNameAttr, func.getSymNameAttr());
  return symbols.insert(clone);
}

struct FlattenCallGraphPass
    : impl::FlattenCallGraphPassBase<FlattenCallGraphPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    func::CallOp recursiveCall;
    SmallVector<func::FuncOp> funcs =
        getFuncsInPostOrder(module, symbols, &recursiveCall);
    if (recursiveCall) {
      recursiveCall.emitOpError()
          << "closes a cycle of calls through @" << recursiveCall.getCallee()
          << "; recursive functions cannot be flattened";
      return signalPassFailure();
    }
    llvm::SmallPtrSet<Operation *, 16> called;
    for (func::FuncOp func : funcs) {
      SmallVector<func::CallOp> calls;
      func.walk([&](func::CallOp call) { calls.push_back(call); });
      for (func::CallOp call : calls) {
        func::FuncOp callee = lookupCallee(symbols, call);
        if (!callee || called.insert(callee).second)
          continue;
        call.setCallee(cloneWithCallees(callee, symbols).getValue());
      }
    }
  }
};

} // namespace
} // namespace mlir::sdy
