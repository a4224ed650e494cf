//===- Canonicalization.cpp - canonicalization patterns of sdy ops --------===//
//
// Patterns `-canonicalize` applies to sdy ops, also used directly by the
// partitioner (with a walk, so that nothing else is folded):
// * reshard(reshard(x)) → reshard(x) when the inner reshard has no other use,
//   and a reshard of a value that already has the target layout → the value;
// * all_slice(all_gather(x, A), A) → x and all_gather(all_slice(x, A), A) → x
//   when the result has x's layout;
// * all_slice(all_reduce(x, R)) → reduce_scatter(x) when the slicing axes are
//   exactly R (as a set) and the all_reduce has no other use;
// * collectives with no axes (and collective_permutes that change nothing)
//   → their operand.
//
//===----------------------------------------------------------------------===//

#include "ir/sdy/SdyDialect.h"
#include "ir/sdy/ShardingLayout.h"
#include "ir/sdy/ShardingUtils.h"

#include "mlir/IR/PatternMatch.h"

namespace mlir::sdy {

namespace {

int64_t getRank(Value value) {
  return cast<RankedTensorType>(value.getType()).getRank();
}

/// True if a collective producing `out` from `source` leaves the layout
/// unchanged: same mesh and axes per dimension.
bool keepsLayout(TensorShardingAttr out, Value source) {
  TensorShardingAttr in = getSharding(source);
  if (in && in.getMeshOrRef() != out.getMeshOrRef())
    return false;
  int64_t rank = getRank(source);
  return getDimAxes(in, rank) == getDimAxes(out, rank);
}

struct ReshardOfReshard : OpRewritePattern<ReshardOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReshardOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getInput().getDefiningOp<ReshardOp>();
    if (!inner || !inner->hasOneUse())
      return failure();
    rewriter.modifyOpInPlace(op, [&] { op->setOperand(0, inner.getInput()); });
    rewriter.eraseOp(inner);
    return success();
  }
};

struct ReshardToSameLayout : OpRewritePattern<ReshardOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReshardOp op,
                                PatternRewriter &rewriter) const override {
    Value input = op.getInput();
    if (!isa<RankedTensorType>(input.getType()))
      return failure();
    // Without a sharding on the input the reshard still says where the value
    // must go.
    TensorShardingAttr source = getSharding(input);
    if (!source || !hasLayout(source, op.getSharding(), getRank(input)))
      return failure();
    rewriter.replaceOp(op, input);
    return success();
  }
};

/// A collective that moves nothing.
template <typename OpTy>
struct NoOpCollective : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Value input = op->getOperand(0);
    TensorShardingAttr out = op.getOutSharding();
    bool noop;
    if constexpr (std::is_same_v<OpTy, AllGatherOp>)
      noop = allEmpty(getDimAxes(op.getGatheringAxes()));
    else if constexpr (std::is_same_v<OpTy, AllSliceOp>)
      noop = allEmpty(getDimAxes(op.getSlicingAxes()));
    else if constexpr (std::is_same_v<OpTy, AllReduceOp>)
      noop = op.getReductionAxes().getValue().empty();
    else if constexpr (std::is_same_v<OpTy, ReduceScatterOp>)
      noop = allEmpty(getDimAxes(op.getReduceScatterAxes()));
    else if constexpr (std::is_same_v<OpTy, CollectivePermuteOp>)
      noop = keepsLayout(out, input);
    else
      noop = false;
    if (!noop || getSharding(input) != out)
      return failure();
    rewriter.replaceOp(op, input);
    return success();
  }
};

struct AllSliceOfAllGather : OpRewritePattern<AllSliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AllSliceOp op,
                                PatternRewriter &rewriter) const override {
    auto gather = op.getTensor().getDefiningOp<AllGatherOp>();
    if (!gather ||
        getDimAxes(op.getSlicingAxes()) !=
            getDimAxes(gather.getGatheringAxes()) ||
        !keepsLayout(op.getOutSharding(), gather.getTensor()))
      return failure();
    rewriter.replaceOp(op, gather.getTensor());
    if (gather->use_empty())
      rewriter.eraseOp(gather);
    return success();
  }
};

struct AllGatherOfAllSlice : OpRewritePattern<AllGatherOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AllGatherOp op,
                                PatternRewriter &rewriter) const override {
    auto slice = op.getTensor().getDefiningOp<AllSliceOp>();
    if (!slice ||
        getDimAxes(slice.getSlicingAxes()) !=
            getDimAxes(op.getGatheringAxes()) ||
        !keepsLayout(op.getOutSharding(), slice.getTensor()))
      return failure();
    rewriter.replaceOp(op, slice.getTensor());
    if (slice->use_empty())
      rewriter.eraseOp(slice);
    return success();
  }
};

struct AllSliceOfAllReduce : OpRewritePattern<AllSliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AllSliceOp op,
                                PatternRewriter &rewriter) const override {
    auto reduce = op.getTensor().getDefiningOp<AllReduceOp>();
    if (!reduce || !reduce->hasOneUse())
      return failure();
    AxisList sliced;
    for (const AxisList &axes : getDimAxes(op.getSlicingAxes()))
      llvm::append_range(sliced, axes);
    AxisList reduced(reduce.getReductionAxes().getValue());
    auto byName = [](AxisRefAttr a, AxisRefAttr b) {
      return std::make_tuple(a.getName(), a.getSubAxisPreSize()) <
             std::make_tuple(b.getName(), b.getSubAxisPreSize());
    };
    llvm::sort(sliced, byName);
    llvm::sort(reduced, byName);
    if (sliced != reduced)
      return failure();
    auto scatter = ReduceScatterOp::create(
        rewriter, op.getLoc(), op.getType(), reduce.getTensor(),
        reduce.getReductionKindAttr(), op.getSlicingAxes(),
        op.getOutSharding());
    rewriter.replaceOp(op, scatter.getResult());
    rewriter.eraseOp(reduce);
    return success();
  }
};

} // namespace

void ReshardOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                            MLIRContext *context) {
  results.add<ReshardOfReshard, ReshardToSameLayout>(context);
}

void AllGatherOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<NoOpCollective<AllGatherOp>, AllGatherOfAllSlice>(context);
}

void AllSliceOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                             MLIRContext *context) {
  results.add<NoOpCollective<AllSliceOp>, AllSliceOfAllGather,
              AllSliceOfAllReduce>(context);
}

void AllReduceOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<NoOpCollective<AllReduceOp>>(context);
}

void ReduceScatterOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                  MLIRContext *context) {
  results.add<NoOpCollective<ReduceScatterOp>>(context);
}

void CollectivePermuteOp::getCanonicalizationPatterns(
    RewritePatternSet &results, MLIRContext *context) {
  results.add<NoOpCollective<CollectivePermuteOp>>(context);
}

void AllToAllOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                             MLIRContext *context) {
  // An all_to_all always moves data between dimensions.
}

} // namespace mlir::sdy
