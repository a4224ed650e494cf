//===- LocalConvolution.cpp - convolution on local shards -----------------===//

#include "transforms/partition/LocalConvolution.h"

#include "ir/stablehlo/StablehloDialect.h"

#include "mlir/IR/Builders.h"

namespace mlir::sdy {

LogicalResult localizeConvolution(Operation *op) {
  auto conv = dyn_cast<stablehlo::ConvolutionOp>(op);
  if (!conv)
    return success();
  auto lhs = cast<RankedTensorType>(conv.getLhs().getType());
  auto rhs = cast<RankedTensorType>(conv.getRhs().getType());
  auto result = cast<RankedTensorType>(conv.getType());
  stablehlo::ConvDimensionNumbersAttr dims = conv.getDimensionNumbers();
  // The input features are [feature groups, kernel input features] and the
  // input batch [batch groups, output batch]; the local sizes give the local
  // group counts.
  int64_t kernelIn = rhs.getDimSize(dims.getKernelInputFeatureDimension());
  int64_t outBatch = result.getDimSize(dims.getOutputBatchDimension());
  int64_t inFeatures = lhs.getDimSize(dims.getInputFeatureDimension());
  int64_t inBatch = lhs.getDimSize(dims.getInputBatchDimension());
  if (kernelIn == 0 || outBatch == 0 || inFeatures % kernelIn != 0 ||
      inBatch % outBatch != 0)
    return conv.emitOpError() << "local shards do not split into whole groups";
  Builder b(op->getContext());
  if (inFeatures / kernelIn != conv.getFeatureGroupCount())
    conv.setFeatureGroupCountAttr(b.getI64IntegerAttr(inFeatures / kernelIn));
  if (inBatch / outBatch != conv.getBatchGroupCount())
    conv.setBatchGroupCountAttr(b.getI64IntegerAttr(inBatch / outBatch));
  if (failed(conv.verify()))
    return conv.emitOpError()
           << "is sharded along a spatial dimension, which the partitioner "
              "does not support";
  return success();
}

} // namespace mlir::sdy
