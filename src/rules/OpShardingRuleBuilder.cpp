//===- OpShardingRuleBuilder.cpp - building OpShardingRuleAttrs -----------===//

#include "rules/OpShardingRuleBuilder.h"

#include <algorithm>

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::sdy;

ArrayRef<int64_t> mlir::sdy::getTensorShape(Type type) {
  if (auto ranked = dyn_cast<RankedTensorType>(type))
    return ranked.getShape();
  return {};
}

ArrayRef<int64_t> mlir::sdy::getTensorShape(Value value) {
  return getTensorShape(value.getType());
}

namespace {
int64_t getRank(Type type) {
  if (auto ranked = dyn_cast<RankedTensorType>(type))
    return ranked.getRank();
  return 0;
}
} // namespace

OpShardingRuleBuilder::OpShardingRuleBuilder(TypeRange operandTypes,
                                             TypeRange resultTypes,
                                             MLIRContext *context)
    : context(context) {
  for (Type type : operandTypes)
    operandMappings.emplace_back(getRank(type));
  for (Type type : resultTypes)
    resultMappings.emplace_back(getRank(type));
}

OpShardingRuleBuilder::OpShardingRuleBuilder(Operation *op)
    : OpShardingRuleBuilder(op->getOperandTypes(), op->getResultTypes(),
                            op->getContext()) {}

OpShardingRuleBuilder &OpShardingRuleBuilder::addFactor(
    ArrayRef<int64_t> operandDims, ArrayRef<int64_t> resultDims,
    int64_t factorSize, FactorType factorType, bool isBlocked) {
  assert(operandDims.size() == operandMappings.size() &&
         resultDims.size() == resultMappings.size() &&
         "one dimension per operand and result");
  int64_t factorIndex = factorSizes.size();
  factorSizes.push_back(factorSize);
  factorTypes.push_back(factorType);
  factorBlocked.push_back(isBlocked);
  auto add = [&](MutableArrayRef<TensorMapping> mappings,
                 ArrayRef<int64_t> dims) {
    for (auto [mapping, dim] : llvm::zip_equal(mappings, dims)) {
      if (dim == kNullDim)
        continue;
      assert(dim >= 0 && dim < static_cast<int64_t>(mapping.size()) &&
             "dimension out of range");
      mapping[dim].push_back(factorIndex);
    }
  };
  add(operandMappings, operandDims);
  add(resultMappings, resultDims);
  return *this;
}

OpShardingRuleBuilder &OpShardingRuleBuilder::addFactor(int64_t operandDim,
                                                        int64_t resultDim,
                                                        int64_t factorSize,
                                                        FactorType factorType,
                                                        bool isBlocked) {
  SmallVector<int64_t> operandDims(operandMappings.size(), operandDim);
  SmallVector<int64_t> resultDims(resultMappings.size(), resultDim);
  return addFactor(operandDims, resultDims, factorSize, factorType, isBlocked);
}

OpShardingRuleBuilder &OpShardingRuleBuilder::addFactor(int64_t dim,
                                                        int64_t factorSize,
                                                        FactorType factorType,
                                                        bool isBlocked) {
  auto dimIfInRange = [&](const TensorMapping &mapping) {
    return dim < static_cast<int64_t>(mapping.size()) ? dim : kNullDim;
  };
  SmallVector<int64_t> operandDims, resultDims;
  for (const TensorMapping &mapping : operandMappings)
    operandDims.push_back(dimIfInRange(mapping));
  for (const TensorMapping &mapping : resultMappings)
    resultDims.push_back(dimIfInRange(mapping));
  return addFactor(operandDims, resultDims, factorSize, factorType, isBlocked);
}

OpShardingRuleBuilder &OpShardingRuleBuilder::addPointwise(
    ArrayRef<int64_t> shape, std::function<FactorType(int64_t)> getFactorType,
    std::function<bool(int64_t)> isBlocked) {
  for (auto [dim, dimSize] : llvm::enumerate(shape))
    addFactor(dim, dimSize,
              getFactorType ? getFactorType(dim) : FactorType::kPassThrough,
              isBlocked ? isBlocked(dim) : false);
  return *this;
}

OpShardingRuleBuilder &OpShardingRuleBuilder::addPointwiseIf(
    ArrayRef<int64_t> shape, std::function<bool(int64_t)> pred,
    std::function<FactorType(int64_t)> getFactorType) {
  for (auto [dim, dimSize] : llvm::enumerate(shape))
    if (pred(dim))
      addFactor(dim, dimSize,
                getFactorType ? getFactorType(dim) : FactorType::kPassThrough);
  return *this;
}

OpShardingRuleBuilder &OpShardingRuleBuilder::addPointwiseIfDimSizesMatch(
    ArrayRef<int64_t> inShape, ArrayRef<int64_t> outShape, bool alwaysAddFactor,
    std::function<void(int64_t, OpShardingRuleBuilder &)> onMismatch) {
  for (auto [dim, sizes] :
       llvm::enumerate(llvm::zip_equal(inShape, outShape))) {
    auto [inSize, outSize] = sizes;
    if (inSize == outSize)
      addFactor(dim, inSize);
    else if (onMismatch)
      onMismatch(dim, *this);
    else if (alwaysAddFactor)
      addFactor(dim, inSize);
  }
  return *this;
}

OpShardingRuleBuilder &
OpShardingRuleBuilder::addPointwiseWithDiffTypeForMismatch(
    ArrayRef<int64_t> inShape, ArrayRef<int64_t> outShape,
    FactorType mismatchFactorType, bool mismatchFactorIsBlocked) {
  for (auto [dim, sizes] :
       llvm::enumerate(llvm::zip_equal(inShape, outShape))) {
    auto [inSize, outSize] = sizes;
    if (inSize == outSize)
      addFactor(dim, inSize);
    else
      addFactor(dim, std::max(inSize, outSize), mismatchFactorType,
                mismatchFactorIsBlocked);
  }
  return *this;
}

OpShardingRuleAttr OpShardingRuleBuilder::build(bool isCustomRule) const {
  int64_t numFactors = factorSizes.size();
  // Size-1 factors cannot be sharded; inside a compound dimension they are
  // noise (and not allowed), so they are dropped there.
  auto cleanDim = [&](const DimMapping &dim) {
    DimMapping cleaned;
    for (int64_t factor : dim)
      if (dim.size() == 1 || factorSizes[factor] != 1)
        cleaned.push_back(factor);
    // A compound dimension made only of size-1 factors keeps its first one.
    if (cleaned.empty() && !dim.empty())
      cleaned.push_back(dim.front());
    return cleaned;
  };
  auto cleanMappings = [&](ArrayRef<TensorMapping> mappings) {
    SmallVector<TensorMapping> cleaned;
    for (const TensorMapping &mapping : mappings) {
      TensorMapping &out = cleaned.emplace_back();
      for (const DimMapping &dim : mapping)
        out.push_back(cleanDim(dim));
    }
    return cleaned;
  };
  SmallVector<TensorMapping> operands = cleanMappings(operandMappings);
  SmallVector<TensorMapping> results = cleanMappings(resultMappings);

  // Renumber the factors that are still used, keeping their order.
  SmallVector<bool> used(numFactors, false);
  for (ArrayRef<TensorMapping> mappings :
       {ArrayRef(operands), ArrayRef(results)})
    for (const TensorMapping &mapping : mappings)
      for (const DimMapping &dim : mapping)
        for (int64_t factor : dim)
          used[factor] = true;
  SmallVector<int64_t> newIndex(numFactors, -1);
  SmallVector<int64_t> sizes;
  SmallVector<int64_t> reduction, needReplication, permutation, blocked;
  for (int64_t factor = 0; factor < numFactors; ++factor) {
    if (!used[factor])
      continue;
    int64_t index = sizes.size();
    newIndex[factor] = index;
    sizes.push_back(factorSizes[factor]);
    switch (factorTypes[factor]) {
    case FactorType::kReduction:
      reduction.push_back(index);
      break;
    case FactorType::kNeedReplication:
      needReplication.push_back(index);
      break;
    case FactorType::kPermutation:
      permutation.push_back(index);
      break;
    case FactorType::kPassThrough:
      break;
    }
    if (factorBlocked[factor])
      blocked.push_back(index);
  }

  auto toAttrs = [&](ArrayRef<TensorMapping> mappings) {
    SmallVector<TensorMappingAttr> attrs;
    for (const TensorMapping &mapping : mappings) {
      SmallVector<DimMappingAttr> dims;
      for (const DimMapping &dim : mapping) {
        SmallVector<int64_t> factors;
        for (int64_t factor : dim)
          factors.push_back(newIndex[factor]);
        dims.push_back(DimMappingAttr::get(context, factors));
      }
      attrs.push_back(TensorMappingAttr::get(context, dims));
    }
    return attrs;
  };
  return OpShardingRuleAttr::get(context, sizes, toAttrs(operands),
                                 toAttrs(results), reduction, needReplication,
                                 permutation, blocked, isCustomRule);
}

OpShardingRuleAttr OpShardingRuleBuilder::buildPointwise(Operation *op) {
  OpShardingRuleBuilder builder(op);
  ArrayRef<int64_t> shape = op->getNumResults() > 0
                                ? getTensorShape(op->getResult(0))
                                : getTensorShape(op->getOperand(0));
  builder.addPointwise(shape);
  return builder.build();
}
