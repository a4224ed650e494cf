//===- PadForDivisibility.cpp - -sdy-pad-for-divisibility -----------------===//
//
// Step 4 of the partitioner (docs/partitioning.md#padding). A dimension of
// size d sharded n ways with d % n != 0 is held as L = ceil(d/n) rows on every
// device, so the padded tensor has n·L rows and the rows [d, n·L) are padding
// (they sit on the last shards). The local types (ceil(d/n)) and the
// padding-aware lowering of collectives in -sdy-convert-global-to-local
// produce that layout; this pass keeps the padding out of the results:
//
// * before a `stablehlo.reduce` over a padded dimension, the input becomes
//   `select(iota < d, x, init)` (init is the identity of the reduction);
// * before a `dot`/`dot_general` contracting a padded dimension, both
//   operands become `select(iota < d, x, 0)` (0·garbage could be NaN);
// * before a `reduce_window` or `convolution` whose windowed (spatial)
//   dimension is padded (halo exchange keeps it sharded), the input becomes
//   `select(iota < d, x, fill)` with the op's padding value (the init
//   value, or 0), so windows reading past row d see what the global op sees;
// * values returned with a padded dimension get their padding zeroed, so
//   devices return deterministic shards (option zero-padding-at-return).
//
// On the global program these masks are identities (every global index is
// < d); once -sdy-convert-global-to-local turns the iota into local iota +
// shard offset, they select exactly the real rows. Every op created here
// carries the sharding of the masked value.
//
//===----------------------------------------------------------------------===//

#include "transforms/partition/Passes.h"

#include "ir/sdy/ShardingUtils.h"
#include "transforms/partition/CollectiveLowering.h"

namespace mlir::sdy {
#define GEN_PASS_DEF_PADFORDIVISIBILITYPASS
#include "transforms/partition/Passes.h.inc"

namespace {

namespace shlo = mlir::stablehlo;

/// The dimensions among `dims` (all if empty) that `sharding` pads.
SmallVector<int64_t> getPaddedDims(TensorShardingAttr sharding,
                                   RankedTensorType type, Operation *from,
                                   ArrayRef<int64_t> dims = {}) {
  SmallVector<int64_t> padded;
  if (!sharding || sharding.getRank() != type.getRank())
    return padded;
  MeshAttr mesh = sharding.getMesh(from);
  if (!mesh)
    return padded;
  for (auto [dim, dimSharding] : llvm::enumerate(sharding.getDimShardings())) {
    if (!dims.empty() && !llvm::is_contained(dims, dim))
      continue;
    int64_t n = dimSharding.getShardedSize(mesh);
    if (n > 1 && type.getDimSize(dim) % n != 0)
      padded.push_back(dim);
  }
  return padded;
}

void annotate(Operation *op, TensorShardingAttr sharding) {
  op->setAttr(SdyDialect::kShardingAttr,
              TensorShardingPerValueAttr::get(op->getContext(), {sharding}));
}

/// `select(iota_0 < d_0 && ..., value, fill)` along `dims`.
Value mask(OpBuilder &b, Location loc, Value value, TensorShardingAttr sharding,
           ArrayRef<int64_t> dims, Value fill) {
  auto type = cast<RankedTensorType>(value.getType());
  Value keep;
  for (int64_t dim : dims) {
    int64_t size = type.getDimSize(dim);
    Type indexType =
        b.getIntegerType(size > std::numeric_limits<int32_t>::max() ? 64 : 32);
    auto indexTensor = type.clone(indexType);
    auto iota =
        shlo::IotaOp::create(b, loc, indexTensor, static_cast<uint64_t>(dim));
    annotate(iota, sharding);
    auto limit = shlo::ConstantOp::create(
        b, loc,
        cast<ElementsAttr>(DenseElementsAttr::get(
            indexTensor, b.getIntegerAttr(indexType, size).getValue())));
    annotate(limit, sharding);
    auto inRange = shlo::CompareOp::create(b, loc, iota, limit,
                                           shlo::ComparisonDirection::LT);
    annotate(inRange, sharding);
    if (keep) {
      auto both = shlo::AndOp::create(b, loc, keep, inRange);
      annotate(both, sharding);
      keep = both;
    } else {
      keep = inRange;
    }
  }
  auto select = shlo::SelectOp::create(b, loc, keep, value, fill);
  annotate(select, sharding);
  return select;
}

/// Zeros of `type`, or null for an element type without a zero.
Value zeros(OpBuilder &b, Location loc, RankedTensorType type,
            TensorShardingAttr sharding) {
  ElementsAttr value = partition::getZeroSplat(type);
  if (!value)
    return {};
  auto zero = shlo::ConstantOp::create(b, loc, value);
  annotate(zero, sharding);
  return zero;
}

/// Masks operand `index` of `op` along `dims` (those that are padded) with
/// `init` (a scalar) or, without one, zeros.
void maskOperand(Operation *op, unsigned index, ArrayRef<int64_t> dims,
                 Value init = {}) {
  Value operand = op->getOperand(index);
  auto type = cast<RankedTensorType>(operand.getType());
  TensorShardingAttr sharding = getSharding(operand);
  SmallVector<int64_t> padded = getPaddedDims(sharding, type, op, dims);
  if (padded.empty() || dims.empty())
    return;
  OpBuilder b(op);
  Value fill;
  if (init) {
    fill = shlo::BroadcastInDimOp::create(b, op->getLoc(), type, init,
                                          ArrayRef<int64_t>{});
    annotate(fill.getDefiningOp(), sharding);
  } else {
    fill = zeros(b, op->getLoc(), type, sharding);
  }
  if (fill)
    op->setOperand(index,
                   mask(b, op->getLoc(), operand, sharding, padded, fill));
}

/// The dimensions along which a reduce_window's result row i reads other
/// input rows than row i.
SmallVector<int64_t> getWindowedDims(shlo::ReduceWindowOp op) {
  auto at = [](std::optional<ArrayRef<int64_t>> list, size_t dim) -> int64_t {
    return list && dim < list->size() ? (*list)[dim] : 1;
  };
  SmallVector<int64_t> padding;
  if (std::optional<DenseIntElementsAttr> attr = op.getPadding())
    llvm::append_range(padding, attr->getValues<int64_t>());
  auto padded = [&](size_t dim) {
    return (2 * dim < padding.size() && padding[2 * dim] != 0) ||
           (2 * dim + 1 < padding.size() && padding[2 * dim + 1] != 0);
  };
  SmallVector<int64_t> dims;
  for (auto [dim, size] : llvm::enumerate(op.getWindowDimensions()))
    if (size != 1 || at(op.getWindowStrides(), dim) != 1 ||
        at(op.getBaseDilations(), dim) != 1 || padded(dim))
      dims.push_back(dim);
  return dims;
}

struct PadForDivisibilityPass
    : impl::PadForDivisibilityPassBase<PadForDivisibilityPass> {
  using Base::Base;

  void runOnOperation() override {
    getOperation().walk([&](Operation *op) {
      if (auto reduce = dyn_cast<shlo::ReduceOp>(op)) {
        for (unsigned i = 0, e = reduce.getInputs().size(); i < e; ++i)
          maskOperand(op, i, reduce.getDimensions(), reduce.getInitValues()[i]);
      } else if (auto window = dyn_cast<shlo::ReduceWindowOp>(op)) {
        SmallVector<int64_t> dims = getWindowedDims(window);
        for (unsigned i = 0, e = window.getInputs().size(); i < e; ++i)
          maskOperand(op, i, dims, window.getInitValues()[i]);
      } else if (auto conv = dyn_cast<shlo::ConvolutionOp>(op)) {
        maskOperand(op, 0,
                    conv.getDimensionNumbers().getInputSpatialDimensions());
      } else if (auto dot = dyn_cast<shlo::DotGeneralOp>(op)) {
        auto numbers = dot.getDotDimensionNumbers();
        maskOperand(op, 0, numbers.getLhsContractingDimensions());
        maskOperand(op, 1, numbers.getRhsContractingDimensions());
      } else if (auto dot = dyn_cast<shlo::DotOp>(op)) {
        int64_t lhsRank =
            cast<RankedTensorType>(dot.getLhs().getType()).getRank();
        maskOperand(op, 0, {lhsRank - 1});
        maskOperand(op, 1, {0});
      }
    });
    if (!zeroPaddingAtReturn)
      return;
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      if (func.isDeclaration())
        continue;
      func.walk([&](func::ReturnOp ret) {
        for (unsigned i = 0, e = ret.getNumOperands(); i < e; ++i) {
          Value value = ret.getOperand(i);
          auto type = dyn_cast<RankedTensorType>(value.getType());
          auto sharding = func.getResultAttrOfType<TensorShardingAttr>(
              i, SdyDialect::kShardingAttr);
          if (!type)
            continue;
          SmallVector<int64_t> padded = getPaddedDims(sharding, type, func);
          if (padded.empty())
            continue;
          OpBuilder b(ret);
          if (Value zero = zeros(b, ret.getLoc(), type, sharding))
            ret.setOperand(
                i, mask(b, ret.getLoc(), value, sharding, padded, zero));
        }
      });
    }
  }
};

} // namespace
} // namespace mlir::sdy
