//===- Liveness.cpp - where each value of a module dies -------------------===//
#include "runtime/Liveness.h"

#include "mlir/IR/Block.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/STLExtras.h"

namespace sdy::runtime {

Liveness::Liveness(mlir::Operation *root) {
  root->walk([&](mlir::Block *block) {
    // The last op of `block` that uses each value, directly or in a region.
    llvm::DenseMap<mlir::Value, mlir::Operation *> lastUser;
    llvm::SmallVector<mlir::Value> order;
    for (mlir::Operation &op : *block)
      op.walk([&](mlir::Operation *nested) {
        for (mlir::Value v : nested->getOperands()) {
          auto [it, inserted] = lastUser.try_emplace(v, &op);
          if (inserted)
            order.push_back(v);
          else
            it->second = &op;
        }
      });
    for (mlir::Value v : order)
      dying_[lastUser[v]].push_back(v);
    // Results nobody reads die where they are made.
    for (mlir::Operation &op : *block)
      for (mlir::Value r : op.getResults())
        if (r.use_empty())
          dying_[&op].push_back(r);
  });
}

llvm::ArrayRef<mlir::Value> Liveness::diesAt(mlir::Operation *op) const {
  auto it = dying_.find(op);
  if (it == dying_.end())
    return {};
  return it->second;
}

bool Liveness::diesAt(mlir::Value v, mlir::Operation *op) const {
  return llvm::is_contained(diesAt(op), v);
}

} // namespace sdy::runtime
