//===- ConvolutionRules.cpp - the sharding rule of convolution ------------===//
//
// Factors in Shardy's order: batch groups and batch; per spatial dimension
// the window factors; feature groups, input features (reduction) and output
// features. A spatial dimension of the input is treated as the output
// dimension and the kernel dimension laid out one inside the other (the
// larger one major, capped by the input size): the output part is a
// permutation factor, the kernel part a reduction factor, and size-1 parts
// are left out (with conservative propagation spatial dimensions get no
// factors). Dimensions that get no factor get one of size 1.
//
//===----------------------------------------------------------------------===//

#include "ir/stablehlo/StablehloDialect.h"
#include "rules/OpShardingRuleBuilder.h"
#include "rules/ShardingRules.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::sdy;
namespace hlo = mlir::stablehlo;

OpShardingRuleAttr
mlir::sdy::createConvolutionRule(Operation *op, bool conservativePropagation) {
  auto conv = cast<hlo::ConvolutionOp>(op);
  hlo::ConvDimensionNumbersAttr dims = conv.getDimensionNumbers();
  ArrayRef<int64_t> lhsShape = getTensorShape(conv.getLhs());
  ArrayRef<int64_t> rhsShape = getTensorShape(conv.getRhs());
  ArrayRef<int64_t> outShape = getTensorShape(conv.getType());
  OpShardingRuleBuilder builder(op);
  // Which dimension of lhs, rhs and result already has a factor.
  SmallVector<SmallVector<bool>> used = {SmallVector<bool>(lhsShape.size()),
                                         SmallVector<bool>(rhsShape.size()),
                                         SmallVector<bool>(outShape.size())};
  auto add = [&](int64_t lhsDim, int64_t rhsDim, int64_t outDim, int64_t size,
                 FactorType type = FactorType::kPassThrough) {
    int64_t at[] = {lhsDim, rhsDim, outDim};
    for (auto [tensor, dim] : llvm::zip(used, at))
      if (dim != kNullDim)
        tensor[dim] = true;
    builder.addFactor({lhsDim, rhsDim}, {outDim}, size, type);
  };

  int64_t batchGroups = conv.getBatchGroupCount();
  int64_t featureGroups = conv.getFeatureGroupCount();
  int64_t lhsBatch = dims.getInputBatchDimension();
  int64_t lhsFeature = dims.getInputFeatureDimension();
  int64_t rhsIn = dims.getKernelInputFeatureDimension();
  int64_t rhsOut = dims.getKernelOutputFeatureDimension();
  int64_t outBatch = dims.getOutputBatchDimension();
  int64_t outFeature = dims.getOutputFeatureDimension();

  if (batchGroups > 1)
    add(lhsBatch, rhsOut, outFeature, batchGroups);
  add(lhsBatch, kNullDim, outBatch, outShape[outBatch]);

  // Conservatively, spatial dimensions get no factors at all.
  for (auto [lhsDim, rhsDim, outDim] : llvm::zip(
           dims.getInputSpatialDimensions(), dims.getKernelSpatialDimensions(),
           dims.getOutputSpatialDimensions())) {
    if (conservativePropagation)
      break;
    int64_t inSize = lhsShape[lhsDim];
    int64_t windowSize = rhsShape[rhsDim];
    int64_t outSize = outShape[outDim];
    auto addOutput = [&](int64_t size) {
      if (size > 1)
        add(lhsDim, kNullDim, outDim, size, FactorType::kPermutation);
    };
    auto addWindow = [&](int64_t size) {
      if (size > 1)
        add(lhsDim, rhsDim, kNullDim, size, FactorType::kReduction);
    };
    if (outSize >= windowSize) {
      int64_t major = std::min(outSize, inSize);
      addOutput(major);
      addWindow(major > 0 ? std::min(windowSize, inSize / major) : 0);
    } else {
      int64_t major = std::min(windowSize, inSize);
      addWindow(major);
      addOutput(major > 0 ? std::min(outSize, inSize / major) : 0);
    }
  }

  if (featureGroups > 1)
    add(lhsFeature, rhsOut, outFeature, featureGroups);
  add(lhsFeature, rhsIn, kNullDim, rhsShape[rhsIn], FactorType::kReduction);
  // Unlike the other factors, a size-1 output feature factor is left out.
  if (int64_t perGroup = rhsShape[rhsOut] / (featureGroups * batchGroups);
      perGroup > 1)
    add(kNullDim, rhsOut, outFeature, perGroup);

  for (auto [tensor, flags] : llvm::enumerate(used))
    for (auto [dim, hasFactor] : llvm::enumerate(flags)) {
      if (hasFactor)
        continue;
      SmallVector<int64_t> at(3, kNullDim);
      at[tensor] = dim;
      builder.addFactor({at[0], at[1]}, {at[2]}, 1);
    }
  return builder.build();
}

SmallVector<int64_t>
mlir::sdy::getConvolutionWindowFactors(Operation *op, OpShardingRuleAttr rule) {
  auto conv = dyn_cast<hlo::ConvolutionOp>(op);
  if (!conv || !rule || rule.getNumOperands() != 2 || rule.getNumResults() != 1)
    return {};
  hlo::ConvDimensionNumbersAttr dims = conv.getDimensionNumbers();
  SmallVector<int64_t> factors;
  auto collect = [&](TensorMappingAttr mapping, ArrayRef<int64_t> spatial) {
    for (int64_t dim : spatial)
      if (dim >= 0 && dim < mapping.getRank())
        for (int64_t f : mapping.getDimMappings()[dim].getFactorIndices())
          if (!llvm::is_contained(factors, f))
            factors.push_back(f);
  };
  collect(rule.getOperandMappings()[0], dims.getInputSpatialDimensions());
  collect(rule.getOperandMappings()[1], dims.getKernelSpatialDimensions());
  collect(rule.getResultMappings()[0], dims.getOutputSpatialDimensions());
  return factors;
}
