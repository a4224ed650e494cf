//===- CanonicalizeCollectives.cpp - -sdy-canonicalize-collectives --------===//
//
// Folds pairs of sdy collectives before they are lowered:
// * all_slice(all_gather(x, A), A) → x and all_gather(all_slice(x, A), A) → x
//   when the result has x's sharding;
// * all_slice(all_reduce(x, R), A) → reduce_scatter(x, A) when the slicing
//   axes are exactly R (as a set) and the all_reduce has no other use;
// * collectives with no axes (and all_to_all/permute that change nothing)
//   are removed.
//
//===----------------------------------------------------------------------===//

#include "transforms/partition/Passes.h"

#include "ir/sdy/ShardingVerifier.h"

namespace mlir::sdy {
#define GEN_PASS_DEF_CANONICALIZECOLLECTIVESPASS
#include "transforms/partition/Passes.h.inc"

namespace {

using AxisLists = SmallVector<SmallVector<AxisRefAttr>>;

AxisLists getLists(ListOfAxisRefListsAttr lists) {
  AxisLists result;
  for (AxisRefListAttr list : lists.getValue())
    result.emplace_back(list.getValue().begin(), list.getValue().end());
  return result;
}

AxisLists getDims(TensorShardingAttr sharding, int64_t rank) {
  AxisLists dims(rank);
  if (sharding)
    for (auto [dim, dimSharding] : llvm::enumerate(sharding.getDimShardings()))
      dims[dim].assign(dimSharding.getAxes().begin(),
                       dimSharding.getAxes().end());
  return dims;
}

bool allEmpty(const AxisLists &lists) {
  return llvm::all_of(lists, [](const auto &l) { return l.empty(); });
}

int64_t getRank(Value value) {
  return cast<RankedTensorType>(value.getType()).getRank();
}

/// True if `value` folds to `source`: same per-dimension axes and mesh.
bool sameLayout(TensorShardingAttr out, Value source) {
  TensorShardingAttr in = getSharding(source);
  int64_t rank = getRank(source);
  if (in && in.getMeshOrRef() != out.getMeshOrRef())
    return false;
  return getDims(in, rank) == getDims(out, rank);
}

struct CanonicalizeCollectivesPass
    : impl::CanonicalizeCollectivesPassBase<CanonicalizeCollectivesPass> {
  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      if (isa<AllGatherOp, AllSliceOp, AllReduceOp, ReduceScatterOp,
              AllToAllOp, CollectivePermuteOp>(op))
        ops.push_back(op);
    });
    for (Operation *op : ops) {
      Value input = op->getOperand(0);
      auto out = op->getAttrOfType<TensorShardingAttr>("out_sharding");
      // No-op collectives.
      bool noop = false;
      if (auto gather = dyn_cast<AllGatherOp>(op))
        noop = allEmpty(getLists(gather.getGatheringAxes()));
      else if (auto slice = dyn_cast<AllSliceOp>(op))
        noop = allEmpty(getLists(slice.getSlicingAxes()));
      else if (auto reduce = dyn_cast<AllReduceOp>(op))
        noop = reduce.getReductionAxes().getValue().empty();
      else if (auto scatter = dyn_cast<ReduceScatterOp>(op))
        noop = allEmpty(getLists(scatter.getReduceScatterAxes()));
      else if (isa<CollectivePermuteOp>(op))
        noop = sameLayout(out, input);
      if (noop && getSharding(input) == out) {
        op->getResult(0).replaceAllUsesWith(input);
        op->erase();
        continue;
      }

      // all_slice(all_gather(x)) and all_gather(all_slice(x)).
      Operation *def = input.getDefiningOp();
      if (auto slice = dyn_cast<AllSliceOp>(op)) {
        if (auto gather = dyn_cast_or_null<AllGatherOp>(def)) {
          if (getLists(slice.getSlicingAxes()) ==
                  getLists(gather.getGatheringAxes()) &&
              sameLayout(out, gather.getTensor())) {
            op->getResult(0).replaceAllUsesWith(gather.getTensor());
            op->erase();
            if (gather->use_empty())
              gather->erase();
            continue;
          }
        }
        // all_slice(all_reduce(x)) → reduce_scatter(x).
        if (auto reduce = dyn_cast_or_null<AllReduceOp>(def)) {
          AxisLists slicing = getLists(slice.getSlicingAxes());
          SmallVector<AxisRefAttr> flat;
          for (const auto &list : slicing)
            llvm::append_range(flat, list);
          SmallVector<AxisRefAttr> reduced(
              reduce.getReductionAxes().getValue());
          auto byName = [](AxisRefAttr a, AxisRefAttr b) {
            return std::make_tuple(a.getName(), a.getSubAxisPreSize()) <
                   std::make_tuple(b.getName(), b.getSubAxisPreSize());
          };
          llvm::sort(flat, byName);
          llvm::sort(reduced, byName);
          if (reduce->hasOneUse() && flat == reduced) {
            OpBuilder b(op);
            auto scatter = ReduceScatterOp::create(b, 
                op->getLoc(), slice.getType(), reduce.getTensor(),
                reduce.getReductionKindAttr(), slice.getSlicingAxes(), out);
            op->getResult(0).replaceAllUsesWith(scatter.getResult());
            op->erase();
            reduce->erase();
            continue;
          }
        }
      }
      if (auto gather = dyn_cast<AllGatherOp>(op)) {
        if (auto slice = dyn_cast_or_null<AllSliceOp>(def)) {
          if (getLists(slice.getSlicingAxes()) ==
                  getLists(gather.getGatheringAxes()) &&
              sameLayout(out, slice.getTensor())) {
            op->getResult(0).replaceAllUsesWith(slice.getTensor());
            op->erase();
            if (slice->use_empty())
              slice->erase();
            continue;
          }
        }
      }
    }
  }
};

} // namespace
} // namespace mlir::sdy
