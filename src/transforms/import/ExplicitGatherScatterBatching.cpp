//===- ExplicitGatherScatterBatching.cpp - -sdy-explicit-gather-scatter-batching
//
// Older JAX lowered a vmapped gather or scatter by concatenating an iota
// over the batch to the start indices. The batch then looks like an indexed
// dimension, which propagation must replicate. Rewriting the iota as a
// batching dimension pair (operand dim 0, indices dim 0) lets the batch stay
// sharded, as the real Shardy's pass of the same name does.
//
//===----------------------------------------------------------------------===//

#include "ir/stablehlo/StablehloDialect.h"
#include "transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::sdy {
#define GEN_PASS_DEF_EXPLICITGATHERSCATTERBATCHINGPASS
#include "transforms/Passes.h.inc"

namespace {

namespace shlo = mlir::stablehlo;

/// True if `value` holds 0, 1, 2, ... along dimension 0 and is the same
/// along every other dimension: an iota over dimension 0, seen through
/// broadcasts that keep that dimension and reshapes that keep its size.
bool isIotaAlongDimZero(Value value) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || type.getRank() == 0)
    return false;
  Operation *def = value.getDefiningOp();
  if (auto iota = dyn_cast_or_null<shlo::IotaOp>(def))
    return iota.getIotaDimension() == 0;
  if (auto reshape = dyn_cast_or_null<shlo::ReshapeOp>(def)) {
    // Row-major order keeps the leading index when the leading sizes agree.
    auto operandType =
        dyn_cast<RankedTensorType>(reshape.getOperand().getType());
    return operandType && operandType.getRank() > 0 &&
           operandType.getDimSize(0) == type.getDimSize(0) &&
           isIotaAlongDimZero(reshape.getOperand());
  }
  if (auto broadcast = dyn_cast_or_null<shlo::BroadcastInDimOp>(def)) {
    auto operandType =
        dyn_cast<RankedTensorType>(broadcast.getOperand().getType());
    ArrayRef<int64_t> dims = broadcast.getBroadcastDimensions();
    // The operand's dimension 0 must land on dimension 0 unexpanded; a
    // broadcast that moves the iota elsewhere is no batch index.
    return operandType && operandType.getRank() > 0 && !dims.empty() &&
           dims[0] == 0 && operandType.getDimSize(0) == type.getDimSize(0) &&
           isIotaAlongDimZero(broadcast.getOperand());
  }
  return false;
}

/// What turning one concatenated iota into a batching dimension changes.
struct BatchingRewrite {
  Value newIndices;      // the indices without the iota
  int64_t indexPosition; // the iota's place in the index vector
};

/// Finds, in `indices`, a size-1 piece of a concatenate along
/// `indexVectorDim` that is an iota over dimension 0 and indexes operand
/// dimension 0 (`indexToOperandDim[position] == 0`), where operand
/// dimension 0 is a collapsed (or inserted) window dimension of the indices'
/// batch size. Builds the indices without that piece.
std::optional<BatchingRewrite>
findIotaIndex(Value indices, int64_t indexVectorDim,
              ArrayRef<int64_t> indexToOperandDim,
              ArrayRef<int64_t> collapsedDims, int64_t operandDimZeroSize) {
  auto indicesType = dyn_cast<RankedTensorType>(indices.getType());
  if (!indicesType || indexVectorDim == 0 ||
      indexVectorDim >= indicesType.getRank() ||
      indicesType.getDimSize(0) != operandDimZeroSize ||
      !llvm::is_contained(collapsedDims, 0))
    return std::nullopt;
  auto concat = indices.getDefiningOp<shlo::ConcatenateOp>();
  if (!concat || static_cast<int64_t>(concat.getDimension()) != indexVectorDim)
    return std::nullopt;

  int64_t position = 0;
  for (auto [i, piece] : llvm::enumerate(concat.getInputs())) {
    int64_t size =
        cast<RankedTensorType>(piece.getType()).getDimSize(indexVectorDim);
    if (size == 1 && indexToOperandDim[position] == 0 &&
        isIotaAlongDimZero(piece)) {
      SmallVector<Value> rest;
      for (auto [j, other] : llvm::enumerate(concat.getInputs()))
        if (j != i)
          rest.push_back(other);
      if (rest.empty())
        return std::nullopt;
      Value newIndices = rest.front();
      if (rest.size() > 1) {
        OpBuilder builder(concat);
        newIndices = shlo::ConcatenateOp::create(builder, concat.getLoc(), rest,
                                                 indexVectorDim);
      }
      return BatchingRewrite{newIndices, position};
    }
    position += size;
  }
  return std::nullopt;
}

SmallVector<int64_t> without(ArrayRef<int64_t> values, int64_t removed) {
  SmallVector<int64_t> result;
  for (int64_t value : values)
    if (value != removed)
      result.push_back(value);
  return result;
}

SmallVector<int64_t> withoutIndex(ArrayRef<int64_t> values, int64_t index) {
  SmallVector<int64_t> result(values);
  result.erase(result.begin() + index);
  return result;
}

/// Erases `op` and then its operands' producers while they are trivially
/// dead (the concatenate and the iota the rewrite left behind).
void eraseIfDead(Operation *op) {
  if (!op || !isOpTriviallyDead(op))
    return;
  llvm::SetVector<Operation *> producers;
  for (Value operand : op->getOperands())
    if (Operation *producer = operand.getDefiningOp())
      producers.insert(producer);
  op->erase();
  for (Operation *producer : producers)
    eraseIfDead(producer);
}

/// Makes `indices` use `newIndices`, erasing what only fed the old ones.
void replaceIndices(OpOperand &indices, Value newIndices) {
  Operation *oldIndices = indices.get().getDefiningOp();
  indices.set(newIndices);
  eraseIfDead(oldIndices);
}

int64_t dimZeroSize(Value value) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  return type && type.getRank() > 0 ? type.getDimSize(0) : -1;
}

void rewriteGather(shlo::GatherOp gather) {
  shlo::GatherDimensionNumbersAttr dims = gather.getDimensionNumbers();
  if (!dims.getOperandBatchingDims().empty() ||
      !dims.getStartIndicesBatchingDims().empty())
    return;
  std::optional<BatchingRewrite> rewrite =
      findIotaIndex(gather.getStartIndices(), dims.getIndexVectorDim(),
                    dims.getStartIndexMap(), dims.getCollapsedSliceDims(),
                    dimZeroSize(gather.getOperand()));
  if (!rewrite)
    return;
  SmallVector<int64_t> zero = {0};
  gather.setDimensionNumbersAttr(shlo::GatherDimensionNumbersAttr::get(
      gather.getContext(), dims.getOffsetDims(),
      without(dims.getCollapsedSliceDims(), 0), zero, zero,
      withoutIndex(dims.getStartIndexMap(), rewrite->indexPosition),
      dims.getIndexVectorDim()));
  replaceIndices(gather.getStartIndicesMutable(), rewrite->newIndices);
  // Written out, as Shardy's rewritten op has it.
  gather.setIndicesAreSorted(gather.getIndicesAreSorted());
}

void rewriteScatter(shlo::ScatterOp scatter) {
  shlo::ScatterDimensionNumbersAttr dims = scatter.getScatterDimensionNumbers();
  if (!dims.getInputBatchingDims().empty() ||
      !dims.getScatterIndicesBatchingDims().empty() ||
      scatter.getInputs().empty())
    return;
  std::optional<BatchingRewrite> rewrite = findIotaIndex(
      scatter.getScatterIndices(), dims.getIndexVectorDim(),
      dims.getScatterDimsToOperandDims(), dims.getInsertedWindowDims(),
      dimZeroSize(scatter.getInputs().front()));
  if (!rewrite)
    return;
  SmallVector<int64_t> zero = {0};
  scatter.setScatterDimensionNumbersAttr(shlo::ScatterDimensionNumbersAttr::get(
      scatter.getContext(), dims.getUpdateWindowDims(),
      without(dims.getInsertedWindowDims(), 0), zero, zero,
      withoutIndex(dims.getScatterDimsToOperandDims(), rewrite->indexPosition),
      dims.getIndexVectorDim()));
  replaceIndices(scatter.getScatterIndicesMutable(), rewrite->newIndices);
  scatter.setIndicesAreSorted(scatter.getIndicesAreSorted());
  scatter.setUniqueIndices(scatter.getUniqueIndices());
}

struct ExplicitGatherScatterBatchingPass
    : impl::ExplicitGatherScatterBatchingPassBase<
          ExplicitGatherScatterBatchingPass> {
  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      if (isa<shlo::GatherOp, shlo::ScatterOp>(op))
        ops.push_back(op);
    });
    for (Operation *op : ops) {
      if (auto gather = dyn_cast<shlo::GatherOp>(op))
        rewriteGather(gather);
      else
        rewriteScatter(cast<shlo::ScatterOp>(op));
    }
  }
};

} // namespace
} // namespace mlir::sdy
