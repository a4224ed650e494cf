//===- CallGraphUtils.cpp - walking the functions of a module -------------===//

#include "transforms/calls/CallGraphUtils.h"

#include "llvm/ADT/SetVector.h"

using namespace mlir;

func::FuncOp mlir::sdy::lookupCallee(SymbolTable &symbols, func::CallOp call) {
  return symbols.lookup<func::FuncOp>(call.getCallee());
}

/// The distinct functions `func` calls, with the first call to each.
static SmallVector<std::pair<func::FuncOp, func::CallOp>>
getCallees(func::FuncOp func, SymbolTable &symbols) {
  SmallVector<std::pair<func::FuncOp, func::CallOp>> callees;
  llvm::SmallPtrSet<Operation *, 8> seen;
  func.walk([&](func::CallOp call) {
    if (func::FuncOp callee = sdy::lookupCallee(symbols, call))
      if (seen.insert(callee).second)
        callees.emplace_back(callee, call);
  });
  return callees;
}

SmallVector<func::FuncOp>
mlir::sdy::getFuncsInPostOrder(ModuleOp module, SymbolTable &symbols,
                               func::CallOp *recursiveCall) {
  SmallVector<func::FuncOp> order;
  llvm::SmallPtrSet<Operation *, 16> visited;
  llvm::SmallPtrSet<Operation *, 16> onStack;
  struct Frame {
    func::FuncOp func;
    SmallVector<std::pair<func::FuncOp, func::CallOp>> callees;
    size_t next = 0;
  };
  // An explicit stack: call chains may be deeper than the native stack.
  SmallVector<Frame> stack;
  for (auto root : module.getOps<func::FuncOp>()) {
    if (!visited.insert(root).second)
      continue;
    onStack.insert(root);
    stack.push_back({root, getCallees(root, symbols)});
    while (!stack.empty()) {
      Frame &frame = stack.back();
      if (frame.next == frame.callees.size()) {
        order.push_back(frame.func);
        onStack.erase(frame.func);
        stack.pop_back();
        continue;
      }
      auto [callee, call] = frame.callees[frame.next++];
      if (onStack.contains(callee) && recursiveCall && !*recursiveCall)
        *recursiveCall = call;
      if (!visited.insert(callee).second)
        continue;
      onStack.insert(callee);
      stack.push_back({callee, getCallees(callee, symbols)});
    }
  }
  return order;
}
