//===- RemovePropagationDebugInfo.cpp - -sdy-remove-propagation-debug-info ===//
//
// Propagation's debug options record where shardings came from on the IR;
// this pass drops those records (as Shardy's pass of the same name) so that
// the module carries shardings only.
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "transforms/Passes.h"

namespace mlir::sdy {
#define GEN_PASS_DEF_REMOVEPROPAGATIONDEBUGINFOPASS
#include "transforms/Passes.h.inc"

namespace {

constexpr llvm::StringLiteral kDebugAttrNames[] = {
    "sdy.sharding_origins",         "sdy.propagation_edges",
    "sdy.result_sharding_origins",  "sdy.block_arg_sharding_origins",
    "sdy.result_propagation_edges", "sdy.block_arg_propagation_edges",
};

/// Removes the debug attributes from `attrs`; true if any was there.
bool removeFrom(NamedAttrList &attrs) {
  bool removed = false;
  for (llvm::StringLiteral name : kDebugAttrNames)
    removed |= static_cast<bool>(attrs.erase(name));
  return removed;
}

struct RemovePropagationDebugInfoPass
    : impl::RemovePropagationDebugInfoPassBase<RemovePropagationDebugInfoPass> {
  void runOnOperation() override {
    bool changed = false;
    getOperation()->walk([&](Operation *op) {
      NamedAttrList attrs(op->getAttrDictionary());
      if (removeFrom(attrs)) {
        op->setAttrs(attrs.getDictionary(op->getContext()));
        changed = true;
      }
      auto func = dyn_cast<func::FuncOp>(op);
      if (!func)
        return;
      for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i) {
        NamedAttrList argAttrs(func.getArgAttrDict(i));
        if (removeFrom(argAttrs)) {
          func.setArgAttrs(i, argAttrs.getDictionary(op->getContext()));
          changed = true;
        }
      }
      for (unsigned i = 0, e = func.getNumResults(); i < e; ++i) {
        NamedAttrList resultAttrs(func.getResultAttrDict(i));
        if (removeFrom(resultAttrs)) {
          func.setResultAttrs(i, resultAttrs.getDictionary(op->getContext()));
          changed = true;
        }
      }
    });
    if (!changed)
      markAllAnalysesPreserved();
  }
};

} // namespace
} // namespace mlir::sdy
