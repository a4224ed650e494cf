//===- ConstantOrScalarMerger.cpp - -sdy-constant-or-scalar-merger --------===//
//
// Partly undoes -sdy-constant-or-scalar-splitter where propagation gave the
// copies the same sharding: identical constants and scalar broadcasts of one
// block (same op, operands, attributes including `sdy.sharding`, and result
// types) become one op again, so that the splitting costs nothing downstream
// where it did not matter.
//
//===----------------------------------------------------------------------===//

#include "mlir/IR/OperationSupport.h"
#include "transforms/ConstantExpressions.h"
#include "transforms/Passes.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::sdy {
#define GEN_PASS_DEF_CONSTANTORSCALARMERGERPASS
#include "transforms/Passes.h.inc"

namespace {

// Ops are equal when they compute the same value: same name, attributes,
// operands (by identity) and result types. Locations do not matter.
struct EquivalentOpInfo : llvm::DenseMapInfo<Operation *> {
  static unsigned getHashValue(const Operation *op) {
    return OperationEquivalence::computeHash(
        const_cast<Operation *>(op), OperationEquivalence::directHashValue,
        OperationEquivalence::ignoreHashValue,
        OperationEquivalence::IgnoreLocations);
  }
  static bool isEqual(const Operation *lhs, const Operation *rhs) {
    if (lhs == rhs)
      return true;
    if (lhs == getEmptyKey() || lhs == getTombstoneKey() ||
        rhs == getEmptyKey() || rhs == getTombstoneKey())
      return false;
    return OperationEquivalence::isEquivalentTo(
        const_cast<Operation *>(lhs), const_cast<Operation *>(rhs),
        OperationEquivalence::IgnoreLocations);
  }
};

// Constants and scalar broadcasts only: copies of the other ops of a
// constant sub-computation stay apart (as in Shardy), since their users may
// differ in what they need.
bool isMergeable(Operation *op) {
  return isa<ConstantOp>(op) ||
         op->getName().getStringRef() == "stablehlo.constant" ||
         isScalarBroadcast(op);
}

struct ConstantOrScalarMergerPass
    : impl::ConstantOrScalarMergerPassBase<ConstantOrScalarMergerPass> {
  void runOnOperation() override {
    bool changed = false;
    getOperation().walk([&](Block *block) {
      // Defs come before uses, so a broadcast's operand is already merged
      // when the broadcast is looked at.
      llvm::DenseSet<Operation *, EquivalentOpInfo> seen;
      for (Operation &op : llvm::make_early_inc_range(*block)) {
        if (!isMergeable(&op))
          continue;
        auto [it, inserted] = seen.insert(&op);
        if (inserted)
          continue;
        op.getResult(0).replaceAllUsesWith((*it)->getResult(0));
        op.erase();
        changed = true;
      }
    });
    if (!changed)
      markAllAnalysesPreserved();
  }
};

} // namespace
} // namespace mlir::sdy
