//===- CanonicalizeCollectives.cpp - -sdy-canonicalize-collectives --------===//
//
// Applies the canonicalization patterns of the sdy collectives (see
// ir/sdy/Canonicalization.cpp) before they are lowered, in one walk: unlike
// -canonicalize, nothing else is folded or erased.
//
//===----------------------------------------------------------------------===//

#include "transforms/partition/Passes.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace mlir::sdy {
#define GEN_PASS_DEF_CANONICALIZECOLLECTIVESPASS
#include "transforms/partition/Passes.h.inc"

namespace {

struct CanonicalizeCollectivesPass
    : impl::CanonicalizeCollectivesPassBase<CanonicalizeCollectivesPass> {
  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet set(context);
    AllGatherOp::getCanonicalizationPatterns(set, context);
    AllSliceOp::getCanonicalizationPatterns(set, context);
    AllReduceOp::getCanonicalizationPatterns(set, context);
    ReduceScatterOp::getCanonicalizationPatterns(set, context);
    AllToAllOp::getCanonicalizationPatterns(set, context);
    CollectivePermuteOp::getCanonicalizationPatterns(set, context);
    patterns = FrozenRewritePatternSet(std::move(set));
    return success();
  }

  void runOnOperation() override {
    walkAndApplyPatterns(getOperation(), patterns);
  }

  FrozenRewritePatternSet patterns;
};

} // namespace
} // namespace mlir::sdy
