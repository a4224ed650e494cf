//===- DotReshards.cpp - reshards after dots (non-full version) -----------===//
//
// A dot whose result is sharded along its contracting axes computes a
// partial result that the partitioner would have to scatter over the
// dimension the operands already shard otherwise; Shardy computes the
// result as the operands imply and reshards it afterwards.
//
//===----------------------------------------------------------------------===//

#include "transforms/export/DotReshards.h"

#include "ir/sdy/ShardingUtils.h"
#include "ir/stablehlo/StablehloDialect.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::sdy {
namespace {

struct DotDims {
  SmallVector<int64_t> lhsBatch, rhsBatch, lhsContract, rhsContract;
};

std::optional<DotDims> getDotDims(Operation *op) {
  if (auto dot = dyn_cast<stablehlo::DotGeneralOp>(op)) {
    stablehlo::DotDimensionNumbersAttr dn = dot.getDotDimensionNumbers();
    return DotDims{SmallVector<int64_t>(dn.getLhsBatchingDimensions()),
                   SmallVector<int64_t>(dn.getRhsBatchingDimensions()),
                   SmallVector<int64_t>(dn.getLhsContractingDimensions()),
                   SmallVector<int64_t>(dn.getRhsContractingDimensions())};
  }
  if (auto dot = dyn_cast<stablehlo::DotOp>(op)) {
    auto lhs = dyn_cast<RankedTensorType>(dot.getLhs().getType());
    auto rhs = dyn_cast<RankedTensorType>(dot.getRhs().getType());
    if (!lhs || !rhs || lhs.getRank() != 2 || rhs.getRank() != 2)
      return std::nullopt;
    return DotDims{{}, {}, {1}, {0}};
  }
  return std::nullopt;
}

/// The dimensions of a rank-`rank` operand in none of `a` and `b`, in order.
SmallVector<int64_t> getFreeDims(int64_t rank, ArrayRef<int64_t> a,
                                 ArrayRef<int64_t> b) {
  SmallVector<int64_t> dims;
  for (int64_t dim = 0; dim < rank; ++dim)
    if (!llvm::is_contained(a, dim) && !llvm::is_contained(b, dim))
      dims.push_back(dim);
  return dims;
}

} // namespace

void reshardDot(Operation *op) {
  std::optional<DotDims> dims = getDotDims(op);
  if (!dims || op->getNumOperands() != 2 || op->getNumResults() != 1)
    return;
  Value result = op->getResult(0);
  TensorShardingAttr lhs = getSharding(op->getOperand(0));
  TensorShardingAttr rhs = getSharding(op->getOperand(1));
  TensorShardingAttr out = getSharding(result);
  if (!lhs || !rhs || !out || lhs.getMeshOrRef() != out.getMeshOrRef() ||
      rhs.getMeshOrRef() != out.getMeshOrRef())
    return;
  auto axesOf = [](TensorShardingAttr sharding, int64_t dim) {
    return sharding.getDimShardings()[dim].getAxes();
  };
  int64_t lhsRank = lhs.getRank(), rhsRank = rhs.getRank();
  if (lhsRank != getShardingRank(op->getOperand(0).getType()) ||
      rhsRank != getShardingRank(op->getOperand(1).getType()) ||
      out.getRank() != getShardingRank(result.getType()))
    return;

  // The contracting axes X: one pair sharded, both sides alike.
  ArrayRef<AxisRefAttr> contracting;
  for (auto [l, r] : llvm::zip(dims->lhsContract, dims->rhsContract)) {
    if (axesOf(lhs, l) != axesOf(rhs, r))
      return;
    if (axesOf(lhs, l).empty())
      continue;
    if (!contracting.empty())
      return;
    contracting = axesOf(lhs, l);
  }
  if (contracting.empty())
    return;

  // The result sharding the operands imply: batching, lhs free, rhs free.
  SmallVector<ArrayRef<AxisRefAttr>> implied;
  for (auto [l, r] : llvm::zip(dims->lhsBatch, dims->rhsBatch)) {
    if (axesOf(lhs, l) != axesOf(rhs, r))
      return;
    implied.push_back(axesOf(lhs, l));
  }
  for (int64_t d : getFreeDims(lhsRank, dims->lhsBatch, dims->lhsContract))
    implied.push_back(axesOf(lhs, d));
  for (int64_t d : getFreeDims(rhsRank, dims->rhsBatch, dims->rhsContract))
    implied.push_back(axesOf(rhs, d));
  if (static_cast<int64_t>(implied.size()) != out.getRank())
    return;
  llvm::DenseSet<AxisRefAttr> seen;
  for (ArrayRef<AxisRefAttr> axes : implied)
    for (AxisRefAttr axis : axes)
      if (!seen.insert(axis).second)
        return;

  // Exactly one dimension differs, holding X where the operands give it
  // other axes.
  int64_t differing = -1;
  for (auto [dim, axes] : llvm::enumerate(implied)) {
    if (axesOf(out, dim) == axes)
      continue;
    if (differing >= 0)
      return;
    differing = dim;
  }
  if (differing < 0 || implied[differing].empty() ||
      axesOf(out, differing) != contracting)
    return;

  MLIRContext *ctx = op->getContext();
  SmallVector<DimensionShardingAttr> dimShardings(out.getDimShardings());
  DimensionShardingAttr old = dimShardings[differing];
  dimShardings[differing] = DimensionShardingAttr::get(
      ctx, implied[differing], old.getIsClosed(), old.getPriority());
  setSharding(result, TensorShardingAttr::get(
                          ctx, out.getMeshOrRef(), dimShardings,
                          out.getReplicatedAxes(), out.getUnreducedAxes()));
  OpBuilder builder(op->getContext());
  builder.setInsertionPointAfter(op);
  auto back = ReshardOp::create(builder, op->getLoc(), result, out);
  result.replaceAllUsesExcept(back, back);
}

} // namespace mlir::sdy
