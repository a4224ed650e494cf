//===- TypesRules.cpp - rules of the element-type ops ---------------------===//
//
// As Shardy's registry: the dimensions an op computes across (the bytes of
// one element in bitcast_convert) need replication.
//
//===----------------------------------------------------------------------===//

#include "rules/TypesRules.h"

#include "rules/OpShardingRuleBuilder.h"

using namespace mlir;
using namespace mlir::sdy;

OpShardingRuleAttr
mlir::sdy::createBitcastConvertRule(stablehlo::BitcastConvertOp op) {
  ArrayRef<int64_t> inShape = getTensorShape(op.getOperand());
  ArrayRef<int64_t> outShape = getTensorShape(op.getResult());
  size_t common = std::min(inShape.size(), outShape.size());
  OpShardingRuleBuilder builder(op);
  for (size_t d = 0; d < common; ++d)
    builder.addFactor(d, d, inShape[d]);
  if (inShape.size() > common)
    builder.addFactor(inShape.size() - 1, kNullDim, inShape.back(),
                      FactorType::kNeedReplication);
  else if (outShape.size() > common)
    builder.addFactor(kNullDim, outShape.size() - 1, outShape.back(),
                      FactorType::kNeedReplication);
  return builder.build();
}

OpShardingRuleAttr mlir::sdy::createFftRule(stablehlo::FftOp op) {
  ArrayRef<int64_t> inShape = getTensorShape(op.getOperand());
  int64_t rank = inShape.size();
  int64_t first = rank - static_cast<int64_t>(op.getFftLength().size());
  bool real = op.getFftType() == stablehlo::FftType::RFFT ||
              op.getFftType() == stablehlo::FftType::IRFFT;
  OpShardingRuleBuilder builder(op);
  for (int64_t d = 0; d < rank; ++d) {
    if (d < first)
      builder.addFactor(d, d, inShape[d]);
    else
      builder.addFactor(d, d, inShape[d], FactorType::kNeedReplication,
                        /*isBlocked=*/real && d == rank - 1);
  }
  return builder.build();
}
