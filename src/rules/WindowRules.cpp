//===- WindowRules.cpp - rules of reduce_window, select_and_scatter, sort -===//
//
// As in Shardy: a window dimension that moves data (window size, stride or
// padding other than 1, 1, 0) is a permutation factor; sort's dimension needs
// replication. map has no rule.
//
//===----------------------------------------------------------------------===//

#include "rules/WindowRules.h"

#include "ir/stablehlo/StablehloDialect.h"
#include "rules/OpShardingRuleBuilder.h"

using namespace mlir;
using namespace mlir::sdy;
namespace hlo = mlir::stablehlo;

namespace {

// Whether dimension `dim` of a window is the identity: size 1, stride 1 and
// no padding. Dilations do not matter, as in Shardy.
bool isTrivialWindowDim(int64_t dim, std::optional<ArrayRef<int64_t>> window,
                        std::optional<ArrayRef<int64_t>> strides,
                        std::optional<DenseIntElementsAttr> padding) {
  auto at = [&](std::optional<ArrayRef<int64_t>> list) -> int64_t {
    return list && dim < static_cast<int64_t>(list->size()) ? (*list)[dim] : 1;
  };
  if (at(window) != 1 || at(strides) != 1)
    return false;
  if (!padding)
    return true;
  int64_t size = padding->getNumElements();
  auto values = padding->getValues<int64_t>();
  for (int64_t i : {2 * dim, 2 * dim + 1})
    if (i < size && values[i] != 0)
      return false;
  return true;
}

} // namespace

OpShardingRuleAttr
mlir::sdy::createReduceWindowRule(hlo::ReduceWindowOp op,
                                  bool conservativePropagation) {
  // One factor per dimension of the results (their size), shared by the
  // inputs; the init values are scalars.
  size_t n = op.getInputs().size();
  OpShardingRuleBuilder builder(op);
  ArrayRef<int64_t> outShape = getTensorShape(op->getResult(0));
  for (auto [d, size] : llvm::enumerate(outShape)) {
    int64_t dim = d;
    SmallVector<int64_t> operandDims(2 * n, kNullDim);
    std::fill_n(operandDims.begin(), n, dim);
    bool trivial = isTrivialWindowDim(dim, op.getWindowDimensions(),
                                      op.getWindowStrides(), op.getPadding());
    builder.addFactor(operandDims, SmallVector<int64_t>(n, dim), size,
                      trivial ? FactorType::kPassThrough
                              : FactorType::kPermutation,
                      !trivial && conservativePropagation);
  }
  return builder.build();
}

OpShardingRuleAttr
mlir::sdy::createSelectAndScatterRule(hlo::SelectAndScatterOp op,
                                      bool conservativePropagation) {
  // A trivial window dimension is shared by operand, source and result;
  // otherwise the source dimension needs replication and the operand/result
  // dimension is a permutation.
  ArrayRef<int64_t> operandShape = getTensorShape(op.getOperand());
  ArrayRef<int64_t> sourceShape = getTensorShape(op.getSource());
  OpShardingRuleBuilder builder(op);
  for (auto [d, size] : llvm::enumerate(operandShape)) {
    int64_t dim = d;
    if (isTrivialWindowDim(dim, op.getWindowDimensions(), op.getWindowStrides(),
                           op.getPadding())) {
      builder.addFactor({dim, dim, kNullDim}, {dim}, size);
      continue;
    }
    if (dim < static_cast<int64_t>(sourceShape.size()))
      builder.addFactor({kNullDim, dim, kNullDim}, {kNullDim}, sourceShape[dim],
                        FactorType::kNeedReplication, conservativePropagation);
    builder.addFactor({dim, kNullDim, kNullDim}, {dim}, size,
                      FactorType::kPermutation, conservativePropagation);
  }
  return builder.build();
}

OpShardingRuleAttr mlir::sdy::createSortRule(hlo::SortOp op) {
  // The sort dimension needs replication; when it is the only dimension
  // larger than 1, propagation along it is blocked too.
  ArrayRef<int64_t> shape = getTensorShape(op.getInputs().front());
  int64_t sortDim = op.getNormalizedDimension();
  bool onlyDim = true;
  for (auto [d, size] : llvm::enumerate(shape))
    if (static_cast<int64_t>(d) != sortDim && size != 1)
      onlyDim = false;
  OpShardingRuleBuilder builder(op);
  for (auto [d, size] : llvm::enumerate(shape)) {
    bool isSortDim = static_cast<int64_t>(d) == sortDim;
    builder.addFactor(d, d, size,
                      isSortDim ? FactorType::kNeedReplication
                                : FactorType::kPassThrough,
                      isSortDim && onlyDim);
  }
  return builder.build();
}
