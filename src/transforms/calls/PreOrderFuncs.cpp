//===- PreOrderFuncs.cpp - -sdy-pre-order-funcs ---------------------------===//
//
// Propagation visits functions in module order; with callers first, the
// shardings a caller fixes reach its callees in the same pass.
//
//===----------------------------------------------------------------------===//

#include "transforms/calls/CallGraphUtils.h"
#include "transforms/calls/Passes.h"

namespace mlir::sdy {
#define GEN_PASS_DEF_PREORDERFUNCSPASS
#include "transforms/calls/Passes.h.inc"

namespace {

struct PreOrderFuncsPass : impl::PreOrderFuncsPassBase<PreOrderFuncsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    SmallVector<func::FuncOp> funcs =
        getFuncsInPostOrder(module, symbols, /*recursiveCall=*/nullptr);
    Block *body = module.getBody();
    for (func::FuncOp func : llvm::reverse(funcs))
      func->moveBefore(body, body->end());
  }
};

} // namespace
} // namespace mlir::sdy
