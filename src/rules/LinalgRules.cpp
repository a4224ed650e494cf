//===- LinalgRules.cpp - rules of linear algebra, RNG, batch norm ---------===//
//
// As Shardy: batch dimensions pass through; the matrix dimensions of
// cholesky and triangular_solve need replication (each matrix is computed
// whole); the rng_bit_generator state is replicated and blocks propagation
// while its output dimensions are free; batch_norm_inference is pointwise
// with the feature vectors on the feature dimension. batch_norm_training,
// batch_norm_grad and rng have no rule, as in Shardy.
//
//===----------------------------------------------------------------------===//

#include "rules/LinalgRules.h"

#include "rules/OpShardingRuleBuilder.h"

using namespace mlir;
using namespace mlir::sdy;
namespace hlo = mlir::stablehlo;

OpShardingRuleAttr mlir::sdy::createCholeskyRule(hlo::CholeskyOp op) {
  int64_t rank = op.getA().getType().getRank();
  return OpShardingRuleBuilder(op)
      .addPointwise(getTensorShape(op.getA()),
                    [&](int64_t dim) {
                      return dim >= rank - 2 ? FactorType::kNeedReplication
                                             : FactorType::kPassThrough;
                    })
      .build();
}

/// Batch factors first, then one factor per matrix dimension of b (in
/// order), then a's remaining dimension.
OpShardingRuleAttr
mlir::sdy::createTriangularSolveRule(hlo::TriangularSolveOp op) {
  auto aType = op.getA().getType();
  auto bType = op.getB().getType();
  int64_t rank = aType.getRank();
  int64_t rows = rank - 2, cols = rank - 1;
  bool noTranspose = op.getTransposeA() == hlo::Transpose::NO_TRANSPOSE;
  OpShardingRuleBuilder builder(op);
  builder.addPointwiseIf(aType.getShape(),
                         [&](int64_t dim) { return dim < rows; });
  // b's dimension that op(a) multiplies (rows on the left side), and a's
  // dimension matched with it; a's other dimension becomes that dimension
  // of the result.
  bool leftSide = op.getLeftSide();
  int64_t bMatched = leftSide ? rows : cols;
  int64_t aMatched = leftSide == noTranspose ? rows : cols;
  int64_t aOther = aMatched == rows ? cols : rows;
  for (int64_t dim : {rows, cols}) {
    if (dim == bMatched)
      builder.addFactor({aMatched, dim}, {kNullDim}, bType.getDimSize(dim),
                        FactorType::kNeedReplication);
    else
      builder.addFactor({kNullDim, dim}, {dim}, bType.getDimSize(dim),
                        FactorType::kNeedReplication);
  }
  builder.addFactor({aOther, kNullDim}, {bMatched}, aType.getDimSize(aOther),
                    FactorType::kNeedReplication);
  return builder.build();
}

OpShardingRuleAttr
mlir::sdy::createRngBitGeneratorRule(hlo::RngBitGeneratorOp op) {
  OpShardingRuleBuilder builder(op);
  builder.addFactor({0}, {0, kNullDim},
                    op.getInitialState().getType().getDimSize(0),
                    FactorType::kNeedReplication, /*isBlocked=*/true);
  for (auto [dim, size] : llvm::enumerate(op.getOutput().getType().getShape()))
    builder.addFactor({kNullDim}, {kNullDim, static_cast<int64_t>(dim)}, size);
  return builder.build();
}

OpShardingRuleAttr
mlir::sdy::createBatchNormInferenceRule(hlo::BatchNormInferenceOp op) {
  int64_t featureIndex = op.getFeatureIndex();
  OpShardingRuleBuilder builder(op);
  for (auto [dim, size] :
       llvm::enumerate(op.getOperand().getType().getShape())) {
    int64_t d = static_cast<int64_t>(dim);
    int64_t featureDim = d == featureIndex ? 0 : kNullDim;
    builder.addFactor({d, featureDim, featureDim, featureDim, featureDim}, {d},
                      size);
  }
  return builder.build();
}
