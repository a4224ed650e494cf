//===- ChloRules.cpp - sharding rules of the chlo ops ---------------------===//
//
// The elementwise chlo ops get the pointwise rule of the elementwise
// stablehlo ops (chlo::isElementwise in the registry); top_k, ragged_dot and
// the broadcasting ops are here.
//
//===----------------------------------------------------------------------===//
#include "rules/ChloRules.h"

#include "rules/OpShardingRuleBuilder.h"

using namespace mlir;
using namespace mlir::sdy;

OpShardingRuleAttr mlir::sdy::createChloTopKRule(chlo::TopKOp op) {
  ArrayRef<int64_t> shape = getTensorShape(op.getOperand());
  if (shape.empty())
    return {};
  int64_t last = static_cast<int64_t>(shape.size()) - 1;
  OpShardingRuleBuilder builder(op);
  for (int64_t dim = 0; dim < last; ++dim)
    builder.addFactor(dim, shape[dim]);
  builder.addFactor(last, shape[last], FactorType::kNeedReplication,
                    /*isBlocked=*/true);
  return builder.build();
}

OpShardingRuleAttr mlir::sdy::createApproxTopKRule(stablehlo::CustomCallOp op) {
  if (op.getCallTargetName() != "ApproxTopK")
    return {};
  auto config = op->getAttrOfType<DictionaryAttr>("mhlo.backend_config");
  auto dimAttr =
      config ? config.getAs<IntegerAttr>("reduction_dim") : IntegerAttr();
  int64_t n = op->getNumResults();
  if (!dimAttr || n == 0 || op->getNumOperands() != 2 * n)
    return {};
  ArrayRef<int64_t> inShape = getTensorShape(op->getOperand(0));
  ArrayRef<int64_t> outShape = getTensorShape(op->getResult(0));
  int64_t rank = inShape.size(), dim = dimAttr.getInt();
  if (dim < 0 || dim >= rank || outShape.size() != inShape.size())
    return {};
  OpShardingRuleBuilder builder(op);
  auto at = [&](int64_t d, bool inputs, bool results) {
    SmallVector<int64_t> operandDims(2 * n, kNullDim), resultDims(n, kNullDim);
    for (int64_t i = 0; i < n; ++i) {
      if (inputs)
        operandDims[i] = d;
      if (results)
        resultDims[i] = d;
    }
    return std::make_pair(operandDims, resultDims);
  };
  for (int64_t d = 0; d < rank; ++d) {
    if (d == dim) {
      auto [inDims, none] = at(d, true, false);
      builder.addFactor(inDims, none, inShape[d], FactorType::kNeedReplication);
      auto [noOperands, outDims] = at(d, false, true);
      builder.addFactor(noOperands, outDims, outShape[d],
                        FactorType::kNeedReplication, /*isBlocked=*/true);
    } else {
      auto [inDims, outDims] = at(d, true, true);
      builder.addFactor(inDims, outDims, inShape[d]);
    }
  }
  return builder.build();
}

OpShardingRuleAttr mlir::sdy::createChloBroadcastRule(Operation *op) {
  SmallVector<SmallVector<int64_t>> dims;
  SmallVector<int64_t> shape;
  std::string error;
  if (failed(chlo::getBroadcastDims(op, dims, shape, error)))
    return {};
  int64_t numOperands = op->getNumOperands();
  OpShardingRuleBuilder builder(op);
  for (auto [resultDim, size] : llvm::enumerate(shape)) {
    SmallVector<int64_t> operandDims(numOperands, kNullDim);
    for (int64_t i = 0; i < numOperands; ++i) {
      ArrayRef<int64_t> operandShape = getTensorShape(op->getOperand(i));
      for (auto [d, r] : llvm::enumerate(dims[i])) {
        if (r != static_cast<int64_t>(resultDim))
          continue;
        if (operandShape[d] == size) {
          operandDims[i] = d;
        } else {
          SmallVector<int64_t> own(numOperands, kNullDim);
          own[i] = d;
          builder.addFactor(own, {kNullDim}, operandShape[d]);
        }
      }
    }
    builder.addFactor(operandDims, {static_cast<int64_t>(resultDim)}, size);
  }
  return builder.build();
}

OpShardingRuleAttr mlir::sdy::createChloRaggedDotRule(chlo::RaggedDotOp op) {
  chlo::RaggedDotDimensionNumbersAttr dims = op.getRaggedDotDimensionNumbers();
  ArrayRef<int64_t> lhsShape = getTensorShape(op.getLhs());
  ArrayRef<int64_t> rhsShape = getTensorShape(op.getRhs());
  ArrayRef<int64_t> groupShape = getTensorShape(op.getGroupSizes());
  ArrayRef<int64_t> lhsBatch = dims.getLhsBatchingDimensions();
  ArrayRef<int64_t> rhsBatch = dims.getRhsBatchingDimensions();
  ArrayRef<int64_t> lhsContract = dims.getLhsContractingDimensions();
  ArrayRef<int64_t> rhsContract = dims.getRhsContractingDimensions();
  ArrayRef<int64_t> rhsGroup = dims.getRhsGroupDimensions();
  if (groupShape.size() != 1 || dims.getLhsRaggedDimensions().size() != 1 ||
      lhsBatch.size() != rhsBatch.size() ||
      lhsContract.size() != rhsContract.size())
    return {};
  int64_t ragged = dims.getLhsRaggedDimensions().front();
  chlo::RaggedDotMode mode = chlo::getRaggedDotMode(dims);
  auto kindOf = [&](int64_t lhsDim, FactorType otherwise) {
    return lhsDim == ragged ? FactorType::kNeedReplication : otherwise;
  };
  OpShardingRuleBuilder builder(op);
  int64_t outDim = 0;
  if (mode == chlo::RaggedDotMode::kContracting)
    builder.addFactor({kNullDim, kNullDim, 0}, {outDim++}, groupShape[0],
                      FactorType::kNeedReplication, /*isBlocked=*/true);
  for (auto [l, r] : llvm::zip_equal(lhsBatch, rhsBatch))
    builder.addFactor({l, r, kNullDim}, {outDim++}, lhsShape[l],
                      kindOf(l, FactorType::kPassThrough), l == ragged);
  for (int64_t l :
       chlo::getRaggedDotFreeDims(lhsShape.size(), lhsBatch, lhsContract, {}))
    builder.addFactor({l, kNullDim, kNullDim}, {outDim++}, lhsShape[l],
                      kindOf(l, FactorType::kPassThrough), l == ragged);
  for (int64_t r : chlo::getRaggedDotFreeDims(rhsShape.size(), rhsBatch,
                                              rhsContract, rhsGroup))
    builder.addFactor({kNullDim, r, kNullDim}, {outDim++}, rhsShape[r]);
  for (auto [l, r] : llvm::zip_equal(lhsContract, rhsContract))
    builder.addFactor({l, r, kNullDim}, {kNullDim}, lhsShape[l],
                      kindOf(l, FactorType::kReduction), l == ragged);
  if (mode == chlo::RaggedDotMode::kNonContracting)
    builder.addFactor({kNullDim, rhsGroup.front(), 0}, {kNullDim},
                      groupShape[0], FactorType::kNeedReplication,
                      /*isBlocked=*/true);
  else if (mode == chlo::RaggedDotMode::kBatch)
    builder.addFactor({kNullDim, kNullDim, 0}, {kNullDim}, groupShape[0],
                      FactorType::kNeedReplication, /*isBlocked=*/true);
  return builder.build();
}
